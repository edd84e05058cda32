"""plan_trip: a TripRequest → a dated, validated Itinerary (the offline planning core).

Steps: resolve the destinations and the origin; score the sights (headline sights first,
`engine.planning.candidates`); split the days into stays (days per destination when said); per
stay choose where each night is spent (`engine.planning.nights`: lodging wishes, a summit night
for a sunrise, a move between far-apart areas), reserve whole days for long must-do places (a
mountain), build day frames with the intercity legs first and last (the wished mode where a
link exists), add the moments at their hour (a dawn outing, a summit evening, an evening show,
早茶 out), solve the stay's TOPTW (`engine.planning.toptw`, PyVRP), reorder each day so sights
come early (`engine.planning.compact`) and lay the solution out as
timed items; a day that would wait mid-day starts later instead (`engine.planning.late_start`);
then late snacks (夜宵) and free time for long waits; validate and answer each wish
(`engine.planning.validator`, `engine.planning.wishes`). When the plan is over budget,
`engine.planning.budget_fit` plans again giving up least: economy mode (intercity legs within
what the budget leaves — sleeper trains and night flights included, `engine.planning.legs` —
cheapest lodging, restaurants up to 60 CNY a head, sights over 120 CNY only as must-sees or
headline sights, tickets weighed against their score), then noodle shops and buses, then a
paid sight or two less, then leaner days (restaurants up to 35 CNY, sights up to 60 CNY, legs
with daytime there weighing less); the first that fits is kept and says what it gave up, else
the cheapest, its ``budget`` check saying the least the trip costs.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.domain.itinerary import Day, ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.prices import adult_price, entry_price, park_of
from engine.knowledge.schema import Destination, Place, Restaurant
from engine.planning import (
    budget_fit,
    budget_words,
    dish_budget,
    driving,
    headline_retry,
    hub_meals,
    lodging_wish,
    meal_groups,
    meal_repeats,
    meals,
    moments,
    oneway,
    park_tickets,
    room_level,
    search_budget,
    toptw,
    transit,
    weather,
)
from engine.planning import candidates as cand
from engine.planning.clusters import pin_stay_clusters
from engine.planning.compact import compact_days
from engine.planning.errors import PlanningError
from engine.planning.frames import DayFrame, early_nights, finish_meals, trip_dates
from engine.planning.free_time import fill_gaps
from engine.planning.full_days import reserve_full_days
from engine.planning.holiday_crowds import crowd_morning_kept, crowd_mornings
from engine.planning.home_early import home_early
from engine.planning.intercity import IntercityOption, Point
from engine.planning.late_start import start_later
from engine.planning.layout import build_frames
from engine.planning.left_out import offer_left_out
from engine.planning.leg_frames import home_options, options_for
from engine.planning.local_food import meal_penalties
from engine.planning.meal_detours import near_meals
from engine.planning.meal_price import ECONOMY_MEAL_CAP, TIGHT_MEAL_CAP, low_budget, meal_cap
from engine.planning.model import TripModel, build
from engine.planning.nights import plan_nights
from engine.planning.origin_sights import without_origin_sights
from engine.planning.pace import NIGHT_TAGS
from engine.planning.polish import polish_meals, repair
from engine.planning.schedule import build_day
from engine.planning.stays import (
    Stay,
    allocate,
    days_needed,
    evening_before_home,
    full_day_before_home,
    full_day_on_arrival,
    stay_weight,
)
from engine.planning.summit import is_summit
from engine.planning.summit_afternoon import summit_afternoons
from engine.planning.validator import validate
from engine.planning.walk_groups import walk_days

ECONOMY_TICKET_CAP = 120.0  # CNY per person: dearer sights only when they are must-sees
#: A place over the meal cap (taken where too few within it serve the stay's meals) loses this
#: share of a minor sight's worth at each meal (`model.build`'s ``meal_penalty``): it is eaten
#: at only where no place within the cap serves that meal.
OVER_CAP_PENALTY = 1.0
#: … and costs at most this many times the cap.
OVER_CAP_MOST = 2.0
TIGHT_TICKET_CAP = 60.0


def plan_trip(
    request: TripRequest,
    kb: KnowledgeBase,
    *,
    stop: Callable[[], bool] | None = None,
    today: dt.date | None = None,
    time_limit_s: float | None = None,
) -> Itinerary:
    """Plan `request` on the knowledge base.

    Args:
        request: what to plan (destinations are knowledge-base destination ids).
        kb: the knowledge base.
        stop: polled by the solver; when it returns True the best plan so far is used.
        today: for resolving a missing start date (default: the real date).
        time_limit_s: solver budget per stay (default: 0.2 s + 0.08 s per day; a number of
            iterations instead with ``LVTU_SOLVER_ITERATIONS``: `engine.planning.search_budget`).

    Returns:
        The itinerary with `feasibility` set (not yet saved: `id` is 0; no guide yet).

    Raises:
        PlanningError: an unknown destination, fewer days than destinations, or no way to
            travel between the places given the modes to avoid.
    """
    destinations = [
        lodging_wish.off_day_trips(_destination(kb, d, request.lang), request.lodging)
        for d in request.destinations
    ]
    if request.start_date is None:
        request = request.model_copy(update={"start_date": request.resolved_start_date(today)})
    origin = trip_origin(kb, request)
    scored = {  # a region's sights in the city the trip starts from: on the way, not a day
        d.id: without_origin_sights(cand.attractions(d, request), d, kb, request)
        for d in destinations
    }
    if not any(scored.values()):
        names = "、".join(d.name_zh for d in destinations)
        raise PlanningError(
            "no_attractions",
            f"{names}没有符合条件的景点，请放宽“不想去”的限制。",
            "No attraction is left after your exclusions; relax what to avoid.",
        )
    staying = _without_moves(destinations, scored)
    weights = [stay_weight(staying[d.id]) for d in destinations]
    last = destinations[-1]  # the ride home may leave before its evening (洪崖洞 by day)
    home = home_options(kb, last, origin, request) if len(destinations) > 1 else []
    last_day = request.resolved_start_date() + dt.timedelta(days=request.days - 1)
    last_evening = evening_before_home(staying[last.id], home, last_day)
    # the last stop's mountain (峨眉山's 金顶): a day more when neither the day it is reached
    # nor the day of the ride home holds it
    holds = full_day_before_home(last, staying[last.id], home, last_day)
    if not holds and len(destinations) > 1:
        arriving = _arrivals(kb, destinations[-2], last, request)
        holds = full_day_on_arrival(last, staying[last.id], arriving, last_day)
    needs = [days_needed(staying[d.id], arriving=i > 0 or origin is not None,
                         last_evening=last_evening or d is not last,
                         home_day=holds or d is not last)
             for i, d in enumerate(destinations)]  # fmt: skip
    stays = allocate(destinations, request.days, weights, request.destination_days, needs)

    def once(
        economy: bool,
        rest: float | None = None,
        tight: bool = False,
        *,
        frugal: bool = False,
        cut: frozenset[str] = frozenset(),
        allow: frozenset[str] = frozenset(),
        lean_meals: bool = False,
        buses: bool = False,
    ) -> Itinerary:
        return _plan_once(request, kb, stays, scored, origin, economy=economy, stop=stop,
                          time_limit_s=time_limit_s, rest_cny=rest, tight=tight,
                          frugal=frugal, cut=cut, allow=allow, lean_meals=lean_meals,
                          buses=buses)  # fmt: skip

    # a low budget said in words (穷游, 学生党) and no number: the economy plan is the plan
    # asked for; with a number, the number decides (`budget_fit` when the plan is over it)
    first = once(economy=low_budget(request) and request.budget_cny is None)
    if budget_fit.within(first) or (stop and stop()):
        return _rooms(first, kb, upgrade=True)
    fitted, dropped = budget_fit.fit(first, once, scored, stop)
    fitted = dish_budget.serve_within(_rooms(fitted, kb, upgrade=False), kb)  # 盐水鸭 if it fits
    return budget_words.explain((fitted, dropped), first, kb)


def _rooms(plan: Itinerary, kb: KnowledgeBase, *, upgrade: bool) -> Itinerary:
    """`plan` with the rooms at the level asked or bought by the budget (`upgrade`: a level not
    asked for may be bought; `engine.planning.room_level`), validated again when a price
    changed."""
    nights = room_level.nights_of(plan, kb)
    level = room_level.choose(plan.request, nights, plan.total_cost_cny, upgrade=upgrade)
    priced = plan if level is None else room_level.reprice(plan, kb, level)
    if priced is plan:
        return plan
    return priced.model_copy(update={"feasibility": validate(priced, kb)})


def _arrivals(
    kb: KnowledgeBase, before: Destination, stop: Destination, request: TripRequest
) -> list[IntercityOption]:
    """The options from one stop to the next (`leg_frames.options_for`); none when no mode the
    person allows gets there (the legs say so later)."""
    try:
        return options_for(kb, before, stop, request, between=True)
    except PlanningError:
        return []


def _without_moves(
    destinations: list[Destination], scored: dict[str, list[cand.ScoredAttraction]]
) -> dict[str, list[cand.ScoredAttraction]]:
    """Each destination's candidates for sizing its stay, less a one-way sight that will be
    the move to the next destination (the 漓江 cruise from 桂林 lands in 阳朔,
    `oneway.move_sight`): its day is the next stay's first — 桂林 1 day and 阳朔 2, not 桂林 2
    with a free afternoon and half a day in 阳朔 after the cruise."""
    out = dict(scored)
    for here, there in itertools.pairwise(destinations):
        wanted = {s.attraction.id: (s.must_see, s.headline is not None) for s in scored[here.id]}
        sight = oneway.move_sight(here, there, wanted)
        if sight is not None:
            out[here.id] = [s for s in out[here.id] if s.attraction.id != sight.id]
    return out


def _destination(kb: KnowledgeBase, dest_id: str, lang: str) -> Destination:
    destination = kb.destinations.get(dest_id)
    if destination is None:
        known = "、".join(d.name_zh for d in list(kb.destinations.values())[:8])
        raise PlanningError(
            "unknown_destination",
            f"还没有“{dest_id}”的景点数据。已收录：{known}…",
            f"No places are known for {dest_id!r} yet. Covered: "
            + ", ".join(d.name_en for d in list(kb.destinations.values())[:8]),
        )
    return destination


def trip_origin(kb: KnowledgeBase, request: TripRequest) -> Destination | Point | None:
    """The trip's origin, or None when the person starts at the (first) destination."""
    name = request.departure
    if not name or name in request.destinations[:1]:
        return None
    if name in kb.destinations:
        return kb.destinations[name]
    from engine.knowledge.gazetteer import gazetteer_for

    match = gazetteer_for(kb).resolve(name)
    if match is None or match.lat is None or match.lon is None:
        return None
    if match.destination_id in kb.destinations:
        return kb.destinations[match.destination_id]
    return Point(match.name_zh, match.name_en, match.lat, match.lon)


