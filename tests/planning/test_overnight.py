"""Overnight legs and timetables: sleeper trains out and home, chosen when the budget needs them."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace, Party, TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import IntercityLink
from engine.planning import intercity, legs, plan_trip
from engine.planning.pace import profile
from tests.helpers.synthetic_kb import PROV, city

START = dt.date(2026, 12, 7)  # a Monday


def link(a: str, b: str, mode: str, minutes: int, fare: float, first: str, last: str,
         service: str = "") -> IntercityLink:  # fmt: skip
    """A link between the two cities' stations (a scheduled service when `service` is given)."""
    return IntercityLink(a=a, b=b, a_hub=f"{a}-station", b_hub=f"{b}-station", mode=mode,
                         duration_minutes=minutes, fare_cny=fare, first_departure=first,
                         last_departure=last, service=service, **PROV)  # fmt: skip


def far_kb() -> KnowledgeBase:
    """`north` and `south`: a 5-hour HSR link (600 CNY) both ways, and one sleeper each way
    (Z1 north→south 20:00, Z2 south→north 20:30; 12 h, 150 CNY)."""
    kb = KnowledgeBase()
    kb.add(city("north", 39.9, 116.4))
    kb.add(city("south", 31.2, 121.45))
    kb.links += [
        link("north", "south", "hsr", 300, 600, "06:30", "18:00"),
        link("north", "south", "train", 720, 150, "20:00", "20:00", "Z1"),
        link("south", "north", "train", 720, 150, "20:30", "20:30", "Z2"),
    ]
    return kb


def request(days: int, budget: int | None, people: int = 2) -> TripRequest:
    return TripRequest(
        destinations=("south",),
        departure="north",
        days=days,
        start_date=START,
        party=Party(adults=people),
        budget_cny=budget,
    )


def legs_of(plan: Itinerary) -> list[tuple[int, str, str | None]]:
    return [
        (d.index, i.name, i.overnight)
        for d in plan.days
        for i in d.items
        if i.kind == ItemKind.INTERCITY
    ]


def test_a_scheduled_service_runs_one_way_only() -> None:
    kb = far_kb()
    north, south = kb.destinations["north"], kb.destinations["south"]
    there = {o.service for o in intercity.options(kb, north, south)}
    back = {o.service for o in intercity.options(kb, south, north)}
    assert there == {"", "Z1"} and back == {"", "Z2"}  # the typical HSR link runs both ways
    z1 = next(o for o in intercity.options(kb, north, south) if o.service == "Z1")
    assert z1.scheduled and z1.first_departure == z1.last_departure == 20 * 60


def test_without_a_budget_the_fast_link_is_taken_the_same_day() -> None:
    plan = plan_trip(request(4, None), far_kb())
    out, home = plan.days[0].items[0], plan.days[-1].items[-1]
    assert out.kind == home.kind == ItemKind.INTERCITY
    assert out.mode is not None and out.mode.value == "hsr" and out.overnight is None
    assert home.overnight is None and plan.feasibility is not None and plan.feasibility.passed


def test_a_tight_budget_takes_the_sleepers_and_stays_feasible() -> None:
    kb = far_kb()
    fast = plan_trip(request(4, None), kb)
    budget = 2600
    assert fast.total_cost_cny > budget  # the fast plan would not do
    plan = plan_trip(request(4, budget), kb)
    report = plan.feasibility
    assert report is not None and report.passed, [c.message for c in report.failures]
    assert plan.total_cost_cny <= budget
    overnight = [i for d in plan.days for i in d.items if i.overnight]
    assert overnight, legs_of(plan)
    for day in plan.days:
        for item in day.items:
            if item.overnight == "depart":  # the night is aboard: no lodging that night
                assert item is day.items[-1] and day.lodging_id is None
                assert "次日08:" in (item.note or "") and item.cost_cny == 150 * 2
                after = plan.days[day.index]  # the next day (index is 1-based)
                arrival = after.items[0]
                assert arrival.overnight == "arrive" and arrival.cost_cny == 0
                assert arrival.name == item.name and str(arrival.start).startswith("08:")
    if plan.days[0].items[-1].overnight == "depart":  # out by sleeper: day 1 is only the train
        assert [i.kind for i in plan.days[0].items] == [ItemKind.INTERCITY]
        assert any(i.kind == ItemKind.ATTRACTION for i in plan.days[1].items)
    if plan.days[-1].items[0].overnight == "arrive":  # home by sleeper: the last day arrives
        assert len(plan.days[-1].items) == 1


