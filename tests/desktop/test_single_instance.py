"""Single instance: a second launch reaches the first and asks it to come forward."""

from __future__ import annotations

import sys
import uuid
from typing import Any

import pytest

from desktop.single_instance import SingleInstance, may_be_running, notify_running, server_name


def test_second_launch_raises_the_first(qtbot: Any) -> None:
    name = f"lvtu-test-{uuid.uuid4().hex[:8]}"
    assert not may_be_running(name) or sys.platform == "win32"  # then QtNetwork is not loaded
    first = SingleInstance(name)
    assert first.listen()
    assert may_be_running(name)
    try:
        with qtbot.waitSignal(first.activated, timeout=5000):
            assert notify_running(name)
    finally:
        first.close()
    assert not notify_running(name, timeout_ms=100)


def test_names_differ_per_data_folder() -> None:
    assert server_name("/a") != server_name("/b")
    assert server_name("/a") == server_name("/a")


def test_user_name_is_getpass_s(monkeypatch: pytest.MonkeyPatch) -> None:
    import getpass

    from desktop.single_instance import user_name

    assert user_name() == getpass.getuser()
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("USERNAME", "lvtu-tester")
    assert user_name() == getpass.getuser() == "lvtu-tester"
