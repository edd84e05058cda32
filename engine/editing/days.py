"""Edits of the trip's days: add or remove a day at either end,
another lodging. The intercity legs stay as they were (moved to the new first or last day);
days an edit does not reach keep their items."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind
from engine.domain.request import LodgingWish, Wish
from engine.editing.day_meals import give_meals, meals_before_sights
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import _when
from engine.editing.make_room import elsewhere
from engine.editing.night_away import fit_away, keep_meals, town_lodgings
from engine.editing.ops import AddDay, RemoveDay, SwapLodging
from engine.editing.places import find_lodging, find_place
from engine.editing.regen import fill
from engine.editing.sketch import Sketch, Stop, point
from engine.editing.timing import frame_for, reason_text
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Lodging, Place
from engine.planning import candidates as cand
from engine.planning import room_level
from engine.planning.frames import clock_time, meal_applies
from engine.planning.lodging_wish import replace_stay
from engine.planning.pace import BREAKFAST_WINDOW, LUNCH_WINDOW, day_profile
from engine.planning.stays import choose_lodging
from engine.understanding.attractions import find_destination

BREAKFAST_CNY = 25.0  # per person, as `engine.planning.frames.breakfast_item` estimates it


def lodging_item(lodging: Lodging, draft: Draft, rooms: int) -> Item:
    """The night's lodging item (`engine.planning.schedule.build_day`'s; the time is set when
    the day is timed), at the level the plan's other rooms are priced at
    (`room_level.plan_level`: a budget's or a wish's 舒适型 stays 舒适型)."""
    lang = draft.lang
    found = room_level.plan_level(draft.base, draft.kb)
    level = found[0] if found else None
    per_room = (
        room_level.price_at(lodging, level) if level else cand.nightly_price(lodging, economy=False)
    )
    price = per_room * rooms
    return Item(
        kind=ItemKind.LODGING,
        name=lodging.name(lang),
        poi_id=lodging.id,
        start=dt.time(21, 0),
        end=dt.time(21, 0),
        lat=lodging.lat,
        lon=lodging.lon,
        cost_cny=price,
        note=room_level.night_note(per_room, rooms, level, lang),
    )


def breakfast(lodging: Lodging, draft: Draft, day: int) -> Item:
    """Breakfast at `lodging` before the pace's day start (`frames.breakfast_item`)."""
    prof = day_profile(draft.request, day)
    begin = max(BREAKFAST_WINDOW[0], prof.day_start - prof.breakfast_minutes)
    lang, people = draft.lang, draft.request.party.diners
    return Item(
        kind=ItemKind.MEAL,
        name=pick(lang, "早餐（住处或附近早点）", "Breakfast (at the lodging or nearby)"),
        poi_id=lodging.id,
        start=clock_time(begin),
        end=clock_time(begin + prof.breakfast_minutes),
        lat=lodging.lat,
        lon=lodging.lon,
        cost_cny=BREAKFAST_CNY * people,
        meal="breakfast",
        note=pick(lang, "估算每人25元；很多酒店含早", "about 25 CNY per person; often included"),
    )


def _stay_lodging(draft: Draft, sk: Sketch) -> Lodging:
    """The lodging of the stay `sk` belongs to (a neighbour's night), else the planner's choice."""
    for other in draft.sketches:
        if other.destination == sk.destination and other.lodging_id:
            found = draft.kb.lodging(other.lodging_id)
            if found is not None:
                return found
    destination = draft.kb.destinations[sk.destination]
    scored = cand.attractions(destination, draft.request)
    chosen = choose_lodging(destination, scored, top=8, economy=False, budget_per_night=None,
                            party=draft.request.party.size)  # fmt: skip
    if chosen is None:
        raise EditRefused("unsupported", f"{destination.name_zh}没有住宿数据",
                          f"no lodging is known in {destination.name_en}")  # fmt: skip
    return chosen


def _refuse_overnight(sk: Sketch, at: str) -> None:
    if sk.travel_only or any(i.overnight for i in (*sk.head, *sk.tail)):
        raise EditRefused("unsupported", f"行程{'开头' if at == 'start' else '结尾'}是夜车/夜航班，暂不能在这一端加减天数",
                          f"the trip {'starts' if at == 'start' else 'ends'} with an overnight leg; "
                          "days cannot be added or removed at that end yet")  # fmt: skip


