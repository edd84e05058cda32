"""How good a room each night gets: a level within each lodging area's nightly price range.

The knowledge base holds lodging *areas*, each with the typical nightly price of a room there
(`Lodging.price_min_cny`–`price_max_cny`, CNY per room-night; curated ranges, see each record's
``source``). A level is a point in that range (`FRACTION`):

- ``economy`` (the low end): a budget too small for the first plan (`engine.planning.budget_fit`),
  or asked for (青旅, 经济型: `LodgingWish.kind` ``hostel``/``budget``; 穷游, 学生党, "on a
  tight budget": `meal_price.low_budget`);
- ``standard`` (a third of the way up, `candidates.nightly_price`): the default, kept when no
  budget is said and no level asked for;
- ``comfort`` (舒适型, 0.6 of the way): asked for (舒适型, 住好一点, "a nice hotel"), or bought by a
  budget well above the plan's cost;
- ``luxury`` (高档, 0.85 of the way): asked for (五星, 豪华, luxury), or bought by a budget far above it.

`choose` picks the level once a plan is made: an asked dearer level only as far as the budget
allows (stepping down to ``standard``; a plan cut to fit the budget keeps its cheap rooms when
no step fits); with no level asked, the first (standard) plan's dearest level whose extra cost
is at most `SPARE_SHARE` of what the budget leaves over (never above the budget); with no
budget, the level asked. `reprice` sets the nights' prices
(`Item.cost_cny`, the whole party's rooms) and says the level in each night's note;
`plan_level` reads the level back from a plan's prices (for the report's answers).
"""

from __future__ import annotations

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Lodging
from engine.planning.candidates import rooms
from engine.planning.meal_price import low_budget

ORDER = ("economy", "standard", "comfort", "luxury")
#: Where each level sits in an area's price range (0 = its low end, 1 = its high end).
FRACTION = {"economy": 0.0, "standard": 1 / 3, "comfort": 0.6, "luxury": 0.85}
#: Names said in the plan (zh, en).
NAMES = {"economy": ("经济型", "budget"), "standard": ("标准", "standard"),
         "comfort": ("舒适型", "comfortable"), "luxury": ("高档", "upscale")}  # fmt: skip
#: The level a lodging kind asks for (`LodgingWish.kind`); other kinds keep the budget's.
KIND_LEVEL = {"hostel": "economy", "budget": "economy", "comfort": "comfort", "luxury": "luxury"}
#: An unasked upgrade spends at most this share of what the budget leaves over.
SPARE_SHARE = 0.5


def price_at(lodging: Lodging, level: str) -> float:
    """Price per room-night (CNY) at `level` in `lodging`'s range (the low end for economy,
    rounded to 10 CNY otherwise, as `candidates.nightly_price`)."""
    low, high = lodging.price_min_cny, lodging.price_max_cny
    if level == "economy":
        return low
    return round(low + (high - low) * FRACTION[level], -1)


def asked_level(request: TripRequest) -> str | None:
    """The level the lodging kind wished asks for (`KIND_LEVEL`); else ``economy`` for a low
    budget said in words (穷游, 学生党: `meal_price.low_budget`); else None."""
    kind = request.lodging.kind
    if kind in KIND_LEVEL:
        return KIND_LEVEL[kind]
    return "economy" if low_budget(request) else None


def choose(
    request: TripRequest, nights: list[tuple[Item, Lodging]], total_cny: float, *, upgrade: bool
) -> str | None:
    """The level for the rooms of a plan whose `nights` (items as priced now, their lodgings)
    cost `total_cny` in all, or None to keep them as they are (see the module docstring).
    `upgrade`: whether a budget may buy a level not asked for (the first, standard-priced
    plan; not the cheaper plans that fit a budget, `engine.planning.budget_fit`)."""
    asked = asked_level(request)
    budget = request.budget_cny
    if asked == "economy" or not nights:
        return asked
    n_rooms = rooms(request)

    def extra(level: str) -> float:
        return sum(price_at(lo, level) * n_rooms - item.cost_cny for item, lo in nights)

    if budget is None:
        return asked
    spare = budget - total_cny
    if asked is not None:
        steps = ORDER[ORDER.index("standard") : ORDER.index(asked) + 1]
        return next((lv for lv in reversed(steps) if 0 < extra(lv) <= spare), None)
    if upgrade:
        return next((lv for lv in ("luxury", "comfort") if 0 < extra(lv) <= SPARE_SHARE * spare),
                    None)  # fmt: skip
    return None


