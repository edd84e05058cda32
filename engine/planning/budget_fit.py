"""Keeping a plan within the budget said, with the least taken away, and saying what was.

`plan_trip` plans once as asked; when that is over the budget (`within`), `fit` tries, in order
of what a traveller loses least:

1. economy: the cheapest intercity legs (then, if the budget leaves room, legs with more time
   there), the cheapest lodging, restaurants up to 60 CNY a head, dear tickets weighed; money
   left over buys back the dear sights the plan made as asked had (`_affordable`);
2. the same with noodle shops and snack streets (restaurants up to 35 CNY a head), buses and
   the metro rather than taxis;
3. the same less a paid sight or two (`TRIM_ROUNDS` tries), the fewest and least worth that
   cover the excess, headline sights by their rank, must-sees never; money left over buys back
   cheap sights kept out meanwhile (`_refilled`), and a headline sight left out comes back when
   the cheapest places to eat pay for it (`_headline_for_meals`);
4. the leaner pass (sights up to 60 CNY, headline ones up to 120 CNY, legs with daytime there
   weighing less).

The first that fits is kept; when none does, the cheapest, and its ``budget`` check says the
least the trip costs. `explain` words what was given up against the plan made as asked (sights
left out for their ticket, cheaper rooms, cheaper meals, cheaper legs) in the ``budget`` check
and the budget wish. Costs are CNY for the whole party.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from engine.domain.feasibility import Check, WishCheck
from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.planning.candidates import ScoredAttraction
from engine.planning.headline_check import missing_reason
from engine.planning.meal_price import LOW_BUDGET, TIGHT_MEAL_CAP

#: Tries at leaving out paid sights before the leaner pass.
TRIM_ROUNDS = 3
#: The most paid sights one try leaves out together (the fewest that cover the excess).
CUT_MOST = 5
#: … when the plan has at most this many paid sights (else three).
CUT_MANY = 16
#: A cut covers the excess and this much more (CNY, or this share of the budget if more): the
#: re-planned days ride a little differently (a bus more), and a second try costs a sight more.
MARGIN_CNY = 10.0
MARGIN_SHARE = 0.005
#: Headline sights ranked beyond this weigh as the last one when choosing what to leave out.
HEADLINE_RANKS = 8
#: Meals (or local rides) this much cheaper than in the plan made as asked are said (a share).
MEALS_CHEAPER = 0.8

Planner = Callable[..., Itinerary]


def within(plan: Itinerary) -> bool:
    """No budget, or the plan's ``budget`` check passed."""
    checks = plan.feasibility.checks if plan.feasibility else ()
    return all(c.passed for c in checks if c.code == "budget")


def rest(plan: Itinerary) -> float:
    """What `plan` spends besides intercity legs and lodging (meals, tickets, local rides), CNY."""
    fixed = (ItemKind.INTERCITY, ItemKind.LODGING)
    return sum(i.cost_cny for d in plan.days for i in d.items if i.kind not in fixed)


def fit(
    first: Itinerary,
    once: Planner,
    scored: dict[str, list[ScoredAttraction]],
    stop: Callable[[], bool] | None = None,
) -> tuple[Itinerary, dict[str, tuple[str, float]]]:
    """The plan within the budget that gives up least (the module's steps), or the cheapest
    tried when none fits. `first`: the plan made as asked (over the budget); `once`: plans the
    trip (`economy`, `rest`, `tight`, `frugal`, `cut` as `engine.planning.planner._plan_once`
    takes them); `scored`: each destination's candidates, their worth. Returns the plan and
    the sights left out for their ticket (id → name, cost for the party) on the way to it."""
    stopped = stop or (lambda: False)
    cheapest = once(economy=True)  # the cheapest legs; then, if the budget leaves room, the
    if stopped():  # legs with more time there
        return cheapest, {}
    if within(cheapest):
        roomier = once(economy=True, rest=rest(cheapest))
        legs_of = [[i for d in p.days for i in d.items if i.kind == ItemKind.INTERCITY]
                   for p in (cheapest, roomier)]  # fmt: skip
        room = legs_of[0] != legs_of[1] and within(roomier)
        best = roomier if room else cheapest
        back = _affordable(best, first)
        if back and not stopped():  # the dear sights the money left over buys
            again = once(economy=True, rest=rest(cheapest) if room else None, allow=back)
            best = again if within(again) else best
        return best, {}
    worth = {s.attraction.id: s for v in scored.values() for s in v}
    plan = once(economy=True, frugal=True)
    tried = [cheapest, plan]
    cut: frozenset[str] = frozenset()
    dropped: dict[str, tuple[str, float]] = {}
    for _ in range(TRIM_ROUNDS):
        if within(plan) or stopped():
            break
        chosen, others = _cuts(plan, worth)
        if not chosen:
            break
        dropped |= chosen
        cut |= others | set(chosen)
        plan = once(economy=True, frugal=True, cut=cut)
        tried.append(plan)
    if within(plan) and cut and not stopped():
        plan = _refilled(plan, once, cut, cut - set(dropped), worth)
    if within(plan) and dropped and not stopped():
        plan, dropped = _headline_for_meals(plan, once, cut, dropped, worth, stopped)
    if within(plan) or stopped():
        return plan, dropped
    tried.append(once(economy=True, tight=True))
    best = tried[-1] if within(tried[-1]) else min(tried, key=lambda p: p.total_cost_cny)
    return best, (dropped if best is plan else {})


