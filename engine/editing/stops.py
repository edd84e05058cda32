"""Edits of a day's stops: move, add, remove, lock, set a time, set the day's times, swap a meal."""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import replace
from typing import Any

from engine.domain.itinerary import clock_minutes
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.ops import (
    AddDay,
    AddPlace,
    Edit,
    LockStop,
    MoveStop,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
    SwapMeal,
)
from engine.editing.places import find_place, find_stop
from engine.editing.sketch import Sketch, Stop
from engine.editing.timing import reason_text
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning import candidates as cand

#: A latest start (minutes after midnight) before which a sight's opening hours are what keeps
#: it out of a full day, and are said (later ones: the day is simply full).
LATE_START = 18 * 60
#: Other restaurants tried when a meal is swapped without naming one (the nearest first).
SWAP_TRIES = 12


def _insert(sk: Sketch, stop: Stop, position: int | None) -> list[Sketch]:
    """`sk` with `stop` at `position` (1-based), or at every position when None."""
    spots = range(len(sk.stops) + 1) if position is None else [min(position, len(sk.stops) + 1) - 1]
    return [replace(sk, stops=[*sk.stops[:i], stop, *sk.stops[i:]]) for i in spots]


def _best(
    draft: Draft, options: list[Sketch], *, strict_pace: bool = True
) -> tuple[Sketch, int] | None:
    """The option that can be timed with the least travel, and that travel (minutes);
    `strict_pace`: see `engine.editing.timing.time_day`."""
    best: tuple[Sketch, int] | None = None
    for option in options:
        timed = draft.attempt(option, strict_pace=strict_pace)
        if timed.day is not None and (best is None or timed.travel < best[1]):
            best = (option, timed.travel)
    return best


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
    options = _insert(into, stop, op.position)
    found = _best(draft, options)
    strict = found is not None or op.day is None
    if not strict:  # a day the person chose: its pace may be passed (said as a warning)
        found = _best(draft, options, strict_pace=False)
    if found is None:
        refusal = _closest_refusal(draft, options, strict_pace=strict)
        if op.position is not None and (alt := _best(draft, _insert(into, stop, None))):
            at = (alt[0].position_of(stop.poi_id) or 0) + 1
            when = _landing(draft, alt[0], stop.poi_id)
            raise _offer(refusal, MoveStop(stop=op.stop, day=target_day, position=at),
                         f"放在第{target_day}天的第{at}站（{when}）",
                         f"put it as stop {at} of day {target_day} ({when})")  # fmt: skip
        for sk in draft.sketches:  # another day of that city where it fits
            if sk.index in (source.index, target_day) or sk.travel_only:
                continue
            if sk.destination == source.destination and (
                alt := _best(draft, _insert(sk, stop, None))
            ):
                when = _landing(draft, alt[0], stop.poi_id)
                raise _offer(refusal, MoveStop(stop=op.stop, day=sk.index),
                             f"移到第{sk.index}天（{when}）",
                             f"move it to day {sk.index} ({when})")  # fmt: skip
        raise refusal
    if target.index != source.index:
        draft.retime(replace(source, stops=rest))
    draft.retime(found[0], strict_pace=strict)
    where = found[0].position_of(stop.poi_id) or 0
    draft.note(f"把{zh}移到第{target_day}天第{where + 1}站",
               f"moved {en} to day {target_day}, stop {where + 1}")  # fmt: skip


