"""Follow-ups through the offline agent (as ``lvtu revise`` takes them) that must edit or answer
the open trip, never start a new one, and keep what the traveller changed before (tester round
5, issue 14). The open plans are CLI plans stored as data (`tests.editing.test_followups_kept`)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.storage import itineraries
from engine.storage.db import open_database

DATA = Path(__file__).parent / "data"


def _open(tmp_path: Path, name: str) -> Agent:
    """An offline agent whose open plan is the stored plan `name`."""
    db = tmp_path / "a.db"
    plan = Itinerary.model_validate_json((DATA / f"{name}.json").read_text(encoding="utf-8"))
    itinerary_id = itineraries.save_new(open_database(db), plan)
    agent = Agent(working_directory=tmp_path, database=db, today=dt.date(2026, 12, 3))
    agent.add_message("assistant", f"已为你规划好「{plan.title}」。", itinerary_id=itinerary_id)
    return agent


def _only(tmp_path: Path) -> Itinerary:
    """The one itinerary stored (no follow-up made a new trip)."""
    db = open_database(tmp_path / "a.db")
    rows = itineraries.list_summaries(db)
    assert len(rows) == 1, [r.title for r in rows]
    return itineraries.load(db, rows[0].id)


def _sights(it: Itinerary, day: int) -> set[str | None]:
    return {i.poi_id for i in it.days[day - 1].items if i.kind == ItemKind.ATTRACTION}


async def test_questions_about_the_trip_are_answered_and_the_plan_kept(tmp_path: Path) -> None:
    """F3.3: 「四姑娘山现在冷吗？需要带冰爪吗」 became a new 1-person 「四姑娘山2日游」."""
    with _open(tmp_path, "siguniang-3-days") as agent:
        reply = await agent.arun("四姑娘山现在冷吗？需要带冰爪吗")
        plan = _only(tmp_path)
        assert plan.version == 1 and plan.request.party.adults == 8
        assert "冰爪" in reply and "0°C以下" in reply, reply
        reply = await agent.arun("四姑娘山有wifi吗")  # nothing known of it: said, no new trip
        assert _only(tmp_path).version == 1
        assert "答不上来" in reply and "这个我还做不到" not in reply, reply


async def test_a_revision_keeps_an_earlier_day_swap(tmp_path: Path) -> None:
    """F7.3: 「回程想坐高铁」 after 「把第三天和第四天换一下」 undid the swap without a word."""
    with _open(tmp_path, "xian-4-days-family") as agent:
        reply = await agent.arun("把第三天和第四天换一下")
        swapped = _only(tmp_path)
        assert swapped.version == 2, reply
        reply = await agent.arun("回程想坐高铁")
        after = _only(tmp_path)
        assert after.version == 3, reply
        assert any(i.mode == Mode.HSR for i in after.days[-1].items), reply
        assert [_sights(after, d) for d in (3, 4)] == [_sights(swapped, d) for d in (3, 4)], reply
        assert "各天的景点按上一版保留" in reply, reply
