"""Pace profiles: the day's time frame, attraction count and meal lengths per pace.

Figures are planning conventions, not facts: a relaxed day starts at 09:00 and ends back at
the lodging by 20:30 with at most 4 attractions and 4 hours of sightseeing; a normal day
08:30–21:30 with at most 6 and 6.5 hours; a packed day 07:30–22:00 with at most 9 and 9.5 hours.
(A day given to one long place — a mountain — may exceed the hours.) Meal windows constrain the *start* of a meal
(lunch 11:00–13:30, dinner 17:30–19:30; breakfast ends by the day's start), following the
breakfast/lunch/dinner windows of the ChinaTravel environment constraints.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from engine.domain.itinerary import Day, ItemKind, clock_minutes
from engine.domain.request import Pace, TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.sun import sun_times

FULL_DAY_START = 7 * 60  # a day given to one long attraction (a mountain) starts early


@dataclass(frozen=True)
class PaceProfile:
    """Minutes after midnight unless named otherwise."""

    day_start: int
    day_end: int
    max_attractions: int
    max_visit_minutes: int
    lunch_minutes: int
    dinner_minutes: int
    breakfast_minutes: int = 30
    #: Whether a night view after dinner is an evening outing outside `max_visit_minutes`
    #: (`evening_outing`). Not for a relaxed pace: 「别太赶」 counts every hour on one's feet
    #: (relaxed plans had 4 h of sights and then 1.5 h of night street: 322 min for a 240 limit).
    evening_outings: bool = True
    #: The earliest a day may set out when a long place needs it (a mountain, a trip out of
    #: town: `FULL_DAY_START`), later for a person who said no early mornings (`day_profile`).
    earliest: int = FULL_DAY_START
    #: 怕热 / 怕晒 said (``heat`` / ``sun``): outdoor sights kept out of the midday on hot days
    #: (`engine.planning.weather.shaded`); None when not said.
    shade: str | None = None

    @property
    def late_start(self) -> bool:
        """Whether the person said no early mornings (`day_profile`): even the leg out leaves
        after the day's start (`engine.planning.frames.outbound_departure`)."""
        return self.earliest > FULL_DAY_START

    def after_visit(self, minutes: int) -> PaceProfile:
        """The profile left for the rest of a day once a visit of `minutes` (a dawn visit, a
        one-way cruise that is the day's move) is counted as one of its sights: one sight and
        those minutes fewer, at least one sight and 60 minutes."""
        return replace(
            self,
            max_attractions=max(1, self.max_attractions - 1),
            max_visit_minutes=max(60, self.max_visit_minutes - minutes),
        )


PROFILES: dict[Pace, PaceProfile] = {
    Pace.RELAXED: PaceProfile(9 * 60, 20 * 60 + 30, 4, 240, 75, 90, evening_outings=False),
    Pace.NORMAL: PaceProfile(8 * 60 + 30, 21 * 60 + 30, 6, 390, 60, 75),
    Pace.PACKED: PaceProfile(7 * 60 + 30, 22 * 60, 9, 570, 45, 60),
}

#: A night view or night street visited from this hour on (大唐不夜城, 珠江夜游, 西湖 by night)
#: is the evening's outing after dinner: it counts as a sight but not against the day's
#: sightseeing hours (a day of 6.5 hours of sights still ends with the city lit up).
EVENING_OUTING_FROM = 18 * 60
NIGHT_TAGS = frozenset({"night-view", "nightlife"})
LUNCH_WINDOW = (11 * 60, 13 * 60 + 30)
DINNER_WINDOW = (17 * 60 + 30, 19 * 60 + 30)
BREAKFAST_WINDOW = (6 * 60 + 30, 10 * 60)
#: How much later evenings run in the far west, at most (minutes): `west_lag`.
WEST_LATER_MAX = 90
#: Minutes of the sun's lag behind Beijing time that leave dinner's hours as they are.
WEST_LAG_FREE_MIN = 45
#: The far west, where evenings move: a lag of this many minutes or more (west of 100°E).
WEST_FROM_LAG_MIN = 80
#: Validator tolerance: a meal may start this early/late (ChinaTravel-style windows).
MEAL_CHECK_WINDOWS = {
    "breakfast": (6 * 60, 10 * 60 + 30),
    "lunch": (10 * 60 + 30, 14 * 60),
    "dinner": (16 * 60 + 30, 21 * 60),
    "late": (20 * 60 + 30, 23 * 60 + 30),  # 夜宵, a late-night snack
}


