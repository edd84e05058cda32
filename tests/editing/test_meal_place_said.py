"""「晚饭就在X吃」 said on no day: the meals move to X on the days spent near it, or the answer
says they already are there — never a new trip because X's name holds the city's."""

from __future__ import annotations

from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.itinerary import Itinerary
from engine.knowledge.base import default_knowledge
from engine.knowledge.geo import haversine_m
from engine.storage import itineraries
from engine.storage.db import open_database


def trips(tmp_path: Path) -> list[int]:
    return sorted(row.id for row in itineraries.list_summaries(open_database(tmp_path / "a.db")))


def current(tmp_path: Path) -> Itinerary:
    return itineraries.load(open_database(tmp_path / "a.db"), 1)


def dinners(it: Itinerary) -> dict[int, str | None]:
    return {d.index: next((i.poi_id for i in d.items if i.meal == "dinner"), None) for d in it.days}


async def test_a_place_inside_the_city_is_not_a_new_trip(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从昆明去丽江玩3天，1月6日出发")
    before = current(tmp_path)
    reply = await agent.arun("晚饭就在丽江古城吃")
    assert trips(tmp_path) == [1], reply  # 丽江古城 is a place of this trip
    kb = default_knowledge()
    town = kb.place("lijiang-old-town")
    assert town is not None
    near = [
        d for d, poi in dinners(current(tmp_path)).items()
        if poi and (at := kb.place(poi)) and haversine_m(at.lat, at.lon, town.lat, town.lon) <= 1500
    ]  # fmt: skip
    if current(tmp_path).version == before.version:  # every dinner was there already: said so
        assert "已经安排在丽江古城" in reply and near, reply
    else:
        assert "晚饭" in reply and near, reply
    version = current(tmp_path).version
    reply = await agent.arun("丽江古城要门票吗")  # a question: answered, nothing changed
    assert trips(tmp_path) == [1] and current(tmp_path).version == version, reply
    assert "门票" in reply and "元" in reply and "做不到" not in reply, reply
    reply = await agent.arun("想多逛逛丽江古城")  # not read yet, but never a new 丽江 trip
    assert trips(tmp_path) == [1], reply
    reply = await agent.arun("新行程：去丽江玩两天")
    assert trips(tmp_path) == [1, 2], reply  # a new trip said is still one


async def test_dinner_moved_near_a_place_on_each_day_spent_near_it(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun("从西安去成都玩3天，12月15日出发")
    before = dinners(current(tmp_path))
    kb = default_knowledge()
    bell = kb.place("chengdu-chunxi-road-taikoo-li")
    assert bell is not None

    def far(poi: str | None) -> bool:
        at = kb.place(poi or "")
        return at is not None and haversine_m(at.lat, at.lon, bell.lat, bell.lon) > 1500

    moved = [d for d, poi in before.items() if far(poi) and "airport" not in (poi or "")]
    assert moved, before  # the precondition: some dinner away from 春熙路 in the city
    reply = await agent.arun("晚饭就在春熙路吃")
    after = dinners(current(tmp_path))
    assert trips(tmp_path) == [1] and current(tmp_path).version == 2, reply
    for day in moved:
        assert not far(after[day]), (day, after, reply)
        assert f"第{day}天晚饭" in reply, reply
    assert all(len([i for i in d.items if i.meal == "dinner"]) == 1
               for d in current(tmp_path).days)  # fmt: skip


async def test_a_sight_of_another_city_is_said_not_planned_as_a_new_trip(
    agent: Agent, tmp_path: Path
) -> None:
    """A fresh user's 「冬天海水浴场没意思，换成海底世界或者极地海洋公园吧」 on a 青岛 plan made
    a new 香港 trip (海洋公园 is 香港's): a sight of another city is answered with where it is;
    a trip there is planned only when the city or a trip's length is said."""
    await agent.arun("从上海去青岛玩两天，12月12日出发")
    for said in (
        "冬天海水浴场没意思，换成海底世界或者极地海洋公园吧",
        "把第一海水浴场换成香港海洋公园",
    ):
        reply = await agent.arun(said)
        assert trips(tmp_path) == [1], (said, reply)
    assert "香港" in reply and "不在这次行程" in reply, reply
    reply = await agent.arun("去香港玩两天")
    assert trips(tmp_path) == [1, 2], reply