def add(draft: Draft, op: AddPlace) -> None:
    place = find_place(op.place, draft.kb, draft.request.destinations)
    zh, en = place.name_zh, place.name_en
    for sk in draft.sketches:
        if sk.position_of(place.id) is not None:
            raise EditRefused("does_not_fit", f"{zh}已经在第{sk.index}天了",
                              f"{en} is already on day {sk.index}",
                              alternative=MoveStop(stop=place.id, day=op.day) if op.day else None,
                              alternative_zh=f"把它移到第{op.day}天" if op.day else "",
                              alternative_en=f"move it to day {op.day}" if op.day else "")  # fmt: skip
    dest = draft.kb.destination_of(place.id)
    days = [draft.sketch_of(op.day)] if op.day else [
        sk for sk in draft.sketches if not sk.travel_only]  # fmt: skip
    days = [sk for sk in days if dest is not None and sk.destination == dest.id]
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
    # every day's pace.
    for strict in (True, False) if op.day else (True,):
        for sk in days:
            before = draft.attempt(sk, strict_pace=strict).travel
            found = _best(draft, _insert(sk, stop, op.position), strict_pace=strict)
            if found and (best is None or found[1] - before < best[1]):
                best = (found[0], found[1] - before, sk.index)
        if best is not None:
            break
    if best is None:
        raise _add_refusal(draft, days, stop, op)
    draft.retime(best[0], strict_pace=strict)
    _want(draft, place.id)
    at = (best[0].position_of(place.id) or 0) + 1
    draft.note(f"在第{best[2]}天第{at}站加上{zh}", f"added {en} to day {best[2]}, stop {at}")


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


def _add_refusal(draft: Draft, days: list[Sketch], stop: Stop, op: AddPlace) -> EditRefused:
    """Why the place fits no day asked, and what would make it fit, named with the day and the
    time it would take there: another day as it is, a day asked that passes its pace, one or
    two sights left out (on the day asked first), else a day more."""
    zh, en = draft.name(stop.poi_id)
    refusal = _why_not_added(draft, days, stop, op)
    same_city = [sk for sk in draft.sketches
                 if not sk.travel_only and sk.destination == days[0].destination]  # fmt: skip
    others = [sk for sk in same_city if sk.index != op.day] if op.day else []
    for sk in others:  # another day where it fits as it is
        if found := _best(draft, _insert(sk, stop, None)):
            when = _landing(draft, found[0], stop.poi_id)
            return _offer(refusal, AddPlace(place=stop.poi_id, day=sk.index),
                          f"把{zh}加在第{sk.index}天（{when}）",
                          f"add {en} to day {sk.index} ({when})")  # fmt: skip
    if not op.day:  # every day keeps its pace: one that would pass it, said so
        for sk in days:
            if found := _best(draft, _insert(sk, stop, None), strict_pace=False):
                when = _landing(draft, found[0], stop.poi_id, strict_pace=False)
                return _offer(refusal, AddPlace(place=stop.poi_id, day=sk.index),
                              f"加在第{sk.index}天（{when}），那天会比较累",
                              f"add it to day {sk.index} ({when}), a long day")  # fmt: skip
    ordered = days + [sk for sk in same_city if sk not in days]
    for size in (1, 2):  # room made by leaving one or two sights out (not locked, not wished)
        for sk in ordered:
            strict = op.day is None or sk.index != op.day
            loose = [i for i, s in enumerate(sk.stops) if not s.locked and s.meal is None
                     and s.poi_id not in draft.request.must_see]  # fmt: skip
            for out in itertools.combinations(loose, size):
                lighter = replace(sk, stops=[x for j, x in enumerate(sk.stops) if j not in out])
                if found := _best(draft, _insert(lighter, stop, None), strict_pace=strict):
                    names = [draft.name(sk.stops[i].poi_id) for i in out]
                    when = _landing(draft, found[0], stop.poi_id, strict_pace=strict)
                    gone_zh, gone_en = (
                        "、".join(a for a, _ in names),
                        ", ".join(b for _, b in names),
                    )
                    alternative = RemoveStop(stop=sk.stops[out[0]].poi_id) if size == 1 else None
                    return _offer(refusal, alternative,
                                  f"去掉第{sk.index}天的{gone_zh}，{zh}就能排在第{sk.index}天{when}",
                                  f"drop {gone_en} from day {sk.index}, and {en} fits day "
                                  f"{sk.index} at {when}")  # fmt: skip
    return _offer(refusal, AddDay(at="end"), f"加一天，再把{zh}加进去", f"add a day, then add {en}")


def _offer(refusal: EditRefused, edit: Edit | None, zh: str, en: str) -> EditRefused:
    refusal.alternative, refusal.alternative_zh, refusal.alternative_en = edit, zh, en
    return refusal


