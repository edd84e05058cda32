"""A family on a budget (issue 12): a budget cut for a baby or seniors keeps a car on the long
rides — 「带1岁宝宝去三亚，预算一万」 went 52 km by bus to dinner — and buses only for the hops
between nearby places, unless the cars would cost a headline sight: then buses go first
(`budget_fit.cars_kept`), and the budget row says the rides got cheaper."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.domain.request import Party, Wish
from engine.planning import transit
from tests.helpers.plans import plan

BABY = Party(adults=2, children=1, child_ages=(1,))
HEADLINE = {
    "sanya-wuzhizhou-island",
    "sanya-nanshan",
    "sanya-tianya-haijiao",
    "sanya-yalong-bay-beach",
}


def test_a_lean_pass_for_a_baby_keeps_a_car_on_long_legs_only() -> None:
    lean = transit.Style(prefer=transit.LEAN, comfort=True)
    assert transit.leg(43_000, metro=False, party=3, style=lean).mode is Mode.CHARTER
    assert transit.leg(15_000, metro=False, party=3, style=lean).mode is Mode.TAXI
    assert transit.leg(5_000, metro=False, party=3, style=lean).mode is Mode.BUS
    public = transit.Style(prefer="public", comfort=True)  # public transport asked: as asked
    assert transit.leg(43_000, metro=False, party=3, style=public).mode is Mode.BUS


def _far_buses(p: Itinerary) -> list[tuple[int, str, int | None]]:
    return [(d.index, i.name, i.distance_m) for d in p.days for i in d.items
            if i.kind is ItemKind.TRANSIT and i.mode is Mode.BUS
            and (i.distance_m or 0) > transit.COMFORT_METRO_MAX_M * transit.DETOUR]  # fmt: skip


def _sanya(budget: int) -> Itinerary:
    said = Wish(kind="budget", value=str(budget), said=f"预算{budget}")
    return plan(destinations=("sanya",), days=4, party=BABY, budget_cny=budget, wishes=(said,))


def _budget_row(p: Itinerary) -> str:
    return next(w.message for w in p.feasibility.wishes if w.kind == "budget")


def test_a_baby_on_a_budget_cut_keeps_a_car_on_long_rides_where_it_fits() -> None:
    """On 9 050 the cheaper meals and a minor sight (鹿回头) pay for the cars."""
    p = _sanya(9_050)
    assert p.total_cost_cny <= 9_050, _budget_row(p)
    assert not _far_buses(p), _far_buses(p)
    assert HEADLINE <= {i.poi_id for d in p.days for i in d.items}, _budget_row(p)


def test_buses_go_before_a_headline_sight() -> None:
    """On 9 000 the cars would cost 蜈支洲岛 or 南山: the rides go by bus, the saving said."""
    p = _sanya(9_000)
    assert p.total_cost_cny <= 9_000, _budget_row(p)
    assert HEADLINE <= {i.poi_id for d in p.days for i in d.items}, _budget_row(p)
    assert "市内坐公交地铁" in _budget_row(p), _budget_row(p)
