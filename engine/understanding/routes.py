"""Region routes: a region named as the goal (云南, 江南水乡, 东北, 甘孜州) becomes a route through
its covered destinations, sized to the days and ordered by geography.

Which destinations: the region's `core` priority first (resources/knowledge/regions.json), then
its other covered destinations by fame — so destinations added to the knowledge base join the
routes of their regions without any edit here. How many: stops are taken in priority order while
their days (`Coverage.stay_days`, or the region's `stay_days`) plus the transfers between them
fit the trip; a transfer costs nothing up to 150 km (a hop of an hour or two), half a day up to
600 km, a day beyond (a flight). A stop may take a day less when that makes it fit and adds no
transfer (乌镇 then 苏州 in three days); a region trip of two days or more shows at least two
places when they fit with a day less each. Spare days go to the stops in priority order. Order:
from the stop nearest a departure within 600 km (else the region's gateway), the shortest path
through the rest. `engine.understanding.region_trips` applies this to a request.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.knowledge.place_names import distance_km
from engine.knowledge.travel_regions import TravelRegion, province_regions, region_by_id

#: Transfer cost in days by distance (km, great-circle), checked in order.
_TRANSFER_DAYS = ((150.0, 0.0), (600.0, 0.5), (math.inf, 1.0))
#: Most stops tried when ordering a route (all orders are tried: 7! = 5040).
_MAX_STOPS = 7
#: A departure this close (km) to a stop starts the route there; from farther away (a flight
#: or a long train in any case) the route starts at the region's gateway.
_NEAR_KM = 600.0


@dataclass(frozen=True)
class Stop:
    """A covered destination of a region and the days a visit there takes."""

    place: PlaceMatch
    stay: int
    full: int = 0  # the days before shortening, when shortened

    @property
    def id(self) -> str:
        return self.place.destination_id or ""


@dataclass(frozen=True)
class RegionRoute:
    """The route proposed for a region.

    Attributes:
        region: the region as matched (a travel region, a province or a prefecture).
        said: the words that named it.
        stops: covered destinations in visiting order; `days`: days at each (sum: the trip).
        others: the region's other covered destinations, most important first.
        record: the curated region, when there is one (its note says why the route goes so).
        start_from: the departure when the route starts at the stop nearest to it.
        named: the person named the stops (「川西 康定 稻城亚丁」): the route is theirs, in
            geographic order, and the region's note on choosing stops is not said.
    """

    region: PlaceMatch
    said: str
    stops: tuple[PlaceMatch, ...]
    days: tuple[int, ...]
    others: tuple[PlaceMatch, ...] = ()
    record: TravelRegion | None = None
    start_from: PlaceMatch | None = None
    named: bool = False

    def wish_value(self) -> str:
        """``kunming:2,dali:3,lijiang:2`` (the value of a ``days`` wish)."""
        return ",".join(
            f"{s.destination_id}:{d}" for s, d in zip(self.stops, self.days, strict=True)
        )

    def message(self, lang: str) -> str:
        """What route was taken, why, and what else the region has, in `lang`."""
        zh = lang == "zh"
        name = self.region.name(lang)
        total = sum(self.days)
        first, start = self.stops[0].name(lang), self.start_from
        if zh:
            legs = " → ".join(
                f"{s.name_zh}（{d}天）" for s, d in zip(self.stops, self.days, strict=True)
            )
            head = (
                f"{name}{total}天，按地理顺路走：{legs}"
                + (f"，从离{start.name_zh}最近的{first}开始。" if start is not None else "。")
                if len(self.stops) > 1
                else f"{name}目前能规划的是{first}，{total}天都安排在那里。"
            )
        else:
            legs = " → ".join(
                f"{s.name_en} ({d} day{'s' if d > 1 else ''})"
                for s, d in zip(self.stops, self.days, strict=True)
            )
            head = (
                f"{name} in {total} days, in geographic order: {legs}"
                + (f", starting at {first}, the nearest to {start.name_en}." if start else ".")
                if len(self.stops) > 1
                else f"In {name} we can plan {first}; all {total} days are there."
            )
        note = self.record.note(lang) if self.record is not None and not self.named else ""
        if note:
            head += f"{note}。" if zh else f" {note}."
        if self.others:
            names = [p.name(lang) for p in self.others[:4]]
            more = (
                "、".join(names)
                if zh
                else " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            )
            head += (
                f"{name}还有{more}，天数多些可以加上。"
                if zh
                else f" {name} also has {more}, for a longer trip."
            )
        return head


def region_of(match: PlaceMatch) -> TravelRegion | None:
    """The curated region `match` names (a travel region or a province), if any."""
    if match.region_id:
        return region_by_id().get(match.region_id)
    if match.level == "province":
        return province_regions().get(match.full_name_zh)
    return None


def members(match: PlaceMatch, gaz: Gazetteer) -> list[Stop]:
    """The covered destinations of the region, province or uncovered prefecture `match`, in
    route priority; empty when `match` is a destination itself or holds none."""
    if match.covered or match.level not in ("region", "province", "prefecture"):
        return []
    record = region_of(match)
    areas = set(record.areas if record is not None else (match.full_name_zh,))
    listed = set(record.destinations if record is not None else ())
    excluded = set(record.exclude if record is not None else ())
    found: dict[str, PlaceMatch] = {}
    for place in gaz.covered():
        dest_id = place.destination_id or ""
        if dest_id in excluded:
            continue
        if dest_id in listed or areas & {place.province, place.prefecture, place.full_name_zh}:
            found[dest_id] = place
    core = [d for d in (record.core if record is not None else ()) if d in found]

    def fame(dest_id: str) -> float:
        cover = gaz.coverage(dest_id)
        return cover.fame if cover is not None else 0.0

    rest = sorted((d for d in found if d not in core), key=lambda d: (-fame(d), d))
    stays = record.stay_days if record is not None else {}
    out = []
    for dest_id in [*core, *rest]:
        cover = gaz.coverage(dest_id)
        stay = stays.get(dest_id) or (cover.stay_days if cover is not None else 2)
        out.append(Stop(found[dest_id], stay))
    return out


def default_days(stops: list[Stop]) -> int:
    """A trip length for a region named without one: its first three stops at their days."""
    head = _order(stops[:3], None, [])
    return max(2, min(7, math.ceil(_need(head))))


def plan_route(
    match: PlaceMatch,
    said: str,
    stops: list[Stop],
    days: int,
    departure: PlaceMatch | None,
) -> RegionRoute:
    """The route through `stops` (priority order, not empty) for a trip of `days` days."""
    record = region_of(match)
    if departure is not None:  # the trip does not visit where it starts
        stops = [s for s in stops if s.id != departure.destination_id] or stops
    gateway = [s.id for s in stops if record is not None and s.id in record.gateway]
    named = [s for s in stops if record is not None and s.id in record.named]
    if len(named) <= days:  # 川渝: 成都 and 重庆 first, whatever their rank
        stops = named + [s for s in stops if s not in named]
    chosen = _fill(stops, days, departure, gateway, squeeze=False)
    if len(chosen) < 2 <= min(days, len(stops)) or _misses(chosen, named, days):
        squeezed = _fill(stops, days, departure, gateway, squeeze=True)
        chosen = max((chosen, squeezed), key=lambda r: (not _misses(r, named, days), len(r)))
    if _misses(chosen, named, days):  # the named places alone, a day each at least
        least = [Stop(s.place, 1, s.full or s.stay) for s in named]
        if _need(_order(least, departure, gateway)) <= days:
            chosen = least
    chosen = chosen or stops[:1]
    ordered = _order(chosen, departure, gateway)
    priority = {s.id: i for i, s in enumerate(stops)}
    split = _split(ordered, [priority[s.id] for s in ordered], days)
    taken = {s.id for s in chosen}
    others = tuple(s.place for s in stops if s.id not in taken)
    start = departure if len(ordered) > 1 and _start(ordered, departure) is ordered[0] else None
    return RegionRoute(
        match, said, tuple(s.place for s in ordered), tuple(split), others, record, start
    )


def _misses(chosen: list[Stop], named: list[Stop], days: int) -> bool:
    """Whether a route leaves out a place the region's name names while the days allow one
    each (「川渝5天」 without 重庆)."""
    return len(named) <= days and bool({s.id for s in named} - {s.id for s in chosen})


def _fill(
    stops: list[Stop],
    days: int,
    departure: PlaceMatch | None,
    gateway: list[str],
    *,
    squeeze: bool,
) -> list[Stop]:
    """Stops taken in priority order while the route still fits `days`, each with its days, or
    a day less when that makes it fit and it costs no transfer (乌镇 then 苏州 in three days);
    with `squeeze`, every stop a day less."""
    chosen: list[Stop] = []
    for stop in stops:
        if len(chosen) >= _MAX_STOPS:
            break
        full = _short(stop) if squeeze else stop
        trial = _order([*chosen, full], departure, gateway)
        if _need(trial) <= days:
            chosen = [*chosen, full]
            continue
        short = _short(stop)
        trial = _order([*chosen, short], departure, gateway)
        before = _transfers(_order(chosen, departure, gateway))
        if short.stay < full.stay and _need(trial) <= days and _transfers(trial) == before:
            chosen = [*chosen, short]
    return chosen


def _short(stop: Stop) -> Stop:
    """`stop` a day shorter (at least one day)."""
    return Stop(stop.place, max(1, stop.stay - 1), stop.full or stop.stay)


def _transfer(a: PlaceMatch, b: PlaceMatch) -> float:
    km = distance_km(a.lat or 0.0, a.lon or 0.0, b.lat or 0.0, b.lon or 0.0)
    return next(days for limit, days in _TRANSFER_DAYS if km <= limit)


def _transfers(order: list[Stop]) -> float:
    return sum(_transfer(a.place, b.place) for a, b in itertools.pairwise(order))


def _need(order: list[Stop]) -> float:
    """Days a route takes: its stays plus the transfers between consecutive stops."""
    return sum(s.stay for s in order) + _transfers(order)


def _order(stops: list[Stop], departure: PlaceMatch | None, gateway: list[str]) -> list[Stop]:
    """`stops` from the one nearest the departure when it is within `_NEAR_KM` (else the first
    gateway among them, else the first), then the shortest open path through the others."""
    if len(stops) <= 1:
        return list(stops)
    first = _start(stops, departure)
    if first is None:
        first = next((s for g in gateway for s in stops if s.id == g), stops[0])
    rest = [s for s in stops if s is not first]
    best = min(
        itertools.permutations(rest),
        key=lambda p: sum(_km(a.place, b.place) for a, b in itertools.pairwise((first, *p))),
    )
    return [first, *best]


def _start(stops: list[Stop], departure: PlaceMatch | None) -> Stop | None:
    if departure is None or departure.lat is None:
        return None
    nearest = min(stops, key=lambda s: _km(departure, s.place))
    return nearest if _km(departure, nearest.place) <= _NEAR_KM else None


def _km(a: PlaceMatch, b: PlaceMatch) -> float:
    return distance_km(a.lat or 0.0, a.lon or 0.0, b.lat or 0.0, b.lon or 0.0)


def _split(order: list[Stop], priority: list[int], days: int) -> list[int]:
    """Days per stop (in route order) summing to `days`: each its stay; too many days are
    taken from the longest stays, spare days go round the stops in priority order (up to a
    day more than a stop's full stay, then freely). A stop shortened to fit (`Stop.full`) gets
    its days back first, the most shortened (by share of its stay) first: 川渝 in four days
    from 武汉 is 成都 2 and 重庆 2, not 成都 3 and half a day in 重庆 before the train home."""
    split = [s.stay for s in order]
    while sum(split) > days and max(split) > 1:
        longest = max(range(len(split)), key=lambda i: (split[i], priority[i]))
        split[longest] -= 1
    full = [s.full or s.stay for s in order]
    while sum(split) < days and any(n < f for n, f in zip(split, full, strict=True)):
        short = [i for i in range(len(order)) if split[i] < full[i]]
        split[min(short, key=lambda i: (split[i] / full[i], priority[i]))] += 1
    ranked = sorted(range(len(order)), key=lambda i: priority[i])
    cap = [(s.full or s.stay) + 1 for s in order]
    while sum(split) < days:
        for i in [i for i in ranked if split[i] < cap[i]] or ranked:
            if sum(split) < days:
                split[i] += 1
    return split