def _why_not_added(draft: Draft, days: list[Sketch], stop: Stop, op: AddPlace) -> EditRefused:
    """The reason an added sight fits none of `days`: the pace when only the pace stands in
    the way; else, for a sight with opening hours that day, the hours, the visit's length and
    the day's free time; else what the closest order breaks."""
    zh, en = draft.name(stop.poi_id)
    place = draft.kb.place(stop.poi_id)
    sk = days[0]
    if not op.day and any(_best(draft, _insert(d, stop, None), strict_pace=False) for d in days):
        return EditRefused("does_not_fit",
                           f"每天都已按节奏排满，放不下{zh}" if len(days) > 1
                           else f"第{sk.index}天已按节奏排满，放不下{zh}",
                           f"every day is full for its pace; {en} does not fit" if len(days) > 1
                           else f"day {sk.index} is full for its pace; {en} does not fit")  # fmt: skip
    if not isinstance(place, Attraction) or not (windows := place_windows(place, sk.date)):
        return _closest_refusal(draft, _insert(sk, stop, op.position))
    need = stop.minutes or place.visit_minutes
    free = _idle(draft.days[sk.index - 1].items)
    free_zh = f"只有约{free}分钟空闲" if free else "没有空闲"
    free_en = f"has about {free} min free" if free else "has no free time"
    latest = max(b for _, b in windows) - need
    if latest < LATE_START:  # its hours bind: said with them
        hours = "、".join(f"{fmt_minutes(a)}–{fmt_minutes(b)}" for a, b in windows)
        return EditRefused(
            "does_not_fit",
            f"{zh}需游览约{_h(need)}，{sk.date.month}月{sk.date.day}日开放{hours}"
            f"（最晚{fmt_minutes(latest)}开始）；第{sk.index}天在那之前已经排满，{free_zh}",
            f"{en} needs about {_h(need, 'en')} and is open {hours} on {sk.date:%b} {sk.date.day} "
            f"(start by {fmt_minutes(latest)}); day {sk.index} is full before then and "
            f"{free_en}",
        )
    return EditRefused(
        "does_not_fit",
        f"{zh}需游览约{_h(need)}，第{sk.index}天已经排满，{free_zh}",
        f"{en} needs about {_h(need, 'en')}; day {sk.index} is full and {free_en}",
    )

    return _closest_refusal(draft, _insert(sk, stop, op.position))


def _idle(items: Any) -> int:
    """Minutes of a day's tour not spent at a stop or on the way: free time and waits."""
    timed = [i for i in items if i.start is not None and i.end is not None
             and i.kind.value in ("attraction", "meal", "transit", "free")]  # fmt: skip
    free = sum(clock_minutes(i.end) - clock_minutes(i.start) for i in timed
               if i.kind.value == "free")  # fmt: skip
    waits = sum(max(0, clock_minutes(b.start) - clock_minutes(a.end))
                for a, b in itertools.pairwise(timed))  # fmt: skip
    return free + waits


def _h(minutes: int, lang: str = "zh") -> str:
    """A visit's length in words ("45分钟", "1.5小时"; "45 min", "1.5 h")."""
    if minutes % 30:
        return pick(lang, f"{minutes}分钟", f"{minutes} min")
    return pick(lang, f"{minutes / 60:g}小时", f"{minutes / 60:g} h")


def _landing(draft: Draft, sk: Sketch, poi_id: str, *, strict_pace: bool = True) -> str:
    """When `poi_id` takes place in `sk` as timed ("13:00–16:00"), or "" ."""
    day = draft.attempt(sk, strict_pace=strict_pace).day
    item = next((i for i in day.items if i.poi_id == poi_id
                 and i.kind.value in ("attraction", "meal")), None) if day else None  # fmt: skip
    return f"{item.start:%H:%M}–{item.end:%H:%M}" if item and item.start and item.end else ""


