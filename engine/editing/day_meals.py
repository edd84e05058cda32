"""The meals a day gets when an edit moves its ends: the old last day of a trip made a day
longer no longer ends with the leg home (its dinner had been at the airport), the new last day
of a shorter one does — each gets the lunch and dinner the planner would give a day like it."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind, clock_minutes
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.meal_add import add_meal
from engine.editing.ops import AddMeal
from engine.editing.sketch import Stop
from engine.editing.timing import frame_for
from engine.i18n import pick
from engine.knowledge.schema import Attraction
from engine.planning.candidates import ScoredAttraction
from engine.planning.full_days import is_full_day
from engine.planning.model import LUNCH_INSIDE_MIN_VISIT

#: A free dinner's cost a head when the plan has no restaurant meal to go by (CNY).
FREE_MEAL_CNY = 60


def give_meals(draft: Draft, day: int) -> None:
    """Add to 1-based `day` a lunch and a dinner it has none of, where the planner's frame for
    the day has one (`engine.planning.frames.finish_meals`: the day's hours hold the meal's
    window): at the nearest restaurant not yet in the plan that fits (`meal_add.add_meal`, said
    in the notes). A meal that fits nowhere is left to the plan's check (「第3天没有安排晚餐」)."""
    sk = draft.sketch_of(day)
    # a meal the day holds as timed: a sight's dinner inside (夫子庙 lit after dinner on a last
    # day) is not one once the day is no longer last and the visit is timed without it
    had = {i.meal for i in draft.days[day - 1].items if i.meal} | {m.meal for m in sk.free}
    stops = [replace(s, meal=None) if s.meal in ("lunch", "dinner") and s.meal not in had
             and draft.kb.restaurant(s.poi_id) is None else s for s in sk.stops]  # fmt: skip
    inside = stops != list(sk.stops)  # the sight keeps its visit; its meal is given below
    if inside:
        draft.sketches[day - 1] = sk = replace(sk, stops=stops)
    frame = frame_for(sk, draft.request, draft.kb)
    for meal, planned in (("lunch", frame.lunch), ("dinner", frame.dinner)):
        if meal in had or not planned:
            continue
        # dinner near the night's lodging, as the day ends there (not a ride out and back)
        near = sk.lodging_id if meal == "dinner" else None
        try:
            add_meal(draft, AddMeal(day=day, meal=meal, near=near))
        except EditRefused as refused:
            if meal == "lunch":
                if not (_lunch_inside(draft, day) or _free_lunch(draft, day)):
                    _unfed(draft, day, refused)
            elif near is None or not (inside and _anywhere(draft, day, meal)):
                if near is None or not _free_dinner(draft, day):
                    _unfed(draft, day, refused)


def meals_before_sights(draft: Draft, day: int) -> list[Stop]:
    """`give_meals` for 1-based `day`, now the day of the leg home (a last day taken off):
    when its lunch fits nowhere, its latest sights make room for it, one by one while one is
    left (a traveller keeps lunch before a second sight) — the sights so left out returned;
    none when the lunch fits without, or not even then (the day as `give_meals` left it)."""
    saved = (list(draft.sketches), list(draft.days), list(draft.notes), list(draft.warnings))
    give_meals(draft, day)
    out: list[Stop] = []
    while not _has(draft, day, "lunch") and frame_for(draft.sketch_of(day), draft.request,
                                                      draft.kb).lunch:  # fmt: skip
        sk = draft.sketch_of(day)
        sights = [n for n, s in enumerate(sk.stops) if not s.locked and not s.meal
                  and draft.kb.restaurant(s.poi_id) is None]  # fmt: skip
        if len(sights) < 2:
            break
        out.append(sk.stops[sights[-1]])
        gone = {s.poi_id for s in out}
        draft.sketches, draft.days = list(saved[0]), list(saved[1])
        draft.notes, draft.warnings = list(saved[2]), list(saved[3])
        try:
            draft.retime(replace(sk, stops=[s for s in sk.stops if s.poi_id not in gone]))
        except EditRefused:
            break
        give_meals(draft, day)
    if out and not _has(draft, day, "lunch"):  # no room even so: the day as it was
        draft.sketches, draft.days = list(saved[0]), list(saved[1])
        draft.notes, draft.warnings = list(saved[2]), list(saved[3])
        give_meals(draft, day)
        return []
    return out


def _has(draft: Draft, day: int, meal: str) -> bool:
    return any(i.meal == meal for i in draft.days[day - 1].items)


def _unfed(draft: Draft, day: int, refused: EditRefused) -> None:
    """Say why day `day` has no lunch (or dinner): the way home leaves before it, or the day is
    full (`meal_add._no_time`'s reason), as a warning of the change."""
    draft.warnings.append((refused.message("zh"), refused.message("en")))


