"""Measure request parsing on TravelEval-style queries (start_city, target_city, days, people…)."""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.knowledge.base import KnowledgeBase
from engine.understanding.parser import parse_request

FIELDS = ("start_city", "target_city", "days", "people_number", "people_composition", "budget")
TEXTS = {"zh": "nature_language", "en": "nature_language_en"}


@dataclass
class FieldScore:
    """Per-field accuracy of one language, with failing examples (uid, expected, got)."""

    lang: str
    total: int = 0
    correct: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIELDS, 0))
    failures: dict[str, list[tuple[str, Any, Any]]] = field(
        default_factory=lambda: {f: [] for f in FIELDS}
    )
    seconds: float = 0.0

    def accuracy(self, name: str) -> float:
        return self.correct[name] / self.total if self.total else 0.0


def load_queries(path: Path) -> list[dict[str, Any]]:
    """The ``queries`` list of a TravelEval JSON file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return list(data["queries"] if isinstance(data, dict) else data)


def observed(
    query: dict[str, Any], lang: str, kb: KnowledgeBase | None, today: dt.date
) -> dict[str, Any]:
    """The parser's values for the evaluated fields of one query's text in `lang`."""
    result = parse_request(query[TEXTS[lang]], kb, today=today)
    draft = result.draft
    return {
        "start_city": result.departure.name_zh if result.departure else None,
        "target_city": result.destinations[0].name_zh if result.destinations else None,
        "days": draft.days,
        "people_number": sum(draft.party) if draft.party else None,
        "people_composition": dict(zip(("adults", "children", "seniors"), draft.party, strict=True))
        if draft.party
        else None,
        "budget": draft.budget_cny,
    }


def evaluate(queries: Iterable[dict[str, Any]], lang: str, kb: KnowledgeBase | None,
             today: dt.date = dt.date(2024, 10, 1)) -> FieldScore:  # fmt: skip
    """Per-field accuracy of parsing every query's `lang` text against its structured truth."""
    score = FieldScore(lang)
    for query in queries:
        start = time.perf_counter()
        got = observed(query, lang, kb, today)
        score.seconds += time.perf_counter() - start
        score.total += 1
        for name in FIELDS:
            if got[name] == query.get(name):
                score.correct[name] += 1
            else:
                score.failures[name].append((str(query.get("uid")), query.get(name), got[name]))
    return score
