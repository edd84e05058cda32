"""Plans a traveller would choose (issue #12): headline sights, the way people get around, and
every wish acted on and answered — asserted on the content of whole plans on the curated base."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import (
    Avoid,
    FoodWish,
    LodgingWish,
    Party,
    TripRequest,
    Wish,
)
from engine.planning import plan_trip, summit
from tests.helpers.plans import KB, SATURDAY, plan

MONDAY = dt.date(2026, 12, 7)


def sights(p: Itinerary) -> dict[str, int]:
    """Attraction id -> 1-based day."""
    return {i.poi_id: d.index for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION}  # type: ignore[misc]


def items(p: Itinerary, kind: ItemKind) -> list[tuple[int, Item]]:
    return [(d.index, i) for d in p.days for i in d.items if i.kind is kind]


def wish(p: Itinerary, kind: str) -> list[str]:
    assert p.feasibility is not None
    return [w.status for w in p.feasibility.wishes if w.kind == kind]


def test_beijing_four_days_holds_its_headline_sights_on_open_days() -> None:
    p = plan(destinations=("beijing",), days=4)
    seen = sights(p)
    for must in ("beijing-forbidden-city", "beijing-temple-of-heaven", "beijing-summer-palace"):
        assert must in seen, (must, seen)
    assert {"beijing-badaling", "beijing-mutianyu"} & set(seen), "a Great Wall section"
    assert not {"beijing-badaling", "beijing-mutianyu"} <= set(seen), "one Great Wall is enough"
    palace_day = p.days[seen["beijing-forbidden-city"] - 1]
    assert palace_day.date.weekday() != 0, "故宫 is closed on Mondays"
    assert p.feasibility is not None and p.feasibility.passed


def test_a_monday_start_moves_the_palace_to_tuesday() -> None:
    p = plan(destinations=("beijing",), days=2, start_date=MONDAY, departure=None)
    seen = sights(p)
    assert seen.get("beijing-forbidden-city") == 2


def test_no_set_of_minor_sights_outweighs_a_headline_sight() -> None:
    """Two days in Xi'an: 兵马俑 (43 km out, 3 h) is in, reached the way people go."""
    p = plan(destinations=("xian",), days=2, departure="beijing")
    seen = sights(p)
    assert "xian-terracotta-army" in seen
    day = p.days[seen["xian-terracotta-army"] - 1]
    rides = [i for i in day.items if i.kind is ItemKind.TRANSIT and (i.distance_m or 0) > 30_000]
    assert rides and all(i.mode in (Mode.BUS, Mode.CHARTER) for i in rides)


@pytest.mark.parametrize(
    ("destination", "days", "origin"),
    [("beijing", 4, "shanghai"), ("xian", 3, "beijing"), ("sanya", 4, "beijing"),
     ("jiuzhaigou", 3, "chengdu"), ("chengdu", 3, "shanghai")],
)  # fmt: skip
def test_no_taxi_over_thirty_kilometres(destination: str, days: int, origin: str) -> None:
    p = plan(destinations=(destination,), days=days, departure=origin)
    long_taxis = [
        (d, i.name, i.distance_m)
        for d, i in items(p, ItemKind.TRANSIT)
        if i.mode is Mode.TAXI and (i.distance_m or 0) > 30_000
    ]
    assert not long_taxis


def test_declined_headline_sights_are_said() -> None:
    p = plan(destinations=("beijing",), days=3, avoid=Avoid(tags=("museum",)))
    assert "beijing-forbidden-city" not in sights(p)
    assert p.feasibility is not None
    check = next(c for c in p.feasibility.checks if c.code == "headline")
    assert "故宫" in check.message and "按您的要求" in check.message


def test_a_short_stay_says_which_headline_sights_do_not_fit() -> None:
    p = plan(destinations=("beijing",), days=1, departure=None)
    assert p.feasibility is not None
    check = next(c for c in p.feasibility.checks if c.code == "headline")
    assert not check.passed and check.relax and "多留一天" in check.relax


def test_no_day_of_many_streets() -> None:
    from engine.planning.candidates import kind_of

    for destination in ("beijing", "chengdu", "xian", "changsha"):
        p = plan(destinations=(destination,), days=4, interests=("shopping", "food", "museum"))
        for day in p.days:
            kinds = [
                kind_of(a)
                for i in day.items
                if i.kind is ItemKind.ATTRACTION and (a := KB.attraction(i.poi_id or ""))
            ]
            assert kinds.count("street") <= 2 and kinds.count("museum") <= 2, (destination, kinds)


