"""The wishes section's answers about food: a food wished (火锅, 夜宵 late at night, a diet at
every meal) and a food avoided (不吃辣), each against the plan's meals (`engine.planning.wishes`).
"""

from __future__ import annotations

from engine.domain.diets import set_aside
from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import open_windows
from engine.knowledge.schema import Restaurant
from engine.planning import spice, wish_allergy
from engine.planning import wish_places as wp
from engine.planning.candidates import DIETS, mild_order, overriding, serves, serves_avoided
from engine.planning.dishes import (
    MEAT_NAMES,
    dish_name,
    has_dish,
    is_dish,
    meat_order,
    on_menu,
    said_dish,
    serves_said,
)
from engine.planning.meals import LATE_MINUTES, LATE_START, serves_late
from engine.planning.wish_food_why import unserved_reason

MEAL_WORDS = {"breakfast": ("早餐", "breakfast"), "lunch": ("午餐", "lunch"),
              "dinner": ("晚餐", "dinner"), "late": ("夜宵", "a late snack")}  # fmt: skip
#: Diet -> (dishes, a place serving only them, what to say when ordering), each (zh, en).
DIET_WORDS = {"vegetarian": (("素菜", "vegetarian dishes"), ("素食餐厅", "vegetarian restaurant"),
                             ("只吃素", "you eat no meat or fish")),
              "halal": (("清真菜", "halal dishes"), ("清真餐厅", "halal restaurant"),
                        ("只吃清真", "you eat halal only"))}  # fmt: skip