def test_two_overnight_legs_never_squeeze_a_two_day_trip() -> None:
    plan = plan_trip(request(2, 800), far_kb())  # too little for anything: the cheapest that fits
    report = plan.feasibility
    assert report is not None
    assert all(c.passed for c in report.checks if c.code not in ("budget",))
    nights = [i for d in plan.days for i in d.items if i.overnight == "depart"]
    assert len(nights) <= 1  # two would leave no day at the destination
    assert any(i.kind == ItemKind.ATTRACTION for d in plan.days for i in d.items)


def shape(days: int, **kw: float | None) -> legs.TripShape:
    pace = profile(Pace.NORMAL)
    fields = {
        "days": days,
        "first_stay_days": days,
        "last_stay_days": days,
        "first_profile": pace,
        "last_profile": pace,
        "people": 2,
        "night_cny": 300.0,
    }
    return legs.TripShape(**fields, **kw)  # type: ignore[arg-type]


def option(service: str, depart: str, minutes: int, fare: float) -> intercity.IntercityOption:
    a, b = intercity.Point("甲站", "A", 30.0, 120.0), intercity.Point("乙站", "B", 31.0, 121.0)
    t = int(depart[:2]) * 60 + int(depart[3:])
    mode = "train" if service else "hsr"
    return intercity.IntercityOption(
        mode, a, b, minutes, fare, t, t if service else 18 * 60, "estimated", service=service
    )


def test_a_leg_arriving_in_the_small_hours_is_not_offered() -> None:
    pace = profile(Pace.NORMAL)
    small_hours = option("T1", "12:15", 804, 178)  # arrives 01:39
    morning = option("Z2", "20:00", 720, 150)
    before_dawn = option("K5", "01:55", 180, 20)  # the first morning, long before the day starts
    late = option("G9", "22:25", 70, 90)  # lands 23:35: too late to find the lodging
    assert legs.outbound_legs([before_dawn, late], pace) == []
    assert [leg.option.service for leg in legs.outbound_legs([small_hours, morning], pace)] == [
        "Z2"
    ]
    assert [leg.option.service for leg in legs.home_legs([small_hours, morning], pace)] == ["Z2"]


def test_fits_keeps_a_day_at_the_destination() -> None:
    sleeper = legs.Leg(option("Z1", "20:00", 720, 150), 20 * 60)
    fast = legs.Leg(option("", "08:00", 300, 600), 8 * 60)
    late_home = legs.Leg(option("", "17:00", 300, 600), 17 * 60)
    assert not legs.fits(sleeper, sleeper, shape(2))  # out and home overnight in two days
    assert legs.fits(sleeper, late_home, shape(2))  # arrive 08:00 day 2, leave 17:00
    assert not legs.fits(sleeper, late_home, shape(1))
    assert legs.fits(fast, sleeper, shape(2))  # arrive 13:00 day 1, sleeper home that night
    assert legs.daytime(fast, late_home, shape(2)) > legs.daytime(sleeper, late_home, shape(2))


def test_economy_takes_the_cheapest_then_the_most_time_the_budget_allows() -> None:
    fast, sleeper = option("", "08:00", 300, 600), option("Z1", "20:00", 720, 150)
    found = [fast, sleeper]
    # no sum said and no night aboard asked: the daytime legs (sleepers both ways had left
    # 「Xi'an for 3 days on a shoestring」 one day in 西安)
    cheapest = legs.choose(found, found, shape(4), economy=True)
    assert [leg.overnight for leg in cheapest] == [False, False]
    assert legs.choose(found, found, shape(4), economy=False)[0].option is fast
    # money: two fast legs 2 400 + 3 nights 900; one sleeper 1 500 + 600; two 600 + 300; the
    # rest (300 for the two sleepers' daytime) grows with the daytime a pair leaves
    roomy = legs.choose(found, found, shape(4, budget_cny=5000.0, rest_cny=300.0), economy=True)
    assert not any(leg.overnight for leg in roomy)
    tight = legs.choose(found, found, shape(4, budget_cny=2700.0, rest_cny=300.0), economy=True)
    assert sum(leg.overnight for leg in tight) == 1


