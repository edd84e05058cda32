"""A day's meal changed in words, read as a `SwapMeal`: somewhere else (「第二天换个地方吃午饭」), at
a named restaurant, with a dish or kind of food (「第二天晚饭换成吃啤酒鱼」, 「第二天中午想吃海鲜
大排档」), or near a place (「第6天不去虎跳峡镇吃饭，晚饭就在丽江古城吃」: a meal's place, never a
sight skipped)."""

from __future__ import annotations

import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.errors import EditRefused
from engine.editing.fitting import NEAR_M
from engine.editing.ops import AddMeal, SwapMeal
from engine.editing.places import find_place
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Lodging, Place, Restaurant
from engine.understanding.attractions import clean
from engine.understanding.edit_refs import day_number
from engine.understanding.food import find_food

MEAL = {"午饭": "lunch", "午餐": "lunch", "中饭": "lunch", "lunch": "lunch",
        "晚饭": "dinner", "晚餐": "dinner", "dinner": "dinner"}  # fmt: skip
MEAL_RX = "|".join(MEAL)
#: A time of day that names a meal only when eating is said (「中午想吃海鲜」; 「晚上去外滩」 is not).
_WHEN_EATING = {"中午": "lunch", "晚上": "dinner"}
ELSEWHERE = r"换|别的|另一|其他|不想在|somewhere else|another|different|change|elsewhere"
_EAT = r"吃|用餐|就餐|\beat\b|\bhave\b|\btry\b"
#: A cheaper place asked for (「太贵了，换个便宜点的」, "somewhere cheaper").
CHEAPER = re.compile(
    r"便宜|实惠|太贵|贵了|省钱|平价|\bcheaper\b|\bless expensive\b|\btoo (?:expensive|pricey)\b",
    re.I,
)
#: 「不去虎跳峡镇吃饭」, 「不在古城吃」: a place not to eat at (a meal's place, not a sight).
NOT_EATING_AT = re.compile(
    r"(?:不去|不在|别去|别在|不要去|不要在|不想去|不想在)\s*([^，。,]+?)\s*(?:吃|用餐)"
)
_EATING_AT = re.compile(
    r"(?:就|还是|改|都)?在\s*([^，。,在]+?)\s*(?:附近|一带|周边)?\s*(?:吃|用餐|就餐)"
    r"|(?:\b(?:lunch|dinner)\s+(?:near|around|close to)|\b(?:eat|have|get|grab)\s+(?:(?:lunch|dinner)"
    r"\s+)?(?:near|at|in|by|around|close to))\s+"
    r"(?:the\s+)?(.+?)(?:\s+(?:on|for)\s+(?:day\s*\d+|the\s+\w+\s+day)|\s+please|[.!?]|$)"
    # 「第三天午饭在全聚德」, 「午饭去全聚德吃」: the meal's place said last, with or without 吃
    rf"|(?:{MEAL_RX})\s*(?:就|还是|改|都)?(?:在|去)\s*(?!吃)([^，。,在吃]+?)\s*(?:吃|用餐|就餐)?"
    r"(?:吧|呢|了|就行|就好)?$",
    re.I,
)
#: A meal asked at a place and no more (「晚饭就在南锣鼓巷吃」, not 「…吃烤鸭」): what is left after
#: the place said is only the eating and its particles.
_ONLY_THERE = re.compile(
    r"^\s*(?:吃|用餐|就餐)?\s*(?:饭)?\s*(?:吧|呢|了|就行|就好|可以吗)?\s*[。.!！]?\s*$"
)
_DISH = re.compile(
    r"(?:想吃|要吃|吃点|吃个|吃顿|吃|换成|改成|尝尝|尝)\s*([^，。,吃]+?)(?:吧|呢|了)?$"
)


#: Near where the night is spent (「酒店附近找家火锅」, "hotpot near the hotel").
NEAR_LODGING = re.compile(
    r"(?:酒店|宾馆|住处|住的地方|民宿|客栈)(?:的)?(?:附近|旁边|周边|楼下|边上)"
    r"|\bnear (?:the|our|my) (?:hotel|lodging|guesthouse|hostel|inn|place we stay)\b"
    r"|\bclose to (?:the|our|my) hotel\b",
    re.I,
)