def _plan_once(
    request: TripRequest,
    kb: KnowledgeBase,
    stays: list[Stay],
    scored: dict[str, list[cand.ScoredAttraction]],
    origin: Destination | Point | None,
    *,
    economy: bool,
    stop: Callable[[], bool] | None,
    time_limit_s: float | None,
    rest_cny: float | None,
    tight: bool = False,
    frugal: bool = False,
    cut: frozenset[str] = frozenset(),
    allow: frozenset[str] = frozenset(),
    lean_meals: bool = False,
    buses: bool = False,
) -> Itinerary:
    """One plan of the stays; `economy`/`tight` as `plan_trip` describes, `frugal`: the leaner
    pass's restaurants (up to `TIGHT_MEAL_CAP`) without its leaner legs and tickets, `cut`: sights
    left out for price (`engine.planning.budget_fit`; never a must-see), `allow`: dear sights
    the economy pass keeps all the same (the money left over buys them), `lean_meals`: only the
    places within the meal cap where they can give a meal a day (`_restaurants`). The leaner passes
    (`frugal`, `tight`) and a low budget said in words (`meal_price.low_budget`) ride buses and the metro unless a local mode was asked for
    (a baby or seniors whose budget pays for comfort keep a car on long rides, `transit.LEAN`,
    unless `buses`: `budget_fit` rides them before it leaves a sight out; the plan
    keeps the request as asked: the report lists no 「公共交通」 the person never said; the
    budget answer says the rides got cheaper)."""
    asked = request
    if (frugal or tight or low_budget(request)) and request.local_transport is None:
        # a baby or seniors on a budget that pays for comfort keep a car on the long rides
        comfort = transit.style_of(request).comfort and not low_budget(request) and not buses
        lean = transit.LEAN if comfort else "public"
        request = request.model_copy(update={"local_transport": lean})
    if cut:
        scored = {d: [s for s in v if s.must_see or s.attraction.id not in cut]
                  for d, v in scored.items()}  # fmt: skip
    per_night = _lodging_budget(request, economy)
    if economy:  # the same sights for choosing lodging as for the days
        first = {stay.destination.id: trip_dates(request)[stay.days[0]] for stay in stays}
        where = {stay.destination.id: stay.destination for stay in stays}
        scored = {d: _economy_scores(s, tight=tight, day=first[d], destination=where[d],
                                     allow=allow)
                  for d, s in scored.items()}  # fmt: skip
    for stay in stays:
        plan_nights(stay, scored[stay.destination.id], request, economy=economy,
                    budget_per_night=per_night, last_day=request.days - 1)  # fmt: skip
    wanted = {d: {s.attraction.id: (s.must_see, s.headline is not None) for s in v}
              for d, v in scored.items()}  # fmt: skip
    frames = build_frames(
        request, stays, origin, kb, economy=economy, rest_cny=rest_cny, lean=tight, wanted=wanted
    )
    # A sight already placed on a frame (a one-way cruise that is the move between two stays)
    # is not a candidate of any stay's days.
    fixed = {i.poi_id for f in frames for i in f.before if i.kind == ItemKind.ATTRACTION}
    scored = {d: [s for s in v if s.attraction.id not in fixed] for d, v in scored.items()}
    days: list[Day] = []
    for stay in stays:
        stay_frames = [f for f in frames if f.index in stay.days]
        days.extend(
            _solve_stay(
                request,
                stay,
                stay_frames,
                origin if isinstance(origin, Destination) else None,
                scored[stay.destination.id],
                economy=economy,
                stop=stop,
                time_limit_s=time_limit_s,
                tight=tight or frugal,
                lean_meals=lean_meals,
            )
        )
    days = offer_left_out(days, kb, request)  # 「体力允许可以去虎丘」 in a free afternoon
    itinerary = Itinerary(
        title=_title(request, [s.destination for s in stays], origin),
        request=asked,
        days=tuple(days),
        lang=request.lang,
    )
    itinerary = park_tickets.settle(itinerary, kb)  # a park's ticket once, not per sight inside
    return itinerary.model_copy(update={"feasibility": validate(itinerary, kb)})


