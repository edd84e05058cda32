"""Food read from a restaurant's signature dishes (zh and en names), for wishes that no cuisine
tag carries: meats and offal refused (「不吃羊肉」, "no pork") and dishes wanted (「想吃小龙虾」).

A record says what it serves by its dish names (老孙家: 牛羊肉泡馍 / "Beef/mutton paomo"), so
the words below find it without a tag per restaurant. Words are matched as substrings of the
lower-cased dish names; each list avoids words that also name something else (牛 alone is in
牛奶, 羊 alone in 羊肚菌 — a mushroom).
"""

from __future__ import annotations

import re

from engine.domain.request import NAMED_DISH, FoodWish
from engine.i18n import pick
from engine.knowledge.schema import Restaurant

#: Knowledge `DISH_TAGS` (no record carries them) → words in dish names.
DISH_WORDS: dict[str, tuple[str, ...]] = {
    "lamb": ("羊肉", "羊排", "羊蝎", "羊腿", "羊汤", "羊杂", "涮肉", "手抓", "烤全羊", "lamb",
             "mutton"),
    "beef": ("牛肉", "牛排", "牛腩", "牛杂", "肥牛", "牛筋", "牛舌", "牛百叶", "毛肚", "beef",
             "brisket"),
    "pork": ("猪", "排骨", "红烧肉", "东坡肉", "叉烧", "狮子头", "腊汁肉", "回锅肉", "锅包肉",
             "扣肉", "五花肉", "粉蒸肉", "肉丝", "肉末", "腊肉", "腊味", "香肠", "火腿", "葫芦头", "pork",
             "char siu", "bacon", "ham ", "cured meat", "sausage"),
    "offal": ("内脏", "肥肠", "大肠", "毛肚", "牛百叶", "鸭肠", "黄喉", "腰花", "猪肝", "肺片",
              "卤煮", "爆肚", "羊杂", "牛杂", "杂碎", "炒肝", "葫芦头", "散丹", "猪血", "鸭血",
              "鸭心", "offal", "tripe", "intestine", "liver", "kidney", "blood"),
    "crayfish": ("小龙虾", "口味虾", "油焖大虾", "宜城大虾", "盱眙龙虾", "麻小", "crayfish", "crawfish"),
    # beer on the menu (青岛原浆, 鲜啤, "Laoxue beer") — not 啤酒鱼, fish braised in it
    "beer": ("啤酒", "精酿", "鲜啤", "扎啤", "原浆", "beer"),
    # Named dishes (issue 12): served where a dish of that name is on the menu — not where a
    # word of it is (沙茶面 is no 面 of any kind, 狗不理包子 no 包子, 鱼头 no 烤鱼).
    "shacha-noodles": ("沙茶面", "shacha noodle", "satay noodle"),
    "crossing-bridge-noodles": ("过桥米线", "crossing-bridge", "crossing-the-bridge",
                                "crossing the bridge"),
    "goubuli-buns": ("狗不理", "goubuli"),
    "duck-blood-soup": ("鸭血粉丝", "duck blood vermicelli", "duck blood soup",
                        "duck blood and vermicelli"),
    "jianbing": ("煎饼果子", "jianbing"),
    "fish-head": ("鱼头", "fish head"),
    "stinky-tofu": ("臭豆腐", "stinky tofu"),
    "hot-dry-noodles": ("热干面", "hot dry noodle", "hot-dry noodle", "reganmian"),
}  # fmt: skip
#: Dish names that hold a tag's word but are no dish of it, taken out before matching.
NOT_DISH: dict[str, tuple[str, ...]] = {"beer": ("啤酒鱼", "beer fish")}


#: A dish wished by its own name, not one of `DISH_WORDS` (「想吃苏式面」 → ``dish:苏式面``).
NAMED = NAMED_DISH


def named_dish(tag: str) -> str:
    """The name in a ``dish:`` tag (``dish:苏式面`` → 「苏式面」); "" for any other tag."""
    return tag[len(NAMED) :] if tag.startswith(NAMED) else ""


def is_dish(tag: str) -> bool:
    """Whether `tag` is served by a dish's name on the menu (`DISH_WORDS` or ``dish:``) rather
    than by a cuisine tag of the record."""
    return tag in DISH_WORDS or bool(named_dish(tag))


