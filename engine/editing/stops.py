"""Edits of a day's stops: move, add, remove, lock, set a time, set the day's times, swap a meal."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace

from engine.domain.itinerary import Day, ItemKind, clock_minutes
from engine.editing import free_meals
from engine.editing.day_meals import give_meals
from engine.editing.day_start import IDLE_START, earliest_first, first_stop, missed_start, why_late
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import (
    _CHECKING,
    _best,
    _insert,
    _when,
    _works,
)
from engine.editing.make_room import make_room
from engine.editing.meal_way import relay_meals
from engine.editing.ops import (
    AddPlace,
    LockStop,
    MoveStop,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
)
from engine.editing.places import find_place, find_stop, spot_named
from engine.editing.placing import (
    EARLY_START,
    exchange,
    planned,
    room_for,
    set_out,
    swap_offer,
    tries,
)
from engine.editing.refusals import (
    _add_refusal,
    _closest_refusal,
    _move_instead,
    _offer,
    _refusal,
)
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.hours import fmt_minutes
from engine.knowledge.schema import Attraction, Restaurant


def move(draft: Draft, op: MoveStop) -> None:
    d, p = find_stop(draft.sketches, op.stop, draft.kb)
    source = draft.sketch_of(d + 1)
    stop = replace(source.stops[p], start=None)  # a pinned time does not travel with it
    target_day = op.day or source.index
    target = draft.sketch_of(target_day)
    zh, en = draft.name(stop.poi_id)
    if target.destination != source.destination:
        raise EditRefused("does_not_fit", f"{zh}不在第{target_day}天所在的城市",
                          f"{en} is not in day {target_day}'s city")  # fmt: skip
    rest = [s for i, s in enumerate(source.stops) if i != p]
    into = replace(source, stops=rest) if target.index == source.index else target
    if op.start is not None:  # at a moment (the sunset): pinned there
        stop = replace(stop, start=clock_minutes(op.start), locked=True)
    options = _insert(into, stop, op.position)
    found = _best(draft, options)
    strict = found is not None or op.day is None
    if not strict:  # a day the person chose: its pace may be passed (said as a warning)
        found = _best(draft, options, strict_pace=False)
    if found is None:
        refusal = _closest_refusal(draft, options, strict_pace=strict)
        if _CHECKING.get():
            raise refusal
        if op.start is not None and _at_moment(draft, op, stop, into, source, rest):
            return  # shorter, or another sight of that day moved or left out: said so
        if exchange(draft, stop.poi_id, source, target):
            return  # 「第3天去袁家界」: a whole-day sight, days 2 and 3 traded
        for alt, alt_zh, alt_en in _move_instead(draft, op, stop, source, into, target_day):
            if _works(draft, *alt):
                raise _offer(refusal, alt[0], alt_zh, alt_en)
        when = _when(draft, source.index, stop.poi_id)
        raise _offer(refusal, None, f"{zh}留在第{source.index}天（{when}）",
                     f"keep {en} on day {source.index} ({when})")  # fmt: skip
    order = [s.poi_id for s in found[0].stops]
    if (
        target.index == source.index
        and source.stops[p].start is None
        and order == [s.poi_id for s in source.stops]
    ):  # where it already is: no version for nothing
        raise _already(draft, op, stop, source, into)
    if target.index != source.index:
        draft.retime(replace(source, stops=rest))
    draft.retime(found[0], strict_pace=strict)
    where = found[0].position_of(stop.poi_id) or 0
    draft.note(f"把{zh}移到第{target_day}天第{where + 1}站",
               f"moved {en} to day {target_day}, stop {where + 1}")  # fmt: skip


#: A move for a moment (`MoveStop.start`) that does not fit whole tries shorter visits ending
#: at the same time (the sunset still seen), in steps of this many minutes …
MOMENT_STEP_MIN = 30
#: … down to this share of the visit, and never under `MOMENT_LEAST_MIN` minutes.
MOMENT_LEAST_SHARE = 0.35
MOMENT_LEAST_MIN = 60


def _at_moment(
    draft: Draft, op: MoveStop, stop: Stop, into: Sketch, source: Sketch, rest: list[Stop]
) -> bool:
    """Whether the stop fits the target day at its moment (`op.start`, ending when that visit
    would end) once it is shorter (`MOMENT_STEP_MIN` steps, the whole visit first) or another
    sight of that day moves to another day or is left out (`make_room`); the days are then
    re-timed and the move said. False (nothing changed) when none fits."""
    place = draft.kb.place(stop.poi_id)
    full = stop.minutes or (place.visit_minutes if isinstance(place, Attraction) else 0)
    if op.start is None or not full:
        return False
    end = clock_minutes(op.start) + full
    least = max(MOMENT_LEAST_MIN, int(full * MOMENT_LEAST_SHARE))
    for minutes in range(full, least - 1, -MOMENT_STEP_MIN):
        pinned = replace(stop, start=end - minutes, minutes=minutes, locked=True)
        options = _insert(into, pinned, op.position)
        # a day the person chose: its pace may be passed (said as a warning), as `move`
        strict = op.day is None
        found = _best(draft, options, strict_pace=strict) if minutes < full else None
        if found is not None:
            if source.index != into.index:
                draft.retime(replace(source, stops=rest))
            draft.retime(found[0], strict_pace=strict)
        else:
            if source.index != into.index:  # a sight moved out may go to the source day
                draft.retime(replace(source, stops=rest))
            if not any(
                (at := o.position_of(stop.poi_id)) is not None
                and make_room(draft, o, at, strict_pace=strict)
                for o in options
            ):
                if source.index != into.index:
                    draft.retime(source)  # as it was, for the refusal
                continue
        if source.index != into.index:  # without the stop (a sight moved out may be there)
            now = draft.sketch_of(source.index)
            draft.retime(replace(now, stops=[s for s in now.stops if s.poi_id != stop.poi_id]))
        zh, en = draft.name(stop.poi_id)
        clock = fmt_minutes(end - minutes)
        short_zh = f"（游览缩短到{minutes}分钟）" if minutes < full else ""
        short_en = f" (a {minutes}-minute visit)" if minutes < full else ""
        draft.note(f"把{zh}移到第{into.index}天，{clock}开始{short_zh}",
                   f"moved {en} to day {into.index}, starting at {clock}{short_en}")  # fmt: skip
        return True
    return False


def _already(draft: Draft, op: MoveStop, stop: Stop, source: Sketch, into: Sketch) -> EditRefused:
    """The refusal of a move that leaves the stop where it is, with another day where it
    fits (checked), if any."""
    zh, en = draft.name(stop.poi_id)
    when = _when(draft, source.index, stop.poi_id)
    refusal = EditRefused("unchanged", f"{zh}已经在第{source.index}天（{when}）",
                          f"{en} is already on day {source.index} ({when})")  # fmt: skip
    if _CHECKING.get():
        return refusal
    for alt, alt_zh, alt_en in _move_instead(draft, op, stop, source, into, source.index,
                                             lighter=False):  # fmt: skip
        if _works(draft, *alt):
            return _offer(refusal, alt[0], alt_zh, alt_en)
    return _offer(refusal, None, f"它留在第{source.index}天（{when}）",
                  f"it stays on day {source.index} ({when})")  # fmt: skip


def add(draft: Draft, op: AddPlace) -> None:
    place = find_place(op.place, draft.kb, draft.request.destinations)
    zh, en = place.name_zh, place.name_en
    spot = spot_named(op.place, place)  # 日光岩: seen on a visit to 鼓浪屿
    in_zh, in_en = (f"{spot}在{zh}里，", f"{spot} is inside {en}; ") if spot else ("", "")
    for sk in draft.sketches:
        if sk.position_of(place.id) is not None:
            raise planned(draft, op, sk.index, place.id, f"{in_zh}{zh}", f"{in_en}{en}")
    out = _take_out(draft, op.instead_of) if op.instead_of else None
    dest = draft.kb.destination_of(place.id)
    days = [draft.sketch_of(op.day)] if op.day else [
        sk for sk in draft.sketches if not sk.travel_only]  # fmt: skip
    days = [sk for sk in days if dest is not None and sk.destination == dest.id]
    if out is not None and isinstance(place, Attraction):  # a meal beside the old stop follows
        days = [free_meals.follow(draft, sk, out[0], place) if sk.index == out[1] else sk
                for sk in days]  # fmt: skip
    if not days:
        where = dest.name_zh if dest else "?"
        raise EditRefused("does_not_fit",
                          f"{zh}在{where}，不在" + (f"第{op.day}天的城市" if op.day else "这次行程里"),
                          f"{en} is in {dest.name_en if dest else '?'}, not "
                          + (f"in day {op.day}'s city" if op.day else "on this trip"))  # fmt: skip
    if isinstance(place, Restaurant):
        _add_restaurant(draft, place, days, op)
        return
    stop = Stop(place.id)
    best: tuple[Sketch, int, int] | None = None  # (sketch, added travel, day)
    # A day the person chose may pass its pace (said as a warning); "wherever it fits" keeps
    # every day's pace. A place put instead of a stop tries that stop's day first.
    for tried, strict in tries(days, op, out[1] if out else None):
        for sk in tried:
            before = draft.attempt(sk, strict_pace=strict).travel
            found = _best(draft, _insert(sk, stop, op.position), strict_pace=strict)
            if not found and (early := set_out(sk, EARLY_START)) is not sk:
                # a late-starting day (breakfast at 10:00 before nothing) sets out earlier for a
                # long visit (「第三天改成滑雪」: five hours at slopes 1 h 45 away)
                found = _best(draft, _insert(early, stop, op.position), strict_pace=strict)
            if found and (best is None or found[1] - before < best[1]):
                best = (found[0], found[1] - before, sk.index)
        if best is not None:
            break
    left: list[str] = []
    if best is None and out is not None:  # a swap: room made by leaving out one or two sights
        room = room_for(draft, days, stop, out[1])
        if room is not None:
            best, left, strict = (room[0], 0, room[0].index), room[1], False
    if best is None:
        raise swap_offer(_add_refusal(draft, days, stop, op), op)
    draft.retime(best[0], strict_pace=strict)
    if not any(i.meal == "lunch" for i in draft.days[best[2] - 1].items):
        give_meals(draft, best[2])  # a long visit over lunch: lunch inside it (a ski day)
    _want(draft, place.id)
    at = (best[0].position_of(place.id) or 0) + 1
    if out is not None:
        o_zh, o_en = draft.name(out[0])
        gone = [draft.name(p) for p in left]
        room_zh = f"，为排下它去掉第{best[2]}天的" + "、".join(z for z, _ in gone) if gone else ""
        room_en = (
            f"; to make room, {', '.join(e for _, e in gone)} left out of day {best[2]}"
            if gone
            else ""
        )
        draft.note(f"把第{out[1]}天的{o_zh}换成{zh}（第{best[2]}天第{at}站）{room_zh}",
                   f"{o_en} (day {out[1]}) replaced with {en} (day {best[2]}, stop {at}){room_en}")  # fmt: skip
        return
    draft.note(
        f"{in_zh}在第{best[2]}天第{at}站加上{zh}", f"{in_en}added {en} to day {best[2]}, stop {at}"
    )


def _take_out(draft: Draft, ref: str) -> tuple[str, int]:
    """Remove the stop `ref` names (a swap's old stop; not planned again), its day re-timed:
    (its POI id, its day)."""
    poi_id, day, _ = _take_out_at(draft, ref)
    return poi_id, day


def _take_out_at(draft: Draft, ref: str) -> tuple[str, int, int]:
    """`_take_out`, with the 0-based position the stop had on its day."""
    d, p = find_stop(draft.sketches, ref, draft.kb)
    sk = draft.sketch_of(d + 1)
    poi_id = sk.stops[p].poi_id
    draft.retime(replace(sk, stops=[s for i, s in enumerate(sk.stops) if i != p]))
    r = draft.request
    avoid = r.avoid.places if poi_id in r.avoid.places else (*r.avoid.places, poi_id)
    # the person took it out: their wish to see it is no miss to report (「宏村…排不下」)
    wishes = tuple(w for w in r.wishes if (w.kind, w.value) != ("must_see", poi_id))
    draft.request = r.model_copy(update={
        "must_see": tuple(m for m in r.must_see if m != poi_id), "wishes": wishes,
        "avoid": r.avoid.model_copy(update={"places": avoid})})  # fmt: skip
    return poi_id, sk.index, p


def _add_restaurant(draft: Draft, place: Restaurant, days: list[Sketch], op: AddPlace) -> None:
    """A restaurant added takes the place of a lunch or dinner (the one that fits best)."""
    draft.chosen.add(place.id)
    best: tuple[Sketch, int, str, int] | None = None
    for sk in days:
        for meal in ("lunch", "dinner"):
            at = next((i for i, s in enumerate(sk.stops) if s.meal == meal
                       and isinstance(draft.kb.place(s.poi_id), Restaurant)), None)  # fmt: skip
            stops = list(sk.stops)
            if at is None:
                options = _insert(sk, Stop(place.id, meal), op.position)
            else:
                stops[at] = Stop(place.id, meal)
                options = [replace(sk, stops=stops)]
            found = _best(draft, options)
            if found and (best is None or found[1] < best[1]):
                best = (found[0], found[1], meal, sk.index)
    if best is None:
        raise _add_refusal(draft, days, Stop(place.id), op)
    draft.retime(best[0])
    meal_zh = "午饭" if best[2] == "lunch" else "晚饭"
    draft.note(f"第{best[3]}天{meal_zh}改在{place.name_zh}",
               f"day {best[3]}'s {best[2]} at {place.name_en}")  # fmt: skip


def _want(draft: Draft, poi_id: str) -> None:
    """The request now asks for `poi_id` (a must-see, no longer avoided)."""
    r = draft.request
    avoid = r.avoid.model_copy(update={"places": tuple(p for p in r.avoid.places if p != poi_id)})
    must = r.must_see if poi_id in r.must_see else (*r.must_see, poi_id)
    draft.request = r.model_copy(update={"must_see": must, "avoid": avoid})


def remove(draft: Draft, op: RemoveStop) -> None:
    poi_id, day, at = _take_out_at(draft, op.stop)
    zh, en = draft.name(poi_id)
    draft.note(f"去掉第{day}天的{zh}", f"removed {en} from day {day}")
    sk = draft.sketch_of(day)
    if (moved := free_meals.left_behind(draft, sk, poi_id)) is not sk:
        draft.retime(moved)  # a meal of one's choice beside it is eaten on the way instead
    relay_meals(draft, day, at)  # a meal planned beside it, now off the way, moves on the way


def lock(draft: Draft, op: LockStop) -> None:
    d, p = find_stop(draft.sketches, op.stop, draft.kb)
    sk, day = draft.sketch_of(d + 1), draft.days[d]
    poi = sk.stops[p].poi_id
    item = next(i for i in day.items if i.poi_id == poi and i.meal != "breakfast")
    pinned = clock_minutes(item.start) if op.locked else None
    stops = list(sk.stops)
    stops[p] = replace(stops[p], locked=op.locked, start=pinned)
    draft.sketches[d] = replace(sk, stops=stops)
    draft.days[d] = day.model_copy(update={"items": tuple(
        i.model_copy(update={"locked": op.locked}) if i.poi_id == poi and i.kind.value in
        ("attraction", "meal") and i.meal != "breakfast" else i for i in day.items)})  # fmt: skip
    zh, en = draft.name(poi)
    if op.locked:
        draft.note(f"锁定第{sk.index}天{fmt_minutes(pinned or 0)}的{zh}",
                   f"locked {en} on day {sk.index} at {fmt_minutes(pinned or 0)}")  # fmt: skip
    else:
        draft.note(f"解锁{zh}", f"unlocked {en}")


def _less_longer(
    draft: Draft, option: Sketch, p: int, was: int, op: SetStopTime
) -> tuple[Sketch, int] | None:
    """The day `option` with stop `p` as long as it holds between `was` and `op.minutes`
    minutes (the longest, in steps of 15) and that length; None when it holds no longer visit
    (「故宫多待一会儿」: +60 does not fit, +30 does)."""
    step = 15
    for minutes in range((op.minutes or was) - step, was, -step):
        stops = list(option.stops)
        stops[p] = replace(stops[p], minutes=minutes)
        longer = replace(option, stops=stops)
        if draft.attempt(longer).day is not None:
            return longer, minutes
    return None


def set_time(draft: Draft, op: SetStopTime) -> None:
    d, p = find_stop(draft.sketches, op.stop, draft.kb)
    sk = draft.sketch_of(d + 1)
    old = sk.stops[p]
    start = clock_minutes(op.start) if op.start else old.start
    changed = replace(old, start=start, minutes=op.minutes or old.minutes,
                      locked=old.locked or op.start is not None)  # fmt: skip
    stops = list(sk.stops)
    stops[p] = changed
    option = replace(sk, stops=stops)
    zh, en = draft.name(old.poi_id)
    minutes = op.minutes
    timed = draft.attempt(option).day
    holds = timed is not None
    if op.start is not None and start is not None:  # 「拙政园08:00」 before the train is in
        if (why := missed_start(draft, option, timed, old.poi_id, start)) is not None:
            refusal = EditRefused("does_not_fit", f"{zh}{fmt_minutes(start)}开始不了：{why}",
                                  f"{en} cannot start at {fmt_minutes(start)}: {why}")  # fmt: skip
            now = next((clock_minutes(i.start) for i in draft.base.days[d].items
                        if i.poi_id == old.poi_id and i.kind != ItemKind.TRANSIT), None)  # fmt: skip
            if (near := _nearest_start(draft, option, p, start)) is not None and near != now:
                refusal.alternative = SetStopTime(stop=op.stop, start=_time(near))
                refusal.alternative_zh = f"{zh}改在{fmt_minutes(near)}开始"
                refusal.alternative_en = f"start {en} at {fmt_minutes(near)}"
            raise refusal
    fits = (
        _less_longer(draft, option, p, old.minutes, op)
        if not holds and op.start is None and op.make_room and op.minutes and old.minutes
        else None
    )  # 「多待一会儿」: as long as the day holds with every sight, before leaving one out
    if fits is not None:
        option, minutes = fits
        draft.retime(option)
    elif holds:
        draft.retime(option)
    elif not (op.make_room and make_room(draft, option, p)):
        refusal = _refusal(draft, option)
        if op.start is not None:
            near = _nearest_start(draft, option, p, clock_minutes(op.start))
            if near is not None:
                refusal.alternative = SetStopTime(stop=op.stop, start=_time(near),
                                                  minutes=op.minutes)  # fmt: skip
                refusal.alternative_zh = f"{zh}改在{fmt_minutes(near)}开始"
                refusal.alternative_en = f"start {en} at {fmt_minutes(near)}"
        elif (
            not op.make_room  # (with make_room it was tried above)
            and op.minutes
            and old.minutes
            and (fits := _less_longer(draft, option, p, old.minutes, op))
        ):
            more = fits[1]
            refusal.alternative = op.model_copy(update={"minutes": more, "make_room": False})
            refusal.alternative_zh = f"{zh}多待{more - old.minutes}分钟（游览{more}分钟）"
            refusal.alternative_en = f"{more - old.minutes} min more at {en} ({more} min)"
        raise refusal
    parts_zh, parts_en = [], []
    if op.start is not None:
        parts_zh.append(f"{fmt_minutes(clock_minutes(op.start))}开始")
        parts_en.append(f"starts at {fmt_minutes(clock_minutes(op.start))}")
    if minutes:
        parts_zh.append(f"游览{minutes}分钟")
        parts_en.append(f"lasts {minutes} min")
    if fits is not None and minutes and old.minutes:
        more = minutes - old.minutes
        parts_zh[-1] += f"（多待{more}分钟；再长就要去掉当天别的景点）"
        parts_en[-1] += f" ({more} min more; any longer would drop a sight)"
    draft.note(f"第{sk.index}天{zh}" + "、".join(parts_zh), f"{en} on day {sk.index} "
               + " and ".join(parts_en))  # fmt: skip


def _time(minutes: int) -> dt.time:
    return dt.time(minutes // 60 % 24, minutes % 60)


def _nearest_start(draft: Draft, sk: Sketch, p: int, wanted: int) -> int | None:
    """The start of stop `p` nearest `wanted` (minutes after midnight) at which the day fits,
    to the minute, or None when none does.

    The start a day fits at spans a window (from the arrival there to the latest start that
    still leaves time for the rest of the day and the way out), which may be a few minutes
    wide (a mountain day between the cable car up and the train home). An anchor inside it is
    the start the day takes with the stop left free, or failing that the first fit of a scan
    in `SCAN_STEP` steps up to `SCAN_REACH` either way; then a bisection between the anchor
    and `wanted` finds the window's edge nearest `wanted`, which is rounded to 5 minutes
    towards the anchor when that still fits.
    """

    def fits(at: int) -> bool:
        stops = list(sk.stops)
        stops[p] = replace(stops[p], start=at)
        return draft.attempt(replace(sk, stops=stops)).day is not None

    anchors = [
        a for a in (_free_start(draft, sk, p), _scanned_start(fits, wanted)) if a is not None
    ]
    if not anchors:
        return None
    near = min(anchors, key=lambda a: abs(a - wanted))
    if near == wanted:
        return near
    far = wanted  # does not fit; `near` does
    while abs(far - near) > 1:
        mid = (near + far) // 2
        if fits(mid):
            near = mid
        else:
            far = mid
    rounded = near - near % 5 if far > near else near + (-near) % 5
    return rounded if rounded != near and fits(rounded) else near


#: The scan for an anchor when the stop left free does not fit (`_nearest_start`): its step
#: and how far it reaches either way from the start asked for, minutes.
SCAN_STEP, SCAN_REACH = 15, 4 * 60


def _free_start(draft: Draft, sk: Sketch, p: int) -> int | None:
    """The start the day gives stop `p` when it is not pinned, or None when it does not fit."""
    stops = list(sk.stops)
    stops[p] = replace(stops[p], start=None)
    day = draft.attempt(replace(sk, stops=stops)).day
    poi = sk.stops[p].poi_id
    items = () if day is None else day.items
    item = next((i for i in items if i.poi_id == poi and i.meal != "breakfast"
                 and i.kind.value in ("attraction", "meal")), None)  # fmt: skip
    return None if item is None else clock_minutes(item.start)


def _scanned_start(fits: Callable[[int], bool], wanted: int) -> int | None:
    """The first start that fits, `SCAN_STEP` by `SCAN_STEP` out from `wanted`, or None."""
    for step in range(1, SCAN_REACH // SCAN_STEP + 1):
        for sign in (1, -1):
            at = wanted + sign * SCAN_STEP * step
            if 0 <= at < 24 * 60 and fits(at):
                return at
    return None


def day_times(draft: Draft, op: SetDayTimes) -> None:
    sk = draft.sketch_of(op.day)
    start = clock_minutes(op.start) if op.start else sk.starts_at
    end = clock_minutes(op.end) if op.end else sk.ends_at
    option = replace(sk, starts_at=start, ends_at=end)
    trimmed: list[Stop] = []
    timed = draft.attempt(option).day
    if op.trim and (timed is None or _meals(timed) < _meals(draft.days[sk.index - 1])):
        option, trimmed = _later_sights_out(draft, option)  # a free meal lost to fit: trim
        if trimmed:
            timed = draft.attempt(option).day
    if timed is None:
        refusal = _refusal(draft, option)
        lighter, dropped = _lighter(draft, option)
        if lighter is not None and dropped:
            names = [draft.name(s.poi_id) for s in dropped]
            refusal.alternative = RemoveStop(stop=dropped[0].poi_id) if len(dropped) == 1 else None
            refusal.alternative_zh = "去掉" + "、".join(n[0] for n in names) + "就能这样安排"
            refusal.alternative_en = "drop " + ", ".join(n[1] for n in names) + " to make it fit"
        raise refusal
    if op.start and start is not None:
        option = earliest_first(draft, option, start)
    day = draft.retime(option)
    said_zh, said_en = [], []
    if op.start:
        said_zh.append(f"{fmt_minutes(start or 0)}出发")
        said_en.append(f"starts at {fmt_minutes(start or 0)}")
        first = first_stop(day)
        if (
            first is not None
            and start is not None
            and clock_minutes(first.start) > start + IDLE_START
        ):
            at = fmt_minutes(clock_minutes(first.start))
            said_zh.append(
                f"不过第一站{first.name}要到{at}才能开始（{why_late(draft, option, day, start or 0, 'zh')}）"
            )
            said_en.append(
                f"but the first stop, {first.name}, can start only at {at} ({why_late(draft, option, day, start or 0, 'en')})"
            )
    if op.end:
        said_zh.append(f"{fmt_minutes(end or 0)}前结束")
        said_en.append(f"ends by {fmt_minutes(end or 0)}")
    if trimmed:
        names = [draft.name(s.poi_id) for s in trimmed]
        said_zh.append("不再安排" + "、".join(n[0] for n in names))
        said_en.append("without " + ", ".join(n[1] for n in names))
    leg = next((i for i in option.tail if i.kind == ItemKind.INTERCITY), None)
    if op.end and leg is not None:  # the legs are kept: the train home is not changed here
        at = leg.start.strftime("%H:%M")
        said_zh.append(f"离开的车次没有改（仍是{at}），要早点走请改签更早的车次")
        said_en.append(
            f"the leg out is unchanged (still {at}); rebook an earlier one to leave sooner"
        )
    draft.note(f"第{op.day}天" + "、".join(said_zh), f"day {op.day} " + " and ".join(said_en))


def _later_sights_out(draft: Draft, sk: Sketch) -> tuple[Sketch, list[Stop]]:
    """`sk` with its latest unlocked sights left out, one by one, until it fits (meals kept),
    and those left out; `sk` itself and [] when leaving out every sight would not do."""
    wished = set(draft.request.must_see)
    loose = [s for s in reversed(sk.stops) if not s.locked and s.meal is None]
    loose.sort(key=lambda s: s.poi_id in wished)  # a sight asked for goes last
    option, out = sk, []
    meals = _meals(draft.days[sk.index - 1])
    for stop in loose:
        option = replace(option, stops=[s for s in option.stops if s is not stop])
        out.append(stop)
        timed = draft.attempt(option).day
        if timed is not None and _meals(timed) >= meals:  # a lunch dropped to fit: not yet
            return option, out
    return sk, []


def _meals(day: Day) -> int:
    """How many lunches and dinners `day` has (at a restaurant or free)."""
    return sum(1 for i in day.items if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner"))


def _lighter(draft: Draft, sk: Sketch) -> tuple[Sketch | None, list[Stop]]:
    try:
        return draft.fit_by_dropping(sk)
    except EditRefused:
        return None, []