def test_wished_high_speed_rail_is_never_a_flight() -> None:
    p = plan(destinations=("guangzhou",), days=3, prefer_transport=("hsr",))
    legs = [i for _, i in items(p, ItemKind.INTERCITY)]
    assert legs and all(i.mode is Mode.HSR for i in legs)
    assert wish(p, "transport") == ["honoured"]


def test_a_wished_flight_is_taken() -> None:
    p = plan(destinations=("chengdu",), days=4, prefer_transport=("flight",))
    legs = [i for _, i in items(p, ItemKind.INTERCITY)]
    assert legs and all(i.mode is Mode.FLIGHT for i in legs)


def test_morning_tea_is_a_breakfast_at_a_dim_sum_house() -> None:
    wanted = FoodWish(cuisine="dim-sum", meal="breakfast", said="早茶")
    p = plan(destinations=("guangzhou",), days=3, departure=None, food=(wanted,))
    breakfasts = [i for _, i in items(p, ItemKind.MEAL) if i.meal == "breakfast" and i.poi_id]
    places = [KB.restaurant(i.poi_id or "") for i in breakfasts]
    dim_sum = [i for i, r in zip(breakfasts, places, strict=True)
               if r and {"dim-sum", "tea-house"} & set(r.cuisines)]  # fmt: skip
    assert dim_sum, breakfasts
    assert all(clock_minutes(i.start) <= 10 * 60 + 30 for i in dim_sum)
    assert wish(p, "food") == ["honoured"]


def test_late_snack_is_after_nine() -> None:
    wanted = FoodWish(cuisine="street-food", meal="late", said="夜宵")
    p = plan(destinations=("changsha",), days=3, departure=None, food=(wanted,))
    late = [i for _, i in items(p, ItemKind.MEAL) if i.meal == "late"]
    assert late and all(clock_minutes(i.start) >= 21 * 60 for i in late)
    assert p.feasibility is not None and p.feasibility.passed


def test_late_snack_in_guangzhou_is_a_late_congee_not_dropped() -> None:
    """广州 dropped 夜宵 silently while 长沙 had it: no place serving it there was known to be
    open after 22:30 (the snack runs 21:15 + a ride + an hour). A late congee house is now."""
    wanted = FoodWish(cuisine="street-food", meal="late", said="想吃夜宵")
    p = plan(destinations=("guangzhou",), days=3, departure=None, food=(wanted,))
    late = [i for _, i in items(p, ItemKind.MEAL) if i.meal == "late"]
    assert late and all(clock_minutes(i.start) >= 21 * 60 for i in late)
    assert wish(p, "food") == ["honoured"]
    eaten = [i.poi_id for _, i in items(p, ItemKind.MEAL) if i.poi_id]
    shops = [poi for poi in eaten if (r := KB.restaurant(poi)) and r.kind != "food_street"]
    assert len(shops) == len(set(shops)), shops  # a snack shop is not also a later dinner


def test_late_snack_where_no_place_is_open_late_says_so() -> None:
    """A city whose known places all close before a late snack fits answers with that reason,
    not 'not open at that time or too far off'."""
    from engine.knowledge.hours import open_windows
    from engine.planning.candidates import serves

    def open_late(r) -> bool:  # type: ignore[no-untyped-def]
        return any(
            a <= 21 * 60 + 15 and 22 * 60 + 45 <= b for a, b in open_windows(r.hours, SATURDAY)
        )

    city = next(d.id for d in KB.destinations.values() if d.metro and not any(
        serves(r, "street-food") and open_late(r) for r in d.restaurants))  # fmt: skip
    wanted = FoodWish(cuisine="street-food", meal="late", said="想吃夜宵")
    p = plan(destinations=(city,), days=2, departure=None, food=(wanted,))
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "food"]
    assert row.status == "not" and row.message == "没有安排夜宵"
    assert "没有营业到深夜的夜宵去处" in (row.reason or "")


