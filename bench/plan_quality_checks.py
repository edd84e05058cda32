"""Plan-quality checks computed from an Itinerary's content (days and items), as a traveller
reads a plan: delivered, days and dates, party, headline sights, long taxi rides, meal times,
restaurant repeats, budget. Wishes are judged in `bench.plan_quality_wishes`, idle time in
`bench.plan_quality_idle`.

Every check returns a `Verdict`; ``ok`` is None when the check does not apply to the request.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass

from bench.plan_quality_expect import Expect, alternatives
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Destination, Restaurant
from engine.knowledge.sun import sun_times
from engine.planning.access import area_at
from engine.planning.candidates import serves
from engine.planning.dishes import meat_heavy
from engine.planning.full_days import WHOLE_DAY_MINUTES
from engine.planning.meal_price import low_budget
from engine.planning.pace import profile

#: A taxi ride longer than this (route km) is what a traveller objects to where a bus, metro,
#: tourist line or chartered car exists (issue #12 target).
TAXI_MAX_KM = 30.0
#: Meal start windows as local people eat (minutes after midnight, both ends inclusive).
MEAL_WINDOWS = {
    "breakfast": (6 * 60, 10 * 60 + 30),
    "lunch": (11 * 60, 14 * 60),
    "dinner": (17 * 60, 20 * 60 + 30),
    "late": (21 * 60, 23 * 60 + 59),
}
#: Share of a day's sightseeing limit (pace profile) that headline sights may fill: the rest
#: goes to arrival, departure and the sights around them.
HEADLINE_DAY_SHARE = 0.7
_PUBLIC_WORDS = re.compile(
    r"公交|专线|大巴|班车|接驳|轻轨|地铁|索道|观光车|包车|拼车|bus|shuttle|metro|charter", re.I
)
_CHARTER_WORDS = re.compile(r"包车|charter", re.I)


@dataclass(frozen=True)
class Verdict:
    """A check's outcome: `ok` (None: not applicable) and a one-line `detail` when it fails."""

    ok: bool | None
    detail: str = ""


@dataclass(frozen=True)
class Taxi:
    """Taxi rides of a plan: the longest (route km) and those over `TAXI_MAX_KM` where a public
    or chartered option exists (day, km, leg name)."""

    longest_km: float
    over: tuple[tuple[int, float, str], ...] = ()

    @property
    def verdict(self) -> Verdict:
        if not self.over:
            return Verdict(True)
        day, km, name = max(self.over, key=lambda o: o[1])
        return Verdict(
            False, f"taxi {km:.0f} km on day {day} ({name}) where a bus/metro/charter runs"
        )


def delivered(plan: Itinerary | None) -> bool:
    """A plan with at least one day, every day holding items."""
    return plan is not None and bool(plan.days) and all(d.items for d in plan.days)


def feasible(plan: Itinerary) -> Verdict:
    """The validator's report passed (no error-severity check failed)."""
    report = plan.feasibility
    if report is None:
        return Verdict(False, "no feasibility report")
    if report.passed:
        return Verdict(True)
    failed = [c for c in report.failures if c.severity == "error"]
    return Verdict(
        False, "infeasible: " + "; ".join(f"{c.code} {c.message[:50]}" for c in failed[:2])
    )


def days_and_dates(plan: Itinerary, expect: Expect) -> Verdict:
    """As many days as asked, in the places asked (days per destination as said), the first day
    in the named period."""
    problems = []
    if len(plan.days) != expect.days:
        problems.append(f"{len(plan.days)} days for {expect.days}")
    if expect.destination_days:
        got = Counter(d.destination for d in plan.days)
        if any(got.get(k, 0) != v for k, v in expect.destination_days.items()):
            said = ", ".join(f"{k} {v}" for k, v in expect.destination_days.items())
            problems.append(f"days by place {dict(got)} for {said}")
    missing = [d for d in expect.destinations if d not in {day.destination for day in plan.days}]
    if missing:
        problems.append(f"no day in {', '.join(missing)}")
    extra = sorted({day.destination for day in plan.days} - set(expect.destinations))
    if extra:
        problems.append(f"days in {', '.join(extra)}, not asked for")
    if expect.dates is not None and plan.days:
        low, high = expect.dates.start_between
        if not low <= plan.days[0].date <= high:
            problems.append(f"starts {plan.days[0].date} outside {low}..{high}")
    return Verdict(not problems, "; ".join(problems))


