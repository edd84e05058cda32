"""The desktop's log file (``lvtu.log`` in the data folder), with secrets masked."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from engine import RedactingFilter, add_secret


class SecretFilter(RedactingFilter):
    """`engine.redaction.RedactingFilter` that also registers the API key in use
    (``LVTU_API_KEY``, set from Settings) as a secret, so it never reaches the log even if some
    message or traceback quotes it; URL user-info, Authorization headers and bearer tokens are
    masked whatever their value."""

    def filter(self, record: logging.LogRecord) -> bool:
        add_secret(os.environ.get("LVTU_API_KEY", ""))
        return super().filter(record)


def setup_logging(path: Path, level: int = logging.INFO) -> logging.Handler:
    """Log to `path` (appending, UTF-8) from the root logger; returns the handler."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(SecretFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(min(root.level or level, level))
    return handler
