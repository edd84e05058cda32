"""Wishes judged from a plan's content, and whether the plan's report answers those it misses.

For each wish of a request's `Expect` one `WishVerdict`: *honoured* is computed from the days
and items (modes of the intercity legs, the cuisines and times of the meals, where the nights
are spent, the tags of the sights, the time of day of the sunrise/sunset/night-view visits …),
never from what the planner says of itself. A wish not honoured counts as *answered* when the
report says so explicitly: a `WishCheck` of that kind with status ``not``/``partly`` and a reason
(`itinerary.feasibility.wishes`), or, for budgets and must-sees, the validator's failed
``budget`` / ``must_see`` check. *claimed* marks a report that calls every wish of the kind
honoured — a false claim when the content says otherwise.

Lodging features (parking …) are the one kind judged from the report alone: lodging records
carry no features yet, so the content cannot show them.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from astral import Observer
from astral.sun import sun

from bench import plan_quality_hours as hours
from bench.plan_quality_checks import sights_per_day, visited
from bench.plan_quality_expect import Expect, Food, Lodging, alternatives
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Pace
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.planning import allergen_dishes
from engine.planning.candidates import SHORT_WALK_MINUTES, rooms
from engine.planning.dishes import DISH_WORDS, has_dish
from engine.planning.pace import profile
from engine.understanding.activities import resolve_activity

CHINA_TIME = ZoneInfo("Asia/Shanghai")  # Beijing time, used nationwide (and in HK/Macau: UTC+8)
#: A sunrise visit must be there by the time the sun rises (a stop reached after it has missed
#: it), a sunset one until 30 minutes before it sets; a night view needs 20 minutes after
#: sunset (dusk).
SUNRISE_LATE_MIN = 0
SUNSET_EARLY_MIN = 30
DUSK_AFTER_SUNSET_MIN = 20
#: A packed day: sightseeing at least this share of a normal day's limit (pace profile).
PACKED_SHARE = 0.8
ACCESS_BARRED_TAGS = frozenset({"hiking"})
#: A visit with lunch inside (a mountain) is this much longer than its walking (minutes).
LUNCH_INSIDE_MIN = 60
#: A dawn or dusk outing (a free-time item) counts when it stands this close to a sight that
#: has the moment as a tag or a highlight (metres).
SPOT_M = 1500.0
#: Report kinds that answer a wish of a kind (an answer about the type of stay answers
#: "sleep in an inn by the river" as well as one about its area).
REPORT_KINDS = {
    "lodging_area": ("lodging_area", "lodging_type"),
    "activity": ("other", "must_see"),  # none offered: ``other`` ❌; offered, not fitted: must-see
}
#: Validator checks that answer a wish when they fail: they name the conflict and what to relax.
ANSWERING_CHECKS = {"budget": "budget", "must_see": "must_see", "activity": "must_see"}


@dataclass(frozen=True)
class WishVerdict:
    """One wish: `kind` (the `WishKind` vocabulary), `honoured` by the content, `answered` by
    the report when not, `claimed` honoured by the report, and `detail` (what was wished and,
    when not honoured, why). `by_report`: judged from the report alone (lodging features)."""

    kind: str
    honoured: bool
    answered: bool = False
    claimed: bool = False
    detail: str = ""
    by_report: bool = False

    @property
    def met(self) -> bool:
        return self.honoured or self.answered


def judge(plan: Itinerary, kb: KnowledgeBase, expect: Expect) -> list[WishVerdict]:
    """Every wish of `expect`, judged on `plan` (see the module docstring)."""
    out: list[tuple[str, bool, str]] = []
    by_place = Counter(d.destination for d in plan.days)
    out.append(
        ("days", len(plan.days) == expect.days, f"{expect.days} days (got {len(plan.days)})")
    )
    if expect.destination_days:
        ok = all(by_place[k] == v for k, v in expect.destination_days.items())
        out.append(("days", ok, f"days by place {expect.destination_days} (got {dict(by_place)})"))
    if expect.people is not None:
        p, w = plan.request.party, expect.people
        ok = (p.adults, p.children, p.seniors) == (w.adults, w.children, w.seniors)
        out.append(
            (
                "party",
                ok,
                f"party {w.adults}+{w.children}c+{w.seniors}s (got {p.adults}+{p.children}c+{p.seniors}s)",
            )
        )
    if expect.dates is not None and plan.days:
        low, high = expect.dates.start_between
        first = plan.days[0].date
        out.append(("date", low <= first <= high, f"start {low}..{high} (got {first})"))
    seen = visited(plan)
    for sight in expect.must_see:
        alts = alternatives(sight)
        out.append(("must_see", bool(seen & set(alts)), f"must see {'|'.join(alts)}"))
    if expect.intercity_modes is not None:
        out.extend(_modes(plan, expect))
    for scope in ("between", "out_home"):
        scoped = getattr(expect, f"{scope}_modes")
        if scoped is not None:
            sub = expect.model_copy(update={"intercity_modes": scoped})
            out.extend((kind, ok, f"{scope}: {detail}") for kind, ok, detail in
                       _modes(plan, sub, scope=scope))  # fmt: skip
    out.extend(_food(plan, kb, f) for f in expect.food)
    for cuisine in expect.no_cuisines:
        bad = [i.name for d in plan.days for i in _meals(d)
               if (cuisine in _cuisines(kb, i) and not _ordered_without(cuisine, i))
               or _recommends_held(kb, i, cuisine)]  # fmt: skip
        out.append(
            ("avoid_food", not bad, f"no {cuisine}" + (f" (served: {bad[0]})" if bad else ""))
        )
    if expect.lodging is not None:
        out.extend(_lodging(plan, kb, expect.lodging))
    out.extend(_day_part(plan, poi, part) for poi, part in expect.day_parts.items())
    for tag in expect.no_tags:
        bad = [i.name for i in _sights(plan) if tag in _tags(kb, i)]
        out.append(("avoid_tag", not bad, f"no {tag}" + (f" (visits {bad[0]})" if bad else "")))
    for poi_id in expect.no_places:
        out.append(("avoid_place", poi_id not in seen, f"not {poi_id}"))
    for tag in expect.tags:
        hit = [i.name for i in _sights(plan) if tag in _tags(kb, i)]
        out.append(("interest", bool(hit), f"a {tag} sight" + (f" ({hit[0]})" if hit else "")))
    for mode in expect.no_local_modes:
        bad = [i.name for d in plan.days for i in d.items
               if i.kind == ItemKind.TRANSIT and i.mode is not None and i.mode.value == mode]  # fmt: skip
        out.append(
            ("local_transport", not bad, f"no {mode} in town" + (f" ({bad[0]})" if bad else ""))
        )
    if expect.access == "short-walks":  # a walking limit: no visit longer (lunch inside aside)
        long = [i.name for i in _sights(plan)
                if i.minutes - (LUNCH_INSIDE_MIN if i.meal else 0) > SHORT_WALK_MINUTES]  # fmt: skip
        out.append(("access", not long, "short-walks" + (f" (long: {long[0]})" if long else "")))
    elif expect.access:
        bad = [i.name for i in _sights(plan) if ACCESS_BARRED_TAGS & _tags(kb, i)]
        stepped = [i.name for i in _sights(plan) if _step_free(kb, i) == "no"]
        said = f" (hike: {bad[0]})" if bad else f" (only by steps: {stepped[0]})" if stepped else ""
        out.append(("access", not bad and not stepped, f"{expect.access}{said}"))
    if expect.pace is not None:
        out.append(_pace(plan, expect.pace))
    out.extend(_experience(plan, kb, e) for e in expect.experiences)
    dest_ids = list(dict.fromkeys(d.destination for d in plan.days))
    for key in expect.activities:
        poi = resolve_activity(key, kb, dest_ids)
        out.append(("activity", poi is not None and poi in seen, f"activity {key} ({poi})"))
    if expect.max_budget is not None:
        ok = plan.total_cost_cny <= expect.max_budget
        out.append(("budget", ok, f"budget {expect.max_budget} (cost {plan.total_cost_cny:.0f})"))
    if expect.day_start is not None:
        out.append(_day_start(plan, expect.day_start))
    out.extend(hours.judged(plan, expect))  # arrival, departure home, busy days, night legs
    verdicts = _with_report(plan, out)
    if expect.lodging is not None:
        verdicts.extend(_feature(plan, f) for f in expect.lodging.features)
    verdicts.extend(_said_once(plan, words) for words in expect.said_once)
    return verdicts


#: Minutes from leaving for the station or airport to the departure, by mode (a traveller's
#: allowance: the ride there, security, boarding).
HUB_LEAD = {"flight": 90, "hsr": 45, "train": 45, "coach": 30}


def _day_start(plan: Itinerary, hour: str) -> tuple[str, bool, str]:
    """Every day sets out at `hour` or later: its first item after breakfast (a journey counts
    from leaving for the station, `HUB_LEAD`); an arrival after a night aboard does not set out."""
    wanted = clock_minutes(dt.time.fromisoformat(hour))
    for day in plan.days:
        items = [i for i in day.items if i.meal != "breakfast" and i.kind != ItemKind.LODGING
                 and i.overnight != "arrive"]  # fmt: skip
        if not items:
            continue
        first = items[0]
        start = clock_minutes(first.start)
        if first.kind == ItemKind.INTERCITY:
            start -= HUB_LEAD.get(first.mode.value if first.mode else "", 45)
        if start < wanted:
            return ("day_start", False, f"from {hour}: day {day.index} sets out "
                    f"{start // 60:02d}:{start % 60:02d} ({first.name})")  # fmt: skip
    return ("day_start", True, f"every day sets out at {hour} or later")


def _said_once(plan: Itinerary, words: str) -> WishVerdict:
    """`words` answered by exactly one row of the report's wishes (judged from the report)."""
    report = plan.feasibility
    rows = [w for w in (report.wishes if report else ()) if words in w.said]
    ok = len(rows) == 1
    shown = ", ".join(f"{w.status} {w.kind}" for w in rows) or "no row"
    return WishVerdict("said_once", ok, False, ok, f"“{words}” in one row ({shown})", True)


