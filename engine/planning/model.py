"""Build the trip's TOPTW instance: one tour per day, per-day copies of each place.

Time axis: day *d* (0-based) occupies minutes ``d × 1440 … d × 1440 + 1439``; a place's copy for
day *d* carries that date's opening window, so the solver can only schedule it on that day.
All copies of an attraction form one optional group (visited at most once; *required* when it is
a must-see). All copies of a restaurant (every day, lunch and dinner) form one optional group, so
no restaurant is repeated, and a dish wished once is one meal (`engine.planning.meal_groups`: where
places to eat are scarce, a food street or a snack cluster may come back once per
`meal_groups.REPEAT_EVERY` days, shown as a free meal when it is too soon);
sights that are the same thing at two places (`candidates.families`) share one group. Loads have
seven dimensions — (attractions, sightseeing minutes, lunches, dinners, streets, museums,
evening outings) — and a tour's capacity is (the pace's limits, 1, 1, `KIND_CAP`, `KIND_CAP`,
`EVENING_OUTINGS`), or 0 for a meal the day does not have: no day of four shopping streets or
four museums; then one dimension per dish of `meal_groups.DAY_DISHES` (noodles, dumplings,
snack shops: one meal of it a day unless wished). A night view's copies from `pace.EVENING_OUTING_FROM` on are evening outings: a
sight, but no sightseeing minutes (大唐不夜城 after a full day); after a day given to a theme
park (`full_days.WHOLE_DAY_MINUTES`) only a headline or named one (珠江夜游, not 1933老场坊
after 11 hours at Disney), and no other sight.

Prizes: a sight's score (`engine.planning.candidates`); a headline sight's is the headline tier —
one more than the sum of every other sight's prize — times ``2^(n − rank)`` for the
destination's n headline sights, so one headline sight outweighs any set of minor ones and each
outweighs every lower-ranked one together (the curated order is what a first-time visitor must not
miss first: two days in Beijing hold 故宫 and the Great Wall, not 天坛 and 颐和园 instead of the
Wall — with ``1 + (n − rank) / n`` two lower ones outweighed the Wall); a meal's is `MEAL_PRIZE_FACTOR` times the largest sight prize. Must-sees and
headline sights of `SHORT_MIN_VISIT` minutes or more also have shorter copies (`short_minutes`:
their main part), worth half a must-see's prize (`SHORT_PRIZE`) and all but an eighth of a
headline sight's (`HEADLINE_SHORT_LOSS`: 故宫's main part and the Great Wall on a day and a half
in Beijing): at least a tier, more than every minor sight together — 岱庙's
main halls beat two minor temples when the whole visit does not fit beside 泰山 — and at least a
tier less than the whole visit, so they are taken only when the whole visit cannot fit, and the
higher-ranked sight keeps its whole visit (all of 泰山 and part of 岱庙, not the reverse).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from engine.domain.request import FoodWish
from engine.knowledge.schema import Attraction, Destination, Restaurant
from engine.planning import meal_groups, oneway, toptw, transit
from engine.planning import pace as pace_mod
from engine.planning.altitude import too_high_today
from engine.planning.candidates import (
    DIETS,
    ScoredAttraction,
    families,
    kind_of,
    wish_servers,
)
from engine.planning.frames import NAP_MINUTES, DayFrame, wished_meal
from engine.planning.full_days import WHOLE_DAY_MINUTES, park_minutes
from engine.planning.intercity import Point
from engine.planning.meal_reach import HUB_PENALTY, at_hub, hub_windows
from engine.planning.meals import LATE_BACK_BY
from engine.planning.summit import access_minutes, is_summit
from engine.planning.visit_windows import (
    DAY,
    DAY_PENALTY,
    DINNER_INSIDE_BY,
    NIGHT_BONUS,
    PART_WINDOWS,
    SHORT_MIN_SHARE,
    at_sunset,
    day_trip_minutes,
    day_windows,
    dinner_inside,
    dinner_inside_windows,
    evening_split,
    first_thing,
    place_point,
    short_windows,
    timed_windows,
)
from engine.planning.weather import shaded

if TYPE_CHECKING:
    from engine.planning.clusters import Pin

#: A headline sight whose hour is not its point (`Attraction.best_time` ``any``) gains or loses
#: by the hour of its visit a share of at most this many headline tiers of its prize (the
#: lowest-ranked headline sight is worth two): 西安's 城墙 by night was worth more than all of
#: 大唐不夜城, whose point is after dark, and took the evening it needed.
HOUR_SHARE_TIERS = 2.0
#: A meal's prize relative to the best sight's: eating at mealtime outweighs one more sight.
MEAL_PRIZE_FACTOR = 4.0
#: Score a minute of riding costs: an hour's detour is worth about a popularity-2.5 sight, so a
#: day does not zigzag 50 km for a minor sight (headline sights and meals are worth far more).
TRAVEL_WEIGHT = 0.1
#: A meal of a wished food (火锅 at dinner) is worth this much more, on its days.
FOOD_WISH_BONUS = 0.5
#: Share of `FOOD_WISH_BONUS` a wished food said with no meal earns at the other meal of its
#: day (火锅 at lunch) when two or more foods are wished: dinner stays its place unless another
#: wish needs that dinner (汕头's 生腌 house opens at 17:00; 火锅 took the trip's one dinner
#: there and 生腌 was refused). A single wish keeps to its meal: no ride to a lunch for it.
OTHER_MEAL_SHARE = 0.8
#: A meal at a place fitting the person's diet (素食, 清真) is worth this much more, every meal.
DIET_BONUS = 0.5
#: On the evening a wished 夜宵 is served (`meals.late_snacks`, from 21:15 after the return to
#: the lodging), a night view after dinner ends by this time (minutes after midnight): 长江索道
#: 20:33–21:33 left no snack place open late enough after the ride back.
SNACK_EVENING_END = 21 * 60
#: At most this many evening outings (`pace.evening_outing`: a night view after dinner, outside
#: the sightseeing hours) a day.
EVENING_OUTINGS = 1
#: At most this many sights of the kinds ``street`` and ``museum`` (`candidates.kind_of`) a day.
KIND_CAP = 2
CAPPED_KINDS = ("street", "museum")
#: Kinds (`candidates.kind_of`) of a night street or quarter: one such evening outing a day even
#: when its point is after dark (曾厝垵 then 中山路 till 22:13 was one too many).
STREET_KINDS = frozenset({"street", "old-town"})
#: A long visit to a place where lunch is eaten inside (`Attraction.meal_inside_cny`: the Great
#: Wall, a mountain) stands for the day's lunch when it starts by `LUNCH_INSIDE_LATEST` and is
#: still going at `LUNCH_INSIDE_COVERS` (minutes after midnight).
LUNCH_INSIDE_MIN_VISIT = 150
#: A must-see or headline sight of `SHORT_MIN_VISIT` minutes or more may be visited in this share
#: of its time (its main part), for this share of its prize.
SHORT_SHARE = 0.6
SHORT_PRIZE = 0.5
#: … but a headline sight's main part loses only this share of its prize, and at least a tier
#: (`headline_short_prize`): 故宫's central axis in 2.4 hours is what a first visitor comes
#: for, so on a day and a half in Beijing its main part and the Great Wall beat all of 故宫
#: beside 天坛 and 天安门广场.
HEADLINE_SHORT_LOSS = 1 / 8
#: A pace with at most this many sights a day is relaxed: its mountain day holds the mountain only.
RELAXED_SIGHTS = 4
SHORT_MIN_VISIT = 90
LUNCH_INSIDE_LATEST = 12 * 60
#: … and a solver's copy may start it up to this late (a summit reached at 12:58 after three
#: hours of bus and cable car: lunch is eaten up there, not skipped); days are not started
#: later on its account (`late_start` keeps `LUNCH_INSIDE_LATEST`).
LUNCH_INSIDE_LAST_START = 13 * 60
LUNCH_INSIDE_COVERS = 13 * 60


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
    #: location -> the exit of the one-way visit made there (travel from it starts at the exit)
    exits: dict[int, Point] = field(default_factory=dict)
    _index: dict[tuple[float, float], int] = field(default_factory=dict)
    _oneway: dict[str, int] = field(default_factory=dict)

    def location(self, point: Point) -> int:
        key = (round(point.lat, 6), round(point.lon, 6))
        if key not in self._index:
            self._index[key] = len(self.points)
            self.points.append(point)
        return self._index[key]

    def visit_location(self, place: Attraction | Restaurant) -> int:
        """The location of a visit to `place`: its point, or for a one-way visit
        (`Attraction.exit`) a location of its own, travel to which goes to its way in and from
        which starts at its exit (`exits`)."""
        if not isinstance(place, Attraction) or place.exit is None:
            return self.location(place_point(place))
        if place.id not in self._oneway:
            self._oneway[place.id] = len(self.points)
            self.points.append(place_point(place))
            self.exits[len(self.points) - 1] = oneway.exit_point(place)
        return self._oneway[place.id]

    def instance(self) -> toptw.Instance:
        return toptw.Instance(
            travel=self.travel,
            visits=self.visits,
            groups=self.groups,
            tours=self.tours,
            travel_weight=TRAVEL_WEIGHT,
        )


def _back_by(frame: DayFrame, snack_days: set[int]) -> int:
    """When `frame`'s day ends back at the lodging (minutes after midnight): its `end_time`,
    and on the evening of a wished 夜宵 (`meals.late_snacks`) no later than `LATE_BACK_BY`, so
    the snack fits — 重庆 with one 夜宵 walked 解放碑步行街 at 21:14–22:14 and dropped the
    snack it was asked for. A day whose end is fixed (the traveller's busy hours) keeps it."""
    if frame.index in snack_days and not frame.fixed_end:
        return min(frame.end_time, max(frame.start_time, LATE_BACK_BY))
    return frame.end_time


def build(
    frames: list[DayFrame],
    attractions: list[ScoredAttraction],
    restaurants: list[Restaurant],
    *,
    reserved: dict[int, str],
    style: transit.Style,
    must_required: bool = True,
    food: tuple[FoodWish, ...] = (),
    sunset: bool = False,
    meal_penalty: dict[str, float] | None = None,
    pinned: dict[str, Pin] | None = None,
    chosen: bool = False,
) -> TripModel:
    """The TOPTW model of one stay's days.

    Args:
        frames: the stay's day frames (their `index` is the day number on the time axis).
        attractions: scored candidates (must-sees flagged).
        restaurants: candidate restaurants.
        reserved: day index -> attraction id given that whole day (lunch eaten inside).
        style: how the party gets around (`transit.Style`), as the schedule will.
        sunset: a sunset is wished (see `timed_windows`).
        food: food wishes: a restaurant serving one is worth `FOOD_WISH_BONUS` more at the
            meal and on the days `engine.planning.meals` gives it.
        must_required: must-sees are required (else optional: the fallback when they cannot all
            fit; the validator then names what is missing).
        meal_penalty: restaurant id -> how much less a lunch or dinner there is worth, in units
            of the best minor sight's prize (`engine.planning.local_food`: food of the
            traveller's home or another region).
        pinned: attraction id -> the only day it may be visited on (a remote cluster seen in
            one trip out: `engine.planning.clusters`), worth the ride it saves
            (`TRAVEL_WEIGHT` a minute) on top of its prize.
        chosen: the attractions are the ones a day already holds (the editor re-timing it,
            `engine.editing.timing`): each may be the evening's outing after a long place's day,
            not only a headline or named one (the planner's choice of what is worth it).
    """
    model = TripModel()
    reserved_ids = set(reserved.values())
    # A wished 夜宵 is the evening's outing: a night view after dinner left no room for it —
    # on the first evening (where `meals.late_snacks` serves it), or every evening when wished
    # every night; the other evenings keep their night view (重庆 in two days with one 夜宵
    # showed 洪崖洞 at 14:12 while the second evening was free).
    snacks = [f for f in food if f.meal == "late"]
    snack_days = {f.index for f in frames} if any(f.every_day for f in snacks) else (
        {frames[0].index} if snacks and frames else set())  # fmt: skip
    dish_caps = meal_groups.day_dish_caps(food, restaurants, len(frames))  # 米粉 once a day

    def outings(frame: DayFrame) -> int:
        return 0 if frame.index in snack_days else EVENING_OUTINGS

    park_days: set[int] = set()  # days given to a theme park: beside it only an evening outing
    for frame in frames:
        base = frame.index * DAY
        start, end = model.location(frame.start), model.location(frame.end)
        lunch = int(frame.lunch and frame.index not in reserved)
        minutes = frame.profile.max_visit_minutes
        sights = frame.profile.max_attractions
        if frame.index in reserved:  # a mountain day: the long place alone may exceed the pace
            long_one = next(
                s.attraction for s in attractions if s.attraction.id == reserved[frame.index]
            )
            extra = 0 if frame.profile.max_attractions <= RELAXED_SIGHTS else 60  # 别太赶: only it
            minutes = max(minutes, long_one.visit_minutes + extra)
            minutes += _companions_on(frame, attractions, pinned)  # 都江堰 beside 青城山
            if long_one.visit_minutes >= WHOLE_DAY_MINUTES:  # a theme park's day is the park
                # and a headline night view after it, if any fits before the day's end (with
                # small children, back by nine: 长隆 16:30, dinner, 珠江夜游 19:00–20:30) — an
                # evening outing only (迪士尼 then a temple at 07:45 was a morning sight)
                park_days.add(frame.index)
                sights = 1 + outings(frame)
        model.tours.append(
            toptw.Tour(
                start=start,
                end=end,
                earliest=base + frame.start_time,
                latest=base + _back_by(frame, snack_days),
                capacity=(
                    sights,
                    minutes,
                    lunch,
                    int(frame.dinner),
                    KIND_CAP,
                    KIND_CAP,
                    outings(frame),
                    *dish_caps,
                ),
            )
        )
    prizes = sight_prizes(attractions)
    tier = 1.0 + sum(s.score for s in attractions if s.headline is None)  # as `sight_prizes`
    short_prizes = {s.attraction.id: short_prize(s, prizes[s.attraction.id], tier)
                    for s in attractions}  # fmt: skip
    meal_prize = MEAL_PRIZE_FACTOR * max(prizes.values(), default=1.0)
    destination = frames[0].destination if frames else None
    family = families(attractions, destination) if destination else {}
    family_copies: dict[str, list[int]] = {}
    family_required: dict[str, bool] = {}
    for scored in attractions:
        a = scored.attraction
        copies: list[int] = []
        for frame in frames:
            if a.id in reserved_ids and reserved.get(frame.index) != a.id:
                continue
            pin = pinned.get(a.id) if pinned else None
            if pin is not None and pin.day != frame.index:
                continue
            if too_high_today(a, frame, frames):  # acclimatise first
                continue
            if (
                reserved.get(frame.index) == a.id
                and not (a.whole_visit or a.exit is not None)  # a boat runs its whole route
                and (cut := park_minutes(a, frame)) < a.visit_minutes
            ):  # a park's day that cannot hold it whole: as much as it can
                for early, late in day_windows(a, frame, cut, 0, DAY, kept=chosen):
                    copies.append(_add(model, frame, a, None, cut, early, late, prizes[a.id],
                                       sight_load(a, cut, early, frame.profile)))  # fmt: skip
                continue
            # a day given to a theme park holds only an evening night view beside it (the
            # editor re-timing a day keeps what the person put there)
            park = not chosen and frame.index in park_days and reserved.get(frame.index) != a.id
            timed = shaded(a, frame, timed_windows(a, frame, sunset=sunset, kept=chosen))  # 怕热
            wanted = scored.headline is not None or scored.must_see or chosen
            if a.best_time != "any" and not wanted:  # a minor sight by day: not its point
                timed = [w for w in timed if w[2] != DAY_PENALTY]
            for early, late, weight in evening_split(a, timed, kept=chosen):
                hour_base = prizes[a.id]
                if (
                    scored.headline is not None
                    and a.best_time == "any"
                    and not at_sunset(a, frame, sunset=sunset)
                    # 「下午去故宫」: the hour was said
                    and not PART_WINDOWS.keys() & set(a.tags)
                ):  # night or day barely changes a headline's worth, unless night or the
                    # sunset is its point, the sunset wished is watched there (外滩), or the
                    # hour was said — and never by more than a lower headline is worth
                    # (西安's 城墙 lit, first of three night views, cost 大唐不夜城 its evening)
                    weight = 1 + (weight - 1) / 5
                    hour_base = min(hour_base, HOUR_SHARE_TIERS * tier)
                prize = (prizes[a.id] + (weight - 1) * hour_base
                         + (TRAVEL_WEIGHT * pin.saved_minutes if pin else 0))  # fmt: skip
                outing = pace_mod.evening_outing(a.tags, early, frame.profile)  # not in the hours
                if (
                    outing
                    and frame.index in reserved
                    and scored.headline is None
                    and not (scored.must_see or chosen)
                ):  # after a day at a theme park, only a night view worth the evening
                    continue
                if outing and frame.index in snack_days:  # the wished 夜宵 is that evening's
                    late = min(late, SNACK_EVENING_END - a.visit_minutes)  # outing: back for it
                    if early > late:
                        continue
                if park and not (early >= pace_mod.EVENING_OUTING_FROM
                                 and pace_mod.NIGHT_TAGS & set(a.tags)):  # fmt: skip
                    continue
                copies.append(_add(model, frame, a, None, a.visit_minutes, early, late, prize,
                                   sight_load(a, a.visit_minutes, early, frame.profile)))  # fmt: skip
            service = short_minutes(scored, frame.profile.max_visit_minutes)
            if park:  # no shorter visit, meal inside or day trip on the park's day
                continue
            if service and a.id not in reserved_ids:  # the main part, when time is short
                short = [(e, l_, 1.0) for e, l_ in short_windows(a, frame, service, kept=chosen)]
                for early, late, w in shaded(a, frame, short, service):
                    copies.append(_add(model, frame, a, None, service, early, late,
                                       short_prizes[a.id] * w,
                                       sight_load(a, service, early, frame.profile)))  # fmt: skip
                trip = day_trip_minutes(a, frame, service)
                for early, late in day_windows(a, frame, trip, 0, DAY, kept=chosen) if trip else ():
                    copies.append(_add(model, frame, a, None, trip, early, late,
                                       short_prizes[a.id] * 0.8,
                                       sight_load(a, trip, early, frame.profile)))  # fmt: skip
            if frame.dinner and dinner_inside(a, frame):  # the lights after dark, dinner inside
                service = a.visit_minutes + frame.profile.dinner_minutes // 2
                for early, late in dinner_inside_windows(a, frame, service, kept=chosen):
                    late = min(late, DINNER_INSIDE_BY, frame.end_time - service)
                    if early <= late:
                        inside = sight_load(a, service, early, frame.profile, "dinner")
                        copies.append(_add(model, frame, a, "dinner", service, early, late,
                                           NIGHT_BONUS * prizes[a.id] + meal_prize, inside))  # fmt: skip
            # a long visit that takes lunch inside: by day, so worth a day copy's share when
            # the point of the place is after dark (乌镇西栅 10:38–15:38 with lunch was worth
            # as much as its lit evening)
            by_day = DAY_PENALTY if a.best_time != "any" else 1.0
            if _lunch_inside(a, frame, reserved) and (by_day == 1.0 or wanted):
                service = a.visit_minutes + frame.profile.lunch_minutes // 2
                latest = first_thing(a, frame) if "morning" in a.tags else LUNCH_INSIDE_LAST_START
                for early, late in day_windows(a, frame, service, 0, latest, kept=chosen):
                    early = max(early, LUNCH_INSIDE_COVERS - a.visit_minutes)
                    if early <= late:
                        inside = sight_load(a, service, early, frame.profile, "lunch")
                        copies.append(_add(model, frame, a, "lunch", service, early, late,
                                           by_day * prizes[a.id] + meal_prize, inside))  # fmt: skip
        if not copies:
            continue
        required = (scored.must_see and must_required) or a.id in reserved_ids
        if a.id in family:
            key = family[a.id]
            family_copies.setdefault(key, []).extend(copies)
            family_required[key] = family_required.get(key, False) or required
        else:
            _group(model, copies, required=required)
    for key, copies in family_copies.items():
        _group(model, copies, required=family_required[key])
    # Meals: the copies of a restaurant (all days, lunch and dinner) form one optional group, so
    # no restaurant is used twice, and those of a dish wished once (烤鸭) one for all its places
    # (`meal_groups`: the rule on repeats); the tour's capacity allows one lunch and one dinner;
    # the meal prize outweighs any sight, so each day eats whenever it can.
    keys = meal_groups.GroupKeys(restaurants, frames, food)
    minor = max((s.score for s in attractions
                 if s.headline is None and not s.must_see and not s.wished),
                default=1.0)  # fmt: skip
    penalties = meal_penalty or {}
    meal_groups_of: dict[object, list[int]] = {}
    servers = [wish_servers(w, restaurants) for w in food]  # the dish said first (肉夹馍)
    for r in restaurants:
        for k, frame in enumerate(frames):
            weighed = sum(wished_meal(w, frame) is not None for w in food)  # foods for a meal
            for meal, window, minutes, load in (
                (
                    "lunch",
                    pace_mod.LUNCH_WINDOW,
                    frame.profile.lunch_minutes + NAP_MINUTES * frame.nap,
                    (0, 0, 1, 0, 0, 0),
                ),
                (
                    "dinner",
                    frame.dinner_window,
                    frame.profile.dinner_minutes,
                    (0, 0, 0, 1, 0, 0),
                ),
            ):
                loads = (*load, 0, *meal_groups.day_dish_load(r))
                wanted = (
                    frame.lunch and frame.index not in reserved if meal == "lunch" else frame.dinner
                )
                if not wanted:
                    continue
                copies = meal_groups_of.setdefault(keys.key(r, k, meal), [])
                prize = meal_prize - (penalties.get(r.id, 0.0) + HUB_PENALTY * at_hub(r)) * minor
                share = max(
                    (
                        _wish_share(w, frame, meal, others=weighed > 1)
                        for n, w in enumerate(food)
                        if r.id in servers[n] and keys.wish_day(w, k)
                    ),
                    default=0.0,
                )
                prize *= 1 + FOOD_WISH_BONUS * share
                if any(w.cuisine in DIETS and w.cuisine in r.cuisines for w in food):
                    prize *= 1 + DIET_BONUS
                found = day_windows(r, frame, minutes, window[0], window[1])
                for early, late in hub_windows(r, frame, minutes, found):
                    copies.append(_add(model, frame, r, meal, minutes, early, late, prize, loads))
    for copies in meal_groups_of.values():
        if copies:
            _group(model, copies, required=False)
    if destination is not None:
        points = [(p.lat, p.lon) for p in model.points]
        model.travel = transit.minutes_matrix(destination, points, style)
        _summit_access(model, destination)
        _from_exits(model, destination, style)
    return model


def _wish_share(wish: FoodWish, frame: DayFrame, meal: str, *, others: bool) -> float:
    """The share of `FOOD_WISH_BONUS` a place serving `wish` earns at `meal` on `frame`'s day:
    all of it at the meal the wish weights (`wished_meal`), `OTHER_MEAL_SHARE` at the other
    when no meal was said and `others` (more foods are wished), else none."""
    weighted = wished_meal(wish, frame)
    if weighted == meal:
        return 1.0
    return OTHER_MEAL_SHARE if others and weighted is not None and wish.meal is None else 0.0


def _summit_access(model: TripModel, destination: Destination) -> None:
    """Legs between a summit lodging and places off the mountain take the way up or down
    (`engine.planning.summit.access_minutes`), as the schedule's legs do."""
    tops = [
        i
        for i, p in enumerate(model.points)
        if p.poi_id
        and is_summit(next((lo for lo in destination.lodging if lo.id == p.poi_id), None))
    ]
    for i in tops:
        for j, other in enumerate(model.points):
            extra = access_minutes(destination, model.points[i], other)
            if extra:
                model.travel[i][j] += extra
                model.travel[j][i] += extra


def _from_exits(model: TripModel, destination: Destination, style: transit.Style) -> None:
    """Travel from a one-way visit starts at its exit (`engine.planning.oneway`): the 漓江
    cruise's next leg is the coach back from 阳朔, not a ride from the 磨盘山 pier."""
    for i, out in model.exits.items():
        for j, other in enumerate(model.points):
            if j != i:
                model.travel[i][j] = transit.between(
                    destination, (out.lat, out.lon), (other.lat, other.lon), party=1, style=style
                ).minutes


def short_visit(scored: ScoredAttraction) -> bool:
    """Whether a sight may also be visited in `SHORT_SHARE` of its time: one of at least
    `SHORT_MIN_VISIT` minutes that is a must-see or a headline sight — when the day is short
    (a late arrival, a mountain beside it), its main part beats leaving it out. Never for a
    boat or raft that runs its whole route (`Attraction.whole_visit`, a one-way visit)."""
    a = scored.attraction
    if a.whole_visit or a.exit is not None:
        return False  # a boat runs its whole route
    wanted = scored.must_see or scored.headline is not None or scored.wished
    return wanted and a.visit_minutes >= SHORT_MIN_VISIT


def short_minutes(scored: ScoredAttraction, day_minutes: int) -> int:
    """Minutes of a `short_visit` on a day of `day_minutes` sightseeing minutes (the pace's):
    `SHORT_SHARE` of the visit, no more than the day holds — a relaxed day's four hours of
    九寨沟 beat none — but at least `SHORT_MIN_SHARE` of it; 0 when it has no short visit."""
    if not short_visit(scored):
        return 0
    visit = scored.attraction.visit_minutes
    service = min(round(visit * SHORT_SHARE), day_minutes)
    return service if service >= visit * SHORT_MIN_SHARE else 0


def _companions_on(
    frame: DayFrame, attractions: list[ScoredAttraction], pinned: dict[str, Pin] | None
) -> int:
    """Minutes of the sights pinned beside a long place on its own day (`frame`, reserved;
    `engine.planning.clusters._companions`: 都江堰's main part beside 青城山), which its pace
    makes room for."""
    return sum(
        short_minutes(s, frame.profile.max_visit_minutes) or s.attraction.visit_minutes
        for s in attractions
        if pinned and (pin := pinned.get(s.attraction.id)) is not None and pin.day == frame.index
    )


def _lunch_inside(a: Attraction, frame: DayFrame, reserved: dict[int, str]) -> bool:
    """Whether `a` gets copies that take the day's lunch inside (not on its reserved day, where
    lunch inside is already planned)."""
    return (
        a.meal_inside_cny is not None
        and a.visit_minutes >= LUNCH_INSIDE_MIN_VISIT
        and frame.lunch
        and frame.index not in reserved
    )


def sight_prizes(attractions: list[ScoredAttraction]) -> dict[str, float]:
    """Attraction id -> prize (see the module docstring); a must-see is worth more than every
    headline sight together: when it is not required (the fall-back when they cannot all fit)
    it is kept before them, and when it is, its whole visit beats its main part beside a
    headline sight (都江堰 whole, not 宽窄巷子 and half of 都江堰). A sight wished by kind
    (`ScoredAttraction.wished`: pandas in 北京, 温泉 in 海南) is worth more than any one headline
    sight not wished (兴隆温泉, not a third surf beach, on 万宁's day) and less than a must-see."""
    tier = 1.0 + sum(s.score for s in attractions if s.headline is None)
    ranked = [s for s in attractions if s.headline is not None]
    n = max((s.headline or 0) for s in ranked) + 1 if ranked else 1
    prizes: dict[str, float] = {}
    for s in attractions:
        if s.headline is not None:
            prize = tier * 2.0 ** (n - s.headline)
        elif s.wished:  # 「想泡温泉」: above any one headline sight not wished
            prize = tier * 2.0**n + s.score
        else:
            prize = s.score
        if s.must_see:
            prize = tier * 2.0 ** (n + 1) + s.score
        prizes[s.attraction.id] = prize
    return prizes


def short_prize(scored: ScoredAttraction, prize: float, tier: float) -> float:
    """The prize of a `short_visit` to `scored` (its main part): `SHORT_PRIZE` of a must-see's
    (its whole visit beats its main part beside a headline sight), a headline sight's less
    `HEADLINE_SHORT_LOSS` of it and at least a tier (its whole visit beats its main part beside
    every minor sight together; the higher-ranked sight keeps its whole visit: all of 泰山 and
    part of 岱庙), otherwise `SHORT_PRIZE` of it. `prize` is its whole visit's
    (`sight_prizes`), `tier` the headline tier."""
    if scored.must_see or scored.headline is None:
        return prize * SHORT_PRIZE
    return max(0.0, prize - max(tier, prize * HEADLINE_SHORT_LOSS))


def sight_load(
    a: Attraction, service: int, early: int, pace: pace_mod.PaceProfile, meal: str | None = None
) -> tuple[int, ...]:
    """The load of a visit to `a` lasting `service` minutes from `early` on (minutes after
    midnight; the start of its window), `meal` (``lunch`` / ``dinner``) eaten inside or None:
    one sight, its sightseeing minutes (`pace.sightseeing_minutes`: none for an evening outing,
    not the meal inside), the meal it stands for, its capped kind (`CAPPED_KINDS`), and one
    evening outing when it is one (`pace.evening_outing`) — none for a view whose point is
    after dark (`Attraction.best_time`, no street or old quarter: `STREET_KINDS`): the
    evening is its hour, not an extra, so 长江索道's lit crossing and 洪崖洞 share one evening
    in 重庆 (the cap sent the cable car to 17:02), while two night streets do not.
    The editor re-times a day with it (`engine.editing.timing`), so a day counts the same for
    both."""
    kind = kind_of(a)
    outing = pace_mod.evening_outing(a.tags, early, pace)
    counted = int(a.best_time != "after_dark" or kind in STREET_KINDS)
    return (
        1,
        pace_mod.sightseeing_minutes(service, a.tags, early, pace, meal),
        int(meal == "lunch"),
        int(meal == "dinner"),
        int(kind == CAPPED_KINDS[0]),
        int(kind == CAPPED_KINDS[1]),
        *((counted,) if outing else ()),
    )


def _add(
    model: TripModel,
    frame: DayFrame,
    place: Attraction | Restaurant,
    meal: str | None,
    service: int,
    early: int,
    late: int,
    prize: float,
    load: tuple[int, ...],
) -> int:
    base = frame.index * DAY
    model.visits.append(
        toptw.Visit(
            location=model.visit_location(place),
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
