"""The meals a day gets when an edit moves its ends: the old last day of a trip made a day
longer no longer ends with the leg home (its dinner had been at the airport), the new last day
of a shorter one does — each gets the lunch and dinner the planner would give a day like it."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.meal_add import add_meal
from engine.editing.ops import AddMeal
from engine.editing.timing import frame_for
from engine.i18n import pick

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
        except EditRefused:
            if near is None or not (inside and _anywhere(draft, day, meal)):
                if near is not None:
                    _free_dinner(draft, day)


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


def _free_dinner(draft: Draft, day: int) -> None:
    """Dinner of your choice near the lodging (「晚餐自选（住处附近）」, a free meal timed with the
    day, `engine.editing.free_meals`) where no restaurant not yet in the plan is near it; at
    the plan's average restaurant cost a head (`FREE_MEAL_CNY` without one)."""
    sk = draft.sketch_of(day)
    lodging = draft.kb.lodging(sk.lodging_id or "")
    if lodging is None:
        return
    lang, diners = draft.lang, draft.request.party.diners
    paid = [i.cost_cny / diners for d in draft.days for i in d.items
            if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner") and i.poi_id
            and i.cost_cny]  # fmt: skip
    each = round(sum(paid) / len(paid)) if paid else FREE_MEAL_CNY
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
        return
    eaten = next((i for i in timed.items if i.kind == ItemKind.MEAL and i.meal == "dinner"), None)
    if eaten is not None:
        draft.note(f"第{day}天加上晚饭：住处附近自选（{eaten.start:%H:%M}）",
                   f"day {day} now has dinner of your choice near the lodging "
                   f"({eaten.start:%H:%M})")  # fmt: skip
