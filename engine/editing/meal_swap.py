"""A day's lunch or dinner eaten somewhere else (`SwapMeal`): at a restaurant named, one serving
a dish asked for, or one near a place — or refused with the reason and what can be done."""

from __future__ import annotations

from dataclasses import replace

from engine.domain.itinerary import ItemKind
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import NEAR_M, _best, _insert, _other_restaurants, _when, serving
from engine.editing.ops import SwapMeal
from engine.editing.places import find_place
from engine.editing.refusals import _meal_instead, _refusal
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Lodging, Restaurant
from engine.planning.meal_groups import VARIETY_DISHES


def _eats(draft: Draft, sk: Sketch, meal: str) -> bool:
    """Whether `sk`, timed, has its `meal` at a restaurant other than where the other meal is
    — not the same two places with lunch and dinner traded (an order that fits only that way)."""
    day = draft.attempt(sk).day
    if day is None:
        return False
    wanted = {s.poi_id for s in sk.stops if s.meal == meal}
    return any(i.poi_id in wanted and i.meal == meal for i in day.items)


def swap_meal(draft: Draft, op: SwapMeal) -> None:
    sk = draft.sketch_of(op.day)
    at = next((i for i, s in enumerate(sk.stops) if s.meal == op.meal
               and isinstance(draft.kb.place(s.poi_id), Restaurant)), None)  # fmt: skip
    meal_zh = "午饭" if op.meal == "lunch" else "晚饭"
    if at is None:
        raise _meal_instead(draft, op, None, EditRefused(
            "does_not_fit", f"第{op.day}天没有安排{meal_zh}的餐厅",
            f"day {op.day} has no {op.meal} at a restaurant"))  # fmt: skip
    old = sk.stops[at]
    if op.restaurant:
        chosen = find_place(op.restaurant, draft.kb, [sk.destination], (Restaurant,))
        assert isinstance(chosen, Restaurant)
        draft.chosen.add(chosen.id)
        if chosen.id == old.poi_id:
            raise EditRefused("unsupported", f"第{op.day}天的{meal_zh}已经在{chosen.name_zh}",
                              f"day {op.day}'s {op.meal} is already at {chosen.name_en}")  # fmt: skip
        choices = [chosen]
    else:
        old_place = draft.kb.restaurant(old.poi_id)
        if (
            op.dish
            and old_place
            and serving([old_place], op.dish)
            and _near_enough(draft, old_place, op.near)
        ):
            raise EditRefused("unchanged", f"第{op.day}天的{meal_zh}已经在{old_place.name_zh}，那里就能吃到{op.dish}",
                              f"day {op.day}'s {op.meal} is already at {old_place.name_en}, which serves {op.dish}")  # fmt: skip
        if op.dish and op.near and (had := _once_had(draft, op)) is not None:
            raise had
        choices = _other_restaurants(draft, sk, old.poi_id, op=op)
        if not choices and (op.dish or op.near or op.cheaper):
            raise _unserved(draft, op, old.poi_id)
    without = replace(sk, stops=[s for i, s in enumerate(sk.stops) if i != at])
    options = []
    for restaurant in choices:  # where it is, else anywhere in the day
        stops = list(sk.stops)
        stops[at] = Stop(restaurant.id, op.meal)
        options.append(replace(sk, stops=stops))
    anywhere = [o for r in choices for o in _insert(without, Stop(r.id, op.meal), None)]
    found = _best(draft, [o for o in options if _eats(draft, o, op.meal)]) or _best(
        draft, [o for o in anywhere if _eats(draft, o, op.meal)]
    )
    if op.near and not op.restaurant:  # near a place: the nearest restaurant that fits
        nearest = (_best(draft, [o for o in [options[n], *_insert(without, Stop(r.id, op.meal), None)]
                                 if _eats(draft, o, op.meal)]) for n, r in enumerate(choices))  # fmt: skip
        found = next((f for f in nearest if f is not None), None)
    if found is None:
        refusal = _refusal(draft, options[0]) if options else EditRefused(
            "does_not_fit", f"附近没有别的餐厅适合第{op.day}天的{meal_zh}",
            f"no other restaurant fits day {op.day}'s {op.meal}")  # fmt: skip
        raise _meal_instead(draft, op, old.poi_id, refusal)
    draft.retime(found[0])
    new = next(s.poi_id for s in found[0].stops if s.meal == op.meal and s.poi_id != old.poi_id)
    (a_zh, a_en), (b_zh, b_en) = draft.name(old.poi_id), draft.name(new)
    why_zh, why_en = _asked(draft, op, old.poi_id, new)
    draft.note(f"第{op.day}天{meal_zh}从{a_zh}换到{b_zh}{why_zh}",
               f"day {op.day}'s {op.meal}: {b_en} instead of {a_en}{why_en}")  # fmt: skip


