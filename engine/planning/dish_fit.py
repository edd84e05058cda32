"""Whether a dish fits what the party eats (issue 12), for every dish a plan names: a meal's
「推荐」 and 「不吃辣：点…」, the guide's food list. A vegetarian plan of 西安 said 「不吃辣：点肉夹馍」
and 「推荐：臊子面、灌汤包」; a no-pork plan of 桂林 recommended 崇善米粉's 卤菜粉.

A dish's Chinese name tells what it holds (`meats`): the meat it names (牛肉面: beef), the meat it
is made with by common knowledge though its name does not say (臊子 is minced pork, 灌汤包 and
馄饨 are filled with pork, 泡馍 is a beef or mutton soup, 卤菜粉's 卤菜 are braised pork and offal,
沙茶's sauce is of dried shrimp), or that it holds none (凉皮, 豆腐, 甑糕, 素…: `MEATLESS`). A name
that says neither (饺子, 米粉, 小吃套餐) is not known, nor is a filled dish (包子, 饺子) whose
filling the name does not say meatless (豆沙包 is; 土豆饺子 is not known).

A dish fits (`fits`) when it is known to agree with every limit of the party (`limits`):

- vegetarian: known meatless (every dish of a vegetarian place is);
- halal: any dish of a halal place; elsewhere a known meatless one;
- pork refused: any dish of a halal place; elsewhere one known to hold no pork — 肉 said alone is
  pork (肉夹馍 at a 汉族 place is 腊汁肉), and a dish not known is not recommended (pork is in
  fillings, toppings and broths that no name says);
- beef, lamb, offal, fish, seafood or crayfish refused: no dish known to hold it (肉 said alone
  at a halal place is beef or mutton);
- an ingredient avoided (花生, 虾蟹, 鸡蛋 …: `allergen_dishes`): its Chinese name not known to
  hold it (a garnish, 香菜, is asked off instead: the meal says so).

A dish not known to fit is never recommended; when none of a place's does, the meal says so
(`none_fit`) rather than name a wrong one. The meat words are common knowledge of Chinese dishes
(the regional cuisines' standard recipes); the knowledge records carry no ingredient tags.
"""

from __future__ import annotations

from functools import lru_cache

from engine.domain.allergens import ALLERGENS
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.schema import Restaurant
from engine.planning import allergen_dishes
from engine.planning.dishes import DISH_WORDS

#: Food wishes that are diets (吃素, 清真): every meal, not one.
DIETS = frozenset({"vegetarian", "halal"})

