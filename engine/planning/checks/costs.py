"""Checks on what a plan costs: each item at its price on its date for the party
(`engine.planning.visit_costs`, `engine.planning.park_tickets`), and the total against the
budget."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning import park_tickets
from engine.planning.checks import Problem, all_items
from engine.planning.visit_costs import visit_cost
from engine.planning.wishes import spare_note

COST_TOLERANCE = 0.6  # CNY, rounding


def wrong_costs(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Each visit costs what it costs on its date for the party (`visit_costs.visit_cost`), a
    park's ticket on the visit that buys it (`park_tickets.purchases`), or its single ticket
    where those beat the pass (`park_tickets.singles`)."""
    out: list[Problem] = []
    planned = list(park_tickets.visits(it, kb))
    buys = park_tickets.purchases(planned)
    alone = park_tickets.singles(planned, it.request.party)
    visits = {(v.day.index, v.at): (v, b) for v, b in zip(planned, buys, strict=True)}
    for day in it.days:
        for at, item in enumerate(day.items):
            place = kb.place(item.poi_id or "")
            if (day.index, at) in visits:
                visit, buying = visits[day.index, at]
                expected = park_tickets.planned_cost(it, kb, visit, buys=buying,
                                                     single=visit.holder.id in alone)  # fmt: skip
            elif item.kind == ItemKind.MEAL and isinstance(place, Restaurant):
                expected = visit_cost(place, it.request.party, day.date, lunch_inside=False)
            else:
                continue
            if abs(expected - item.cost_cny) > COST_TOLERANCE:
                out.append(_wrong_cost(day, item, expected))
    return out


def _wrong_cost(day: Day, item: Item, expected: float) -> Problem:
    return (
        day.index,
        f"{item.name}费用应为{expected:.0f}元，实际{item.cost_cny:.0f}元",
        f"{item.name} should cost {expected:.0f} CNY, not {item.cost_cny:.0f}",
    )


def budget_check(it: Itinerary) -> Check:
    """The budget check: the estimated total against `TripRequest.budget_cny` (a warning
    with the total when none is set; over it, what the fixed transport and lodging take)."""
    lang = it.lang
    budget = it.request.budget_cny
    total = it.total_cost_cny
    if budget is None:
        return Check(
            code="budget",
            passed=True,
            severity="warning",
            message=pick(
                lang,
                f"预计总花费约{total:.0f}元（未设预算）",
                f"estimated total {total:.0f} CNY (no budget set)",
            ),
        )
    if total <= budget:
        return Check(
            code="budget",
            passed=True,
            message=pick(
                lang,
                f"预计{total:.0f}元，在预算{budget}元内",
                f"estimated {total:.0f} CNY, within the {budget} CNY budget",
            )
            + spare_note(total, budget, lang),
        )
    fixed = sum(
        i.cost_cny for _, i in all_items(it) if i.kind in (ItemKind.INTERCITY, ItemKind.LODGING)
    )
    return Check(
        code="budget",
        passed=False,
        message=pick(
            lang,
            f"预计花费{total:.0f}元，超出预算{budget}元（其中往返交通和住宿{fixed:.0f}元）",
            f"estimated {total:.0f} CNY exceeds the {budget} CNY budget "
            f"(transport and lodging alone {fixed:.0f} CNY)",
        ),
        relax=pick(
            lang,
            f"把预算提高到约{total:.0f}元，或减少天数、人数",
            f"raise the budget to about {total:.0f} CNY, or shorten the trip",
        ),
    )