def west_lag(lon: float) -> int:
    """Minutes (0 to `WEST_LATER_MAX`) by which evenings run later at longitude `lon` (degrees
    east): the whole country keeps UTC+8, so in the far west the clock runs ahead of the sun and
    evenings — dinner, the walk back — come late by the clock.

    Formula: the sun is (120° − lon) × 4 minutes behind Beijing time (4 minutes per degree of
    longitude; UTC+8 is the mean solar time of 120°E). The first `WEST_LAG_FREE_MIN` minutes
    of that lag change nothing, and east of 100°E (a lag under `WEST_FROM_LAG_MIN`: 成都, 昆明,
    西宁) none of it does; the rest counts, up to `WEST_LATER_MAX`: 敦煌 (94.7°E) 56, 拉萨
    (91.1°E) 71, 乌鲁木齐 (87.6°E) 85, 喀什 90."""
    lag = round((120.0 - lon) * 4)
    if lag < WEST_FROM_LAG_MIN:  # not the far west: 成都, 昆明, 西宁 keep the usual hours
        return 0
    return max(0, min(WEST_LATER_MAX, lag - WEST_LAG_FREE_MIN))


def dinner_window(lat: float, lon: float, date: dt.date) -> tuple[int, int]:
    """Dinner's start window (minutes after local midnight, Beijing time) at (`lat`, `lon`) on
    `date`: `DINNER_WINDOW`, its end `west_lag` later in the far west on a day whose sun sets
    after the window (敦煌 in March until 20:26, within the validator's dinner hours,
    `MEAL_CHECK_WINDOWS`, until 21:00); as `day_end`, so the two move together."""
    lo, hi = DINNER_WINDOW
    late = sun_times(lat, lon, date)[1] > hi
    return lo, hi + (west_lag(lon) if late else 0)


def day_end(profile: PaceProfile, lat: float, lon: float, date: dt.date) -> int:
    """When a day at `profile`'s pace ends back at the lodging at (`lat`, `lon`) on `date`
    (minutes after midnight): `PaceProfile.day_end`, `west_lag` later in the far west on a day
    whose sun sets after dinner's usual hours (`DINNER_WINDOW`), so that a dinner after 敦煌's
    19:40 March sunset still leaves the ride back — not on a winter day at 喀纳斯, whose 18:20
    sunset left the evening for a 135-km drive back after dark."""
    late = sun_times(lat, lon, date)[1] > DINNER_WINDOW[1]
    return profile.day_end + (west_lag(lon) if late else 0)


def profile(pace: Pace) -> PaceProfile:
    return PROFILES[pace]


def day_profile(request: TripRequest, day: int) -> PaceProfile:
    """The profile of day `day` (1-based) of `request`: its pace (`TripRequest.day_pace`, else
    `TripRequest.pace`), starting no earlier than `TripRequest.earliest_start` when said
    (「不想早起」: neither the usual start nor a mountain day's early one), shaded from the
    midday when 怕热 / 怕晒 is said (`PaceProfile.shade`)."""
    prof = profile(request.day_pace.get(day, request.pace))
    said = {w.value for w in request.wishes if w.kind == "weather"}
    shade = next((v for v in ("heat", "sun") if v in said), None)
    if shade is not None:
        prof = replace(prof, shade=shade)
    late = request.earliest_start
    if late is None:
        return prof
    return replace(prof, day_start=max(prof.day_start, late), earliest=max(prof.earliest, late))


def evening_outing(tags: tuple[str, ...] | frozenset[str], start: int, pace: PaceProfile) -> bool:
    """Whether a visit to a place with `tags` starting at `start` (minutes after midnight) is
    an evening outing (`EVENING_OUTING_FROM`, `NIGHT_TAGS`), outside the sightseeing hours of
    `pace` (never for a pace without `evening_outings`)."""
    return pace.evening_outings and start >= EVENING_OUTING_FROM and bool(NIGHT_TAGS & set(tags))


def sightseeing_minutes(
    minutes: int,
    tags: tuple[str, ...] | frozenset[str],
    start: int,
    pace: PaceProfile,
    meal: str | None = None,
) -> int:
    """The minutes of a visit that count against `pace`'s sightseeing hours
    (`PaceProfile.max_visit_minutes`): a visit of `minutes` to a place with `tags`, starting at
    `start` (minutes after midnight), with `meal` (``lunch`` / ``dinner``) eaten inside or None.

    The one definition the planner's model (the loads of its visits), the editor's re-timing
    and the validator's pace check share: none for an evening outing (`evening_outing`); a meal
    eaten inside (lunch at 宋城, dinner at 冰雪大世界) is half the pace's meal length of the
    visit, and not sightseeing.
    """
    if evening_outing(tags, start, pace):
        return 0
    meal_minutes = {"lunch": pace.lunch_minutes, "dinner": pace.dinner_minutes}.get(meal or "", 0)
    return max(0, minutes - meal_minutes // 2)


def day_sightseeing(day: Day, kb: KnowledgeBase, pace: PaceProfile) -> int:
    """Minutes of `day`'s sights that count against `pace`'s sightseeing hours
    (`sightseeing_minutes` of each, at its start and with its meal inside)."""
    total = 0
    for item in day.items:
        if item.kind != ItemKind.ATTRACTION:
            continue
        place = kb.attraction(item.poi_id or "")
        tags = place.tags if place is not None else ()
        total += sightseeing_minutes(item.minutes, tags, clock_minutes(item.start), pace, item.meal)
    return total