def _solve_stay(
    request: TripRequest,
    stay: Stay,
    frames: list[DayFrame],
    home: Destination | None,
    scored: list[cand.ScoredAttraction],
    *,
    economy: bool,
    stop: Callable[[], bool] | None,
    time_limit_s: float | None,
    tight: bool = False,
    lean_meals: bool = False,
) -> list[Day]:
    destination = stay.destination
    cap = ((TIGHT_MEAL_CAP if tight else ECONOMY_MEAL_CAP) if economy
           else meal_cap(request, destination))  # fmt: skip
    near: list[Place] = [s.attraction for s in scored[: 4 * len(frames)]]
    near += [stay.lodging] if stay.lodging else []
    near += list(stay.nights.values())
    restaurants = _restaurants(destination, request, cap, near, len(frames), lean=lean_meals)
    restaurants += cand.wished_restaurants(destination, request, restaurants, near=near, cap=cap,
                                           lean=economy and tight)  # fmt: skip
    # the place one sleeps in for a lodging wish (住古镇里: 周庄) is seen first, not driven away from
    slept = lodging_wish.stayed_in(destination, [lo for lo in (stay.lodging, *stay.nights.values())
                                                 if lo], [s.attraction for s in scored],
                                   request.lodging)  # fmt: skip
    scored = [replace(s, must_see=True) if s.attraction.id in slept else s for s in scored]
    reserved = reserve_full_days(frames, scored)
    scored = _moments(stay, frames, scored, request)
    scored = _mornings(crowd_mornings(scored, request, frames), request)  # 五一: magnets early
    pinned = pin_stay_clusters(stay, frames, scored, reserved)
    _evening_shows(frames, scored, kids=early_nights(request.party),
                   seniors=request.party.seniors > 0)  # fmt: skip
    breakfasts = _breakfasts_out(frames, destination, request, reserved)
    late = meals.kept_for_late(destination, request, [f.date for f in frames])
    restaurants = [r for r in restaurants if r.id not in breakfasts and r.id not in late]
    # The same modes the day's legs use (`transit_items.transit_item`), so the solver's times hold.
    style = transit.style_of(request)
    for frame in frames:
        finish_meals(frame)
        hub_meals.arrival_meal(frame, restaurants, request, style)  # landed with no eatery in reach
        hub_meals.dinner_room(frame, restaurants, style)  # off a long ride at dinner time
    budget = time_limit_s if time_limit_s is not None else 0.2 + 0.08 * len(frames)
    strict_reserved = reserved
    penalty = meal_penalties(restaurants, destination, request, home)
    for r in restaurants:  # over the price cap (`_restaurants`): eaten only where none within is
        if cap is not None and r.price_per_person_cny > cap:
            penalty[r.id] = penalty.get(r.id, 0.0) + OVER_CAP_PENALTY
    headlines = [s.attraction.id for s in sorted(scored, key=lambda s: s.headline or 0)
                 if s.headline is not None]  # fmt: skip
    for must_required in (True, False):
        # Second try: must-sees may be dropped (the validator names them), and a full day that
        # could not be fitted is given back to ordinary sights.
        reserved = strict_reserved if must_required else {}
        model = build(frames, scored, restaurants, reserved=reserved, style=style,
                      must_required=must_required, food=request.food,
                      meal_penalty=penalty,
                      sunset="sunset" in request.experiences,
                      pinned=pinned if must_required else None)  # fmt: skip
        solved = search_budget.solve(model.instance(), budget, stop=stop)
        if not solved.feasible and not (stop and stop()):
            # PyVRP's penalty search starts from infeasible plans; give it longer once.
            solved = search_budget.solve(model.instance(), budget * 3, stop=stop)
        solution = polish_meals(model, repair(model, solved))
        # 天安门城楼 and 景山 on 故宫's day: one walk, not three trips to the same gates
        solution = walk_days(model, solution, headlines, fixed=[*pinned, *reserved.values()])
        solution = compact_days(model, solution)
        if solution.feasible or (stop and stop()):
            break
    if solution.feasible and must_required and not (stop and stop()):
        model, solution = _headlines_again(
            model, solution, frames, scored, restaurants, request,
            reserved=reserved, style=style, penalty=penalty, pinned=pinned, budget=budget, stop=stop,
        )  # fmt: skip
    days = [
        build_day(
            frame,
            solution.tours[i],
            model,
            request,
            reserved=reserved.get(frame.index),
            economy=economy,
        )
        for i, frame in enumerate(frames)
    ]
    days = near_meals(days, destination, request, restaurants)  # no ride out to eat
    # no street again within days — after the moves, so a note's 「第N天已在…吃过」 is a meal kept;
    # a repeat goes to another known place nearby first (成都's 龙抄手 again on day 4: 钟水饺)
    pool = {r.id: r for r in [*restaurants, *cand.restaurants(destination, request, max_price=cap,
                                                              near=near)]
            if r.id not in breakfasts and r.id not in late}  # fmt: skip
    days = meal_repeats.vary_repeats(days, destination, request, list(pool.values()))
    days = meal_groups.free_meals(days, destination, request, list(pool.values()))
    # a hot day's midday rest (怕热) stays at midday, not moved to the morning; a holiday's
    # crowd magnet (crowds refused) stays at opening, not slept in for
    later = [d if weather.rests_at_noon(request, destination, d.date)
             or crowd_morning_kept(request, d, destination) else d2
             for d, d2 in zip(days, start_later(days, destination), strict=True)]  # fmt: skip
    days = meals.late_snacks(later, destination, request)
    days = home_early(days, destination, request, restaurants)  # no waiting far out for dinner
    days = fill_gaps(summit_afternoons(days, destination, request), destination, request)
    days = hub_meals.departure_meals(days, restaurants, request)  # eaten at the station/airport
    days = hub_meals.onboard_meals(days, request)  # a long ride through a meal: food taken aboard
    days = driving.rental_pickup(days, request)  # 「租车」: the car hired where they arrive
    return meal_repeats.vary_dishes(days, destination, request)  # not 西湖醋鱼 at lunch and dinner