_ZH = {tag: tuple(w for w in words if not w.isascii()) for tag, words in DISH_WORDS.items()}
#: Meat kinds -> words of dishes holding them (named, or made with them by common knowledge).
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "pork": _ZH["pork"] + ("臊子", "臊面", "灌汤包", "汤包", "小笼", "生煎", "锅贴", "馄饨", "云吞",
                           "抄手", "扁食", "烧卖", "烧麦", "炸酱", "担担", "豌杂", "卤菜", "卤粉",
                           "卤味", "烧腊", "烧味", "烧腩", "火方", "刀板香", "酱方", "扎蹄", "缠蹄",
                           "蹄花", "状元蹄", "万三蹄", "焖蹄", "五花趾", "圈子", "腌笃鲜", "丸子",
                           "片儿川", "焖肉", "三丁包", "千张包", "酿豆腐", "酿菜", "炸酿", "珍珠圆子",
                           "腊肠", "烤肠", "米肠", "里脊", "蚂蚁上树", "三鲜", "肘", "蹄髈", "小排",
                           "藕汤", "腐乳饼", "双脆", "粉果", "烧肉粽"),
    "beef": _ZH["beef"] + ("牛河", "吊龙", "胡辣汤", "牛瘪", "牛油", "牛丸", "牛蹄", "泡馍", "水盆"),
    "lamb": _ZH["lamb"] + ("羊肝", "羊腰", "羊蹄", "羊肠", "羊肚", "羊头", "烤羊", "东山羊", "胡羊",
                           "全羊", "烩面", "抓饭", "拉条子", "头脑", "那仁", "烤包子", "泡馍", "水盆",
                           "它似蜜"),
    "offal": _ZH["offal"] + ("肝", "腰片", "爆肚", "百叶", "肥肠", "米肠", "肠旺", "羊肠", "血旺",
                             "血糕", "血肠", "肺", "及第", "双脆"),
    "poultry": ("鸡", "鸭", "鹅", "鸽", "凤爪", "卤水拼盘", "美人肝"),
    "fish": ("鱼", "鳝", "鲃", "鲌", "鲑", "鳜", "鲈", "鲫", "鲤", "鳗", "鲥", "鲟", "鲢", "鳙",
             "鲶", "鲇", "石斑", "江团", "三白", "河鲜", "江鲜", "马介休", "划水", "广肚", "渔家"),
    "seafood": ("虾", "蟹", "蚝", "蛎", "螺", "鲍", "海鲜", "贝", "蛤", "蚬", "蛏", "蚌", "海胆",
                "海参", "海肠", "鱿", "墨鱼", "章鱼", "土笋", "花甲", "海瓜子", "三鲜", "百花",
                "佛跳墙", "沙茶", "秃黄油", "艇仔", "烧肉粽", *_ZH["crayfish"],
                # sea fish are seafood to one who refuses it (黄鱼面 is no dish for them)
                "黄鱼", "带鱼", "鲳", "鳕", "鲷", "鲨", "鱼翅", "石斑", "鲅鱼", "马鲛", "明太鱼",
                "沙丁", "三文鱼", "金枪鱼", "海鱼", "海鳗", "比目鱼", "多宝鱼", "龙利", "鱿",
                "跳跳鱼", "弹涂鱼", "鱼皮角", "霞浦鱼丸", "温州鱼丸", "敲鱼"),
    "crayfish": _ZH["crayfish"],
    # some meat, which one not said: 肉 alone, a dish of meats (火锅, 烧烤, 八大碗)
    "meat": ("肉", "火锅", "串串", "冒菜", "麻辣烫", "烧烤", "烤串", "炸串", "铁锅炖", "八大碗",
             "土八碗", "水席", "老八盘", "合拢宴", "杂烩", "盖码", "糁汤", "兔", "驴肉", "马肠",
             "狗肉", "蛙", "麻婆", "冬瓜盅", "宴", "杂拌", "奶汤", "煨汤", "瓦罐汤"),
}  # fmt: skip
#: Names holding a meat word that are no meat: taken out before `KIND_WORDS` are looked for.
NOT_MEAT = ("鱼香", "牛油果", "羊肚菌", "鸡蛋", "鸭蛋", "鹅蛋", "鸡枞", "鸡头米", "鸭梨", "地三鲜",
            "蟹壳黄", "贝果", "肠粉", "灌肠")  # fmt: skip
#: Words of a dish made of no meat (read only when no `KIND_WORDS` word is in its name).
MEATLESS = ("素", "斋", "豆腐", "豆花", "豆干", "腐竹", "腐皮", "面筋", "烤麸", "凉皮", "酿皮",
            "凉粉", "冰粉", "凉面", "糕", "汤圆", "汤团", "元宵", "团子", "青团", "麻花", "麻糍",
            "糍粑", "粑粑", "驴打滚", "艾窝窝", "豌豆黄", "糖", "蜜", "甜品", "甜点", "奶", "乳扇",
            "乳饼", "冰", "茶", "咖啡", "果", "莲", "藕", "笋", "菌", "菇", "蘑", "松茸", "野菜",
            "青菜", "时蔬", "蔬", "白菜", "萝卜", "土豆", "洋芋", "茄子", "苦瓜", "黄瓜", "玉米",
            "红薯", "地瓜", "山药", "芋", "南瓜", "莼菜", "蒲菜", "黄花菜", "芥", "沙葱", "韭",
            "花生", "芝麻", "核桃", "杏仁", "桂花", "玫瑰", "鲜花饼", "蛋", "米饭", "白粥", "稀饭",
            "馒头", "蒸馍", "白吉馍", "油条", "馕", "煎饼", "热干面", "葱油", "阳春面", "柿", "梨",
            "香蕉", "葡萄", "哈密瓜", "枇杷", "橙", "枣", "菱", "蓝莓", "鸡枞", "鸡头米", "地三鲜",
            "杨枝甘露", "萨其马", "瓜子", "茴香豆", "石花膏", "酒酿", "甜醅", "豌豆粉", "稀豆粉",
            "糌粑", "青稞", "豆汁", "豆浆", "酒", "饮料", "龙井", "毛尖", "毛峰", "银针", "滇红",
            "铁观音", "石榴汁", "杏皮水", "格瓦斯")  # fmt: skip
