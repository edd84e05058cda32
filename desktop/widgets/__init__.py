"""Reusable widgets: timeline, map palette, badges, guide browser, chips, request form."""
