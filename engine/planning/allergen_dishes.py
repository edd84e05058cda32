"""Ingredients avoided (`engine.domain.allergens`: 花生, 虾蟹, 坚果, 鸡蛋, 奶, 麸质, 香菜) read from a
restaurant's signature dishes, for every dish a plan names and every claim it makes.

A dish holds an ingredient (`holds`) when its Chinese name holds one of the ingredient's dish
words and none of its exceptions, or its English name one of its English words (点都德's
金莎红米肠 is "crispy shrimp red-rice rolls"; 蜜汁叉烧包 is not known to hold any). A place serves it
(`serves_allergen`) — and is left out of the plan, as a mostly hot place is for 不吃辣 — when
its cuisine is of it (a seafood house for shellfish), its own name holds it (a 双皮奶 shop for
dairy), or at least half its signature dishes do. A place kept with some such dishes has its
meal say which to skip and how to ask (`meal_warning`): the plan recommends only the others
(`engine.planning.dish_fit`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import zip_longest

from engine.domain.allergens import ALLERGENS, Allergen
from engine.i18n import pick
from engine.knowledge.schema import Restaurant

TAGS = frozenset(ALLERGENS)
_BRANCH = re.compile(r"（.*?）|\(.*?\)")


@lru_cache(maxsize=16384)
def holds(dish_zh: str, dish_en: str, tag: str) -> bool:
    """Whether the dish named `dish_zh` (and `dish_en`) holds the ingredient `tag` (see the
    module docstring); False for a tag that is no `ALLERGENS` key."""
    a = ALLERGENS.get(tag)
    if a is None:
        return False
    name = dish_zh
    for word in a.not_zh:
        name = name.replace(word, "·")
    if any(word in name for word in a.dish_zh):
        return True
    if not dish_en or (a.not_en and re.search(a.not_en, dish_en, re.I)):
        return False  # "rice-flour dumplings" are no wheat dumplings
    return re.search(rf"\b(?:{a.dish_en})\b", dish_en, re.I) is not None


def _dishes(place: Restaurant) -> list[tuple[str, str]]:
    return [(zh or "", en or "") for zh, en in zip_longest(place.signature_dishes_zh,
                                                           place.signature_dishes_en)]  # fmt: skip


def held(place: Restaurant, tag: str) -> list[int]:
    """Indexes of `place`'s signature dishes that hold the ingredient `tag`."""
    return [k for k, (zh, en) in enumerate(_dishes(place)) if holds(zh, en, tag)]


def serves_allergen(place: Restaurant, tag: str) -> bool:
    """Whether `place` is no place for someone avoiding `tag`: its cuisine is of it, its own
    name holds it, or at least half its signature dishes do (see the module docstring)."""
    a = ALLERGENS[tag]
    if a.places & set(place.cuisines):
        return True
    if not a.garnish and holds(_BRANCH.sub("", place.name_zh), "", tag):
        return True
    dishes = _dishes(place)
    return bool(dishes) and not a.garnish and 2 * len(held(place, tag)) >= len(dishes)


def avoided_here(place: Restaurant, avoided: tuple[str, ...]) -> list[Allergen]:
    """The ingredients of `avoided` (request ``avoid.cuisines``) that a signature dish of
    `place` holds."""
    return [ALLERGENS[t] for t in avoided if t in ALLERGENS and held(place, t)]


def meal_warning(place: Restaurant, avoided: tuple[str, ...], lang: str) -> str:
    """What a meal at `place` says for the ingredients `avoided`: the signature dishes to skip
    (「花生、虾蟹贝类：别点金莎鲜虾红米肠」), or to order without a garnish (「香菜：牛肉面说不要香菜」),
    and what to tell the staff; "" when nothing is avoided or none of its dishes holds any."""
    found = avoided_here(place, avoided)
    if not found:
        return ""
    sep = pick(lang, "、", ", ")
    parts = []
    for a in found:
        names = [pick(lang, zh, en or zh) for k, (zh, en) in enumerate(_dishes(place))
                 if k in held(place, a.tag)]  # fmt: skip
        if a.garnish:
            parts.append(pick(lang, f"{sep.join(names[:3])}点时说不要{a.zh}",
                              f"ask for {sep.join(names[:3])} without {a.en}"))  # fmt: skip
        else:
            parts.append(pick(lang, f"{a.zh}：别点{sep.join(names[:3])}",
                              f"{a.en}: skip {sep.join(names[:3])}"))  # fmt: skip
    return pick(lang, "；", "; ").join(parts)


def tell_staff(avoided: tuple[str, ...], lang: str) -> str:
    """What to tell the staff at every meal for the ingredients `avoided` and where each hides
    unnamed (「点菜时说明不吃花生：不少菜用花生油…」); "" when none is avoided."""
    found = [ALLERGENS[t] for t in avoided if t in ALLERGENS]
    if not found:
        return ""
    names = pick(lang, "、", ", ").join(pick(lang, a.zh, a.en) for a in found)
    hidden = pick(lang, "；", "; ").join(pick(lang, *a.hidden) for a in found if a.hidden[0])
    return pick(lang, f"点菜时说明不吃{names}" + (f"：{hidden}" if hidden else ""),
                f"tell the staff you cannot eat {names} when ordering"
                + (f": {hidden}" if hidden else ""))  # fmt: skip
