"""The wishes section's answer for a food avoided that dish names tell (issue 12): an ingredient
(花生, 虾蟹, 鸡蛋, 香菜: `engine.domain.allergens`) or a meat or seafood refused (海鲜过敏, 不吃牛肉)
— checked against the dishes of every meal's place, not only its cuisine tags.

「✅ shellfish: every meal avoids it」 was said while breakfast was at 点都德, whose 金莎鲜虾红米肠 the
meal recommended. Now a meal at a place with such a dish is named with the dishes to skip
(⚠️ partly: the plan recommends only the others, the traveller must still order around them),
and ✅ is said only when no meal's place has a signature dish known to hold it — with what to
tell the staff, for what no dish name tells (peanut oil, soy sauce brewed with wheat).
"""

from __future__ import annotations

from engine.domain.allergens import ALLERGENS
from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning import allergen_dishes, dish_fit
from engine.planning import wish_places as wp

#: Refused foods (request ``avoid.cuisines``) judged by dish names here besides the ingredients:
#: meats and seafood `dish_fit.meats` reads (pork has its own note: toppings and fillings).
DISH_KINDS = frozenset({"seafood", "fish", "crayfish", "beef", "lamb", "offal"})
#: (zh, en) of the refused foods of `DISH_KINDS`, for the answer.
_KIND_WORDS = {"seafood": ("海鲜", "seafood"), "fish": ("鱼", "fish"),
               "crayfish": ("小龙虾", "crayfish"), "beef": ("牛肉", "beef"),
               "lamb": ("羊肉", "lamb"), "offal": ("内脏", "offal")}  # fmt: skip


def judged(tag: str) -> bool:
    """Whether the food avoided `tag` is checked dish by dish here."""
    return tag in allergen_dishes.TAGS or tag in DISH_KINDS


def _holds(zh: str, en: str, tag: str) -> bool:
    if tag in allergen_dishes.TAGS:
        return allergen_dishes.holds(zh, en, tag)
    kinds = dish_fit.meats(zh) or frozenset()
    return tag in kinds or (tag == "seafood" and "crayfish" in kinds)


def _what(tag: str, lang: str) -> str:
    if tag in ALLERGENS:
        return pick(lang, ALLERGENS[tag].zh, ALLERGENS[tag].en)
    return pick(lang, *_KIND_WORDS[tag])


def dishes_answer(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The answer for the food avoided `w` (`judged`), no meal being at a place left out for it:
    partly with the meals whose place has signature dishes holding it and those dishes, else
    honoured — with what to tell the staff for an ingredient (see the module docstring)."""
    lang, tag = plan.lang, w.value
    sep = pick(lang, "、", ", ")
    found: list[str] = []
    for day in plan.days:
        for item in day.items:
            place = kb.restaurant(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if not isinstance(place, Restaurant):
                continue
            pairs = zip(place.signature_dishes_zh, place.signature_dishes_en, strict=False)
            names = [pick(lang, zh, en) for zh, en in pairs if _holds(zh, en, tag)]
            if names:
                found.append(pick(lang, f"第{day.index}天{item.name}的{sep.join(names[:3])}",
                                  f"day {day.index} {item.name}'s {sep.join(names[:3])}"))  # fmt: skip
    what = _what(tag, lang)
    staff = allergen_dishes.tell_staff((tag,), lang) if tag in ALLERGENS else ""
    if ALLERGENS.get(tag) is not None and ALLERGENS[tag].garnish:
        found_text = pick(lang, "；", "; ").join(found[:3])
        if found:
            return wp._partly(w, pick(lang, f"{found_text}常放{what}，点时说不要",
                                      f"{found_text} usually come with {what}: ask without"),
                              staff, "")  # fmt: skip
        return wp._ok(w, pick(lang, f"推荐的菜都不以{what}为料；{staff}",
                              f"no dish recommended is made with {what}; {staff}"))  # fmt: skip
    if found:
        more = (
            pick(lang, f"等{len(found)}顿", f" and {len(found) - 3} more") if len(found) > 3 else ""
        )
        return wp._partly(w, pick(lang, f"推荐的菜不含{what}，但{'；'.join(found[:3])}{more}含{what}，别点",
                                  f"the dishes recommended hold no {what}, but "
                                  f"{'; '.join(found[:3])}{more} do: skip them"),
                          staff or pick(lang, f"点菜时说明不吃{what}",
                                        f"say you avoid {what} when ordering"), "")  # fmt: skip
    said = pick(lang, f"没有以{what}为主的餐厅，各餐厅的招牌菜都不含{what}",
                f"no meal at a place known for {what}, and no signature dish of the meals' "
                f"places holds it")  # fmt: skip
    return wp._ok(w, said + (pick(lang, f"；{staff}", f"; {staff}") if staff else ""))