def test_hotpot_for_dinner() -> None:
    wanted = FoodWish(cuisine="hotpot", meal="dinner", said="晚上吃火锅")
    p = plan(destinations=("chongqing",), days=3, food=(wanted,))
    dinners = [KB.restaurant(i.poi_id or "") for _, i in items(p, ItemKind.MEAL)
               if i.meal == "dinner"]  # fmt: skip
    assert any(r and "hotpot" in r.cuisines for r in dinners)


def test_staying_on_the_island_means_on_it() -> None:
    on_island = LodgingWish(near=("xiamen-gulangyu",), on_site=True)
    p = plan(destinations=("xiamen",), days=3, lodging=on_island)
    stays = {i.poi_id for _, i in items(p, ItemKind.LODGING)}
    assert stays == {"xiamen-lodging-gulangyu"}
    assert wish(p, "lodging_area") == ["honoured"]


def test_a_sunrise_means_a_night_on_the_mountain_and_dawn_there() -> None:
    p = plan(destinations=("huangshan",), days=2, experiences=("sunrise",))
    first_night = next(i for i in p.days[0].items if i.kind is ItemKind.LODGING)
    assert first_night.poi_id == "huangshan-lodging-summit"
    dawn = [i for i in p.days[1].items if i.kind is ItemKind.FREE and "日出" in i.name]
    assert dawn and clock_minutes(dawn[0].start) < 7 * 60 + 30
    assert wish(p, "experience") == ["honoured"]
    assert p.feasibility is not None and p.feasibility.passed
    # from the summit hotel to the sunrise spot and back is a walk, not a cable car down and up
    morning = [i for i in p.days[1].items if i.kind is ItemKind.TRANSIT]
    rides = [i for i in morning if i.mode is Mode.CABLE_CAR]
    assert morning[0].mode is Mode.WALK and all("下山" not in r.name for r in rides[:-1]), [
        (i.name, i.mode) for i in morning
    ]


def test_the_way_up_to_a_summit_hotel_takes_its_time_and_a_wished_summit_night_sees_dawn() -> None:
    on_top = LodgingWish(near=("huangshan-lodging-summit",), on_site=True)
    p = plan(destinations=("huangshan",), days=3, experiences=("sunrise",), lodging=on_top)
    rides = [(d, i) for d in p.days for i in d.items if i.mode is Mode.CABLE_CAR]
    assert rides, "a summit hotel is reached by the cable car"
    for _day, ride in rides:  # the road to the gate, the shuttle, the cable car, the walk
        assert ride.minutes >= summit.CABLE_ACCESS_MIN + 5, (ride.name, ride.start, ride.end)
    up = [i for d, i in rides if "上山" in i.name]
    assert up and all(clock_minutes(i.end) <= 17 * 60 for i in up)
    dawn = [i for i in p.days[1].items if i.kind is ItemKind.FREE and "日出" in i.name]
    assert dawn and clock_minutes(dawn[0].start) < 7 * 60 + 30
    assert wish(p, "experience") == ["honoured"]
    assert p.feasibility is not None and p.feasibility.passed


def test_days_per_destination_are_kept() -> None:
    p = plan(destinations=("beijing", "tianjin"), days=3, destination_days=(2, 1))
    assert [d.destination for d in p.days] == ["beijing", "beijing", "tianjin"]


def test_limited_mobility_means_no_climbs_on_foot() -> None:
    from engine.planning.candidates import STEP_FREE

    p = plan(destinations=("huangshan",), days=3, access=("limited-mobility",),
             party=Party(adults=1, seniors=2))  # fmt: skip
    assert "limited-mobility" in STEP_FREE
    for _, item in items(p, ItemKind.ATTRACTION):
        place = KB.attraction(item.poi_id or "")
        assert place is not None
        assert "hiking" not in place.tags or "cable-car" in place.tags, place.name_zh


def test_a_small_child_rests_after_lunch() -> None:
    p = plan(destinations=("hangzhou",), days=3, party=Party(adults=2, children=1, child_ages=(3,)))
    rests = [i for _, i in items(p, ItemKind.FREE) if "午休" in i.name]
    assert rests


