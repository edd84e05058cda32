"""Suggested follow-up questions: 3–5, each one the revision policy understands."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace
from engine.knowledge.base import KnowledgeBase
from engine.planning.candidates import declined


def suggested_questions(itinerary: Itinerary, kb: KnowledgeBase) -> tuple[str, ...]:
    """Follow-ups grounded in this plan: swap a planned sight for a good unplanned one (never
    one the person declined: 「不去免税店」 is not answered with 「换成三亚国际免税城」), ease a
    busy day, add a day, lower the budget, and drop museums when the plan has any."""
    zh = itinerary.lang == "zh"
    out: list[str] = []
    planned = {i.poi_id for d in itinerary.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    busiest = max(
        itinerary.days,
        key=lambda d: sum(1 for i in d.items if i.kind == ItemKind.ATTRACTION),
        default=None,
    )
    if busiest is not None and itinerary.request.day_pace.get(busiest.index) != Pace.RELAXED:
        out.append(
            f"第{busiest.index}天轻松一点" if zh else f"Make day {busiest.index} more relaxed"
        )
    dest = kb.destinations.get(itinerary.request.destinations[0])
    if dest is not None:
        unplanned = sorted(
            (
                a
                for a in dest.attractions
                if a.id not in planned and not declined(a, itinerary.request)
            ),
            key=lambda a: (-a.popularity, a.id),
        )
        planned_places = [kb.attraction(p) for p in planned if p and kb.attraction(p)]
        planned_places.sort(key=lambda a: (a.popularity, a.id))  # type: ignore[union-attr]
        if unplanned and planned_places:
            old, new = planned_places[0], unplanned[0]
            assert old is not None
            out.append(
                f"把{old.name_zh}换成{new.name_zh}"
                if zh
                else f"Replace {old.name_en} with {new.name_en}"
            )
    out.append("加一天" if zh else "Add one more day")
    total = itinerary.total_cost_cny
    if total > 500:
        lower = int(round(total * 0.8, -2))
        out.append(f"预算降到{lower}元" if zh else f"Lower the budget to {lower} CNY")
    has_museum = any(
        "museum" in a.tags for p in planned if p and (a := kb.attraction(p)) is not None
    )
    if has_museum and len(out) < 5:
        out.append("不要去博物馆" if zh else "No museums, please")
    return tuple(out[:5])
