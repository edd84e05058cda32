"""Follow-ups a fresh user tried (issues 12 and 14): a destination swapped keeps the trip, a
whole-day sight added "wherever it fits" is tried on every day before it is refused, a party
change keeps a dinner eaten inside a sight."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import AddPlace, ChangeParty, RemoveStop, apply_edit
from engine.editing.apply import apply_edits
from engine.editing.errors import EditRefused
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.understanding.revision import parse_revision, swapped_destination

DATA = Path(__file__).parent / "data"


def _stored(name: str) -> Itinerary:
    """A plan the real planner made (LVTU_SOLVER_ITERATIONS=1000), stored: see conftest's PLAN."""
    return Itinerary.model_validate_json((DATA / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("said", "lang"), [("replace Leshan with Chongqing", "en"), ("把乐山换成重庆", "zh")]
)
def test_a_destination_swapped_keeps_the_trip(said: str, lang: str, kb: KnowledgeBase) -> None:
    request = TripRequest(
        departure="shanghai", destinations=("chengdu", "leshan"), days=4,
        destination_days=(3, 1), party=Party(adults=2), budget_cny=6000,
        must_see=("leshan-giant-buddha",), lang=lang,
    )  # fmt: skip
    assert swapped_destination(said, request, kb) == "chongqing"
    revision = parse_revision(said, request, kb, lang)
    assert revision is not None
    new = revision.request
    assert new.destinations == ("chengdu", "chongqing")
    assert new.destination_days == (3, 1)
    assert (new.departure, new.days, new.party, new.budget_cny) == (
        "shanghai",
        4,
        request.party,
        6000,
    )
    assert "leshan-giant-buddha" not in new.must_see  # the sight of the city left out goes too
    assert any("重庆" in c or "Chongqing" in c for c in revision.changes)


def test_a_sight_swapped_is_no_destination_swap(kb: KnowledgeBase) -> None:
    request = TripRequest(departure="shanghai", destinations=("leshan",), days=2)
    assert swapped_destination("把乐山大佛换成东方佛都", request, kb) is None


async def test_replace_a_destination_revises_the_open_trip(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从上海出发，成都和乐山玩4天，两个人，12月5日出发")
    reply = await agent.arun("replace Leshan with Chongqing")
    plan = itineraries.load(open_database(tmp_path / "a.db"), 1)
    assert plan.version == 2, reply  # the same trip, revised — not a new one
    assert plan.request.destinations == ("chengdu", "chongqing")
    assert (plan.request.departure, plan.request.days) == ("shanghai", 4)
    assert plan.request.party.adults == 2
    assert {d.destination for d in plan.days} >= {"chengdu", "chongqing"}
    assert "leshan" not in {d.destination for d in plan.days}


def test_a_whole_day_sight_is_tried_on_every_day_then_offered_a_day(kb: KnowledgeBase) -> None:
    plan = _stored("guangzhou-3-days.json")
    park = "guangzhou-chimelong-paradise"
    with pytest.raises(EditRefused) as refused:
        apply_edit(plan, AddPlace(place=park), kb)
    reason, offer = refused.value.zh, refused.value.alternative_zh
    assert "第1–3天" in reason, reason  # every day was tried, and said so
    assert "整天留给" in offer, offer
    day = int(offer.split("把第")[1].split("天")[0])
    names = offer.split("不去那天的")[1].split("、")
    on_day = {i.name: i.poi_id for i in plan.days[day - 1].items if i.kind == ItemKind.ATTRACTION}
    assert names and set(names) <= set(on_day)
    assert "午饭在园内吃" in offer  # the park has food inside: the lunch in town goes too
    lunch = [i.poi_id or "" for i in plan.days[day - 1].items if i.meal == "lunch"]
    # The offer is true: those sights and the lunch left out, the park fits that day.
    gone = [*(RemoveStop(stop=on_day[n]) for n in names), RemoveStop(stop=lunch[0])]
    done = apply_edits(plan, [*gone, AddPlace(place=park, day=day)], kb)
    assert park in {i.poi_id for i in done.itinerary.days[day - 1].items}


def test_a_party_change_keeps_a_dinner_inside_a_sight(kb: KnowledgeBase) -> None:
    plan = _stored("hongkong-3-days.json")
    inside = [(d.index, i.poi_id) for d in plan.days for i in d.items
              if i.kind == ItemKind.ATTRACTION and i.meal == "dinner"]  # fmt: skip
    assert inside  # 太平山顶 at dusk, dinner eaten up there
    done = apply_edit(plan, ChangeParty(adults=2), kb)
    after = done.itinerary
    assert after.request.party.adults == 2
    assert after.feasibility is not None and after.feasibility.passed, after.feasibility
    for day, poi in inside:
        held = [i.meal for i in after.days[day - 1].items
                if i.poi_id == poi and i.kind == ItemKind.ATTRACTION]  # fmt: skip
        assert held == ["dinner"], held


@pytest.mark.parametrize(
    ("said", "lang", "days"),
    [("去掉香格里拉，多在丽江玩一天", "zh", 4), ("香格里拉不去了，丽江多待两天", "zh", 5),
     ("不去香格里拉了", "zh", 5), ("drop Shangri-La and spend an extra day in Lijiang", "en", 4),
     ("skip Shangri-La", "en", 5)],
)  # fmt: skip
def test_a_stop_left_out_gives_its_days_to_another(
    said: str, lang: str, days: int, kb: KnowledgeBase
) -> None:
    """Issue 14: 「去掉香格里拉，多在丽江玩一天」 removed only 独克宗 (one sight of the city)."""
    dukezong = next(a.id for a in kb.destinations["shangrila"].attractions if "独克宗" in a.name_zh)
    request = TripRequest(
        departure="shanghai", destinations=("lijiang", "shangrila"), days=5,
        destination_days=(3, 2), party=Party(adults=1), must_see=(dukezong,), lang=lang,
    )  # fmt: skip
    revision = parse_revision(said, request, kb, lang)
    assert revision is not None, said
    new = revision.request
    assert new.destinations == ("lijiang",) and new.days == days, (said, new)
    assert (
        dukezong not in new.must_see and dukezong not in new.avoid.places
    )  # the city, not a sight
    assert any("丽江" in c or "Lijiang" in c for c in revision.changes), revision.changes
    assert any(f"{days}" in c for c in revision.changes), revision.changes


async def test_a_stop_left_out_revises_the_open_trip(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("上海出发去丽江和香格里拉玩5天，12月10日出发")
    reply = await agent.arun("去掉香格里拉，多在丽江玩一天")
    plan = itineraries.load(open_database(tmp_path / "a.db"), 1)
    assert plan.version == 2, reply
    assert {d.destination for d in plan.days} == {"lijiang"}, reply
    assert plan.feasibility is not None
    missed = [w.said for w in plan.feasibility.wishes if w.status != "honoured"]
    assert not missed, missed  # 「5天」 changed as asked is no wish missed


def test_a_length_or_date_changed_as_asked_is_no_wish_missed(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    """Issue 14: after 「加一天」 on a 「1天」 trip the report said ❌ 「1天」：共2天."""
    from engine.domain.request import Wish
    from engine.editing import AddDay, ChangeDates

    said = (Wish(kind="days", value="2", said="2天"), Wish(kind="date", value="2026-12-05",
            said="12月5日"), Wish(kind="must_see", value="huangshan-scenic-area", said="黄山"))  # fmt: skip
    plan = huangshan.model_copy(update={"request": huangshan.request.model_copy(
        update={"wishes": said})})  # fmt: skip
    longer = apply_edit(plan, AddDay(at="end"), kb).itinerary
    assert longer.feasibility is not None
    assert [w.kind for w in longer.request.wishes] == ["date", "must_see"]
    assert all(w.status == "honoured" for w in longer.feasibility.wishes), longer.feasibility
    later = apply_edit(plan, ChangeDates(start=dt.date(2026, 12, 12)), kb).itinerary
    dates = [w.value for w in later.request.wishes if w.kind == "date"]
    assert dates == ["2026-12-12"] and any(w.kind == "days" for w in later.request.wishes)