def _closest_refusal(
    draft: Draft, options: list[Sketch], *, strict_pace: bool = True
) -> EditRefused:
    """The refusal of the option that fails the least (fewest reasons; the earliest of those):
    what truly stands in the way, not what the last place tried happened to break."""
    tried = [(draft.attempt(o, strict_pace=strict_pace), n) for n, o in enumerate(options)]
    timed, _ = min(tried, key=lambda t: (len(t[0].reasons), t[1]))
    return EditRefused("does_not_fit", reason_text(timed.reasons, "zh"),
                       reason_text(timed.reasons, "en"))  # fmt: skip


def _refusal(draft: Draft, sk: Sketch) -> EditRefused:
    reasons = draft.attempt(sk).reasons
    return EditRefused("does_not_fit", reason_text(reasons, "zh"), reason_text(reasons, "en"))


def _want(draft: Draft, poi_id: str) -> None:
    """The request now asks for `poi_id` (a must-see, no longer avoided)."""
    r = draft.request
    avoid = r.avoid.model_copy(update={"places": tuple(p for p in r.avoid.places if p != poi_id)})
    must = r.must_see if poi_id in r.must_see else (*r.must_see, poi_id)
    draft.request = r.model_copy(update={"must_see": must, "avoid": avoid})


def remove(draft: Draft, op: RemoveStop) -> None:
    d, p = find_stop(draft.sketches, op.stop, draft.kb)
    sk = draft.sketch_of(d + 1)
    stop = sk.stops[p]
    draft.retime(replace(sk, stops=[s for i, s in enumerate(sk.stops) if i != p]))
    r = draft.request
    avoid = r.avoid.places if stop.poi_id in r.avoid.places else (*r.avoid.places, stop.poi_id)
    draft.request = r.model_copy(update={
        "must_see": tuple(m for m in r.must_see if m != stop.poi_id),
        "avoid": r.avoid.model_copy(update={"places": avoid})})  # fmt: skip
    zh, en = draft.name(stop.poi_id)
    draft.note(f"去掉第{sk.index}天的{zh}", f"removed {en} from day {sk.index}")


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
    if draft.attempt(option).day is None:
        refusal = _refusal(draft, option)
        if op.start is not None:
            near = _nearest_start(draft, option, p, clock_minutes(op.start))
            if near is not None:
                refusal.alternative = SetStopTime(stop=op.stop, start=_time(near),
                                                  minutes=op.minutes)  # fmt: skip
                refusal.alternative_zh = f"{zh}改在{fmt_minutes(near)}开始"
                refusal.alternative_en = f"start {en} at {fmt_minutes(near)}"
        raise refusal
    draft.retime(option)
    parts_zh, parts_en = [], []
    if op.start is not None:
        parts_zh.append(f"{fmt_minutes(clock_minutes(op.start))}开始")
        parts_en.append(f"starts at {fmt_minutes(clock_minutes(op.start))}")
    if op.minutes:
        parts_zh.append(f"游览{op.minutes}分钟")
        parts_en.append(f"lasts {op.minutes} min")
    draft.note(f"第{sk.index}天{zh}" + "、".join(parts_zh), f"{en} on day {sk.index} "
               + " and ".join(parts_en))  # fmt: skip