def add_day(draft: Draft, op: AddDay) -> None:
    edge = draft.sketches[0] if op.at == "start" else draft.sketches[-1]
    _refuse_overnight(edge, op.at)
    if len(draft.sketches) >= 30:
        raise EditRefused("unsupported", "行程最多30天", "a plan has at most 30 days")
    taken = _take_planned(draft, op) if op.place is not None else []
    edge = draft.sketches[0] if op.at == "start" else draft.sketches[-1]  # less what was taken
    lodging = _stay_lodging(draft, edge)
    rooms = cand.rooms(draft.request)
    stay_point = point(draft.kb, lodging.id)
    assert stay_point is not None
    night = lodging_item(lodging, draft, rooms)
    if op.at == "end":
        new = replace(edge, index=edge.index + 1, date=edge.date + dt.timedelta(days=1),
                      head=[breakfast(lodging, draft, edge.index + 1)], stops=[],
                      start=stay_point, start_time=0, starts_at=None, ends_at=None)  # fmt: skip
        new = replace(new, start_time=new.head[0].end.hour * 60 + new.head[0].end.minute)
        old = replace(edge, tail=[night], end=stay_point, end_by=None, lodging_id=lodging.id)
        draft.sketches.append(new)
        draft.days.append(draft.days[-1])  # replaced when timed
        draft.retime(old)
        draft.retime(_fill_new_day(draft, new, op))
        _refill(draft, [day for _poi, day in taken])
        draft.note(f"在最后加一天（第{new.index}天）", f"added a day at the end (day {new.index})")
        _note_place(draft, op, new.index, taken)
        give_meals(draft, new.index)  # a lunch and dinner like any day's, before the leg home
        give_meals(draft, old.index)  # its dinner had been at the airport before the flight
        return
    for i, sk in enumerate(draft.sketches):  # every day moves one number on
        draft.sketches[i] = replace(sk, index=sk.index + 1)
    draft.request = draft.request.model_copy(
        update={"day_pace": {d + 1: p for d, p in draft.request.day_pace.items()}}
    )
    draft.days = [d.model_copy(update={"index": d.index + 1}) for d in draft.days]
    first = draft.sketches[0]
    new = replace(first, index=1, date=first.date - dt.timedelta(days=1), stops=[], tail=[night],
                  end=stay_point, end_by=None, lodging_id=lodging.id, starts_at=None,
                  ends_at=None)  # fmt: skip
    old = replace(first, head=[breakfast(lodging, draft, 2)], start=stay_point)
    old = replace(old, start_time=old.head[0].end.hour * 60 + old.head[0].end.minute)
    draft.sketches.insert(0, new)
    draft.days.insert(0, draft.days[0])
    draft.retime(old)
    draft.retime(_fill_new_day(draft, new, op))
    _refill(draft, [day + 1 for _poi, day in taken])
    draft.note("在开头加一天（新的第1天）", "added a day at the start (the new day 1)")
    _note_place(draft, op, 1, [(poi, day + 1) for poi, day in taken])
    give_meals(draft, 1)  # the new day of arrival: the meals its hours hold
    give_meals(draft, old.index)  # no longer the day of arrival: a whole day's meals


def _take_planned(draft: Draft, op: AddDay) -> list[tuple[str, int]]:
    """Take the places the added day is given to off the days that hold them (「加一天去长城」
    where 八达岭 is on day 3: the new day goes to it, day 3 keeps its other stops, re-timed):
    (POI id, its old day) each. A place the person locked on its day is refused, with a day
    added without it as the alternative."""
    taken = []
    for ref in (op.place or "", *op.more):
        place = find_place(ref, draft.kb, draft.request.destinations)
        for sk in draft.sketches:
            stop = next((s for s in sk.stops if s.poi_id == place.id), None)
            if stop is None:
                continue
            if stop.locked:
                _refuse_locked(draft, op, place, sk.index)
            draft.retime(replace(sk, stops=[s for s in sk.stops if s.poi_id != place.id]))
            taken.append((place.id, sk.index))
    return taken


def _refill(draft: Draft, days: list[int]) -> None:
    """Days a place was taken from for the added day, filled again around their other stops
    (kept as they were) once the new day is planned — not left with a sight and no dinner; a
    day the solver cannot fill stays as re-timed."""
    for index in dict.fromkeys(days):
        sk = draft.sketch_of(index)
        kept = {s.poi_id for s in sk.stops if not s.locked}
        try:
            filled = fill(draft, replace(sk, stops=[replace(s, locked=True) for s in sk.stops]),
                          variety=False)  # fmt: skip
        except EditRefused:
            continue
        stops = [replace(s, locked=False) if s.poi_id in kept else s for s in filled.stops]
        draft.retime(replace(filled, stops=stops))


