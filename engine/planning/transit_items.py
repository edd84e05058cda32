"""The timeline's transit items: a leg between two points with its mode, minutes, fare and note
(the way into or out of an access area, a bus inside one, the cable car to a summit lodging)."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind, Mode
from engine.domain.request import Party, TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import fmt_minutes
from engine.knowledge.prices import fare_for_party, fare_on
from engine.knowledge.schema import Destination
from engine.knowledge.ticket_words import fare_rules_text
from engine.planning import access, transit
from engine.planning.frames import clock_time
from engine.planning.intercity import Point
from engine.planning.summit import CABLE_ACCESS_MIN, SHUTTLE_MIN, SUMMIT_WALK_MIN, cable_leg

MODE_NAMES = {
    "walk": ("步行", "Walk"),
    "metro": ("地铁", "Metro"),
    "bus": ("公交", "Bus"),
    "taxi": ("打车", "Taxi"),
    "cable_car": ("索道", "Cable car"),
    "charter": ("包车", "Chartered car"),
    "ferry": ("轮渡", "Ferry"),
    "drive": ("自驾", "Drive"),
}


#: How a long bus leg goes (`engine.planning.transit`): from an airport, from a station with no
#: metro (the coach), in a metro city, elsewhere.
LONG_BUS_NOTES = {
    "airport": ("机场大巴/地铁", "airport bus or metro"),
    "metro": ("地铁+公交或旅游专线", "metro and bus, or a tourist bus"),
    "rural": ("旅游专线或班车", "tourist bus or coach"),
    "coach": ("站前坐大巴（班车）", "the coach from the station"),
}


def transit_item(
    a: Point,
    b: Point,
    depart: int,
    *,
    destination: Destination,
    request: TripRequest,
    date: dt.date | None = None,
) -> Item | None:
    """The leg from `a` to `b` leaving at `depart` (minutes) on `date`, or None when they are
    the same place. A crossing into or out of an access area, and a cable car to a summit
    lodging, cost their fares on `date` (`prices.fare_on`, `prices.car_price`: 淡季 fares; no
    date: the fares outside every season) for the party (`prices.fare_for_party`: each child or
    senior at the fare's own concessions)."""
    if haversine_m(a.lat, a.lon, b.lat, b.lon) < transit.SAME_PLACE_M:
        return None
    leg = transit.between(
        destination,
        (a.lat, a.lon),
        (b.lat, b.lon),
        party=request.party.size,
        style=transit.style_of(request),
    )
    zh, en = MODE_NAMES[leg.mode.value]
    lang = request.lang
    km = leg.distance_m / 1000
    note = pick(lang, f"约{km:.1f}公里", f"about {km:.1f} km")
    up = _cable_car(destination, a, b, request, depart, leg.minutes, date)
    if up is not None:
        return up
    if leg.crossings:
        note = crossing_note(leg, lang, depart, date, request.party)
        leg = replace(leg, cost_cny=crossings_cost(leg, date, request.party))
    elif leg.back is not None:
        note = back_note(leg, lang)
    elif leg.inside is not None:
        note = inside_note(leg, lang)
    elif leg.mode is Mode.BUS and leg.distance_m > transit.LONG_M * transit.DETOUR:
        kinds = {h.kind for h in destination.hubs for p in (a, b) if p.poi_id == h.id}
        # an airport's bus is the airport bus; a station's, the coach where no metro runs
        hub = "airport" if "airport" in kinds else (
            "coach" if kinds & {"rail", "coach"} and not destination.metro else None)  # fmt: skip
        how = LONG_BUS_NOTES[hub or ("metro" if destination.metro else "rural")]
        if hub == "coach":
            zh, en = "大巴", "Coach"
        note += pick(lang, f"，{how[0]}", f", {how[1]}")
    elif leg.mode is Mode.CHARTER and request.party.size >= transit.GROUP_COACH_MIN:
        n = math.ceil(request.party.size / transit.COACH_SEATS)
        zh, en = "大巴包车", "Chartered coach"
        note += pick(lang, f"，{n}辆大巴（含司机），费用按整车计", f", {n} coach{'es' * (n > 1)} "
                     "with driver, priced per coach")  # fmt: skip
    elif leg.mode is Mode.CHARTER:
        note += pick(lang, "，包车（含司机）", ", chartered car with driver")
    if (
        not leg.crossings
        and leg.mode not in (Mode.WALK, Mode.CABLE_CAR, Mode.FERRY)
        and _on_mountain(destination, a)
    ):
        note = pick(lang, f"先下山（索道、景区交通车，费用已含在景区交通里），{note}",
                    f"down the mountain first (cable car and scenic shuttle, paid with the "
                    f"visit), then {note}")  # fmt: skip
    return Item(
        kind=ItemKind.TRANSIT,
        name=_leg_name(leg, zh, en, b, lang),
        poi_id=b.poi_id,
        start=clock_time(depart),
        end=clock_time(depart + leg.minutes),
        lat=b.lat,
        lon=b.lon,
        cost_cny=leg.cost_cny,
        mode=leg.mode,
        distance_m=leg.distance_m,
        from_name=a.name(lang),
        note=note,
    )


def _leg_name(leg: transit.Leg, zh: str, en: str, b: Point, lang: str) -> str:
    """「地铁前往X」 / "Metro to X"; a cable-car crossing says up or down (「乘索道上山前往X」)."""
    if leg.back is not None:
        return pick(lang, f"坐大巴返回，前往{b.name_zh}", f"Coach back, then to {b.name_en}")
    if leg.inside is not None:
        return pick(lang, f"{leg.inside.bus_zh}前往{b.name_zh}",
                    f"{leg.inside.bus_en} to {b.name_en}")  # fmt: skip
    if leg.mode is Mode.BUS and leg.crossings:  # the scenic bus in or out, not a city bus
        c = leg.crossings[-1] if leg.crossings[-1].inbound else leg.crossings[0]
        ride_zh = c.area.ride_zh or WAY_WORDS[c.area.way][0][0]
        ride_en = c.area.ride_en or WAY_WORDS[c.area.way][1][0]
        return pick(lang, f"乘{ride_zh}前往{b.name_zh}", f"By {ride_en} to {b.name_en}")
    if leg.mode is Mode.CABLE_CAR and leg.crossings:
        up = leg.crossings[-1].inbound
        return pick(lang, f"乘索道{'上山' if up else '下山'}前往{b.name_zh}",
                    f"{'Up' if up else 'Down'} by cable car to {b.name_en}")  # fmt: skip
    return pick(lang, f"{zh}前往{b.name_zh}", f"{en} to {b.name_en}")


def back_note(leg: transit.Leg, lang: str) -> str:
    """How the leg from a one-way visit's exit goes back (`VisitExit.back_zh`), then on by the
    ordinary leg from the hub it reaches."""
    assert leg.back is not None
    parts = [pick(lang, leg.back.back_zh, leg.back.back_en)]
    if leg.road is not None:
        zh, en = MODE_NAMES[leg.road.mode.value]
        parts.append(pick(lang, f"再{zh}约{leg.road.minutes}分钟",
                          f"then {en.lower()} about {leg.road.minutes} min"))  # fmt: skip
    return pick(lang, "，", ", ").join(parts)


def _on_mountain(destination: Destination, a: Point) -> bool:
    """Whether a leg from `a` starts up on a mountain whose visit includes the way down (a
    sight tagged ``mountain`` with a cable car and inside transport: 黄山风景区 at 光明顶) — no
    taxi waits there."""
    place = next((p for p in destination.attractions if p.id == a.poi_id), None)
    return (
        place is not None
        and "mountain" in place.tags
        and "cable-car" in place.tags
        and place.transport_inside_cny > 0
    )


#: How each way into an access area is said (`AccessArea.way`): the ride, the wait, where one
#: gets off, and what it is like inside.
WAY_WORDS = {
    "ferry": (("轮渡", "含候船", "上岸", "岛上没有机动车，步行游览"),
              ("the ferry", "with the wait", "ashore at", "no cars on the island, you walk")),
    "scenic_bus": (("景区交通车", "含候车", "下车", "山上不通出租车，步行游览"),
                   ("the scenic bus", "with the wait", "off at", "no taxis up the mountain, "
                    "you walk")),
    "cable_car": (("景区交通车和索道", "含候车排队", "下索道", "山上不通出租车，步行游览"),
                  ("the scenic bus and the cable car", "with the queues", "off at",
                   "no taxis up the mountain, you walk")),
}  # fmt: skip


def crossings_cost(leg: transit.Leg, date: dt.date | None, party: Party) -> float:
    """A leg through access areas for `party`, CNY: `transit.between`'s cost (every crossing at
    its adult fare outside every season, a head) with each crossing at its fare on `date` for
    the party instead (`prices.fare_for_party` at `AccessArea.concessions`)."""
    heads = sum(c.area.fare_cny for c in leg.crossings) * party.size
    fares = sum(fare_for_party(fare_on(c.area, date), c.area.concessions, party)
                for c in leg.crossings)  # fmt: skip
    return round(leg.cost_cny - heads + fares, 1)


def crossing_note(
    leg: transit.Leg,
    lang: str,
    depart: int = 0,
    date: dt.date | None = None,
    party: Party | None = None,
) -> str:
    """How a leg into or out of an access area goes, in `lang`: the walk to or from the
    landing, the boat (or the scenic bus and cable car, with the wait) and its fare on `date`
    (`prices.fare_on`) with what its concessions mean for `party` (`fare_rules_text`), the ride
    between the gate and the other end («步行约6分钟到三丘田码头，乘轮渡约35分钟（含候船）到东渡邮轮中心
    码头，约18元/人，地铁约20分钟»)."""
    parts: list[str] = []
    road = leg.road
    road_text = ""
    if road is not None:
        zh, en = MODE_NAMES[road.mode.value]
        road_text = pick(
            lang, f"{zh}约{road.minutes}分钟", f"{en.lower()} about {road.minutes} min"
        )
    for c in leg.crossings:
        a, fare = c.area, f"{fare_on(c.area, date):.0f}"
        rules = (
            fare_rules_text(a.concessions, party, lang) if party is not None and fare != "0" else ""
        )
        fare_zh = f"，约{fare}元/人" if fare != "0" else "，车费含在门票里"
        fare_en = f", about {fare} CNY a person" if fare != "0" else ", paid with the ticket"
        fare_zh += f"（{rules}）" if rules else ""
        fare_en += f" ({rules})" if rules else ""
        (ride_zh, wait_zh, off_zh, _), (ride_en, wait_en, off_en, _) = WAY_WORDS[a.way]
        ride_zh, ride_en = a.ride_zh or ride_zh, a.ride_en or ride_en
        # after `evening_from` the boats use another pier, said in the evening words: the day
        # gate is not named (厦鼓: 「在邮轮中心厦鼓码头乘轮渡」 beside 「傍晚以后…改从鹭江道…」)
        gate_zh, gate_en = ("", "") if _evening(c, road, depart) else (
            c.gate.name_zh, c.gate.name_en)  # fmt: skip
        if not c.inbound:
            ride_zh, ride_en = a.ride_back_zh or ride_zh, a.ride_back_en or ride_en
            at_zh, at_en = (
                ("", "") if c.walk_minutes else (f"在{a.landing_zh}", f" from {a.landing_en}")
            )
            if c.walk_minutes:
                parts.append(_inside_words(c, lang, to_landing=True))
            parts.append(pick(lang, f"{at_zh}乘{ride_zh}约{a.ride_minutes}分钟（{wait_zh}）"
                              + (f"到{gate_zh}" if gate_zh else "") + fare_zh,
                              f"{ride_en}{at_en}" + (f" to {gate_en}" if gate_en else "")
                              + f", about {a.ride_minutes} min {wait_en}{fare_en}"))  # fmt: skip
        if road_text and (not c.inbound or len(leg.crossings) == 1):
            parts.append(road_text)
            road_text = ""
        if c.inbound:
            parts += [
                pick(lang, (f"在{gate_zh}" if gate_zh else "")
                     + f"乘{ride_zh}约{a.ride_minutes}分钟（{wait_zh}）{fare_zh}",
                     ride_en + (f" from {gate_en}" if gate_en else "")
                     + f", about {a.ride_minutes} min {wait_en}{fare_en}"),
                pick(lang, f"在{a.landing_zh}{off_zh}后", f"{off_en} {a.landing_en}, then ")
                + _inside_words(c, lang, to_landing=False)
                if c.walk_minutes else pick(lang, f"在{a.landing_zh}{off_zh}",
                                            f"{off_en} {a.landing_en}"),
            ]  # fmt: skip
    inside = WAY_WORDS[leg.crossings[0].area.way] if leg.crossings else WAY_WORDS["ferry"]
    first = leg.crossings[0].area if leg.crossings else None
    zh_in = (first.inside_zh if first else "") or inside[0][3]
    en_in = (first.inside_en if first else "") or inside[1][3]
    words = pick(lang, f"；{zh_in}", f"; {en_in}")
    for c in leg.crossings:
        a = c.area
        if _evening(c, road, depart):
            words += pick(lang, f"；{a.evening_zh}", f"; {a.evening_en}")
        if a.last_out is not None and not c.inbound:
            words += pick(lang, f"；末班约{fmt_minutes(a.last_out)}，别错过",
                          f"; the last one leaves about {fmt_minutes(a.last_out)}")  # fmt: skip
    return pick(lang, "，", ", ").join(parts) + words


def _evening(c: access.Crossing, road: transit.Leg | None, depart: int) -> bool:
    """Whether crossing `c` of a leg leaving at `depart` (minutes after midnight) boards —
    about when the road part (inbound) or the walk to the landing is done — after its area's
    `AccessArea.evening_from`, when the boats differ and the evening words say how."""
    a = c.area
    board = depart + (road.minutes if c.inbound and road is not None else c.walk_minutes)
    return a.evening_from is not None and board >= a.evening_from and bool(a.evening_zh)


def _inside_words(c: access.Crossing, lang: str, *, to_landing: bool) -> str:
    """The part of a crossing inside the area: on foot, or by its buses
    (`AccessArea.inside_way`), to the landing or from it."""
    a, m = c.area, c.walk_minutes
    if not c.by_bus:
        return pick(lang, f"步行约{m}分钟" + (f"到{a.landing_zh}" if to_landing else ""),
                    f"about {m} min on foot" + (f" to {a.landing_en}" if to_landing else ""))  # fmt: skip
    fare = pick(lang, f"，约{c.inside_fare:.0f}元/人", f", about {c.inside_fare:.0f} CNY a person")
    return pick(lang, f"乘{a.bus_zh}约{m}分钟" + (f"到{a.landing_zh}" if to_landing else ""),
                f"{a.bus_en} about {m} min" + (f" to {a.landing_en}" if to_landing else "")) + (
        fare if c.inside_fare else "")  # fmt: skip


def inside_note(leg: transit.Leg, lang: str) -> str:
    """A leg inside an area by its buses (「岛上公交约20分钟，约5元/人；末班船约15:00」)."""
    area = leg.inside
    assert area is not None
    note = pick(lang, f"{area.bus_zh}约{leg.minutes}分钟（含候车）",
                f"{area.bus_en}, about {leg.minutes} min with the wait")  # fmt: skip
    if area.inside_fare_cny:
        note += pick(lang, f"，约{area.inside_fare_cny:.0f}元/人",
                     f", about {area.inside_fare_cny:.0f} CNY a person")  # fmt: skip
    return note


def _cable_car(
    destination: Destination,
    a: Point,
    b: Point,
    request: TripRequest,
    depart: int,
    ride: int,
    date: dt.date | None = None,
) -> Item | None:
    """The way up to (or down from) a summit lodging by the mountain's cable car, leaving at
    `depart` with `ride` minutes to or from the mountain (`engine.planning.summit`), at the
    car's fare on `date`, or None."""
    found = cable_leg(destination, a, b, date)
    if found is None:
        return None
    top, car, price = found
    name = car.name_zh
    up = top.id == b.poi_id
    lang = request.lang
    board = depart + (ride + SHUTTLE_MIN if up else SUMMIT_WALK_MIN)
    at = f"{board // 60:02d}:{board % 60:02d}"
    how_zh = (
        f"车程约{ride}分钟到换乘中心，景区交通车约{SHUTTLE_MIN}分钟到索道站，约{at}乘索道，"
        f"上站步行约{SUMMIT_WALK_MIN}分钟到酒店；末班上行索道冬季约16:30"
        if up
        else f"步行约{SUMMIT_WALK_MIN}分钟到索道上站，约{at}乘索道下山，再乘景区交通车约"
        f"{SHUTTLE_MIN}分钟到换乘中心，车程约{ride}分钟"
    )
    how_en = (
        f"about {ride} min by road to the transfer centre, the scenic shuttle about "
        f"{SHUTTLE_MIN} min to the cable car, on it about {at}, then about "
        f"{SUMMIT_WALK_MIN} min on foot to the hotel; the last car up runs about 16:30 in "
        "winter"
        if up
        else f"about {SUMMIT_WALK_MIN} min on foot to the upper station, down by cable car about "
        f"{at}, the scenic shuttle about {SHUTTLE_MIN} min, then about {ride} min by road"
    )
    return Item(
        kind=ItemKind.TRANSIT,
        name=pick(lang, f"乘{name}{'上山' if up else '下山'}前往{b.name_zh}",
                  f"{'Up' if up else 'Down'} by cable car ({name}) to {b.name_en}"),
        poi_id=b.poi_id,
        start=clock_time(depart),
        end=clock_time(depart + ride + CABLE_ACCESS_MIN),
        lat=b.lat,
        lon=b.lon,
        cost_cny=fare_for_party(price, car.concessions, request.party),
        mode=Mode.CABLE_CAR,
        distance_m=int(haversine_m(a.lat, a.lon, b.lat, b.lon) * transit.DETOUR),
        from_name=a.name(lang),
        note=pick(lang, f"{how_zh}；索道单程约{price:.0f}元/人",
                  f"{how_en}; about {price:.0f} CNY one way")
        + (pick(lang, f"（{rules}）", f" ({rules})")
           if (rules := fare_rules_text(car.concessions, request.party, lang)) else ""),
    )  # fmt: skip
