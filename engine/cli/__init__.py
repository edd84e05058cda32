"""The `lvtu` command line."""