def _headlines_again(
    model: TripModel,
    solution: toptw.Solution,
    frames: list[DayFrame],
    scored: list[cand.ScoredAttraction],
    restaurants: list[Restaurant],
    request: TripRequest,
    *,
    reserved: dict[int, str],
    style: transit.Style,
    penalty: dict[str, float],
    pinned: Any,
    budget: float,
    stop: Callable[[], bool] | None,
) -> tuple[TripModel, toptw.Solution]:
    """The stay solved again with the headline sights `solution` left out required, when that
    plan is better (`headline_retry`); else `model` and `solution` as they are."""
    first = headline_retry.seen(model, solution, frames)
    ids = headline_retry.missing(scored, first, frames[0].destination)
    if not ids:
        return model, solution
    again = build(frames, headline_retry.required(scored, ids), restaurants, reserved=reserved,
                  style=style, must_required=True, food=request.food, meal_penalty=penalty,
                  sunset="sunset" in request.experiences, pinned=pinned)  # fmt: skip
    solved = search_budget.solve(again.instance(), 2 * budget, stop=stop)  # a harder instance
    second = compact_days(again, polish_meals(again, repair(again, solved)))
    must = frozenset(s.attraction.id for s in scored if s.must_see or s.wished)
    if second.feasible and headline_retry.better(
        scored, first, headline_retry.seen(again, second, frames), must=must
    ):
        return again, second
    return model, solution


