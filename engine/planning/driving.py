"""Self-drive intercity legs (自驾): road length and time, tolls and fuel, and where a car cannot go.

Every driven leg is the distance model's (labelled ``estimated``):

- road length = great-circle distance × `DRIVE_DETOUR` (1.25, the expressways' circuity, as
  the rail model's `engine.planning.intercity.RAIL_DETOUR`; the coach model's 1.3 allows for the
  mountain roads coaches take to remote places);
- time = `SETOUT_MIN` (out of town and on to the expressway) + the road at `DRIVE_KMH`
  (85 km/h: limits of 100–120 km/h, less toll gates, towns and mountain stretches), plus a rest
  of `REST_MIN` for every `REST_EVERY_MIN` at the wheel — the law's limit on fatigue driving
  (《道路交通安全法实施条例》第六十二条(七): "连续驾驶机动车超过4小时未停车休息或者停车休息时间少于
  20分钟" is forbidden; quoted at m.law.iask.sina.com.cn/jx/sh/OnIiJfaRNNk.html, read
  2026-12-03);
- money per car: tolls `TOLL_CNY_PER_KM` (a small passenger car pays about 0.4–0.5 CNY/km on
  most provinces' expressways; estimated) and fuel `FUEL_CNY_PER_KM` (about 8 L/100 km at
  about 7.5 CNY/L; estimated); one car per `CAR_SEATS` travellers;
- a drive of more than `DAY_DRIVE_MAX_MIN` is two days with a night on the way (`STOPOVER_CNY`
  a room, estimated): it leaves at `LONG_SETOUT` and drives half each day, and is an
  *overnight* leg to `engine.planning.legs` (the first day holds only the drive);
- a drive of more than `MAX_DRIVE_MIN` (two long days) is not planned.

Where a car cannot go (`undrivable`): between Hainan or Taiwan and anywhere off the island —
no road joins them (Hainan's cars cross the 琼州海峡 on a ferry) — and into or out of Tibet from
November to March (snowbound passes on the roads in; a planning convention).
"""

from __future__ import annotations

import datetime as dt
import math

from engine.domain.itinerary import Day, ItemKind, Mode
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination
from engine.planning.fares import CAR_SEATS
from engine.planning.intercity import IntercityOption, Point
from engine.planning.pace import PaceProfile

DRIVE_DETOUR = 1.25
SETOUT_MIN = 20
DRIVE_KMH = 85.0
REST_EVERY_MIN = 240
REST_MIN = 20
TOLL_CNY_PER_KM = 0.45
FUEL_CNY_PER_KM = 0.6
DAY_DRIVE_MAX_MIN = 8 * 60 + 30
MAX_DRIVE_MIN = 2 * DAY_DRIVE_MAX_MIN
STOPOVER_CNY = 250.0
LONG_SETOUT = 9 * 60 + 30
DAY = 24 * 60
#: Usable departures of a drive that fits one day: from 07:00, and by 17:00 at the latest
#: (a drive home after a day of sights does not start at night).
FIRST_SETOUT, LAST_SETOUT = 7 * 60, 17 * 60
#: Islands no road reaches: (name zh, name en, south, north, west, east) in degrees.
ISLANDS = (
    ("海南岛", "Hainan island", 18.0, 20.2, 108.5, 111.3),
    ("台湾岛", "Taiwan", 21.8, 25.35, 120.0, 122.1),
)
WINTER_MONTHS = frozenset({11, 12, 1, 2, 3})
TIBET = "西藏自治区"


def cars(people: int) -> int:
    """Cars a party of `people` needs (`CAR_SEATS` a car, at least one)."""
    return max(1, math.ceil(people / CAR_SEATS))


def road_km(a: Point, b: Point) -> float:
    """Estimated road length between `a` and `b`, km."""
    return haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000 * DRIVE_DETOUR


