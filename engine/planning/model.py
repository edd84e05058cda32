"""Build the trip's TOPTW instance: one tour per day, per-day copies of each place.

Time axis: day *d* (0-based) occupies minutes ``d × 1440 … d × 1440 + 1439``; a place's copy for
day *d* carries that date's opening window, so the solver can only schedule it on that day.
All copies of an attraction form one optional group (visited at most once; *required* when it is
a must-see). All copies of a restaurant (every day, lunch and dinner) form one optional group, so
no restaurant is repeated (a food street, which stands for many eateries, is grouped per day). Loads have three dimensions — (attractions, lunches, dinners) — and a
tour's capacity is (the pace's attraction limit, 1, 1), or 0 for a meal the day does not have.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning import pace as pace_mod
from engine.planning import toptw, transit
from engine.planning.candidates import ScoredAttraction
from engine.planning.frames import DayFrame
from engine.planning.intercity import Point

DAY = 1440
#: Night views: after this time (minutes after midnight) their prize is weighted up, before down.
EVENING = 18 * 60 + 30
NIGHT_BONUS, DAY_PENALTY = 1.3, 0.6
#: A meal's prize relative to the best sight's: eating at mealtime outweighs one more sight.
MEAL_PRIZE_FACTOR = 4.0


@dataclass(frozen=True)
class VisitInfo:
    """What a solver visit stands for."""

    day: int
    place: Attraction | Restaurant
    meal: str | None = None  # lunch / dinner for restaurant copies


@dataclass
class TripModel:
    """The instance plus the maps back to places."""

    points: list[Point] = field(default_factory=list)
    visits: list[toptw.Visit] = field(default_factory=list)
    info: list[VisitInfo] = field(default_factory=list)
    groups: list[toptw.Group] = field(default_factory=list)
    tours: list[toptw.Tour] = field(default_factory=list)
    travel: list[list[int]] = field(default_factory=list)
    _index: dict[tuple[float, float], int] = field(default_factory=dict)

    def location(self, point: Point) -> int:
        key = (round(point.lat, 6), round(point.lon, 6))
        if key not in self._index:
            self._index[key] = len(self.points)
            self.points.append(point)
        return self._index[key]

    def instance(self) -> toptw.Instance:
        return toptw.Instance(
            travel=self.travel, visits=self.visits, groups=self.groups, tours=self.tours
        )


def place_point(place: Attraction | Restaurant) -> Point:
    return Point(place.name_zh, place.name_en, place.lat, place.lon, place.id)


def _windows(
    place: Attraction | Restaurant, frame: DayFrame, service: int, lo: int, hi: int
) -> list[tuple[int, int]]:
    """Start-of-visit windows on the frame's date, inside [lo, hi] (minutes after midnight);
    none on a date inside a yearly closure of the place."""
    found = []
    last_entry = place.last_entry if isinstance(place, Attraction) else 0
    for open_at, close_at in place_windows(place, frame.date):
        early = max(open_at, lo, frame.start_time)
        late = min(close_at - service, close_at - last_entry, hi, frame.end_time - service)
        if late >= early:
            found.append((early, late))
    return found


def _timed_windows(a: Attraction, frame: DayFrame) -> list[tuple[int, int, float]]:
    """An attraction's windows with a weight on its prize: night views (tags ``night-view``,
    ``nightlife``) are worth `NIGHT_BONUS` after `EVENING` and `DAY_PENALTY` before, so the
    solver shows them lit up when the evening allows."""
    windows = _windows(a, frame, a.visit_minutes, 0, DAY)
    if not {"night-view", "nightlife"} & set(a.tags):
        return [(early, late, 1.0) for early, late in windows]
    timed = []
    for early, late in windows:
        if early < EVENING:
            timed.append((early, min(late, EVENING - 1), DAY_PENALTY))
        if late >= EVENING:
            timed.append((max(early, EVENING), late, NIGHT_BONUS))
    return timed


def build(
    frames: list[DayFrame],
    attractions: list[ScoredAttraction],
    restaurants: list[Restaurant],
    *,
    reserved: dict[int, str],
    avoid_modes: frozenset[str],
    must_required: bool = True,
) -> TripModel:
    """The TOPTW model of one stay's days.

    Args:
        frames: the stay's day frames (their `index` is the day number on the time axis).
        attractions: scored candidates (must-sees flagged).
        restaurants: candidate restaurants.
        reserved: day index -> attraction id given that whole day (lunch eaten inside).
        avoid_modes: local modes to avoid.
        must_required: must-sees are required (else optional with a 50× prize — the fallback
            when they cannot all fit; the validator then names what is missing).
    """
    model = TripModel()
    reserved_ids = set(reserved.values())
    for frame in frames:
        base = frame.index * DAY
        start, end = model.location(frame.start), model.location(frame.end)
        lunch = int(frame.lunch and frame.index not in reserved)
        minutes = frame.profile.max_visit_minutes
        if frame.index in reserved:  # a mountain day: the long place alone may exceed the pace
            long_one = next(
                s.attraction for s in attractions if s.attraction.id == reserved[frame.index]
            )
            minutes = max(minutes, long_one.visit_minutes + 60)
        model.tours.append(
            toptw.Tour(
                start=start,
                end=end,
                earliest=base + frame.start_time,
                latest=base + frame.end_time,
                capacity=(frame.profile.max_attractions, minutes, lunch, int(frame.dinner)),
            )
        )
    for scored in attractions:
        a = scored.attraction
        copies: list[int] = []
        for frame in frames:
            if a.id in reserved_ids and reserved.get(frame.index) != a.id:
                continue
            for early, late, weight in _timed_windows(a, frame):
                prize = weight * scored.score * (50 if scored.must_see and not must_required else 1)
                copies.append(
                    _add(
                        model,
                        frame,
                        a,
                        None,
                        a.visit_minutes,
                        early,
                        late,
                        prize,
                        (1, a.visit_minutes, 0, 0),
                    )
                )
        if copies:
            required = (scored.must_see and must_required) or a.id in reserved_ids
            _group(model, copies, required=required)
    # Meals: every copy of a restaurant (all days, lunch and dinner) is one optional group, so no
    # restaurant is used twice; the tour's capacity allows one lunch and one dinner; the meal
    # prize outweighs any sight, so each day eats whenever it can.
    meal_prize = MEAL_PRIZE_FACTOR * max((s.score for s in attractions), default=1.0)
    # Food streets stand for many eateries; they may come back on another day only when there
    # are too few places to eat for every meal to be somewhere new.
    scarce = len(restaurants) < 2 * len(frames) + 2
    for r in restaurants:
        copies = []
        for frame in frames:
            if r.kind != "restaurant" and scarce and copies:
                _group(model, copies, required=False)
                copies = []
            for meal, window, minutes, load in (
                ("lunch", pace_mod.LUNCH_WINDOW, frame.profile.lunch_minutes, (0, 0, 1, 0)),
                ("dinner", pace_mod.DINNER_WINDOW, frame.profile.dinner_minutes, (0, 0, 0, 1)),
            ):
                wanted = (
                    frame.lunch and frame.index not in reserved if meal == "lunch" else frame.dinner
                )
                if not wanted:
                    continue
                for early, late in _windows(r, frame, minutes, window[0], window[1]):
                    copies.append(
                        _add(model, frame, r, meal, minutes, early, late, meal_prize, load)
                    )
        if copies:
            _group(model, copies, required=False)
    destination = frames[0].destination if frames else None
    n = len(model.points)
    model.travel = [[0] * n for _ in range(n)]
    for i, p in enumerate(model.points):
        for j, q in enumerate(model.points):
            if i != j:
                meters = haversine_m(p.lat, p.lon, q.lat, q.lon)
                metro = destination is not None and transit.metro_between(
                    destination, (p.lat, p.lon), (q.lat, q.lon)
                )
                model.travel[i][j] = transit.leg(
                    meters, metro=metro, party=1, avoid=avoid_modes
                ).minutes
    return model


def _add(
    model: TripModel,
    frame: DayFrame,
    place: Attraction | Restaurant,
    meal: str | None,
    service: int,
    early: int,
    late: int,
    prize: float,
    load: tuple[int, int, int, int],
) -> int:
    base = frame.index * DAY
    model.visits.append(
        toptw.Visit(
            location=model.location(place_point(place)),
            service=service,
            tw_early=base + early,
            tw_late=base + late,
            score=prize,
            load=load,
        )
    )
    model.info.append(VisitInfo(frame.index, place, meal))
    return len(model.visits) - 1


def _group(model: TripModel, visits: list[int], *, required: bool) -> None:
    index = len(model.groups)
    model.groups.append(toptw.Group(required=required))
    for v in visits:
        model.visits[v] = replace(model.visits[v], group=index)
