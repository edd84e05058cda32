"""A lunch or dinner given to a day that has none (`AddMeal`): at the restaurant named, else the
nearest free one that fits the day where it fits best — or refused with the reason: the day
has that meal already (at a restaurant, inside a sight it is given to, at the summit hotel), or
its hours leave no time in the meal's window (a train in at 15:00, a flight home at 17:00)."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import SWAP_TRIES, _best, _insert, _other_restaurants, _when
from engine.editing.meal_swap import _asked, _eats, swap_meal
from engine.editing.ops import AddMeal, SwapMeal
from engine.editing.places import find_place
from engine.editing.sketch import Sketch, Stop
from engine.editing.timing import frame_for
from engine.knowledge.hours import fmt_minutes
from engine.knowledge.schema import Restaurant
from engine.planning.pace import DINNER_WINDOW, LUNCH_WINDOW

_WINDOW = {"lunch": LUNCH_WINDOW, "dinner": DINNER_WINDOW}
_MEAL_ZH = {"lunch": "午饭", "dinner": "晚饭"}
#: A day that must be at its station or airport less than this after the meal's window ends
#: has no meal in it before the leg (minutes: the meal and the ride there).
LEG_SLACK_MIN = 90


def add_meal(draft: Draft, op: AddMeal) -> None:
    sk = draft.sketch_of(op.day)
    meal_zh = _MEAL_ZH[op.meal]
    _refuse_if_had(draft, sk, op)
    if op.restaurant:
        chosen = find_place(op.restaurant, draft.kb, [sk.destination], (Restaurant,))
        assert isinstance(chosen, Restaurant)
        draft.chosen.add(chosen.id)
        choices = [chosen]
    else:
        anchor = sk.stops[0].poi_id if sk.stops else (sk.lodging_id or "")
        swap = SwapMeal(day=op.day, meal=op.meal, dish=op.dish, near=op.near)
        choices = _other_restaurants(draft, sk, anchor, op=swap)
        if not choices:
            raise EditRefused(
                "does_not_fit",
                f"知识库里附近没有还没安排过的餐厅适合第{op.day}天的{meal_zh}",
                f"no restaurant not already in the plan fits day {op.day}'s {op.meal}",
            )
    options = [o for r in choices[:SWAP_TRIES] for o in _insert(sk, Stop(r.id, op.meal), None)]
    found = _best(draft, [o for o in options if _eats(draft, o, op.meal)])
    if found is None:
        raise _no_time(draft, sk, op)
    draft.retime(found[0])
    new = next(s.poi_id for s in found[0].stops if s.meal == op.meal and s.poi_id in
               {r.id for r in choices})  # fmt: skip
    (b_zh, b_en), when = draft.name(new), _when(draft, op.day, new)
    why_zh, why_en = _asked(draft, SwapMeal(day=op.day, meal=op.meal, dish=op.dish, near=op.near))
    draft.note(f"第{op.day}天加上{meal_zh}：{b_zh}（{when}）{why_zh}",
               f"day {op.day} now has {op.meal} at {b_en} ({when}){why_en}")  # fmt: skip


def swap_or_add_meal(draft: Draft, op: SwapMeal) -> None:
    """A meal change (`SwapMeal`) on a day that has no such meal at all — none at a restaurant,
    none inside a sight, none in the day's tail (a lunch dropped for a full day): the meal is
    added there as asked (the restaurant named, the dish, the place near), not refused with
    "no lunch at a restaurant"; any other day's meal is swapped."""
    sk = draft.sketch_of(op.day)
    had = any(s.meal == op.meal for s in sk.stops) or any(
        i.kind == ItemKind.MEAL and i.meal == op.meal for i in sk.tail
    )
    if had:
        swap_meal(draft, op)
        return
    add_meal(draft, AddMeal(day=op.day, meal=op.meal, restaurant=op.restaurant, dish=op.dish,
                            near=op.near))  # fmt: skip


