"""Follow-ups that must keep the plan whole (tester round 5, issue 14): a question about the trip
is answered, a day said is that day, a leg time or a boat asked is refused with why, a place not
known gets no empty day, and a whole-trip revision keeps the days as the traveller left them.

Plans are CLI plans stored as data (`tests/editing/data`, made 2026-12-03 with
``lvtu plan``): 四姑娘山 3 days from 成都 in December, 北疆 10 days by car from 乌鲁木齐 in July,
Hong Kong + Macau 4 days, 西安 4 days with a grandmother, 泰山 2 days with the summit sunrise.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace
from engine.editing.apply import apply_edits
from engine.editing.kept_layout import kept_layout
from engine.editing.ops import RegenerateDay, RemoveStop, SwapDays
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.understanding.edits import parse_edits
from engine.understanding.revision import parse_revision
from engine.understanding.unread import clause_answer
from engine.understanding.weather_asks import weather_answer
from tests.editing.conftest import stops

DATA = Path(__file__).parent / "data"


def _plan(name: str) -> Itinerary:
    return Itinerary.model_validate_json((DATA / f"{name}.json").read_text(encoding="utf-8"))


def _answers(text: str, it: Itinerary, kb: KnowledgeBase) -> list[tuple[str, bool]]:
    """Each clause no edit reads, answered (text, refusal)."""
    edits, rest = parse_edits(text, it, kb)
    assert edits == (), edits
    out = []
    for clause in rest:
        answer = clause_answer(clause, text, it, kb, it.lang)
        if answer is not None:
            out.append((answer.text, answer.refusal))
    return out


def test_a_weather_question_is_answered_from_the_season_and_height(kb: KnowledgeBase) -> None:
    """F3.3: 「四姑娘山现在冷吗？需要带冰爪吗」 was planned as a new 1-person trip."""
    it = _plan("siguniang-3-days")
    said = _answers("四姑娘山现在冷吗？需要带冰爪吗", it, kb)
    assert len({text for text, _ in said}) == 1, said  # two clauses, one answer
    text, refusal = said[0]
    assert not refusal
    assert "0°C以下" in text and "结冰" in text  # December at 3200 m and up: freezing
    assert "米" in text and "双桥沟" in text  # the plan's highest sight, with its height
    assert "冰爪" in text and "问景区" in text  # no trail data: said, with whom to ask
    assert "不是天气预报" in text
    # a July trip at 喀纳斯 is not a freezing one
    july = _answers("喀纳斯冷不冷？", _plan("beijiang-10-days-drive"), kb)
    assert july and "0°C以下" not in july[0][0] and "不是天气预报" in july[0][0]


def test_a_wish_about_the_cold_is_no_question(kb: KnowledgeBase) -> None:
    it = _plan("siguniang-3-days")
    assert weather_answer("我怕冷", it, kb, "zh") is None  # a wish (`understanding.weather`)
    assert weather_answer("第二天太冷的话少安排点户外", it, kb, "zh") is None  # a change
    assert weather_answer("南锣鼓巷晚上热闹吗", it, kb, "zh") is None
    assert weather_answer("需要带冰爪吗", it, kb, "zh") is not None


def test_a_sight_dropped_from_a_day_is_that_days(kb: KnowledgeBase) -> None:
    """F6.3: 「第5天不去禾木了」 removed the 禾木 visit of another day."""
    it = _plan("beijiang-10-days-drive")
    on = [d.index for d in it.days if "kanas-hemu" in stops(it, d.index)]
    assert on == [3]
    said = _answers("第5天不去禾木了，太远", it, kb)
    assert said == [(said[0][0], True)], said  # 「太远」 is the reason, not said back
    assert "第5天没有安排禾木村" in said[0][0] and "第3天" in said[0][0]
    edits, _ = parse_edits("第3天不去禾木了", it, kb)
    assert edits == (RemoveStop(stop="kanas-hemu"),)


def test_meals_beside_a_removed_sight_move_to_the_way(kb: KnowledgeBase) -> None:
    """Removing 禾木 kept lunch and dinner 「自选（禾木村餐馆一带）」 there, 43 km each way."""
    it = _plan("beijiang-10-days-drive")
    hemu = kb.attraction("kanas-hemu")
    assert hemu is not None
    made = apply_edits(it, [RemoveStop(stop="kanas-hemu")], kb).itinerary
    day = made.days[2]
    assert "kanas-hemu" not in stops(made, 3)
    for item in day.items:
        if item.kind == ItemKind.MEAL and item.lat is not None and item.lon is not None:
            assert haversine_m(item.lat, item.lon, hemu.lat, hemu.lon) > 10_000, item.name
    assert all((i.distance_m or 0) < 20_000 for i in day.items if i.kind == ItemKind.TRANSIT)


def test_a_leg_time_said_is_no_mode_wish(kb: KnowledgeBase) -> None:
    """F2.2: "my flight lands at 22:00 on day 1" said "Updated: noted: flight" and changed
    nothing asked. The trip's arrival hour re-plans it (`trip_hours`), with no wish to fly; a
    leg time in the middle of the trip cannot be set yet, and that is said."""
    it = _plan("hongkong-macau-4-days")
    text = "my flight lands at 22:00 on day 1"
    revision = parse_revision(text, it.request, kb, "en")
    assert revision is not None and revision.request.arrival_time == 22 * 60
    assert "flight" not in revision.request.prefer_transport
    assert not _answers(text, it, kb)
    said = _answers("my train gets in at 14:00 on day 2", it, kb)
    assert said and said[0][1] and "cannot set a train or flight time" in said[0][0]


def test_a_boat_between_the_cities_is_refused_with_the_leg_kept(kb: KnowledgeBase) -> None:
    """F4.1: "take the ferry to Macau instead of the bridge bus" started a new trip."""
    it = _plan("hongkong-macau-4-days")
    said = _answers("we'd rather take the ferry to Macau instead of the bridge bus", it, kb)
    assert said and said[0][1], said
    assert "no boat" in said[0][0] and "Hong Kong–Zhuhai–Macao Bridge" in said[0][0]
    assert "Sheung Wan" in said[0][0]  # what the knowledge base says of the boats


def test_a_day_for_a_place_not_known_is_refused(kb: KnowledgeBase) -> None:
    """F6.2: 「加一天去那拉提」 added an empty day of driving and waiting, without 那拉提."""
    it = _plan("beijiang-10-days-drive")
    said = _answers("加一天去那拉提", it, kb)
    assert said and said[0][1] and "那拉提" in said[0][0]
    edits, _ = parse_edits("加一天去禾木", it, kb)
    assert [e.op for e in edits] == ["add_day"]


def test_a_lighter_day_keeps_the_sunrise_at_sunrise(kb: KnowledgeBase) -> None:
    """F9.1: 「第二天轻松点」 moved the summit sunrise watch to 04:58 (sunrise 07:23)."""
    it = _plan("taishan-2-days-sunrise")
    dawn = next(i for i in it.days[1].items if i.kind == ItemKind.FREE)
    made = apply_edits(it, [RegenerateDay(day=2, pace=Pace.RELAXED)], kb).itinerary
    after = next(i for i in made.days[1].items if i.kind == ItemKind.FREE)
    assert after.name == dawn.name and after.start == dawn.start, after
    assert after.start >= dt.time(6, 30)


def test_a_revision_keeps_the_days_as_swapped(kb: KnowledgeBase) -> None:
    """F7.3: 「回程想坐高铁」 after 「把第三天和第四天换一下」 planned the trip afresh and undid the
    swap without a word; the plan made again gets the days back."""
    first = _plan("xian-4-days-family")
    swapped = apply_edits(first, [SwapDays(a=3, b=4)], kb).itinerary
    keep = kept_layout(swapped, first)  # the fresh plan is laid out as the first one was
    assert keep == [SwapDays(a=3, b=4)]
    again = apply_edits(first, keep, kb).itinerary
    sights = [[s for s in stops(d, i) if kb.attraction(s)] for d, i in ((again, 3), (again, 4))]
    assert sights == [[s for s in stops(swapped, i) if kb.attraction(s)] for i in (3, 4)]
    assert kept_layout(first, first) == []
    # a revision of the pace reshapes every day: the days are its own
    other = Pace.PACKED if first.request.pace != Pace.PACKED else Pace.RELAXED
    relaxed = first.request.model_copy(update={"pace": other})
    assert kept_layout(swapped, first.model_copy(update={"request": relaxed})) == []
