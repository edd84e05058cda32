"""Settings: presets fill the endpoint, the API key goes to the keyring or, without one, is kept
for this session only (and the view says so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import keyring
import keyring.backend
import pytest

from desktop.preferences import Preferences, load_api_key
from desktop.views.settings import SettingsView


class MemoryKeyring(keyring.backend.KeyringBackend):
    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.store.pop((service, username), None)


@pytest.fixture
def view(qtbot: Any, lvtu_home: Path, monkeypatch: pytest.MonkeyPatch) -> SettingsView:
    for name in ("LVTU_PROVIDER", "LVTU_BASE_URL", "LVTU_MODEL", "LVTU_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    widget = SettingsView(Preferences(lvtu_home))
    qtbot.addWidget(widget)
    return widget


def _choose(view: SettingsView, provider: str) -> None:
    view.provider.setCurrentIndex(view.provider.findData(provider))


def test_key_goes_to_the_keyring(view: SettingsView, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    try:
        _choose(view, "deepseek")
        assert view.base_url.placeholderText() == "https://api.deepseek.com/v1"
        view.api_key.setText("sk-test")
        view.save_model_settings()
        assert backend.store == {("lvtu", "deepseek"): "sk-test"}
        assert "keyring" in view.key_note.text() and "session" not in view.key_note.text()
        assert Preferences(view._prefs.path.parent).get("provider") == "deepseek"
        import os

        assert os.environ["LVTU_PROVIDER"] == "deepseek" and os.environ["LVTU_API_KEY"] == "sk-test"
    finally:
        keyring.set_keyring(previous)


def test_without_a_keyring_the_key_lives_for_this_session(view: SettingsView) -> None:
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        _choose(view, "qwen")
        view.api_key.setText("sk-session")
        view.save_model_settings()
        assert "only for this session" in view.key_note.text()
        assert load_api_key("qwen") == "sk-session"
    finally:
        keyring.set_keyring(previous)


def test_data_folder_and_packs_are_shown(view: SettingsView, lvtu_home: Path) -> None:
    assert view.folder.text() == str(lvtu_home)
    assert view.packs.count() >= 1


def test_the_log_never_holds_the_api_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import logging

    from desktop.logs import setup_logging

    secret = "sk-never-in-the-log-42"
    monkeypatch.setenv("LVTU_API_KEY", secret)
    handler = setup_logging(tmp_path / "lvtu.log")
    try:
        log = logging.getLogger("lvtu.test")
        log.warning("calling %s with key %s", "https://api.example", secret)
        try:
            raise RuntimeError(f"401 for key {secret}")
        except RuntimeError:
            log.exception("request failed")
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    text = (tmp_path / "lvtu.log").read_text(encoding="utf-8")
    assert "https://api.example" in text and "401 for key ***" in text
    assert secret not in text


def test_imported_packs_are_listed_with_their_licences(
    qtbot: Any, lvtu_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import dataclass

    from desktop import engine_port

    @dataclass
    class Info:  # the shape of engine.knowledge.packs.PackInfo that Settings reads
        name: str
        title: str
        licence: str
        attribution: str

    installed = [
        Info("chinatravel", "ChinaTravel sandbox", "CC BY-NC-SA 4.0", "ChinaTravel authors")
    ]
    monkeypatch.setattr(engine_port, "installed_packs", lambda: installed)
    widget = SettingsView(Preferences(lvtu_home))
    qtbot.addWidget(widget)
    assert [widget.packs.item(i).text() for i in range(widget.packs.count())] == [
        "ChinaTravel sandbox — CC BY-NC-SA 4.0"
    ]
    assert widget.packs.item(0).toolTip() == "<qt>ChinaTravel authors</qt>"  # (escaped rich text)