def food(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    cuisine, _, meal = w.value.partition("@")
    wanted = next((f for f in plan.request.food if f.cuisine == cuisine), None)
    meal = meal or (wanted.meal if wanted and wanted.meal else "")
    hits = []
    meals_out = []
    trip = [r for dest in plan.request.destinations
            for r in (kb.destinations[dest].restaurants if dest in kb.destinations else ())]  # fmt: skip
    # the places with the dish said on the menu (「想吃肉夹馍」: 樊记腊汁肉夹馍, not 同盛祥's 泡馍)
    said = {r.id for r in trip if serves_said(r, wanted)} if wanted else set()
    named_dish = said_dish(wanted) if wanted else ""  # a dish said: met only where it is served
    for d in plan.days:
        for item in d.items:
            place = kb.restaurant(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if isinstance(place, Restaurant):
                meals_out.append(item)
            if not isinstance(place, Restaurant):
                continue
            if (meal == "late" and item.meal == "late" and serves_late(place, cuisine)) or (
                (serves(place, cuisine) or place.id in said) and (not meal or item.meal == meal)
            ):
                hits.append((d.index, item))
    hits.sort(key=lambda hit: hit[1].poi_id not in said)  # the dish said first, then by day
    if named_dish:  # its food, but not the dish said (油泼面 for 「想吃泡馍」): no meal of the wish
        kind = [hit for hit in hits if hit[1].poi_id not in said]
        hits = [hit for hit in hits if hit[1].poi_id in said]
        if kind and not hits:
            return _kind_only(w, kind[0], bool(said), plan, kb)
    meal_word = pick(lang, *MEAL_WORDS[meal]) if meal in MEAL_WORDS else ""
    if cuisine in DIETS and w.remembered and wanted is None:
        return _diet_set_aside(w, plan)
    known = any(serves(r, cuisine) for dest in plan.request.destinations
                for r in (kb.destinations[dest].restaurants if dest in kb.destinations else ()))  # fmt: skip
    if cuisine in DIETS and len(hits) < len(meals_out):  # a diet: every meal; the rest ordered so
        dish, shop, say = DIET_WORDS[cuisine]
        message = pick(lang, f"{len(hits)}/{len(meals_out)}顿在{shop[0]}，其余点{dish[0]}",
                       f"{len(hits)} of {len(meals_out)} meals at a {shop[1]}, {dish[1]} "
                       "ordered at the others")  # fmt: skip
        if not hits:
            message = pick(lang, f"各顿饭点{dish[0]}", f"{dish[1]} ordered at every meal")
        shops = [r for r in trip if serves(r, cuisine) and r.inside is None]
        reason = (pick(lang, f"这里的{shop[0]}不够，或离行程太远、价位远高于这趟的餐标",
                       f"too few {shop[1]}s here, or too far off or far dearer than this trip's "
                       "meals") if known else pick(lang, f"资料里这里没有专门的{shop[0]}",
                       f"no {shop[1]} is known here"))  # fmt: skip
        if shops and len(shops) <= len(hits):  # every one known is a meal already
            names = pick(lang, "、", ", ").join(pick(lang, r.name_zh, r.name_en) for r in shops[:3])
            reason = pick(lang, f"资料里这里只有{len(shops)}家{shop[0]}（{names}），同一家不重复去",
                          f"only {len(shops)} {shop[1]}{'s' * (len(shops) > 1)} known here "
                          f"({names}), and no place is eaten at twice")  # fmt: skip
        return wp._partly(w, message, reason, pick(lang, f"点菜时说明{say[0]}",
                                                   f"say {say[1]} when ordering"))  # fmt: skip
    if hits and wanted is not None and wanted.every_day:  # 「每天都想吃烤鸭」: each day out
        out = sorted({d.index for d in plan.days for i in d.items if i in meals_out})
        if meal == "breakfast":  # a morning of travel has no breakfast to change (day 1's train)
            out = sorted({d.index for d in plan.days for i in d.items
                          if i.kind == ItemKind.MEAL and i.meal == "breakfast"})  # fmt: skip
        missed = [day for day in out if all(d != day for d, _ in hits)]
        if missed:
            days = pick(lang, "、", ", ").join(str(day) for day in missed)
            return wp._partly(w, pick(lang, f"{len(out) - len(missed)}/{len(out)}天有；第{days}天没有",
                                      f"on {len(out) - len(missed)} of {len(out)} days; not on "
                                      f"day {days}"),
                              _every_day_missed(meal, lang),
                              pick(lang, "那天换个地方吃", "try another place that day"))  # fmt: skip
    if hits:
        shown = [pick(lang, f"第{d}天{_meal_word(i.meal, lang)} {i.start:%H:%M} {i.name}",
                      f"day {d}{_meal_word(i.meal, lang)} {i.start:%H:%M} {i.name}")
                 for d, i in hits[:3]]  # fmt: skip
        return wp._ok(w, pick(lang, "；", "; ").join(shown))
    if cuisine in plan.request.avoid.cuisines:
        reason = pick(lang, "您也说了不吃这个", "you also said you avoid it")
    elif (not known and is_dish(cuisine) and w.said) or (named_dish and not said):
        reason = _dish_elsewhere(dish_name(w.said), cuisine, plan, kb)
    elif not known:
        reason = pick(lang, "这里没有已知的这类餐厅", "no such place is known here")
    elif meal == "late" and not _open_late(plan, kb, cuisine):
        reason = pick(lang, "资料里这里没有营业到深夜的夜宵去处", "no place serving it is known to be "
                      "open late here")  # fmt: skip
    else:  # the one reason that holds (盐水鸭 was 「不营业，或离行程太远，或超出预算」 under budget)
        reason = (unserved_reason(wanted, meal, plan, kb) if wanted else None) or pick(
            lang, f"这类餐厅在{meal_word or '用餐'}时段不营业，或离行程太远",
            f"such places are not open at {meal_word or 'mealtime'} or too far off")  # fmt: skip
    named = dish_name(w.said)  # 「想吃沙茶面」: 沙茶面, 「想吃火锅」: 火锅
    what = meal_word if meal == "late" else named or cuisine
    what = what.removeprefix("a ") if lang == "en" else what  # "no late snack", not "no a …"
    return wp._not(w, pick(lang, f"没有安排{what}", f"no {what}"),
                   reason, pick(lang, "换一顿饭或换个地方", "try another meal or place"))  # fmt: skip


def _every_day_missed(meal: str | None, lang: str) -> str:
    """Why a food wished every day is missing on some days: for a late snack (夜宵) also that
    no place is one twice a trip (`engine.planning.meals.late_snack`)."""
    if meal == "late":
        return pick(lang, "那天不回住处过夜或回得太晚，或附近营业到深夜的去处都已安排过，"
                    "同一处夜宵不重复去", "not back at the lodging that night or back too late, "
                    "or every place open late nearby is already a late snack (none twice)")  # fmt: skip
    return pick(
        lang,
        "那天附近没有这类餐厅，或已在别处吃过",
        "no such place near that day's stops, or used already",
    )


def _kind_only(
    w: Wish, hit: tuple[int, Item], served: bool, plan: Itinerary, kb: KnowledgeBase
) -> WishCheck:
    """A dish wished (`dishes.said_dish`) with meals of its food only, none with the dish on
    the menu: partly, the first such meal named as that kind of food without the dish, and why —
    the places with it are off the way or closed then (`served`), or none here has it
    (`_dish_elsewhere`)."""
    lang = plan.lang
    first, item = hit
    named = dish_name(w.said)
    reason = (pick(lang, "菜单上有这道菜的餐厅离行程太远，或那时不营业",
                   "the places with it on the menu are too far off or closed then") if served
              else _dish_elsewhere(named, w.value.partition("@")[0], plan, kb))  # fmt: skip
    return wp._partly(w, pick(lang, f"第{first}天{_meal_word(item.meal, lang)} {item.name}"
                              f"（同类菜，没有「{named}」）", f"day {first}"
                              f"{_meal_word(item.meal, lang)} {item.name} (that kind of food, "
                              f"not “{named}”)"), reason,
                      pick(lang, "换一顿饭或换个地方", "try another meal or place"))  # fmt: skip


def _meal_word(meal: str | None, lang: str) -> str:
    """「午餐」 / " lunch" for a meal item, after the day."""
    if meal not in MEAL_WORDS:
        return ""
    return pick(lang, MEAL_WORDS[meal][0], " " + MEAL_WORDS[meal][1])


def _dish_elsewhere(said: str, dish: str, plan: Itinerary, kb: KnowledgeBase) -> str:
    """Why a dish wished by name (`dishes.is_dish`, `dishes.said_dish`) has no meal: no
    restaurant of the trip's destinations has it on its menu; with the destinations whose
    restaurants do (knowledge records), where it is commonly eaten, those with the most such
    places first."""
    lang = plan.lang
    count = {key: sum(has_dish(r, dish) or on_menu(r, said) for r in d.restaurants)
             for key, d in kb.destinations.items() if key not in plan.request.destinations}  # fmt: skip
    # where most places serve it first (西安's four 泡馍 houses before 华山's one)
    there = [kb.destinations[key] for key in sorted(count, key=lambda k: -count[k]) if count[key]]
    reason = pick(lang, f"资料里这里没有菜单上有「{said}」的餐厅",
                  f"no restaurant here is known to have “{said}” on its menu")  # fmt: skip
    if there:
        names = pick(lang, "、", ", ").join(pick(lang, d.name_zh, d.name_en) for d in there[:3])
        reason += pick(lang, f"，{names}的餐厅有这道菜", f"; restaurants in {names} serve it")
    return reason


def _diet_set_aside(w: Wish, plan: Itinerary) -> WishCheck:
    """A remembered diet this trip does not apply (`engine.domain.diets.set_aside`): the food
    wished now wins (「这次想吃火锅：这趟不按素食安排」), or a group's meals are not chosen for one
    person's diet (they order their own dishes)."""
    lang = plan.lang
    dish, _shop, say = DIET_WORDS[w.value]
    why = set_aside(plan.request, w.value) or ("group", "")
    if why[0] == "wish":
        return wp._partly(w, pick(lang, f"这次说了「{why[1]}」，这趟餐食不按{w.said}安排",
                                  f"this time you asked for “{why[1]}”, so this trip's meals are "
                                  f"not kept {w.said}"),
                          pick(lang, "你这次说的优先，以后的行程照旧", "what you ask now comes "
                               "first; later trips keep it"), "")  # fmt: skip
    size = plan.request.party.size
    zh_n, en_n = (f"{size}人同行的", f" ({size} people)") if size > 1 else ("", "")
    return wp._partly(w, pick(lang, f"{zh_n}团体餐按全团口味安排，你那份点{dish[0]}（点菜时说明{say[0]}）",
                              f"the group's meals{en_n} are chosen for everyone; order {dish[1]} "
                              f"for yourself (say {say[1]})"),
                      pick(lang, "没有为一个人的饮食改全团的餐厅；想全团都按此安排就说一声",
                           "the whole group's restaurants were not changed for one person's diet; "
                           "say so if everyone should eat this way"), "")  # fmt: skip


def _open_late(plan: Itinerary, kb: KnowledgeBase, cuisine: str) -> bool:
    """Whether a place of the trip's destinations serving `cuisine` is open through a late
    snack (`meals.LATE_START`, the ride and `meals.LATE_MINUTES`) on a date of the trip."""
    until = LATE_START + 30 + LATE_MINUTES
    for day in plan.days:
        dest = kb.destinations.get(day.destination)
        for r in dest.restaurants if dest else ():
            if serves_late(r, cuisine) and any(a <= LATE_START and until <= b
                                          for a, b in open_windows(r.hours, day.date)):  # fmt: skip
                return True
    return False


def avoid_food(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Every meal avoids the cuisine — except a meal kept for a food wished on this trip that
    only such places serve (`candidates.overriding`): the trip's wish wins, and the answer says
    so with how to order (「你之前说不吃辣，这次想吃火锅：…点鸳鸯锅」); a meal at a place with mild
    dishes beside hot ones (`spice.mixed`) is named with the mild dishes to order."""
    lang = plan.lang
    if w.remembered and w.value not in plan.request.avoid.cuisines:  # asked for now: it wins
        now = next((f.said for f in plan.request.food if f.cuisine == w.value and f.said), w.value)
        return wp._partly(w, pick(lang, f"你之前说「{w.said}」，这次说了「{now}」，这趟按你现在说的安排",
                                  f"you said before “{w.said}”, and this time “{now}”: this trip "
                                  "follows what you ask now"),
                          pick(lang, "你这次说的优先，以后的行程照旧", "what you ask now comes "
                               "first; later trips keep it"), "")  # fmt: skip
    kept = []
    mild = []  # meals at a place with mild dishes beside hot ones (`spice.mixed`)
    for d in plan.days:
        dest = kb.destinations.get(d.destination)
        for item in d.items:
            place = kb.restaurant(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if isinstance(place, Restaurant) and w.value == "spicy" and spice.mixed(place):
                mild.append((d.index, item))
            if not isinstance(place, Restaurant) or not serves_avoided(place, w.value):
                continue
            wished = overriding(place, plan.request, dest.restaurants if dest else (place,))
            if not wished:
                return wp._not(w, pick(lang, f"第{d.index}天{item.name}", f"day {d.index}: "
                                       f"{item.name}"), pick(lang, "没有别的餐厅", "no other "
                                       "place to eat"), "")  # fmt: skip
            kept.append((d.index, item, wished))
    if not kept and wish_allergy.judged(w.value):  # 花生, 虾蟹, 不吃牛肉: by the meals' dishes
        return wish_allergy.dishes_answer(w, plan, kb)
    ordered = ""  # 「第3天龙抄手等2顿点不辣的菜」
    if mild:
        index, item = mild[0]
        more = pick(lang, f"等{len(mild)}顿", f" and {len(mild) - 1} more") if len(mild) > 1 else ""
        ordered = pick(lang, f"第{index}天{item.name}{more}点不辣的菜（见各餐备注）",
                       f"day {index} {item.name}{more}: order the mild dishes (see each meal's "
                       "note)")  # fmt: skip
    if not kept and mild:
        return wp._ok(w, pick(lang, f"辣菜为主的餐厅都避开了；{ordered}",
                              f"no meal is at a mostly spicy place; {ordered}"))  # fmt: skip
    if (
        not kept
        and w.value in MEAT_NAMES
        and any(
            meat_order(p, [w.value], lang)
            for d in plan.days
            for i in d.items
            if i.kind == ItemKind.MEAL
            and isinstance(p := kb.restaurant(i.poi_id or ""), Restaurant)
        )
    ):  # a rice-noodle shop's toppings: no record says pork, the meal's note says what to ask
        return wp._ok(w, pick(lang, f"没有以{MEAT_NAMES[w.value][0]}为招牌的餐厅；各餐点菜时说明不要"
                              f"{MEAT_NAMES[w.value][0]}（见各餐备注）", f"no meal at a place known "
                              f"for {MEAT_NAMES[w.value][1]}; say no {MEAT_NAMES[w.value][1]} when "
                              "ordering (see each meal's note)"))  # fmt: skip
    if not kept:
        return wp._ok(w, pick(lang, "所有餐厅都避开了", "every meal avoids it"))
    index, item, wished = kept[0]
    said = next((f.said for f in plan.request.food if f.cuisine == wished and f.said), wished)
    if w.remembered:
        message = pick(lang, f"你之前说「{w.said}」，这次{said}：第{index}天{item.name}",
                       f"you said before “{w.said}”, and this time “{said}”: day {index} "
                       f"{item.name}")  # fmt: skip
    else:
        message = pick(lang, f"「{w.said}」，又想「{said}」：第{index}天{item.name}",
                       f"“{w.said}”, and also “{said}”: day {index} {item.name}")  # fmt: skip
    place = kb.restaurant(item.poi_id or "")
    how = mild_order(place, plan.request, lang) if place else ""
    rest = pick(lang, "其余各顿都避开了", "every other meal avoids it")
    if mild:
        rest = pick(lang, f"其余各顿避开了辣菜为主的餐厅，{ordered}",
                    f"no other meal is at a mostly spicy place; {ordered}")  # fmt: skip
    return wp._partly(w, message, pick(lang, f"想吃的优先，{how}；{rest}",
                                       f"the dish you want comes first: {how}; {rest}"), "")  # fmt: skip