def name_matches(name: str, dish: str) -> bool:
    """Whether the dish `dish` (a menu's name, lower-cased) is the one said as `name`: the words
    inside it (苏式汤面 holds 汤面), or, for three or more Chinese characters, the characters in
    order with at most two more between them (苏式面 in 苏式汤面, 焖肉面 in 枫镇焖肉面 — not 面 in
    any noodle)."""
    if name in dish:
        return True
    if len(name) < 3 or name.isascii():
        return False
    at = 0
    start = -1
    for char in name:
        found = dish.find(char, at)
        if found < 0:
            return False
        start = found if start < 0 else start
        at = found + 1
    return at - start <= len(name) + 2


#: Names of one dish (zh and en), each group one dish: a wish said by any of them is met by a
#: menu with any of them (「想吃小笼包」 by 南翔's 蟹粉小笼, "xiao long bao" by 鲜肉小笼) and by
#: no other dish of its kind (小杨生煎's 生煎包 is no 小笼包, 油泼面 no 泡馍). English names are
#: compared without spaces or hyphens ("soup dumplings" in "crab-roe soup dumplings").
SAME_DISH: tuple[tuple[str, ...], ...] = (
    ("小笼包", "小笼", "小笼馒头", "汤包", "灌汤包", "xiaolongbao", "soupdumpling", "soupbun"),
    ("生煎", "生煎包", "生煎馒头", "shengjian", "pan-friedbun", "pan-friedpork"),
    ("泡馍", "paomo", "pitabreadsoup"),
    ("肉夹馍", "roujiamo"),
    ("馄饨", "抄手", "云吞", "wonton"),
    ("担担面", "dandannoodle", "dandanmian"),
    ("肠粉", "cheungfun", "ricenoodleroll"),
    ("虾饺", "hargow", "harkow", "shrimpdumpling"),
    ("凉皮", "liangpi"),
    ("胡辣汤", "hulatang", "spicysoup"),
    ("蛋挞", "葡挞", "eggtart"),
)  # fmt: skip


def _squashed(name: str) -> str:
    """`name` lower-cased; English without spaces, hyphens or a plural ``s`` at the end."""
    name = name.lower().strip()
    if name.isascii():
        name = name.replace(" ", "").replace("-", "")
        name = name[:-1] if name.endswith("s") else name
    return name


def same_dish(name: str) -> tuple[str, ...]:
    """The names of the dish said as `name` (its `SAME_DISH` group, squashed as `_squashed`
    does), or `name` alone: 「小笼包」 → 小笼包, 小笼, 汤包, … "xiaolongbao"."""
    said = _squashed(name)
    for group in SAME_DISH:
        if any(said == _squashed(other) for other in group):
            return tuple(_squashed(other) for other in group)
    return (said,)


def on_menu(restaurant: Restaurant, name: str) -> bool:
    """Whether `restaurant` serves the dish said as `name` (or another name of it, `same_dish`):
    in its name or a signature dish (zh by `name_matches`, en squashed: "crab-roe xiaolongbao"
    for "xiao long bao")."""
    names = same_dish(name)
    dishes = [d.lower() for d in restaurant.signature_dishes_zh]
    dishes += [_squashed(d) for d in restaurant.signature_dishes_en]
    own = restaurant.name_zh.lower()
    return any(n in own or any(name_matches(n, d) for d in dishes) for n in names)


def has_dish(restaurant: Restaurant, tag: str) -> bool:
    """Whether a signature dish of `restaurant` is of `tag` (a key of `DISH_WORDS`, or a
    ``dish:`` name matched by `name_matches`, or in the restaurant's name; False for any other
    tag)."""
    if name := named_dish(tag).lower():  # (a house named for it serves it: 龙抄手)
        return on_menu(restaurant, name)
    words = DISH_WORDS.get(tag, ())
    dishes = " ".join((*restaurant.signature_dishes_zh, *restaurant.signature_dishes_en))
    dishes = dishes.lower() + " "
    for other in NOT_DISH.get(tag, ()):
        dishes = dishes.replace(other, " ")
    return any(word in dishes for word in words)