def _lunch_inside(draft: Draft, day: int) -> bool:
    """Give day `day` lunch inside the long place it holds (八达岭长城 on a day added for it: the
    planner's 「午餐在景区内」 — a place with a meal inside and a visit of at least
    `engine.planning.model.LUNCH_INSIDE_MIN_VISIT`, or `full_days.is_full_day`), timed with the
    day; False when it holds none, or the day does not fit so."""
    sk = draft.sketch_of(day)
    for n, stop in enumerate(sk.stops):
        place = draft.kb.place(stop.poi_id)
        if stop.meal or not isinstance(place, Attraction):
            continue
        inside = place.meal_inside_cny is not None and place.visit_minutes >= LUNCH_INSIDE_MIN_VISIT
        if not (inside or is_full_day(ScoredAttraction(place, 1.0, False))):
            continue
        stops = [*sk.stops[:n], replace(stop, meal="lunch"), *sk.stops[n + 1 :]]
        try:
            draft.retime(replace(sk, stops=stops))
        except EditRefused:
            continue
        zh, en = draft.name(place.id)
        draft.note(f"第{day}天在{zh}里吃午饭", f"day {day}: lunch inside {en}")
        return True
    return False


def _free_lunch(draft: Draft, day: int) -> bool:
    """Lunch of your choice around the day's sight nearest noon (「午餐自选（宽窄巷子一带）」, a free
    meal timed with the day, `engine.editing.free_meals`) where no restaurant not yet in the
    plan fits it; at the plan's average restaurant cost a head. False when the day holds no
    sight or the day does not fit it."""
    sk = draft.sketch_of(day)
    timed = draft.days[day - 1]
    sights = [i for i in timed.items if i.kind == ItemKind.ATTRACTION and i.lat is not None
              and i.lon is not None]  # fmt: skip
    if not sights:
        return False
    noon = 12 * 60
    at = min(sights, key=lambda i: abs((clock_minutes(i.start) + clock_minutes(i.end)) // 2 - noon))
    each = _each(draft)
    lang, diners = draft.lang, draft.request.party.diners
    item = Item(
        kind=ItemKind.MEAL,
        meal="lunch",
        name=pick(lang, f"午餐自选（{at.name}一带）", f"Lunch of your choice (around {at.name})"),
        start=dt.time(12, 0),
        end=dt.time(13, 0),
        lat=at.lat,
        lon=at.lon,
        cost_cny=each * diners,
        note=pick(lang, f"{at.name}一带找家餐馆；估算每人{each}元",
                  f"pick a place around {at.name}; about {each} CNY per person"),
    )  # fmt: skip
    try:
        eaten = draft.retime(replace(sk, free=(*sk.free, item)))
    except EditRefused:
        return False
    lunch = next((i for i in eaten.items if i.kind == ItemKind.MEAL and i.meal == "lunch"), None)
    if lunch is None:
        return False
    draft.note(f"第{day}天加上午饭：{at.name}一带自选（{lunch.start:%H:%M}）",
               f"day {day} now has lunch of your choice around {at.name} "
               f"({lunch.start:%H:%M})")  # fmt: skip
    return True


def _each(draft: Draft) -> int:
    """What a free meal costs a head: the plan's average restaurant lunch or dinner (CNY),
    `FREE_MEAL_CNY` without one."""
    diners = draft.request.party.diners
    paid = [i.cost_cny / diners for d in draft.days for i in d.items
            if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner") and i.poi_id
            and i.cost_cny]  # fmt: skip
    return round(sum(paid) / len(paid)) if paid else FREE_MEAL_CNY


def _anywhere(draft: Draft, day: int, meal: str) -> bool:
    """Whether `meal` fits day `day` at a restaurant on the day's way (not near the lodging:
    an evening sight after dinner, 夫子庙 lit from 18:00), added; False when none does. Only for
    a day whose sight held the meal inside (elsewhere the meal near the lodging, or a free one,
    is what the day gets: a restaurant anywhere may be far off the way)."""
    try:
        add_meal(draft, AddMeal(day=day, meal=meal))
    except EditRefused:
        return False
    return True


def _free_dinner(draft: Draft, day: int) -> bool:
    """Dinner of your choice near the lodging (「晚餐自选（住处附近）」, a free meal timed with the
    day, `engine.editing.free_meals`) where no restaurant not yet in the plan is near it; at
    the plan's average restaurant cost a head (`FREE_MEAL_CNY` without one)."""
    sk = draft.sketch_of(day)
    lodging = draft.kb.lodging(sk.lodging_id or "")
    if lodging is None:
        return False
    lang, diners = draft.lang, draft.request.party.diners
    each = _each(draft)
    item = Item(
        kind=ItemKind.MEAL,
        meal="dinner",
        name=pick(lang, "晚餐自选（住处附近）", "Dinner of your choice (near the lodging)"),
        start=dt.time(18, 0),
        end=dt.time(19, 0),
        lat=lodging.lat,
        lon=lodging.lon,
        cost_cny=each * diners,
        note=pick(
            lang,
            f"住处附近找家餐馆；估算每人{each}元",
            f"pick a place near the lodging; about {each} CNY per person",
        ),
    )
    try:
        timed = draft.retime(replace(sk, free=(*sk.free, item)))
    except EditRefused:
        return False
    eaten = next((i for i in timed.items if i.kind == ItemKind.MEAL and i.meal == "dinner"), None)
    if eaten is not None:
        draft.note(f"第{day}天加上晚饭：住处附近自选（{eaten.start:%H:%M}）",
                   f"day {day} now has dinner of your choice near the lodging "
                   f"({eaten.start:%H:%M})")  # fmt: skip
    return eaten is not None