def _time(minutes: int) -> dt.time:
    return dt.time(minutes // 60 % 24, minutes % 60)


def _nearest_start(draft: Draft, sk: Sketch, p: int, wanted: int) -> int | None:
    """The start nearest `wanted` (15-minute steps, up to 4 hours either way) that fits."""
    for step in range(1, 17):
        for sign in (1, -1):
            at = wanted + sign * 15 * step
            if not 0 <= at < 24 * 60:
                continue
            stops = list(sk.stops)
            stops[p] = replace(stops[p], start=at)
            if draft.attempt(replace(sk, stops=stops)).day is not None:
                return at
    return None


def day_times(draft: Draft, op: SetDayTimes) -> None:
    sk = draft.sketch_of(op.day)
    start = clock_minutes(op.start) if op.start else sk.starts_at
    end = clock_minutes(op.end) if op.end else sk.ends_at
    option = replace(sk, starts_at=start, ends_at=end)
    if draft.attempt(option).day is None:
        refusal = _refusal(draft, option)
        lighter, dropped = _lighter(draft, option)
        if lighter is not None and dropped:
            names = [draft.name(s.poi_id) for s in dropped]
            refusal.alternative = RemoveStop(stop=dropped[0].poi_id) if len(dropped) == 1 else None
            refusal.alternative_zh = "去掉" + "、".join(n[0] for n in names) + "就能这样安排"
            refusal.alternative_en = "drop " + ", ".join(n[1] for n in names) + " to make it fit"
        raise refusal
    draft.retime(option)
    said_zh, said_en = [], []
    if op.start:
        said_zh.append(f"{fmt_minutes(start or 0)}出发")
        said_en.append(f"starts at {fmt_minutes(start or 0)}")
    if op.end:
        said_zh.append(f"{fmt_minutes(end or 0)}前结束")
        said_en.append(f"ends by {fmt_minutes(end or 0)}")
    draft.note(f"第{op.day}天" + "、".join(said_zh), f"day {op.day} " + " and ".join(said_en))


def _lighter(draft: Draft, sk: Sketch) -> tuple[Sketch | None, list[Stop]]:
    try:
        return draft.fit_by_dropping(sk)
    except EditRefused:
        return None, []


def swap_meal(draft: Draft, op: SwapMeal) -> None:
    sk = draft.sketch_of(op.day)
    at = next((i for i, s in enumerate(sk.stops) if s.meal == op.meal
               and isinstance(draft.kb.place(s.poi_id), Restaurant)), None)  # fmt: skip
    meal_zh = "午饭" if op.meal == "lunch" else "晚饭"
    if at is None:
        raise EditRefused("does_not_fit", f"第{op.day}天没有安排{meal_zh}的餐厅",
                          f"day {op.day} has no {op.meal} at a restaurant")  # fmt: skip
    old = sk.stops[at]
    if op.restaurant:
        chosen = find_place(op.restaurant, draft.kb, [sk.destination], (Restaurant,))
        assert isinstance(chosen, Restaurant)
        draft.chosen.add(chosen.id)
        if chosen.id == old.poi_id:
            raise EditRefused("unsupported", f"第{op.day}天的{meal_zh}已经在{chosen.name_zh}",
                              f"day {op.day}'s {op.meal} is already at {chosen.name_en}")  # fmt: skip
        choices = [chosen]
    else:
        choices = _other_restaurants(draft, sk, old.poi_id)
    without = replace(sk, stops=[s for i, s in enumerate(sk.stops) if i != at])
    options = []
    for restaurant in choices:  # where it is, else anywhere in the day
        stops = list(sk.stops)
        stops[at] = Stop(restaurant.id, op.meal)
        options.append(replace(sk, stops=stops))
    found = _best(draft, options) or _best(
        draft, [o for r in choices for o in _insert(without, Stop(r.id, op.meal), None)]
    )
    if found is None:
        if options:
            raise _refusal(draft, options[0])
        raise EditRefused("does_not_fit", f"附近没有别的餐厅适合第{op.day}天的{meal_zh}",
                          f"no other restaurant fits day {op.day}'s {op.meal}")  # fmt: skip
    draft.retime(found[0])
    new = next(s.poi_id for s in found[0].stops if s.meal == op.meal and s.poi_id != old.poi_id)
    (a_zh, a_en), (b_zh, b_en) = draft.name(old.poi_id), draft.name(new)
    draft.note(f"第{op.day}天{meal_zh}从{a_zh}换到{b_zh}",
               f"day {op.day}'s {op.meal}: {b_en} instead of {a_en}")  # fmt: skip


def _other_restaurants(draft: Draft, sk: Sketch, old: str) -> list[Restaurant]:
    """Restaurants of the day's city not used anywhere in the plan, nearest the old one first."""
    destination = draft.kb.destinations[sk.destination]
    used = draft.used()
    old_place = draft.kb.place(old)
    found = [r for r in cand.restaurants(destination, draft.request) if r.id not in used]
    if old_place is not None:
        found.sort(key=lambda r: haversine_m(r.lat, r.lon, old_place.lat, old_place.lon))
    return found[:SWAP_TRIES]
