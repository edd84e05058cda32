"""What keeping within the budget gave up, in words (`budget_fit` finds the plan).

`explain` words, against the plan made as asked, what the plan within the budget gave up
(sights left out for their ticket, cheaper rooms, cheaper meals, cheaper legs) in the ``budget``
check and the budget wish, and a headline sight left out for its ticket in the ``headline``
check; when even the cheapest plan tried is over, what it costs, of what, and whether leaving
every paid sight out would still not do. Costs are CNY for the whole party.
"""

from __future__ import annotations

from typing import Any

from engine.domain.feasibility import Check, WishCheck
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.planning.budget_fit import ticket, within
from engine.planning.frames import KIDS_HOME_ARRIVAL, LATEST_HOME_ARRIVAL, early_nights
from engine.planning.headline_check import missing_reason
from engine.planning.meal_price import LOW_BUDGET

#: Meals (or local rides) this much cheaper than in the plan made as asked are said (a share).
MEALS_CHEAPER = 0.8


def explain(
    fitted: tuple[Itinerary, dict[str, tuple[str, float]]], first: Itinerary, kb: KnowledgeBase
) -> Itinerary:
    """The plan of `fitted` (`fit`) with its ``budget`` check and budget wish saying what was
    given up against `first` (the plan made as asked) to keep within the budget, and its
    ``headline`` check saying a headline sight was left out for its ticket — or, when even the
    plan (the cheapest tried) is over, the least the trip costs and of what."""
    plan, dropped = fitted
    report = plan.feasibility
    budget = plan.request.budget_cny
    if report is None or budget is None or plan is first:
        return plan
    lang = plan.lang
    left = _left_out(plan, first, dropped, kb)
    given = _given_up(plan, first, left)
    total = plan.total_cost_cny
    if within(plan):
        said = pick(lang, f"预计{total:.0f}元，在预算{budget}元内",
                    f"estimated {total:.0f} CNY, within the {budget} CNY budget")  # fmt: skip
        if given:
            said += pick(lang, "；为守住预算：", "; to keep within it: ") + given
        check = Check(code="budget", passed=True, message=said)
        wish = {"message": said}
    else:
        check, wish = _over(plan, given, kb)
    checks = tuple(check if c.code == "budget" else _for_price(c, plan, left, kb)
                   for c in report.checks)  # fmt: skip
    wishes = tuple(_reworded(w, wish) for w in report.wishes)
    return plan.model_copy(
        update={"feasibility": report.model_copy(update={"checks": checks, "wishes": wishes})}
    )


def _over(plan: Itinerary, given: str, kb: KnowledgeBase) -> tuple[Check, dict[str, Any]]:
    """The ``budget`` check and the budget wish's words for `plan`, the cheapest plan tried and
    still over the budget: what it costs and of what, what was given up (`given`), and why the
    budget cannot be met, computed — the least with free sights only (`_tickets`), and whether
    the legs and rooms alone pass the budget or what is left cannot pay the meals and rides.
    「这已是最省的安排」 only when no paid sight is left to leave out (南京 on 700 CNY said it at
    854 while a plan about the budget was found by leaving paid sights out)."""
    lang, budget, total = plan.lang, plan.request.budget_cny or 0, plan.total_cost_cny
    paid = _tickets(plan, kb)
    least = total - paid
    fixed = _sum(plan, ItemKind.INTERCITY) + _sum(plan, ItemKind.LODGING)
    zh, en = ("往返交通和住宿", "the journeys and rooms") if _sum(plan, ItemKind.INTERCITY) else (
        "住宿", "the rooms")  # fmt: skip
    if fixed >= budget:
        why = pick(lang, f"光{zh}就要{fixed:.0f}元", f"{en} alone cost {fixed:.0f} CNY")
    else:
        why = pick(lang, f"{zh}{fixed:.0f}元之后预算只剩{budget - fixed:.0f}元，不够吃饭和市内交通"
                   f"（约{least - fixed:.0f}元）", f"after {en} ({fixed:.0f} CNY) "
                   f"{budget - fixed:.0f} CNY are left, short of the meals and local rides "
                   f"(about {least - fixed:.0f} CNY)")  # fmt: skip
    said = pick(lang, f"预计花费{total:.0f}元，超出预算{budget}元",
                f"estimated {total:.0f} CNY exceeds the {budget} CNY budget")  # fmt: skip
    if paid <= 0:
        said += pick(lang, "；这已是最省的安排", "; even the cheapest plan costs that much")
    said += pick(lang, f"，其中{_breakdown(plan)}", f", of which {_breakdown(plan)}")
    if given:
        said += pick(lang, f"（已经{given}）", f" (already cut: {given})")
    if least > budget:
        if paid > 0:
            said += pick(lang, f"；只去免费景点最省也要约{least:.0f}元", f"; with free sights only, "
                         f"still about {least:.0f} CNY at the least")  # fmt: skip
        said += (
            pick(lang, f"：{why}", f": {why}") if paid > 0 else pick(lang, f"；{why}", f"; {why}")
        )
        short = pick(lang, f"最省也要约{least:.0f}元，超出预算{budget}元",
                     f"about {least:.0f} CNY at the least, over the {budget} CNY budget")  # fmt: skip
    else:
        said += pick(lang, f"；收费景点门票共{paid:.0f}元，少去几个能省下",
                     f"; the paid sights' tickets come to {paid:.0f} CNY: fewer of them save it")  # fmt: skip
        short = pick(lang, f"预计{total:.0f}元，超出预算{budget}元",
                     f"about {total:.0f} CNY, over the {budget} CNY budget")  # fmt: skip
    relax = pick(lang, f"把预算提高到约{total:.0f}元，或减少天数、人数",
                 f"raise the budget to about {total:.0f} CNY, or shorten the trip")  # fmt: skip
    check = Check(code="budget", passed=False, message=said, relax=relax)
    return check, {"message": short, "reason": said + pick(lang, "；可以", "; you could ") + relax}


