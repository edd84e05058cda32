"""Questions about a place of the trip, answered from the knowledge base on the plan's dates:
「丽江古城要门票吗」, 「故宫几点开门」, 「兵马俑要预约吗」, 「拙政园附近有什么好吃的」, "How much is
the Summer Palace?", "when do we go to the Bund?"; access, altitude and lights
(「日光岩轮椅能上去吗」, 「1岁宝宝能上玉龙雪山吗？会不会高反」, 「外滩几点亮灯」) by
`engine.understanding.place_facts`.

A follow-up that asks rather than changes is answered, never said back as 「这个我还做不到」,
never recorded as a wish (「记下了：高反」) and never taken for a new trip. Facts come from the
place's record (`engine.knowledge.schema`: price by date `engine.knowledge.prices.adult_price`,
hours by date `engine.knowledge.hours.place_windows`, reservation rules, restaurants within
`engine.editing.fitting.NEAR_M`, the nearness a meal edit uses) with the record's ``as_of`` said, so a traveller knows how fresh the fact is.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.fitting import NEAR_M
from engine.editing.places import place_names
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import HoursError, fmt_minutes, place_windows
from engine.knowledge.prices import adult_price
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning.altitude import ACCLIMATISE_M
from engine.understanding.place_facts import (
    ACCESS,
    ALTITUDE,
    CHILD,
    LIGHTS,
    access_answer,
    altitude_answer,
    lights_answer,
)
from engine.understanding.place_route import GETTING_THERE, getting_there
from engine.understanding.place_said import activity_venue, area_named, english_named

_ASKS = re.compile(
    r"[吗嘛呢？?]\s*$|多少钱|几点|提前几天|提前多久|什么时候|哪天|哪里|哪儿|在哪|要不要|需不需要|是否|有没有|有什么|怎么样|值得|"
    r"\b(?:how much|what time|when (?:do|does|is|are|can)|which day|do (?:i|we) need|is it|"
    r"where (?:is|are|can|do|does|to)|"
    r"are there|anything good|worth)\b",
    re.I,
)
_PRICE = re.compile(
    r"门票|票价|多少钱|收费|免费|贵不贵|\bticket|\bprice|\bcost|how much|\bfree\b", re.I
)
_HOURS = re.compile(
    r"几点|开门|关门|开放时间|营业|闭馆|开演|开场|\bopen|\bclose|\bhours\b|\bstarts?\b|\bbegins?\b",
    re.I,
)
_BOOK = re.compile(r"预约|预订|预定|订票|抢票|\bbook|\breserv|\bin advance\b", re.I)
_FOOD = re.compile(r"好吃|吃的|美食|餐厅|饭店|小吃|\beat\b|\bfood\b|restaurant", re.I)
_WHEN = re.compile(r"什么时候去|哪天去|第几天|when (?:do|will|are|can) we|which day", re.I)
#: An English question said without its question mark ("Is Tiger Hill wheelchair accessible"):
#: a question when it asks of access, altitude or lights.
_ASKS_EN = re.compile(r"^\s*(?:is|are|can|could|will|would|does|do|how)\b", re.I)
#: 「能不能」, 「可不可以」: a change asked (「能不能把故宫挪到第一天」) unless the words ask of
#: access, altitude or lights (「轮椅能不能上去」, 「会不会高反」).
_MAY = re.compile(r"能不能|可不可以|能否|会不会|多高")
#: Seniors said with no other thing asked (「老人能上去吗」): a question of access.
_SENIORS = re.compile(r"老人|老年人|长辈|\belderly\b|\bseniors?\b", re.I)
#: A change asked, not a question (「能不能把故宫挪到第一天」): left to the edits.
_CHANGE = re.compile(
    r"挪|换|去掉|删|加上|加一|改成|改到|安排|提前.{0,3}(?:出发|走|回|到|天)(?!.{0,4}(?:预约|预订|预定|订票|买票|抢票))|推迟|住|想去|不去|不想|别去|"
    r"\bmove\b|\badd\b|\bremove\b|\bskip\b|\bstay\b|"
    r"\bswap\b|\breplace\b",
    re.I,
)


def place_question_answer(
    text: str, it: Itinerary, kb: KnowledgeBase, lang: str, said: str = ""
) -> str | None:
    """The answer to `text` when it asks about a place of the trip's destinations (price,
    hours, booking, food nearby, which day, access — steps, wheelchairs, pushchairs
    (`place_facts.access_answer`) —, altitude and small children (`place_facts.altitude_answer`),
    when its lights are seen (`place_facts.lights_answer`), or what it is); None when it asks no
    such thing (a change asked: 「能不能把故宫挪到第一天」).
    `said`: the whole follow-up `text` is a clause of, whose place a clause naming none asks
    about (「故宫几点开门？要预约吗」).

    The date is the day the plan visits the place, else the trip's first day."""
    facts = bool(ACCESS.search(text) or ALTITUDE.search(text) or LIGHTS.search(text))
    asks = (
        _ASKS.search(text)
        or GETTING_THERE.search(text)
        or (facts and (_ASKS_EN.match(text) or _MAY.search(text)))
    )
    if not asks or _CHANGE.search(text) or (_MAY.search(text) and not facts):
        return None
    named = _named_place(text, it, kb) or (_named_place(said, it, kb) if said else None)
    if named is None:
        area, sights = area_named(text, kb, it.request.destinations)
        return _area_answer(area, sights, text, it, kb, lang) if area else None
    return _answer(*named, text, it, kb, lang)