def _refuse_if_had(draft: Draft, sk: Sketch, op: AddMeal) -> None:
    """Refuse a meal the day has already: at a restaurant or inside the sight the day is given
    to (a stop with that meal), or at the night's summit hotel (the tail's dinner)."""
    meal_zh = _MEAL_ZH[op.meal]
    had = next((s for s in sk.stops if s.meal == op.meal), None)
    if had is not None:
        (zh, en), when = draft.name(had.poi_id), _when(draft, op.day, had.poi_id)
        inside = not isinstance(draft.kb.place(had.poi_id), Restaurant)
        where_zh = f"在{zh}里吃（{when}，游览中）" if inside else f"在{zh}（{when}）"
        where_en = f"inside {en} ({when}, during the visit)" if inside else f"at {en} ({when})"
        refusal = EditRefused("unchanged", f"第{op.day}天已经有{meal_zh}：{where_zh}",
                              f"day {op.day} already has {op.meal} {where_en}")  # fmt: skip
        if not inside:
            refusal.alternative = SwapMeal(day=op.day, meal=op.meal, dish=op.dish, near=op.near)
            refusal.alternative_zh = f"第{op.day}天换个地方吃{meal_zh}"
            refusal.alternative_en = f"have day {op.day}'s {op.meal} somewhere else"
        raise refusal
    for item in sk.tail:
        if item.kind == ItemKind.MEAL and item.meal == op.meal:
            raise EditRefused(
                "unchanged",
                f"第{op.day}天的{meal_zh}在{item.name}（{item.start:%H:%M}）",
                f"day {op.day}'s {op.meal} is {item.name} ({item.start:%H:%M})",
            )


def _no_time(draft: Draft, sk: Sketch, op: AddMeal) -> EditRefused:
    """Why no restaurant fits the day's meal: the leg home or the day's end before the meal's
    window is over, the arrival after it, else a day full with its sights and legs."""
    meal_zh = _MEAL_ZH[op.meal]
    frame = frame_for(sk, draft.request, draft.kb)
    (early, late), minutes = frame.dinner_window if op.meal == "dinner" else _WINDOW[op.meal], 45
    begin, end = fmt_minutes(frame.start_time), fmt_minutes(frame.end_time)
    window = f"{fmt_minutes(early)}–{fmt_minutes(late)}"
    leg = next((i for i in sk.tail if i.kind == ItemKind.INTERCITY), None)
    if frame.end_time < early + minutes or (leg and frame.end_time < late + LEG_SLACK_MIN):
        why_zh = f"要赶{leg.start:%H:%M}的{leg.name}，" if leg else ""
        why_en = f"the {leg.start:%H:%M} {leg.name} leaves; " if leg else ""
        return EditRefused(
            "does_not_fit",
            f"第{op.day}天{why_zh}{end}前就要结束游览，{meal_zh}时间（{window}）里排不进；"
            f"可以在车站、机场或车上吃",
            f"day {op.day}: {why_en}the day's visits end by {end}, leaving no {op.meal} in "
            f"its time ({window}); eat at the station, the airport or on board",
        )
    if frame.start_time + minutes > late:  # the day starts after it
        leg = next((i for i in reversed(sk.head) if i.kind == ItemKind.INTERCITY), None)
        why_zh = f"{leg.name}{leg.end:%H:%M}才到，" if leg else ""
        why_en = f"{leg.name} arrives at {leg.end:%H:%M}; " if leg else ""
        return EditRefused(
            "does_not_fit",
            f"第{op.day}天{why_zh}{begin}才能开始，已过{meal_zh}时间（{window}）；"
            f"可以在车站或车上吃",
            f"day {op.day}: {why_en}the day starts at {begin}, after {op.meal} time "
            f"({window}); eat at the station or on board",
        )
    return EditRefused(
        "does_not_fit",
        f"第{op.day}天的景点和路程已经排满，{meal_zh}时间（{window}）里排不进；"
        f"可以先去掉当天的一个景点再加",
        f"day {op.day} is full with its sights and legs: no room for {op.meal} in its time "
        f"({window}); remove one of the day's sights first",
    )