def meal_of(text: str) -> str | None:
    """The meal (lunch/dinner) a clause is about: named (晚饭, "dinner"), or a time of day said
    with eating (「中午想吃海鲜」); None otherwise."""
    if m := re.search(MEAL_RX, text, re.I):
        return MEAL[m.group(0).lower()]
    if re.search(r"夜宵|宵夜|消夜|早茶|早点|早餐|早饭", text):
        return None  # 「第二天晚上想吃夜宵」: a late meal, a wish for the trip
    if re.search(_EAT, text, re.I) and (m := re.search("|".join(_WHEN_EATING), text)):
        return _WHEN_EATING[m.group(0)]
    return None


#: A meal asked for on a day (「第一天加上午饭」, 「第一天没有午饭」, "add lunch on day 1").
_ADD_MEAL = re.compile(
    r"加|补|安排|(?<!不)要吃|也吃|没有|没安排|没吃|\b(?:add|include|need|put in|fit in|schedule)\b|"
    r"\bno\s+(?:lunch|dinner)\b|\bwithout\s+(?:lunch|dinner)\b|\bthere'?s no\b",
    re.I,
)
#: … but not one left out (「第二天不吃午饭」, "skip lunch").
_NO_MEAL = re.compile(r"不吃|不要|不用|不想吃|取消|去掉|\b(?:skip|drop|remove|cancel)\b", re.I)


def meal_added(text: str, it: Itinerary, day: int | None) -> AddMeal | None:
    """The lunch or dinner `text` asks to give a day (「第一天加上午饭」, "add lunch on day 1"):
    on `day`, else the one day of the plan without that meal; None when it asks none."""
    meal = meal_of(text)
    if meal is None or not _ADD_MEAL.search(text) or _NO_MEAL.search(text):
        return None
    if re.search(ELSEWHERE, text, re.I):
        return None  # 「换个地方吃午饭」: a swap
    if day is None:
        without = [d.index for d in it.days if not any(i.meal == meal for i in d.items)]
        day = without[0] if len(without) == 1 else 1 if len(it.days) == 1 else None
    return None if day is None else AddMeal(day=day, meal=meal)


def meal_edit(text: str, it: Itinerary, kb: KnowledgeBase, day: int | None) -> SwapMeal | None:
    """The meal change `text` asks for on `day` (None: the caller found none; 「不去虎跳峡镇吃饭」
    then names the day whose lunch or dinner is there, when only one is), or None."""
    meal = meal_of(text)
    away = NOT_EATING_AT.search(text)
    if day is None and away is not None:
        eaten = [e for e in _meals_at(clean(away.group(1)), it, kb) if meal in (None, e[1])]
        if len(eaten) == 1:
            day, meal = eaten[0][0], meal or eaten[0][1]
    if day is None:
        return None
    if (hotel := _lodging_near(text, it, day)) is not None and (dish := _dish(text, it, kb)):
        return SwapMeal(day=day, meal=meal or "dinner", dish=dish, near=hotel)  # the day's end
    if meal is None and away is None:
        return None
    if meal is None:  # 「不去虎跳峡镇吃饭」: the day's meal nearest that place
        meal = _meal_near(it, kb, day, clean(away.group(1)) if away else "")
    near = _near(text, it, kb, away)
    dish = _dish(text, it, kb) if near is None else None
    cheaper = bool(CHEAPER.search(text))
    if (
        near is None
        and dish is None
        and away is None
        and not cheaper
        and not re.search(ELSEWHERE, text, re.I)
    ):
        return None
    restaurant = None
    if near is not None and isinstance(kb.place(near), Restaurant):
        restaurant, near = near, None
    if dish is None and near is None and restaurant is None:
        restaurant = _restaurant_named(text, it, kb)
    if restaurant is not None:
        cheaper = False  # the place named is the one asked for
    return SwapMeal(
        day=day, meal=meal, restaurant=restaurant, dish=dish, near=near, cheaper=cheaper
    )


def _lodging_near(text: str, it: Itinerary, day: int) -> str | None:
    """The POI id of day `day`'s lodging (the night before on a last day) when `text` asks
    for a meal near it (`NEAR_LODGING`), else None."""
    if not NEAR_LODGING.search(text) or not 1 <= day <= len(it.days):
        return None
    nights = [d.lodging_id for d in it.days[:day] if d.lodging_id]
    return it.days[day - 1].lodging_id or (nights[-1] if nights else None)


def _near(text: str, it: Itinerary, kb: KnowledgeBase, away: re.Match[str] | None) -> str | None:
    """The POI id of the place the meal is asked at or near (「晚饭就在丽江古城吃」), or None."""
    for match in _EATING_AT.finditer(text):
        if away is not None and match.start() < away.end():
            continue  # 「不在X吃」 is where not to eat
        words = clean(match.group(1) or match.group(2) or match.group(3) or "")
        if len(words) < 2:
            continue
        try:
            place = find_place(
                words, kb, it.request.destinations, (Attraction, Restaurant, Lodging)
            )
        except EditRefused:
            continue
        return place.id
    return None