#: Words of wanting before a food's name (「想吃」, "try"), left out where the food is named.
_WANTING = re.compile(r"^(?:我们?)?(?:还|也)?(?:一定|很|特别)?(?:想|要)?(?:吃|尝尝?|品尝|喝|来)(?:一?[碗份顿个次])?"
                      r"|^(?:(?:i|we)\s*)?(?:(?:want|would like|'d like)\s+to\s+)?(?:try|eat|have)\s+"
                      r"|^(?:(?:i|we)\s*)?(?:want|would like|'d like|'d love|love)\s+"
                      # … and a word of how much ("we'd love some xiao long bao", "a bowl of paomo")
                      r"|^(?:a (?:bowl|plate|basket|portion) of|some|an?|the)\s+",
                      re.I)  # fmt: skip


def dish_name(said: str) -> str:
    """The food's own name in the words a wish was said with: 「想吃沙茶面」 → 「沙茶面」,
    "try jianbing" → "jianbing", "we'd love some xiao long bao" → "xiao long bao"."""
    name = said.strip()
    while (shorter := _WANTING.sub("", name, count=1).strip()) != name and shorter:
        name = shorter
    return name or said


#: Wished foods broader than one dish, where the dish said narrows the places (「想吃肉夹馍」 is
#: 西北 food, as 泡馍 is; 「想吃蛋挞」 a dessert): regional cuisines and kinds of dish. A food that
#: is the dish itself (海鲜, 火锅, 烤鸭, a named dish) is served by every place of it.
NARROWED = frozenset({"hui", "zhe", "su", "shanghai", "beijing", "sichuan", "hunan", "cantonese",
                      "yunnan", "xinjiang", "northwest", "northeast", "hakka", "teochew",
                      "fujian", "guizhou", "tibetan", "noodles", "dumplings", "snacks", "fish",
                      "dessert"})  # fmt: skip
#: Words that name a kind of food, not a dish (「想吃小吃」, 「想吃川菜」, "local snacks").
_KIND_WORDS = re.compile(r"^(?:本地|当地|地道的?|特色)?(?:小吃|甜品|甜点|面条?|饺子|包子|鱼|.{1,3}菜)$"
                         r"|\b(?:food|cuisine|dishes|snacks|desserts?|noodles|dumplings|fish)$")  # fmt: skip


def said_dish(wish: FoodWish) -> str:
    """The dish `wish` names in its words, lower-cased, where its food is broader than one dish
    (`NARROWED`): 「想吃肉夹馍」 → 「肉夹馍」, "try roujiamo" → "roujiamo"; "" for any other food,
    for words naming a kind of food (「小吃」, 「川菜」, "sichuan food") and for English words of
    two letters or fewer."""
    if wish.cuisine not in NARROWED or not wish.said:
        return ""
    name = dish_name(wish.said).lower()
    if _KIND_WORDS.search(name) or (name.isascii() and len(name) <= 2):
        return ""
    return name


def serves_said(restaurant: Restaurant, wish: FoodWish) -> bool:
    """Whether a signature dish of `restaurant` (or its name) is the dish `wish` names
    (`said_dish`, matched by `name_matches`): 樊记腊汁肉夹馍 for 「想吃肉夹馍」, not 同盛祥's 泡馍
    though both are 西北 food."""
    name = said_dish(wish)
    return bool(name) and on_menu(restaurant, name)


def known_for(restaurant: Restaurant, tag: str) -> bool:
    """Whether `restaurant` is a house of the dish `tag` (a key of `DISH_WORDS` or a ``dish:``
    name): its name says
    the dish (乌糖沙茶面, 小潘记鸭血粉丝汤), or the dish is its only signature one."""
    named = named_dish(tag).lower()
    words = DISH_WORDS.get(tag, ()) or ((named,) if named else ())
    name = f"{restaurant.name_zh} {restaurant.name_en}".lower()
    only = len(restaurant.signature_dishes_zh) == 1 and has_dish(restaurant, tag)
    return only or any(word in name for word in words)


#: Words of a dish of meat, poultry, fish or seafood (besides `DISH_WORDS`' meats), for a
#: vegetarian diet; a dish with `MEATLESS_WORDS` is none (素鸡 is tofu, 鸡蛋 an egg).
MEAT_WORDS = ("肉", "鸡", "鸭", "鹅", "鱼", "虾", "蟹", "蚝", "蛎", "螺", "鲍", "海鲜", "红肠",
              "牛油")  # fmt: skip
