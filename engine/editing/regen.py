"""Plan one day again with the solver, keeping its locked stops and every other day.

The day's candidates are the planner's (`engine.planning.candidates`: the request's interests,
things to avoid, must-sees) less the places other days already visit; a day given to one long
place (a mountain) is reserved as the planner reserves it (`reserve_full_days`). Locked stops are
required visits pinned to their start. The stops the day had are worth half their prize, so a
regenerated day differs where a comparable alternative exists (what "plan this day again" asks
for); must-sees keep their worth.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.domain.request import Pace, TripRequest
from engine.editing.day_area import Area
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.meal_way import relay_meals
from engine.editing.ops import Edit, RegenerateDay, RemoveStop, SetStopTime
from engine.editing.sketch import Sketch, Stop
from engine.editing.timing import frame_for, whole_day
from engine.i18n import pick
from engine.knowledge.schema import Attraction, Place, Restaurant
from engine.knowledge.sun import sun_times
from engine.planning import candidates as cand
from engine.planning import search_budget, toptw, transit
from engine.planning.frames import clock_time
from engine.planning.full_days import reserve_full_days
from engine.planning.meal_groups import VARIETY_DISHES
from engine.planning.meal_price import meal_cap
from engine.planning.model import TripModel, build
from engine.planning.origin_sights import without_origin_sights
from engine.planning.pace import BREAKFAST_WINDOW, day_profile
from engine.planning.visit_windows import DAY, DUSK_MIN

#: Solver budget for one day, seconds (the planner gives 0.2 s + 0.08 s per day of a stay).
DAY_BUDGET_S = 0.4
#: Prize factor of the stops the day had (see the module docstring).
SEEN_FACTOR = 0.5


def fill(draft: Draft, sk: Sketch, *, variety: bool, area: Area | None = None) -> Sketch:
    """`sk` with its stops chosen by the solver (locked ones kept); with `area`, its sights
    only from those of the area (the place said itself, when a sight, wished) and its meals
    near it where any restaurant is.

    Raises:
        EditRefused: ``does_not_fit`` — the locked stops cannot all be kept.
    """
    request, kb = draft.request, draft.kb
    sk = _morning(sk, request)
    frame = frame_for(sk, request, kb)
    destination = kb.destinations[sk.destination]
    used = draft.used(except_day=sk.index)
    locked = [s for s in sk.stops if s.locked]
    had = {s.poi_id for s in sk.stops}
    scored = []
    for s in without_origin_sights(cand.attractions(destination, request), destination, kb,
                                   request):  # fmt: skip
        if s.attraction.id in used or (area is not None and s.attraction.id not in area.sights):
            continue
        if area is not None and s.attraction.id == area.must:
            s = cand.ScoredAttraction(s.attraction, max(s.score, 1.0), True)
        if variety and s.attraction.id in had and not s.must_see:
            s = cand.ScoredAttraction(s.attraction, s.score * SEEN_FACTOR, s.must_see)
        scored.append(s)
    near: list[Place] = [s.attraction for s in scored[:6]]
    cap = meal_cap(request, destination)  # the trip's price level (`meal_price`)
    eaten = _dishes_eaten(draft, used)
    restaurants = [
        r
        for r in cand.restaurants(destination, request, near=near, max_price=cap)
        if r.id not in used and not eaten & set(r.cuisines)
    ]
    if area is not None:  # the day's meals in the area too, else as near it as any are
        restaurants = area.restaurants(restaurants)
    for stop in locked:  # locked places stay candidates whatever the request says
        place = kb.place(stop.poi_id)
        if isinstance(place, Attraction) and all(s.attraction.id != place.id for s in scored):
            scored.append(cand.ScoredAttraction(place, 1.0, True))
        if isinstance(place, Restaurant) and place not in restaurants:
            restaurants.append(place)
    full = whole_day(locked, kb)
    reserved = {frame.index: full} if full else reserve_full_days([frame], scored)
    if reserved and frame.before != sk.head:  # a full day starts early: breakfast moved
        sk = replace(sk, head=list(frame.before), start_time=frame.start_time)
    model = build([frame], scored, restaurants, reserved=reserved,
                  style=transit.style_of(request), must_required=False)  # fmt: skip
    _keep_locked(model, locked, frame.index * DAY)
    solved = search_budget.solve(model.instance(), DAY_BUDGET_S)
    if not solved.feasible:
        names = "、".join(draft.name(s.poi_id)[0] for s in locked)
        names_en = ", ".join(draft.name(s.poi_id)[1] for s in locked)
        raise EditRefused("does_not_fit", f"锁定的{names}在第{sk.index}天排不下",
                          f"the locked {names_en} cannot all be kept on day {sk.index}")  # fmt: skip
    by_id = {s.poi_id: s for s in locked}
    stops = []
    for visit in solved.tours[0]:
        info = model.info[visit.visit]
        place_id = info.place.id
        meal = info.meal or ("lunch" if reserved.get(frame.index) == place_id else None)
        kept = by_id.get(place_id)
        # the copy the solver chose may be the main part only (`model`'s shorter visit when
        # time is short): the stop keeps that length, else it is timed at the full visit
        service = model.visits[visit.visit].service
        short = isinstance(info.place, Attraction) and service < info.place.visit_minutes
        stops.append(kept if kept else Stop(place_id, meal, minutes=service if short else None))
    return replace(sk, stops=stops)


def _dishes_eaten(draft: Draft, used: set[str]) -> set[str]:
    """The dishes of a whole meal (`meal_groups.VARIETY_DISHES`: roast duck, hotpot, crayfish)
    that the other days' meals (`used`) already serve, less those wished every day — one
    meal of each a stay, as the planner keeps it: 「第二天轻松一点」 had put a second roast-duck
    dinner in a Beijing trip."""
    daily = {f.cuisine for f in draft.request.food if f.every_day}
    return {c for p in used if (r := draft.kb.restaurant(p)) is not None
            for c in r.cuisines if c in VARIETY_DISHES and c not in daily}  # fmt: skip


def _morning(sk: Sketch, request: TripRequest) -> Sketch:
    """A day that starts with breakfast at the lodging starts at its pace's time again (a day
    that had been given to a mountain started at 07:00)."""
    if sk.starts_at is not None or not sk.head:
        return sk
    last = sk.head[-1]
    if last.kind != ItemKind.MEAL or last.meal != "breakfast":
        return sk
    prof = day_profile(request, sk.index)
    begin = max(BREAKFAST_WINDOW[0], prof.day_start - prof.breakfast_minutes)
    breakfast = last.model_copy(
        update={"start": clock_time(begin), "end": clock_time(begin + prof.breakfast_minutes)}
    )
    return replace(sk, head=[*sk.head[:-1], breakfast], start_time=prof.day_start)


def _keep_locked(model: TripModel, locked: list[Stop], base: int) -> None:
    """Make the locked stops required visits, pinned to their start (a copy whose window does
    not hold the pinned time is allowed on no tour). Each locked place gets a required group of
    its own: the group it shared (every hotpot of a stay is one group, `meal_groups`; a sight's
    twin, `candidates.families`) would be satisfied by another of its members — a regenerated
    day swapped the locked 大瑾火锅 for 秦妈火锅."""
    pins = {s.poi_id: s.start for s in locked}
    own: dict[str, int] = {}
    for v, info in enumerate(model.info):
        if info.place.id not in pins:
            continue
        visit = model.visits[v]
        start = pins[info.place.id]
        if start is not None:
            pin = base + start
            if visit.tw_early <= pin <= visit.tw_late:
                visit = replace(visit, tw_early=pin, tw_late=pin)
            else:
                visit = replace(visit, tours=frozenset())
        if info.place.id not in own:
            own[info.place.id] = len(model.groups)
            model.groups.append(toptw.Group(required=True))
        model.visits[v] = replace(visit, group=own[info.place.id])


def regenerate(draft: Draft, op: RegenerateDay) -> None:
    sk = draft.sketch_of(op.day)
    if op.start is not None:  # 「早上别那么早」 said with it: the day planned from that hour
        sk = replace(sk, starts_at=clock_minutes(op.start))
    if op.pace is not None:
        day_pace = {**draft.request.day_pace, op.day: op.pace}
        draft.request = draft.request.model_copy(update={"day_pace": day_pace})
    new = fill(draft, sk, variety=op.pace is None)
    before = [s.poi_id for s in sk.stops]
    if op.pace == Pace.RELAXED:
        draft.lightened.add(op.day)
    if op.pace == Pace.RELAXED and not _lighter_than(draft, new, sk):
        try:
            _lighten(draft, sk)  # the day as it was, one sight fewer or a long visit shorter
        except EditRefused:
            if op.start is None:
                raise
            draft.retime(sk)  # already light: the later start is the change
        if (lost := _night_lost(draft, op.day)) is not None:
            raise lost
        start_said(draft, op)
        return
    if [s.poi_id for s in new.stops] == before and op.start is not None:
        draft.retime(new)  # the same stops, set out later
        start_said(draft, op)
        return
    if [s.poi_id for s in new.stops] == before and op.pace is not None:
        raise _already_light(draft, new)
    if [s.poi_id for s in new.stops] == before:
        names = "、".join(draft.name(p)[0] for p in before)
        names_en = ", ".join(draft.name(p)[1] for p in before)
        raise EditRefused(
            "unchanged",
            f"第{op.day}天重新规划的结果和现在一样（{names}）：没有更合适的安排",
            f"planning day {op.day} again gives the same day ({names_en}): nothing fits better",
            alternative_zh="锁定想保留的地点，去掉不想去的，再重新安排",
            alternative_en="lock what you want to keep, remove what you don't, then regenerate",
        )
    draft.retime(new)
    if (lost := _night_lost(draft, op.day)) is not None:
        raise lost
    added = [draft.name(s.poi_id) for s in new.stops if s.poi_id not in before]
    gone = [draft.name(p) for p in before if p not in {s.poi_id for s in new.stops}]
    pace_zh = {"relaxed": "轻松", "normal": "适中", "packed": "紧凑"}
    said_zh = f"重新安排第{op.day}天" + (f"（{pace_zh[op.pace.value]}）" if op.pace else "")
    said_en = f"planned day {op.day} again" + (f" ({op.pace.value})" if op.pace else "")
    if added:
        said_zh += "：加上" + "、".join(a for a, _ in added)
        said_en += ": added " + ", ".join(b for _, b in added)
    if gone:
        said_zh += "；去掉" + "、".join(a for a, _ in gone)
        said_en += "; dropped " + ", ".join(b for _, b in gone)
    draft.note(said_zh, said_en)
    start_said(draft, op)


def start_said(draft: Draft, op: RegenerateDay) -> None:
    """Say when the day now sets out, as stored (`op.start` asked with the new plan of it)."""
    if op.start is not None:
        at = f"{op.start:%H:%M}"
        draft.note(f"第{op.day}天{at}出发", f"day {op.day} starts at {at}")


#: Words of a must-see wish that ask to see it lit up (「想看洪崖洞夜景」, "the Bund at night").
_AT_NIGHT = re.compile(
    r"夜景|夜游|夜色|晚上|灯光|亮灯|\bnight\b|\bevening\b|\blights?\b|\blit\b", re.I
)


def wished_at_night(request: TripRequest) -> set[str]:
    """The must-sees the request asks to see after dark (「想看洪崖洞夜景」: its wish says so)."""
    return {w.value for w in request.wishes
            if w.kind == "must_see" and _AT_NIGHT.search(w.said or "")}  # fmt: skip


def _night_lost(draft: Draft, day: int) -> EditRefused | None:
    """The refusal of a day planned again that moves a sight wished after dark (「想看洪崖洞夜
    景」) from after dusk (sunset + `DUSK_MIN`) to daylight — 「第二天轻松一点」 had put it at 09:08
    and still said ✅ — with a lighter day that keeps the evening as the alternative; None when
    every such sight keeps its evening."""
    wished = wished_at_night(draft.request)
    was, now = draft.base.days[day - 1], draft.days[day - 1]
    for item in (i for i in was.items if i.poi_id in wished and i.kind == ItemKind.ATTRACTION):
        if item.lat is None or item.lon is None:
            continue
        dusk = sun_times(item.lat, item.lon, was.date)[1] + DUSK_MIN
        moved = next((i for i in now.items if i.poi_id == item.poi_id), None)
        if clock_minutes(item.end) < dusk or moved is None or clock_minutes(moved.end) >= dusk:
            continue
        zh, en = draft.name(item.poi_id or "")
        at = moved.start.strftime("%H:%M")
        refusal = EditRefused(
            "night_lost",
            f"第{day}天轻松一些就要把{zh}挪到白天（{at}），看不到你想看的夜景",
            f"a lighter day {day} moves {en} to daylight ({at}): no night view, as you wished",
        )
        sk = draft.sketch_of(day)
        for edit, alt_zh, alt_en in _lighter(draft, replace(sk, stops=[
                s for s in sk.stops if s.poi_id not in wished])):  # fmt: skip
            from engine.editing.apply import apply_edit  # (apply imports this module)

            try:
                apply_edit(draft.base, edit, draft.kb)
            except EditRefused:
                continue
            refusal.alternative = edit
            refusal.alternative_zh, refusal.alternative_en = alt_zh, alt_en
            break
        return refusal
    return None


def _sightseeing(draft: Draft, sk: Sketch) -> tuple[int, int]:
    """(sights, minutes of visits) of `sk`'s stops that are sights."""
    minutes = [s.minutes or p.visit_minutes for s in sk.stops if s.meal is None
               and isinstance(p := draft.kb.place(s.poi_id), Attraction)]  # fmt: skip
    return len(minutes), sum(minutes)