def _refuse_locked(draft: Draft, op: AddDay, place: Place, day: int) -> None:
    when = _when(draft, day, place.id)
    raise EditRefused(
        "unsupported",
        f"{place.name_zh}已经锁定在第{day}天（{when}），新加的一天不能把它挪走；要挪的话先解锁",
        f"{place.name_en} is locked on day {day} ({when}); an added day cannot take it — unlock "
        "it first",
        alternative=op.model_copy(update={"place": None, "more": ()}),
        alternative_zh="只加一天，由我来安排",
        alternative_en="add a day without it and let me fill it",
    )


def _note_place(draft: Draft, op: AddDay, day: int, taken: list[tuple[str, int]]) -> None:
    """Say which sight the added day was given to (when one was named), and the day each one
    taken from another day left (「八达岭长城从第3天挪到第4天」)."""
    if op.place is not None:
        places = [find_place(p, draft.kb, draft.request.destinations) for p in (op.place, *op.more)]
        draft.note(f"第{day}天安排" + "、".join(p.name_zh for p in places),
                   f"day {day} given to " + ", ".join(p.name_en for p in places))  # fmt: skip
    for poi, was in taken:
        zh, en = draft.name(poi)
        draft.note(f"{zh}从第{was}天挪到第{day}天", f"{en} moved from day {was} to day {day}")


def _fill_new_day(draft: Draft, new: Sketch, op: AddDay) -> Sketch:
    """The added day filled by the solver; around `op.place` when one is named (kept on the
    day as a must-see of the trip, not locked)."""
    if op.place is None:
        return fill(draft, new, variety=False)
    ids = [find_place(p, draft.kb, draft.request.destinations).id for p in (op.place, *op.more)]
    filled = fill(draft, replace(new, stops=[Stop(i, locked=True) for i in ids]), variety=False)
    # The solver's day around a long place may pass the editor's pace (西溪 3 h + four more
    # sights): the fewest other sights are left out, the places kept.
    filled, _ = draft.fit_by_dropping(filled)
    must = [i for i in ids if i not in draft.request.must_see]
    if must:
        draft.request = draft.request.model_copy(
            update={"must_see": (*draft.request.must_see, *must)}
        )
    return replace(filled, stops=[replace(s, locked=False) if s.poi_id in ids else s
                                  for s in filled.stops])  # fmt: skip


def remove_day(draft: Draft, op: RemoveDay) -> None:
    if len(draft.sketches) < 2:
        raise EditRefused("unsupported", "行程只有一天，不能再减", "the plan has only one day")
    edge = draft.sketches[0] if op.at == "start" else draft.sketches[-1]
    _refuse_overnight(edge, op.at)
    gone = [draft.name(s.poi_id) for s in edge.stops]
    if op.at == "end":
        keep = draft.sketches[-2]
        new = replace(keep, tail=edge.tail, end=edge.end, end_by=edge.end_by, lodging_id=None)
        draft.sketches.pop()
        draft.days.pop()
    else:
        keep = draft.sketches[1]
        new = replace(keep, head=edge.head, start=edge.start, start_time=edge.start_time, index=1)
        draft.sketches = [replace(sk, index=sk.index - 1) for sk in draft.sketches[1:]]
        draft.days = [d.model_copy(update={"index": d.index - 1}) for d in draft.days[1:]]
        draft.request = draft.request.model_copy(
            update={"day_pace": {d - 1: p for d, p in draft.request.day_pace.items() if d > 1}}
        )
    new, late = _meals_out(draft, new)  # the dinner the leg home now leaves before
    # the day's lunch is kept before its sights: a sight goes first (not a last day unfed)
    fitted, dropped = draft.fit_by_dropping(new, meals_last=True)
    draft.retime(fitted)
    # now the day of the leg: its meals where they fit, a sight making room for its lunch
    dropped = [*late, *dropped, *meals_before_sights(draft, fitted.index)]
    lost_ids = {s.poi_id for s in (*edge.stops, *dropped)}
    must = tuple(m for m in draft.request.must_see if m not in lost_ids)
    draft.request = draft.request.model_copy(update={"must_see": must})
    which = ("第一天", "the first day") if op.at == "start" else ("最后一天", "the last day")
    zh, en = f"去掉{which[0]}", f"removed {which[1]}"
    lost = gone + [draft.name(s.poi_id) for s in dropped]
    if lost:
        zh += "（不再去：" + "、".join(a for a, _ in lost) + "）"
        en += " (no longer visiting: " + ", ".join(b for _, b in lost) + ")"
    draft.note(zh, en)