def _with_report(plan: Itinerary, judged: list[tuple[str, bool, str]]) -> list[WishVerdict]:
    """Verdicts for (kind, honoured, detail): each explicit answer in the report (status
    not/partly with a reason) answers one wish of its kind not honoured, in order."""
    report = plan.feasibility
    said = report.wishes if report else ()
    answers = Counter(w.kind for w in said if w.status in ("not", "partly") and w.reason)
    failed = {c.code for c in (report.checks if report else ()) if not c.passed}
    out = []
    for kind, honoured, detail in judged:
        kinds = REPORT_KINDS.get(kind, (kind,))
        mine = [w for w in said if w.kind in kinds]
        claimed = bool(mine) and all(w.status == "honoured" for w in mine)
        answered = False
        if not honoured:
            spare = next((k for k in kinds if answers[k] > 0), None)
            if spare is not None:
                answers[spare] -= 1
                answered = True
            else:
                answered = ANSWERING_CHECKS.get(kind) in failed
        out.append(WishVerdict(kind, honoured, answered, claimed, detail))
    return out


def _feature(plan: Itinerary, feature: str) -> WishVerdict:
    report = plan.feasibility
    wishes = [w for w in (report.wishes if report else ()) if w.kind == "lodging_feature"]
    honoured = any(w.status == "honoured" for w in wishes)
    answered = not honoured and any(w.status in ("not", "partly") and w.reason for w in wishes)
    return WishVerdict(
        "lodging_feature", honoured, answered, honoured, f"lodging with {feature}", True
    )


