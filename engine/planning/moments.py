"""Moments at their hour: sunrise and sunset times, the dawn outing of a sunrise wish, a night
on a summit.

- Sunrise and sunset times: `engine.knowledge.sun`.
- A sunrise wish (`engine.planning.nights` chooses the night) makes the morning after it start
  `DAWN_EARLY_MIN` before sunrise at the sunrise spot (a flag-raising on a public holiday:
  `FLAG_HOLIDAY_EARLY_MIN`, for the security queue) (a walk from a summit hotel, else a ride),
  watch until `DAWN_AFTER_MIN` after it, then breakfast — at the lodging when it is a walk away,
  else nearby — and the day goes on from there.
- A day that ends at a summit lodging (山顶酒店) is back by `SUMMIT_ARRIVE_BY`, the time of the
  last cable cars up (they stop between 16:30 and 17:30 by season on 黄山, 泰山 and 峨眉山), rides
  the cable car up when the mountain has one, and dines at the hotel (the mountain's inside meal
  price, else `SUMMIT_DINNER_CNY`).
"""

from __future__ import annotations

from engine.domain.itinerary import Item, ItemKind, Mode
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.climate import is_winter, winter_zone
from engine.knowledge.festivals import HOLIDAY_NAMES, holiday_on
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.prices import park_of
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.planning.frames import DayFrame, clock_time, free_item
from engine.planning.intercity import Point
from engine.planning.pace import BREAKFAST_WINDOW
from engine.planning.summit import ON_SUMMIT_M, is_summit, mountain_of
from engine.planning.transit_items import transit_item
from engine.planning.visit_items import place_item

DAWN_EARLY_MIN = 25
#: On a public holiday (国庆 above all) the flag-raising's crowd queues at the security checks,
#: which start about an hour before the flag is raised: be there about 2 hours early
#: ("升旗一般提前一个小时开始安检，你可以提前两个小时到达", m.yd166.com; the spot in front
#: of the flagpole takes queuing from 02:00–03:00, eightwei.com; both read 2026-12-03).
FLAG_HOLIDAY_EARLY_MIN = 120
DAWN_AFTER_MIN = 20
SUMMIT_ARRIVE_BY = 17 * 60
SUMMIT_DINNER_CNY = 100.0
WALK_BACK_M = 1200.0
DAWN_VISIT_MAX = 120
EARLIEST_OUT = 3 * 60 + 30  # summer sunrises in the north come before 05:00
#: City metros and buses start about then (Qingdao's first trains 06:00–06:30): a dawn ride
#: leaving earlier is a taxi.
PUBLIC_FIRST = 6 * 60
#: A dawn spot with no sight this close to a mountain's record, one of its spots or the
#: night's summit lodging is on the mountain, metres (`engine.planning.summit.ON_SUMMIT_M`).
ON_MOUNTAIN_M = ON_SUMMIT_M


def summit_evening(frame: DayFrame, request: TripRequest) -> None:
    """`frame` ends at a summit lodging: back by `SUMMIT_ARRIVE_BY`, dinner at the hotel."""
    lodging = frame.lodging
    if lodging is None:
        return
    frame.end_time = max(frame.start_time, min(frame.end_time, SUMMIT_ARRIVE_BY))
    mountain = mountain_of(frame.destination, lodging)
    price = mountain.meal_inside_cny if mountain and mountain.meal_inside_cny else SUMMIT_DINNER_CNY
    lang = request.lang
    start = max(frame.end_time + 30, 18 * 60)
    frame.after.append(
        Item(
            kind=ItemKind.MEAL,
            name=pick(lang, f"{lodging.name_zh}晚餐", f"Dinner at {lodging.name_en}"),
            poi_id=lodging.id,
            start=clock_time(start),
            end=clock_time(start + 60),
            lat=lodging.lat,
            lon=lodging.lon,
            cost_cny=round(price * request.party.diners, 2),
            meal="dinner",
            note=pick(
                lang,
                f"山上只能在酒店用餐，约{price:.0f}元/人；缆车下午停运，务必在17点前上山",
                f"on the mountain you eat at the hotel, about {price:.0f} CNY per person; "
                "the cable cars stop in the afternoon — be up by 17:00",
            ),
        )
    )