def _answer(
    place: Attraction | Restaurant,
    part: tuple[str, str] | None,
    text: str,
    it: Itinerary,
    kb: KnowledgeBase,
    lang: str,
) -> str:
    """The answer to `text` about `place` (or its highlight `part`)."""
    facts = bool(ACCESS.search(text) or ALTITUDE.search(text) or LIGHTS.search(text))
    day = _visit_day(it, place.id)
    date = it.days[day - 1].date if day else (it.days[0].date if it.days else dt.date.today())
    zh = lang == "zh"
    name = place.name(lang)
    if part is not None:  # 「日光岩轮椅能上去吗」: a part of 鼓浪屿, answered from 鼓浪屿's record
        name = f"{part[0]}（在{name}）" if zh else f"{part[1]} (in {name})"
    parts: list[str] = []
    asked_any = False
    if _FOOD.search(text):
        asked_any = True
        parts.append(_food_near(place, it, kb, lang))
    lights = bool(LIGHTS.search(text))
    high = isinstance(place, Attraction) and (place.altitude_m or 0) >= ACCLIMATISE_M
    # 「1岁宝宝能上玉龙雪山吗」: a child up a high place is a question of its altitude
    if ALTITUDE.search(text) or (high and CHILD.search(text) and not facts):
        asked_any = True
        parts.append(altitude_answer(place, kb, text, it.request.party.children, lang))
    elif ACCESS.search(text) or (_SENIORS.search(text) and not _others(text)):
        asked_any = True
        parts.append(access_answer(place, kb, lang))
    if lights:
        asked_any = True
        parts.append(lights_answer(place, date, lang))
    if isinstance(place, Attraction):
        if _PRICE.search(text):
            asked_any = True
            parts.append(_price(place, date, lang))
        if _HOURS.search(_WHAT_TIME.sub("", text) if lights else text):  # 「几点亮灯」: lights
            asked_any = True
            parts.append(_hours(place, date, lang))
        if _BOOK.search(text):
            asked_any = True
            parts.append(_booking(place, lang))
    if GETTING_THERE.search(text):
        asked_any = True
        parts.append(getting_there(place, it, day, lang))
    if _WHEN.search(text):
        asked_any = True
    if not asked_any:  # 「丽江古城怎么样」: what it is, and its price
        description = place.description_zh if zh else place.description_en
        if description:
            parts.append(description.rstrip("。. "))
        if isinstance(place, Attraction):
            parts.append(_price(place, date, lang))
    parts.append(_in_plan(it, place.id, day, lang))
    fresh = f"（资料截至{place.as_of:%Y-%m}）" if zh else f" (facts as of {place.as_of:%Y-%m})"
    end = "。" if zh else ". "
    lines = [p.rstrip("。. ") for p in parts if p]
    body = end.join(lines if zh else [p[:1].upper() + p[1:] for p in lines])
    return f"{name}：{body}{fresh}" if zh else f"{name}: {body}{fresh}"


#: 「几点」, "what time": said of the lights (「外滩几点亮灯」), not of the opening hours.
_WHAT_TIME = re.compile(r"几点|what time|\bwhen\b", re.I)


def _others(text: str) -> bool:
    """Whether `text` asks of a price, hours, booking or food (「老人门票多少钱」)."""
    return any(rx.search(text) for rx in (_PRICE, _HOURS, _BOOK, _FOOD))