def party(plan: Itinerary, expect: Expect) -> Verdict:
    """The party planned for is the one said (adults, children, seniors)."""
    if expect.people is None:
        return Verdict(None)
    got = plan.request.party
    want = expect.people
    ages_ok = want.child_ages is None or sorted(got.child_ages) == sorted(want.child_ages)
    if (got.adults, got.children, got.seniors) == (want.adults, want.children, want.seniors) and (
        ages_ok
    ):
        return Verdict(True)
    return Verdict(
        False,
        f"party {got.adults}+{got.children}c{list(got.child_ages)}+{got.seniors}s for "
        f"{want.adults}+{want.children}c{list(want.child_ages or [])}+{want.seniors}s",
    )


def visited(plan: Itinerary) -> set[str]:
    """POI ids of the attractions visited."""
    return {
        i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION and i.poi_id
    }


def expected_headline(plan: Itinerary, kb: KnowledgeBase, expect: Expect) -> list[tuple[str, ...]]:
    """The sights a traveller expects: each destination's `headline` that fits its days
    (in order, while their visit minutes fit `HEADLINE_DAY_SHARE` of the pace's sightseeing
    minutes per day, less the days given to a named theme park; the first always), skipping what the request declines (places, tags, hiking
    and places reached only by steps for limited mobility) and what is closed on every day of the trip there (呼伦贝尔's
    grasslands open June to September; the plan says so) — or, while the knowledge has no
    headline for a destination, the request's own `headline` — plus the named must-sees."""
    wanted: list[tuple[str, ...]] = []
    fallback = False
    limit = profile(expect.pace or plan.request.pace).max_visit_minutes * HEADLINE_DAY_SHARE
    for dest_id in expect.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None or not dest.headline:
            fallback = True
            continue
        days = expect.destination_days.get(dest_id) or (
            expect.days
            if len(expect.destinations) == 1
            else sum(d.destination == dest_id for d in plan.days)
        )
        days = max(0, days - _named_whole_days(dest, kb, expect))
        used = 0.0
        for poi_id in dest.headline:
            sight = kb.attraction(poi_id)
            if sight is None or poi_id in expect.no_places or set(sight.tags) & set(expect.no_tags):
                continue
            if expect.access and ("hiking" in sight.tags or sight.step_free == "no"):
                continue
            dates = [d.date for d in plan.days if d.destination == dest_id]
            if dates and not any(place_windows(sight, day) for day in dates):
                continue
            if used and used + sight.visit_minutes > days * limit:
                break
            used += sight.visit_minutes
            wanted.append(_same_sight(poi_id, expect))
    if fallback:
        wanted.extend(alternatives(s) for s in expect.headline)
    wanted.extend(alternatives(s) for s in expect.must_see)
    return list(dict.fromkeys(wanted))


def _named_whole_days(dest: Destination, kb: KnowledgeBase, expect: Expect) -> int:
    """Days of `dest` given to the named places that take a whole day (a theme park,
    `WHOLE_DAY_MINUTES`): 「主要去迪士尼」 for two days leaves one day for headline sights."""
    ids = {a.id for a in dest.attractions}
    return sum(
        1
        for named in expect.must_see
        if (a := kb.attraction(alternatives(named)[0])) is not None
        and a.id in ids
        and a.visit_minutes >= WHOLE_DAY_MINUTES
    )


