"""Questions about the weather and what to wear or bring on the trip (「四姑娘山现在冷吗？需要带
冰爪吗」, "is it cold in Harbin then?", "what should we wear?"), answered from what the knowledge
base knows — the destination's winter zone and summer heat by latitude and the height of the
plan's sights (`engine.knowledge.climate`), on the trip's dates — and said as an estimate, never
a forecast. A question about the trip is answered, never taken for a new trip.

Crampons and grips (冰爪, 防滑链, "crampons"): the knowledge base holds no trail conditions, so
the answer says so and gives the season's rule of thumb (icy paths in a freezing winter) with
"ask the scenic area before you go".
"""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.climate import clothes, freezing, highland, hot, is_winter, winter_zone
from engine.knowledge.schema import Attraction, Destination

#: Words that ask of the weather, what to wear, or gear for ice and snow.
WEATHER = re.compile(
    r"冷(?!门|饮|面|盘|清|静|漠)|热(?!闹|门|狗|干面|量|情|点|水|线|播|搜|爱)|天气|气温|温度|多少度|几度|下雪|下雨|结冰|冰雪|冰爪|防滑|雪地|穿什么|穿多少|穿啥|穿几件|"
    r"带什么衣服|带啥衣服|羽绒服|冲锋衣|保暖|"
    r"\b(?:cold|hot|warm|weather|temperatures?|snow(?:y|ing)?|ic[ey]|freez\w*|crampons?|"
    r"microspikes|what (?:to|should (?:i|we)) (?:wear|pack|bring)|down jacket)\b",
    re.I,
)
#: Gear for ice underfoot.
_GRIP = re.compile(r"冰爪|防滑|雪地|\bcrampons?\b|\bmicrospikes\b|\bgrips?\b", re.I)
#: A question, not a wish (「怕冷」 is a wish read by `engine.understanding.weather`).
_ASKS = re.compile(
    r"[吗嘛呢？?]\s*$|冷不冷|热不热|要不要|需不需要|用不用|怎么样|如何|什么|多少|几度|啥|"
    r"^\s*(?:is|are|will|would|do|does|should|what|how)\b",
    re.I,
)
#: A change asked with weather words (「天冷的话第二天少安排点户外」): left to the edits.
_CHANGE = re.compile(r"挪|换|去掉|删|加上|安排|改成|\b(?:move|add|remove|skip|swap)\b", re.I)
#: Degrees C the air cools per 1000 m climbed (the standard atmosphere's lapse rate, 6.5).
LAPSE_C_PER_KM = 6.5


def weather_answer(
    text: str, it: Itinerary, kb: KnowledgeBase, lang: str, said: str = ""
) -> str | None:
    """What the weather is like at the trip's destinations on its dates, what to wear, and,
    when asked, whether crampons are needed (see the module notes); None when `text` does not
    ask of the weather (a wish such as 「怕冷」, or a change asked).
    `said`: the whole follow-up `text` is a clause of; the answer is given for all of it, so
    two clauses (「四姑娘山现在冷吗？需要带冰爪吗」) get one answer, said once."""
    if not (WEATHER.search(text) and _ASKS.search(text)) or _CHANGE.search(text):
        return None
    if not it.days:
        return None
    text = said or text
    dests = _asked(text, it, kb)
    if not dests:
        return None
    parts = [_one(dest, it, kb, text, lang) for dest in dests]
    parts.append(pick(lang, "以上按纬度和海拔估计，不是天气预报；出发前请看当地天气预报",
                      "this is an estimate from latitude and height, not a forecast; check the "
                      "local forecast before you go"))  # fmt: skip
    return pick(lang, "。", ". ").join(p.rstrip("。. ") for p in parts)


def _asked(text: str, it: Itinerary, kb: KnowledgeBase) -> list[Destination]:
    """The trip's destinations `text` names, else all of them (in trip order)."""
    ids = list(dict.fromkeys(d.destination for d in it.days)) or list(it.request.destinations)
    dests = [d for d in map(kb.destinations.get, ids) if d is not None]
    low = text.lower()
    named = [
        d for d in dests if any(n and n.lower() in low for n in (d.name_zh, d.name_en, *d.aliases))
    ]
    return named or dests


