"""Turn a solved tour into a day's items: transit legs, visits, meals, lodging, in time order."""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.prices import park_of
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning import access, oneway, toptw
from engine.planning.candidates import nightly_price, rooms
from engine.planning.frames import (
    BUFFER_MIN,
    NAP_AGE,
    NAP_MINUTES,
    NAP_NAME,
    DayFrame,
    clock_time,
    free_item,
    intercity_item,
)
from engine.planning.intercity import Point
from engine.planning.model import TripModel
from engine.planning.transit_items import transit_item
from engine.planning.visit_items import place_item
from engine.planning.visit_windows import DAY, place_point

WAIT_AT_PLACE_MIN = 15
#: A ride at least this long (minutes) is taken first and the wait spent at the other end: back
#: in town from a mountain gate before dinner, not two hours at the gate then the drive.
WAIT_THERE_RIDE_MIN = 45


def _inside_share(frame: DayFrame, place: Attraction | Restaurant) -> float:
    """`access.inside_share` of a visit on the frame's day: the night before is where the day
    starts (none on the trip's first day), the night after the frame's lodging."""
    if not isinstance(place, Attraction):
        return 1.0
    before = frame.start.poi_id if frame.index > 0 else None
    after = frame.lodging.id if frame.lodging else None
    return access.inside_share(frame.destination, place, before, after)


def _main_part_note(
    place: Attraction,
    service: int,
    stops: list[toptw.Stop],
    model: TripModel,
    frame: DayFrame,
    lang: str,
    *,
    day_of: bool = False,
) -> str:
    """Why a sight is visited in its main part only: the day's hours, or its pace — the whole
    visit would take the day's sights over the pace's sightseeing minutes (an afternoon left
    free for someone who should not walk more is the pace, not the clock). `day_of`: the day
    is given to it (a theme park, `full_days.park_minutes`): its opening hours and the rides
    there and on leave no more."""
    full = _hours(place.visit_minutes)
    if day_of:
        return pick(lang, f"这一天都给它，但算上开放时间和往返路程只能玩约{_hours(service)}小时"
                    f"（完整游览约{full}小时），先玩最想玩的项目",
                    f"the whole day is for it, but its hours and the rides there and back leave "
                    f"about {_hours(service)} h (a full visit takes about {full} h): do what you "
                    "most want first")  # fmt: skip
    load = [model.visits[s.visit].load for s in stops]
    seen = sum(x[1] for x in load if isinstance(x, tuple) and len(x) > 1)
    cap = frame.profile.max_visit_minutes
    if seen - service + place.visit_minutes > cap:
        return pick(lang, f"这天的节奏全天游览不超过约{_hours(cap)}小时，加上其他景点，这里只游主要部分"
                    f"（完整游览约{full}小时）",
                    f"this day's pace allows about {_hours(cap)} h of sights in all, so with the "
                    f"others only the main part here (a full visit takes about {full} h)")  # fmt: skip
    return pick(
        lang,
        f"时间有限，只游主要部分（完整游览约{full}小时）",
        f"time is short: the main part only (a full visit takes about {full} h)",
    )


def _hours(minutes: int) -> str:
    """Minutes as hours to the half hour: ``"2"``, ``"4.5"``."""
    half = round(minutes / 30) / 2
    return f"{half:g}"