def _same_sight(poi_id: str, expect: Expect) -> tuple[str, ...]:
    """The knowledge's headline sight with the request's alternatives for it (八达岭 or 慕田峪:
    either is the Great Wall to the traveller)."""
    for entry in (*expect.headline, *expect.must_see):
        alts = alternatives(entry)
        if poi_id in alts:
            return alts
    return (poi_id,)


def headline(plan: Itinerary, kb: KnowledgeBase, expect: Expect) -> Verdict:
    """Every expected sight (`expected_headline`) is visited."""
    wanted = expected_headline(plan, kb, expect)
    if not wanted:
        return Verdict(None)
    seen = visited(plan)
    missing = [alts for alts in wanted if not seen & set(alts)]
    if not missing:
        return Verdict(True)
    names = ", ".join("|".join(_name(kb, i) for i in alts) for alts in missing)
    return Verdict(False, f"missing {names}")


def _name(kb: KnowledgeBase, poi_id: str) -> str:
    place = kb.place(poi_id)
    return place.name_zh if place else poi_id


def public_option(destination: Destination | None) -> bool:
    """Whether a bus, metro, tourist line or chartered car serves the destination: a metro city,
    a coach station, or a transport note naming one (every destination's notes do today)."""
    if destination is None:
        return False
    if destination.metro or any(h.kind == "coach" for h in destination.hubs):
        return True
    notes = " ".join(f"{n.zh} {n.en}" for n in destination.notes if n.topic == "transport")
    return bool(_PUBLIC_WORDS.search(notes))


def taxis(plan: Itinerary, kb: KnowledgeBase) -> Taxi:
    """Taxi legs (not marked as a chartered car) and the long ones where another option runs."""
    longest, over = 0.0, []
    for day in plan.days:
        option = public_option(kb.destinations.get(day.destination))
        for item in day.items:
            if item.mode != Mode.TAXI or _CHARTER_WORDS.search(item.note or ""):
                continue
            km = (item.distance_m or 0) / 1000
            longest = max(longest, km)
            if km > TAXI_MAX_KM and option:
                over.append((day.index, round(km, 1), item.name))
    return Taxi(round(longest, 1), tuple(over))


#: Sights this close together (metres) and both this far from the day's lodging form a remote
#: cluster (兵马俑 and 华清宫 in 临潼, 8 km apart and 40 km out): one trip out, not two.
CLUSTER_M = 12_000
REMOTE_M = 25_000


def split_clusters(plan: Itinerary) -> list[str]:
    """Remote clusters visited on different days: pairs of sights within `CLUSTER_M` of each
    other, each more than `REMOTE_M` from the lodging its day sets out from (the night before,
    else the day's own), as "A (day i) / B (day j)"."""
    base: dict[int, tuple[float, float]] = {}
    before: tuple[float, float] | None = None
    for day in plan.days:
        own = next((i for i in day.items if i.kind == ItemKind.LODGING and i.lat is not None), None)
        here = (own.lat, own.lon) if own and own.lat is not None and own.lon is not None else None
        point = before or here
        if point:
            base[day.index] = point
        before = here
    far = []
    for day in plan.days:
        if day.index not in base:
            continue
        for item in day.items:
            if item.kind == ItemKind.ATTRACTION and item.lat is not None and item.lon is not None:
                if haversine_m(*base[day.index], item.lat, item.lon) > REMOTE_M:
                    far.append((day.index, day.destination, item))
    found = []
    for (d1, dest1, a), (d2, dest2, b) in itertools.combinations(far, 2):
        if d1 == d2 or dest1 != dest2 or a.poi_id == b.poi_id:
            continue
        assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
        if haversine_m(a.lat, a.lon, b.lat, b.lon) <= CLUSTER_M:
            found.append(f"{a.name} (day {d1}) / {b.name} (day {d2})")
    return found