def night_note(price: float, n_rooms: int, level: str | None, lang: str) -> str:
    """A night's note: 「住宿约840元/间·晚 × 1间（舒适型）」 (no level said for ``standard``)."""
    said = "" if level in (None, "standard") else NAMES[level or "standard"]
    return pick(
        lang,
        f"住宿约{price:.0f}元/间·晚 × {n_rooms}间" + (f"（{said[0]}）" if said else ""),
        f"about {price:.0f} CNY per room-night × {n_rooms}" + (f" ({said[1]})" if said else ""),
    )


def reprice(plan: Itinerary, kb: KnowledgeBase, level: str) -> Itinerary:
    """`plan` with each night priced at `level` (cost for all the party's rooms, note saying
    the level); the same plan when no night's price changes. The feasibility report is left
    as it was: validate again."""
    n_rooms = rooms(plan.request)
    changed = False

    def night(item: Item) -> Item:
        nonlocal changed
        lodging = kb.lodging(item.poi_id or "") if item.kind == ItemKind.LODGING else None
        if lodging is None:
            return item
        price = price_at(lodging, level)
        note = night_note(price, n_rooms, level, plan.lang)
        if price * n_rooms == item.cost_cny and note == item.note:
            return item  # (an economy plan's nights are at the low end already: said so)
        changed = True
        return item.model_copy(update={"cost_cny": price * n_rooms, "note": note})

    days = tuple(
        d.model_copy(update={"items": tuple(night(i) for i in d.items)}) for d in plan.days
    )
    return plan.model_copy(update={"days": days}) if changed else plan


def nights_of(plan: Itinerary, kb: KnowledgeBase) -> list[tuple[Item, Lodging]]:
    """The plan's nights with their lodging records (nights at unknown places left out)."""
    out = []
    for day in plan.days:
        for item in day.items:
            lodging = kb.lodging(item.poi_id or "") if item.kind == ItemKind.LODGING else None
            if lodging is not None:
                out.append((item, lodging))
    return out


def item_level(item: Item, lodging: Lodging, n_rooms: int) -> str | None:
    """The level `item` (a night at `lodging`) is priced at, or None when its price is none of
    them or the range cannot tell (one price for every level). ``standard`` wins a tie."""
    if lodging.price_min_cny >= lodging.price_max_cny:
        return None
    per_room = item.cost_cny / max(1, n_rooms)
    for level in ("standard", *reversed(ORDER)):
        if abs(price_at(lodging, level) - per_room) < 1:
            return level
    return None


def plan_level(plan: Itinerary, kb: KnowledgeBase) -> tuple[str, float] | None:
    """The level of the plan's rooms and the first such night's price per room (CNY), read
    from the nights whose range tells levels apart (the cheapest level among them); None when
    none tells."""
    n_rooms = rooms(plan.request)
    found = [(lv, item.cost_cny / n_rooms) for item, lodging in nights_of(plan, kb)
             if (lv := item_level(item, lodging, n_rooms)) is not None]  # fmt: skip
    if not found:
        return None
    return min(found, key=lambda f: ORDER.index(f[0]))


def budget_note(plan: Itinerary, kb: KnowledgeBase) -> str:
    """「；预算宽裕，住宿按舒适型（约840元/间·晚）安排」 when the budget, not a wish, bought rooms
    above the standard level; else empty."""
    found = plan_level(plan, kb)
    if found is None or asked_level(plan.request) is not None:
        return ""
    level, price = found
    if ORDER.index(level) <= ORDER.index("standard"):
        return ""
    zh, en = NAMES[level]
    return pick(plan.lang, f"；预算宽裕，住宿按{zh}（约{price:.0f}元/间·晚）安排",
                f"; the budget is generous: {en} rooms (about {price:.0f} CNY per room-night)")  # fmt: skip
