"""Intercity legs: curated links first, else a documented distance model.

Distance model (used only when no curated `IntercityLink` joins the two places; every leg it
makes is labelled ``estimated``):

- Rail route length = great-circle distance × 1.25 (China's HSR network circuity; e.g.
  Shanghai–Beijing 1 068 km straight, 1 318 km by the Beijing–Shanghai HSR).
- **hsr** (both stations on one high-speed network of the base, `engine.planning.rail_network`,
  within 2 600 km; when the base cannot tell, within 1 300 km): 20 min + route length at
  220 km/h average including stops; second-class fare 0.45 CNY per route-km (Beijing–Shanghai
  2nd class 553–662 CNY / 1 318 km). Never between two networks (成都 and 拉萨, 广州 and 三亚);
  from a place at the end of a spur of the base's lines, the rides along the spur first
  (`engine.planning.rail_network.spur_ride`), when 25 % slower or more: 香格里拉, whose only
  line runs to 丽江, is no straight line to 重庆.
- **train** (beyond HSR range with no flight, e.g. flights avoided: a Z/T/K train): 30 min +
  route length at 80 km/h including stops; 0.16 CNY per route-km (hard-sleeper tariffs on long
  routes are roughly 0.15–0.2 CNY/km; estimated).
- **flight** (straight line >= 600 km, or rail avoided): 40 min taxi/climb/descent + distance at
  700 km/h block speed; economy fare 0.55 CNY/km + 60 CNY (airport construction fee + typical fuel
  surcharge; discounted fares vary widely). The guide tells people to check 12306 / airlines.
- **coach** (only when neither end has a station or airport in reach): 30 min + road length
  (× 1.3) at 55 km/h; 0.35 CNY per road-km, from the coach station (else the centre).

A destination with no station of its own (四姑娘山, 泸沽湖, 登封 …) is reached through the
nearest real station or airport of the knowledge base (its gateway's first), never an invented
"X站": the leg says how the last stretch goes (`IntercityOption.onward_zh`), and the day's
local leg from that hub (a coach or a chartered car, `engine.planning.transit`) covers it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, IntercityLink
from engine.planning.hubs import (
    AIRPORT_REACH_KM,
    RAIL_REACH_KM,
    Point,
    coach_point,
    hubs_of,
    point_of,
)
from engine.planning.rail_network import chain_ride, networks, same_network, spur_ride

__all__ = ["AIRPORT_REACH_KM", "RAIL_REACH_KM", "IntercityOption", "Point", "estimate", "options"]

RAIL_DETOUR = 1.25
ROAD_DETOUR = 1.3  # mountain roads wind more than rails (estimated)
COACH_KMH = 55.0  # long-distance coach, stops included (estimated)
COACH_CNY_PER_KM = 0.35  # roughly the fares of the curated coach links (e.g. 成都—康定 ~0.4)
TRAIN_KMH = 80.0  # long-distance conventional (Z/T/K) trains, stops included
TRAIN_CNY_PER_KM = 0.16  # hard sleeper, roughly (hard seat ~0.1)
HSR_MAX_KM = 1300.0
HSR_MIN_KM = 30.0
HSR_NETWORK_MAX_KM = 2600.0  # 北京—昆明 2 080 km straight: G trains about 10.5 h
FLIGHT_MIN_KM = 600.0
#: Airports closer than this (metres) are one airport, or too near to fly between: a flight is
#: no option even when wished (乐山 has no airport; 成都 天府 is the nearest to both).
MIN_FLIGHT_M = 150_000.0


def too_near_to_fly(a: Point, b: Point) -> bool:
    """Whether airports `a` and `b` are one, or closer than `MIN_FLIGHT_M`."""
    return haversine_m(a.lat, a.lon, b.lat, b.lon) < MIN_FLIGHT_M


SAME_STATION_M = 1500.0  # two hub records this close are one station (a big station's extent)


#: Modes that honour a wished mode: 「坐火车」 / "by train" is any train, 高铁 included (a
#: traveller who says 火车 from 北京 to 上海 means the G train, not a flight); 高铁 is only 高铁.
WISH_MODES: dict[str, frozenset[str]] = {"train": frozenset({"train", "hsr"})}


def satisfies(wished: str, mode: str | None) -> bool:
    """Whether a leg by `mode` honours a wish for `wished` (`WISH_MODES`)."""
    return mode is not None and mode in WISH_MODES.get(wished, frozenset({wished}))


@dataclass(frozen=True)
class IntercityOption:
    """One way of travelling between two places (both directions share it).

    Attributes:
        mode: ``hsr`` / ``train`` / ``flight`` / ``coach``.
        a_hub, b_hub: hubs at the origin and the destination side.
        minutes: typical vehicle time; `fare_cny`: one adult one-way fare.
        first_departure, last_departure: minutes after midnight.
        confidence: the link's confidence, or ``estimated`` for the distance model.
        service: train number or flight of a scheduled service (it leaves at
            `first_departure` only, and only in this direction); "" for a typical link.
        onward_zh, onward_en: the stretch left to a local leg when a hub is another
            destination's (the nearest station to 四姑娘山 is 成都's), else "".
        via_zh, via_en: the places an estimated train passes when the lines make a detour
            (「经丽江、昆明、贵阳（可能要换乘）」, `_hsr_estimate`), else "".
    """

    mode: str
    a_hub: Point
    b_hub: Point
    minutes: int
    fare_cny: float
    first_departure: int
    last_departure: int
    confidence: str
    note_zh: str = ""
    note_en: str = ""
    service: str = ""
    onward_zh: str = ""
    onward_en: str = ""
    via_zh: str = ""
    via_en: str = ""

    @property
    def scheduled(self) -> bool:
        return bool(self.service)

    def reversed(self) -> IntercityOption:
        """The same link travelled the other way (typical links only)."""
        return replace(self, a_hub=self.b_hub, b_hub=self.a_hub, onward_zh="", onward_en="")


def _hm(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def _onward(option: IntercityOption, origin: Destination | Point,
            destination: Destination | Point, kb: KnowledgeBase) -> IntercityOption:  # fmt: skip
    """The option with a word on the stretch it leaves to a local leg: a hub of another
    destination at either end (「到站后换乘大巴或包车去泸沽湖，约110公里」), with the coach the
    knowledge base knows between the two places, if any."""
    words_zh, words_en = [], []
    for place, hub, arriving in ((origin, option.a_hub, False), (destination, option.b_hub, True)):
        if not isinstance(place, Destination) or hub.poi_id in {h.id for h in place.hubs}:
            continue
        km = haversine_m(place.lat, place.lon, hub.lat, hub.lon) / 1000
        if km < 30:
            continue
        owner = kb.destination_of(hub.poi_id or "")
        coach = next((link for link in kb.links_between(place.id, owner.id)
                      if link.mode == "coach" and not link.service), None) if owner else None  # fmt: skip
        if arriving:
            words_zh.append(
                f"{hub.name_zh}是离{place.name_zh}最近的站点，到站后换乘大巴或包车去"
                f"{place.name_zh}（直线约{km:.0f}公里）"
            )
            words_en.append(
                f"{hub.name_en} is the nearest hub to {place.name_en}: a coach or a "
                f"chartered car on from there (about {km:.0f} km as the crow flies)"
            )
        else:
            words_zh.append(f"先从{place.name_zh}乘大巴或包车到{hub.name_zh}（直线约{km:.0f}公里）")
            words_en.append(
                f"first a coach or a chartered car from {place.name_en} to "
                f"{hub.name_en} (about {km:.0f} km as the crow flies)"
            )
        ends = [kb.hub(coach.a_hub), kb.hub(coach.b_hub)] if coach is not None else []
        known = [e for e in ends if e is not None]
        if coach is not None and len(known) == 2:
            a, b = known if (coach.a == place.id) != arriving else known[::-1]
            h, m = divmod(coach.duration_minutes, 60)
            sure = {"verified": "已核实", "curated": "整理", "estimated": "估计"}[coach.confidence]
            words_zh.append(
                f"大巴{a.name_zh}—{b.name_zh}约{h}小时{m}分、约{coach.fare_cny:.0f}元，"
                f"{coach.first_departure}–{coach.last_departure}发车（{sure}）"
            )
            words_en.append(f"coach {a.name_en}–{b.name_en}, about {h} h {m} min, about "
                            f"{coach.fare_cny:.0f} CNY, leaving {coach.first_departure}–"
                            f"{coach.last_departure} ({coach.confidence})")  # fmt: skip
    if not words_zh:
        return option
    return replace(option, onward_zh="；".join(words_zh), onward_en="; ".join(words_en))


def _from_link(link: IntercityLink, kb: KnowledgeBase, origin: str) -> IntercityOption | None:
    a_hub, b_hub = kb.hub(link.a_hub), kb.hub(link.b_hub)
    if a_hub is None or b_hub is None:
        return None
    option = IntercityOption(
        link.mode,
        point_of(a_hub),
        point_of(b_hub),
        link.duration_minutes,
        link.fare_cny,
        _hm(link.first_departure),
        _hm(link.last_departure),
        link.confidence,
        link.note_zh,
        link.note_en,
        link.service,
    )
    if link.a == origin:
        return option
    return None if link.service else option.reversed()


def _hsr_runs(kb: KnowledgeBase, rail: tuple[Point, Point], km: float) -> bool:
    """Whether a high-speed estimate between two stations `km` apart is honest: both on one
    network of the base (`engine.planning.rail_network`) within `HSR_NETWORK_MAX_KM`; when
    the base cannot tell, within `HSR_MAX_KM`; never between two stations of one city or
    closer than `HSR_MIN_KM`."""
    owners = [kb.destination_of(p.poi_id) if p.poi_id else None for p in rail]
    if km < HSR_MIN_KM or (owners[0] is not None and owners[0] is owners[1]):
        return False  # (成都东站 to 成都西站, the station 四姑娘山 is reached from: no train)
    same = same_network(kb, *(d.id if d else None for d in owners))
    if same is None:
        return km <= HSR_MAX_KM
    return same and km <= HSR_NETWORK_MAX_KM


def _one_station(kb: KnowledgeBase, rail: tuple[Point, Point]) -> bool:
    """Whether two places are reached at one station (the same hub, or two records of it
    within `SAME_STATION_M`: 西宁 and 青海湖 both at 西宁站) or at two stations of one city
    (成都东站 and 成都西站): no train joins them."""
    a, b = rail
    if a.poi_id is not None and a.poi_id == b.poi_id:
        return True
    if haversine_m(a.lat, a.lon, b.lat, b.lon) <= SAME_STATION_M:
        return True
    owners = [kb.destination_of(p.poi_id) if p.poi_id else None for p in rail]
    return owners[0] is not None and owners[0] is owners[1]


def _road_end(place: Destination | Point) -> Point:
    """Where a road leg between two places reached at one station ends: the place's coach
    station, else its centre (青海湖: the lake, not 西宁站 again)."""
    if isinstance(place, Point):
        return place
    coach = [h for h in place.hubs if h.kind == "coach"]
    return (
        point_of(coach[0]) if coach else Point(place.name_zh, place.name_en, place.lat, place.lon)
    )


def estimate(a: Point, b: Point, mode: str) -> IntercityOption:
    """The distance-model option for `mode` (``hsr``, ``train``, ``flight`` or ``coach``)
    between two points."""
    km = haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000
    if mode == "flight":
        minutes = round(40 + km / 700 * 60)
        fare = round(0.55 * km + 60, -1)
        first, last = 7 * 60, 21 * 60
    elif mode == "train":
        route = km * RAIL_DETOUR
        minutes = round(30 + route / TRAIN_KMH * 60)
        fare = round(TRAIN_CNY_PER_KM * route)
        first, last = 8 * 60, 21 * 60
    elif mode == "coach":
        route = km * ROAD_DETOUR
        minutes = round(30 + route / COACH_KMH * 60)
        fare = round(COACH_CNY_PER_KM * route)
        first, last = 7 * 60, 16 * 60
    else:
        route = km * RAIL_DETOUR
        minutes = round(20 + route / 220 * 60)
        fare = round(0.45 * route)
        first, last = 6 * 60 + 30, 20 * 60
    return IntercityOption(mode, a, b, max(30, minutes), max(10.0, fare), first, last, "estimated")


def _timetabled_between(
    kb: KnowledgeBase, origin: Destination | Point, destination: Destination | Point
) -> bool:
    """Whether the base has timetabled trains between the two places' high-speed networks
    (`engine.planning.rail_network.networks`): 林芝 and 上海, whose networks the 青藏铁路's Z
    trains join at 拉萨 — then those trains are the way, and no through train is estimated."""
    if not isinstance(origin, Destination) or not isinstance(destination, Destination):
        return False
    nets = networks(kb)
    ends = {nets.get(origin.id), nets.get(destination.id)}
    if None in ends or len(ends) < 2:
        return False
    return any(
        link.service and link.mode == "train" and {nets.get(link.a), nets.get(link.b)} == ends
        for link in kb.links
    )


#: The longest ride along several high-speed links (`_chain_estimate`, minutes): a day's
#: trains, 06:30 to 22:30.
MAX_CHAIN_MIN = 16 * 60


def _chain_estimate(
    kb: KnowledgeBase, rail: tuple[Point, Point], km: float
) -> IntercityOption | None:
    """Between two stations on one network further apart than `HSR_NETWORK_MAX_KM` (广州 and
    哈尔滨), the high-speed trains along the base's links, changed where they meet
    (`engine.planning.rail_network.chain_ride`), when the ride is a day's (`MAX_CHAIN_MIN`);
    None otherwise (a long train or a flight instead)."""
    owners = [kb.destination_of(p.poi_id) if p.poi_id else None for p in rail]
    if owners[0] is None or owners[1] is None or km <= HSR_NETWORK_MAX_KM:
        return None
    if not same_network(kb, owners[0].id, owners[1].id):
        return None
    ride = chain_ride(kb, owners[0].id, owners[1].id)
    if ride is None or ride.minutes > MAX_CHAIN_MIN:
        return None
    names = [d for d in map(kb.destinations.get, ride.via[:-1]) if d is not None]
    first = 6 * 60 + 30
    return IntercityOption(
        "hsr", *rail, ride.minutes, round(ride.fare_cny), first,
        max(first, LATEST_CHAIN_ARRIVAL - ride.minutes), "estimated",
        via_zh=f"经{'、'.join(d.name_zh for d in names)}换乘" if names else "",
        via_en=f"changing at {', '.join(d.name_en for d in names)}" if names else "",
    )  # fmt: skip


#: A chain of high-speed trains arrives by this time (minutes, local): the last trains of the day.
LATEST_CHAIN_ARRIVAL = 22 * 60 + 30


#: A way along a spur at least this much slower than the straight-line estimate is a detour the
#: lines make (香格里拉 → 丽江 → …) and replaces it (`_hsr_estimate`); one closer to it keeps the
#: straight-line estimate.
DETOUR = 1.25


def _hsr_estimate(kb: KnowledgeBase, rail: tuple[Point, Point]) -> IntercityOption:
    """The distance model's high-speed train between two stations; where either end lies on a
    spur of the base's lines (`engine.planning.rail_network.spur_ride`: 香格里拉 → 丽江), the
    rides along it plus the straight-line estimate between where the spurs meet the network,
    when that is a `DETOUR` slower — its minutes, the larger fare, and the places it passes
    (`via_zh`)."""
    option = estimate(*rail, "hsr")
    owners = [kb.destination_of(p.poi_id) if p.poi_id else None for p in rail]
    if owners[0] is None or owners[1] is None:
        return option
    out = spur_ride(kb, owners[0].id, owners[1].id)
    home = spur_ride(kb, owners[1].id, owners[0].id)
    if out is None and home is None:
        return option
    ends = [out.end if out else owners[0].id, home.end if home else owners[1].id]
    minutes = (out.minutes if out else 0) + (home.minutes if home else 0)
    fare = (out.fare_cny if out else 0.0) + (home.fare_cny if home else 0.0)
    if ends[0] != ends[1] and ends[0] != owners[1].id:
        hubs = [hubs_of(kb.destinations[e], kb)[0] for e in ends]
        if hubs[0] is None or hubs[1] is None:
            return option
        middle = estimate(hubs[0], hubs[1], "hsr")
        minutes, fare = minutes + middle.minutes, fare + middle.fare_cny
    if minutes < option.minutes * DETOUR:
        return option  # near the straight line
    passed = [*(out.via if out else ()), *reversed(home.via[:-1] if home else ())]
    passed += [home.end] if home and home.end not in passed else []
    names = [d for d in map(kb.destinations.get, passed) if d is not None and d not in owners]
    return replace(
        option,
        minutes=minutes,
        fare_cny=max(option.fare_cny, round(fare)),
        via_zh=f"经{'、'.join(d.name_zh for d in names)}（可能要换乘）" if names else "",
        via_en=f"via {', '.join(d.name_en for d in names)} (perhaps with changes)" if names else "",
    )


def options(
    kb: KnowledgeBase,
    origin: Destination | Point,
    destination: Destination | Point,
    *,
    avoid: frozenset[str] = frozenset(),
    prefer: tuple[str, ...] = (),
) -> list[IntercityOption]:
    """Ways from `origin` to `destination`, best first (fastest door-to-door, rail on ties).

    Knowledge-base links are used when both ends are knowledge-base destinations: typical links
    and the scheduled services leaving from `origin` (a data pack's timetable); otherwise the
    distance model supplies ``hsr`` (where one network joins the two, `_hsr_runs`) and/or
    ``flight`` options, else a long ``train``, else a ``coach``. Two places at least
    `FLIGHT_MIN_KM` apart linked by rail only also get the distance model's flight between
    their nearest airports; so do closer places when a flight is wished (`prefer`); a wished
    ``hsr``, or a wished ``train`` (`satisfies`: the G train honours 「坐火车」), gets the
    distance model's high-speed train where the network runs. Modes in `avoid` are left
    out (``train`` covers ``hsr`` too). Two places reached at one station (`_one_station`:
    西宁 and 青海湖) get no train: a coach from one's coach station to the other's (else its
    centre). Returns an empty list when every mode is avoided.
    """
    avoid_rail = "train" in avoid or "hsr" in avoid
    wished = {mode for mode in ("hsr", "flight") if any(satisfies(w, mode) for w in prefer)}
    found: list[IntercityOption] = []
    if isinstance(origin, Destination) and isinstance(destination, Destination):
        for link in kb.links_between(origin.id, destination.id):
            option = _from_link(link, kb, origin.id)
            if option is not None:
                found.append(option)
    found = [
        o for o in found if o.mode not in avoid and not (avoid_rail and o.mode in ("hsr", "train"))
    ]
    a_rail, a_air = hubs_of(origin, kb)
    b_rail, b_air = hubs_of(destination, kb)
    rail = (a_rail, b_rail) if a_rail is not None and b_rail is not None else None
    road = (coach_point(origin), coach_point(destination))
    if rail is not None and _one_station(kb, rail):
        rail = None  # (西宁 to 青海湖, both reached at 西宁站: by road, never 西宁站 → 西宁站)
        road = (_road_end(origin), _road_end(destination))
    a_mid, b_mid = rail or road
    km = haversine_m(a_mid.lat, a_mid.lon, b_mid.lat, b_mid.lon) / 1000
    flying = (km >= FLIGHT_MIN_KM or avoid_rail or "flight" in wished) and "flight" not in avoid
    air = (a_air, b_air) if flying and a_air is not None and b_air is not None else None
    if air is not None and too_near_to_fly(*air):
        air = None  # (成都 to 乐山, both nearest to 天府机场: no flight from an airport to itself)
    hsr = rail is not None and not avoid_rail and _hsr_runs(kb, rail, km)
    chain = None if hsr or rail is None or avoid_rail else _chain_estimate(kb, rail, km)
    if not found:
        if hsr and rail is not None:
            found.append(_hsr_estimate(kb, rail))
        elif chain is not None:
            found.append(chain)
        if air is not None:
            found.append(estimate(*air, "flight"))
        if not found and rail is not None and not avoid_rail:  # far, no flight: a long train
            found.append(estimate(*rail, "train"))
        if not found and "coach" not in avoid:  # no station or airport in reach: by road
            found.append(estimate(*road, "coach"))
    elif air is not None and all(o.mode != "flight" for o in found):
        # Far apart, links by rail only (e.g. 苏州, without an airport, to 成都): the flight from
        # the nearest airports is an option too, labelled estimated.
        found.append(estimate(*air, "flight"))
    if "hsr" in wished and hsr and rail is not None and all(o.mode != "hsr" for o in found):
        # High-speed rail wished where the network runs, links known by air only (哈尔滨 to
        # 广州): the distance model's train, labelled estimated.
        found.append(_hsr_estimate(kb, rail))
    rides = [o for o in found if o.mode in ("hsr", "train")]
    if "hsr" in wished and chain is not None and not rides:
        found.append(chain)  # (广州 to 哈尔滨 asked by train: G trains changed at 长沙 and 北京)
    elif (
        "train" in prefer
        and rail is not None
        and not avoid_rail
        and not rides
        and not _timetabled_between(kb, origin, destination)
    ):
        # A train asked for where no high-speed line runs within a day (上海 to 乌鲁木齐): the
        # distance model's through sleeper, one or two nights aboard (`legs.max_nights`)
        found.append(estimate(*rail, "train"))
    overhead = {"flight": 150, "hsr": 45, "train": 45, "coach": 30}
    found = [_onward(o, origin, destination, kb) for o in found]
    found.sort(key=lambda o: (o.minutes + overhead.get(o.mode, 45), o.mode != "hsr"))
    return found
