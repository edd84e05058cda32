"""The afternoon of a night on a summit: up by the last cable car, then what the top offers.

A day that ends at a summit lodging (`engine.planning.moments.summit_evening`) is back by about
17:00 and dines at the hotel; the hours between arriving and dinner were an empty hole in the
plan. They are the summit's own time: when the mountain has a sunset point (`Highlight` of kind
``sunset``: 黄山's 排云亭, 华山's 西峰) within `SUNSET_WALK_M` of the hotel (`COMFORT_WALK_M` for
limited mobility or a walking limit) and the sun sets
before `LATEST_SUNSET`, the plan walks there for the sunset (from `SUNSET_EARLY_MIN` before it,
or as soon as one can be there but `SUNSET_LATEST_MIN` before, to `SUNSET_AFTER_MIN` after) — dinner moves after it when they overlap — and what is left of
the afternoon is said as free time on the summit (「下午在山顶自由活动/休息」), not a hole.
A sunset point is walked to once a trip: a second night on top has its free afternoon only.
"""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Highlight, Lodging
from engine.knowledge.sun import sun_times
from engine.planning.frames import clock_time, free_item
from engine.planning.intercity import Point
from engine.planning.summit import is_summit, mountain_of
from engine.planning.transit import COMFORT_WALK_M
from engine.planning.transit_items import transit_item

#: Needs that keep walks short (`COMFORT_WALK_M`): the step-free ones and a walking limit.
WALK_LIMITED = frozenset({"limited-mobility", "wheelchair", "pushchair", "short-walks"})

SUNSET_WALK_M = 3000.0
SUNSET_EARLY_MIN = 30
#: … and is there at least this long before it (a winter sunset soon after the last cable car).
SUNSET_LATEST_MIN = 10
SUNSET_AFTER_MIN = 10
LATEST_SUNSET = 20 * 60
#: A wait at the summit hotel shorter than this stays unsaid.
FREE_MIN = 45


def summit_afternoons(days: list[Day], destination: Destination, request: TripRequest) -> list[Day]:
    """`days` with each summit afternoon filled (see the module docstring)."""
    lodgings = {lo.id: lo for lo in destination.lodging}
    out: list[Day] = []
    seen: set[str] = set()  # sunset points already watched this trip
    for day in days:
        top = lodgings.get(day.lodging_id or "")
        out.append(_afternoon(day, top, destination, request, seen) if is_summit(top) else day)
    return out


def _afternoon(
    day: Day,
    top: Lodging | None,
    destination: Destination,
    request: TripRequest,
    seen: set[str] | None = None,
) -> Day:
    """`day`'s summit afternoon (see the module docstring); a sunset point in `seen` (names of
    those watched on an earlier day of the trip) is not walked to again — 排云亭 was the sunset
    of both summit nights — and the one watched is added to it."""
    seen = set() if seen is None else seen
    items = list(day.items)
    at = next((k for k, i in enumerate(items) if i.kind == ItemKind.LODGING), None)
    if top is None or at is None or at + 1 >= len(items):
        return day
    dinner = items[at + 1]
    if dinner.kind != ItemKind.MEAL or dinner.poi_id != top.id:
        return day
    arrived = clock_minutes(items[at].end)
    added: list[Item] = []
    spot = _sunset_spot(destination, top, request)
    if spot is not None and spot.name_zh in seen:
        spot = None
    if spot is not None and spot.lat is not None and spot.lon is not None:
        _, down = sun_times(spot.lat, spot.lon, day.date)
        moment = _sunset(top, spot, down, arrived, destination, request)
        if moment:
            added = moment
            seen.add(spot.name_zh)
            back = clock_minutes(moment[-1].end)
            if clock_minutes(moment[0].start) < clock_minutes(dinner.end) and back > clock_minutes(
                dinner.start
            ):
                length = dinner.minutes
                dinner = dinner.model_copy(
                    update={"start": clock_time(back), "end": clock_time(back + length)}
                )
    first = min([clock_minutes(dinner.start)] + [clock_minutes(i.start) for i in added])
    free = []
    if first - arrived >= FREE_MIN:
        free.append(_free(top, arrived, first, request))
    rest = sorted(free + added + [dinner], key=lambda i: clock_minutes(i.start))
    return day.model_copy(update={"items": tuple(items[: at + 1] + rest + items[at + 2 :])})


