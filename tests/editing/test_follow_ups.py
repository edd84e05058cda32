"""Follow-ups in free words edit the open plan in place (the real planner, offline)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.understanding.edits import clock, meals_serving, parse_edits
from engine.understanding.food import find_food
from tests.editing.conftest import legs, stops


def current(tmp_path: Path) -> Itinerary:
    return itineraries.load(open_database(tmp_path / "a.db"), 1)


async def test_follow_ups_edit_the_open_trip(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从上海去黄山玩两天，12月5日出发，想逛屯溪老街")
    first = current(tmp_path)
    reply = await agent.arun("行程再多加一天吧")
    second = current(tmp_path)
    assert reply.startswith("已修改（第2版）"), reply
    assert len(second.days) == 3 and second.days[0] == first.days[0]
    assert legs(second) == legs(first)  # still from 上海 and back
    reply = await agent.arun("第一天不逛屯溪老街了")
    third = current(tmp_path)
    assert third.version == 3 and "huangshan-tunxi-old-street" not in stops(third, 1)
    assert third.days[1:] == second.days[1:]
    reply = await agent.arun("我还想去一趟呈坎")  # no new trip: the open one, or why not
    assert current(tmp_path).id == 1
    assert "呈坎" in reply
    refused = await agent.arun("第二天上午十点才出发")
    assert "黄山风景区" in refused and current(tmp_path).version in (3, 4)


async def test_english_follow_ups(agent: Agent, tmp_path: Path) -> None:
    await agent.arun(
        "2 days in Huangshan from Shanghai starting 2026-12-05, must see Tunxi Old Street"
    )
    reply = await agent.arun("please add a day at the start")
    new = current(tmp_path)
    assert reply.startswith("Changed (version 2)"), reply
    assert new.days[0].items[0].kind == ItemKind.INTERCITY and len(new.days) == 3
    assert new.days[1].items[0].meal == "breakfast"


def test_phrasings(huangshan: Itinerary, kb: object) -> None:
    said = {
        "能不能把黄山风景区调到第1天": ("move", 1),
        "day 1: start the day at 10am": ("day_times", 1),
        "第二天的午饭换一家": ("swap_meal", 2),
        "把第一天重新排一下": ("regen", 1),
        "make the second day a bit lighter": ("regen", 2),
        "drop Tunxi Old Street": ("remove", None),
        "把最后一天去掉": ("remove_day", None),
        "我还想去一趟黄山风景区": ("add", None),  # on the plan already: said so by the edit
    }
    for text, (op, day) in said.items():
        edits, _rest = parse_edits(text, huangshan, kb)  # type: ignore[arg-type]
        assert [e.op for e in edits] == [op], text
        if day is not None:
            assert edits[0].day == day, text
    assert parse_edits("预算改成三千", huangshan, kb)[0] == ()  # type: ignore[arg-type]
    assert clock("下午两点半") == dt.time(14, 30) and clock("早上十点") == dt.time(10, 0)
    assert clock("7:45pm") == dt.time(19, 45)


async def test_a_refused_follow_up_is_an_answer_and_the_plan_stays(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun("从上海去黄山玩两天，12月5日出发")
    before = current(tmp_path)
    assert any(i.poi_id == "huangshan-scenic-area" for i in before.days[1].items)
    reply = await agent.arun("第二天轻松一点")  # a day given to 黄山 alone cannot get lighter
    turn = agent.last_turn
    assert turn is not None and turn.status == "succeeded" and turn.error is None
    assert "黄山风景区" in reply and "可以这样" in reply and "第1版" in reply, reply
    after = current(tmp_path)
    assert after.version == 1 and after.days == before.days
    said = [m for m in agent.messages if m["role"] in ("user", "assistant") and m.get("content")]
    assert said[-2]["content"] == "第二天轻松一点" and said[-1]["content"] == reply  # kept
    reply = await agent.arun("把黄山风景区挪到第一天")  # the conversation goes on
    assert agent.last_turn is not None and agent.last_turn.status == "succeeded"


async def test_a_follow_up_with_two_changes_does_both(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("上海出发去广州玩两天，12月5日出发")
    first = current(tmp_path)
    reply = await agent.arun("把广州塔挪到第一天晚上，第二天晚上想吃夜宵")
    new = current(tmp_path)
    assert new.id == first.id and new.version > first.version, reply
    assert any(f.meal == "late" for f in new.request.food), new.request.food  # the wish …
    tower = [(d.index, i.start) for d in new.days for i in d.items
             if i.poi_id == "guangzhou-canton-tower" and i.kind == ItemKind.ATTRACTION]  # fmt: skip
    if "做不了" in reply or "没有做" in reply:  # … and the move, or what kept it from being done
        assert "广州塔" in reply and ("其余的修改已保存" in reply or "已修改" in reply), reply
    else:
        assert len(tower) == 1 and tower[0][0] == 1, (tower, reply)
        assert tower[0][1] is not None and tower[0][1].hour >= 17, (tower, reply)
        assert stops(new, 1)[-1] == "guangzhou-canton-tower" or tower[0][1].hour >= 19


def test_a_meal_swap_without_a_day(hangzhou: Itinerary, kb: object) -> None:
    one_day = hangzhou.model_copy(update={"days": hangzhou.days[:1]})
    edits, _rest = parse_edits("换一家吃晚饭", one_day, kb)  # type: ignore[arg-type]
    assert [(e.op, e.day) for e in edits] == [("swap_meal", 1)]  # type: ignore[union-attr]
    # On three days: the day whose dinner is at the restaurant named (「知味观（仁和路总店）」;
    # day 1's lunch is at another 知味观, 味庄) …
    dinners = {d.index: i.name for d in hangzhou.days for i in d.items if i.meal == "dinner"}
    assert dinners[2].startswith("知味观"), dinners
    edits, _rest = parse_edits("不想在知味观吃晚饭", hangzhou, kb)  # type: ignore[arg-type]
    assert [(e.op, e.day, e.meal) for e in edits] == [("swap_meal", 2, "dinner")]  # type: ignore[union-attr]
    # … else no edit: the policy asks back which day's (`meal_without_day`).
    for text in ("换个地方吃午饭", "somewhere else for dinner"):
        assert parse_edits(text, hangzhou, kb)[0] == (), text  # type: ignore[arg-type]


async def test_a_meal_swap_without_a_day_asks_which(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("上海出发去杭州玩三天，12月5日出发")
    before = current(tmp_path)
    dinners = [(d.index, i.name) for d in before.days for i in d.items if i.meal == "dinner"
               and i.poi_id]  # fmt: skip
    assert len(dinners) >= 2, dinners
    reply = await agent.arun("换一家吃晚饭")
    assert reply.startswith("哪一天的晚饭？"), reply
    assert all(f"第{d}天在{name}" in reply for d, name in dinners), reply
    assert current(tmp_path).version == 1  # nothing changed
    # A day that ends at its pace's limit (a night walk after dinner, back just in time) may
    # have no other restaurant near enough: that swap is refused with the reason and nothing
    # changes. Some day's dinner can be swapped, and that swap touches only its day.
    swapped = None
    for day, name in dinners:
        reply = await agent.arun(f"不想在{name}吃晚饭")
        after = current(tmp_path)
        if after.version == 1:
            assert re.search(r"\d{1,2}:\d{2}", reply), reply  # refused, with the time that binds
            continue
        assert after.version == 2, reply
        assert [i.name for i in after.days[day - 1].items if i.meal == "dinner"] != [name], reply
        assert [d for d in after.days if d.index != day] == [
            d for d in before.days if d.index != day
        ]
        swapped = day
        break
    assert swapped is not None, dinners


def test_a_food_once_is_a_limit_not_a_wish() -> None:
    for text in ("只吃一次烤鸭就够了", "烤鸭吃一次就够了", "roast duck just once"):
        found = find_food(text)
        assert found.food == [] and found.avoid == [], text
        assert [c for c, _ in found.limits] == ["roast-duck"], text
    hotpot = find_food("别每天都吃火锅")
    assert hotpot.avoid == [] and [c for c, _ in hotpot.limits] == ["hotpot"]
    assert [f.cuisine for f in find_food("想吃一次烤鸭").food] == ["roast-duck"]  # still a wish


@pytest.mark.parametrize(
    ("text", "cuisine", "said"),
    [("不要重复吃又益轩米粉", "noodles", "米粉"), ("米粉不要重复", "noodles", "米粉"),
     ("烤鸭吃过了就够了", "roast-duck", "烤鸭"), ("not rice noodles again", "noodles", "rice noodles"),
     ("don't repeat the roast duck", "roast-duck", "roast duck")],
)  # fmt: skip
def test_not_again_is_a_limit_not_a_wish(text: str, cuisine: str, said: str) -> None:
    """Issue 14: 「不要重复吃又益轩米粉」 added a 米粉 wish; "not X again" is one meal of it."""
    found = find_food(text)
    assert found.food == [] and found.avoid == [], text
    assert found.limits == [(cuisine, said)], (text, found.limits)


def test_again_wanted_or_refused_is_no_limit() -> None:
    assert find_food("I want noodles again").limits == []
    assert find_food("no more spicy food").avoid == ["spicy"]


async def test_a_food_once_on_a_plan_says_its_meals(
    agent: Agent, tmp_path: Path, kb: KnowledgeBase
) -> None:
    await agent.arun("上海出发去北京玩四天，想吃烤鸭，12月5日出发")
    before = current(tmp_path)
    meals = meals_serving(before, kb, "roast-duck")
    assert meals, before.days  # the wish was honoured
    reply = await agent.arun("只吃一次烤鸭就够了")
    assert "记下" not in reply and "没有安排" not in reply, reply  # no wish for duck
    assert all(name in reply for _d, _m, name in meals), reply  # the meals that have it
    after = current(tmp_path)
    assert after.version == 1 and after.request.food == before.request.food


@pytest.mark.parametrize("repeat", [False, True])
async def test_a_food_once_on_a_plan_with_several_moves_the_others_at_once(
    repeat: bool, agent: Agent, tmp_path: Path, kb: KnowledgeBase
) -> None:
    """「只吃一次烤鸭就够了」 on a plan with duck at several meals was refused ("I cannot change
    several meals at once yet"): the others move to places without it, in one new version."""
    await agent.arun("上海出发去北京玩三天，每天都想吃烤鸭，12月5日出发")
    before = current(tmp_path)
    ducks = meals_serving(before, kb, "roast-duck")
    assert len(ducks) >= 2, ducks  # duck every day, as said
    reply = await agent.arun("不要重复吃全聚德烤鸭" if repeat else "只吃一次烤鸭就够了")
    after = current(tmp_path)
    assert after.version == 2, reply
    assert meals_serving(after, kb, "roast-duck") == ducks[:1], reply
    assert "换到" in reply, reply


def test_going_somewhere_on_a_day_moves_or_adds_it(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    from engine.editing.ops import AddPlace, MoveStop

    on = next(d.index for d in huangshan.days
              for i in d.items if i.poi_id == "huangshan-scenic-area")  # fmt: skip
    other = 3 - on
    moved, rest = parse_edits(f"第{other}天去黄山风景区", huangshan, kb)
    assert moved == (MoveStop(stop="huangshan-scenic-area", day=other),) and rest == ()
    morning, _ = parse_edits(f"第{other}天上午去光明顶", huangshan, kb)  # a spot of the mountain
    assert morning == (MoveStop(stop="huangshan-scenic-area", day=other, position=1),)
    assert all(i.poi_id != "huangshan-xidi" for d in huangshan.days for i in d.items)
    added, _ = parse_edits("go to Xidi on day 1", huangshan, kb)
    assert added == (AddPlace(place="huangshan-xidi", day=1),)
    assert parse_edits("第二天去看夜景", huangshan, kb)[0] == ()  # a wish, not a place
    first_day, _ = parse_edits("move Huangshan Scenic Area to the first day", huangshan, kb)
    assert first_day == (MoveStop(stop="huangshan-scenic-area", day=1),)  # a day, not stop 1
    assert parse_edits("第二天不去西递", huangshan, kb)[0] == ()  # not in the plan: no edit


def test_a_swap_keeps_every_other_stop(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    from engine.editing import EditRefused, apply_edits
    from engine.editing.ops import AddPlace, RemoveStop

    edits, rest = parse_edits("把宏村换成塔川", huangshan, kb)
    assert edits == (AddPlace(place="huangshan-tachuan", instead_of="huangshan-hongcun"),)
    assert rest == ()
    assert parse_edits("replace Hongcun with Tachuan", huangshan, kb)[0] == edits
    assert parse_edits("不去宏村，改去塔川", huangshan, kb)[0] == edits
    assert parse_edits("想把宏村换掉，换成塔川", huangshan, kb)[0] == edits
    swapped = apply_edits(huangshan, edits, kb).itinerary
    day = stops(swapped, 1)
    assert "huangshan-tachuan" in day and "huangshan-hongcun" not in day
    assert [s for s in stops(huangshan, 1) if s != "huangshan-hongcun"] == [
        s for s in day if s != "huangshan-tachuan"
    ]  # the rest of the day as it was
    assert "huangshan-hongcun" in swapped.request.avoid.places
    assert stops(swapped, 2) == stops(huangshan, 2)
    with pytest.raises(EditRefused) as refused:  # the new one is planned already: say so
        apply_edits(huangshan, parse_edits("把宏村换成黄山风景区", huangshan, kb)[0], kb)
    assert "黄山风景区已经在第2天了" in refused.value.zh
    assert refused.value.alternative == RemoveStop(stop="huangshan-hongcun")
    assert parse_edits("把黄山换成杭州", huangshan, kb)[0] == ()  # a destination: the whole trip


def test_a_swap_makes_room_only_by_leaving_out_a_lesser_sight(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.editing import EditRefused, apply_edits
    from engine.editing.ops import AddPlace

    swap = AddPlace(place="hangzhou-huagang", instead_of="hangzhou-broken-bridge")
    result = apply_edits(hangzhou, [swap], kb)
    said = result.summary("zh")
    assert "为排下它去掉第1天的吴山·城隍阁" in said, said  # popularity 3, for a 4
    day = stops(result.itinerary, 1)
    assert "hangzhou-huagang" in day and "hangzhou-chenghuang-pavilion" not in day
    assert "hangzhou-songcheng" in day  # the day's big sight stays
    assert stops(result.itinerary, 2) == stops(hangzhou, 2)
    with pytest.raises(EditRefused):  # 西溪 (3 h) would need 宋城 gone: asked, not done
        apply_edits(
            hangzhou,
            [AddPlace(place="hangzhou-xixi-wetland", instead_of="hangzhou-chenghuang-pavilion")],
            kb,
        )


@pytest.mark.parametrize("said", ["把漂流删掉", "不要漂流了", "漂流不去了", "将竹筏漂流取消吧"])
def test_a_stop_said_before_the_verb_is_removed(said: str) -> None:
    """A fresh user's 「把漂流删掉」 was not understood (the verb came after the stop)."""
    from engine.editing.ops import RemoveStop
    from engine.understanding.edits import parse_edits
    from tests.helpers.plans import KB, SATURDAY, plan

    p = plan(destinations=("yangshuo",), days=3, departure=None)
    assert "yangshuo-yulong-river-rafting" in {i.poi_id for d in p.days for i in d.items}
    edits, rest = parse_edits(said, p, KB, today=SATURDAY)
    assert edits == (RemoveStop(stop="yangshuo-yulong-river-rafting"),) and not rest, (edits, rest)


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("迪士尼那天早上8点出发", dt.time(8, 0)),
        ("迪士尼那天早上8点出门", dt.time(8, 0)),
        ("leave at 8:30 on the Disneyland day", dt.time(8, 30)),
    ],
)
def test_a_day_said_by_its_stop_sets_that_days_start(said: str, start: dt.time) -> None:
    """A fresh user's 「迪士尼那天早点出发」 was not understood: the day was said by its sight."""
    from engine.editing.ops import SetDayTimes
    from tests.helpers.plans import KB, SATURDAY, plan

    p = plan(destinations=("shanghai",), days=3, departure=None, must_see=("shanghai-disneyland",))
    day = next(d.index for d in p.days for i in d.items if i.poi_id == "shanghai-disneyland")
    edits, rest = parse_edits(said, p, KB, today=SATURDAY)
    assert edits == (SetDayTimes(day=day, start=start),) and not rest, (edits, rest)
    for words in ("迪士尼那天早点出发", "迪士尼那天能不能早点出门"):  # 出门: going out, as 出发
        earlier, _ = parse_edits(words, p, KB, today=SATURDAY)
        assert len(earlier) == 1 and isinstance(earlier[0], SetDayTimes), (words, earlier)
        assert earlier[0].day == day, (words, earlier)
