"""Hot food read from a restaurant's signature dishes, for someone who avoids spice (不吃辣).

A place is left out only when its food is mostly hot (`too_hot`), as a vegetarian skips a place
whose dishes are mostly meat (`dishes.meat_heavy`): a 川菜 house whose dishes are 麻婆豆腐,
回锅肉 and 夫妻肺片, a spicy hotpot house (the broth is the meal), a shop named for a hot dish
(费大厨辣椒炒肉). A place with mild dishes beside hot ones (龙抄手: 原汤抄手 and 红油抄手; 锦里's
snack street) is kept, and the meal says what to order and what to skip (`order_mild`): one hot
dish on a menu took away every such place, and 成都's three days ate hotpot at three of five
meals for want of places without chili.

A dish is hot when its Chinese or English name holds a word of `HOT_WORDS` or names a dish of
`HOT_DISHES` (common knowledge of the regional cuisines: 担担面, 冒菜, 毛血旺 are made with chili
oil or dried chilies; the Dai 撒撇 dip and 舂 dishes are pounded with fresh chilies), unless
the name says it is mild (`MILD_WORDS`: 清汤小面, 原汤抄手, "can be mild"). A place tagged ``spicy`` (its cuisine is hot) needs `MILD_ENOUGH` dishes not hot
to be kept: its unnamed dishes are hot, too.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import zip_longest

from engine.i18n import pick
from engine.knowledge.schema import Restaurant

#: Words in dish names that mean the dish is hot.
HOT_WORDS = ("辣", "油泼", "红油", "剁椒", "火锅", "水煮", "口水", "泡椒", "麻辣", "spicy", "chili",
             "chilli", "mala", "numbing", "red-oil", "red oil", "hot and sour")  # fmt: skip
#: Dishes made hot without a hot word in their name.
HOT_DISHES = ("麻婆", "夫妻肺片", "担担", "冒菜", "串串", "毛血旺", "红锅", "牛油火", "回锅肉",
              "宫保", "干煸", "小面", "烙锅", "口味虾", "红酸汤", "湘式小炒", "小炒黄牛肉",
              "撒撇", "舂鸡脚", "舂菜", "舂干巴")  # fmt: skip
#: Words that say a dish is not hot or can be had mild (taken before `HOT_WORDS`).
MILD_WORDS = ("清汤", "原汤", "不辣", "白酸汤", "clear broth", "clear soup", "mild")
#: A place tagged ``spicy`` is kept for someone avoiding spice with this many dishes not hot.
MILD_ENOUGH = 2


def hot_dish(dish_zh: str, dish_en: str = "") -> bool:
    """Whether the dish named `dish_zh` (and `dish_en`) is hot (see the module docstring)."""
    name = f"{dish_zh} {dish_en}".lower()
    if any(word in name for word in MILD_WORDS):
        return False
    return any(word in name for word in HOT_WORDS + HOT_DISHES)


def _dishes(restaurant: Restaurant) -> list[tuple[str, str]]:
    return [(zh or "", en or "") for zh, en in zip_longest(restaurant.signature_dishes_zh,
                                                           restaurant.signature_dishes_en)]  # fmt: skip


def hot_dishes(restaurant: Restaurant) -> list[int]:
    """Indexes of `restaurant`'s signature dishes that are hot (`hot_dish`)."""
    return [k for k, (zh, en) in enumerate(_dishes(restaurant)) if hot_dish(zh, en)]


def too_hot(restaurant: Restaurant) -> bool:
    """Whether `restaurant` is no place for someone who avoids spice: at least half its signature
    dishes are hot, it is a hotpot house tagged ``spicy``, its name holds a hot dish, or it is
    tagged ``spicy`` with fewer than `MILD_ENOUGH` dishes that are not hot."""
    dishes = _dishes(restaurant)
    hot = len(hot_dishes(restaurant))
    tagged = "spicy" in restaurant.cuisines
    if tagged and "hotpot" in restaurant.cuisines:
        return True
    if hot_dish(restaurant.name_zh, restaurant.name_en):
        return True
    if tagged and len(dishes) - hot < MILD_ENOUGH:
        return True
    return bool(dishes) and 2 * hot >= len(dishes)


def mixed(restaurant: Restaurant) -> bool:
    """Whether `restaurant` is kept for someone who avoids spice (not `too_hot`) but serves hot
    food too: a hot signature dish, or tagged ``spicy``."""
    return not too_hot(restaurant) and (
        "spicy" in restaurant.cuisines or bool(hot_dishes(restaurant))
    )


def mild_dishes(restaurant: Restaurant) -> list[int]:
    """Indexes of `restaurant`'s signature dishes that are not hot."""
    hot = set(hot_dishes(restaurant))
    return [k for k in range(len(restaurant.signature_dishes_zh)) if k not in hot]


def order_mild(restaurant: Restaurant, lang: str, allowed: Collection[int] | None = None) -> str:
    """What to order at a `mixed` place: its dishes that are not hot — of those, only the
    `allowed` indexes (the dishes known to fit the party's diet, `dish_fit.fitting`; all when
    None) — and the hot ones to skip (「不吃辣：点原汤抄手、小吃套餐，别点红油抄手」), always asking
    for no chili."""
    mild = [pick(lang, *d) for k, d in enumerate(_dishes(restaurant))
            if k in mild_dishes(restaurant) and (allowed is None or k in allowed)]  # fmt: skip
    hot = [pick(lang, *d) for k, d in enumerate(_dishes(restaurant)) if k in hot_dishes(restaurant)]
    sep = pick(lang, "、", ", ")
    parts = [pick(lang, "不吃辣：", "no spice: ")]
    if mild:
        parts.append(pick(lang, f"点{sep.join(mild[:3])}，", f"order {sep.join(mild[:3])}; "))
    if hot:
        parts.append(pick(lang, f"别点{sep.join(hot[:3])}，", f"skip {sep.join(hot[:3])}; "))
    parts.append(pick(lang, "点菜时说不要辣", "ask for no chili"))
    return "".join(parts)