def _lighter_than(draft: Draft, new: Sketch, old: Sketch) -> bool:
    """Whether `new` holds fewer sights or shorter visits than `old` (its meals aside: a day
    planned again with other restaurants only is no lighter day)."""
    (n_new, m_new), (n_old, m_old) = _sightseeing(draft, new), _sightseeing(draft, old)
    return n_new < n_old or (n_new == n_old and m_new < m_old)


def _lighten(draft: Draft, sk: Sketch) -> None:
    """Make the day `sk` lighter than a relaxed day planned again made it (nothing, or other
    restaurants only): the first of `_lighter` that fits — its least important sight left
    out, else its long visit cut to the main part, said in the item and the notes — its
    meals kept (no new restaurant: a second roast-duck dinner came with a day planned again).

    Raises:
        EditRefused: ``unchanged`` — a day given to one place, or none of them fits
            (`_already_light`, with the reason).
    """
    if whole_day(sk.stops, draft.kb) is None:
        for edit, _zh, _en in _lighter(draft, sk):
            if isinstance(edit, RemoveStop):
                option = replace(sk, stops=[s for s in sk.stops if s.poi_id != edit.stop])
            else:
                assert isinstance(edit, SetStopTime)
                option = replace(sk, stops=[replace(s, minutes=edit.minutes)
                                            if s.poi_id == edit.stop else s for s in sk.stops])  # fmt: skip
            if draft.attempt(option).day is None:
                continue
            draft.retime(option)
            zh, en = draft.name(edit.stop)
            if isinstance(edit, RemoveStop):
                draft.note(
                    f"第{sk.index}天轻松一些：去掉{zh}", f"day {sk.index} lighter: {en} left out"
                )
                relay_meals(draft, sk.index, sk.position_of(edit.stop) or 0)  # still on the way
                return
            full, part = _stop_minutes(draft, sk, edit.stop), edit.minutes or 0
            short_visit_said(draft, sk.index, edit.stop, part, full)
            draft.note(f"第{sk.index}天轻松一些：{zh}只游主要部分（约{part / 60:g}小时，原来约{full / 60:g}小时）",
                       f"day {sk.index} lighter: only the main part of {en} "
                       f"(about {part / 60:g} h instead of {full / 60:g} h)")  # fmt: skip
            return
    raise _already_light(draft, sk)