def _dish(text: str, it: Itinerary, kb: KnowledgeBase) -> str | None:
    """The dish or kind of food asked for the meal, as said (「啤酒鱼」, 「片儿川」), when the words
    name a food (`engine.understanding.food.find_food`) or a signature dish of a restaurant of
    the trip's destinations; None otherwise."""
    match = _DISH.search(re.sub(rf"(?:{MEAL_RX}|中午|晚上)", "", text, flags=re.I))
    words = clean(match.group(1)) if match else ""
    if words and (
        find_food(f"eat {words}" if words.isascii() else f"吃{words}").food
        or _served_here(words, it, kb)
    ):
        return words
    food = find_food(text).food  # "have seafood for dinner on day 2": the words of the food
    if not food:
        return None
    said = re.sub(r"^(?:(?:i|we)\s+)?(?:(?:would|'d)\s+like|want(?:\s+to)?|like|love|fancy)?\s*"
                  r"(?:(?:to\s+)?(?:have|eat|try)\s+)?(?:some\s+)?|\s+(?:for|at|on|near)\b.*$", "",
                  food[0].said, flags=re.I)  # fmt: skip
    return said.strip() or food[0].cuisine


def _served_here(words: str, it: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether a restaurant of the trip's destinations has a signature dish `words` name."""
    if len(words) < 2:
        return False
    for dest_id in it.request.destinations:
        dest = kb.destinations.get(dest_id)
        for r in dest.restaurants if dest else ():
            if any(words in d.lower() for d in (*r.signature_dishes_zh, *r.signature_dishes_en)):
                return True
    return False


def _restaurant_named(text: str, it: Itinerary, kb: KnowledgeBase) -> str | None:
    named = re.search(
        rf"(?:换成|改成|改在|换到|去)\s*([^，。,]+?)(?:吃)?(?:{MEAL_RX})?$|\bat\s+(.+)$", text, re.I
    )
    if not named:
        return None
    words = clean(named.group(1) or named.group(2))
    if not words or "地方" in words or len(words) < 2:
        return None
    try:
        return find_place(words, kb, it.request.destinations).id
    except EditRefused:
        return None


def _meal_near(it: Itinerary, kb: KnowledgeBase, day: int, words: str) -> str:
    """The meal (lunch/dinner) of `day` eaten nearest the place `words` name (dinner when none)."""
    try:
        place = find_place(words, kb, it.request.destinations, (Attraction, Restaurant, Lodging))
    except EditRefused:
        return "dinner"
    best: tuple[float, str] | None = None
    for item in it.days[day - 1].items if 1 <= day <= len(it.days) else ():
        at = kb.place(item.poi_id or "") if item.kind == ItemKind.MEAL else None
        if at is not None and item.meal in ("lunch", "dinner"):
            far = haversine_m(at.lat, at.lon, place.lat, place.lon)
            if best is None or far < best[0]:
                best = (far, item.meal or "dinner")
    return best[1] if best else "dinner"


def _meals_at(words: str, it: Itinerary, kb: KnowledgeBase) -> list[tuple[int, str]]:
    """The lunches and dinners of `it` (day, meal) at or near (`NEAR_M`) the place `words` name."""
    try:
        place = find_place(words, kb, it.request.destinations, (Attraction, Restaurant, Lodging))
    except EditRefused:
        return []
    out = []
    for d in it.days:
        for item in d.items:
            at = kb.place(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if (
                at is not None
                and item.meal in ("lunch", "dinner")
                and (
                    at.id == place.id or haversine_m(at.lat, at.lon, place.lat, place.lon) <= NEAR_M
                )
            ):
                out.append((d.index, item.meal or "dinner"))
    return out


#: How far from a day's sights a place may be for "eat there" said without a day to mean that
#: day's meal (metres): a day spent elsewhere keeps its meal.
DAY_REACH_M = 12_000


def meal_days_at(text: str, it: Itinerary, kb: KnowledgeBase) -> list[int]:
    """The days whose meal `text` moves to a place when it names the meal and where to eat it
    but no day (「晚饭就在丽江古城吃」): every day whose lunch/dinner (as said) is at a
    restaurant farther than `NEAR_M` from the place, while a sight of that day lies within
    `DAY_REACH_M` of it; [] when `text` is not such a change or no day qualifies."""
    meal = meal_of(text)
    if meal is None or NOT_EATING_AT.search(text) or _lodging_near(text, it, 1):
        return []
    place_id = _near(text, it, kb, None)
    place = kb.place(place_id) if place_id else None
    if place is None:
        return []
    days = []
    for d in it.days:
        eaten = [kb.place(i.poi_id or "") for i in d.items
                 if i.kind == ItemKind.MEAL and i.meal == meal and i.poi_id]  # fmt: skip
        sights = [kb.place(i.poi_id or "") for i in d.items
                  if i.kind == ItemKind.ATTRACTION and i.poi_id]  # fmt: skip
        if not eaten or eaten[0] is None or not isinstance(eaten[0], Restaurant):
            continue  # no restaurant meal that day (a station's, a packed lunch): kept
        if haversine_m(eaten[0].lat, eaten[0].lon, place.lat, place.lon) <= NEAR_M:
            continue  # already eaten there
        if any(s is not None and haversine_m(s.lat, s.lon, place.lat, place.lon) <= DAY_REACH_M
               for s in sights):  # fmt: skip
            days.append(d.index)
    return days


def meal_there(
    text: str, it: Itinerary, kb: KnowledgeBase, day: int | None
) -> tuple[Place | None, list[tuple[int, str, float]]]:
    """The place `text` asks a meal at and no more (「第三天晚饭就在南锣鼓巷吃」, 「第三天午饭在
    全聚德」: no dish, no cheaper, nowhere else), with the (day, restaurant name, metres from the
    place) of each such meal already there — at that restaurant or within `NEAR_M` of the
    place: on `day` (that day's meal only), or with no day said, every lunch/dinner (as said)
    of the plan when none is elsewhere (`meal_days_at`). (None, []) when `text` asks no such
    thing, (place, []) when the meal is elsewhere."""
    meal = meal_of(text)
    if (meal is None or NOT_EATING_AT.search(text) or CHEAPER.search(text)
            or re.search(ELSEWHERE, text, re.I) or _lodging_near(text, it, 1)):  # fmt: skip
        return None, []
    match = next((m for m in _EATING_AT.finditer(text)), None)
    place = kb.place(_near(text, it, kb, None) or "")
    if place is None or match is None or not (_ONLY_THERE.match(text[match.end():])
                                              or text.isascii()):  # fmt: skip
        return None, []
    if day is None and meal_days_at(text, it, kb):
        return place, []
    there = []
    for d in it.days if day is None else it.days[day - 1 : day]:
        for item in d.items:
            at = kb.place(item.poi_id or "") if item.meal == meal else None
            far = haversine_m(at.lat, at.lon, place.lat, place.lon) if at is not None else 1e9
            if isinstance(at, Restaurant) and (at.id == place.id or far <= NEAR_M):
                there.append((d.index, item.name, 0.0 if at.id == place.id else far))
    return place, there


def meal_place_answer(text: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """What to say when `text` asks a meal at a place where it already is (`meal_there`): on
    the day said (「第三天晚饭就在南锣鼓巷吃」 when day 3's dinner is 1 km from 南锣鼓巷), or on no
    day with every such meal there (「晚饭就在丽江古城吃」): the days, restaurants and how far
    they are (metres), and that nothing changes; None otherwise."""
    day = day_number(text, len(it.days))
    if day is not None and not 1 <= day <= len(it.days):
        return None
    place, there = meal_there(text, it, kb, day)
    meal = meal_of(text)
    if place is None or not there:
        return None
    if lang == "zh":
        word = "午饭" if meal == "lunch" else "晚饭"
        if len(there) == 1 and there[0][2] == 0:
            return f"第{there[0][0]}天的{word}已经在{place.name_zh}了，行程不用改"
        days = "，".join(f"第{d}天{name}" + (f"，相距约{far / 1000:.1f}公里" if far else "")
                        for d, name, far in there)  # fmt: skip
        return f"{word}已经安排在{place.name_zh}附近了（{days}），行程不用改"
    if len(there) == 1 and there[0][2] == 0:
        return f"day {there[0][0]}'s {meal} is already at {place.name_en}; nothing to change"
    days = "; ".join(f"day {d}: {name}" + (f", about {far / 1000:.1f} km away" if far else "")
                     for d, name, far in there)  # fmt: skip
    return f"{meal} is already near {place.name_en} ({days}); nothing to change"
