"""Planning for the weather the travellers feel (wish kind ``weather``: 怕冷 ``cold``, 怕热
``heat``, 怕晒 ``sun``), on the dates and at the destination where it matters
(`engine.knowledge.climate`: `freezing` winters, `hot` summers, the highlands' strong sun).

- In the cold, an outdoor visit lasts at most `COLD_OUTDOOR_MINUTES` (the ice park's main part,
  not five hours straight at -20 °C) and indoor sights weigh `INDOOR_BONUS` more, so days mix
  warm stops between the outdoor ones.
- In the heat (or strong sun), an outdoor visit over midday (`MIDDAY`) is worth
  `MIDDAY_WEIGHT` of its prize, so outdoor sights go early or late and indoor sights and lunch
  fill the middle of the day; indoor sights weigh `INDOOR_BONUS` more.

Planning conventions (not measured facts); elsewhere nothing changes.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from engine.domain.request import TripRequest
from engine.knowledge.climate import freezing, highland, hot
from engine.knowledge.schema import Attraction, Destination

if TYPE_CHECKING:
    from engine.planning.frames import DayFrame

#: Tags of a sight seen under a roof (a museum, a show, a mall, a hot spring's pools).
#: A ``shopping`` street is walked outdoors (中央大街), so that tag alone is not a roof.
INDOOR_TAGS = frozenset({"indoor", "museum", "performance", "duty-free", "hot-spring"})
#: Minutes of one outdoor visit at most in a freezing winter, for someone who feels the cold.
COLD_OUTDOOR_MINUTES = 150
#: How much more an indoor sight weighs when the weather is felt on the trip's dates.
INDOOR_BONUS = 1.25
#: The hottest hours (minutes after local midnight): 11:00–15:00.
MIDDAY = (11 * 60, 15 * 60)
#: What an outdoor visit over `MIDDAY` is worth, as a share of its prize, on a hot day.
MIDDAY_WEIGHT = 0.5


def felt(request: TripRequest) -> frozenset[str]:
    """The weather values said (``cold``, ``heat``, ``sun``)."""
    return frozenset(w.value for w in request.wishes if w.kind == "weather")


def indoor(a: Attraction) -> bool:
    """Whether `a` is seen indoors (`INDOOR_TAGS`, and not tagged ``outdoor``)."""
    tags = set(a.tags)
    return "outdoor" not in tags and bool(INDOOR_TAGS & tags)


def trip_dates(request: TripRequest) -> list[dt.date]:
    """The trip's dates (local)."""
    start = request.resolved_start_date()
    return [start + dt.timedelta(days=i) for i in range(request.days)]


def cold_on(dest: Destination, date: dt.date) -> bool:
    """Whether `date` at `dest` is in a freezing winter (`engine.knowledge.climate.freezing`)."""
    return freezing(dest, date.month)


def heat_on(dest: Destination, date: dt.date, value: str) -> bool:
    """Whether the midday is to be avoided on `date` at `dest` for `value` (``heat``: a `hot`
    month; ``sun``: a hot month, or any day in the highlands where the sun is strong)."""
    return hot(dest, date.month) or (value == "sun" and highland(dest))


def applies(request: TripRequest, dest: Destination) -> frozenset[str]:
    """The weather values felt that matter at `dest` on some day of the trip."""
    dates = trip_dates(request)
    out = set()
    for value in felt(request):
        if value == "cold" and any(cold_on(dest, d) for d in dates):
            out.add(value)
        if value in ("heat", "sun") and any(heat_on(dest, d, value) for d in dates):
            out.add(value)
    return frozenset(out)


def rests_at_noon(request: TripRequest, dest: Destination, date: dt.date) -> bool:
    """Whether `date` at `dest` keeps a wait over the midday as the rest from the heat (怕热 or
    怕晒 said, and hot that day): the morning is not started later to fill it
    (`engine.planning.late_start`)."""
    return any(v in ("heat", "sun") and heat_on(dest, date, v) for v in felt(request))


def for_weather(a: Attraction, needs: frozenset[str]) -> Attraction:
    """`a` as visited in the cold (`needs` holds ``cold``): an outdoor visit cut to
    `COLD_OUTDOOR_MINUTES`; else unchanged."""
    if "cold" in needs and not indoor(a) and a.visit_minutes > COLD_OUTDOOR_MINUTES:
        return a.model_copy(update={"visit_minutes": COLD_OUTDOOR_MINUTES})
    return a


def weather_score(a: Attraction, score: float, needs: frozenset[str]) -> float:
    """`score` of `a`, `INDOOR_BONUS` more for an indoor sight when some weather is felt."""
    return round(score * INDOOR_BONUS, 3) if needs and indoor(a) else score


def shaded(
    a: Attraction, frame: DayFrame, windows: list[tuple[int, int, float]], minutes: int = 0
) -> list[tuple[int, int, float]]:
    """`windows` (start-of-visit ranges, minutes after midnight, with a weight) of a visit to
    `a` lasting `minutes` (default its `visit_minutes`): an outdoor visit over `MIDDAY` is
    weighed `MIDDAY_WEIGHT` on a hot day when the frame's `PaceProfile.shade` (``heat`` or
    ``sun``) is felt; else unchanged."""
    shade = frame.profile.shade
    if shade is None or indoor(a) or not heat_on(frame.destination, frame.date, shade):
        return windows
    # a visit starting strictly between lo and hi overlaps the midday
    lo, hi = MIDDAY[0] - (minutes or a.visit_minutes), MIDDAY[1]
    out = []
    for early, late, weight in windows:
        for a_, b_, w in ((early, min(late, lo), weight),
                          (max(early, lo + 1), min(late, hi - 1), weight * MIDDAY_WEIGHT),
                          (max(early, hi), late, weight)):  # fmt: skip
            if a_ <= b_:
                out.append((a_, b_, w))
    return out
