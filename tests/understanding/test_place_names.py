"""The place-name table (bench/place_names.json): famous, nicknamed and ambiguous names resolve
to the place a traveller means, on the curated knowledge base."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
#: Share of the table that must resolve right (the bench prints the figure and the misses).
TARGET = 0.98


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("place_names", ROOT / "bench" / "place_names.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_table_is_large_and_varied() -> None:
    rows = _bench().load_rows()
    assert len(rows) >= 100
    assert sum(str(r["said"]).isascii() for r in rows) >= 30  # English and pinyin names
    assert sum(bool(r.get("must_see")) for r in rows) >= 50  # famous sights
    assert sum(r.get("destination") is None for r in rows) >= 10  # real places we cannot plan
    assert sum(bool(r.get("text")) for r in rows) >= 8  # names read in context


def test_place_names_resolve_as_the_table_says() -> None:
    rate, outcomes = _bench().evaluate()
    misses = [f"{o.said} ({o.text}): {o.got}" for o in outcomes if not o.ok]
    assert rate >= TARGET, f"{rate:.1%} resolved; misses:\n" + "\n".join(misses)
