"""Desktop preferences (an INI file in the data folder) and the API key in the OS keyring."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QSettings

log = logging.getLogger(__name__)
KEYRING_SERVICE = "lvtu"
_session_keys: dict[str, str] = {}


class Preferences:
    """``desktop.ini`` in the data folder: language, theme, provider, base URL, model."""

    DEFAULTS: ClassVar[dict[str, str]] = {
        "language": "system",
        "theme": "system",
        "provider": "offline",
        "base_url": "",
        "model": "",
    }

    def __init__(self, folder: Path) -> None:
        self.path = folder / "desktop.ini"
        self._settings = QSettings(str(self.path), QSettings.Format.IniFormat)

    def get(self, key: str) -> str:
        return str(self._settings.value(key, self.DEFAULTS.get(key, "")))

    def has(self, key: str) -> bool:
        return bool(self._settings.contains(key))

    def set(self, key: str, value: str) -> None:
        self._settings.setValue(key, value)
        self._settings.sync()


def store_api_key(provider: str, key: str) -> bool:
    """Save `key` for `provider` in the OS keyring.

    Returns:
        True when stored in the keyring; False when no keyring backend works, in which case the
        key is kept in memory for this session only (the settings view says so).
    """
    try:
        import keyring
        import keyring.errors

        if key:
            keyring.set_password(KEYRING_SERVICE, provider, key)
        else:
            try:
                keyring.delete_password(KEYRING_SERVICE, provider)
            except keyring.errors.PasswordDeleteError:
                pass
        _session_keys.pop(provider, None)
        return True
    except Exception as exc:  # NoKeyringError, a locked or broken backend
        log.info("no usable keyring (%s); keeping the API key for this session", type(exc).__name__)
        _session_keys[provider] = key
        return False


def load_api_key(provider: str) -> str:
    """The stored key for `provider` ('' when none)."""
    if provider in _session_keys:
        return _session_keys[provider]
    try:
        import keyring

        return keyring.get_password(KEYRING_SERVICE, provider) or ""
    except Exception:
        return ""
