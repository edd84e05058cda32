"""A kind of place refused stays refused through follow-ups, and "skip the museums" skips
every museum (issue 12, fresh-user finds) — on whole plans, offline."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.storage import itineraries
from engine.storage.db import open_database
from tests.helpers.plans import KB

MALL = "sanya-duty-free-mall"


def current(tmp_path: Path, plan_id: int = 1) -> Itinerary:
    return itineraries.load(open_database(tmp_path / "a.db"), plan_id)


def sights(plan: Itinerary) -> list[str]:
    return [i.poi_id or "" for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION]


def tagged(plan: Itinerary, tag: str) -> list[str]:
    return [p for p in sights(plan) if (a := KB.attraction(p)) is not None and tag in a.tags]


async def test_no_duty_free_shop_survives_a_budget_cut(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("去三亚5天，12月5日出发")
    await agent.arun("预算降到2500元")
    assert MALL in sights(current(tmp_path))  # free to enter: what a budget cut picks unasked
    other = tmp_path / "refused"
    other.mkdir()
    with Agent(working_directory=other, database=other / "a.db", today=dt.date(2026, 12, 1)) as b:
        await b.arun("去三亚5天，12月5日出发，不去免税店")
        assert MALL not in sights(current(other))
        reply = await b.arun("预算降到2500元")
    cheaper = current(other)
    assert cheaper.version == 2, reply
    assert cheaper.request.budget_cny == 2500
    assert MALL not in sights(cheaper)
    assert cheaper.feasibility is not None
    rows = [w for w in cheaper.feasibility.wishes if w.kind == "avoid_tag"]
    assert [(w.value, w.status) for w in rows] == [("duty-free", "honoured")]


async def test_skip_the_museums_skips_every_museum(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("5 days in Beijing from December 5, we love history")
    assert len(tagged(current(tmp_path), "museum")) >= 2
    await agent.arun("skip the museums")
    after = current(tmp_path)
    assert after.version == 2
    assert tagged(after, "museum") == []
    assert after.feasibility is not None
    (row,) = [w for w in after.feasibility.wishes if w.kind == "avoid_tag"]
    assert row.status == "honoured" and row.said == "skip the museums"