#: The lead the planner gives a visit cut to its main part (`planning.schedule._main_part_note`):
#: the clock or the pace, not the person, cut it.
_MAIN_PART = re.compile(
    r"^(?:时间有限，只游主要部分|这天的节奏全天游览不超过约[\d.]+小时，加上其他景点，这里只游主要部分"
    r"|time is short: the main part only|this day's pace allows about [\d.]+ h of sights in "
    r"all, so with the others only the main part here)\s*[（(][^）)]*[）)](?:；|; )?"
)


def short_visit_said(draft: Draft, day: int, poi_id: str, minutes: int, full: int) -> None:
    """Say on the visit to `poi_id` on 1-based `day` that it is cut to its main part because a
    lighter day was asked (`minutes` of a full `full`), in place of the planner's reason."""
    lang, stored = draft.lang, draft.days[day - 1]
    lead = pick(lang, f"按你说的轻松一些，只游主要部分（约{minutes / 60:g}小时；完整游览约{full / 60:g}小时）",
                f"lighter, as you asked: the main part only (about {minutes / 60:g} h; a full "
                f"visit takes about {full / 60:g} h)")  # fmt: skip
    items = []
    for item in stored.items:
        if item.poi_id == poi_id and item.kind == ItemKind.ATTRACTION:
            rest = _MAIN_PART.sub("", item.note or "")
            item = item.model_copy(update={"note": pick(lang, "；", "; ").join(
                x for x in (lead, rest) if x)})  # fmt: skip
        items.append(item)
    draft.days[day - 1] = stored.model_copy(update={"items": tuple(items)})