def _once_had(draft: Draft, op: SwapMeal) -> EditRefused | None:
    """``unchanged`` when `op` asks for a dish eaten once a stay (hotpot, roast duck, crayfish:
    `meal_groups.VARIETY_DISHES`, not wished every day) near a place, and another meal of the
    plan already serves it near there: 「在酒店附近找家火锅」 where day 1's dinner is hotpot by
    the hotel — that meal is named, not a second hotpot added (two in three days)."""
    from engine.understanding.food import find_food  # the same words as a wish

    said = {f.cuisine for f in find_food(f"吃{op.dish}" if not (op.dish or "").isascii()
                                         else f"eat {op.dish}").food}  # fmt: skip
    once = said & VARIETY_DISHES
    if not once or any(f.every_day and f.cuisine in once for f in draft.request.food):
        return None
    for day in draft.days:
        for item in day.items:
            place = draft.kb.restaurant(item.poi_id or "")
            if (item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner") or place is None
                    or (day.index, item.meal) == (op.day, op.meal)):  # fmt: skip
                continue
            if serving([place], op.dish or "") and _near_enough(draft, place, op.near):
                meal_zh = "午饭" if item.meal == "lunch" else "晚饭"
                when = f"{item.start:%H:%M}–{item.end:%H:%M}"
                return EditRefused(
                    "unchanged",
                    f"第{day.index}天的{meal_zh}已经在{place.name_zh}（{when}），那里就能吃到"
                    f"{op.dish}；{op.dish}一次行程安排一顿",
                    f"day {day.index}'s {item.meal} is already at {place.name_en} ({when}), "
                    f"which serves {op.dish} — one such meal a stay",
                )
    return None


def _near_enough(draft: Draft, place: Restaurant, near: str | None) -> bool:
    """Whether `place` is within `NEAR_M` of the place `near` names (True without one)."""
    if not near:
        return True
    there = find_place(near, draft.kb, [], (Attraction, Restaurant, Lodging))
    return haversine_m(place.lat, place.lon, there.lat, there.lon) <= NEAR_M


def _asked(
    draft: Draft, op: SwapMeal, old: str | None = None, new: str | None = None
) -> tuple[str, str]:
    """What the new restaurant was chosen for, said after the swap («（有啤酒鱼）», "near …",
    「人均约60元，原来约150元」 when asked cheaper than `old`)."""
    zh, en = [], []
    was, now = draft.kb.restaurant(old or ""), draft.kb.restaurant(new or "")
    if op.cheaper and was is not None and now is not None:
        a, b = round(now.price_per_person_cny), round(was.price_per_person_cny)
        zh.append(f"人均约{a}元，原来约{b}元")
        en.append(f"about {a} CNY a head instead of {b}")
    if op.dish:
        zh.append(f"有{op.dish}")
        en.append(f"serves {op.dish}")
    if op.near:
        place = find_place(op.near, draft.kb, [], (Attraction, Restaurant, Lodging))
        zh.append(f"在{place.name_zh}附近")
        en.append(f"near {place.name_en}")
    if not zh:
        return "", ""
    return f"（{'，'.join(zh)}）", f" ({', '.join(en)})"


def _unserved(draft: Draft, op: SwapMeal, old: str) -> EditRefused:
    """The refusal of a meal asked with a dish or near a place no free restaurant offers."""
    meal_zh = "午饭" if op.meal == "lunch" else "晚饭"
    (o_zh, o_en), when = draft.name(old), _when(draft, op.day, old)
    where_zh = where_en = ""
    if op.near:
        place = find_place(op.near, draft.kb, [], (Attraction, Restaurant, Lodging))
        where_zh, where_en = (
            f"{place.name_zh}{NEAR_M}米内",
            f" within {NEAR_M} m of {place.name_en}",
        )
    if op.cheaper and not op.dish:
        zh = f"知识库里{where_zh or '附近'}没有还没安排过的、比{o_zh}便宜的餐厅"
        en = f"no restaurant{where_en or ' nearby'} not already in the plan costs less than {o_en} in the knowledge base"
    elif op.dish:
        zh = f"知识库里{where_zh or '这座城市'}没有还没安排过的、做{op.dish}的餐厅"
        en = f"no restaurant{where_en or ' in this city'} not already in the plan serves {op.dish} in the knowledge base"
    else:
        zh = f"知识库里{where_zh}没有还没安排过的餐厅"
        en = f"no restaurant{where_en} not already in the plan in the knowledge base"
    refusal = EditRefused("does_not_fit", zh, en)
    refusal.alternative_zh = f"第{op.day}天{meal_zh}还在{o_zh}（{when}）"
    refusal.alternative_en = f"keep day {op.day}'s {op.meal} at {o_en} ({when})"
    return refusal