def _meals_out(draft: Draft, sk: Sketch) -> tuple[Sketch, list[Stop]]:
    """`sk`, a day that now ends with the leg home, without the restaurant meals its hours no
    longer hold (the planner's frame for it: a dinner after the flight's time), and those left
    out; a sight that held such a meal inside keeps its visit without it."""
    frame = frame_for(sk, draft.request, draft.kb)  # its hours, as the planner decides meals:
    prof, begin, end = frame.profile, frame.start_time, frame.end_time  # not by the stops'
    held = {"lunch": meal_applies(LUNCH_WINDOW, prof.lunch_minutes, begin, end),
            "dinner": meal_applies(frame.dinner_window, prof.dinner_minutes, begin, end)}  # fmt: skip
    stops, out = [], []
    for stop in sk.stops:
        if stop.meal in held and not held[stop.meal] and not stop.locked:
            if draft.kb.restaurant(stop.poi_id) is not None:
                out.append(stop)
                continue
            stop = replace(stop, meal=None)
        stops.append(stop)
    return replace(sk, stops=stops), out


def swap_lodging(draft: Draft, op: SwapLodging) -> None:
    sk = draft.sketch_of(op.day)
    if not sk.lodging_id:
        raise EditRefused(
            "bad_day", f"第{op.day}天晚上不住宿", f"there is no lodging on day {op.day}'s night"
        )
    old_id = sk.lodging_id
    # 「第三天换个住处」: from that night on (one move, the nights before kept), not back again
    stay = _stay(draft, op.day, old_id)
    nights = {op.day} if op.one_night else {n for n in stay if n >= op.day}
    since = op.day if not op.one_night and min(stay) < op.day else None
    town = find_destination(op.lodging, draft.kb) if op.lodging else None
    if town is not None and town == sk.destination and old_id:
        here = draft.kb.destinations[town]
        raise EditRefused("unchanged", f"第{op.day}天晚上已经住在{here.name_zh}",
                          f"day {op.day}'s night is in {here.name_en} already")  # fmt: skip
    if town is not None:  # 「住阳朔」: that town's lodgings, its centre first
        choices = town_lodgings(draft, town, old_id)
    elif op.lodging:
        choices = [find_lodging(op.lodging, draft.kb, [sk.destination])]
    else:
        choices = _other_lodgings(draft, sk, old_id)
    refused: EditRefused | None = None
    for lodging in choices:
        try:  # a place to stay named: what no longer fits goes (said), never a refusal
            _move_to(draft, nights, old_id, lodging, since, named=bool(op.lodging))
            if op.said:  # 「住曾厝垵附近」: the wish answered is the new one, for the nights moved
                wish = Wish(kind="lodging_area", value=lodging.id, said=op.said)
                stayed = {k.index for k in draft.sketches
                          if k.destination == sk.destination and k.lodging_id}  # fmt: skip
                count = 0 if nights >= stayed else len(nights)
                said = LodgingWish(near=(lodging.id,), nights=count, last=min(nights) > min(stayed))
                draft.request = replace_stay(draft.request, said, [wish], draft.kb)
            return
        except EditRefused as exc:  # the next nearest, when none was named
            refused = refused or exc
    assert refused is not None
    raise refused