def _restaurants(
    destination: Destination,
    request: TripRequest,
    cap: float | None,
    near: list[Place],
    days: int,
    *,
    lean: bool = False,
) -> list[Restaurant]:
    """Restaurants for a stay of `days` days: those within the price `cap` (CNY a head); when
    fewer than `days` are (one a day), the cheapest that many of all besides (one snack street
    40 km from the day's sights left 南山's day in 三亚 without lunch; every restaurant when none
    fitted 35 CNY made 三亚's leanest plan dearer than the economy one); and up to the stay's
    lunches and dinners (two a day), the cheapest others up to `OVER_CAP_MOST` times a cap set
    by the budget said (two snack shops under 35 CNY were the four meals of two days in 西安:
    two went uneaten).
    The model weighs those over the cap down (`OVER_CAP_PENALTY`). `lean`: those within the
    cap only when they are one a day (a snack shop or street gives a meal a day: two of them
    are a stay's lunches and dinners), the budget's last resort before a headline sight goes
    (`budget_fit`)."""
    capped = cand.restaurants(destination, request, max_price=cap, near=near)
    if len(capped) >= 2 * days or (lean and len(capped) >= days):
        return capped
    every = cand.restaurants(destination, request, near=near)
    ids = {r.id for r in capped}
    others = sorted((r for r in every if r.id not in ids),
                    key=lambda r: (r.price_per_person_cny, r.id))  # fmt: skip
    first = others[: max(0, days - len(capped))]  # one a day, whatever they cost
    # then not a feast (澳门: a 200 CNY lunch); with no budget said the cap is already three
    # ordinary meals (`meal_price.meal_cap`), and nothing dearer comes in (福州's 聚春园, 250)
    dearer = [r for r in others[len(first) :]
              if cap is None or (request.budget_cny is not None
                                 and r.price_per_person_cny <= OVER_CAP_MOST * cap)]  # fmt: skip
    return sorted([*capped, *first, *dearer][: 2 * days], key=lambda r: r.id)


