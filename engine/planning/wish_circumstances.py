"""The report's answer to a pet along, an occasion, or a concern for safety (``other`` wishes
valued ``pet:…``, ``occasion:…``, ``concern:safety``; read by
`engine.understanding.circumstances`).

None of these changes what the planner chooses yet, so none is ✅: each says what the plan
holds for it (the nights' lodging, the evening that suits an occasion, the latest hour back)
and what the traveller has to arrange, with the general rules said as estimates.

Pets: a lodging record says it takes pets only in its own words (「可带宠物」, ``good_for``
``pets``); none does today, so the nights are said as not known to take them. Paid scenic
areas, museums and temples are named as places that usually refuse pets: "出于安全、卫生等考虑，
大多数景区都禁止宠物进入" (news report on 遵义's A-level scenic areas opening to pets,
mcbbbk.com, 2025-09-29, read 2026-12-03) and 拙政园's visitor rules 「禁止携带…宠物（符合规定的
导盲犬除外）」 (zhejianglong.com, read 2026-12-03) — a general rule, estimated for each place.
"""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.planning import wish_places as wp

#: Kinds of sight that usually refuse pets beside paid scenic areas.
_NO_PET_TAGS = frozenset({"museum", "temple", "religion", "gallery", "indoor", "theme-park", "zoo"})
#: Words (zh, en) for each occasion (`engine.understanding.circumstances`).
_OCCASIONS = {
    "anniversary": ("纪念日", "the anniversary"),
    "honeymoon": ("蜜月", "the honeymoon"),
    "birthday": ("生日", "the birthday"),
    "proposal": ("求婚", "the proposal"),
}
#: An evening visit begins at this hour or later (minutes after midnight).
_EVENING = 17 * 60 + 30


def is_circumstance(value: str) -> bool:
    """Whether an ``other`` wish's value is answered here."""
    return value.startswith(("pet:", "occasion:", "concern:"))


def circumstance(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The answer to a pet, occasion or safety wish (see the module docstring)."""
    kind, _, detail = w.value.partition(":")
    if kind == "pet":
        return _pet(w, plan, kb)
    if kind == "occasion":
        return _occasion(w, plan, detail)
    return _safety(w, plan)


def _pet(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    nights = [i for d in plan.days for i in d.items if i.kind == ItemKind.LODGING]
    welcome = [i for i in nights if (lo := kb.lodging(i.poi_id or "")) is not None
               and ("pets" in lo.good_for or "可带宠物" in lo.description_zh)]  # fmt: skip
    refuse = []
    for _day, item in wp.visits(plan):
        place = kb.attraction(item.poi_id or "")
        if place is not None and (place.ticket_cny > 0 or _NO_PET_TAGS & set(place.tags)):
            refuse.append(item.name)
    refuse = list(dict.fromkeys(refuse))
    rule = pick(lang, "多数收门票的景区和博物馆、寺庙不让带宠物进（导盲犬除外；各处规定不同，估计）",
                "most paid scenic areas, museums and temples do not let pets in (guide dogs "
                "aside; rules differ, estimated)")  # fmt: skip
    if refuse:
        rule += pick(lang, f"：{join_names(refuse[:5], lang)}", f": {join_names(refuse[:5], lang)}")
    what = pick(lang, "找可带宠物的住处", "find lodging that takes pets")
    if nights and len(welcome) == len(nights):
        return wp._partly(w, pick(lang, f"住处可带宠物：{join_names([i.name for i in welcome], lang)}",
                                  f"lodging that takes pets: {join_names([i.name for i in welcome], lang)}"),
                          rule, pick(lang, "进景区那段时间安排人照看", "arrange a sitter for "
                                     "the scenic-area hours"))  # fmt: skip
    stays = join_names(list(dict.fromkeys(i.name for i in nights)), lang)
    message = pick(lang, f"没能{what}：资料里不知道{stays}哪家接受宠物",
                   f"could not {what}: which places at {stays} take pets is not known")  # fmt: skip
    if not nights:
        message = pick(lang, "行程没有为宠物做安排", "nothing in the plan is arranged for the pet")
    return wp._not(w, message, rule,
                   pick(lang, "订房前问清能否带宠物；进景区的那几个小时安排人照看，出发前看各景区的入园须知",
                        "ask each place to stay whether pets are welcome before booking; arrange "
                        "a sitter for the scenic-area hours, and read each site's visitor rules "
                        "before going"))  # fmt: skip


def _occasion(w: Wish, plan: Itinerary, detail: str) -> WishCheck:
    lang = plan.lang
    zh, en = _OCCASIONS.get(detail, ("这个日子", "the occasion"))
    evenings = [(d.index, i) for d in plan.days for i in d.items
                if i.kind == ItemKind.ATTRACTION
                and i.start.hour * 60 + i.start.minute >= _EVENING]  # fmt: skip
    if evenings:
        day, item = evenings[-1]
        held = pick(lang, f"第{day}天晚上{item.start:%H:%M}的{item.name}可以当作{zh}的一晚",
                    f"the evening of day {day} ({item.name} at {item.start:%H:%M}) can be "
                    f"{en}'s evening")  # fmt: skip
    else:
        held = pick(lang, f"行程里没有专门为{zh}的安排", f"nothing in the plan is for {en}")
    return wp._partly(w, pick(lang, f"记下了；{held}", f"noted; {held}"),
                      pick(lang, "规划器不会订纪念晚餐、也不会安排惊喜",
                           "the planner does not book a special dinner or arrange surprises"),
                      pick(lang, f"提前订一家好餐厅过{zh}的晚上，订房时告诉酒店是{zh}",
                           f"book a good restaurant for {en}'s evening, and tell the hotel "
                           "when booking"))  # fmt: skip


def _safety(w: Wish, plan: Itinerary) -> WishCheck:
    lang = plan.lang
    back = [(d.index, i.start) for d in plan.days for i in d.items if i.kind == ItemKind.LODGING]
    if back:
        day, latest = max(back, key=lambda b: b[1])
        held = pick(
            lang,
            f"每晚最晚{latest:%H:%M}回到住处（第{day}天）",
            f"back at the lodging by {latest:%H:%M} at the latest (day {day})",
        )
    else:
        held = pick(lang, "当天往返", "a day trip, no night away")
    return wp._partly(w, pick(lang, f"行程没有为安全专门改动；{held}",
                              f"the plan is not changed for safety; {held}"),
                      pick(lang, "只坐正规出租车或网约车、不坐黑车；把行程和住处发给家人朋友；"
                                 "晚上走灯亮人多的路；证件和手机电量备好，报警110、急救120",
                           "take only licensed taxis or ride-hailing cars, never unmarked ones; "
                           "share the plan and your lodging with someone at home; keep to lit, "
                           "busy streets at night; carry your passport and a charged phone; "
                           "police 110, ambulance 120"), "")  # fmt: skip
