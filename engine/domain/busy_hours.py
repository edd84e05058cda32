r"""The hours a traveller keeps for their own affairs, read from a ``busy`` wish's value
(`engine.understanding.trip_hours` writes it: ``"2:all"``, ``"1:afternoon"``, ``"free:3"``,
``"2:09:00-18:00"``) into `BusyTime`\s — in the domain, so that planning reads them without the
understanding layer."""

from __future__ import annotations

from engine.domain.request import BusyTime

#: Busy parts of a day (minutes after midnight, local): ``all`` is the whole day — no
#: sightseeing, only breakfast and dinner near the lodging; ``day`` the working day (白天,
#: "during the day"), the evening free. Planning conventions, not facts.
PARTS: dict[str, tuple[int, int]] = {
    "all": (9 * 60, 18 * 60),
    "day": (9 * 60, 18 * 60),
    "morning": (8 * 60 + 30, 12 * 60),
    "noon": (11 * 60 + 30, 14 * 60),
    "afternoon": (13 * 60, 18 * 60),
    "evening": (18 * 60, 22 * 60),
}


def clock_minutes(value: str) -> int:
    """``"HH:MM"`` → minutes after midnight."""
    hour, _, minute = value.partition(":")
    return int(hour) * 60 + int(minute)


def busy_times(value: str, days: int) -> list[BusyTime]:
    """The busy hours a ``busy`` wish value means on a trip of `days` days (none for a day
    outside the trip)."""
    day_said, _, part = value.partition(":")
    if day_said == "free":
        keep = days if part == "L" else int(part)
        return (
            [_busy_time(d, "all") for d in range(1, days + 1) if d != keep]
            if 1 <= keep <= days
            else []
        )
    day = days if day_said == "L" else int(day_said)
    return [_busy_time(day, part)] if 1 <= day <= days else []


def _busy_time(day: int, part: str) -> BusyTime:
    if part in PARTS:
        start, end = PARTS[part]
    else:
        a, _, b = part.partition("-")
        start, end = clock_minutes(a), clock_minutes(b)
    return BusyTime(day=day, start=start, end=end, all_day=part == "all")
