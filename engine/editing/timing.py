"""Time an edited day: its stops in the order given, on the planner's own TOPTW model.

The day's frame (start and end, their times, the pace's limits, lunch and dinner) is the one
the planner would build from the day's fixed items (`engine.editing.sketch`); the stops become
the visits of `engine.planning.model.build` (same opening windows on that date, same travel
times, same pace capacity), the order is scheduled and checked by `engine.planning.toptw.
evaluate`, and the day's items are laid out by `engine.planning.schedule.build_day`. A stop
with several windows (a restaurant at lunch or dinner, a place open twice a day) takes the
one that fits; a pinned stop's window is its start alone.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from engine.domain.itinerary import Day, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.editing import free_meals
from engine.editing.sketch import Sketch, Stop
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning import hub_meals, toptw, transit
from engine.planning.candidates import ScoredAttraction
from engine.planning.frames import (
    KIDS_BACK_BY,
    NAP_MINUTES,
    DayFrame,
    clock_time,
    early_nights,
    finish_meals,
    wants_nap,
)
from engine.planning.full_days import is_full_day
from engine.planning.model import TripModel, VisitInfo, build, sight_load
from engine.planning.moments import SUMMIT_ARRIVE_BY
from engine.planning.pace import BREAKFAST_WINDOW, day_end, day_profile
from engine.planning.schedule import build_day
from engine.planning.summit import is_summit
from engine.planning.summit_afternoon import summit_afternoons
from engine.planning.visit_windows import DAY

#: Orders of copies tried at most (a day of 8 stops with 2 windows each: 256).
MAX_COMBINATIONS = 1024

Reason = tuple[str, str]  # (zh, en)


@dataclass(frozen=True)
class Timed:
    """A timed day, or why it cannot be timed.

    Attributes:
        day: the day's items (None when the stops do not fit).
        travel: minutes of local travel in the tour.
        reasons: why it does not fit (zh, en), first the most telling; empty when it fits.
        over_pace: timed with the pace's limits lifted (`time_day(strict_pace=False)`), the
            limit the day now passes (zh, en), or None when it keeps its pace.
    """

    day: Day | None
    travel: int = 0
    reasons: tuple[Reason, ...] = ()
    over_pace: Reason | None = None


def frame_for(
    sk: Sketch, request: TripRequest, kb: KnowledgeBase, *, back_by: int | None = None
) -> DayFrame:
    """The planner's frame for the day (`engine.planning.frames.DayFrame`), with the lunch and
    dinner its stops hold — a small child's nap after lunch and back by `KIDS_BACK_BY`, as the
    planner's days (`engine.planning.layout`: a regenerated day kept neither, out until 21:20);
    `back_by` (minutes after midnight) lets the tour end as late as that (the day as it was
    planned)."""
    prof = day_profile(request, sk.index)
    head = list(sk.head)
    start_time = sk.start_time
    if sk.starts_at is not None:
        last = head[-1] if head else None
        if last is not None and last.kind == ItemKind.MEAL and last.meal == "breakfast":
            minutes = last.minutes or prof.breakfast_minutes
            begin = max(BREAKFAST_WINDOW[0], min(sk.starts_at, BREAKFAST_WINDOW[1]) - minutes)
            head[-1] = last.model_copy(
                update={"start": clock_time(begin), "end": clock_time(begin + minutes)}
            )
            start_time = max(begin + minutes, sk.starts_at)
        else:
            start_time = max(start_time, sk.starts_at)
    there = kb.destinations[sk.destination]
    end_time = sk.end_by if sk.end_by is not None else day_end(prof, there.lat, there.lon, sk.date)
    if sk.end_by is None and early_nights(request.party):  # young children: back by nine
        end_time = min(end_time, KIDS_BACK_BY)
    if back_by is not None and sk.end_by is None:
        end_time = max(end_time, back_by)
    if sk.ends_at is not None:
        end_time = min(end_time, sk.ends_at)
    if is_summit(kb.lodging(sk.lodging_id) if sk.lodging_id else None):
        end_time = min(end_time, SUMMIT_ARRIVE_BY)  # up before the last cable car, as planned
    frame = DayFrame(
        index=sk.index - 1,
        date=sk.date,
        destination=there,
        profile=prof,
        start=sk.start,
        start_time=start_time,
        end=sk.end,
        end_time=max(end_time, start_time),
        lodging=None,
        before=head,
        nap=wants_nap(request),  # as the planner's days
    )
    finish_meals(frame)
    # A meal the day holds belongs in its tour, even where the planner would not have planned
    # it (厦门's last day: dinner at the airport by 18:58, the flight then moved up to 20:30,
    # which leaves the frame 19:00 — short of a dinner by the rule); the clock still binds.
    said = {stop.meal for stop in sk.stops} | {meal.meal for meal in sk.free}
    frame.lunch = frame.lunch or "lunch" in said
    frame.dinner = frame.dinner or "dinner" in said
    return frame


def whole_day(stops: list[Stop], kb: KnowledgeBase) -> str | None:
    """The place a day is given to (`engine.planning.full_days.reserve_full_days`: lunch
    eaten inside a long place), as the planner gives it: a stop at lunch in a place long enough
    (`full_days.is_full_day`); a shorter one (宋城, 4 h) took lunch inside on a day with other
    sights, as one of its lunch copies (`engine.planning.model`). None when there is none."""
    for stop in stops:
        place = kb.place(stop.poi_id)
        if (
            stop.meal == "lunch"
            and isinstance(place, Attraction)
            and is_full_day(ScoredAttraction(place, 1.0, False))
        ):
            return stop.poi_id
    return None


def time_day(
    sk: Sketch,
    request: TripRequest,
    kb: KnowledgeBase,
    *,
    strict_pace: bool = True,
    back_by: int | None = None,
) -> Timed:
    """Time `sk`'s stops in their order (see the module docstring).

    `strict_pace`: the pace's limits (sights and hours of visits a day) bind, as in the planner;
    False lifts them — only the clock binds (opening hours, meals, the day's end) — and the
    limit passed is said in `Timed.over_pace` (a place the person asked for on that day).
    `back_by`: see `frame_for`.
    """
    lang = request.lang
    frame = frame_for(sk, request, kb, back_by=back_by)
    places: list[Attraction | Restaurant] = []
    for stop in sk.stops:
        place = kb.place(stop.poi_id)
        if not isinstance(place, Attraction | Restaurant):
            name = sk.names.get(stop.poi_id, stop.poi_id)
            return Timed(None, reasons=((f"知识库里没有「{name}」", f"{name} is not known"),))
        places.append(place)
    full = whole_day(sk.stops, kb)
    reserved = {frame.index: full} if full else {}
    scored = [ScoredAttraction(p, 1.0, False) for p in places if isinstance(p, Attraction)]
    kept = free_meals.stand_ins(sk)
    restaurants = [p for p in places if isinstance(p, Restaurant)] + [r for _, r in kept]
    # The night's lodging, as the planner's frame had it: a dinner on 涠洲岛 where the night is
    # spent needs no boat back (`model._out_by`); the lodging item itself is the sketch's tail.
    night = kb.lodging(sk.lodging_id) if sk.lodging_id else None
    model = build(
        [replace(frame, lodging=night)], scored, restaurants, reserved=reserved,
        style=transit.style_of(request), must_required=False, chosen=True,
    )  # fmt: skip
    paced = model.tours[0]
    if not strict_pace:
        model.tours[0] = replace(paced, capacity=None, max_duration=None)
    extra = [Stop(r.id, meal=free.meal) for free, r in kept]
    options = _copies(model, [*sk.stops, *extra], frame)
    for stop, place, found in zip(sk.stops, places, options, strict=False):
        if not found:
            return Timed(None, reasons=(_no_window(stop, place, frame, lang),))
    n = len(sk.stops)
    reach = [k for k in range(len(kept)) if options[n + k]]  # free meals with a window
    kept = [kept[k] for k in reach]
    best, nearest = None, None
    if kept:  # the free meals wherever they fit best; else the day as without them (dropped)
        orders = free_meals.placements(list(range(n)), [n + k for k in reach])
        best, _ = _search(model, [[options[i] for i in order] for order in orders])
    if best is None:
        kept = []
        best, nearest = _search(model, [options[:n]])
    if best is None:
        assert nearest is not None or not sk.stops
        reasons = _explain(model, nearest[1], frame, lang) if nearest else ()
        return Timed(None, reasons=(reasons or (_generic(sk.index),))[:2])
    _, solution, _ = best
    over = None if strict_pace else _pace_passed(model, solution, paced, frame.index + 1)
    day = _lay_out(sk, frame, solution, model, request, reserved)
    if kept:
        day = day.model_copy(update={"items": tuple(free_meals.restore(list(day.items), kept))})
    return Timed(day, solution.travel, over_pace=over)


Found = tuple[tuple[int, int], toptw.Solution, list[int]]
Near = tuple[tuple[int, int, int], toptw.Solution]


def _search(
    model: TripModel, orders: list[list[list[tuple[int, int]]]]
) -> tuple[Found | None, Near | None]:
    """The best timing of the stops in one of `orders` (per stop of an order, its copies:
    visit, meal mismatch; `MAX_COMBINATIONS` tried in all): the fewest meal mismatches, then
    the least travel; else the order of copies that comes nearest to fitting."""
    best: Found | None = None
    nearest: Near | None = None
    combos = itertools.chain.from_iterable(itertools.product(*o) for o in orders)
    for combo in itertools.islice(combos, MAX_COMBINATIONS):
        order = [v for v, _ in combo]
        meals = [model.info[v].meal for v in order if model.info[v].meal in ("lunch", "dinner")]
        twice = len(set(meals)) < len(meals)  # a lunch timed as a second dinner: never a day
        solution = toptw.evaluate(model.instance(), [order])
        if solution.feasible and not twice:
            key = (sum(m for _, m in combo), solution.travel)
            if best is None or key < best[0]:
                best = (key, solution, order)
        elif best is None:
            near = _nearness(model, solution, sum(m for _, m in combo))
            if nearest is None or near < nearest[0]:
                nearest = (near, solution)
    return best, nearest


def _copies(model: TripModel, stops: list[Stop], frame: DayFrame) -> list[list[tuple[int, int]]]:
    """Per stop, (visit, meal mismatch) of the model's copies it may use; durations and pins
    applied to the model's visits."""
    base = frame.index * DAY
    by_place: dict[str, list[int]] = {}
    for v, info in enumerate(model.info):
        by_place.setdefault(info.place.id, []).append(v)
    found: list[list[tuple[int, int]]] = []
    for stop in stops:
        usable = []
        for v in by_place.get(stop.poi_id, []):
            visit, info = model.visits[v], model.info[v]
            service = stop.minutes or visit.service
            if stop.minutes and _naps(frame, info):  # the meal as shown, then the rest after it
                service += NAP_MINUTES
            late = visit.tw_late + visit.service - service
            early = visit.tw_early
            if stop.start is not None:
                pin = base + stop.start
                if not early <= pin <= late:
                    continue
                early = late = pin
            if late < early:
                continue
            load = visit.load
            if isinstance(info.place, Attraction):  # counted for the pace as the planner does
                load = sight_load(info.place, service, visit.tw_early - base, frame.profile,
                                  info.meal)  # fmt: skip
            model.visits[v] = replace(
                visit, service=service, tw_early=early, tw_late=late, load=load
            )
            usable.append((v, int(stop.meal is not None and info.meal != stop.meal)))
        found.append(sorted(usable, key=lambda x: x[1]))
    return found


def _naps(frame: DayFrame, info: VisitInfo) -> bool:
    """Whether the model's visit is a lunch followed by a small child's rest: its service is
    the meal and `NAP_MINUTES` (`model.build`; `schedule.build_day` lays out the two), while a
    stop's `minutes` is the meal as the plan shows it — a 75-minute lunch timed as 75 minutes
    of service was laid out as 15 minutes of lunch, the next edit's as none."""
    return frame.nap and info.meal == "lunch" and isinstance(info.place, Restaurant)


def _lay_out(
    sk: Sketch,
    frame: DayFrame,
    solution: toptw.Solution,
    model: TripModel,
    request: TripRequest,
    reserved: dict[int, str],
) -> Day:
    day = build_day(
        frame, solution.tours[0], model, request, reserved=reserved.get(frame.index), economy=False
    )
    locked = {s.poi_id for s in sk.stops if s.locked}
    items = [i.model_copy(update={"locked": True}) if i.poi_id in locked and i.kind in
             (ItemKind.ATTRACTION, ItemKind.MEAL) and i.meal != "breakfast" else i
             for i in day.items]  # fmt: skip
    clock = clock_minutes(items[-1].end) if items else frame.start_time
    tail = list(sk.tail)
    summit = False
    if tail and tail[0].kind == ItemKind.LODGING:
        tail[0] = tail[0].model_copy(update={"start": clock_time(clock), "end": clock_time(clock)})
        night = next((lo for lo in frame.destination.lodging if lo.id == tail[0].poi_id), None)
        summit = is_summit(night)
    if summit:  # the summit afternoon laid out again for the new arrival and date
        at = next((k for k, i in enumerate(tail) if i.kind == ItemKind.MEAL), None)
        if at is not None:
            dinner = tail[at]
            begin = max(SUMMIT_ARRIVE_BY + 30, 18 * 60)  # as `moments.summit_evening` sets it
            dinner = dinner.model_copy(update={"start": clock_time(begin),
                                               "end": clock_time(begin + dinner.minutes)})  # fmt: skip
            tail = [tail[0], dinner, *tail[at + 1 :]]
    day = Day(
        index=sk.index,
        date=sk.date,
        destination=sk.destination,
        items=(*items, *tail),
        lodging_id=sk.lodging_id,
        starts_at=clock_time(sk.starts_at) if sk.starts_at is not None else None,
        ends_at=clock_time(sk.ends_at) if sk.ends_at is not None else None,
    )
    if summit:
        return summit_afternoons([day], frame.destination, request)[0]
    # lunch or dinner at the station or airport before the leg home, for the new times
    return hub_meals.departure_meals([day], list(frame.destination.restaurants), request)[0]


def _no_window(stop: Stop, place: Attraction | Restaurant, frame: DayFrame, lang: str) -> Reason:
    """Why a stop has no usable window that day."""
    name_zh, name_en = place.name_zh, place.name_en
    day = frame.index + 1
    windows = place_windows(place, frame.date)
    if not windows:
        when = frame.date.isoformat()
        return (
            f"{name_zh}在{when}（第{day}天）不开放",
            f"{name_en} is closed on {when} (day {day})",
        )
    hours = "、".join(f"{fmt_minutes(a)}–{fmt_minutes(b)}" for a, b in windows)
    if stop.start is not None:
        at = fmt_minutes(stop.start)
        return (
            f"{name_zh}的开放时间是{hours}，{at}开始游览来不及（要留出游览时间）",
            f"{name_en} is open {hours}; starting at {at} leaves no time for the visit",
        )
    if isinstance(place, Restaurant):
        return (
            f"第{day}天{fmt_minutes(frame.start_time)}–{fmt_minutes(frame.end_time)}之间"
            f"没有在{name_zh}吃午饭或晚饭的时间",
            f"day {day} ({fmt_minutes(frame.start_time)}–{fmt_minutes(frame.end_time)}) leaves "
            f"no lunch or dinner time at {name_en}",
        )
    need = stop.minutes or place.visit_minutes
    return (
        f"{name_zh}开放时间是{hours}，需游览约{_hours(need, 'zh')}，放不进第{day}天"
        f"{fmt_minutes(frame.start_time)}–{fmt_minutes(frame.end_time)}的安排",
        f"{name_en} is open {hours} and needs about {_hours(need, 'en')}, which does not fit "
        f"day {day} ({fmt_minutes(frame.start_time)}–{fmt_minutes(frame.end_time)})",
    )


def _hours(minutes: int, lang: str) -> str:
    if minutes % 60 == 0:
        return pick(lang, f"{minutes // 60}小时", f"{minutes // 60} h")
    if minutes < 60:
        return pick(lang, f"{minutes}分钟", f"{minutes} min")
    return pick(lang, f"{minutes / 60:.1f}小时", f"{minutes / 60:.1f} h")


def _nearness(model: TripModel, solution: toptw.Solution, mismatch: int) -> tuple[int, int, int]:
    """How near an order of copies that does not fit comes to fitting (less is nearer): the
    copies that fit the stops' meals, then the most stops on time, then the fewest minutes
    late — so the reason given is the binding one (河坊街's evening copy after dinner, not
    its daytime copy that must start by 16:59)."""
    stops = solution.tours[0]
    for i, stop in enumerate(stops):
        late = stop.start - model.visits[stop.visit].tw_late
        if late > 0:
            return (mismatch, len(stops) - i, late)
    return (mismatch, 0, 0)


def _explain(
    model: TripModel, solution: toptw.Solution, frame: DayFrame, lang: str
) -> tuple[Reason, ...]:
    """What breaks in the order as scheduled: a stop reached too late, the pace's limits, the
    return time."""
    base, day = frame.index * DAY, frame.index + 1
    tour = model.tours[0]
    found: list[Reason] = []
    for stop in solution.tours[0]:
        visit, info = model.visits[stop.visit], model.info[stop.visit]
        if stop.start > visit.tw_late:
            at, last = fmt_minutes(stop.start - base), fmt_minutes(visit.tw_late - base)
            found.append(
                (
                    f"按这个顺序{info.place.name_zh}要到{at}才能开始，最晚要在{last}开始",
                    f"in this order {info.place.name_en} could only start at {at}; "
                    f"it must start by {last}",
                )
            )
            break
    if (passed := _pace_passed(model, solution, tour, day)) is not None:
        found.append(passed)
    span = solution.spans[0]
    if span is not None and span[1] > tour.latest:
        back, latest = fmt_minutes(span[1] - base), fmt_minutes(tour.latest - base)
        end = frame.end.name_zh, frame.end.name_en
        found.append(
            (
                f"第{day}天要到{back}才能回到{end[0]}，最晚应在{latest}",
                f"day {day} would reach {end[1]} only at {back}; it must be there by {latest}",
            )
        )
    return tuple(found)


def _pace_passed(
    model: TripModel, solution: toptw.Solution, tour: toptw.Tour, day: int
) -> Reason | None:
    """The pace's limit (sights, hours of visits a day) the tour passes, or None."""
    loads = [model.visits[s.visit].load for s in solution.tours[0]]
    sights = sum(x[0] for x in loads if isinstance(x, tuple))
    minutes = sum(x[1] for x in loads if isinstance(x, tuple))
    cap = tour.capacity if isinstance(tour.capacity, tuple) else None
    if not cap or (sights <= cap[0] and minutes <= cap[1]):
        return None
    return (
        f"第{day}天的节奏最多安排{cap[0]}个景点、约{cap[1] // 60}小时游览"
        f"（现在{sights}个、约{round(minutes / 60)}小时）",
        f"day {day}'s pace allows at most {cap[0]} sights and about {cap[1] // 60} h of "
        f"visits (now {sights}, about {round(minutes / 60)} h)",
    )


def _generic(day: int) -> Reason:
    return (f"第{day}天排不下这些安排", f"day {day} cannot hold these stops")


def reason_text(reasons: tuple[Reason, ...], lang: str) -> str:
    """The reasons joined in `lang`."""
    return pick(lang, "；", "; ").join(pick(lang, zh, en) for zh, en in reasons)
