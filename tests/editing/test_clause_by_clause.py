"""Follow-ups read clause by clause, each clause applied or answered (tester findings F22, F30,
F9): 「住江北嘴，预算降到1500，第三天早点结束」 keeps all three (the budget set, day 3 ending
earlier, and 江北嘴 answered with the lodging areas known), a day past the plan's end is said
so, a clause nothing reads is said back, and a place to stay moves the stay, not the days."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.apply import apply_edits
from engine.editing.ops import SetDayTimes
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.understanding.edits import parse_edits
from tests.editing.conftest import stops


def _plan(tmp_path: Path) -> Itinerary:
    return itineraries.load(open_database(tmp_path / "a.db"), 1)


def _tour_end(plan: Itinerary, day: int) -> dt.time:
    """When day `day`'s tour ends: the last step that is no night's stay and no intercity leg."""
    items = plan.days[day - 1].items
    return [i for i in items if i.kind not in (ItemKind.INTERCITY, ItemKind.LODGING)][-1].end


def _lodgings(plan: Itinerary) -> list[str | None]:
    return [d.lodging_id for d in plan.days]


async def test_three_clauses_are_each_applied_or_answered(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从成都去重庆玩3天")
    before = _plan(tmp_path)
    reply = await agent.arun("住江北嘴，预算降到1500，第三天早点结束")
    after = _plan(tmp_path)
    assert after.request.budget_cny == 1500  # the budget, as before
    end = _tour_end(after, 3)  # day 3 ends an hour or more before it did
    assert (
        end.hour * 60 + end.minute
        <= _tour_end(before, 3).hour * 60 + _tour_end(before, 3).minute - 30
    ), reply
    assert "第3天" in reply and "前结束" in reply
    assert "没有安排午餐" not in reply and "没有安排晚餐" not in reply  # sights go, not meals
    assert "住宿从沙坪坝/磁器口换到江北嘴" in reply  # the stay moved, the days kept
    assert _lodgings(after)[:2] == ["chongqing-lodging-jiangbeizui"] * 2


async def test_an_unknown_place_to_stay_is_answered_with_the_areas_known(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun("从成都去重庆玩3天")
    reply = await agent.arun("住弹子石，预算降到1500")
    assert _plan(tmp_path).request.budget_cny == 1500
    assert "弹子石" in reply and "可以住：" in reply and "观音桥" in reply  # answered, with areas
    assert "仙女山" not in reply  # an area 100 km out of town is no alternative


async def test_a_day_past_the_end_is_said_so(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从成都去重庆玩3天")
    reply = await agent.arun("把第五天去掉")
    assert "这次行程只有3天，没有第5天" in reply
    assert "这个我还做不到" not in reply
    assert _plan(tmp_path).version == 1


async def test_a_clause_nothing_reads_is_said_back(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从成都去重庆玩3天")
    reply = await agent.arun("预算降到1500，帮我把行程发到邮箱")
    assert _plan(tmp_path).request.budget_cny == 1500
    assert "没看懂：「帮我把行程发到邮箱」" in reply


async def test_a_place_to_stay_moves_the_stay_and_keeps_the_days(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun("5 days in Shanghai from Beijing for two")
    before = _plan(tmp_path)
    assert "shanghai-lodging-bund" not in _lodgings(before)
    reply = await agent.arun("we'd like to stay near the Bund")
    after = _plan(tmp_path)
    assert after.version == 2, reply
    assert {x for x in _lodgings(after) if x} == {"shanghai-lodging-bund"}
    everywhere = {s for day in range(1, 6) for s in stops(before, day)}
    still = {s for day in range(1, 6) for s in stops(after, day)}
    for day in range(1, 6):  # every stop on the day it was, or moved to a day it fits (said)
        kept = stops(after, day)
        moved = set(kept) - set(stops(before, day))
        assert moved <= everywhere, day  # nothing new
        assert not moved or f"moved to day {day}" in reply, (day, moved, reply)
        gone = set(stops(before, day)) - set(kept)
        assert len(gone) <= 1 + len(moved), day
        if gone - still:  # left out of the trip: said
            assert "left out" in reply, reply


def test_finish_earlier_leaves_out_the_latest_sight_and_keeps_the_meals(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    edits, rest = parse_edits("第二天早点结束", hangzhou, kb)
    assert rest == ()
    (edit,) = edits
    assert isinstance(edit, SetDayTimes) and edit.day == 2 and edit.trim and edit.end
    result = apply_edits(hangzhou, edits, kb)
    day = result.itinerary.days[1]
    meals = [i.meal for i in day.items if i.kind == ItemKind.MEAL]
    assert meals == [i.meal for i in hangzhou.days[1].items if i.kind == ItemKind.MEAL]
    assert _tour_end(result.itinerary, 2) <= edit.end
    left = set(stops(hangzhou, 2)) - set(stops(result.itinerary, 2))
    assert left, "nothing left out, yet the day ends earlier"
    assert stops(result.itinerary, 1) == stops(hangzhou, 1)  # the other days kept
    assert stops(result.itinerary, 3) == stops(hangzhou, 3)


async def test_a_lighter_day_keeps_a_wished_night_view_in_the_evening(
    agent: Agent, tmp_path: Path
) -> None:
    """F7: 「第N天轻松一点」 on the day of the wished 洪崖洞夜景 never moves it to daylight (and
    says ✅): the day is lighter with 洪崖洞 still after dark, or the plan is kept, said why."""
    await agent.arun(
        "下个月中旬和闺蜜两个人从武汉去重庆玩3天，想吃火锅，想看洪崖洞夜景，住解放碑附近"
    )
    before = _plan(tmp_path)
    day = next(d.index for d in before.days for i in d.items if i.poi_id == "chongqing-hongyadong")
    reply = await agent.arun(f"第{day}天轻松一点")
    after = _plan(tmp_path)
    seen = [i for d in after.days for i in d.items if i.poi_id == "chongqing-hongyadong"]
    assert seen and all(i.end >= dt.time(18, 45) for i in seen), reply  # lit up (Jan dusk ~18:40)
    if after.version == before.version:
        assert "夜景" in reply and "可以这样" in reply  # why, and what would do


async def test_a_sunrise_at_a_spot_of_the_day_is_answered_with_the_times(
    agent: Agent, tmp_path: Path
) -> None:
    """F11: 「第二天想去日光岩看日出」 for a 鼓浪屿 lodger: sunrise and opening said, no
    "it stays on day 2" non-answer."""
    await agent.arun("国庆从广州去厦门玩三天，住在鼓浪屿上，想吃沙茶面")
    plan = _plan(tmp_path)
    day = next(d.index for d in plan.days for i in d.items if i.poi_id == "xiamen-gulangyu")
    reply = await agent.arun(f"第{day}天想去日光岩看日出")
    assert "日出约06:" in reply and "才开放" in reply and "日光岩在鼓浪屿里" in reply, reply
    assert "它留在" not in reply
    assert _plan(tmp_path).version == 1


def test_a_part_of_the_day_said_after_a_day_is_that_day(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    """「第二天早上9点出发，下午去灵隐寺」: the afternoon is day 2's (it was said back unread)."""
    edits, rest = parse_edits("第二天早上9点出发，下午去灵隐寺", hangzhou, kb)
    assert rest == ()
    assert [(type(e).__name__, getattr(e, "day", None)) for e in edits] == [
        ("SetDayTimes", 2),
        ("MoveStop", 2),
    ]
