"""The report's answer to a low budget said in words (穷游, 学生党, 预算有限, "on a tight budget",
`engine.understanding.thrift`; `meal_price.low_budget`).

With no number said, such a trip is planned in economy mode (`engine.planning.planner`): the cheapest intercity legs,
restaurants up to `meal_price.ECONOMY_MEAL_CAP` CNY a head, dear tickets weighed against their
worth (headline sights kept), rooms at the low end of each lodging area's prices
(`room_level.asked_level`), buses and the metro unless a local mode was said. `answer` says
what the plan holds: the rooms (CNY per room-night and a head; said as estimated unless the
area's range is a verified record — the knowledge base holds areas, not hostels, so no dorm-bed
price is ever given), the lunches and dinners (CNY a head), the local rides and the total; a
meal over the cap is said with its place (partly honoured). A number said too (预算3000) stays
the budget: it decides the legs, meals and tickets (the plan as asked, made cheaper by
`budget_fit` when over it; its own row answers it), the words still asking for the cheap rooms
and the buses and metro.
"""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning import room_level
from engine.planning import wish_places as wp
from engine.planning.candidates import rooms
from engine.planning.meal_price import ECONOMY_MEAL_CAP


def answer(w: Wish, plan: Itinerary, kb: KnowledgeBase, rides: WishCheck) -> WishCheck:
    """The row of the low-budget wish `w` (see the module docstring); `rides` is the answer
    a ``public`` local-transport wish would get (its message says the rides)."""
    lang = plan.lang
    said, over = meals(plan, kb)
    if plan.request.budget_cny is not None:
        over = []  # a number said: its meals are the number's (`meal_price.meal_cap`)
    parts = [p for p in (_rooms(plan, kb), said) if p]
    if rides.status == "honoured" and plan.request.local_transport is None:
        parts.append(rides.message)
    parts.append(pick(lang, f"全程约{plan.total_cost_cny:.0f}元",
                      f"about {plan.total_cost_cny:.0f} CNY in all"))  # fmt: skip
    message = pick(lang, "按省钱安排：", "planned on a budget: ")
    message += pick(lang, "；", "; ").join(parts)
    if not over:
        return wp._ok(w, message)
    names = join_names([f"{r.name(lang)}（{r.price_per_person_cny:.0f}元）" if lang == "zh"
                        else f"{r.name(lang)} ({r.price_per_person_cny:.0f} CNY)"
                        for r in over], lang)  # fmt: skip
    return wp._partly(w, message,
                      pick(lang, f"{names}超过人均{ECONOMY_MEAL_CAP:.0f}元：附近没有更便宜的已知餐馆",
                           f"{names} over {ECONOMY_MEAL_CAP:.0f} CNY a head: no cheaper place "
                           "to eat is known nearby"), "")  # fmt: skip


def _rooms(plan: Itinerary, kb: KnowledgeBase) -> str:
    """「住经济型约250元/间·晚（估算，2人一间每人约125元）」, or empty with no night known."""
    nights = room_level.nights_of(plan, kb)
    if not nights:
        return ""
    lang = plan.lang
    n_rooms = rooms(plan.request)
    size = plan.request.party.size
    per_room = sorted({item.cost_cny / n_rooms for item, _ in nights})
    low, high = per_room[0], per_room[-1]
    said = f"{low:.0f}" if low == high else f"{low:.0f}–{high:.0f}"
    estimated = any(lodging.confidence != "verified" for _, lodging in nights)
    head = ""
    if size > 1:
        per_head = [p * n_rooms / size for p in (low, high)]
        shown = (f"{per_head[0]:.0f}" if low == high
                 else f"{per_head[0]:.0f}–{per_head[1]:.0f}")  # fmt: skip
        head = pick(lang, f"{size}人每人约{shown}元", f"about {shown} CNY a head for {size}")
    notes = [n for n in (pick(lang, "估算", "estimated") if estimated else "", head) if n]
    tail = pick(lang, f"（{'，'.join(notes)}）", f" ({', '.join(notes)})") if notes else ""
    level = room_level.plan_level(plan, kb)
    zh, en = room_level.NAMES[level[0] if level else "economy"]
    return pick(lang, f"住{zh}约{said}元/间·晚{tail}",
                f"{en} rooms at about {said} CNY per room-night{tail}")  # fmt: skip


def meals(plan: Itinerary, kb: KnowledgeBase) -> tuple[str, list[Restaurant]]:
    """(「午晚餐人均22–60元」, the places over `ECONOMY_MEAL_CAP` a head) of the plan's lunches
    and dinners at known places; ("", []) when it has none."""
    places = []
    for day in plan.days:
        for item in day.items:
            if item.kind == ItemKind.MEAL and item.meal in ("lunch", "dinner"):
                place = kb.restaurant(item.poi_id or "")
                if isinstance(place, Restaurant):
                    places.append(place)
    if not places:
        return "", []
    prices = [r.price_per_person_cny for r in places]
    low, high = min(prices), max(prices)
    said = f"{low:.0f}" if low == high else f"{low:.0f}–{high:.0f}"
    over = list({r.id: r for r in places if r.price_per_person_cny > ECONOMY_MEAL_CAP}.values())
    return pick(plan.lang, f"午晚餐人均{said}元", f"lunches and dinners {said} CNY a head"), over
