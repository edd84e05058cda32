"""Packing list rules: what to bring given the places' tags, the month and who travels."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.climate import clothes, freezing
from engine.knowledge.schema import Destination
from engine.planning.candidates import gentle_climb

_RAIN = {"water", "lake", "water-town"}
# (condition tags, zh, en); a rule applies when any tag of a planned attraction matches.
# Hiking gear only for a hike on foot (`hiking`, not ridden up by cable car for limited
# mobility), a coat for dawn only when a dawn outing is planned (`_dawn`).
_TAG_RULES = [
    ({"hiking"}, "防滑登山鞋、登山杖", "non-slip hiking shoes and a trekking pole"),
    (_RAIN, "雨伞或雨衣（水边常有阵雨）", "an umbrella or rain jacket"),
    ({"sea", "beach"}, "防晒霜、遮阳帽、泳衣", "sunscreen, a sun hat, swimwear"),
    ({"theme-park"}, "充电宝、舒适的鞋", "a power bank and comfortable shoes"),
]


def packing_list(itinerary: Itinerary, kb: KnowledgeBase) -> list[str]:
    """Packing items (in the itinerary's language), general ones first; clothes by each
    destination's climate in the month of the stay (`engine.knowledge.climate`)."""
    zh = itinerary.lang == "zh"
    items = [
        "身份证/护照（高铁和景区实名制）"
        if zh
        else "ID card or passport (trains and sights check names)",
        "手机、充电宝、充电线" if zh else "phone, power bank and cable",
        "舒适的步行鞋" if zh else "comfortable walking shoes",
    ]
    if any(i.mode == Mode.DRIVE for d in itinerary.days for i in d.items):
        items.insert(1, "驾驶证、行驶证（租车带驾驶证和身份证）" if zh
                     else "driving licence and the car's papers (a Chinese licence to rent)")  # fmt: skip
    tags: set[str] = set()
    for day in itinerary.days:
        for item in day.items:
            place = kb.attraction(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if place is not None:
                tags |= set(place.tags) - (
                    {"hiking"} if gentle_climb(place, itinerary.request) else set()
                )
    stays = _stays(itinerary, kb)
    snow_only = bool(stays) and all(freezing(d, m) for d, m in stays)
    for rule_tags, text_zh, text_en in _TAG_RULES:
        if snow_only and rule_tags == _RAIN:
            continue  # a freezing winter month: snow and ice, not showers
        if tags & rule_tags:
            text = text_zh if zh else text_en
            if text not in items:
                items.append(text)
    if _dawn(itinerary):
        items.append(
            "看日出的厚外套和头灯（清晨很冷，山上比山下低约10℃）"
            if zh
            else "a warm layer and a head torch for the dawn outing (mountain tops are about "
            "10 °C colder)"
        )
    for dest, month in _stays(itinerary, kb):
        for text in clothes(dest, month, zh):
            if text not in items:
                items.append(text)
    if itinerary.request.party.children:
        items.append(
            "孩子的零食、水杯和常用药"
            if zh
            else "snacks, a water bottle and basic medicine for the children"
        )
    if itinerary.request.party.seniors:
        items.append(
            "老人常用药、折叠凳" if zh else "regular medicine for seniors, a folding stool"
        )
    return items


def _dawn(itinerary: Itinerary) -> bool:
    """Whether the plan goes out for a sunrise (a dawn outing or a visit before 07:00)."""
    return any(
        (i.kind == ItemKind.FREE and ("日出" in i.name or "Sunrise" in i.name))
        or (i.kind == ItemKind.ATTRACTION and i.start.hour < 7)
        for d in itinerary.days
        for i in d.items
    )


def _stays(itinerary: Itinerary, kb: KnowledgeBase) -> list[tuple[Destination, int]]:
    """(destination, month of its first day) for each destination of the plan, in order."""
    out: list[tuple[Destination, int]] = []
    for day in itinerary.days:
        dest = kb.destinations.get(day.destination)
        if dest is not None and all(d.id != dest.id for d, _ in out):
            out.append((dest, day.date.month))
    return out