def _affordable(plan: Itinerary, first: Itinerary) -> frozenset[str]:
    """Paid sights of `first` (the plan made as asked) that `plan` (within the budget) left
    out, as many as the money it leaves over buys, dearest first: the economy pass's ticket
    cap left 青岛's aquarium out of a family's 4 000 CNY with 1 000 unspent."""
    budget = plan.request.budget_cny or 0
    spare = budget - plan.total_cost_cny - max(MARGIN_CNY, MARGIN_SHARE * budget)
    kept = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    left = sorted(((i.cost_cny, i.poi_id) for d in first.days for i in d.items
                   if i.kind == ItemKind.ATTRACTION and i.cost_cny > 0 and i.poi_id
                   and i.poi_id not in kept), reverse=True)  # fmt: skip
    back: set[str] = set()
    for cost, poi in left:
        if cost <= spare:
            back.add(poi)
            spare -= cost
    return frozenset(back)


def _refilled(
    plan: Itinerary,
    once: Planner,
    cut: frozenset[str],
    kept_out: frozenset[str],
    worth: dict[str, ScoredAttraction],
) -> Itinerary:
    """`plan` (within the budget, with `cut` left out) planned again with the paid sights of
    `kept_out` (only kept out so that the time freed went to free ones), as many as the money left over
    buys (worth most first): a budget trip's days are not free afternoons while 90 CNY and a
    30-yuan hill go unspent. The new plan only if it is within the budget too."""
    budget = plan.request.budget_cny or 0
    spare = budget - plan.total_cost_cny - max(MARGIN_CNY, MARGIN_SHARE * budget)
    people = plan.request.party.size
    back: set[str] = set()
    for poi in sorted(kept_out, key=lambda p: (-worth[p].score, p)):
        price = worth[poi].attraction.ticket_cny * people
        if price <= spare:
            back.add(poi)
            spare -= price
    if not back:
        return plan
    again = once(economy=True, frugal=True, cut=cut - back)
    return again if within(again) else plan


def _headline_for_meals(
    plan: Itinerary,
    once: Planner,
    cut: frozenset[str],
    dropped: dict[str, tuple[str, float]],
    worth: dict[str, ScoredAttraction],
    stopped: Callable[[], bool],
) -> tuple[Itinerary, dict[str, tuple[str, float]]]:
    """`plan` (within the budget, `dropped` left out for their ticket) planned again with its
    lunches and dinners at the cheapest places only (`lean_meals`) and the headline sights of
    `dropped` back, best-ranked first, as many as stay within the budget: 西安's 城墙 (54 CNY)
    went while two meals cost 40–45 CNY where 20–35 CNY ones were known. A plan with fewer
    lunches and dinners is not taken. Returns the plan and the sights still left out."""
    heads = sorted((p for p in dropped if worth[p].headline is not None),
                   key=lambda p: (worth[p].headline or 0, -worth[p].score, p))  # fmt: skip
    budget = plan.request.budget_cny or 0
    spare = budget - plan.total_cost_cny - max(MARGIN_CNY, MARGIN_SHARE * budget)
    if not heads or spare + _meal_money(plan) < min(dropped[p][1] for p in heads):
        return plan, dropped  # no meal dearer than the cheapest places pays for one
    meals = _main_meals(plan)
    best, back = plan, frozenset[str]()
    for poi in heads:
        if stopped():
            break
        again = once(economy=True, frugal=True, cut=cut - back - {poi}, lean_meals=True)
        kept = {i.poi_id for d in again.days for i in d.items if i.kind == ItemKind.ATTRACTION}
        if not within(again) or _main_meals(again) < meals or poi not in kept:
            break
        best, back = again, back | {poi}
    return best, {p: v for p, v in dropped.items() if p not in back}


