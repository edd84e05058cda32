"""Lvtu 旅途 engine: everything that is not Qt.

Hosts use what this module exports; everything else is internal and may move.
"""

__version__ = "0.1.0"