#: Names that no word of `MEATLESS` settles: dishes of many kinds, toppings or fillings that
#: vary (豆花米线's sauce is of pork, 乐山豆腐脑's of beef or chicken, 一品豆腐 is stuffed).
UNKNOWN = ("茶点", "点心", "套餐", "小吃", "早茶", "老爸茶", "简餐", "豆腐脑", "豆花米线", "炒菜",
           "炒年糕", "清明果", "一品豆腐", "西施豆腐")  # fmt: skip
#: Filled dishes: meatless only when the name says what is inside (`FILLED_MEATLESS`, or 素).
FILLED = ("饺", "包", "馄饨", "抄手", "云吞", "烧卖", "烧麦", "粽", "馅", "盒子", "春卷", "粿")
FILLED_MEATLESS = ("素", "斋", "豆沙", "莲蓉", "奶黄", "芝麻", "枣", "糖", "流沙", "八宝", "面包",
                   "菠萝包", "包浆豆腐", "酸奶", "鸡蛋")  # fmt: skip
#: Limits a dish is judged against: diets and refused foods (request ``avoid.cuisines``).
LIMITS = frozenset({"vegetarian", "halal", "pork", "beef", "lamb", "offal", "fish", "seafood",
                    "crayfish"}) | allergen_dishes.TAGS  # fmt: skip
#: How a limit is said in the note when no dish is known to fit it (zh, en).
_SAID = {"vegetarian": ("素", "meat-free"), "halal": ("清真", "halal"),
         "pork": ("不含猪肉", "free of pork"), "beef": ("不含牛肉", "free of beef"),
         "lamb": ("不含羊肉", "free of lamb"), "offal": ("不含内脏", "free of offal"),
         "fish": ("不含鱼", "free of fish"), "seafood": ("不含海鲜", "free of seafood"),
         "crayfish": ("不含小龙虾", "free of crayfish"),
         **{t: (f"不含{a.zh}", f"free of {a.en}") for t, a in ALLERGENS.items()}}  # fmt: skip


#: Words of a meat named with 肉 (牛肉, 腊汁肉, 鸡肉): their 肉 is no other meat.
_NAMED_MEAT = tuple(sorted({w for kind, words in KIND_WORDS.items() if kind != "meat"
                            for w in words if "肉" in w} | {"鸡肉", "鸭肉", "鹅肉", "鱼肉", "蟹肉",
                                                           "虾肉"}, key=len, reverse=True))  # fmt: skip


def _unnamed(name: str) -> str:
    """`name` without the words of a meat it names (`_NAMED_MEAT`): 牛肉面 → 面."""
    for word in _NAMED_MEAT:
        name = name.replace(word, "·")
    return name


@lru_cache(maxsize=8192)
def meats(dish_zh: str) -> frozenset[str] | None:
    """The meat kinds the dish named `dish_zh` holds (keys of `KIND_WORDS`: ``{"pork"}`` for
    臊子面, ``{"meat"}`` for 肉夹馍, whose meat is not said), the empty set for a dish known
    meatless (凉皮, 素包子, 豆沙包), None for a dish not known (饺子, 米粉, 小吃套餐)."""
    name = dish_zh
    if any(word in name for word in ("素", "斋")):
        return frozenset()  # 素扣肉, 素鸭: made of tofu and gluten
    for word in NOT_MEAT:
        name = name.replace(word, "·")
    kinds = {kind for kind, words in KIND_WORDS.items() if any(w in name for w in words)}
    if "meat" in kinds and not any(w in _unnamed(name) for w in KIND_WORDS["meat"]):
        kinds.discard("meat")  # 牛肉面 is beef, not some meat besides (烧肉粽's 肉 is some)
    if kinds:
        return frozenset(kinds)
    if any(word in name for word in FILLED):
        return frozenset() if any(w in name for w in FILLED_MEATLESS) else None
    if any(word in name for word in UNKNOWN):
        return None
    return frozenset() if any(word in dish_zh for word in MEATLESS) else None  # (鸡蛋面, 鸡枞)