def _one(dest: Destination, it: Itinerary, kb: KnowledgeBase, text: str, lang: str) -> str:
    """The answer for one destination: its season on the trip's dates, the plan's highest sight
    there, what to wear and, when asked, crampons."""
    dates = [d.date for d in it.days if d.destination == dest.id] or [it.days[0].date]
    month = dates[0].month
    zh = lang == "zh"
    when = _dates(dates, lang)
    parts = [f"{dest.name(lang)}（{when}）：{_season(dest, month, zh)}" if zh
             else f"{dest.name(lang)} ({when}): {_season(dest, month, zh)}"]  # fmt: skip
    top = _highest(dest, it, kb)
    if top is not None and (top.altitude_m or 0) >= 2000:
        colder = round((top.altitude_m or 0) / 1000 * LAPSE_C_PER_KM)
        parts.append(pick(lang,
            f"行程里最高到{top.name_zh}约{top.altitude_m}米，高处比同纬度的平原冷约{colder}°C（海拔每升高1000米约降{LAPSE_C_PER_KM}°C），"
            "风大时更冷",
            f"the plan's highest point is {top.name_en} at about {top.altitude_m} m, about "
            f"{colder} °C colder than the plains at that latitude ({LAPSE_C_PER_KM} °C per 1000 m), colder in the wind"))  # fmt: skip
    wear = clothes(dest, month, zh)
    parts.append(pick(lang, "建议带：" + "；".join(wear), "bring " + "; ".join(wear)))
    if _GRIP.search(text):
        parts.append(_grips(dest, month, top, lang))
    return pick(lang, "；", "; ").join(parts)


def _season(dest: Destination, month: int, zh: bool) -> str:
    zone = winter_zone(dest)
    if freezing(dest, month):
        return ("冬天，当地冬季均温在0°C以下，早晚零下，路面和步道可能结冰、积雪" if zh else
                "winter, with mean temperatures below 0 °C: below freezing mornings and "
                "evenings, ice and snow possible on roads and trails")  # fmt: skip
    if is_winter(zone, month):
        return ("冬天湿冷，一般不结冰，室内多无暖气" if zone == "cool" and zh else
                "damp, cool winter, seldom freezing, rooms rarely heated" if zone == "cool" else
                "冬天温和，白天不冷、早晚凉" if zh else "a mild winter: not cold by day, cool "
                "mornings and evenings")  # fmt: skip
    if hot(dest, month):
        return "天气炎热，白天常有30°C以上" if zh else "hot, often above 30 °C by day"
    if zone == "tropical":
        return "热带，全年温暖" if zh else "tropical, warm all year"
    if highland(dest):
        return ("高原不热，白天凉爽、早晚冷，日照强" if zh else
                "not hot up high: cool days, cold mornings and evenings, strong sun")  # fmt: skip
    return "不冷不热，早晚温差大" if zh else "neither cold nor hot, cooler mornings and evenings"


def _grips(dest: Destination, month: int, top: Attraction | None, lang: str) -> str:
    high = f"{top.altitude_m}" if top is not None and top.altitude_m else ""
    if freezing(dest, month):
        return pick(lang,
            "冰爪：资料里没有各条步道的实时结冰情况；冬天"
            + (f"在{high}米一带" if high else "在山上") + "徒步，背阴处常有冰雪，"
            "带一副简易冰爪（链式防滑鞋套）比较稳妥；栈道和观光车路段一般用不上，出发前问景区",
            "crampons: the knowledge base has no trail conditions; on winter hikes"
            + (f" at about {high} m" if high else " in the mountains") + " shaded paths are "
            "often icy, so a pair of light crampons (microspikes) is the safe choice; boardwalks "
            "and the shuttle-bus roads seldom need them — ask the scenic area before you go")  # fmt: skip
    return pick(lang,
        "冰爪：这几天不在当地结冰的季节，一般用不上；上雪山前仍请问景区",
        "crampons: these dates are outside the freezing season there, so they are seldom "
        "needed; ask the scenic area before going up a snow mountain")  # fmt: skip


def _highest(dest: Destination, it: Itinerary, kb: KnowledgeBase) -> Attraction | None:
    """The plan's highest sight at `dest` with a known height, else the destination's."""
    seen = [a for d in it.days if d.destination == dest.id for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.poi_id
            and isinstance(a := kb.attraction(i.poi_id), Attraction) and a.altitude_m]  # fmt: skip
    pool = seen or [a for a in dest.attractions if a.altitude_m]
    return max(pool, key=lambda a: a.altitude_m or 0, default=None)


def _dates(dates: list[dt.date], lang: str) -> str:
    first, last = dates[0], dates[-1]
    if lang == "zh":
        return f"{first.month}月{first.day}日" + (
            f"–{last.month}月{last.day}日" if last != first else ""
        )
    return first.strftime("%d %b").lstrip("0") + (
        "–" + last.strftime("%d %b").lstrip("0") if last != first else ""
    )
