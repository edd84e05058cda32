"""Plans to edit: a real 上海 → 黄山 plan (2 days, the real planner and knowledge base), made
once; a stored 3-day 杭州 plan with full days."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.planning import plan_trip
from engine.planning.validator import validate

#: A Saturday in December (off season; 黄山's winter closures apply).
START = dt.date(2026, 12, 5)


@pytest.fixture
def agent(tmp_path: Path) -> Iterator[Agent]:
    """An offline Agent with its own database in `tmp_path`, today 2026-12-01 (follow-ups
    replayed as `lvtu revise` takes them)."""
    made = Agent(working_directory=tmp_path, database=tmp_path / "a.db", today=dt.date(2026, 12, 1))
    yield made
    made.close()


@pytest.fixture(scope="session")
def kb() -> KnowledgeBase:
    return default_knowledge()


@pytest.fixture(scope="session")
def huangshan(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(
        departure="shanghai", destinations=("huangshan",), days=2, start_date=START,
        party=Party(adults=1), must_see=("huangshan-scenic-area", "huangshan-tunxi-old-street"),
        lang="zh",
    )  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
    assert plan.feasibility is not None and plan.feasibility.passed
    return plan.model_copy(update={"id": 1})


#: A 3-day 杭州 plan at a normal pace (上海 → 杭州 from 2026-12-05, one adult) as the real
#: planner made it, stored: the time-limited solver's plan varies from run to run, and these
#: tests need days as full as these (regenerate with `tests.editing.data.make_hangzhou` when the
#: itinerary's schema or the planner changes; last made 2026-12-02, with 三潭印月 by boat).
PLAN = Path(__file__).parent / "data" / "hangzhou-3-days.json"


@pytest.fixture(scope="session")
def hangzhou(kb: KnowledgeBase) -> Itinerary:
    plan = Itinerary.model_validate_json(PLAN.read_text(encoding="utf-8"))
    assert plan.feasibility is not None and plan.feasibility.passed
    assert validate(plan, kb).passed  # still a sound plan for today's knowledge base
    return plan


def stops(itinerary: Itinerary, day: int) -> list[str]:
    """POI ids of a day's sights and meals at restaurants, in order."""
    return [
        i.poi_id or ""
        for i in itinerary.days[day - 1].items
        if i.kind == ItemKind.ATTRACTION or (i.kind == ItemKind.MEAL and i.meal != "breakfast")
    ]


def legs(itinerary: Itinerary) -> list[tuple[str, str, str]]:
    """(name, start, end) of every intercity leg."""
    return [(i.name, f"{i.start:%H:%M}", f"{i.end:%H:%M}") for d in itinerary.days
            for i in d.items if i.kind == ItemKind.INTERCITY]  # fmt: skip