def _economy_scores(
    scored: list[cand.ScoredAttraction],
    *,
    tight: bool,
    day: dt.date,
    destination: Destination,
    allow: frozenset[str] = frozenset(),
) -> list[cand.ScoredAttraction]:
    """Economy mode: tickets (the adult price on `day`, the stay's first: seasons differ) weigh
    against a sight's worth, dear ones go unless they are must-sees or headline sights (in the
    leaner `tight` pass, headline sights within the economy cap); the sights a place is known
    for (popularity 5) keep at least their base worth. A sight inside a park costs what the
    sight charges on top when the park is kept (its ticket is bought anyway), else the park's
    ticket and compulsory shuttle too (`prices.entry_price`: 紫霄宫 is not free without the
    武当山 ticket)."""
    cap_ticket = TIGHT_TICKET_CAP if tight else ECONOMY_TICKET_CAP

    def keeps(s: cand.ScoredAttraction, price: float) -> bool:
        # A headline sight is what the trip is for (蜈支洲岛 144 CNY, 东方明珠 199 CNY): kept in
        # the economy pass whatever its ticket, and up to the economy cap in the leaner one.
        return (
            s.must_see
            or s.attraction.id in allow
            or price <= cap_ticket
            or (s.headline is not None and (not tight or price <= ECONOMY_TICKET_CAP))
        )

    alone = {
        s.attraction.id: entry_price(s.attraction, park_of(s.attraction, destination), day)
        for s in scored
    }
    parks = {s.attraction.id for s in scored
             if s.attraction.inside is None and keeps(s, alone[s.attraction.id])}  # fmt: skip
    price = {
        s.attraction.id: adult_price(s.attraction, day)
        if s.attraction.inside in parks
        else alone[s.attraction.id]
        for s in scored
    }
    kept = [
        replace(s, score=s.score / (1 + price[s.attraction.id] / 50))
        for s in scored
        if keeps(s, price[s.attraction.id])
    ]
    return [
        replace(s, score=float(s.attraction.popularity**2))
        if s.attraction.popularity >= 5 and s.score < s.attraction.popularity**2
        else s
        for s in kept
    ]


