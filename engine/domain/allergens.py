"""Ingredients a traveller cannot eat or avoids (issue 12): allergies (花生, 虾蟹, 坚果, 鸡蛋, 牛奶,
麸质) and dislikes (香菜), as tags of ``TripRequest.avoid.cuisines`` beside the cuisines and
meats already there (``spicy``, ``seafood``, ``pork`` …).

Each `Allergen` says how people name it (read by `engine.understanding.allergies`), the words
of dish names that hold it — by name (花生汤, 虾饺) or by the standard recipe of a well-known dish
though the name does not say (宫保鸡丁 has peanuts, 沙茶 sauce dried shrimp and peanuts, 干蒸烧卖
shrimp, 奶黄包 egg and milk, 油条 wheat) — and where it hides that no dish name tells (peanut
oil, soy sauce brewed with wheat, a coriander garnish), said at each meal so the traveller asks.
The dish words are common knowledge of Chinese cooking; the knowledge records carry no
ingredient lists, so a dish not matched is "not known to hold it", never "free of it".

``shellfish`` (crustaceans and molluscs: 虾, 蟹, 贝, 鱿鱼) is its own tag: an allergy to it is no
refusal of fish, and it is said back as the person said it, not widened to 不吃海鲜.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Allergen:
    """One ingredient avoided.

    Attributes:
        tag: the ``avoid.cuisines`` tag (``peanut``).
        zh, en: its name for the traveller (「花生」, "peanuts").
        said_zh, said_en: regex alternatives the person names it by (花生|花生米, "peanuts?").
        dish_zh: words of Chinese dish names that hold it (by name or standard recipe).
        dish_en: words of English dish names that hold it (regex, matched on word bounds).
        not_zh: names holding a `dish_zh` word that do not hold it (贝果 is a bagel, 乳鸽 a pigeon).
        not_en: a regex of English names whose `dish_en` word is no sign of it ("rice-flour
            dumplings" hold no wheat).
        places: restaurant cuisine tags whose food is mostly of it (``seafood`` for shellfish).
        hidden: where it hides that no dish name tells, (zh, en); "" when nowhere notable.
        garnish: True when it is added on top and simply left off on request (香菜): the meal
            says to ask for the dish without it, rather than to skip the dish.
    """

    tag: str
    zh: str
    en: str
    said_zh: str
    said_en: str
    dish_zh: tuple[str, ...]
    dish_en: str
    not_zh: tuple[str, ...] = ()
    not_en: str = ""
    places: frozenset[str] = frozenset()
    hidden: tuple[str, str] = ("", "")
    garnish: bool = False


_PEANUT_DISHES = ("花生", "宫保", "沙茶", "担担", "酸辣粉", "夫妻肺片", "口水鸡", "擂茶", "油茶",
                  "五仁", "牛轧", "麻糍", "花生酱")  # fmt: skip

# fmt: off
ALLERGENS: dict[str, Allergen] = {
    a.tag: a
    for a in (
        Allergen(
            "peanut", "花生", "peanuts", r"花生(?:米|酱|油)?", r"peanuts?(?: butter)?",
            _PEANUT_DISHES, r"peanuts?|kung ?pao|satay|dan ?dan",
            hidden=("不少菜用花生油、花生碎或沙茶酱", "peanut oil, crushed peanuts and satay "
                    "sauce are common"),
        ),
        Allergen(
            "nuts", "坚果", "nuts", r"坚果|果仁|核桃|杏仁|腰果|开心果|榛子|松子",
            r"(?:tree ?)?nuts?|walnuts?|almonds?|cashews?|pistachios?|hazelnuts?",
            (*_PEANUT_DISHES, "核桃", "杏仁", "腰果", "松子", "榛", "开心果", "栗", "坚果", "果仁",
             "碧根果", "夏威夷果"),
            r"(?:pea|wal|hazel|pine |tree )?nuts?|almonds?|cashews?|pistachios?|chestnuts?"
            r"|kung ?pao|satay",
            hidden=("点心和甜品常有果仁", "pastries and desserts often hold nuts"),
        ),
        Allergen(
            "shellfish", "虾蟹贝类", "shellfish",
            r"虾蟹(?:贝类)?|虾和蟹|贝类|甲壳类|带壳的?海鲜|虾|蟹|螃蟹",
            r"shellfish|shrimps?|prawns?|crabs?|lobsters?|crustaceans?|molluscs?|mollusks?",
            ("虾", "蟹", "蚝", "蛎", "螺", "鲍", "贝", "蛤", "蚬", "蛏", "蚌", "海胆", "鱿", "墨鱼",
             "章鱼", "花甲", "海瓜子", "秃黄油", "沙茶", "艇仔", "干蒸", "云吞", "三鲜", "佛跳墙"),
            r"shrimps?|prawns?|crabs?|lobsters?|oysters?|clams?|mussels?|scallops?|squid"
            r"|octopus|cuttlefish|abalone|snails?|crayfish|har ?gow|siu ?mai|shellfish",
            not_zh=("贝果", "蟹壳黄", "宝贝"),
            places=frozenset({"seafood"}),
            hidden=("蚝油、虾米、虾皮常用来调味，点心和馅料常有虾", "oyster sauce, dried shrimp "
                    "and shrimp paste season many dishes, and dumplings often hold shrimp"),
        ),
        Allergen(
            "egg", "鸡蛋", "eggs", r"鸡蛋|蛋类|蛋制品", r"eggs?",
            ("蛋", "奶黄", "煎饼果子", "芙蓉"), r"eggs?|custard|omelett?e",
            not_zh=("鸡蛋花",),
            not_en=r"eggplant",
            hidden=("面点、糕点常加鸡蛋", "doughs, batters and cakes often hold egg"),
        ),
        Allergen(
            "dairy", "奶制品", "dairy", r"牛奶|奶制品|乳制品|乳糖|奶类",
            r"dairy|milk|lactose",
            ("奶", "乳", "芝士", "黄油", "酥油", "酪", "奶酪", "炼乳"),
            r"milk|cheese|butter|cream|yogh?urt|dairy|custard",
            not_zh=("腐乳", "乳鸽", "乳猪", "豆乳", "椰奶"),
            not_en=r"coconut milk|soy ?milk|bean milk|peanut butter|cream of|butter ?fish",
            hidden=("甜品和西点常用奶", "desserts and pastries often use milk"),
        ),
        Allergen(
            "gluten", "麸质（小麦）", "gluten (wheat)", r"麸质|面筋|小麦|麦麸",
            r"gluten|wheat|coeliac|celiac",
            ("面", "包", "饺", "馍", "饼", "馒头", "馄饨", "抄手", "云吞", "烧卖", "烧麦", "油条",
             "酥", "麻花", "麸", "馕", "锅贴", "生煎", "小笼", "春卷", "啤酒", "拉条子", "煎饼"),
            r"noodles?|buns?|dumplings?|bread|wheat|pastr(?:y|ies)|cakes?|beer",
            not_zh=("米面", "豆面", "包浆豆腐", "面包果", "米饼", "米粉", "米线", "河粉", "肠粉",
                    "凉粉", "粉面"),
            not_en=r"\brice|cheung fun|ho fun|vermicelli|glass noodles|mung bean",
            hidden=("酱油是用小麦酿的，几乎每道菜都用", "soy sauce is brewed with wheat and goes "
                    "into nearly every dish"),
        ),
        Allergen(
            "coriander", "香菜", "coriander", r"香菜|芫荽", r"coriander|cilantro",
            ("香菜", "芫荽", "牛肉面", "拉面", "泡馍", "胡辣汤", "羊肉汤", "酸辣粉", "豆腐脑",
             "凉皮", "米线", "螺蛳粉", "馄饨"),
            r"coriander|cilantro",
            hidden=("面、粉、汤常撒香菜", "noodles and soups often come topped with it"),
            garnish=True,
        ),
    )
}
# fmt: on


def label(tag: str, lang: str) -> str:
    """The ingredient's name for the traveller (「花生」, "peanuts"); `tag` itself when unknown."""
    a = ALLERGENS.get(tag)
    if a is None:
        return tag
    return a.zh if lang == "zh" else a.en
