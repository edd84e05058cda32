"""The traveller's own hours in whole plans (issue 12, tester F2.1, F10.1, F12.2): the leg out
lands at the hour said, the leg home leaves at it, busy hours hold no sight, a night train is
taken where the legs data has one and refused with the reason where it has none."""

from __future__ import annotations

from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.domain.request import BusyTime, Wish
from tests.helpers import plans


def legs(day: Day) -> list:  # type: ignore[type-arg]
    return [i for i in day.items if i.kind == ItemKind.INTERCITY]


def sights(day: Day) -> list:  # type: ignore[type-arg]
    return [i for i in day.items if i.kind == ItemKind.ATTRACTION]


def row(p: Itinerary, kind: str):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    (found,) = [w for w in p.feasibility.wishes if w.kind == kind]
    return found


def test_a_business_trip_lands_late_keeps_the_meeting_day_and_flies_home_at_its_hour() -> None:
    p = plans.plan(
        departure="beijing",
        destinations=("shanghai",),
        days=3,
        arrival_time=22 * 60,
        home_departure_time=20 * 60,
        busy=(BusyTime(day=2, start=9 * 60, end=18 * 60, all_day=True),),
        wishes=(
            Wish(kind="arrival", value="22:00", said="I land at 22:00"),
            Wish(kind="departure", value="20:00", said="my 20:00 flight home"),
            Wish(kind="busy", value="2:all", said="meetings all day on day 2"),
        ),
        lang="en",
    )
    day1, day2, day3 = p.days
    (out,) = legs(day1)
    assert clock_minutes(out.end) == 22 * 60
    assert not sights(day1)  # straight to the hotel
    assert not sights(day2)
    busy = [i for i in day2.items if i.kind == ItemKind.FREE and "meetings" in i.name]
    assert [(clock_minutes(i.start), clock_minutes(i.end)) for i in busy] == [(9 * 60, 18 * 60)]
    assert [i.meal for i in day2.items if i.kind == ItemKind.MEAL] == ["breakfast", "dinner"]
    assert clock_minutes(legs(day3)[-1].start) == 20 * 60
    assert sights(day3)
    # the meeting day is no 「day 2 is light: visit … on day 2」 offer
    assert p.feasibility is not None
    assert not [c for c in p.feasibility.checks if c.code == "day_trips" and not c.passed]
    for kind in ("arrival", "departure", "busy"):
        assert row(p, kind).status == "honoured", row(p, kind)


def test_a_busy_afternoon_keeps_its_hours_free_and_the_morning_for_sights() -> None:
    p = plans.plan(
        destinations=("hangzhou",),
        days=3,
        busy=(BusyTime(day=2, start=13 * 60, end=18 * 60),),
        wishes=(Wish(kind="busy", value="2:afternoon", said="第二天下午有事"),),
    )
    day2 = p.days[1]
    assert sights(day2)
    for s in sights(day2):
        assert clock_minutes(s.end) <= 13 * 60 or clock_minutes(s.start) >= 18 * 60, s
    # dinner once the busy hours are over, and the plan holds together
    assert [i for i in day2.items if i.meal == "dinner" and clock_minutes(i.start) >= 18 * 60]
    assert p.feasibility is not None and p.feasibility.passed
    assert row(p, "busy").status == "honoured"


def test_a_night_train_is_taken_where_one_runs() -> None:
    p = plans.plan(
        departure="lanzhou",
        destinations=("dunhuang",),
        days=4,
        overnight_legs=("out",),
        wishes=(Wish(kind="overnight", value="out", said="坐卧铺去"),),
    )
    (out,) = legs(p.days[0])
    assert out.overnight == "depart" and out.mode is not None and out.mode.value == "train"
    assert row(p, "overnight").status == "honoured"


def test_a_night_train_the_legs_data_does_not_know_is_refused_with_the_reason() -> None:
    p = plans.plan(
        departure="guangzhou",
        destinations=("guilin",),
        days=3,
        overnight_legs=("out",),
        arrival_time=6 * 60,
        wishes=(
            Wish(kind="overnight", value="out", said="夜里的卧铺火车"),
            Wish(kind="arrival", value="06:00", said="早上6点到"),
        ),
    )
    night, arrival = row(p, "overnight"), row(p, "arrival")
    assert night.status == "not" and "没有夜间卧铺" in (night.reason or "")
    assert arrival.status == "partly" and "06:00" in (arrival.reason or "")