def test_every_wish_is_answered_and_unknown_words_echoed() -> None:
    said = (
        Wish(kind="transport", value="hsr", said="坐高铁"),
        Wish(kind="food", value="hotpot", said="吃火锅"),
        Wish(kind="lodging_area", value="chengdu-kuanzhai-alley", said="住宽窄巷子附近"),
        Wish(kind="access", value="altitude", said="怕高原"),
    )
    p = plan(
        destinations=("chengdu",),
        days=3,
        prefer_transport=("hsr",),
        food=(FoodWish(cuisine="hotpot", said="吃火锅"),),
        lodging=LodgingWish(near=("chengdu-kuanzhai-alley",)),
        access=("altitude",),
        wishes=said,
        unrecognized=("要有仪式感",),
    )
    assert p.feasibility is not None
    answers = p.feasibility.wishes
    assert [a.said for a in answers] == [
        "坐高铁",
        "吃火锅",
        "住宽窄巷子附近",
        "怕高原",
        "要有仪式感",
    ]
    assert answers[-1].message.startswith("没看懂")
    assert all(a.status == "honoured" or a.reason for a in answers)


def test_moving_between_far_apart_areas() -> None:
    p = plan(destinations=("huangshan",), days=4)
    nights = [i.poi_id for _, i in items(p, ItemKind.LODGING)]
    assert len(set(nights)) == 2, nights
    assert p.feasibility is not None and p.feasibility.passed


def test_at_most_two_streets_a_day_even_when_streets_are_all_there_is() -> None:
    from engine.knowledge.base import KnowledgeBase
    from tests.helpers.synthetic_kb import attraction, city

    base = city("alpha", 30.0, 120.0, n_sights=0)
    streets = [
        attraction("alpha", i, 30.0 + 0.004 * i, 120.0, tags=["shopping", "food"], popularity=5,
                   visit_minutes=60)
        for i in range(6)
    ] + [attraction("alpha", 9, 30.02, 120.0, tags=["park"], popularity=2, visit_minutes=60)]  # fmt: skip
    kb = KnowledgeBase()
    kb.add(base.model_copy(update={"attractions": tuple(streets)}))
    request = TripRequest(destinations=("alpha",), days=1, start_date=SATURDAY)
    p = plan_trip(request, kb, time_limit_s=0.3)
    planned = [i.poi_id for _, i in items(p, ItemKind.ATTRACTION)]
    assert sum(1 for poi in planned if poi != "alpha-a9") == 2, planned


def test_an_economy_pass_does_not_keep_the_first_pass_nights() -> None:
    """Over budget, the plan is made again cheaply: one cheap lodging, not the first pass's
    move between 汤口 and 宏村 left on the stay."""
    p = plan(destinations=("huangshan",), days=4, budget_cny=1500)
    nights = {i.poi_id for _, i in items(p, ItemKind.LODGING)}
    assert len(nights) == 1, nights


def test_a_theme_park_is_a_whole_day() -> None:
    """上海迪士尼 (11 hours) is a day of its own, lunch inside, not left out for the pace."""
    p = plan(destinations=("shanghai",), days=2, departure=None, must_see=("shanghai-disneyland",))
    visits = [i for _, i in items(p, ItemKind.ATTRACTION) if i.poi_id == "shanghai-disneyland"]
    assert visits and visits[0].minutes >= 600 and visits[0].meal == "lunch"
    assert p.feasibility is not None and p.feasibility.passed


def test_one_late_snack_leaves_the_other_evenings_their_night_view() -> None:
    """A 夜宵 wished once takes one evening; 重庆 in two days showed 洪崖洞 (a headline whose
    point is after dark) at 14:12 because the wish took every evening's night view away."""
    from engine.knowledge.sun import sun_times

    wanted = FoodWish(cuisine="street-food", meal="late", said="晚上想吃夜宵")
    p = plan(destinations=("chongqing",), days=2, departure=None, food=(wanted,))
    late = [i for _, i in items(p, ItemKind.MEAL) if i.meal == "late"]
    assert late, "the 夜宵 is still served"
    seen = [(d, i) for d, i in items(p, ItemKind.ATTRACTION) if i.poi_id == "chongqing-hongyadong"]
    assert seen
    day, visit = seen[0]
    place = KB.attraction("chongqing-hongyadong")
    assert place is not None
    date = next(d.date for d in p.days if d.index == day)
    _, sunset = sun_times(place.lat, place.lon, date)
    assert clock_minutes(visit.end) >= sunset + 20, (day, visit.start, visit.end)
