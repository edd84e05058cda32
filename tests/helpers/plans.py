"""Whole plans on the curated knowledge base, for planning tests that judge plans by content."""

from __future__ import annotations

import datetime as dt
from functools import cache

from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.planning import plan_trip

KB = load_curated()
#: The first day of most test trips: a Saturday (museums open, no Monday closures on day 1).
SATURDAY = dt.date(2026, 12, 5)


@cache
def plan(**fields: object) -> Itinerary:
    """The plan of a `TripRequest` made of `fields` (default: from 上海, starting `SATURDAY`),
    planned once per distinct request: every field must be hashable (tuples, frozen models)."""
    base: dict[str, object] = {"start_date": SATURDAY, "departure": "shanghai"}
    base.update(fields)
    return plan_trip(TripRequest(**base), KB)  # type: ignore[arg-type]