#: A sight best seen in the morning (tag ``morning``) starts by this time; one whose point is
#: after dark (`Attraction.best_time`) ends at least `AFTER_DARK_MIN` (or its whole visit, when
#: shorter) after dusk, `DUSK_MIN` after sunset (minutes).
MORNING_BY = 10 * 60 + 30
DUSK_MIN = 20
AFTER_DARK_MIN = 90


#: A sight whose point is a view or the outdoors (these tags) and no night view (`NIGHT_TAGS`),
#: or a climb (`CLIMB_TAGS`), none best after dark, is seen by day: its visit over by dusk (景山
#: at 19:02 in December saw nothing; 宝石山's path at 19:46 in November).
VIEW_TAGS = frozenset({"sunset", "sunrise", "mountain", "nature", "cable-car"})
CLIMB_TAGS = frozenset({"hiking"})
NIGHT_TAGS = frozenset({"night-view", "nightlife"})


def off_hour(plan: Itinerary, kb: KnowledgeBase) -> list[str]:
    """Visits of sights whose hour matters made at another hour, as "name day N HH:MM"."""
    out = []
    for day in plan.days:
        for item in day.items:
            place = kb.attraction(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if place is None:
                continue
            start, end = clock_minutes(item.start), clock_minutes(item.end)
            _, down = sun_times(place.lat, place.lon, day.date)
            said = plan.request.earliest_start  # no early mornings: first thing is the morning
            late = "morning" in place.tags and start > max(MORNING_BY, (said or 0) + 60)
            if place.best_time == "after_dark":
                late = end < down + DUSK_MIN + min(AFTER_DARK_MIN, place.visit_minutes)
                if "sunset" in plan.request.experiences and start <= down <= end:
                    late = False  # the sunset wished, watched there as the lights come on
            elif place.best_time == "sunset":  # its point: the visit spans the sunset
                late = not start < down < end
            elif CLIMB_TAGS & set(place.tags) or (
                VIEW_TAGS & set(place.tags) and not NIGHT_TAGS & set(place.tags)
            ):
                late = end > down + DUSK_MIN
            if late:
                out.append(f"{item.name} day {day.index} {item.start:%H:%M}")
    return out


#: A lunch or dinner more than this far off the way between the stops before and after it
#: (straight-line km: there and back less the direct way) is a ride out to eat (issue 12: 丽江 to
#: 虎跳峡镇 for dinner and back, 乌镇's lunch at 桐乡站 20 km away).
MEAL_DETOUR_MAX_KM = 8.0


@dataclass(frozen=True)
class MealRides:
    """The longest ride to a lunch or dinner (route km of the leg into it, with the meal as
    "name day N") and the meals off the day's way (`MEAL_DETOUR_MAX_KM`) as "name day N (D km
    off)"."""

    longest_km: float
    longest_at: str
    off_way: tuple[str, ...]


def meal_rides(plan: Itinerary) -> MealRides:
    """`MealRides` of `plan`: the stops around a meal are the located items other than legs and
    free time (sights, meals, lodging, the station or airport an intercity leg arrives at); a meal with
    no stop before or after it, or before an intercity leg (where it leaves from is not on the
    item), is not judged for its detour."""
    longest, at, off = 0.0, "", []
    for day in plan.days:
        items = day.items
        stops = [i for i in items
                 if i.lat is not None and i.lon is not None
                 and i.kind not in (ItemKind.TRANSIT, ItemKind.FREE)]  # fmt: skip
        for k, item in enumerate(items):
            if item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner"):
                continue
            ride = items[k - 1] if k and items[k - 1].kind == ItemKind.TRANSIT else None
            km = (ride.distance_m or 0) / 1000 if ride else 0.0
            if km > longest:
                longest, at = km, f"{item.name} day {day.index}"
            j = next((n for n, s in enumerate(stops) if s is item), None)
            if j is None or j == 0 or j == len(stops) - 1:
                continue
            a, b = stops[j - 1], stops[j + 1]
            if b.kind == ItemKind.INTERCITY:
                continue  # a meal before a train or flight: the leg's item is where it ends
            detour = (_km(a, item) + _km(item, b) - _km(a, b)) / 2
            if detour > MEAL_DETOUR_MAX_KM:
                off.append(f"{item.name} day {day.index} ({detour:.0f} km off)")
    return MealRides(round(longest, 1), at, tuple(off))


def _km(a: Item, b: Item) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000


#: Lunch starting less than this many minutes after breakfast ends, with no sight between, is
#: eating twice in a row (breakfast 10:00-10:30, a ride, lunch 11:22).
BRUNCH_GAP_MIN = 90


def fed(plan: Itinerary) -> Verdict:
    """Every day out has its lunch and dinner: the validator's ``meals_planned`` check failed
    (「第N天没有安排午餐——自备干粮」 on a day with time is what a traveller notices first)."""
    report = plan.feasibility.checks if plan.feasibility else ()
    failed = [c.message for c in report if c.code == "meals_planned" and not c.passed]
    return Verdict(not failed, "; ".join(failed))


def meal_times(plan: Itinerary) -> tuple[int, int, list[str]]:
    """Meals starting inside `MEAL_WINDOWS`: (in window, meals, the others as "day N lunch 15:10"
    and each lunch within `BRUNCH_GAP_MIN` of breakfast with no sight between as "day N lunch
    11:22 after breakfast 10:00")."""
    good, total, bad = 0, 0, []
    for day in plan.days:
        meals = {i.meal: k for k, i in reversed(list(enumerate(day.items))) if i.meal}
        b, lunch = meals.get("breakfast"), meals.get("lunch")
        if b is not None and lunch is not None and b < lunch:
            first, second = day.items[b], day.items[lunch]
            between = any(i.kind == ItemKind.ATTRACTION for i in day.items[b + 1 : lunch])
            if (
                second.kind == ItemKind.MEAL
                and not between
                and (clock_minutes(second.start) - clock_minutes(first.end) < BRUNCH_GAP_MIN)
            ):
                bad.append(f"day {day.index} lunch {second.start:%H:%M} after breakfast "
                           f"{first.start:%H:%M}")  # fmt: skip
        for item in day.items:
            window = MEAL_WINDOWS.get(item.meal or "") if item.kind == ItemKind.MEAL else None
            if window is None:
                continue
            total += 1
            if window[0] <= clock_minutes(item.start) <= window[1]:
                good += 1
            else:
                bad.append(f"day {day.index} {item.meal} {item.start:%H:%M}")
    return good, total, bad


#: A food street or snack cluster (many eateries) eaten at again within this many days is a
#: repeat a traveller notices (day 1 and day 3: too soon; day 1 and day 4: fine).
STREET_GAP_DAYS = 3


def repeats(plan: Itinerary, kb: KnowledgeBase) -> tuple[list[str], list[str], list[str]]:
    """Places eaten at more often than a traveller accepts: restaurants eaten at more than once
    in the trip; food streets / snack clusters eaten at again within `STREET_GAP_DAYS` days
    (day numbers apart); and every food street or snack cluster eaten at more than once
    (counted apart: they stand for many eateries). Lunches and dinners: a free meal (no place
    named: 自选) is none, and a late snack at a snack street (夜宵) is no meal of the day."""
    days_at: dict[str, list[int]] = {}
    for day in plan.days:
        for i in day.items:
            if i.kind == ItemKind.MEAL and i.poi_id and i.meal in ("lunch", "dinner"):
                days_at.setdefault(i.poi_id, []).append(day.index)
    restaurants: list[str] = []
    close: list[str] = []
    streets: list[str] = []
    for poi_id, days in days_at.items():
        place = kb.restaurant(poi_id)
        if len(days) < 2 or not isinstance(place, Restaurant):
            continue
        if place.kind == "restaurant":
            restaurants.append(f"{place.name_zh} ×{len(days)}")
            continue
        streets.append(f"{place.name_zh} ×{len(days)}")
        gaps = [b - a for a, b in itertools.pairwise(days)]
        if min(gaps) < STREET_GAP_DAYS:
            close.append(f"{place.name_zh} days {','.join(map(str, days))}")
    return restaurants, close, streets


#: A budget said at or under this much a person a day (CNY, everything included) is a
#: shoestring trip: snack shops at both meals are what the traveller would choose.
SHOESTRING_CNY_PER_DAY = 700


def shoestring(request: TripRequest) -> bool:
    """Whether the trip is on a shoestring: a low budget said in words (穷游, `low_budget`) or a
    budget of at most `SHOESTRING_CNY_PER_DAY` a person a day."""
    if low_budget(request):
        return True
    limit = SHOESTRING_CNY_PER_DAY * request.party.size * request.days
    return request.budget_cny is not None and request.budget_cny <= limit


def meal_places(plan: Itinerary, kb: KnowledgeBase) -> list[str]:
    """Lunches and dinners a traveller would not call a meal there, as "name day N": at a shop
    of sweets, drinks or one treat (`Restaurant.serves_meals` false: 马迭尔冰棍, 十八街麻花), at
    an eatery behind a site's ticket gate (`Restaurant.inside`) outside that day's visit to it,
    for a vegetarian, at a place whose dishes are mostly meat (`dishes.meat_heavy`), a shop of
    one dish (noodles, dumplings: `DAY_DISHES`) or a snack shop (``kind`` ``snack``: 厦门's
    花生汤 and 烧肉粽 at two of them) at both meals of a day unless wished or on a shoestring
    (`shoestring`: 包子 at lunch and 炒肝 at dinner is how broke students eat in 北京)."""
    out = []
    thrifty = shoestring(plan.request)
    vegetarian = any(f.cuisine == "vegetarian" for f in plan.request.food)
    wished = {f.cuisine for f in plan.request.food}
    for day in plan.days:
        visits = {i.poi_id: i for i in day.items if i.kind == ItemKind.ATTRACTION}
        shops = [kb.restaurant(i.poi_id or "") for i in day.items
                 if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
        named = len(out)
        for dish in set(DAY_DISHES) - wished:
            same = [r.name_zh for r in shops if isinstance(r, Restaurant)
                    and r.kind != "food_street" and dish in r.cuisines]  # fmt: skip
            if len(same) > 1:
                out.append(f"{dish} twice on day {day.index} ({'、'.join(same)})")
        snack_shops = [r.name_zh for r in shops if isinstance(r, Restaurant) and r.kind == "snack"]
        if len(snack_shops) > 1 and "snacks" not in wished and len(out) == named and not thrifty:
            out.append(f"snack shops at both meals of day {day.index} ({'、'.join(snack_shops)})")
        for item in day.items:
            if item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner"):
                continue
            place = kb.restaurant(item.poi_id or "")
            if not isinstance(place, Restaurant):
                continue
            visit = visits.get(place.inside) if place.inside else None
            if not place.serves_meals and not any(serves(place, c) for c in wished):
                out.append(f"{place.name_zh} day {day.index} (no meal sold)")  # not as wished
            elif vegetarian and "vegetarian" not in place.cuisines and meat_heavy(place):
                out.append(f"{place.name_zh} day {day.index} (mostly meat, for a vegetarian)")
            elif place.inside and not (visit and visit.start <= item.start <= visit.end):
                out.append(f"{place.name_zh} day {day.index} (outside its site's visit)")
    return out


#: Dishes a shop serves as the whole meal: one meal of each a day unless wished (桂林 on a low
#: budget had rice noodles at lunch and dinner).
DAY_DISHES = ("noodles", "dumplings")


#: Children of this age or under, or of an age not said, are back at the lodging by
#: `KIDS_BACK_BY` (minutes after midnight): what a parent of young children checks.
BEDTIME_AGE = 9
KIDS_BACK_BY = 21 * 60


def late_nights(plan: Itinerary) -> Verdict:
    """With young children, every arrival at the night's lodging by `KIDS_BACK_BY`, and the way
    home (the last day's same-day intercity leg) too; None for other parties."""
    party = plan.request.party
    ages = party.child_ages[: party.children]
    if not (party.children > len(ages) or any(age <= BEDTIME_AGE for age in ages)):
        return Verdict(None)
    late = [f"day {d.index} {i.start:%H:%M}" for d in plan.days for i in d.items
            if i.kind == ItemKind.LODGING and clock_minutes(i.start) > KIDS_BACK_BY]  # fmt: skip
    legs = [i for i in plan.days[-1].items if i.kind == ItemKind.INTERCITY] if plan.days else []
    if plan.request.departure and legs and legs[-1].overnight is None:
        if clock_minutes(legs[-1].end) > KIDS_BACK_BY:
            late.append(f"home {legs[-1].end:%H:%M}")
    return Verdict(not late, "back at " + ", ".join(late[:3]))


def budget(plan: Itinerary, expect: Expect) -> Verdict:
    """The plan's total cost for the party within the budget said."""
    if expect.max_budget is None:
        return Verdict(None)
    if plan.total_cost_cny <= expect.max_budget:
        return Verdict(True)
    return Verdict(
        False, f"costs {plan.total_cost_cny:.0f} CNY for a budget of {expect.max_budget}"
    )


def sights_per_day(day: Day) -> tuple[int, int]:
    """(attractions, their minutes) of one day."""
    sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
    return len(sights), sum(i.minutes for i in sights)


#: Modes that cannot reach into or move inside a car-free area (an island, a park's own buses).
_ROAD_MODES = (Mode.TAXI, Mode.CHARTER, Mode.METRO, Mode.DRIVE)


def ways(plan: Itinerary, kb: KnowledgeBase) -> Verdict:
    """Legs as a traveller goes: no taxi, chartered car, metro or own car into, out of or
    inside an access area (涠洲岛, 普陀山 by boat; 武当山's park by its scenic buses), and the leg
    after a one-way visit (the 漓江 cruise) leaves from where the visit comes out; a one-way
    visit that lands where the trip goes next is the move there, not a ride back and a second
    trip out the next morning."""
    bad: list[str] = []
    for day in plan.days:
        dest = kb.destinations.get(day.destination)
        here: tuple[float, float] | None = None
        exit_name: str | None = None
        for item in day.items:
            if item.kind == ItemKind.FREE:  # time spent where one is: no move
                continue
            there = (item.lat, item.lon) if item.lat is not None and item.lon is not None else None
            if item.kind == ItemKind.TRANSIT:
                if exit_name is not None and item.from_name != exit_name:
                    bad.append(f"day {day.index} {item.name} leaves from {item.from_name}, "
                               f"not {exit_name}")  # fmt: skip
                if (
                    dest is not None
                    and here is not None
                    and there is not None
                    and (
                        item.mode in _ROAD_MODES
                        and (area_at(dest, here) is not None or area_at(dest, there) is not None)
                    )
                ):
                    bad.append(f"day {day.index} {item.name} by {item.mode}")
            exit_name = None
            place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            exit_ = getattr(place, "exit", None)
            if exit_ is not None:
                exit_name = exit_.name_zh if plan.lang == "zh" else exit_.name_en
                later = [d.index for d in plan.days if d.index > day.index
                         and d.destination == exit_.destination != day.destination]  # fmt: skip
                if later:  # the boat lands where the trip goes next: it is the move
                    bad.append(f"day {day.index} {item.name} back from {exit_name}, then on to "
                               f"{exit_.destination} on day {later[0]}")  # fmt: skip
            if there is not None:
                here = there
    return Verdict(not bad, "; ".join(bad[:2]))
