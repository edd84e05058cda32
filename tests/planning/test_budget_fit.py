"""A budget said is kept when a cheaper plan exists, giving up least and saying what; when none
does, the answer says the least the trip costs; a generous budget says how little is used.

Before: 北京 3 days on 2 000 CNY with the train planned at 2 020 (the cheapest pass and the
leaner one both a few yuan over), 澳门 at 1 506 of 1 500, and 桂林 on 1 500 dropped the Li River
and the night cruise for 790 CNY of near-empty days."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.domain.request import Party, TripRequest
from engine.guide.questions import suggested_questions
from engine.planning import plan_trip
from engine.planning.transit import style_of
from engine.understanding import parse_request
from tests.helpers.plans import KB

TODAY = dt.date(2026, 3, 2)


def _plan(text: str) -> Itinerary:
    request = parse_request(text, KB, today=TODAY).request
    assert request is not None and request.budget_cny is not None
    return plan_trip(request, KB)


def _sights(plan: Itinerary) -> set[str]:
    return {i.poi_id or "" for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION}


def _check(plan: Itinerary, code: str):  # type: ignore[no-untyped-def]
    assert plan.feasibility is not None
    return next(c for c in plan.feasibility.checks if c.code == code)


def test_a_few_yuan_over_is_cut_from_the_least_worth_and_said() -> None:
    """Rooms and meals at their cheapest still left the trip 20 CNY over: a lesser paid sight
    goes (never 故宫 or the Great Wall), and both the budget and the headline checks say so."""
    plan = _plan("一个人从上海坐火车去北京玩3天，总预算2000元，车票也算在里面")
    assert plan.total_cost_cny <= 2000
    assert {"beijing-forbidden-city", "beijing-badaling"} <= _sights(plan)
    budget = _check(plan, "budget")
    assert budget.passed and "为守住预算" in budget.message and "没有安排" in budget.message
    headline = _check(plan, "headline")
    if not headline.passed:  # a headline sight that went for its ticket is said as such
        assert "为守住预算没有安排" in headline.message and "排不下" not in headline.message


def test_a_budget_trip_keeps_the_headline_cruise_and_cuts_elsewhere() -> None:
    """Cheaper rooms, noodle shops and a lesser sight make room for the Li River cruise (255 CNY)
    on 1 500 CNY: the plan is full days, not a leaner pass with both cruises gone."""
    plan = _plan("一个人去桂林玩4天，手头只有1500块")
    assert plan.total_cost_cny <= 1500
    assert "guilin-li-river-cruise" in _sights(plan)
    free = [i for d in plan.days for i in d.items if i.kind is ItemKind.FREE]
    assert sum((i.end.hour * 60 + i.end.minute) - (i.start.hour * 60 + i.start.minute)
               for i in free) < 4 * 180  # fmt: skip
    budget = _check(plan, "budget")
    assert budget.passed and "为守住预算" in budget.message
    (wish,) = [w for w in plan.feasibility.wishes if w.kind == "budget"]  # type: ignore[union-attr]
    assert wish.status == "honoured" and "为守住预算" in wish.message
    # Buses, not taxis, and no 「公共交通」 wish the person never said in the report.
    modes = {i.mode for d in plan.days for i in d.items if i.kind is ItemKind.TRANSIT}
    assert Mode.TAXI not in modes, modes
    assert not [w for w in plan.feasibility.wishes if w.kind == "local_transport"]  # type: ignore[union-attr]


def test_a_budget_far_too_small_says_the_least_the_trip_costs() -> None:
    """300 CNY for four days: not a silent infeasible plan — the least it costs, of what, with
    free sights only, and a follow-up that raises the budget rather than lowering it."""
    plan = _plan("300块钱去厦门玩4天，够吗")
    budget = _check(plan, "budget")
    total = f"{plan.total_cost_cny:.0f}"
    assert not budget.passed
    assert "最省" in budget.message and "住宿" in budget.message and total in budget.message
    assert budget.relax and total in budget.relax
    (wish,) = [w for w in plan.feasibility.wishes if w.kind == "budget"]  # type: ignore[union-attr]
    assert wish.status == "not" and "最省" in wish.message and wish.reason
    questions = suggested_questions(plan, KB)
    assert any(q.startswith("预算提高到") for q in questions), questions
    assert not any(q.startswith("预算降到") for q in questions), questions


def test_a_tight_budget_rides_buses_not_taxis() -> None:
    """400 CNY for five days in 三亚: buses between the bays, not a 50-yuan taxi a leg."""
    plan = _plan("三亚5天，预算只有400块")
    modes = {i.mode for d in plan.days for i in d.items if i.kind is ItemKind.TRANSIT}
    assert Mode.TAXI not in modes and Mode.BUS in modes, modes


def test_only_a_tight_budget_prefers_public_transport() -> None:
    def request(budget: int) -> TripRequest:
        return TripRequest(destinations=("sanya",), days=5, party=Party(adults=2),
                           budget_cny=budget)  # fmt: skip

    assert style_of(request(2000)).prefer == "public"  # 200 CNY a person a day
    assert style_of(request(8000)).prefer is None  # 800 a person a day
    assert style_of(request(2000).model_copy(update={"local_transport": "taxi"})).prefer == "taxi"


def test_a_generous_budget_says_how_little_the_days_use() -> None:
    plan = _plan("Hangzhou 2 days for the two of us, budget 20000 yuan")
    budget = _check(plan, "budget")
    assert budget.passed and "generous" in budget.message
    (wish,) = [w for w in plan.feasibility.wishes if w.kind == "budget"]  # type: ignore[union-attr]
    assert wish.status == "honoured" and "generous" in wish.message


def test_money_left_over_buys_back_a_dear_sight() -> None:
    """The economy pass's ticket cap (120 CNY) left 青岛极地海洋世界 out of a family's budget
    with about 1 000 unspent: the money left over buys it back, still within the budget. (Four
    days on 4 000 CNY no longer hold its four hours: they fitted only beside 崂山 with no lunch.)"""
    plan = _plan("我们一家三口，孩子8岁，青岛玩5天，预算5000元")
    assert plan.total_cost_cny <= 5000
    assert "qingdao-polar-ocean-world" in _sights(plan)


def test_a_headline_sight_is_not_given_up_for_meal_money() -> None:
    """西安 2 days on 700 CNY left 城墙 (54 CNY) out while two meals cost 40–45 CNY where 20–35 CNY
    snack shops were known: with the cheapest meals the wall fits, and every lunch and dinner
    stays in the plan."""
    p = _plan("Xi'an for 2 days on a shoestring, 700 yuan in total, solo traveller")
    assert p.total_cost_cny <= 700
    assert "xian-city-wall" in _sights(p)
    meals = [i for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
    assert len(meals) == 4