#: Names holding a meat word that are no meat (牛油果 is an avocado, not beef tallow).
_NOT_MEAT = ("牛油果",)
MEATLESS_WORDS = ("素", "蛋")


def meat_dish(dish_zh: str) -> bool:
    """Whether the dish named `dish_zh` is of meat, poultry, fish or seafood, or cooked in
    beef tallow (牛油火锅; see `MEAT_WORDS`)."""
    if any(word in dish_zh for word in MEATLESS_WORDS):
        return False
    for word in _NOT_MEAT:
        dish_zh = dish_zh.replace(word, "")
    words = MEAT_WORDS + tuple(w for tag in ("lamb", "beef", "pork", "offal")
                               for w in DISH_WORDS[tag] if not w.isascii())  # fmt: skip
    return any(word in dish_zh for word in words)


def meat_heavy(restaurant: Restaurant) -> bool:
    """Whether more than half of `restaurant`'s signature dishes are meat (`meat_dish`), or a
    house (not a food street: 鸡鸣寺一带) is named for a meat dish (南门涮肉, its 糖蒜 and 烧饼
    beside the lamb): no place for a vegetarian (春发生葫芦头泡馍, a 铁锅炖大鹅 house, 南门涮肉
    were meals of a 吃素 trip), while a noodle, dumpling or snack place is one where vegetarian
    dishes are ordered. A place serving vegetarian food never is."""
    if "vegetarian" in restaurant.cuisines:
        return False
    own = re.sub(r"（.*?）|\(.*?\)", "", restaurant.name_zh)  # not its branch (（天坛店）)
    if restaurant.kind != "food_street" and meat_dish(own):
        return True
    dishes = restaurant.signature_dishes_zh
    return 2 * sum(meat_dish(d) for d in dishes) > len(dishes)


def diet_order(diet: str, lang: str) -> str:
    """What to do at a meal at a place that does not serve `diet` (``vegetarian``, ``halal``)
    only: order its dishes and say so."""
    if diet == "halal":
        return pick(lang, "清真：点清真菜，点菜时说明只吃清真", "halal: order halal dishes and "
                    "say you eat halal only")  # fmt: skip
    return pick(lang, "吃素：点素菜，点菜时说明不吃肉和海鲜、不用荤油", "vegetarian: order "
                "vegetarian dishes and say no meat, fish or lard")  # fmt: skip


#: Meats a person may refuse (「不吃猪肉」: knowledge dish tags of `DISH_WORDS`), as said when
#: ordering (zh, en).
MEAT_NAMES = {"pork": ("猪肉", "pork"), "beef": ("牛肉", "beef"), "lamb": ("羊肉", "lamb"),
              "offal": ("内脏", "offal")}  # fmt: skip


def dish_of(dish: str, tag: str) -> bool:
    """Whether the dish named `dish` (zh or en) is of `tag` (a key of `DISH_WORDS`)."""
    name = dish.lower() + " "
    for other in NOT_DISH.get(tag, ()):
        name = name.replace(other, " ")
    return any(word in name for word in DISH_WORDS.get(tag, ()))


def meat_order(restaurant: Restaurant, refused: list[str], lang: str) -> str:
    """What to say when ordering at `restaurant` for the meats `refused` (keys of `MEAT_NAMES`):
    「不吃猪肉：点菜时说明不要猪肉，问清浇头和馅料」 — for pork at any place not halal or
    vegetarian (米粉's toppings and 酿菜's fillings are pork though no dish name says it), for
    another meat where a signature dish is of it (`has_dish`); "" when nothing needs saying."""
    said = []
    for tag in refused:
        if tag not in MEAT_NAMES:
            continue
        if tag == "pork" and not {"halal", "vegetarian"} & set(restaurant.cuisines):
            said.append(tag)
        elif tag != "pork" and has_dish(restaurant, tag):
            said.append(tag)
    if not said:
        return ""
    zh = "、".join(MEAT_NAMES[t][0] for t in said)
    en = ", ".join(MEAT_NAMES[t][1] for t in said)
    return pick(
        lang,
        f"不吃{zh}：点菜时说明不要{zh}，问清浇头和馅料",
        f"no {en}: say so when ordering, and ask about toppings and fillings",
    )
