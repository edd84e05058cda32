"""Food wanted or refused: 想吃火锅, 喝早茶 (a morning meal), 夜宵吃烧烤, 尝尝本地小吃, 不吃辣,
海鲜过敏, 吃素, 清真, "try Peking duck", "dim sum for breakfast", "no spicy food"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from engine.domain.request import NAMED_DISH, FoodWish
from engine.understanding.allergies import find_allergies
from engine.understanding.found import Found, add, words_at
from engine.understanding.text import clause_end, clause_start, negated, table_hits, words_pattern

Meal = Literal["breakfast", "lunch", "dinner", "late"]

#: A meat said by itself (不吃羊肉, 羊肉和牛肉, 「猪肉我不碰」, 「牛肉不吃」), not the start of a
#: dish (羊肉泡馍, 牛肉面).
_MEAT_ALONE = (r"(?=$|[^\u4e00-\u9fff]|[和与及跟、的或也了呢啊吧等类都]|[牛羊猪](?:肉|排)"
               r"|(?:我们?|咱们?|他们?|她们?|一概|从来|向来|绝对|完全)?[都也]?"
               r"(?:不(?:吃|碰|沾|要|能|敢|爱|太)|吃不|碰不))")  # fmt: skip
#: (words, cuisine tag from knowledge CUISINE_TAGS, the meal the words imply).
FOOD_WORDS: tuple[tuple[str, str, Meal | None], ...] = (
    (r"早茶|饮茶|morning tea|yum ?cha", "dim-sum", "breakfast"),
    (r"吃早点|早点铺", "snacks", "breakfast"),
    (r"夜宵|宵夜|消夜|late[- ]night (?:food|snacks?|eats)|midnight snacks?", "street-food", "late"),
    (r"烧烤|撸串|烤串|bbq|barbecue", "bbq", None),
    (r"串串香|串串|冒菜|麻辣烫", "hotpot", None),
    (r"海鲜|(?:seafood|shellfish)(?: dishes)?", "seafood", None),
    (r"火锅|hot ?pot", "hotpot", None),
    (r"烤鸭|(?:peking|beijing|roast) duck", "roast-duck", None),
    (r"点心|dim sum", "dim-sum", None),
    (r"街头小吃|路边摊|大排档|street food|food stalls?", "street-food", None),
    (r"小吃|local snacks", "snacks", None),
    (r"涮羊肉|涮肉|铜锅|椰子鸡", "hotpot", None),
    # Named dishes (knowledge DISH_TAGS) before the kinds their words also say: 过桥米线 is not
    # 米线 of any kind, 沙茶面 no 面, 狗不理包子 no 包子, 鱼头 no 鱼 (`engine.planning.dishes`).
    (r"沙茶面|(?:shacha|satay) noodles?", "shacha-noodles", None),
    (r"过桥米线|crossing[- ]the[- ]bridge (?:rice )?noodles|crossing-bridge (?:rice )?noodles", "crossing-bridge-noodles", None),
    (r"狗不理(?:包子)?|goubuli(?: buns?| baozi)?", "goubuli-buns", None),
    (r"鸭血粉丝汤?|duck blood (?:and )?(?:vermicelli )?soup|duck blood vermicelli", "duck-blood-soup", None),
    (r"煎饼果子|jianbing(?: guozi)?", "jianbing", None),
    (r"(?:剁椒|砂锅|千岛湖|拆烩)?鱼头|fish heads?", "fish-head", None),
    (r"臭豆腐|stinky tofu", "stinky-tofu", None),
    (r"热干面|hot[- ]dry noodles?|reganmian", "hot-dry-noodles", None),
    (r"(?<=吃)面(?![包膜粉食])|(?<=碗)面(?![包膜粉食])|面条|拉面|牛肉面|小面|刀削面|米线|米粉|炸酱面|担担面|汤面|拌面|炒面|(?:rice |hand[- ]pulled )?noodles", "noodles", None),
    (r"饺子|包子|小笼包?|生煎|dumplings|xiao ?long ?bao|bao", "dumplings", None),
    (r"泡馍|肉夹馍|凉皮|biangbiang|roujiamo|paomo|liangpi", "northwest", None),
    (r"酸辣粉|猪扒包|锅贴", "snacks", None),
    (r"葡挞|蛋挞|egg tarts?", "dessert", None),
    (r"烧鹅|叉烧|白切鸡|煲仔饭|肠粉", "cantonese", None),
    (r"东坡肉|西湖醋鱼|叫花鸡", "zhe", None), (r"臭鳜鱼|毛豆腐", "hui", None), (r"狮子头|松鼠鳜鱼", "su", None),
    (r"喝茶|品茶|龙井茶|碧螺春|大红袍|普洱茶|铁观音|工夫茶|功夫茶|茶艺", "tea-house", None),
    (r"俄餐|俄式|西餐|russian food|western food|european food", "western", None),
    (r"川菜|sichuan (?:food|cuisine)", "sichuan", None), (r"湘菜|hunan (?:food|cuisine)", "hunan", None),
    (r"粤菜|广东菜|cantonese (?:food|cuisine)", "cantonese", None), (r"本帮菜", "shanghai", None),
    (r"徽菜", "hui", None), (r"杭帮菜|浙菜", "zhe", None), (r"苏帮菜|淮扬菜", "su", None),
    (r"东北菜", "northeast", None), (r"新疆菜|大盘鸡|羊肉串", "xinjiang", None),
    (r"云南菜", "yunnan", None), (r"潮汕菜|潮汕牛肉", "teochew", None),
    (r"客家菜", "hakka", None), (r"闽菜", "fujian", None), (r"酸汤鱼", "fish", None),
    (r"贵州菜", "guizhou", None),
    (r"藏餐|藏式", "tibetan", None), (r"西北菜", "northwest", None),
    # a fine meal (`engine.planning.meal_price`): 「想吃顿好的」, 米其林, "fine dining"
    (r"吃顿好的|吃一顿好的|吃点好的|好好吃一顿|吃顿大餐|米其林|黑珍珠|高档餐厅|fine[- ]dining|michelin", "fine-dining", None),
    (r"本地菜|当地菜|特色菜|地道(?:的)?菜|家常菜|local (?:food|dishes|cuisine|specialities|specialties)", "local", None),
    # a trip to eat (「去顺德吃两天」, 吃吃喝喝, "a food trip"; 「吃遍平江路」 is a street): the place's own dishes
    (r"吃(?:[一两二三四五六七八九十\d]+|几)天|吃吃喝喝|吃喝玩乐|觅食|吃货之旅|美食之旅|专门去吃"
     r"|food (?:trip|tour|weekend)|(?:trip|weekend) (?:to|of) eat(?:ing)?|eat our way", "local", None),
    (r"素食|素菜|素斋|吃素|vegetarian|vegan", "vegetarian", None),
    (r"清真|halal", "halal", None),
    (r"甜品|甜点|desserts?", "dessert", None),
    (r"茶馆|tea ?houses?", "tea-house", None),
    (r"(?<![不])辣的|麻辣(?!小龙虾)|吃辣|spicy(?: food| dishes)?|chill?i", "spicy", None),
    (r"(?<!海)鱼(?![类])|\bfish\b", "fish", None),
    # Knowledge DISH_TAGS: no record carries them, planning `dishes` reads them from dish names.
    # 口味虾 (长沙), 油焖大虾 (潜江, 武汉), 宜城大虾 (襄阳), 麻小: crayfish by their local names
    (r"(?:麻辣|蒜蓉|十三香|香辣)?小龙虾|口味虾|油焖大虾|宜城大虾|盱眙龙虾|麻小|crayfish|crawfish", "crayfish", None),
    (r"啤酒(?!鱼)|精酿|扎啤|鲜啤|原浆|(?:craft |draught |draft )?\bbeers?\b(?! fish)|breweries|brewery", "beer", None),
    (rf"(?:羊肉|羊排|羊蝎子){_MEAT_ALONE}|烤全羊|烤羊腿|手抓羊肉|\blamb\b|mutton", "lamb", None),
    (rf"(?:牛肉|牛排){_MEAT_ALONE}|牛(?=羊肉)|\bbeef\b", "beef", None),  # 牛羊肉: both
    (rf"(?:猪肉|猪蹄){_MEAT_ALONE}|\bpork\b", "pork", None),
    (r"动物内脏|内脏|下水|肥肠|毛肚|\boffal\b|organ meats?|\btripe\b", "offal", None),
)  # fmt: skip
_MEALS: tuple[tuple[str, Meal], ...] = (
    (r"夜宵|宵夜|深夜|半夜|late[- ]night|midnight", "late"),  # before 晚上: 晚上吃夜宵 is late
    (r"早上|早餐|早饭|早晨|过早|breakfasts?|morning", "breakfast"),
    (r"中午|午饭|午餐|lunch(?:es)?|noon", "lunch"),
    (r"晚上|晚饭|晚餐|dinners?|evening", "dinner"),
)
#: Words that make a weak food word (鱼, 辣的, 面条) a food wish: a verb of eating nearby.
_EAT = re.compile(
    r"吃|喝|尝|品|餐|菜|\beat|\btry|\bhave\b|\bfood\b|\bdishes\b|\bwant|\blike\b|\blove\b"
    r"|breakfast|lunch|dinner",
    re.I,
)
#: A limit on a food (「只吃一次烤鸭就够了」, 「别每天都吃火锅」, "duck once is enough", 「不要重复吃
#: 米粉」, "not noodles again"): at most one meal of it, no wish for it.
_LIMIT = re.compile(
    r"(?:一次|一顿|一回)(?:就)?(?:够|行|好|可以)|只(?:吃|要)?(?:一次|一顿|一回)|(?:别|不要|不用|不必)每(?:天|顿|餐)"
    r"|\b(?:once|one meal|one time)\s+(?:is\s+)?(?:enough|plenty|is fine)\b|\b(?:just|only)\s+once\b"
    r"|\bnot\s+every\s+(?:day|meal)\b"
    # Not again (「不要重复吃又益轩米粉」, 「米粉吃过了就够了」, "not noodles again"): one is enough.
    r"|(?:不要|别|不想|不用|不必|不)重复|(?:吃|有)(?:过|了)\S{0,6}(?:就)?(?:够了|不要了)"
    r"|\b(?:don'?t|do not|no need to)\s+repeat\b|\bno\s+(?:repeats?|second)\b"
    r"|\b(?:not|no|don'?t want|never)\b[^.,;!?]{0,30}\bagain\b",
    re.I,
)
#: Words that make a food wish one for every day (「每天都想吃火锅」, 「顿顿」, "hotpot every day").
_EVERY = re.compile(
    r"每天|天天|每顿|顿顿|每餐|餐餐|每(?:个|一个)?早上|每早|\b(?:every|each) (?:day|meal|night|morning)\b"
    r"|\bdaily\b",
    re.I,
)
#: Food words that also say the person likes food (the ``food`` interest).
_FOODIE = frozenset({"snacks", "street-food", "local", "tea-house"})
_WEAK = frozenset({"fish", "fish-head", "spicy", "noodles", "dumplings", "dessert"})
#: Light food asked for (「吃得清淡一点」, "mild food", "kid-friendly food"): no hot dishes (it was
#: 没看懂, or read as sights for children).
_LIGHT = re.compile(
    r"(?:吃得?|口味|饮食|菜)?清淡(?:一?点|些)?|少油少盐|\bmild (?:food|dishes)\b|\bbland food\b"
    # spice limited, not refused (「火锅不要太辣」, 「别太辣」, 「微辣」, "not too spicy")
    r"|(?:不要|别|不能|不用|不想)(?:太|那么|这么|很)辣|微辣|少辣|\bnot (?:too|very|that) spicy\b"
    # food for children (「适合孩子吃的菜」, "kid-friendly food"): mild, a food wish — not sights
    r"|适合(?:孩子|小孩|宝宝|儿童)(?:吃)?的(?:菜|饭菜?|餐厅|饭店|馆子|食物|东西)|儿童餐|(?:孩子|小孩|宝宝)(?:能|爱)吃的(?:菜|饭菜?|东西)"
    r"|\b(?:kid|child|family)[- ]friendly (?:food|meals?|restaurants?|dishes|eating)\b|\bfood (?:for|that) (?:the |our )?(?:kids|children) (?:can eat|like|will eat|enjoy)\b",
    re.I,
)
#: A refusal said after the food (「辣的吃不了」, 「猪肉我不碰」, 「海鲜我们都不吃」): the food is
#: refused, never wished for — not a limit on how it comes (「火锅不要太辣」 wants hotpot).
_REFUSED_AFTER = re.compile(
    r"的?\s*(?:我们?|咱们?|他们?|她们?|孩子|老人|家里人?|全家)?\s*"
    r"(?:都|也|一概|从来|向来|绝对|完全|一点|一口)?\s*"
    r"(?:不(?:吃|碰|沾|要(?!(?:太|那么|这么|很|过于)[辣麻咸甜油腻])|能吃|敢吃|爱吃|喜欢)|不太(?:能|敢|爱)吃|吃不(?:了|得|惯|来)|碰不(?:了|得)"
    r"|受不了|没法吃)"
)
#: Spice refused in words no table word holds: 「吃不了辣」, 「受不了辣」, 「怕辣」, "can't handle
#: spice", "no spice".
_NO_SPICE = re.compile(
    r"(?:吃不了|吃不得|受不了|不能吃|不敢吃|吃不惯|没法吃|怕)(?:一点|太)?辣"
    r"|\b(?:can'?t|cannot|can not|don'?t|do not|won'?t)\s+(?:handle|take|stand|tolerate|do|eat)"
    r"\s+(?:much\s+|any\s+|the\s+)?(?:spice|heat|chill?i(?:es)?)\b|\bno\s+spice\b|\bspice[- ]free\b",
    re.I,
)
#: Refused food said by itself (晕机-like): 海鲜过敏, "allergic to seafood".
_ALLERGY = re.compile(r"(?P<w>海鲜)过敏|allergic to (?P<e>sea ?food)", re.I)


#: A dish said by a name no table word has (「想吃苏式面」, 「尝尝正宗的奥灶面」): 2–6 Chinese
#: characters after a verb of eating, to the clause's end or a joining word.
_DISH_END = r"(?=$|[\s，。,.!！？?、；;~～]|[和与跟及还也再吧呀啊了呢哦])"
_NAMED_DISH = re.compile(
    r"(?:想|要|去|再)(?:吃|尝尝?|品尝|尝一尝)(?:一下|一?[碗份顿个次口])?(?:正宗|地道|当地|本地|有名|传说中)?的?"
    rf"(?P<d>[a-z]{{0,12}}[\u4e00-\u9fff]{{1,6}}?){_DISH_END}",
    re.I,
)
#: One more dish in a list after a food said (「想吃钟水饺和龙抄手」, 「火锅、苏式面」).
_MORE_DISH = re.compile(rf"(?:和|与|跟|及|以及|还有|、)(?P<d>[\u4e00-\u9fff]{{2,6}}?){_DISH_END}")
#: Words after 想吃 that name no dish (「想吃好吃的」, 「想吃点东西」, 「想吃遍平江路」).
_NOT_DISH = re.compile(
    r"好吃|美食|东西|什么|啥|饭|大餐|特产|特色|当地|本地|一顿|^[点遍完饱好得过到够些去看玩逛住坐买带]"
)


@dataclass
class FoodFind:
    """Food in a request: wishes (cuisine and meal), refused cuisines, and one `Found` each;
    `spans` where food words stand, `not_interests` those that are no interest either (「不吃辣」,
    「海鲜」; but 「小吃」, "street food" also say the person likes food); `limits` the cuisines
    to eat at most once, with the words said (「只吃一次烤鸭就够了」: no wish for it; a new
    request plans it once, `limited`, while a follow-up on a plan answers it with the plan's
    meals of it); `limit_found` one ``food`` `Found` per limit."""

    food: list[FoodWish] = field(default_factory=list)
    avoid: list[str] = field(default_factory=list)
    found: list[Found] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    not_interests: list[tuple[int, int]] = field(default_factory=list)
    limits: list[tuple[str, str]] = field(default_factory=list)
    limit_found: list[Found] = field(default_factory=list)

    def limited(self) -> list[FoodWish]:
        """The limits as wishes for one meal each (`FoodWish.once`), for a new request."""
        wished = {f.cuisine for f in self.food}
        return [FoodWish(cuisine=c, said=said, once=True) for c, said in self.limits
                if c not in wished]  # fmt: skip


#: What joins a food word to a refused one, so it is refused too (不吃辣和海鲜).
_JOINERS = r"^(?:\s*(?:和|、|或|也不|还有|and|or|nor)\s*)?$"  # 不吃牛羊肉: nothing between


#: Between two foods of one refusal: 「牛肉和羊肉都不吃」, 「牛羊肉」 (nothing between).
_LISTED = re.compile(r"\s*(?:和|、|跟|与|及|还有|或者?|以及)?\s*")


def _refused_after(text: str, hits: list[tuple[int, int, bool, int]]) -> list[int | None]:
    """For each food hit, where a refusal said after it ends (「辣的吃不了」), reaching back
    over the foods listed before the one it follows (「牛肉和羊肉都不吃」 refuses both), or None."""
    out: list[int | None] = [None] * len(hits)
    for k in range(len(hits) - 1, -1, -1):
        end = hits[k][1]
        if (m := _REFUSED_AFTER.match(text, end)) is not None:
            out[k] = m.end()
        elif k + 1 < len(hits) and out[k + 1] is not None:
            between = _LISTED.fullmatch(text, end, hits[k + 1][0])
            out[k] = out[k + 1] if between is not None else None
    return out


def find_food(text: str) -> FoodFind:
    """Food wanted (not negated) and refused (negated: 不吃辣, "no seafood") in `text`."""
    out = FoodFind()
    at: dict[str, tuple[int, int]] = {}  # where each wished food was said
    words = (rx for rx, _tag, _when in FOOD_WORDS)
    hits = table_hits(text, words, _JOINERS)
    refused = _refused_after(text, hits)
    for k, (start, end, neg, row) in enumerate(hits):
        _rx, cuisine, meal = FOOD_WORDS[row]
        said, span = words_at(text, start, end)
        limit = _LIMIT.search(text[clause_start(text, start) : clause_end(text, end)])
        if not limit and (stop := refused[k]) is not None:  # 「辣的吃不了」, 「牛肉和羊肉都不吃」
            neg, said, span = True, text[span[0] : stop], (span[0], stop)
        if limit:
            if all(c != cuisine for c, _ in out.limits):  # 「别每天都吃火锅」: no wish, no refusal
                said = re.sub(r"^(?:吃|not\s+|the\s+|some\s+)+", "", said, flags=re.I) or said
                out.limits.append((cuisine, said))
                out.limit_found.append(Found("food", cuisine, said, span))
            out.spans.append(span)
            out.not_interests.append((start, end))
            continue
        if neg or cuisine not in _FOODIE:
            out.not_interests.append((start, end))
        if neg:
            if cuisine in ("vegetarian", "halal"):
                continue  # 不吃素: no wish either way
            if cuisine not in out.avoid:
                out.avoid.append(cuisine)
                add(out.found, Found("avoid_food", cuisine, said, span))
            out.spans.append(span)
            continue
        clause = text[clause_start(text, start) : clause_end(text, end)]
        if cuisine in _WEAK and not _EAT.search(clause):
            continue
        meal = meal or _meal(clause)
        if all(f.cuisine != cuisine for f in out.food):
            every = bool(_EVERY.search(clause))
            out.food.append(FoodWish(cuisine=cuisine, meal=meal, said=said, every_day=every))
            at[cuisine] = (start, end)
            add(out.found, Found("food", cuisine, said, span))
        out.spans.append(span)
    late = [f for f in out.food if f.cuisine == "street-food" and f.meal == "late"]
    if late:  # 夜宵吃烧烤: the bbq is the late meal — not a 喝茶 or 臭豆腐 said in another clause
        s, e = at[late[0].cuisine]
        lo, hi = clause_start(text, s), clause_end(text, e)
        joined = [f for f in out.food if f is not late[0] and f.meal in (None, "late")
                  and lo <= at[f.cuisine][0] < hi]  # fmt: skip
        if joined:
            out.food = [f.model_copy(update={"meal": "late"}) if f in joined else f
                        for f in out.food if f is not late[0]]  # fmt: skip
            out.found = [f for f in out.found
                         if not (f.kind == "food" and f.value == "street-food")]  # fmt: skip
    _named_dishes(text, out)
    for m in _LIGHT.finditer(text):
        if "spicy" not in out.avoid and not negated(text, m.start(), m.end()):
            out.avoid.append("spicy")
            add(out.found, Found("avoid_food", "spicy", m.group(0), m.span()))
        out.spans.append(m.span())
        out.not_interests.append(m.span())
    for m in _NO_SPICE.finditer(text):
        out.food = [f for f in out.food if f.cuisine != "spicy"]  # (a word of it read as a wish)
        out.found = [f for f in out.found if (f.kind, f.value) != ("food", "spicy")]
        if "spicy" not in out.avoid:
            out.avoid.append("spicy")
            add(out.found, Found("avoid_food", "spicy", m.group(0), m.span()))
        out.spans.append(m.span())
        out.not_interests.append(m.span())
    for m in _ALLERGY.finditer(text):
        if m.group("w") == "海鲜" or (m.group("e") or "").lower() in ("seafood", "sea food"):
            if "seafood" not in out.avoid:
                out.avoid.append("seafood")
                add(out.found, Found("avoid_food", "seafood", m.group(0), m.span()))
    _ingredients(text, out)
    return out


def _ingredients(text: str, out: FoodFind) -> None:
    """Ingredients refused or allergic to (`engine.understanding.allergies`): each its own
    ``avoid_food`` — 虾, 蟹, "shellfish" as ``shellfish``, no more the wider ``seafood``."""
    for a in find_allergies(text):
        if a.tag == "shellfish":  # the table read "shellfish" as seafood
            wide = [f for f in out.found if (f.kind, f.value) == ("avoid_food", "seafood")
                    and f.span[0] < a.span[1] and a.span[0] < f.span[1]
                    and not re.search(r"海鲜|sea ?food", f.said, re.I)]  # fmt: skip
            if wide:
                out.found = [f for f in out.found if f not in wide]
                out.avoid = [c for c in out.avoid if c != "seafood"
                             or any(f.value == "seafood" for f in out.found)]  # fmt: skip
        if a.tag not in out.avoid:
            out.avoid.append(a.tag)
            add(out.found, Found("avoid_food", a.tag, a.said, a.span))
        out.spans.append(a.span)
        out.not_interests.append(a.span)


def _named_dishes(text: str, out: FoodFind) -> None:
    """A wish for each dish said by its own name (`_NAMED_DISH`) where no table word stands:
    ``dish:<name>``, served where a menu has a dish of that name (`engine.planning.dishes`)."""
    wished = [span for f in out.found if f.kind == "food" for span in (f.span,)]
    found = [*_NAMED_DISH.finditer(text)]
    ends = [e for _s, e in wished] + [m.end() for m in found]
    while ends:  # each food said, then each dish listed after it
        more = _MORE_DISH.match(text, ends.pop())
        if more:
            found.append(more)
            ends.append(more.end())
    for m in found:
        name = m.group("d")
        start, end = m.span("d")
        if (
            len(name) < 2
            or _NOT_DISH.search(name)
            or any(s < end and start < e for s, e in out.spans)
        ):
            continue
        if negated(text, m.start(), end):
            continue
        cuisine = NAMED_DISH + name
        if all(f.cuisine != cuisine for f in out.food):
            clause = text[clause_start(text, start) : clause_end(text, end)]
            said, span = (m.group(0), m.span()) if m.re is _NAMED_DISH else (name, (start, end))
            out.food.append(FoodWish(cuisine=cuisine, meal=_meal(clause), said=said,
                                     every_day=bool(_EVERY.search(clause))))  # fmt: skip
            add(out.found, Found("food", cuisine, said, span))
        out.spans.append(m.span())
        out.not_interests.append(m.span())


def _meal(clause: str) -> Meal | None:
    for rx, meal in _MEALS:
        if words_pattern(rx).search(clause):
            return meal
    return None
