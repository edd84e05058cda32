"""Single instance: a second launch reaches the first and asks it to come forward."""

from __future__ import annotations

import uuid
from typing import Any

from desktop.single_instance import SingleInstance, notify_running, server_name


def test_second_launch_raises_the_first(qtbot: Any) -> None:
    name = f"lvtu-test-{uuid.uuid4().hex[:8]}"
    first = SingleInstance(name)
    assert first.listen()
    try:
        with qtbot.waitSignal(first.activated, timeout=5000):
            assert notify_running(name)
    finally:
        first.close()
    assert not notify_running(name, timeout_ms=100)


def test_names_differ_per_data_folder() -> None:
    assert server_name("/a") != server_name("/b")
    assert server_name("/a") == server_name("/a")