def _meal_money(plan: Itinerary) -> float:
    """What `plan`'s lunches and dinners cost over `meal_price.TIGHT_MEAL_CAP` a head, CNY for
    the party: the most the cheapest places to eat could save."""
    cap = TIGHT_MEAL_CAP * plan.request.party.size
    return sum(max(0.0, i.cost_cny - cap) for d in plan.days for i in d.items
               if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner"))  # fmt: skip


def _main_meals(plan: Itinerary) -> int:
    """Lunches and dinners of `plan` at a known place or of one's choice."""
    return sum(1 for d in plan.days for i in d.items
               if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner"))  # fmt: skip


def _cuts(
    plan: Itinerary, worth: dict[str, ScoredAttraction]
) -> tuple[dict[str, tuple[str, float]], frozenset[str]]:
    """Paid sights of `plan` whose tickets cover what it is over the budget by, giving up the
    least (headline sights weighed by their rank, then worth; never a must-see: up to `CUT_MOST` of
    them, else the ones worth least for their ticket until covered), and every paid candidate
    not in `plan` (the time freed is not filled with another ticket); none when even all
    its paid sights would not cover it (the leaner pass is the answer then)."""
    budget = plan.request.budget_cny or 0
    excess = plan.total_cost_cny - budget + max(MARGIN_CNY, MARGIN_SHARE * budget)
    seen = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    paid = [(i.poi_id, i.cost_cny) for d in plan.days for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.cost_cny > 0 and i.poi_id is not None
            and i.poi_id in worth
            and not worth[i.poi_id].must_see]  # fmt: skip
    if sum(cost for _, cost in paid) < excess:
        return {}, frozenset()

    def loss(chosen: Iterable[tuple[str, float]]) -> tuple[float, float, float]:
        chosen = list(chosen)
        # A destination's first headline sight outweighs any two after it (故宫 before 颐和园
        # and 天坛 together); then worth, then the least money left unspent.
        first = sum(2.0 ** (HEADLINE_RANKS - min(h, HEADLINE_RANKS)) for p, _ in chosen
                    if (h := worth[p].headline) is not None)  # fmt: skip
        return first, sum(worth[p].score for p, _ in chosen), sum(c for _, c in chosen)

    most = CUT_MOST if len(paid) <= CUT_MANY else 3  # a few thousand sets at most
    covering = [tuple(c) for n in range(1, most + 1) for c in itertools.combinations(paid, n)
                if sum(cost for _, cost in c) >= excess]  # fmt: skip
    if covering:
        chosen = list(min(covering, key=loss))
    else:
        paid.sort(key=lambda p: (worth[p[0]].headline is not None, worth[p[0]].score / p[1]))
        chosen = []
        for poi, cost in paid:
            if sum(c for _, c in chosen) >= excess:
                break
            chosen.append((poi, cost))
    others = {poi for poi, s in worth.items()
              if poi not in seen and not s.must_see and s.attraction.ticket_cny > 0}  # fmt: skip
    names = {i.poi_id: i.name for d in plan.days for i in d.items}
    return {poi: (names[poi], cost) for poi, cost in chosen}, frozenset(others)


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
    left = _left_out(plan, first, dropped)
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
        said = pick(lang, f"预计花费{total:.0f}元，超出预算{budget}元；这已是最省的安排，其中"
                    f"{_breakdown(plan)}", f"estimated {total:.0f} CNY exceeds the {budget} CNY "
                    f"budget; even the cheapest plan costs that much, of which {_breakdown(plan)}")  # fmt: skip
        if given:
            said += pick(lang, f"（已经{given}）", f" (already cut: {given})")
        paid = sum(i.cost_cny for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION
                   and i.poi_id not in plan.request.must_see)  # fmt: skip
        if paid > 0:
            said += pick(lang, f"；只去免费景点也要约{total - paid:.0f}元",
                         f"; with free sights only, still about {total - paid:.0f} CNY")  # fmt: skip
        relax = pick(lang, f"把预算提高到约{total:.0f}元，或减少天数、人数",
                     f"raise the budget to about {total:.0f} CNY, or shorten the trip")  # fmt: skip
        check = Check(code="budget", passed=False, message=said, relax=relax)
        wish = {"message": pick(lang, f"最省也要约{total:.0f}元，超出预算{budget}元",
                                f"about {total:.0f} CNY at the least, over the {budget} CNY "
                                "budget"), "reason": said + pick(lang, "；可以", "; you could ")
                + relax}  # fmt: skip
    checks = tuple(check if c.code == "budget" else _for_price(c, plan, left, kb)
                   for c in report.checks)  # fmt: skip
    wishes = tuple(_reworded(w, wish) for w in report.wishes)
    return plan.model_copy(
        update={"feasibility": report.model_copy(update={"checks": checks, "wishes": wishes})}
    )


def _left_out(
    plan: Itinerary, first: Itinerary, dropped: dict[str, tuple[str, float]]
) -> dict[str, tuple[str, float]]:
    """Paid sights not in `plan`: those of `first` and those `dropped` (id → name, cost)."""
    kept = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    left = {i.poi_id: (i.name, i.cost_cny) for d in first.days for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.cost_cny > 0 and i.poi_id}  # fmt: skip
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
    return pick(lang, "；", "; ").join(parts)


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
