"""Keeping a plan within the budget said, with the least taken away, and saying what was.

`plan_trip` plans once as asked; when that is over the budget (`within`), `fit` tries, in order
of what a traveller loses least:

1. economy: the cheapest intercity legs (then, if the budget leaves room, legs with more time
   there), the cheapest lodging, restaurants up to 60 CNY a head, dear tickets weighed; money
   left over buys back the dear sights the plan made as asked had (`_affordable`);
2. the same with noodle shops and snack streets (restaurants up to 35 CNY a head; a dish
   wished at one place serving it within twice that, `candidates.wished_restaurants`), buses
   and the metro rather than taxis — a baby or seniors keep a car on long rides (`cars_kept`)
   unless that leaves a headline sight out (or the plan over the budget) where buses would not:
   buses go before a headline sight does;
3. the same less a paid sight or two (`TRIM_ROUNDS` tries, `_trimmed`), the fewest and least
   worth whose tickets (`ticket`: not a meal eaten inside) cover the excess, headline sights by
   their rank, must-sees never; money left over buys back cheap sights kept out meanwhile
   (`_refilled`), a headline sight left out comes back when the cheapest places to eat pay for
   it (`_headline_for_meals`), else what money is left buys sights left out (`_bought_back`);
4. the leaner pass (sights up to 60 CNY, headline ones up to 120 CNY, legs with daytime there
   weighing less, buses for everyone), then it less a paid sight or two as in 3.

The first that fits is kept; when none does, the cheapest tried. `budget_words.explain` says
what was given up, or what the plan costs over the budget. Costs are CNY for the whole party.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.knowledge.prices import alone_cny
from engine.knowledge.schema import Attraction
from engine.planning import transit
from engine.planning.candidates import ScoredAttraction
from engine.planning.meal_price import TIGHT_MEAL_CAP, low_budget
from engine.planning.visit_costs import meals_inside

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
    worth = {s.attraction.id: s for v in scored.values() for s in v}
    cheapest = once(economy=True)  # the cheapest legs; then, if the budget leaves room, the
    if stopped():  # legs with more time there
        return cheapest, {}
    if within(cheapest):
        roomier = once(economy=True, rest=rest(cheapest))
        legs_of = [[i for d in p.days for i in d.items if i.kind == ItemKind.INTERCITY]
                   for p in (cheapest, roomier)]  # fmt: skip
        room = legs_of[0] != legs_of[1] and within(roomier)
        best = roomier if room else cheapest
        back = _affordable(best, first, worth)
        if back and not stopped():  # the dear sights the money left over buys
            again = once(economy=True, rest=rest(cheapest) if room else None, allow=back)
            best = again if within(again) else best
        return best, {}

    buses = False

    def frugal(cut: frozenset[str]) -> Itinerary:
        return once(economy=True, frugal=True, cut=cut, buses=buses)

    def same_rides(**kwargs: object) -> Itinerary:
        return once(buses=buses, **kwargs)

    def lean(cut: frozenset[str]) -> Itinerary:  # the last resort: buses for everyone
        return once(economy=True, tight=True, cut=cut, buses=True)

    tried: list[tuple[Itinerary, dict[str, tuple[str, float]]]] = [(cheapest, {})]

    def frugal_fit() -> tuple[Itinerary, dict[str, tuple[str, float]]]:
        plan, dropped, cut = _trimmed(frugal(frozenset()), frugal, worth, stopped, tried)
        refilled: frozenset[str] = frozenset()
        if within(plan) and cut and not stopped():
            plan, refilled = _refilled(plan, frugal, cut, cut - set(dropped), worth)
        if within(plan) and dropped and not stopped():
            before = len(dropped)
            plan, dropped = _headline_for_meals(plan, same_rides, cut, dropped, worth, stopped)
            if len(dropped) == before and not stopped():  # none came back for the cheapest meals
                bought = _bought_back(plan, frugal, cut - refilled, dropped, tried)
                if bought[0] is not plan and not stopped():  # and the few yuan left (景山, 2 CNY)
                    plan, dropped, cut = bought
                    plan, _ = _refilled(plan, frugal, cut, cut - set(dropped), worth)
        return plan, dropped

    plan, dropped = frugal_fit()
    lost = _headlines(dropped, worth)
    if cars_kept(first.request) and (lost or not within(plan)) and not stopped():
        # a baby's or seniors' car on the long rides goes before a headline sight does (三亚 on
        # 9 000 left 南山 out for the 43 km there and back by car): buses, the saving said
        buses = True
        bused, gone = frugal_fit()
        if within(bused) and (not within(plan) or len(_headlines(gone, worth)) < len(lost)):
            plan, dropped = bused, gone
    if within(plan) or stopped():
        return plan, dropped
    # the leaner pass, then less a paid sight or two as above: 南京 on 700 CNY stayed at 854
    # 「最省」 while its tickets (115 CNY) and a 90 CNY dinner were more than it was over by
    plan, dropped, cut = _trimmed(lean(frozenset()), lean, worth, stopped, tried)
    if within(plan) and dropped and not stopped():
        plan, dropped, cut = _bought_back(plan, lean, cut, dropped, tried)
    if within(plan) and cut and not stopped():
        plan, _ = _refilled(plan, lean, cut, cut - set(dropped), worth)
    if within(plan) or stopped():
        return plan, dropped
    return min(tried, key=lambda t: t[0].total_cost_cny)


def _headlines(
    dropped: dict[str, tuple[str, float]], worth: dict[str, ScoredAttraction]
) -> list[str]:
    """The headline sights among those `dropped` for their ticket."""
    return [p for p in dropped if p in worth and worth[p].headline is not None]


def cars_kept(request: TripRequest) -> bool:
    """Whether the leaner passes keep a car on long rides for `request`'s party (a baby, seniors,
    an access need, with a budget that pays for comfort: `transit.LEAN`), no local mode said."""
    return (
        request.local_transport is None
        and transit.style_of(request).comfort
        and not low_budget(request)
    )


def _trimmed(
    plan: Itinerary,
    again: Callable[[frozenset[str]], Itinerary],
    worth: dict[str, ScoredAttraction],
    stopped: Callable[[], bool],
    tried: list[tuple[Itinerary, dict[str, tuple[str, float]]]],
) -> tuple[Itinerary, dict[str, tuple[str, float]], frozenset[str]]:
    """`plan` (over the budget) planned again by `again` less the paid sights `_cuts` chooses,
    up to `TRIM_ROUNDS` tries, until within the budget; each plan is added to `tried` with the
    sights left out for it. Returns the last plan, the sights left out for their ticket (id →
    name, cost for the party) and every sight kept out (`again`'s cut)."""
    tried.append((plan, {}))
    cut: frozenset[str] = frozenset()
    dropped: dict[str, tuple[str, float]] = {}
    for _ in range(TRIM_ROUNDS):
        if within(plan) or stopped():
            break
        chosen, others = _cuts(plan, worth)
        if not chosen:
            break
        dropped = dropped | chosen
        cut |= others | set(chosen)
        plan = again(cut)
        tried.append((plan, dropped))
    return plan, dropped, cut


def ticket(item: Item, place: Attraction | None, party: Party) -> float:
    """What visit `item` costs `party` less the meals eaten inside `place`
    (`visit_costs.meals_inside`), CNY: what leaving it out saves; the item's cost when `place`
    is unknown."""
    return item.cost_cny - (meals_inside(item, place, party) if place is not None else 0.0)


def _affordable(
    plan: Itinerary, first: Itinerary, worth: dict[str, ScoredAttraction]
) -> frozenset[str]:
    """Paid sights of `first` (the plan made as asked) that `plan` (within the budget) left
    out, as many as the money it leaves over buys, dearest first: the economy pass's ticket
    cap left 青岛's aquarium out of a family's 4 000 CNY with 1 000 unspent."""
    budget = plan.request.budget_cny or 0
    spare = budget - plan.total_cost_cny - max(MARGIN_CNY, MARGIN_SHARE * budget)
    kept = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    party = plan.request.party
    left = sorted(((t, i.poi_id) for d in first.days for i in d.items
                   if i.kind == ItemKind.ATTRACTION and i.poi_id and i.poi_id not in kept
                   and (t := ticket(i, _place(worth, i.poi_id), party)) > 0),
                  reverse=True)  # fmt: skip
    back: set[str] = set()
    for cost, poi in left:
        if cost <= spare:
            back.add(poi)
            spare -= cost
    return frozenset(back)


def _bought_back(
    plan: Itinerary,
    again: Callable[[frozenset[str]], Itinerary],
    cut: frozenset[str],
    dropped: dict[str, tuple[str, float]],
    tried: list[tuple[Itinerary, dict[str, tuple[str, float]]]],
) -> tuple[Itinerary, dict[str, tuple[str, float]], frozenset[str]]:
    """`plan` (within the budget, `dropped` left out for their ticket among `cut`) planned again
    by `again` with the sights of `dropped` the money left over buys at what they cost in the
    plans `tried` (a lunch inside included), dearest first: a cut covers the excess by tickets
    alone, and the meals eaten elsewhere cost less than a lunch inside (北京 on 1 500 CNY for two
    left 天坛 and 颐和园 out with 138 CNY unspent). Returns the plan, the sights still left out
    and the cut — `plan`'s own when the new plan is over the budget."""
    budget = plan.request.budget_cny or 0
    spare = budget - plan.total_cost_cny - max(MARGIN_CNY, MARGIN_SHARE * budget)
    cost = {p: max([v[1]] + [i.cost_cny for t, _ in tried for d in t.days for i in d.items
                             if i.kind == ItemKind.ATTRACTION and i.poi_id == p])
            for p, v in dropped.items()}  # fmt: skip
    back: set[str] = set()
    for poi in sorted(dropped, key=lambda p: (-cost[p], p)):
        if cost[poi] <= spare:
            back.add(poi)
            spare -= cost[poi]
    if not back:
        return plan, dropped, cut
    again_plan = again(cut - back)
    if not within(again_plan):
        return plan, dropped, cut
    return again_plan, {p: v for p, v in dropped.items() if p not in back}, cut - back


def _refilled(
    plan: Itinerary,
    again: Callable[[frozenset[str]], Itinerary],
    cut: frozenset[str],
    kept_out: frozenset[str],
    worth: dict[str, ScoredAttraction],
) -> tuple[Itinerary, frozenset[str]]:
    """`plan` (within the budget, with `cut` left out) planned again with the paid sights of
    `kept_out` (only kept out so that the time freed went to free ones), as many as the money left over
    buys (worth most first): a budget trip's days are not free afternoons while 90 CNY and a
    30-yuan hill go unspent. The new plan and the sights let back only if it is within the
    budget too, else `plan` and none."""
    budget = plan.request.budget_cny or 0
    spare = budget - plan.total_cost_cny - max(MARGIN_CNY, MARGIN_SHARE * budget)
    people = plan.request.party.size
    back: set[str] = set()
    for poi in sorted(kept_out, key=lambda p: (-worth[p].score, p)):
        price = alone_cny(worth[poi].attraction) * people
        if price <= spare:
            back.add(poi)
            spare -= price
    if not back:
        return plan, frozenset()
    refilled = again(cut - back)
    return (refilled, frozenset(back)) if within(refilled) else (plan, frozenset())


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
    """Lunches and dinners of `plan` at a known place, of one's choice or inside a sight (the
    panda base's lunch inside is a lunch: 大熊猫基地 did not come back for the cheapest meals
    because the plan with it had one 「lunch」 item fewer)."""
    return sum(1 for d in plan.days for i in d.items
               if i.kind in (ItemKind.MEAL, ItemKind.ATTRACTION)
               and i.meal in ("lunch", "dinner"))  # fmt: skip


def _cuts(
    plan: Itinerary, worth: dict[str, ScoredAttraction]
) -> tuple[dict[str, tuple[str, float]], frozenset[str]]:
    """Paid sights of `plan` whose tickets cover what it is over the budget by, giving up the
    least (headline sights weighed by their rank, then worth; never a must-see: up to `CUT_MOST` of
    them, else the ones worth least for their ticket until covered), and every paid candidate
    not in `plan` (the time freed is not filled with another ticket); all of them when they
    cover the excess but not the margin; none when even all would not cover it (the leaner
    pass is the answer then)."""
    budget = plan.request.budget_cny or 0
    excess = plan.total_cost_cny - budget + max(MARGIN_CNY, MARGIN_SHARE * budget)
    seen = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    party = plan.request.party
    paid = [(i.poi_id, t) for d in plan.days for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.poi_id is not None and i.poi_id in worth
            and not worth[i.poi_id].must_see
            and (t := ticket(i, worth[i.poi_id].attraction, party)) > 0]  # fmt: skip
    if sum(cost for _, cost in paid) < excess:  # all of them, when they cover the bare excess
        if sum(cost for _, cost in paid) < plan.total_cost_cny - budget:
            return {}, frozenset()
        excess = sum(cost for _, cost in paid)

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
              if poi not in seen and not s.must_see and alone_cny(s.attraction) > 0}  # fmt: skip
    names = {i.poi_id: i.name for d in plan.days for i in d.items}
    return {poi: (names[poi], cost) for poi, cost in chosen}, frozenset(others)


def _place(worth: dict[str, ScoredAttraction], poi: str) -> Attraction | None:
    scored = worth.get(poi)
    return scored.attraction if scored is not None else None