def _meals(day: Day) -> list[Item]:
    return [i for i in day.items if i.kind == ItemKind.MEAL]


def _sights(plan: Itinerary) -> list[Item]:
    return [i for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION]


#: What a meal's note says at a place of hot food where the person orders dishes without chili
#: (a mixed menu: 龙抄手's 原汤抄手 beside its 红油抄手), by the food avoided.
ORDERED_WITHOUT = {"spicy": ("不要辣", "no chili")}


def _ordered_without(cuisine: str, item: Item) -> bool:
    """Whether the meal `item` says to order it without `cuisine` (`ORDERED_WITHOUT`): a
    traveller who avoids spice eats at a place with mild dishes when told which to order."""
    return any(words in (item.note or "") for words in ORDERED_WITHOUT.get(cuisine, ()))


def _recommends_held(kb: KnowledgeBase, item: Item, tag: str) -> bool:
    """Whether the meal `item` recommends (「推荐：…」, "try: …") a dish holding the ingredient
    `tag` (`engine.planning.allergen_dishes`: 虾饺 for a shellfish allergy), or is at a place
    whose food is mostly of it."""
    place = kb.restaurant(item.poi_id or "")
    if place is None or tag not in allergen_dishes.TAGS:
        return False
    if allergen_dishes.serves_allergen(place, tag):
        return True
    note = item.note or ""
    tried = note.split("推荐：", 1)[-1] if "推荐：" in note else note.split("try: ", 1)[-1]
    tried = tried.split("；")[0].split("; ")[0] if ("推荐：" in note or "try: " in note) else ""
    pairs = zip(place.signature_dishes_zh, place.signature_dishes_en, strict=False)
    return any(allergen_dishes.holds(zh, en, tag) and (zh in tried or en in tried)
               for zh, en in pairs)  # fmt: skip