def _tickets(plan: Itinerary, kb: KnowledgeBase) -> float:
    """What `plan`'s sights other than must-sees cost besides meals inside (`budget_fit.ticket`),
    CNY for the party: what leaving every paid sight out would save."""
    party, must = plan.request.party, plan.request.must_see
    return sum(ticket(i, kb.attraction(i.poi_id or ""), party) for d in plan.days
               for i in d.items if i.kind == ItemKind.ATTRACTION and i.poi_id not in must)  # fmt: skip


def _left_out(
    plan: Itinerary, first: Itinerary, dropped: dict[str, tuple[str, float]], kb: KnowledgeBase
) -> dict[str, tuple[str, float]]:
    """Paid sights not in `plan`: those of `first` and those `dropped` (id → name, the tickets
    for the party, `budget_fit.ticket`: not a meal eaten inside — the panda base was said left
    out for 「门票105元」, its 55 CNY ticket and a lunch inside)."""
    kept = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    party = plan.request.party
    left = {i.poi_id: (i.name, t) for d in first.days for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.poi_id
            and (t := ticket(i, kb.attraction(i.poi_id), party)) > 0}  # fmt: skip
    return {k: v for k, v in (left | dropped).items() if k not in kept}


def _for_price(
    check: Check, plan: Itinerary, left: dict[str, tuple[str, float]], kb: KnowledgeBase
) -> Check:
    """The ``headline`` check with a headline sight left out for its ticket said so (not as a
    sight that does not fit: 天坛 fits, 28 CNY was what the budget could not spare)."""
    if check.code != "headline" or check.passed:
        return check
    lang, message, relax = plan.lang, check.message, check.relax
    for poi, (_, cost) in left.items():
        place = kb.attraction(poi)
        if place is None:
            continue
        said, _ = missing_reason(place, plan, lang)
        if said in message:
            message = message.replace(said, pick(
                lang, f"为守住预算没有安排{place.name_zh}（门票等{cost:.0f}元）",
                f"{place.name_en} left out to keep within the budget (tickets {cost:.0f} CNY)"))  # fmt: skip
            relax = pick(
                lang, f"预算多留约{cost:.0f}元", f"about {cost:.0f} CNY more in the budget"
            )
    return check.model_copy(update={"message": message, "relax": relax})


def _reworded(w: WishCheck, words: dict[str, Any]) -> WishCheck:
    return w.model_copy(update=words) if w.kind == "budget" and w.value != LOW_BUDGET else w