def _moments(
    stay: Stay, frames: list[DayFrame], scored: list[cand.ScoredAttraction], request: TripRequest
) -> list[cand.ScoredAttraction]:
    """Summit evenings and the dawn outing (`engine.planning.moments`) on the stay's frames;
    returns the candidates less a sight seen at dawn."""
    for frame in frames:
        if frame.travel_only:
            continue
        if is_summit(frame.lodging):
            moments.summit_evening(frame, request)
        if stay.sunrise and stay.sunrise[0] == frame.index:
            _, spot, what, poi = stay.sunrise
            place = next((s.attraction for s in scored if s.attraction.id == poi), None)
            if moments.dawn(frame, spot, request, what=what, place=place) == "visit":
                scored = [s for s in scored if s.attraction.id != poi]  # seen at dawn
    return scored


def _mornings(
    scored: list[cand.ScoredAttraction], request: TripRequest
) -> list[cand.ScoredAttraction]:
    """Sights wished at a part of the day, a POI id or a tag each: in the morning
    (`TripRequest.mornings`: 「天坛一大早去」) planned as morning sights, tag ``morning``
    (`engine.planning.model`: begun first thing, by 10:30); in the afternoon or the evening
    (`TripRequest.afternoons`, `evenings`: 「下午去熊猫基地」, 「晚上去宽窄巷子」) tagged
    ``afternoon`` or ``evening`` (`engine.planning.visit_windows.PART_WINDOWS`)."""
    parts = (("morning", set(request.mornings)), ("afternoon", set(request.afternoons)),
             ("evening", set(request.evenings)))  # fmt: skip
    if not any(wished for _, wished in parts):
        return scored
    out = []
    for s in scored:
        a = s.attraction
        for part, wished in parts:
            if part not in a.tags and (a.id in wished or wished & set(a.tags)):
                a = a.model_copy(update={"tags": (*a.tags, part)})
                break  # one part of the day: the first said
        out.append(s if a is s.attraction else replace(s, attraction=a))
    return out


SHOW_STARTS_AFTER = 18 * 60
LATEST_BACK = 23 * 60 + 30
#: A day may end this late for a headline or named night view open in the evening (大唐不夜城,
#: 珠江夜游): back at the lodging by then (minutes after midnight).
NIGHT_VIEW_BACK = 22 * 60 + 30
#: … when the night view is this close to the night's lodging (straight line, metres): a late
#: evening out, not a 60 km ride back at 22:00.
NIGHT_VIEW_NEAR_M = 15_000.0


