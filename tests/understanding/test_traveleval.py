"""Accuracy on the 200 TravelEval-easy queries, per field, for the zh and the en texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.understanding.evaluation import FIELDS, evaluate, load_queries
from tests.helpers.tiny_kb import tiny_kb

QUERIES = (
    Path(__file__).resolve().parents[2]
    / ".."
    / "shared"
    / "data"
    / "queries"
    / "traveleval-easy.json"
)


@pytest.fixture(scope="module")
def queries() -> list[dict[str, object]]:
    if not QUERIES.exists():
        pytest.skip(f"TravelEval queries absent ({QUERIES})")
    return load_queries(QUERIES)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_field_is_at_least_95_percent_right(
    queries: list[dict[str, object]], lang: str
) -> None:
    score = evaluate(queries, lang, tiny_kb())
    assert score.total == len(queries) >= 100
    for name in FIELDS:
        assert score.accuracy(name) >= 0.95, (name, score.failures[name][:5])
