"""Shared fixtures: an isolated LVTU_HOME per test, the shared reference data path."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
#: The solver stops after a number of iterations, not a wall-clock budget, in tests (and in the
#: CLI and worker processes they start): the same request gives the same plan on a loaded
#: machine as on a quiet one (`engine.planning.search_budget`; 1 000 per second of budget is
#: a quarter to a half of what a seed does on an idle core). ``LVTU_SOLVER_ITERATIONS=`` (empty)
#: runs the tests on the time budget instead.
os.environ.setdefault("LVTU_SOLVER_ITERATIONS", "1000")

SHARED_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"


#: Model settings: no test sees the developer's, and none leaks its own to the next test.
MODEL_VARIABLES = ("LVTU_PROVIDER", "LVTU_BASE_URL", "LVTU_API_KEY", "LVTU_MODEL")


@pytest.fixture(autouse=True)
def lvtu_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own data directory (database, logs) and no model settings; every
    ``LVTU_*`` variable is as before afterwards (code under test may set them directly, as the
    desktop's Settings do)."""
    saved = {k: v for k, v in os.environ.items() if k.startswith("LVTU_")}
    for name in MODEL_VARIABLES:
        os.environ.pop(name, None)
    home = tmp_path / "lvtu-home"
    monkeypatch.setenv("LVTU_HOME", str(home))
    yield home
    from engine.storage.db import close_all

    close_all()
    for name in [k for k in os.environ if k.startswith("LVTU_")]:
        del os.environ[name]
    os.environ.update(saved)


@pytest.fixture
def shared_data() -> Path:
    """`../shared/data`, or skip when absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"reference data absent: {SHARED_DATA.resolve()}")
    return SHARED_DATA
