"""Where things live on disk: bundled resources and the user's data directory."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "lvtu"


def resources_dir() -> Path:
    """The bundled `resources/` folder (knowledge base, icons, translations).

    Looked up, in order: ``LVTU_RESOURCES``; PyInstaller's bundle (``sys._MEIPASS``); the
    checkout next to the `engine` package.
    """
    env = os.environ.get("LVTU_RESOURCES")
    if env:
        return Path(env)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def knowledge_dir() -> Path:
    """The curated knowledge base: ``resources/knowledge``."""
    return resources_dir() / "knowledge"


def data_home() -> Path:
    """The user's data directory (database, logs, data packs); created if missing.

    ``LVTU_HOME`` overrides the platform's user data directory (platformdirs), for tests and
    portable installs.
    """
    env = os.environ.get("LVTU_HOME")
    path = Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_path() -> Path:
    """The log file, inside `data_home()`."""
    return data_home() / "lvtu.log"
