"""A family on a budget (issue 12): a budget cut for a baby or seniors keeps a car on the long
rides — 「带1岁宝宝去三亚，预算一万」 went 52 km by bus to dinner — and buses only for the hops
between nearby places; a budget too small for comfort (`transit.COMFORT_BUDGET_CNY`) rides buses
as before."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Mode
from engine.domain.request import Party
from engine.planning import transit
from tests.helpers.plans import plan

BABY = Party(adults=2, children=1, child_ages=(1,))


def test_a_lean_pass_for_a_baby_keeps_a_car_on_long_legs_only() -> None:
    lean = transit.Style(prefer=transit.LEAN, comfort=True)
    assert transit.leg(43_000, metro=False, party=3, style=lean).mode is Mode.CHARTER
    assert transit.leg(15_000, metro=False, party=3, style=lean).mode is Mode.TAXI
    assert transit.leg(5_000, metro=False, party=3, style=lean).mode is Mode.BUS
    public = transit.Style(prefer="public", comfort=True)  # public transport asked: as asked
    assert transit.leg(43_000, metro=False, party=3, style=public).mode is Mode.BUS


def test_a_baby_on_a_budget_cut_is_not_sent_far_by_bus() -> None:
    p = plan(destinations=("sanya",), days=4, party=BABY, budget_cny=7500)
    legs = [(d.index, i.name, i.distance_m) for d in p.days for i in d.items
            if i.kind is ItemKind.TRANSIT and i.mode is Mode.BUS]  # fmt: skip
    far = [leg for leg in legs if (leg[2] or 0) > transit.COMFORT_METRO_MAX_M * transit.DETOUR]
    assert not far, far
    assert p.request.budget_cny == 7500