def _stop_minutes(draft: Draft, sk: Sketch, poi_id: str) -> int:
    stop = next(s for s in sk.stops if s.poi_id == poi_id)
    place = draft.kb.attraction(poi_id)
    return stop.minutes or (place.visit_minutes if place else 0)


def _already_light(draft: Draft, sk: Sketch) -> EditRefused:
    """Why a lighter pace left the day as it was (one long place, or a day already light),
    with what would make it lighter: a shorter visit, or one sight fewer (checked to apply)."""
    kb = draft.kb
    long_one = whole_day(sk.stops, kb)
    if long_one is not None:
        place = kb.place(long_one)
        assert isinstance(place, Attraction)
        hours = round(place.visit_minutes / 60)
        return EditRefused(
            "unchanged",
            f"第{sk.index}天只有{place.name_zh}一处（约{hours}小时），已经无法更轻松",
            f"day {sk.index} is {place.name_en} alone (about {hours} h) and cannot get lighter",
            alternative=RemoveStop(stop=place.id),
            alternative_zh=f"缩短{place.name_zh}的游览时间，或不去{place.name_zh}",
            alternative_en=f"shorten the visit or skip {place.name_en}",
        )
    zh, en = f"第{sk.index}天的安排已经不多，没有可以再减的", f"day {sk.index} is already light"
    for edit, alt_zh, alt_en in _lighter(draft, sk):
        from engine.editing.apply import apply_edit  # (apply imports this module)

        try:
            apply_edit(draft.base, edit, kb)
        except EditRefused:
            continue
        return EditRefused("unchanged", zh, en, alternative=edit,
                           alternative_zh=alt_zh, alternative_en=alt_en)  # fmt: skip
    return EditRefused("unchanged", zh, en)


