"""Shared fixtures: an isolated LVTU_HOME per test, the shared reference data path."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SHARED_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"


@pytest.fixture(autouse=True)
def lvtu_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own data directory (database, logs)."""
    home = tmp_path / "lvtu-home"
    monkeypatch.setenv("LVTU_HOME", str(home))
    yield home
    from engine.storage.db import close_all

    close_all()


@pytest.fixture
def shared_data() -> Path:
    """`../shared/data`, or skip when absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"reference data absent: {SHARED_DATA.resolve()}")
    return SHARED_DATA