def dawn(
    frame: DayFrame,
    spot: tuple[str, str, float, float],
    request: TripRequest,
    *,
    what: str = "sunrise",
    place: Attraction | None = None,
) -> str | None:
    """Start `frame`'s day with the sunrise (or, `what` ``flag-raising``, the flag raised at
    sunrise) at `spot` (name zh, name en, lat, lon); None when the ride there would leave
    before `EARLIEST_OUT` (the day keeps its morning). When `place` — the sight the spot belongs to — is
    a short visit (at most `DAWN_VISIT_MAX` minutes) open at dawn or opening during it
    (`_dawn_visit`), the dawn *is* its visit (an attraction item, ticket included, after the
    moment until its gates open; the caller leaves it out of the day's other sights) and
    ``"visit"`` is returned; else the dawn is a free moment (``"moment"``) and a long place (a
    mountain) is visited as usual."""
    name_zh, name_en, lat, lon = spot
    rise, _ = sun_times(lat, lon, frame.date)
    flag = what == "flag-raising"
    queue = flag and holiday_on(frame.date) in HOLIDAY_NAMES  # 国庆's flag: the long queue
    begin = rise - (FLAG_HOLIDAY_EARLY_MIN if queue else DAWN_EARLY_MIN)
    visit = _dawn_visit(place, frame, begin, rise + DAWN_AFTER_MIN)
    if visit is not None and place is not None:  # the moment is at the place itself
        lat, lon = place.lat, place.lon
    here = frame.start
    there = Point(name_zh, name_en, lat, lon)
    leg = transit_item(
        here, there, begin, destination=frame.destination, request=request, date=frame.date
    )
    if leg is not None:
        ride = leg.minutes
        if begin - ride < EARLIEST_OUT:
            return None
        leg = transit_item(here, there, begin - ride, destination=frame.destination,
                           request=request, date=frame.date)  # fmt: skip
        if (
            leg is not None
            and leg.mode in (Mode.METRO, Mode.BUS)
            and begin - ride < PUBLIC_FIRST
            and "taxi" not in request.avoid.transport
        ):  # the metro and city buses do not run yet: a taxi at dawn
            by_car = request.model_copy(update={"local_transport": "taxi"})
            car = transit_item(here, there, begin, destination=frame.destination, request=by_car)
            if car is not None and begin - car.minutes >= EARLIEST_OUT:
                leg = transit_item(here, there, begin - car.minutes,
                                   destination=frame.destination, request=by_car)  # fmt: skip
    lang = request.lang
    end = rise + DAWN_AFTER_MIN
    items: list[Item] = [leg] if leg is not None else []
    moment = free_item(
        lat,
        lon,
        begin,
        end,
        pick(lang, f"看升旗 · {name_zh}", f"Flag-raising at {name_en}")
        if flag
        else pick(lang, f"看日出 · {name_zh}", f"Sunrise at {name_en}"),
        _dawn_note(frame, (lat, lon), rise, flag=flag, place=place, lang=lang, queue=queue),
    )
    if visit is not None and place is not None:
        start, stop = visit
        if start > begin:  # the gates open during the moment (天安门广场's listed hours)
            items.append(moment.model_copy(update={"end": clock_time(start)}))
        end = stop
        item = place_item(place, None, start, stop, request, frame.date, lunch_inside=False,
                          park=park_of(place, frame.destination))  # fmt: skip
        word = (
            pick(lang, "升旗后在这里走走" if flag else "日出后在这里走走",
                 "after the flag-raising, a look round" if flag else "after sunrise, a look round")
            if start > begin
            else pick(lang, "看升旗" if flag else "看日出", "flag-raising" if flag else "sunrise")
        )  # fmt: skip
        items.append(item.model_copy(update={"note": f"{word}；{item.note}"}))
        frame.profile = frame.profile.after_visit(place.visit_minutes)  # one of the day's sights
    else:
        items.append(moment)
    walk_back = haversine_m(here.lat, here.lon, lat, lon) <= WALK_BACK_M
    clock = end
    if walk_back and leg is not None:
        back = transit_item(
            there, here, end, destination=frame.destination, request=request, date=frame.date
        )
        if back is not None:
            items.append(back)
            clock = back.end.hour * 60 + back.end.minute
    at = here if walk_back else there
    minutes = frame.profile.breakfast_minutes
    clock = max(clock, BREAKFAST_WINDOW[0])  # breakfast places open from 06:30
    items.append(
        Item(
            kind=ItemKind.MEAL,
            name=pick(lang, "早餐（住处或附近早点）", "Breakfast (at the lodging or nearby)"),
            poi_id=at.poi_id,
            start=clock_time(clock),
            end=clock_time(clock + minutes),
            lat=at.lat,
            lon=at.lon,
            cost_cny=25.0 * request.party.diners,
            meal="breakfast",
            note=pick(lang, "估算每人25元", "about 25 CNY per person"),
        )
    )
    frame.before = items
    frame.start = at
    frame.start_time = clock + minutes
    return "visit" if visit is not None else "moment"