def _lighter(draft: Draft, sk: Sketch) -> list[tuple[Edit, str, str]]:
    """Edits that make a light day lighter still, best first: skip its least important sight
    (not a must-see, not a headline; the shortest), or stay a third less at its only one."""
    kb, request = draft.kb, draft.request
    sights = [(s, p) for s in sk.stops if s.meal is None
              and isinstance(p := kb.place(s.poi_id), Attraction)]  # fmt: skip
    destination = kb.destinations.get(sk.destination)
    headline = set(destination.headline) if destination else set()
    found: list[tuple[Edit, str, str]] = []
    if len(sights) >= 2:
        spare = [(s, p) for s, p in sights if p.id not in request.must_see and p.id not in headline]
        for _s, p in sorted(spare, key=lambda sp: sp[0].minutes or sp[1].visit_minutes):
            zh, en = draft.name(p.id)
            found.append((RemoveStop(stop=p.id), f"去掉第{sk.index}天的{zh}",
                          f"skip {en} on day {sk.index}"))  # fmt: skip
    for s, p in sights:
        minutes = s.minutes or p.visit_minutes
        shorter = max(60, round(minutes * 2 / 3 / 30) * 30)
        if shorter < minutes:
            zh, en = draft.name(p.id)
            hours = f"{shorter / 60:g}"
            found.append((SetStopTime(stop=p.id, minutes=shorter),
                          f"{zh}只游览{hours}小时（现在约{minutes}分钟）",
                          f"stay {hours} h at {en} instead of {minutes} min"))  # fmt: skip
    return found