def _given_up(plan: Itinerary, first: Itinerary, left: dict[str, tuple[str, float]]) -> str:
    """What `plan` gives up against `first` (`left`: paid sights left out), in words (empty:
    nothing)."""
    lang = plan.lang
    parts = []
    if left:
        names = pick(lang, "、", ", ").join(
            pick(lang, f"{n}（门票{c:.0f}元）", f"{n} (tickets {c:.0f} CNY)")
            for n, c in left.values()
        )
        parts.append(pick(lang, f"没有安排{names}", f"left out {names}"))
    night_now, night_was = _per(plan, ItemKind.LODGING), _per(first, ItemKind.LODGING)
    if night_now is not None and night_was is not None and night_now < night_was:
        parts.append(pick(lang, f"住宿选每晚约{night_now:.0f}元的（原约{night_was:.0f}元）",
                          f"rooms at about {night_now:.0f} CNY a night (was about "
                          f"{night_was:.0f})"))  # fmt: skip
    meal_now, meal_was = _per(plan, ItemKind.MEAL), _per(first, ItemKind.MEAL)
    if meal_now is not None and meal_was is not None and meal_now < MEALS_CHEAPER * meal_was:
        head = plan.request.party.size
        parts.append(pick(lang, f"吃饭选人均约{meal_now / head:.0f}元的小店（原约{meal_was / head:.0f}元）",
                          f"meals at about {meal_now / head:.0f} CNY a head (was about "
                          f"{meal_was / head:.0f})"))  # fmt: skip
    rides_now, rides_was = _sum(plan, ItemKind.TRANSIT), _sum(first, ItemKind.TRANSIT)
    if rides_now < MEALS_CHEAPER * rides_was:
        parts.append(pick(lang, f"市内坐公交地铁（约{rides_now:.0f}元，原约{rides_was:.0f}元）",
                          f"buses and the metro in town (about {rides_now:.0f} CNY, was about "
                          f"{rides_was:.0f})"))  # fmt: skip
    legs_now, legs_was = _sum(plan, ItemKind.INTERCITY), _sum(first, ItemKind.INTERCITY)
    if legs_now < legs_was:
        parts.append(pick(lang, f"往返选更便宜的车次或航班（{legs_now:.0f}元，原{legs_was:.0f}元）",
                          f"cheaper trains or flights ({legs_now:.0f} CNY, was {legs_was:.0f})"))  # fmt: skip
        parts[-1] += _late_home(plan, first)
    return pick(lang, "；", "; ").join(parts)


def _late_home(plan: Itinerary, first: Itinerary) -> str:
    """「，回程到达约23:35，比较晚」 when `plan`'s way home arrives the same day later than
    `first`'s and after `frames.LATEST_HOME_ARRIVAL` (with young children,
    `frames.KIDS_HOME_ARRIVAL`): the leanest pass takes a late way home rather than miss the
    budget (`legs.home_legs`); empty otherwise."""
    legs = [[i for i in p.days[-1].items if i.kind == ItemKind.INTERCITY] for p in (plan, first)]
    if not legs[0] or not legs[1]:
        return ""
    leg = legs[0][-1]
    now, was = clock_minutes(leg.end), clock_minutes(legs[1][-1].end)
    late = KIDS_HOME_ARRIVAL if early_nights(plan.request.party) else LATEST_HOME_ARRIVAL
    if now < clock_minutes(leg.start) or now <= max(was, late):  # overnight, or not late
        return ""
    at = f"{now // 60:02d}:{now % 60:02d}"
    return pick(plan.lang, f"，回程到达约{at}，比较晚", f", arriving home late, about {at}")


def _per(plan: Itinerary, kind: ItemKind) -> float | None:
    """The mean cost of `plan`'s paid items of `kind` (a night's lodging, a meal), CNY."""
    costs = [i.cost_cny for d in plan.days for i in d.items if i.kind == kind and i.cost_cny > 0]
    return sum(costs) / len(costs) if costs else None


def _sum(plan: Itinerary, kind: ItemKind) -> float:
    return sum(i.cost_cny for d in plan.days for i in d.items if i.kind == kind)


def _breakdown(plan: Itinerary) -> str:
    """「住宿1000元、餐饮300元…」: the plan's costs by kind, dearest first."""
    lang = plan.lang
    words = {ItemKind.INTERCITY: ("往返交通", "intercity"), ItemKind.LODGING: ("住宿", "lodging"),
             ItemKind.MEAL: ("餐饮", "meals"), ItemKind.ATTRACTION: ("门票", "tickets"),
             ItemKind.TRANSIT: ("市内交通", "local rides")}  # fmt: skip
    parts = sorted(((_sum(plan, k), w) for k, w in words.items()), key=lambda p: -p[0])
    return pick(lang, "、", ", ").join(
        pick(lang, f"{zh}{cost:.0f}元", f"{en} {cost:.0f}") for cost, (zh, en) in parts if cost
    )