def build_day(
    frame: DayFrame,
    stops: list[toptw.Stop],
    model: TripModel,
    request: TripRequest,
    *,
    reserved: str | None,
    economy: bool,
) -> Day:
    """The dated `Day` for one frame and its solved stops.

    Each stop starts as early as its window allows after arriving (the solver's order is kept);
    a leg towards a place that opens later leaves later, so waiting happens where one already is.
    """
    base = frame.index * DAY
    items: list[Item] = list(frame.before)
    here, clock = frame.start, frame.start_time
    for stop in stops:
        visit = model.visits[stop.visit]
        info = model.info[stop.visit]
        point = place_point(info.place)
        opens = visit.tw_early - base
        leg = transit_item(
            here, point, clock, destination=frame.destination, request=request, date=frame.date
        )
        if (
            leg is not None
            and clock_minutes(leg.end) < opens - WAIT_AT_PLACE_MIN
            and leg.minutes < WAIT_THERE_RIDE_MIN
        ):
            # Rather than wait long at the next place (e.g. a restaurant before lunch), stay
            # where one is and leave so as to arrive as it opens.
            late = opens - leg.minutes
            leg = transit_item(
                here, point, late, destination=frame.destination, request=request, date=frame.date
            )
        if leg is not None:
            items.append(leg)
            clock = clock_minutes(leg.end)
        begin = max(clock, opens)
        end = begin + visit.service
        lunch_inside = (reserved == info.place.id and frame.lunch) or (
            isinstance(info.place, Attraction) and info.meal == "lunch"
        )
        nap = frame.nap and info.meal == "lunch" and isinstance(info.place, Restaurant)
        meal_end = end - NAP_MINUTES if nap else end
        items.append(
            place_item(
                info.place,
                info.meal,
                begin,
                meal_end,
                request,
                frame.date,
                lunch_inside=lunch_inside,
                inside_share=_inside_share(frame, info.place),
                park=park_of(info.place, frame.destination),
            )
        )
        place = info.place
        if (
            isinstance(place, Attraction)
            and info.meal is None
            and visit.service < place.visit_minutes
        ):
            last = items[-1]  # only its main part: time, or the day's pace, is short
            lead = _main_part_note(place, visit.service, stops, model, frame, request.lang,
                                   day_of=reserved == place.id)  # fmt: skip
            items[-1] = last.model_copy(
                update={
                    "note": pick(request.lang, "；", "; ").join((lead, last.note))
                    if last.note
                    else lead
                }
            )
        if nap:
            items.append(_nap_item(point, meal_end, end, request))
        if isinstance(place, Attraction):
            point = oneway.exit_point(place)  # a one-way visit comes out at its exit
        here, clock = point, end
    leg = transit_item(
        here, frame.end, clock, destination=frame.destination, request=request, date=frame.date
    )
    if leg is not None:
        items.append(leg)
        clock = clock_minutes(leg.end)
    lodging = frame.lodging
    if lodging is not None:
        price = nightly_price(lodging, economy=economy) * rooms(request)
        lang = request.lang
        items.append(
            Item(
                kind=ItemKind.LODGING,
                name=lodging.name(lang),
                poi_id=lodging.id,
                start=clock_time(clock),
                end=clock_time(clock),
                lat=lodging.lat,
                lon=lodging.lon,
                cost_cny=price,
                note=pick(
                    lang,
                    f"住宿约{price / rooms(request):.0f}元/间·晚 × {rooms(request)}间",
                    f"about {price / rooms(request):.0f} CNY per room-night × {rooms(request)}",
                ),
            )
        )
    items.extend(_earliest_return(frame, clock, request))
    return Day(
        index=frame.index + 1,
        date=frame.date,
        destination=frame.destination.id,
        items=tuple(items),
        lodging_id=lodging.id if lodging else None,
    )


def _nap_item(at: Point, begin: int, end: int, request: TripRequest) -> Item:
    """A rest after lunch (`NAP_NAME`): for a small child, or asked for (每天都要午睡)."""
    lang = request.lang
    if not any(age <= NAP_AGE for age in request.party.child_ages):  # asked for by grown-ups
        return free_item(at.lat, at.lon, begin, end, pick(lang, *NAP_NAME),
                         pick(lang, "可回酒店或在附近找地方坐下歇一会儿",
                              "back at the hotel, or a quiet seat nearby"))  # fmt: skip
    return free_item(
        at.lat,
        at.lon,
        begin,
        end,
        pick(lang, f"{NAP_NAME[0]}（小朋友休息一下）", f"{NAP_NAME[1]} (for the little one)"),
        pick(
            lang,
            "可在餐厅或附近找地方坐下休息，或推车上小睡",
            "sit down nearby, or a nap in the pushchair",
        ),
    )


def _earliest_return(frame: DayFrame, at_hub: int, request: TripRequest) -> list[Item]:
    """The items after the tour, with the trip home moved earlier when the tour ended early.

    Busy lines run every 10–30 minutes, so the leg home leaves at the first 10-minute mark after
    the boarding buffer (never before the first service nor after the planned departure); a
    departure the traveller said ("my 20:00 flight home") stays."""
    option = frame.return_leg
    if option is None or option.scheduled or not frame.after or request.home_departure_time:
        return list(frame.after)
    planned = clock_minutes(frame.after[-1].start)
    ready = at_hub + BUFFER_MIN.get(option.mode, 30)
    depart = min(planned, max(option.first_departure, -(-ready // 10) * 10))
    if depart == planned:
        return list(frame.after)
    leg = intercity_item(option, depart, request.party, request.lang)
    return [*frame.after[:-1], leg]