def diets(request: TripRequest) -> list[str]:
    """The diets among the request's food wishes (`DIETS`)."""
    return [f.cuisine for f in request.food if f.cuisine in DIETS]


def limits(request: TripRequest) -> frozenset[str]:
    """The party's limits a dish is judged against (`LIMITS`): its diets (vegetarian, halal)
    and the meats and seafood it refuses (「不吃猪肉」, 海鲜过敏)."""
    return frozenset(diets(request)) | (frozenset(request.avoid.cuisines) & LIMITS)


def _english(dish_zh: str, place: Restaurant) -> str:
    """The English name of `place`'s signature dish `dish_zh` ("" when it has none)."""
    dishes = place.signature_dishes_zh
    k = dishes.index(dish_zh) if dish_zh in dishes else -1
    return place.signature_dishes_en[k] if 0 <= k < len(place.signature_dishes_en) else ""


def fits(dish_zh: str, place: Restaurant, said: frozenset[str]) -> bool:
    """Whether the dish `dish_zh` of `place` is known to fit every limit in `said` (see the
    module docstring)."""
    tags = set(place.cuisines)
    en = _english(dish_zh, place)
    if any(
        allergen_dishes.holds(dish_zh, en, t) and not ALLERGENS[t].garnish
        for t in said & allergen_dishes.TAGS
    ):
        return False  # 金莎鲜虾红米肠 for a shellfish allergy (the en name: `allergen_dishes`)
    said = said - allergen_dishes.TAGS
    if not said or ("vegetarian" in said and "vegetarian" in tags and said <= {"vegetarian"}):
        return True
    held = meats(dish_zh)
    if ("vegetarian" in said and "vegetarian" not in tags) or (
        "halal" in said and "halal" not in tags
    ):
        if held != frozenset():
            return False
    if held is None:  # not known: pork hides in fillings, toppings and broths
        return "pork" not in said or "halal" in tags
    if "meat" in held:  # 肉 alone: mutton or beef at a halal place, else pork
        held = held | ({"beef", "lamb"} if "halal" in tags else {"pork"})
    if "pork" in held and "halal" in tags:
        held = held - {"pork"}  # (a halal place's 三鲜 holds no pork)
    return not (held & said)


def fitting(place: Restaurant, request: TripRequest) -> list[int]:
    """Indexes of `place`'s signature dishes (zh and en lists, paired) known to fit the
    party's `limits` (all of them when there are none)."""
    said = limits(request)
    return [k for k, d in enumerate(place.signature_dishes_zh) if fits(d, place, said)]


def none_fit(request: TripRequest, *, ask: bool = True) -> str:
    """What a meal says when none of its place's signature dishes is known to fit (「这家素食选择
    少：…」), in the request's language; without the advice to ask when `ask` is False (the
    note says how to order already: 「不吃猪肉：点菜时说明不要猪肉…」)."""
    said = limits(request)
    lang = request.lang
    if "vegetarian" in said:
        return pick(lang, "这家素食选择少：招牌菜里没有确定是素的，点菜时问店家有哪些素菜",
                    "few vegetarian choices here: no signature dish is known to be meat-free; "
                    "ask which dishes are")  # fmt: skip
    shown = [_SAID[t] for t in sorted(said)]
    zh = f"招牌菜里没有确定{'、'.join(zh for zh, _ in shown)}的" + ("，点菜时问店家" if ask else "")
    en = f"no signature dish is known to be {' and '.join(en for _, en in shown)}" + (
        "; ask when ordering" if ask else ""
    )
    return pick(lang, zh, en)