def _cuisines(kb: KnowledgeBase, item: Item, named: tuple[str, ...] = ()) -> set[str]:
    """A meal place's cuisines and the dishes its signature dishes are of (lamb, crayfish …:
    what a traveller reads on the menu), and those of `named` (``dish:苏式面`` tags expected)
    whose dish it serves."""
    place = kb.restaurant(item.poi_id or "")
    if place is None:
        return set()
    dishes = (*DISH_WORDS, *(tag for tag in named if tag.startswith("dish:")))
    return set(place.cuisines) | {tag for tag in dishes if has_dish(place, tag)}


def _tags(kb: KnowledgeBase, item: Item) -> set[str]:
    place = kb.attraction(item.poi_id or "")
    return set(place.tags) if place else set()


def _step_free(kb: KnowledgeBase, item: Item) -> str | None:
    """The sight's step-free access (`Attraction.step_free`): reached only by steps is ``no``."""
    place = kb.attraction(item.poi_id or "")
    return place.step_free if place else None


def _modes(plan: Itinerary, expect: Expect, scope: str = "") -> list[tuple[str, bool, str]]:
    """The intercity legs against `expect.intercity_modes`; `scope` ``between`` keeps the legs
    between the destinations only, ``out_home`` the first and last of a trip with a departure."""
    modes = expect.intercity_modes
    assert modes is not None
    legs = [
        i.mode.value if i.mode else "?"
        for d in plan.days
        for i in d.items
        if i.kind == ItemKind.INTERCITY and i.overnight != "arrive"
    ]
    ends = plan.request.departure is not None and len(legs) >= 2
    if scope == "between":
        legs = legs[1:-1] if ends else legs
    elif scope == "out_home":
        legs = [legs[0], legs[-1]] if ends else []
    out = []
    if modes.only:
        allowed = set(modes.only) | ({"car", "drive"} if "drive" in modes.only else set())
        if legs:
            ok = all(m in allowed for m in legs)
        else:  # no leg at all: right only for a traveller who drives (or was already there)
            ok = "drive" in modes.only or expect.departure is None
        out.append(
            ("transport", ok, f"by {'/'.join(modes.only)} (legs: {', '.join(legs) or 'none'})")
        )
    if modes.none_of:
        bad = [m for m in legs if m in modes.none_of]
        out.append(
            (
                "avoid_transport",
                not bad,
                f"no {'/'.join(modes.none_of)} (legs: {', '.join(legs) or 'none'})",
            )
        )
    return out


def _food(plan: Itinerary, kb: KnowledgeBase, food: Food) -> tuple[str, bool, str]:
    what = f"{'/'.join(food.cuisine)} at {food.meal or 'a meal'}"
    served = [(day, item) for day in plan.days for item in _meals(day)
              if _cuisines(kb, item, tuple(food.cuisine)) & set(food.cuisine)]  # fmt: skip
    meals = (food.meal,) if food.meal else ("lunch", "dinner")
    main = [(d, i) for d, i in served if i.meal in meals]
    if food.at_most is not None and len(main) > food.at_most:
        shown = ", ".join(f"day {d.index} {i.meal}" for d, i in main[:4])
        return ("food", False, f"{what}: {len(main)} meals, at most {food.at_most} ({shown})")
    if food.at_most is not None and not main and food.meal is None:  # none is at most
        return ("food", True, f"{what}: none (at most {food.at_most})")
    if food.every_day:
        days = [d for d in plan.days if any(i.meal in ("lunch", "dinner") for i in _meals(d))]
        if food.meal == "breakfast":  # mornings out: not a travel morning (a train at 8:00)
            days = [d for d in days if not any(i.kind == ItemKind.INTERCITY for i in d.items)]
        missing = [d.index for d in days if all(d is not e for e, _ in main)]
        if missing:
            return ("food", False, f"{what} every day: none on day {missing[0]}")
    for _day, item in served:
        start = clock_minutes(item.start)
        if food.meal == "late" and start < 21 * 60 and item.meal != "late":
            continue
        if food.meal == "breakfast" and item.meal != "breakfast" and start > 10 * 60 + 30:
            continue
        if food.meal in ("lunch", "dinner") and item.meal != food.meal:
            continue
        if food.before is not None and start > clock_minutes(food.before):
            continue
        if food.after is not None and start < clock_minutes(food.after):
            continue
        return ("food", True, f"{what}: {item.name}")
    return ("food", False, f"{what}: none")