def _evening_shows(
    frames: list[DayFrame],
    scored: list[cand.ScoredAttraction],
    *,
    kids: bool = False,
    seniors: bool = False,
) -> None:
    """A day may end after an evening-only show (川剧变脸 20:00–21:30) that is a must-see, a
    headline sight or a performance: back at the lodging 40 minutes after it ends (by 23:30)
    instead of at the pace's usual hour; likewise a headline or named night view open after
    dinner (大唐不夜城 17:00–24:00) within `NIGHT_VIEW_NEAR_M` of the lodging, back by
    `NIGHT_VIEW_BACK`. Days that end at a station keep their end. With young children
    (`frames.early_nights`) only an evening-only show the person named keeps them out later: a
    night view is seen by then (上海迪士尼 named for its fireworks gave the evening to 外滩 and a
    4-year-old back at 22:19). With seniors only a night view the person named keeps them out
    later than their pace's evening (an 80-year-old on 西安城墙 19:08–21:38 was never asked
    for; 「想看大唐不夜城」 is)."""
    shows = [s.attraction for s in scored
             if s.must_see or s.headline is not None or "performance" in s.attraction.tags]  # fmt: skip
    views = {s.attraction.id for s in scored if (s.must_see or s.headline is not None)
             and NIGHT_TAGS & set(s.attraction.tags)}  # fmt: skip
    if kids:
        shows, views = [s.attraction for s in scored if s.must_see], set()
    elif seniors:
        views = {s.attraction.id for s in scored if s.must_see and s.attraction.id in views}
    for frame in frames:
        if frame.return_leg is not None or frame.travel_only or frame.lodging is None:
            continue
        if frame.fixed_end:  # the traveller's own hours from then (「下午有事」)
            continue
        if is_summit(frame.lodging):  # the last cable car up comes first
            continue
        for a in shows:
            windows = place_windows(a, frame.date)
            if windows and all(start >= SHOW_STARTS_AFTER for start, _ in windows):
                close = max(end for _, end in windows)
                frame.end_time = max(frame.end_time, min(close + 40, LATEST_BACK))
            elif (
                a.id in views
                and any(end > SHOW_STARTS_AFTER + 60 for _, end in windows)
                and haversine_m(a.lat, a.lon, frame.end.lat, frame.end.lon) <= NIGHT_VIEW_NEAR_M
            ):
                frame.end_time = max(frame.end_time, NIGHT_VIEW_BACK)


def _breakfasts_out(
    frames: list[DayFrame], destination: Destination, request: TripRequest, reserved: dict[int, str]
) -> set[str]:
    """Breakfast wishes (早茶) served out on every other morning that starts at the lodging and
    is not a mountain day, every such morning when said for every day (`engine.planning.meals`);
    returns the places used (kept out of lunch and dinner: no restaurant twice)."""
    used: set[str] = set()
    wishes = [w for w in request.food if w.meal == "breakfast"]
    if not wishes:
        return used
    mornings = [f for f in frames if f.index not in reserved and len(f.before) == 1
                and f.before[0].meal == "breakfast"]  # fmt: skip
    for wish in wishes:
        for frame in mornings if wish.every_day else mornings[::2]:  # 每天早上都想喝早茶
            places = [r for r in destination.restaurants
                      if r.inside is None and r.id not in used
                      and not cand.avoided(r, request, destination.restaurants)]  # fmt: skip
            place = meals.breakfast_out(frame, wish, places, request)
            if place is not None:
                used.add(place.id)
    return used


def _lodging_budget(request: TripRequest, economy: bool) -> float | None:
    """A per-room-night ceiling: a third of the budget spread over the nights (economy: a fifth)."""
    if request.budget_cny is None or request.days <= 1:
        return None
    nights = request.days - 1
    rooms = cand.rooms(request)
    share = 0.2 if economy else 1 / 3
    return request.budget_cny * share / nights / rooms


def _title(request: TripRequest, destinations: list[Destination], origin: Any) -> str:
    lang = request.lang
    names = pick(lang, "、", ", ").join(d.name(lang) for d in destinations)
    if isinstance(origin, Destination | Point):
        start = origin.name(lang)
        return pick(
            lang,
            f"{start}出发·{names}{request.days}日游",
            f"{names} in {request.days} day{'s' * (request.days != 1)} from {start}",
        )
    return pick(
        lang,
        f"{names}{request.days}日游",
        f"{names} in {request.days} day{'s' * (request.days != 1)}",
    )
