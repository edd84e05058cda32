"""One-way visits (`Attraction.exit`): the 漓江 cruise boards at 磨盘山 and lands in 阳朔 — the leg
after it starts there, and a trip going on to 阳朔 makes the cruise its move and sleeps there;
asserted on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)
CRUISE = "guilin-li-river-cruise"
EXIT = KB.place(CRUISE).exit  # type: ignore[union-attr]


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("en")
    return plan_trip(parsed.request, KB, today=TODAY)


def _cruise_day(plan: Itinerary) -> tuple[Day, int]:
    for day in plan.days:
        for k, item in enumerate(day.items):
            if item.poi_id == CRUISE and item.kind == ItemKind.ATTRACTION:
                return day, k
    raise AssertionError("the plan has no 漓江 cruise")


def test_the_record_says_where_the_cruise_comes_out() -> None:
    assert EXIT is not None and EXIT.destination == "yangshuo"
    cruise = KB.place(CRUISE)
    assert cruise is not None
    assert haversine_m(cruise.lat, cruise.lon, EXIT.lat, EXIT.lon) > 30_000  # 83 km by river


def test_after_the_cruise_a_guilin_trip_takes_the_coach_back_from_yangshuo() -> None:
    """桂林 only: the cruise ends in 阳朔, so the next leg is the coach back from there (about
    two hours with the walk and the wait), not a short ride from the 磨盘山 pier."""
    plan = _plan("从长沙去桂林玩三天，想坐漓江游船")
    day, k = _cruise_day(plan)
    cruise = day.items[k]
    assert EXIT is not None and EXIT.name_zh in (cruise.note or "")
    after: Item = day.items[k + 1]
    assert after.kind == ItemKind.TRANSIT, after
    assert after.from_name == EXIT.name_zh, after
    assert "阳朔" in (after.note or "") and "大巴" in (after.note or ""), after.note
    assert after.minutes >= EXIT.back_minutes, after
    assert after.cost_cny >= EXIT.back_fare_cny * plan.request.party.size
    assert plan.feasibility is not None and plan.feasibility.passed, plan.feasibility.failures()  # type: ignore[union-attr]


def test_a_guilin_and_yangshuo_trip_cruises_over_and_sleeps_in_yangshuo() -> None:
    """桂林 then 阳朔: the cruise is the move between the two (no train 桂林北 → 阳朔 that day,
    and it is not dropped as too long for the days), and that night is in 阳朔."""
    plan = _plan("从广州去桂林和阳朔玩三天，想坐漓江游船")
    day, k = _cruise_day(plan)
    assert not [i for i in day.items if i.kind == ItemKind.INTERCITY], day.items
    assert day.lodging_id is not None and day.lodging_id.startswith("yangshuo-"), day.lodging_id
    nxt = next(i for i in day.items[k + 1 :] if i.kind == ItemKind.TRANSIT)
    assert nxt.from_name == EXIT.name_zh if EXIT else False, nxt  # on from the pier in 阳朔
    assert haversine_m(EXIT.lat, EXIT.lon, nxt.lat, nxt.lon) < 30_000  # type: ignore[union-attr,arg-type]
    assert plan.feasibility is not None and plan.feasibility.passed, plan.feasibility.failures()  # type: ignore[union-attr]


def test_a_relaxed_party_sets_out_in_time_for_the_sailing_and_keeps_its_pace() -> None:
    """Seniors at an easy pace: their day starts at 09:00, too late for the 09:30 sailing, so
    the move day sets out early for it (not a coach back to 桂林 and a train out the next
    morning), and after five hours on the boat the day holds at most one short sight."""
    plan = _plan("带爸妈从广州去桂林阳朔玩四天，坐高铁，爸妈腿脚不太好")
    day, k = _cruise_day(plan)
    cruise = day.items[k]
    assert cruise.start == dt.time(9, 30), cruise
    assert not [i for i in day.items if i.kind == ItemKind.INTERCITY], day.items
    assert day.lodging_id is not None and day.lodging_id.startswith("yangshuo-"), day.lodging_id
    assert not [i for d in plan.days for i in d.items if i.kind == ItemKind.TRANSIT
                and "大巴" in (i.note or "")], "no coach back from 阳朔"  # fmt: skip
    after = [i for i in day.items[k + 1 :] if i.kind == ItemKind.ATTRACTION]
    assert sum(i.minutes for i in after) <= 60, [(i.name, i.minutes) for i in after]
    assert plan.feasibility is not None and plan.feasibility.passed, plan.feasibility.failures()  # type: ignore[union-attr]


def test_the_raft_down_the_nine_bends_goes_on_from_wuyi_palace() -> None:
    """九曲溪's rafts board at 星村 and land by 武夷宫, 7 km on: the next leg leaves from that
    landing by the destination's ordinary legs (no way back), not from 星村."""
    raft = KB.place("wuyishan-nine-bend-rafting")
    assert raft is not None and raft.exit is not None and raft.exit.back_hub is None
    plan = _plan("从厦门去武夷山玩两天，想坐九曲溪竹筏")
    for day in plan.days:
        for k, item in enumerate(day.items):
            if item.poi_id == raft.id and item.kind == ItemKind.ATTRACTION:
                after = day.items[k + 1]
                assert after.kind == ItemKind.TRANSIT and after.from_name == raft.exit.name_zh
                assert "大巴" not in (after.note or ""), after
                return
    raise AssertionError("no 九曲溪 raft in the plan")


def test_a_boat_is_taken_for_its_whole_route_never_its_main_part() -> None:
    """两坝一峡 is a five-hour boat trip: a short day gets the whole cruise or none, not 「只游主要
    部分」 of a boat that cannot stop halfway."""
    cruise = KB.place("yichang-two-dams-cruise")
    assert cruise is not None and cruise.whole_visit
    plan = _plan("从武汉去宜昌玩两天，想看三峡大坝和两坝一峡")
    visits = [i for d in plan.days for i in d.items
              if i.poi_id == cruise.id and i.kind == ItemKind.ATTRACTION]  # fmt: skip
    assert visits, "the cruise wished for is not in the plan"
    for item in visits:
        assert item.minutes == cruise.visit_minutes and "主要部分" not in (item.note or ""), item


def test_an_edit_of_the_move_day_keeps_the_cruise_and_goes_on_from_yangshuo() -> None:
    """Taken apart for an edit (「第2天轻松一点」), the cruise that is the day's move is part of
    the fixed head like an intercity leg — an edit cannot drop it and strand the day in 桂林 —
    and the tour leaves from the pier where it lands."""
    from engine.editing.sketch import sketch

    plan = _plan("从广州去桂林和阳朔玩三天，想坐漓江游船")
    day, k = _cruise_day(plan)
    previous = plan.days[day.index - 2]
    sk = sketch(day, KB, previous)
    assert CRUISE not in [s.poi_id for s in sk.stops]
    assert any(i.poi_id == CRUISE for i in sk.head)
    assert EXIT is not None and (sk.start.lat, sk.start.lon) == (EXIT.lat, EXIT.lon)
    assert sk.start_time == day.items[k].end.hour * 60 + day.items[k].end.minute