def wheel_minutes(km: float) -> int:
    """Minutes to drive `km` of road, the law's rests included (see the module docstring)."""
    moving = SETOUT_MIN + km / DRIVE_KMH * 60
    return round(moving + REST_MIN * int(moving // REST_EVERY_MIN))


def car_cny(km: float) -> float:
    """Tolls and fuel for one car over `km` of road, CNY."""
    return round((TOLL_CNY_PER_KM + FUEL_CNY_PER_KM) * km, -1)


def drive(a: Point, b: Point) -> IntercityOption | None:
    """The driven leg from `a` to `b` (fare: one car's tolls and fuel), or None when it is longer
    than `MAX_DRIVE_MIN`. A drive longer than `DAY_DRIVE_MAX_MIN` leaves at `LONG_SETOUT` and
    arrives the next day (`minutes` counts the night on the way)."""
    km = road_km(a, b)
    minutes = wheel_minutes(km)
    if minutes > MAX_DRIVE_MIN:
        return None
    fare = max(10.0, car_cny(km))
    if minutes > DAY_DRIVE_MAX_MIN:
        second = minutes - minutes // 2
        return IntercityOption("drive", a, b, DAY + second, fare, LONG_SETOUT, LONG_SETOUT,
                               "estimated")  # fmt: skip
    last = max(FIRST_SETOUT, min(LAST_SETOUT, 22 * 60 - minutes))
    return IntercityOption("drive", a, b, max(15, minutes), fare, FIRST_SETOUT, last, "estimated")


def on_island(lat: float, lon: float) -> tuple[str, str] | None:
    """The island (`ISLANDS`: names zh, en) no road reaches that (lat, lon) lies on, or None."""
    for zh, en, south, north, west, east in ISLANDS:
        if south <= lat <= north and west <= lon <= east:
            return zh, en
    return None


def undrivable(
    a: Destination | Point, b: Destination | Point, date: dt.date
) -> tuple[str, str] | None:
    """Why no car can be driven from `a` to `b` around `date` — (zh, en) — or None when it can
    (see the module docstring)."""
    ia, ib = on_island(a.lat, a.lon), on_island(b.lat, b.lon)
    if ia != ib:
        zh, en = ia or ib or ("", "")
        place = b if ib else a
        return (f"{place.name_zh}在{zh}上，和大陆之间没有公路（汽车要坐轮渡过海）",
                f"{place.name_en} is on {en}, which no road joins to the mainland "
                "(cars cross by ferry)")  # fmt: skip
    tibet = [p for p in (a, b) if isinstance(p, Destination) and p.province == TIBET]
    if tibet and date.month in WINTER_MONTHS and len(tibet) == 1:
        return (f"{date.month}月进出西藏的公路常有冰雪、垭口封路，冬季（11月–3月）不安排自驾进藏",
                f"the roads into Tibet often have snow and closed passes in month {date.month}; "
                "no driving into Tibet is planned from November to March")  # fmt: skip
    return None


def centre(place: Destination | Point) -> Point:
    """Where a drive to or from `place` starts or ends when no lodging is known: its centre."""
    if isinstance(place, Point):
        return place
    return Point(place.name_zh, place.name_en, place.lat, place.lon)


#: A drive of this many minutes or less leaves the day as it was (a planning convention).
LIGHT_DRIVE_MIN = 90
#: Minutes at the wheel that count as one of the day's sights, and the share of them taken from
#: its sightseeing minutes (a planning convention: a 5-hour drive left lunch, a cave, a street,
#: dinner and an evening show until 21:16 — more than a driver wants after it).
DRIVE_PER_SIGHT_MIN = 150
DRIVE_TIRES = 0.75


def after_drive(profile: PaceProfile, minutes: int) -> PaceProfile:
    """The day's profile once a drive of `minutes` is in it: every `DRIVE_PER_SIGHT_MIN` at the
    wheel (or part of them) count as one of the day's sights, and `DRIVE_TIRES` of the drive's
    time is taken from its sightseeing minutes (at least one sight and 60 minutes left); a drive
    of `LIGHT_DRIVE_MIN` or less changes nothing."""
    if minutes <= LIGHT_DRIVE_MIN:
        return profile
    tired = profile.after_visit(round(minutes * DRIVE_TIRES))
    for _ in range(1, math.ceil(minutes / DRIVE_PER_SIGHT_MIN)):
        tired = tired.after_visit(0)
    return tired


def note(option: IntercityOption, people: int, lang: str) -> str:
    """The driven leg in words: road length and time with rests, tolls and fuel for the cars,
    the night on the way for a two-day drive; all estimated."""
    km = road_km(option.a_hub, option.b_hub)
    wheel = wheel_minutes(km)
    n = cars(people)
    toll, fuel = round(TOLL_CNY_PER_KM * km * n, -1), round(FUEL_CNY_PER_KM * km * n, -1)
    h, m = divmod(wheel, 60)
    rests = REST_MIN * int((SETOUT_MIN + km / DRIVE_KMH * 60) // REST_EVERY_MIN)
    cars_zh = f"{n}辆车" if n > 1 else ""
    cars_en = f" for {n} cars" if n > 1 else ""
    out = pick(
        lang,
        f"自驾约{km:.0f}公里（高速为主），开车约{h}小时{m}分"
        + (f"（含每4小时休息20分钟，共{rests}分钟）" if rests else "")
        + f"；{cars_zh}过路费约{toll:.0f}元、油费约{fuel:.0f}元（里程、时间与费用为估算）；出发前查路况",
        f"self-drive, about {km:.0f} km mostly by expressway, about {h} h {m} min at the wheel"
        + (f" (with a 20-minute rest every 4 hours, {rests} min)" if rests else "")
        + f"; tolls about {toll:.0f} CNY and fuel about {fuel:.0f} CNY{cars_en} (distance, "
        "time and costs estimated); check the roads before you go",
    )
    if option.minutes >= DAY:
        rooms = math.ceil(people / 2)
        out += pick(
            lang,
            f"；一天开不完：当天开约{(wheel // 2) // 60}小时后在途中找酒店住一晚（约"
            f"{STOPOVER_CNY * rooms:.0f}元，估算，已计入），次日{LONG_SETOUT // 60}:"
            f"{LONG_SETOUT % 60:02d}再出发",
            f"; too far for one day: about {(wheel // 2) // 60} h of driving, a night in a hotel "
            f"on the way (about {STOPOVER_CNY * rooms:.0f} CNY, estimated, counted), and on at "
            f"{LONG_SETOUT // 60}:{LONG_SETOUT % 60:02d} the next day",
        )
    return out


def leg_cny(option: IntercityOption, people: int) -> float:
    """What a driven leg costs the party, CNY: tolls and fuel for each car, and the night on the
    way of a two-day drive (`STOPOVER_CNY` a room of two)."""
    cost = option.fare_cny * cars(people)
    if option.minutes >= DAY:
        cost += STOPOVER_CNY * math.ceil(people / 2)
    return round(cost, 2)


#: A day's hire of a small car, CNY (an economy car from the rental chains costs about 150–300 a
#: day; estimated).
RENTAL_CNY_PER_DAY = 200.0


def rental_pickup(days: list[Day], request: TripRequest) -> list[Day]:
    """`days` with the car hired where the party arrives (「租车」, "rent a car": driving in town
    after a train or a flight there): the first drive after such an arrival says the car is
    picked up at the station or airport and carries the hire — `RENTAL_CNY_PER_DAY` for each
    car and each day from that one to the last with a drive (estimated)."""
    if request.local_transport != "drive":
        return days
    out = list(days)
    for n, day in enumerate(out):
        items = list(day.items)
        hub = next((k for k, i in enumerate(items) if i.kind == ItemKind.INTERCITY
                    and i.mode != Mode.DRIVE and i.overnight != "depart"), None)  # fmt: skip
        if hub is None:
            continue
        k = next((k for k in range(hub + 1, len(items)) if items[k].mode == Mode.DRIVE), None)
        if k is None:
            continue
        driven = [m for m in range(n, len(out)) if any(i.mode == Mode.DRIVE for i in out[m].items
                                                          if i.kind == ItemKind.TRANSIT)]  # fmt: skip
        hire = RENTAL_CNY_PER_DAY * cars(request.party.size) * (driven[-1] - n + 1)
        where = items[hub].name.split("→")[-1].strip()
        said = pick(request.lang,
                    f"在{where}取租的车（租车约{RENTAL_CNY_PER_DAY:.0f}元/天起，共约{hire:.0f}元，估算，"
                    "已计入；带驾驶证和身份证）",
                    f"pick up the hired car at {where} (about {RENTAL_CNY_PER_DAY:.0f} CNY a day, "
                    f"about {hire:.0f} CNY in all, estimated, counted; bring your licence)")  # fmt: skip
        leg = items[k]
        note = pick(request.lang, "；", "; ").join(x for x in (said, leg.note) if x)
        items[k] = leg.model_copy(update={"note": note, "cost_cny": (leg.cost_cny or 0) + hire})
        out[n] = day.model_copy(update={"items": tuple(items)})
        break
    return out