#: Shortest look round a place whose gates open during the dawn moment (minutes).
DAWN_VISIT_MIN = 20
#: A place whose listed hours open at most this long after the dawn moment ends is still the
#: moment's visit (天安门广场's summer hours from 05:30, the flag raised at about 04:50).
DAWN_OPEN_SLACK = 40


def _dawn_visit(
    place: Attraction | None, frame: DayFrame, begin: int, end: int
) -> tuple[int, int] | None:
    """(start, end), minutes after midnight, of the visit to `place` that the dawn moment from
    `begin` to `end` stands for; None when `place` is no short visit (at most `DAWN_VISIT_MAX`
    minutes: a mountain is visited as usual) or is not open then.

    The visit starts at `begin`, or when its listed hours open if that is before `end` +
    `DAWN_OPEN_SLACK` (the listed hours are a conservative span: 天安门广场 lets people in
    about half an hour before the flag is raised, yet lists 07:30 in winter against a 07:21
    sunrise), and lasts its visit minutes counted from `begin`, at least `DAWN_VISIT_MIN`
    inside the hours."""
    if place is None or place.visit_minutes > DAWN_VISIT_MAX:
        return None
    for opens, closes in place_windows(place, frame.date):
        if opens > end + DAWN_OPEN_SLACK:
            continue
        start = max(begin, opens)
        stop = max(end, begin + place.visit_minutes, start + DAWN_VISIT_MIN)
        if stop <= closes:
            return start, stop
    return None


def _on_mountain(frame: DayFrame, place: Attraction | None, lat: float, lon: float) -> bool:
    """Whether a dawn spot is up a mountain: the sight's own kind decides (a lakeside pier 3.5 km
    from 苍山 is no summit); a spot with no sight (a dawn moved to another date, a lodging's
    own sunrise) is one within `ON_MOUNTAIN_M` of a mountain's record or one of its spots, or
    of the night's summit lodging."""
    if place is not None:
        return "mountain" in place.tags
    spots = [(a.lat, a.lon) for a in frame.destination.attractions if "mountain" in a.tags]
    spots += [(h.lat, h.lon) for a in frame.destination.attractions if "mountain" in a.tags
              for h in a.highlights if h.lat is not None and h.lon is not None]  # fmt: skip
    lodging = frame.lodging
    if lodging is not None and is_summit(lodging):
        spots.append((lodging.lat, lodging.lon))
    return any(haversine_m(y, x, lat, lon) <= ON_MOUNTAIN_M for y, x in spots)


def _dawn_note(
    frame: DayFrame,
    spot: tuple[float, float],
    rise: int,
    *,
    flag: bool,
    place: Attraction | None,
    lang: str,
    queue: bool = False,
) -> str:
    """The dawn moment's note: the sunrise (or the flag raised at it) and its time; on a
    mountain (`_on_mountain`) that the top is cold at dawn, elsewhere only in the destination's winter
    (`engine.knowledge.climate`) that the dawn is cold."""
    lat, lon = spot
    clock = f"{rise // 60:02d}:{rise % 60:02d}"
    summit = _on_mountain(frame, place, lat, lon)
    dest = frame.destination
    cold = is_winter(winter_zone(dest), frame.date.month)
    if flag and queue:
        head = pick(lang, f"升旗在日出时（约{clock}）；假期观旗的人最多，安检约提前1小时开始、要排长队，"
                          "所以提前约2小时到（想站旗杆正前方要更早）",
                    f"the flag is raised at sunrise (about {clock}); on a holiday the crowd is at "
                    "its largest and the security queue long (checks start about an hour "
                    "before), so be there about 2 hours early (earlier still for a place in "
                    "front of the flagpole)")  # fmt: skip
    elif flag:
        head = pick(lang, f"升旗在日出时（约{clock}），提前到达安检、占位",
                    f"the flag is raised at sunrise (about {clock}); be there early for the "
                    "security check and a place")  # fmt: skip
    else:
        head = pick(lang, f"日出约{clock}，提前到达占位",
                    f"sunrise about {clock}; be there early")  # fmt: skip
    if summit:
        tail = pick(
            lang, "山顶清晨很冷，带厚外套", "it is cold at dawn on top — bring a warm jacket"
        )
    elif cold:
        tail = pick(lang, "冬天清晨很冷，穿厚外套", "winter dawns are cold — wear a warm coat")
    else:
        return head
    return pick(lang, "，", "; ").join((head, tail))