def test_an_overnight_leg_is_one_calendar_event_and_one_guide_line() -> None:
    from icalendar import Calendar

    from engine.export.ics import to_ics
    from engine.guide import write_guide

    kb = far_kb()
    plan = plan_trip(request(4, 2600), kb)
    departs = [(d, i) for d in plan.days for i in d.items if i.overnight == "depart"]
    assert departs
    events = [e for e in Calendar.from_ical(to_ics(plan)).walk("VEVENT")
              if "intercity" in str(e.get("categories").to_ical())]  # fmt: skip
    assert len(events) == 2  # out and home, whatever their kind
    day, item = departs[0]
    event = next(e for e in events if e.decoded("dtstart").date() == day.date)
    end = event.decoded("dtend")
    assert end.date() == day.date + dt.timedelta(days=1) and end.hour == 8
    guide = write_guide(plan, kb).markdown
    transport = guide[guide.index("## 交通") :]
    assert transport.count(item.name) == 1 and "次日08:00到达" in transport
    assert f"**{item.start:%H:%M}–次日08:" in guide  # the day's line shows when it lands


def test_a_trip_too_short_for_the_only_train_is_a_clear_error() -> None:

    from engine.planning import PlanningError

    kb = far_kb()
    kb.links[:] = [lk.model_copy(update={"duration_minutes": 1800}) for lk in kb.links]  # 30 h
    with pytest.raises(PlanningError) as caught:
        plan_trip(request(2, None), kb)
    assert caught.value.code == "trip_too_short"
    assert "至少要安排4天" in caught.value.zh and "at least 4 days" in caught.value.en


def test_a_morning_train_home_leaves_time_to_reach_a_far_station() -> None:
    pace = profile(Pace.NORMAL)  # the day starts 08:30
    morning = option("G7", "10:30", 120, 200)  # boarding 10:00
    assert legs.home_legs([morning], pace, lambda hub: 20) != []
    assert legs.home_legs([morning], pace, lambda hub: 90) == []  # an airport 50 km out


def test_the_gpx_track_reaches_the_far_station_when_the_sleeper_arrives() -> None:
    import gpxpy

    from engine.export.gpx import to_gpx

    plan = plan_trip(request(4, 2600), far_kb())
    assert plan.days[0].items[-1].overnight == "depart"
    gpx = gpxpy.parse(to_gpx(plan))
    points = [p for t in gpx.tracks for s in t.segments for p in s.points]
    times = [p.time for p in points]
    assert times == sorted(times)  # one journey, in time order
    south = plan.days[1].items[0]  # the arrival at south's station, 08:00 (00:00 UTC) on day 2
    first = next(p for p in points if (p.latitude, p.longitude) == (south.lat, south.lon))
    assert (
        first.time is not None and first.time.day == plan.days[1].date.day and first.time.hour == 0
    )


def test_still_over_budget_the_leaner_plan_eats_cheaper_and_says_what_it_needs() -> None:
    from tests.helpers.synthetic_kb import restaurant

    kb = far_kb()
    south = kb.destinations["south"]
    cheap = [restaurant("south", 10 + i, 31.2 + 0.004 * i, 121.46, price_per_person_cny=30)
             for i in range(4)]  # fmt: skip
    kb.add(south.model_copy(update={"restaurants": (*south.restaurants, *cheap)}))
    plan = plan_trip(request(4, 1200), kb)  # less than the sleepers and one night cost
    meals = [i for d in plan.days for i in d.items if i.meal in ("lunch", "dinner")]
    assert meals and all(i.cost_cny <= 35 * 2 for i in meals)
    report = plan.feasibility
    assert report is not None
    budget = next(c for c in report.checks if c.code == "budget")
    assert not budget.passed and "1200" in budget.message
