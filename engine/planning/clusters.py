"""Remote clusters on one day: sights close together far from the lodging are seen in one trip.

兵马俑 and 华清宫 lie 8 km apart in 临潼, 40 km from a 西安 hotel; 八达岭 and 十三陵 lie on one
road north of 北京. The solver is time-limited and its objective only weighs riding time, so it
may place them on two days, each with its own 80-km round trip. Before solving, each remote
cluster of the stay's candidates is pinned to one day (`pin_clusters`): its members get copies
on that day only (`engine.planning.model.build`), so the solver cannot split them.

A cluster: candidates more than `REMOTE_M` from the stay's lodging, linked when closer to each
other than `LINK_M` or than `LINK_SHARE` of their distance from the lodging (八达岭–十三陵,
about 20 km apart and 50 km out). A cluster near where a day starts or ends (an airport out of
town, a night out there) is left alone: that day takes it. The day: not given to a long place
(`full_days`), not a day of travel only; the one that starts or ends nearest to it (a day ending at a
station on that side of town), then the one with the most time, then the earliest. Its
members, by worth (must-sees, headline sights, score), while they fit: their visits (after the
first, the main part of a headline sight: `model.short_minutes`) within the pace's sightseeing
minutes, and one after the other — in the order they close, lunch after the first — each inside
its hours that date and back by the day's end, leaving at the day's earliest start (`pace.PaceProfile.earliest`) when the
usual start leaves too little (八达岭 closes at 16:00 in winter). Two members at least, or the
cluster is left alone. Each pinned member is worth the trip it saves on top of its score
(`Pin.saved_minutes`: the round trip, weighed as the solver weighs riding time), so the solver
fills the day out there rather than ride back for a sight in town. The cluster's other members
(but a must-see) are pinned to that day too, at their own score, when the sights near the
lodging fill the other days (`FILL_SHARE`): seen there in place of one chosen when the solver
likes them better, else left out rather than a second trip out on another day (住在周庄 with the
parents: 苏州's gardens 30 km away on one day, not on two of three).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Lodging
from engine.planning import transit
from engine.planning.candidates import ScoredAttraction
from engine.planning.frames import DayFrame
from engine.planning.full_days import WHOLE_DAY_MINUTES, _arrives, _shift
from engine.planning.model import RELAXED_SIGHTS, short_minutes
from engine.planning.stays import Stay

#: A sight this far from the lodging (straight line, metres) is a trip out.
REMOTE_M = 25_000.0
#: Two remote sights this close (metres) — or closer than `LINK_SHARE` of their distance from
#: the lodging — belong to one cluster: one trip out to both (lodging → A → B → lodging) saves
#: ``dA + dB − AB`` of driving over two, which is at least the distance out while AB is no more
#: than half of it (八达岭 and 十三陵, the usual one-day pair, are 19 km apart and 42 km out once
#: 八达岭 sits at its Wikipedia geotag; 0.4 split them).
LINK_M = 12_000.0
LINK_SHARE = 0.5
#: Minutes a kilometre of the ride out takes, roughly (bus or car at about 40 km/h), and lunch.
MIN_PER_KM = 1.5
LUNCH_MIN = 60
#: Days are told apart by how near they start or end to a cluster in steps of this (metres).
NEAR_STEP_M = 5000.0
#: Between two sights of a cluster (a short ride), minutes.
HOP_MIN = 30
#: A pinned cluster's other members wait for its day only when the sights near the lodging fill
#: this share of the other days' sightseeing minutes (`_filled_near`).
FILL_SHARE = 0.5


@dataclass(frozen=True)
class Pin:
    """A remote sight's day: `day` (frame index) and `saved_minutes`, the round trip out that
    seeing it beside the rest of its cluster saves."""

    day: int
    saved_minutes: int


def pin_clusters(
    frames: list[DayFrame],
    scored: list[ScoredAttraction],
    lodging: Lodging | None,
    reserved: dict[int, str],
) -> dict[str, Pin]:
    """Attraction id -> the day its remote cluster is pinned to (see the module docstring);
    empty when the stay has no lodging or fewer than two days to choose from."""
    days = [f for f in frames if not f.travel_only and f.index not in reserved]
    if lodging is None or len(days) < 2:
        return {}
    reserved_ids = set(reserved.values())
    remote = [
        s
        for s in scored
        if s.attraction.id not in reserved_ids
        and _far(lodging, s.attraction) > REMOTE_M
        and s.attraction.inside is None
    ]
    pinned: dict[str, Pin] = {}
    for cluster in _clusters(remote, lodging):
        if any(_passes(day, s.attraction) for day in days for s in cluster):
            continue  # a day that starts or ends out there (a station, a move) takes them
        cluster.sort(key=lambda s: (not s.must_see, s.headline is None, s.headline or 0, -s.score))
        chosen = _pick(cluster, days, lodging)
        if chosen is None:
            continue
        day, members, early = chosen
        if early:  # leave at the day's earliest start, breakfast with it
            shift = day.start_time - day.profile.earliest
            day.start_time = day.profile.earliest
            day.before = [_shift(i, -shift) for i in day.before]
        for s in members:
            pinned[s.attraction.id] = Pin(day.index, _ride(members, lodging))
        if _filled_near(days, day, scored, remote):  # the rest: that day or not, no second trip
            for s in cluster:
                if s.attraction.id not in pinned and not s.must_see:
                    pinned[s.attraction.id] = Pin(day.index, 0)
    pinned.update(_companions(frames, scored, lodging, reserved, remote, pinned))
    return pinned


def pin_stay_clusters(
    stay: Stay,
    frames: list[DayFrame],
    scored: list[ScoredAttraction],
    reserved: dict[int, str],
) -> dict[str, Pin]:
    """`pin_clusters` for a stay, one lodging at a time: a stay that moves (`Stay.nights`: a
    first night in 海棠湾 for 蜈支洲岛, then 三亚湾) pins, for the days that set out from each
    lodging, the remote clusters of that lodging — 南山 and 大小洞天, 6 km apart and 40 km west of
    三亚湾, on one day, not one each on days 3 and 5. Sights within `REMOTE_M` of another night's
    lodging are that night's, which the stay moved for. A day sets out from the night before
    (its own night on the stay's first day)."""
    if not stay.nights:
        return pin_clusters(frames, scored, stay.lodging, reserved)
    groups: dict[str, tuple[Lodging, list[DayFrame]]] = {}
    for f in frames:
        lodging = stay.night(f.index - 1) if f.index - 1 in stay.days else f.lodging
        if lodging is not None:
            groups.setdefault(lodging.id, (lodging, []))[1].append(f)
    pinned: dict[str, Pin] = {}
    for lodging, days in groups.values():
        others = [lo for lo, _ in groups.values() if lo.id != lodging.id]
        own = [s for s in scored if all(_far(lo, s.attraction) > REMOTE_M for lo in others)]
        for poi, pin in pin_clusters(days, own, lodging, reserved).items():
            pinned.setdefault(poi, pin)
    return pinned


def _companions(
    frames: list[DayFrame],
    scored: list[ScoredAttraction],
    lodging: Lodging,
    reserved: dict[int, str],
    remote: list[ScoredAttraction],
    pinned: dict[str, Pin],
) -> dict[str, Pin]:
    """Remote sights linked to a remote long place's own day (`full_days`: 青城山, 15 km from
    都江堰, 60 km from a 成都 hotel): its main part (`short_minutes`) pinned beside it when both
    fit one trip out — not a second 140-km round trip on another day. A theme park's day
    (`full_days.WHOLE_DAY_MINUTES`) stays the park's. The day's pace makes room for it
    (`engine.planning.model.build`)."""
    out: dict[str, Pin] = {}
    for index, long_id in reserved.items():
        anchor = next((s for s in scored if s.attraction.id == long_id), None)
        day = next((f for f in frames if f.index == index), None)
        if anchor is None or day is None or _far(lodging, anchor.attraction) <= REMOTE_M:
            continue
        if anchor.attraction.visit_minutes >= WHOLE_DAY_MINUTES:
            continue
        if day.profile.max_attractions <= RELAXED_SIGHTS:
            continue  # a relaxed mountain day holds the mountain only
        chosen = [(anchor, anchor.attraction.visit_minutes)]
        for s in remote:
            if s.attraction.id in pinned or s.attraction.id in out:
                continue
            if not _linked(s.attraction, anchor.attraction, lodging):
                continue
            need = short_minutes(s, day.profile.max_visit_minutes) or s.attraction.visit_minutes
            ride = _ride([anchor, s], lodging)
            inside = anchor.attraction.meal_inside_cny is not None
            if _fits([*chosen, (s, need)], day, day.start_time, ride, lunch_inside=inside):
                chosen.append((s, need))
                out[s.attraction.id] = Pin(index, ride)
            break  # one companion: the mountain is the day
    return out


def _filled_near(
    days: list[DayFrame],
    out: DayFrame,
    scored: list[ScoredAttraction],
    remote: list[ScoredAttraction],
) -> bool:
    """Whether the sights near the lodging (not `remote`, not inside another) fill at least
    `FILL_SHARE` of the pace's sightseeing minutes of the `days` other than `out` (the day out
    to a cluster): then the cluster's rest is not worth a second trip (周庄, 同里 and 甪直 for a
    stay in 周庄); else the other days would ride there anyway, for food as well (呼伦贝尔's yurt
    camp: one sight near it, every meal in 海拉尔)."""
    far = {s.attraction.id for s in remote}
    near = sum(s.attraction.visit_minutes for s in scored
               if s.attraction.id not in far and s.attraction.inside is None)  # fmt: skip
    need = sum(d.profile.max_visit_minutes for d in days if d is not out)
    return near >= FILL_SHARE * need


def _passes(day: DayFrame, a: Attraction) -> bool:
    """Whether the day starts or ends within `REMOTE_M` of `a` (an airport out of town)."""
    return any(haversine_m(p.lat, p.lon, a.lat, a.lon) <= REMOTE_M for p in (day.start, day.end))


def _far(lodging: Lodging, a: Attraction) -> float:
    return haversine_m(lodging.lat, lodging.lon, a.lat, a.lon)


def _clusters(remote: list[ScoredAttraction], lodging: Lodging) -> list[list[ScoredAttraction]]:
    """Connected groups (of two or more) of linked remote sights."""
    groups: list[list[ScoredAttraction]] = []
    for s in remote:
        linked = [g for g in groups if any(_linked(s.attraction, o.attraction, lodging) for o in g)]
        merged = [s] + [o for g in linked for o in g]
        groups = [g for g in groups if g not in linked] + [merged]
    return [g for g in groups if len(g) >= 2]


def _linked(a: Attraction, b: Attraction, lodging: Lodging) -> bool:
    apart = haversine_m(a.lat, a.lon, b.lat, b.lon)
    return apart <= max(LINK_M, LINK_SHARE * min(_far(lodging, a), _far(lodging, b)))


def _pick(
    cluster: list[ScoredAttraction], days: list[DayFrame], lodging: Lodging
) -> tuple[DayFrame, list[ScoredAttraction], bool] | None:
    """The day, the members (two or more) pinned to it and whether the day must start at
    its earliest start (`pace.PaceProfile.earliest`) for them, or None."""
    ride = _ride(cluster, lodging)
    best: tuple[tuple[int, int, int], DayFrame, list[ScoredAttraction], bool] | None = None
    for day in days:
        starts = [day.start_time]
        if not _arrives(day) and day.before and day.start_time > day.profile.earliest:
            starts.append(
                day.profile.earliest
            )  # a trip out of town starts early (八达岭 in winter)
        for start in starts:
            members = _members(cluster, day, start, ride)
            if len(members) >= 2:
                key = (-_nearest_end(day, cluster), day.span, -day.index)
                if best is None or key > best[0]:
                    best = (key, day, members, start != day.start_time)
                break
    return (best[1], best[2], best[3]) if best else None


def _members(
    cluster: list[ScoredAttraction], day: DayFrame, start: int, ride: int
) -> list[ScoredAttraction]:
    """The cluster's members, by worth, that fit one trip out leaving at `start`: within the
    pace's sightseeing minutes and, visited in the order they close with `HOP_MIN` between
    and lunch after the first, each inside its hours, back by the day's end."""
    members: list[tuple[ScoredAttraction, int]] = []
    for s in cluster:
        # after the first, a headline sight's main part will do (八达岭, then 定陵)
        need = (members and short_minutes(s, day.profile.max_visit_minutes)) or (
            s.attraction.visit_minutes
        )
        trial = [*members, (s, need)]
        if sum(n for _, n in trial) <= day.profile.max_visit_minutes and _fits(
            trial, day, start, ride
        ):
            members = trial
        if len(members) >= day.profile.max_attractions:
            break
    return [m for m, _ in members]


def _fits(
    chosen: list[tuple[ScoredAttraction, int]],
    day: DayFrame,
    start: int,
    ride: int,
    *,
    lunch_inside: bool = False,
) -> bool:
    """Whether the visits (sight, minutes) fit the day one after the other (see `_members`);
    `lunch_inside`: the first is a long place where lunch is eaten (no lunch after it)."""
    clock = start + ride // 2
    for k, (s, need) in enumerate(sorted(chosen, key=lambda c: _closes(c[0].attraction, day))):
        a = s.attraction
        begin = next(
            (
                max(clock, open_at)
                for open_at, close in place_windows(a, day.date)
                if max(clock, open_at) <= close - a.last_entry
                and max(clock, open_at) + need <= min(close, day.end_time)
            ),
            None,
        )
        if begin is None:
            return False
        clock = begin + need + (LUNCH_MIN if k == 0 and not lunch_inside else 0) + HOP_MIN
    return clock - HOP_MIN + ride // 2 <= day.end_time


def _closes(a: Attraction, day: DayFrame) -> int:
    return max((close for _, close in place_windows(a, day.date)), default=0)


def _nearest_end(day: DayFrame, cluster: list[ScoredAttraction]) -> int:
    """How close the day's start or end comes to the cluster, in `NEAR_STEP_M` steps (a day
    ending at a station on that side of town goes out there on its way)."""
    return min(
        round(haversine_m(p.lat, p.lon, s.attraction.lat, s.attraction.lon) / NEAR_STEP_M)
        for p in (day.start, day.end)
        for s in cluster
    )


def _ride(cluster: list[ScoredAttraction], lodging: Lodging) -> int:
    """Minutes out to the cluster and back, roughly (`MIN_PER_KM` on the detoured distance)."""
    km = min(_far(lodging, s.attraction) for s in cluster) * transit.DETOUR / 1000
    return round(2 * km * MIN_PER_KM)