def _lodging(plan: Itinerary, kb: KnowledgeBase, want: Lodging) -> list[tuple[str, bool, str]]:
    out = []
    if want.near:
        target = kb.place(want.near)
        dest = kb.destination_of(want.near)
        nights = [d for d in plan.days if d.lodging_id and dest and d.destination == dest.id]
        far = []
        for day in nights:
            stay = kb.place(day.lodging_id or "")
            metres = (
                haversine_m(stay.lat, stay.lon, target.lat, target.lon) if stay and target else 1e9
            )
            if metres > want.within_m:
                far.append(f"night {day.index} {metres / 1000:.1f} km away")
        ok = bool(nights) and not far
        out.append(
            (
                "lodging_area",
                ok,
                f"stay within {want.within_m} m of {want.near}"
                + (f" ({far[0]})" if far else "" if nights else " (no night there)"),
            )
        )
    if want.any_of:
        dest = kb.destination_of(want.any_of[0])
        nights = [d for d in plan.days if d.lodging_id and dest and d.destination == dest.id]
        wrong = [d.lodging_id for d in nights if d.lodging_id not in want.any_of]
        if want.nights is not None:  # 「在山顶住一晚」: that many nights there, the others not
            there = len(nights) - len(wrong)
            out.append(("lodging_area", there == want.nights,
                        f"{want.nights} night(s) at {'|'.join(want.any_of)} (got {there})"))  # fmt: skip
        else:
            out.append(
                (
                    "lodging_area",
                    bool(nights) and not wrong,
                    f"stay at {'|'.join(want.any_of)}"
                    + (f" (got {wrong[0]})" if wrong else "" if nights else " (no night there)"),
                )
            )
    if want.room_cny is not None:
        low, high = want.room_cny
        n_rooms = rooms(plan.request)
        prices = [i.cost_cny / n_rooms for d in plan.days for i in d.items
                  if i.kind == ItemKind.LODGING]  # fmt: skip
        off = [p for p in prices if not low <= p <= high]
        out.append(
            (
                "lodging_type",
                bool(prices) and not off,
                f"rooms {low}-{high} CNY a night"
                + (f" (got {off[0]:.0f})" if off else "" if prices else " (no night)"),
            )
        )
    return out


def _pace(plan: Itinerary, pace: Pace) -> tuple[str, bool, str]:
    limits = profile(pace)
    for day in plan.days:
        count, minutes = sights_per_day(day)
        if count > 1 and (count > limits.max_attractions or minutes > limits.max_visit_minutes):
            return (
                "pace",
                False,
                f"{pace.value}: day {day.index} has {count} sights, {minutes} min",
            )
    if pace == Pace.PACKED:
        full = [d for d in plan.days if not any(i.kind == ItemKind.INTERCITY for i in d.items)]
        mean = statistics.mean(sights_per_day(d)[1] for d in (full or plan.days))
        floor = PACKED_SHARE * profile(Pace.NORMAL).max_visit_minutes
        if mean < floor:
            return ("pace", False, f"packed: {mean:.0f} min of sights a day (< {floor:.0f})")
    return ("pace", True, pace.value)


def sun_minutes(lat: float, lon: float, date: dt.date) -> tuple[int, int]:
    """Sunrise and sunset at a point on a date, minutes after midnight Beijing time (astral)."""
    times = sun(Observer(lat, lon), date, tzinfo=CHINA_TIME)
    return clock_minutes(times["sunrise"].time()), clock_minutes(times["sunset"].time())


