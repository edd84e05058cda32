"""The desktop's log file (``lvtu.log`` in the data folder), with the API key masked."""

from __future__ import annotations

import logging
import os
from pathlib import Path

MASK = "***"


class SecretFilter(logging.Filter):
    """Masks the API key in use (``LVTU_API_KEY``, set from Settings) in every record, so it
    never reaches the log even if some message or traceback quotes it."""

    def filter(self, record: logging.LogRecord) -> bool:
        key = os.environ.get("LVTU_API_KEY", "")
        if len(key) >= 4:
            message = record.getMessage()
            if key in message:
                record.msg, record.args = message.replace(key, MASK), ()
            if record.exc_info and not record.exc_text:
                record.exc_text = logging.Formatter().formatException(record.exc_info)
            if record.exc_text and key in record.exc_text:
                record.exc_text = record.exc_text.replace(key, MASK)
        return True


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