def _named_place(
    text: str, it: Itinerary, kb: KnowledgeBase
) -> tuple[Attraction | Restaurant, tuple[str, str] | None] | None:
    """The place of the trip's destinations whose name (or alias) `text` holds, the longest
    name first (「丽江古城」 over 「丽江」), attractions and restaurants only, with None; else
    the attraction one of whose highlights `text` names, with that part's (Chinese, English)
    names (「日光岩」: 鼓浪屿, ("日光岩", "Sunlight Rock")); None when it names neither."""
    said = text.lower()
    best: tuple[int, Attraction | Restaurant] | None = None
    for d in it.request.destinations:
        dest = kb.destinations.get(d)
        if dest is None:
            continue
        places: tuple[Attraction | Restaurant, ...] = (*dest.attractions, *dest.restaurants)
        for place in places:
            for name in _plain(place_names(place)):  # "Panxi Restaurant" of "… (Lizhiwan)"
                if len(name) >= 2 and name in said and (best is None or len(name) > best[0]):
                    best = (len(name), place)
    if best is not None:
        return best[1], None
    sights = [a for d in it.request.destinations if (dest := kb.destinations.get(d))
              for a in dest.attractions]  # fmt: skip
    if area_named(text, kb, it.request.destinations)[0]:
        return None  # "West Lake": its sights, not the one named "West Lake Musical Fountain"
    if (said_en := english_named(text, sights)) is not None:  # "the panda base"
        return said_en, None
    part = _part_named(text, it, kb)
    if part is not None:
        return part[0], part[1:]
    venue = activity_venue(text, it, kb)  # 「评弹在哪里听」
    return (venue, None) if venue is not None else None


def _plain(names: list[str]) -> list[str]:
    """`names` and each without what is in brackets (「泮溪酒家（荔枝湾店）」 → 泮溪酒家), the
    names a traveller says; a bracket-less name of 4 characters or fewer is kept only whole."""
    bare = [re.sub(r"\s*[（(].*?[)）]\s*", "", n).strip() for n in names]
    return [*names, *(b for b in bare if b not in names and len(b) >= 4)]


def _area_answer(
    area: str, sights: list[str], text: str, it: Itinerary, kb: KnowledgeBase, lang: str
) -> str:
    """The answer to `text` about a scenic area of several sights (西湖): the answer for each
    of its sights the plan visits, else for its most popular ones, at most `_AREA_MAX`."""
    places = {a.id: a for d in it.request.destinations if (dest := kb.destinations.get(d))
              for a in dest.attractions}  # fmt: skip
    planned = [s for s in sights if _visit_day(it, s) is not None]
    shown = [places[s] for s in (planned or sights)[:_AREA_MAX] if s in places]
    head = (f"{area}不是单独一个景点，{'行程里的' if planned else ''}{area}景点："
            if lang == "zh" else f"{area} is not one sight but several; "
            f"{'those in the plan' if planned else 'the main ones'}:")  # fmt: skip
    return "\n".join([head, *(f"- {_answer(a, None, text, it, kb, lang)}" for a in shown)])


#: The most sights of an area an answer goes through.
_AREA_MAX = 4


def _part_named(text: str, it: Itinerary, kb: KnowledgeBase) -> tuple[Attraction, str, str] | None:
    """(attraction, Chinese name, English name) of the highlight of an attraction of the trip's
    destinations that `text` names (「日光岩」 of 鼓浪屿), the longest name first; None when none."""
    said = text.lower()
    best: tuple[int, Attraction, str, str] | None = None
    for d in it.request.destinations:
        dest = kb.destinations.get(d)
        for place in dest.attractions if dest else ():
            for h in place.highlights:
                named = (h.name_zh.lower(), h.name_en.lower())  # "sunlight rock (riguangyan)"
                for name in {*named, *(re.sub(r"\s*[（(].*?[)）]\s*", "", n) for n in named)}:
                    if len(name) >= 2 and name in said and (best is None or len(name) > best[0]):
                        best = (len(name), place, h.name_zh, h.name_en)
    return best[1:] if best else None


def _visit_day(it: Itinerary, poi_id: str) -> int | None:
    return next((d.index for d in it.days for i in d.items if i.poi_id == poi_id
                 and i.kind in (ItemKind.ATTRACTION, ItemKind.MEAL)), None)  # fmt: skip