def _experience(plan: Itinerary, kb: KnowledgeBase, what: str) -> tuple[str, bool, str]:
    for day in plan.days:
        for item in day.items:
            place = kb.attraction(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if place is None:
                continue
            spots = {h.kind for h in place.highlights}
            if (
                what not in place.tags
                and what not in spots
                and not _sunset_view(kb, day, place, what)
            ):
                continue
            rise, sets = sun_minutes(place.lat, place.lon, day.date)
            start, end = clock_minutes(item.start), clock_minutes(item.end)
            ok = (
                (what == "sunrise" and start <= rise + SUNRISE_LATE_MIN and end >= rise)
                or (what == "sunset" and start <= sets and end >= sets - SUNSET_EARLY_MIN)
                or (what == "night-view" and end >= sets + DUSK_AFTER_SUNSET_MIN)
            )
            if ok:
                return (
                    "experience",
                    True,
                    f"{what}: {item.name} day {day.index} {item.start:%H:%M}",
                )
    for day in plan.days:  # a dawn outing (看日出 · X) is a free-time item at the spot
        for item in day.items:
            if item.kind != ItemKind.FREE or item.lat is None or item.lon is None:
                continue
            spot = _spot_near(plan, kb, what, item.lat, item.lon)
            if spot is None:
                continue
            rise, sets = sun_minutes(item.lat, item.lon, day.date)
            start, end = clock_minutes(item.start), clock_minutes(item.end)
            if (what == "sunrise" and start <= rise + SUNRISE_LATE_MIN and end >= rise) or (
                what == "sunset" and start <= sets and end >= sets - SUNSET_EARLY_MIN
            ):
                return ("experience", True, f"{what}: {spot} day {day.index} {item.start:%H:%M}")
    if what == "sunrise":  # sleeping where the sunrise is (a summit hotel) will do
        for day in plan.days:
            stay = kb.lodging(day.lodging_id or "")
            if stay is not None and "sunrise" in stay.good_for:
                return ("experience", True, f"sunrise: night {day.index} at {stay.name_zh}")
    return ("experience", False, f"{what}: no visit at its hour")


#: Where a traveller watches a sunset in a place with no sunset spot known: an open-air
#: waterfront or viewpoint (外滩 on the Huangpu).
SUNSET_VIEWS = frozenset({"sea", "beach", "lake", "water", "night-view"})


def sunset_views(kb: KnowledgeBase, dest_id: str) -> list[str]:
    """The sights of `dest_id` that serve a sunset when none has the moment as a tag or a
    highlight: ``outdoor`` ones with a tag of `SUNSET_VIEWS` ([] where a spot is known)."""
    dest = kb.destinations.get(dest_id)
    if dest is None or any(
        "sunset" in a.tags or "sunset" in {h.kind for h in a.highlights} for a in dest.attractions
    ):
        return []
    return [a.id for a in dest.attractions if "outdoor" in a.tags and SUNSET_VIEWS & set(a.tags)]


def _sunset_view(kb: KnowledgeBase, day: Day, place: Any, what: str) -> bool:
    return what == "sunset" and place.id in sunset_views(kb, day.destination)


def _spot_near(plan: Itinerary, kb: KnowledgeBase, what: str, lat: float, lon: float) -> str | None:
    """The name of a sight of the plan's destinations, within `SPOT_M` of (lat, lon), that has
    `what` as a tag or a highlight (a sunrise point), or None."""
    for dest_id in {d.destination for d in plan.days}:
        dest = kb.destinations.get(dest_id)
        for place in dest.attractions if dest else ():
            points = [(place.lat, place.lon)] + [
                (h.lat, h.lon) for h in place.highlights if h.kind == what and h.lat is not None
            ]
            kinds = set(place.tags) | {h.kind for h in place.highlights}
            if what in kinds and any(
                haversine_m(lat, lon, a, b) <= SPOT_M for a, b in points if b is not None
            ):
                return place.name_zh
    return None


#: When a visit begun counts as in a part of the day (minutes after midnight, [from, to)).
_PARTS = {"afternoon": (12 * 60, 18 * 60), "evening": (16 * 60 + 30, 24 * 60)}


def _day_part(plan: Itinerary, poi: str, part: str) -> tuple[str, bool, str]:
    """A sight wished at a part of the day (`Expect.day_parts`): begun then on some day."""
    seen = []
    for d in plan.days:
        sights = [i for i in d.items if i.kind == ItemKind.ATTRACTION]
        for i in sights:
            if i.poi_id != poi or i.start is None:
                continue
            start = i.start.hour * 60 + i.start.minute
            seen.append(f"day {d.index} {i.start:%H:%M}")
            if part == "first":
                if sights[0] is i and start <= 10 * 60 + 30:
                    return ("morning", True, f"{poi} first thing ({seen[-1]})")
            elif _PARTS[part][0] <= start < _PARTS[part][1]:
                return (part, True, f"{poi} {part} ({seen[-1]})")
    kind = "morning" if part == "first" else part
    return (kind, False, f"{poi} {part} (got {', '.join(seen) or 'not visited'})")
