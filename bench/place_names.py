"""Place-name resolution rate on the team's table of names (bench/place_names.json).

Each row is a name a traveller may type — a nickname (魔都), an old romanisation (Peking), a
famous sight (鼓浪屿, "the Great Wall"), an ambiguous name (普陀, 鼓楼, 中山) — with what it must
resolve to. A row passes when `parse_request` on its request text gives the expected covered
destination first (and the expected must-see POI), or, for a real place we cannot plan, the
expected official name and province; and the expected departure when one is given.

Run: PYTHONPATH=. python bench/place_names.py [--quiet]
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import parse_request

TABLE = Path(__file__).with_name("place_names.json")
TODAY = dt.date(2026, 12, 1)


@dataclass(frozen=True)
class Outcome:
    """One row's result: `ok`, and what the parser gave when not (for the list of misses)."""

    said: str
    text: str
    ok: bool
    got: str


def load_rows(path: Path = TABLE) -> list[dict[str, Any]]:
    """The table's rows (see the file's ``fields``)."""
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["rows"]
    return rows


def request_text(row: dict[str, Any]) -> str:
    """The row's request: its ``text``, else 去{said}玩两天 (or "Visit {said} for 2 days")."""
    if row.get("text"):
        return str(row["text"])
    said = str(row["said"])
    return f"Visit {said} for 2 days" if said.isascii() else f"去{said}玩两天"


def check(row: dict[str, Any], kb: KnowledgeBase) -> Outcome:
    """Parse the row's request and compare with what the row expects."""
    text = request_text(row)
    result = parse_request(text, kb, today=TODAY)
    first = result.destinations[0] if result.destinations else None
    request = result.request
    got = _describe(result)
    ok = True
    if row.get("destination"):
        ok = request is not None and request.destinations[:1] == (row["destination"],)
        expected = row.get("must_see")
        if ok and expected:
            wanted = [expected] if isinstance(expected, str) else list(expected)
            ok = request is not None and any(poi in request.must_see for poi in wanted)
    else:
        ok = (
            request is None
            and first is not None
            and first.full_name_zh == row.get("place")
            and first.province == row.get("province")
        )
    if row.get("departure"):
        ok = (
            ok
            and result.departure is not None
            and result.departure.full_name_zh == row["departure"]
        )
    return Outcome(str(row["said"]), text, ok, got)


def _describe(result: Any) -> str:
    request = result.request
    places = ", ".join(f"{p.full_name_zh}@{p.province}" for p in result.destinations) or "-"
    departure = result.departure.full_name_zh if result.departure is not None else "-"
    if request is None:
        codes = ",".join(p.code for p in result.problems)
        return f"no request ({codes}); places {places}; from {departure}"
    return (
        f"{list(request.destinations)} must_see={list(request.must_see)}; "
        f"places {places}; from {departure}"
    )


def evaluate(kb: KnowledgeBase | None = None) -> tuple[float, list[Outcome]]:
    """(share of rows resolved right, every outcome)."""
    kb = kb or default_knowledge()
    outcomes = [check(row, kb) for row in load_rows()]
    return sum(o.ok for o in outcomes) / len(outcomes), outcomes


def main() -> None:
    rate, outcomes = evaluate()
    misses = [o for o in outcomes if not o.ok]
    print(f"place names: {len(outcomes) - len(misses)}/{len(outcomes)} resolved = {rate:.1%}")
    if "--quiet" not in sys.argv:
        for miss in misses:
            print(f"  MISS {miss.said!r} ({miss.text}): {miss.got}")


if __name__ == "__main__":
    main()