def _move_to(
    draft: Draft,
    nights: set[int],
    old_id: str,
    lodging: Lodging,
    since: int | None = None,
    *,
    named: bool = False,
) -> None:
    """Stay at `lodging` on `nights` instead of `old_id` (the days re-timed), or refuse;
    `since`: the first of `nights` when nights before it stay at `old_id` (said so); `named`:
    the person named where to stay (「住外滩附近」): a day that no longer fits leaves out its
    latest sights (warned) instead of the move being refused."""
    if lodging.id == old_id:
        raise EditRefused(
            "unchanged", f"已经住在{lodging.name_zh}", f"already staying at {lodging.name_en}"
        )
    at = point(draft.kb, lodging.id)
    assert at is not None
    rooms = cand.rooms(draft.request)
    changed: list[Sketch] = []
    timed = []
    for i, other in enumerate(draft.sketches):
        if other.index in nights:
            tail = [lodging_item(lodging, draft, rooms), *other.tail[1:]]
            other = replace(other, tail=tail, end=at, lodging_id=lodging.id)
        if other.index - 1 in nights and other.head:
            head = [
                _at(x, lodging) if x.meal == "breakfast" and x.poi_id == old_id else x
                for x in other.head
            ]
            if head != other.head:
                other = replace(other, head=head, start=at)
        if other is not draft.sketches[i]:
            changed.append(other)
    elsewhere = draft.kb.destination_of(lodging.id)
    away = elsewhere is not None and elsewhere.id != draft.sketch_of(min(nights)).destination
    dropped: list[tuple[int, Stop]] = []
    for other in changed:
        result = draft.attempt(other)
        if result.day is None and (away or named):  # what no longer fits goes
            fitted, out = fit_away(draft, other, lodging, night=other.index in nights)
            dropped += [(other.index, s) for s in out]
            other = fitted
        elif result.day is None:
            raise EditRefused("does_not_fit", reason_text(result.reasons, "zh"),
                              reason_text(result.reasons, "en"))  # fmt: skip
        else:  # a free lunch or dinner never goes for a sight
            other, out = keep_meals(draft, other)
            dropped += [(other.index, s) for s in out]
        timed.append(other)
    for other in timed:
        draft.retime(other)
    old = draft.kb.lodging(old_id)
    was_zh, was_en = (old.name_zh, old.name_en) if old else (old_id, old_id)
    if away and elsewhere is not None:
        nights_zh = "、".join(f"第{n}天" for n in sorted(nights))
        nights_en = ", ".join(str(n) for n in sorted(nights))
        draft.note(f"{nights_zh}晚上改住{elsewhere.name_zh}（{lodging.name_zh}），不住{was_zh}",
                   f"the night of day {nights_en} in {elsewhere.name_en} ({lodging.name_en}) "
                   f"instead of {was_en}")  # fmt: skip
    elif since is not None:
        first = since
        draft.note(f"第{first}天起住宿从{was_zh}换到{lodging.name_zh}（之前几晚不变）",
                   f"from day {first}'s night staying at {lodging.name_en} instead of {was_en} "
                   f"(the nights before kept)")  # fmt: skip
    else:
        draft.note(f"住宿从{was_zh}换到{lodging.name_zh}",
                   f"staying at {lodging.name_en} instead of {was_en}")  # fmt: skip
    _place_elsewhere(draft, dropped)


def _place_elsewhere(draft: Draft, dropped: list[tuple[int, Stop]]) -> None:
    """The sights a stay change left out of their days, each put on another day of its city
    that holds it with the least travel (said in the notes: 「第1天放不下洪崖洞了，改到第2天」),
    else left out with that said in the warnings — never dropped unsaid. The sights asked for
    are placed first, then the better known (a day's room goes to 磁器口古镇 before 山城巷)."""

    def rank(entry: tuple[int, Stop]) -> tuple[bool, int, int]:
        place = draft.kb.attraction(entry[1].poi_id)
        known = place.popularity if place is not None else 0
        return entry[1].poi_id not in draft.request.must_see, -known, entry[0]

    for day, stop in sorted(dropped, key=rank):
        zh, en = draft.name(stop.poi_id)
        moved = None if stop.meal else elsewhere(draft, day, stop)
        if moved is not None:
            draft.retime(moved)
            draft.note(f"第{day}天放不下{zh}了，改到第{moved.index}天",
                       f"{en} no longer fits day {day}: moved to day {moved.index}")  # fmt: skip
            continue
        draft.warnings.append(
            (f"第{day}天来不及去{zh}，已去掉", f"no time for {en} on day {day}: left out")
        )


def _at(item: Item, lodging: Lodging) -> Item:
    return item.model_copy(update={"poi_id": lodging.id, "lat": lodging.lat, "lon": lodging.lon})


def _stay(draft: Draft, day: int, lodging_id: str) -> set[int]:
    """The nights (day numbers) of the run of nights at `lodging_id` that holds `day`'s."""
    nights = {day}
    for step in (-1, 1):
        d = day + step
        while 1 <= d <= len(draft.sketches) and draft.sketches[d - 1].lodging_id == lodging_id:
            nights.add(d)
            d += step
    return nights


def _other_lodgings(draft: Draft, sk: Sketch, old_id: str) -> list[Lodging]:
    """The destination's other lodgings, nearest the stay's stops first."""
    destination = draft.kb.destinations[sk.destination]
    others = [lo for lo in destination.lodging if lo.id != old_id]
    if not others:
        raise EditRefused("does_not_fit", f"{destination.name_zh}没有别的住宿可选",
                          f"there is no other lodging in {destination.name_en}")  # fmt: skip
    stops = [draft.kb.place(s.poi_id) for s in sk.stops]
    spots = [(p.lat, p.lon) for p in stops if p is not None] or [(destination.lat, destination.lon)]
    return sorted(others, key=lambda lo: sum(haversine_m(lo.lat, lo.lon, a, b) for a, b in spots))
