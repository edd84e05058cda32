"""The traveller's own hours judged from a plan's content (`Expect.arrival`, `home_departure`,
`busy`, `overnight`): the leg out arrives within `NEAR_MIN` minutes of the hour said (the next
morning after a night aboard), the leg home leaves within it, no sight inside busy hours (none at
all on a day busy ``all`` day), the leg asked for overnight is. Each is a (kind, honoured,
detail) for `plan_quality_wishes`, the kinds those of the report's rows."""

from __future__ import annotations

import datetime as dt

from bench.plan_quality_expect import Expect
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes

NEAR_MIN = 30


def judged(plan: Itinerary, expect: Expect) -> list[tuple[str, bool, str]]:
    out: list[tuple[str, bool, str]] = []
    legs = [(d, i) for d in plan.days for i in d.items if i.kind == ItemKind.INTERCITY]
    out_leg = legs[0] if legs else None
    home_leg = next(((d, i) for d, i in reversed(legs) if i.overnight != "arrive"), None)
    if expect.arrival is not None:
        at = _arrival(plan, out_leg)
        ok = at is not None and abs(at - _minutes(expect.arrival)) <= NEAR_MIN
        out.append(("arrival", ok, f"arrive {expect.arrival} (at {_clock(at)})"))
    if expect.home_departure is not None:
        at = clock_minutes(home_leg[1].start) if home_leg else None
        ok = at is not None and abs(at - _minutes(expect.home_departure)) <= NEAR_MIN
        out.append(("departure", ok, f"leave {expect.home_departure} (at {_clock(at)})"))
    for day, hours in expect.busy.items():
        out.append(_busy(plan.days[int(day) - 1], hours))
    for way in expect.overnight:
        leg = out_leg if way == "out" else home_leg
        ok = leg is not None and leg[1].overnight == "depart"
        out.append(("overnight", ok, f"overnight {way}" + (f" ({leg[1].name})" if leg else "")))
    return out


def _arrival(plan: Itinerary, out_leg: tuple[Day, Item] | None) -> int | None:
    if out_leg is None:
        return None
    day, leg = out_leg
    if leg.overnight == "depart" and len(plan.days) > day.index:
        came = [i for i in plan.days[day.index].items if i.overnight == "arrive"]
        return clock_minutes(came[0].start) if came else None
    return clock_minutes(leg.end)


def _busy(day: Day, hours: str) -> tuple[str, bool, str]:
    sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
    if hours != "all":
        a, _, b = hours.partition("-")
        lo, hi = _minutes(a), _minutes(b)
        sights = [i for i in sights if clock_minutes(i.start) < hi and clock_minutes(i.end) > lo]
    shown = f" ({sights[0].name})" if sights else ""
    return ("busy", not sights, f"day {day.index} busy {hours}{shown}")


def _minutes(hour: str) -> int:
    return clock_minutes(dt.time.fromisoformat(hour))


def _clock(minutes: int | None) -> str:
    return "none" if minutes is None else f"{minutes // 60:02d}:{minutes % 60:02d}"