def _price(place: Attraction, date: dt.date, lang: str) -> str:
    price = adult_price(place, date)
    zh = lang == "zh"
    when = f"{date.month}月{date.day}日" if zh else f"{date:%d %b}"
    if price <= 0:
        said = f"{when}免费参观" if zh else f"free to enter on {when}"
    else:
        said = f"{when}成人门票{price:.0f}元" if zh else f"adult ticket {price:.0f} CNY on {when}"
    note = place.ticket_note_zh if zh else place.ticket_note_en
    if place.transport_inside_cny:
        inside = place.transport_inside_cny
        said += (f"，另需交通/索道约{inside:.0f}元" if zh
                 else f", plus about {inside:.0f} CNY for transport inside")  # fmt: skip
    return (
        f"{said}（{note.rstrip('。. ')}）" if note and zh else f"{said} ({note})" if note else said
    )


#: Hours of a performance venue no longer than this are its shows, not a park's day, minutes
#: (蜀风雅韵 20:00–21:30, not 宋城 10:00–21:00).
_SHOW_SPAN_MAX = 4 * 60


def _hours(place: Attraction, date: dt.date, lang: str) -> str:
    zh = lang == "zh"
    when = f"{date.month}月{date.day}日" if zh else f"{date:%d %b}"
    try:
        windows = place_windows(place, date)
    except HoursError:
        windows = ()
    if not windows:
        return f"{when}不开放" if zh else f"closed on {when}"
    if windows == ((0, 24 * 60),):
        return f"{when}全天开放" if zh else f"open all day on {when}"
    span = "、".join(f"{fmt_minutes(a)}–{fmt_minutes(b)}" for a, b in windows)
    if "performance" in place.tags and sum(b - a for a, b in windows) <= _SHOW_SPAN_MAX:
        return f"{when}演出时间{span}" if zh else f"shows {span} on {when}"  # 川剧变脸 20:00–21:30
    said = f"{when}开放时间{span}" if zh else f"open {span} on {when}"
    if place.last_entry:
        last = fmt_minutes(windows[-1][1] - place.last_entry)
        said += f"，{last}停止入场" if zh else f", last entry {last}"
    return said


def _booking(place: Attraction, lang: str) -> str:
    zh = lang == "zh"
    note = place.reservation_note_zh if zh else place.reservation_note_en
    if place.reservation == "none":
        said = "不需要预约" if zh else "no booking needed"
    elif place.reservation == "required":
        said = "需要提前实名预约" if zh else "booking required"
    else:
        said = "建议提前预约" if zh else "booking recommended"
    if (lead := place.reservation_lead_days) and place.reservation != "none":  # 「要提前几天」
        said += f"（至少提前{lead}天）" if zh else f" (at least {lead} day{'s' * (lead > 1)} ahead)"
    return f"{said}：{note.rstrip('。. ')}" if note and zh else f"{said}: {note}" if note else said


def _food_near(place: Attraction | Restaurant, it: Itinerary, kb: KnowledgeBase, lang: str) -> str:
    zh = lang == "zh"
    near = []
    for d in it.request.destinations:
        dest = kb.destinations.get(d)
        for r in dest.restaurants if dest else ():
            far = haversine_m(r.lat, r.lon, place.lat, place.lon)
            if far <= NEAR_M and r.id != place.id and r.serves_meals and r.inside is None:
                near.append((far, r))
    near.sort(key=lambda t: t[0])
    if not near:
        return (f"知识库里{NEAR_M}米内没有收录餐馆" if zh
                else f"no restaurant within {NEAR_M} m in the knowledge base")  # fmt: skip
    if zh:
        return "附近能吃饭的：" + "；".join(
            f"{r.name_zh}（约{far:.0f}米，人均约{r.price_per_person_cny:.0f}元，"
            f"推荐{'、'.join(r.signature_dishes_zh[:2])}）"
            for far, r in near[:3]
        )
    return "Near it: " + "; ".join(
        f"{r.name_en} (about {far:.0f} m, about {r.price_per_person_cny:.0f} CNY a head, try "
        f"{', '.join(r.signature_dishes_en[:2])})"
        for far, r in near[:3]
    )


def _in_plan(it: Itinerary, poi_id: str, day: int | None, lang: str) -> str:
    zh = lang == "zh"
    if day is None:
        return ("这次行程里没有安排，想去可以说「加上」它" if zh
                else "it is not in this plan; say “add” it to include it")  # fmt: skip
    items = [i for i in it.days[day - 1].items if i.poi_id == poi_id
             and i.kind in (ItemKind.ATTRACTION, ItemKind.MEAL)]  # fmt: skip
    if not items:
        return ""
    i = items[0]
    return (f"行程里安排在第{day}天 {i.start:%H:%M}–{i.end:%H:%M}" if zh
            else f"the plan has it on day {day}, {i.start:%H:%M}–{i.end:%H:%M}")  # fmt: skip