def _sunset_spot(destination: Destination, top: Lodging, request: TripRequest) -> Highlight | None:
    """The mountain's sunset point within walking distance of `top`: `SUNSET_WALK_M`, or
    `COMFORT_WALK_M` for someone with a step-free need or a walking limit (黄山's 排云亭 is 2 km
    of mountain path each way from the summit hotels: not for bad knees at dusk)."""
    mountain = mountain_of(destination, top)
    reach = COMFORT_WALK_M if set(request.access) & WALK_LIMITED else SUNSET_WALK_M
    spots = [
        h
        for h in (mountain.highlights if mountain else ())
        if h.kind == "sunset"
        and h.lat is not None
        and h.lon is not None
        and haversine_m(h.lat, h.lon, top.lat, top.lon) <= reach
    ]
    return spots[0] if spots else None


def sunset_out_of_reach(
    destination: Destination, top: Lodging, request: TripRequest
) -> tuple[Highlight, float] | None:
    """The sunset point a night at `top` would walk to, with its distance (metres), when the
    person's short walks (`WALK_LIMITED`) leave it out; None when there is none or it is near."""
    mountain = mountain_of(destination, top) if is_summit(top) else None
    if mountain is None or not set(request.access) & WALK_LIMITED:
        return None
    far = [(h, haversine_m(h.lat, h.lon, top.lat, top.lon)) for h in mountain.highlights
           if h.kind == "sunset" and h.lat is not None and h.lon is not None]  # fmt: skip
    far = [(h, m) for h, m in far if COMFORT_WALK_M < m <= SUNSET_WALK_M]
    return far[0] if far and _sunset_spot(destination, top, request) is None else None


def _sunset(
    top: Lodging,
    spot: Highlight,
    down: int,
    arrived: int,
    destination: Destination,
    request: TripRequest,
) -> list[Item]:
    """The walk to the sunset point, the sunset and the walk back; [] when the sun sets too
    late or before one is up."""
    assert spot.lat is not None and spot.lon is not None
    hotel = Point(top.name_zh, top.name_en, top.lat, top.lon, top.id)
    there = Point(spot.name_zh, spot.name_en, spot.lat, spot.lon)
    walk = transit_item(hotel, there, arrived, destination=destination, request=request)
    ride = walk.minutes if walk else 0
    begin, end = max(down - SUNSET_EARLY_MIN, arrived + ride), down + SUNSET_AFTER_MIN
    if down > LATEST_SUNSET or begin > down - SUNSET_LATEST_MIN:
        return []
    lang = request.lang
    items = []
    if walk is not None:
        items.append(transit_item(hotel, there, begin - ride, destination=destination,
                                  request=request))  # fmt: skip
    items.append(
        free_item(
            spot.lat,
            spot.lon,
            begin,
            end,
            pick(lang, f"看日落 · {spot.name_zh}", f"Sunset at {spot.name_en}"),
            pick(
                lang,
                f"日落约{down // 60:02d}:{down % 60:02d}，山顶风大，带外套",
                f"sunset about {down // 60:02d}:{down % 60:02d}; windy on top, bring a jacket",
            ),
        )
    )
    back = transit_item(there, hotel, end, destination=destination, request=request)
    if back is not None:
        items.append(back)
    return [i for i in items if i is not None]


def _free(top: Lodging, begin: int, end: int, request: TripRequest) -> Item:
    lang = request.lang
    return free_item(
        top.lat,
        top.lon,
        begin,
        end,
        pick(lang, "下午在山顶自由活动/休息", "Free afternoon on the summit"),
        pick(
            lang,
            "回酒店放下行李，沿山顶步道走走、看云海，或休息",
            "drop the bags at the hotel, walk the summit paths, watch the clouds, or rest",
        ),
    )
