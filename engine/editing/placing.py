"""Where an added or swapped-in place goes (`engine.editing.stops.add`, `move`): the days tried
in turn, room made by leaving out a lesser sight, a whole-day sight traded with a full day's
plan, and the refusals of a place the plan already has."""

from __future__ import annotations

import itertools
from dataclasses import replace

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.editing.day_meals import give_meals
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import _best, _insert, _when
from engine.editing.ops import AddPlace, MoveStop, RemoveStop, SwapDays
from engine.editing.places import find_place
from engine.editing.sketch import Sketch, Stop
from engine.editing.timing import frame_for
from engine.planning.frames import clock_time

#: A sight that takes at least this long (minutes) is a day's main visit: moved to a full day
#: of its city, the two days trade their sights (`exchange`).
WHOLE_DAY_MIN = 240


def exchange(draft: Draft, poi_id: str, source: Sketch, target: Sketch) -> bool:
    """Move a day's main visit (`WHOLE_DAY_MIN` or more) to a full day of its city by trading
    the two days' sights and meals (each day keeps its legs and lodging), when both days then
    fit their pace; said in the note. False (nothing changed) otherwise."""
    place = draft.kb.attraction(poi_id)
    if (
        place is None
        or place.visit_minutes < WHOLE_DAY_MIN
        or source.index == target.index
        or target.travel_only
        or any(s.locked for s in (*source.stops, *target.stops))
    ):
        return False
    there = draft.attempt(replace(target, stops=list(source.stops)))
    here = draft.attempt(replace(source, stops=list(target.stops)))
    if there.day is None or here.day is None:
        return False
    draft.retime(replace(target, stops=list(source.stops)))
    draft.retime(replace(source, stops=list(target.stops)))
    zh, en = draft.name(poi_id)
    draft.note(f"把{zh}移到第{target.index}天：第{source.index}天和第{target.index}天的安排对调",
               f"moved {en} to day {target.index}: days {source.index} and {target.index} "
               "traded their plans")  # fmt: skip
    return True


def swap_days(draft: Draft, op: SwapDays) -> None:
    """Trade the plans of days `op.a` and `op.b` (`SwapDays`): sights and meals change days,
    each day keeps its legs, lodging and date; both days re-timed.

    Raises:
        EditRefused: the same day twice, a day that does not exist, days in two cities, a day
            that is only a journey, a locked stop, or a day that then breaks its hours or pace
            (the reason of the first that fails).
    """
    a, b = draft.sketch_of(op.a), draft.sketch_of(op.b)
    if a.index == b.index:
        raise EditRefused(
            "same_day", f"第{a.index}天和自己对调不了", f"day {a.index} is the same day"
        )
    if a.destination != b.destination:
        raise EditRefused("does_not_fit", f"第{a.index}天和第{b.index}天不在同一座城市，对调不了",
                          f"days {a.index} and {b.index} are in different cities")  # fmt: skip
    if a.travel_only or b.travel_only or not (a.stops or b.stops):
        raise EditRefused("does_not_fit", f"第{a.index}天和第{b.index}天没有可对调的游览安排",
                          f"days {a.index} and {b.index} have no sightseeing to swap")  # fmt: skip
    if locked := [s for s in (*a.stops, *b.stops) if s.locked]:
        zh, en = draft.name(locked[0].poi_id)
        raise EditRefused("locked", f"{zh}已锁定在原来那天，先解锁再对调",
                          f"{en} is locked to its day: unlock it first")  # fmt: skip
    # the sights change days with the meals near them; a pinned hour stays with its day
    with_meals = (
        [replace(s, start=None) for s in a.stops],
        [replace(s, start=None) for s in b.stops],
    )
    sights = tuple(
        [s for s in stops if draft.kb.restaurant(s.poi_id) is None] for stops in with_meals
    )
    lunches = tuple([s for s in stops if s.meal != "dinner"] for stops in with_meals)
    refusal: EditRefused | None = None
    for loose_a, loose_b in (with_meals, sights):  # else each day finds its meals again
        refusal = _swap_refusal(draft, a, b, loose_a, loose_b)
        if refusal is None:
            break
    saved = (list(draft.sketches), list(draft.days), list(draft.notes), list(draft.warnings))
    if refusal is None:
        draft.retime(replace(a, stops=loose_b), like=b.index)
        draft.retime(replace(b, stops=loose_a), like=a.index)
        for day in (a, b):  # a lunch or dinner a day now lacks, near where it is
            give_meals(draft, day.index)
        if all(_fed(draft, day.index) for day in (a, b)):
            return _swapped(draft, a, b)
    done = (list(draft.sketches), list(draft.days), list(draft.notes), list(draft.warnings))
    draft.sketches, draft.days = list(saved[0]), list(saved[1])
    draft.notes, draft.warnings = list(saved[2]), list(saved[3])
    # an order may not suit its new day (or leave it a meal): another order of the sights,
    # setting out as early as their own day did, else early (`EARLY_START`)
    if _reordered(draft, a, b, lunches, sights):
        return _swapped(draft, a, b)
    if refusal is not None:
        raise refusal  # only a day without lunch or dinner would hold them: not offered
    draft.sketches, draft.days = done[0], done[1]  # the swap as it fitted, the meal missed said
    draft.notes, draft.warnings = done[2], done[3]
    _swapped(draft, a, b)


def _swapped(draft: Draft, a: Sketch, b: Sketch) -> None:
    draft.note(
        f"第{a.index}天和第{b.index}天的安排对调", f"days {a.index} and {b.index} swapped plans"
    )


def _reordered(
    draft: Draft, a: Sketch, b: Sketch, lunches: tuple[list[Stop], ...],
    sights: tuple[list[Stop], ...],
) -> bool:  # fmt: skip
    """Days `a` and `b` traded in other orders of their stops (with their lunch, then without),
    each setting out at its own time, as early as the other did, else at `EARLY_START` — stored
    with their meals when both days then have lunch and dinner (`_trade_fed`); False (nothing
    stored) when no such trade is found."""
    starts_a = sorted(
        {a.start_time, min(b.start_time, a.start_time), min(EARLY_START, a.start_time)},
        reverse=True,
    )
    starts_b = sorted(
        {b.start_time, min(a.start_time, b.start_time), min(EARLY_START, b.start_time)},
        reverse=True,
    )
    # the latest starts first: a day sets out earlier only when the trade needs it
    pairs = sorted(
        itertools.product(range(len(starts_a)), range(len(starts_b))), key=lambda p: (sum(p), p)
    )
    fits: dict[tuple[int, int], tuple[Sketch, list[list[Stop]]]] = {}

    def orders(
        day: Sketch, start: int, stops: tuple[list[Stop], ...], like: int
    ) -> tuple[Sketch, list[list[Stop]]]:
        if (day.index, start) not in fits:
            early = set_out(day, start)
            fits[day.index, start] = (early, _fitting_orders(draft, early, stops, like))
        return fits[day.index, start]

    for i, j in pairs:
        new_a, on_a = orders(a, starts_a[i], (lunches[1], sights[1]), b.index)
        new_b, on_b = orders(b, starts_b[j], (lunches[0], sights[0]), a.index)
        if on_a and on_b and _trade_fed(draft, new_a, new_b, on_a, on_b):
            for day, before in ((new_a, a.start_time), (new_b, b.start_time)):
                if day.start_time < before:
                    at = f"{day.start_time // 60:02d}:{day.start_time % 60:02d}"
                    draft.note(f"第{day.index}天早一点出发（{at}），对调来的安排才排得下",
                               f"day {day.index} sets out earlier ({at}) to hold its new plan")  # fmt: skip
            return True
    return False


#: When a swapped day sets out at the earliest (minutes after midnight, after breakfast at
#: 07:00): the time a day given to a far sight starts (`engine.planning.pace`: a packed day).
EARLY_START = 7 * 60 + 30


def set_out(day: Sketch, start: int) -> Sketch:
    """`day` setting out at `start` (breakfast at the lodging just before it) when that is
    earlier and the day starts with breakfast at its lodging and no time the person set; else
    `day` as it is."""
    last = day.head[-1] if day.head else None
    if (
        start >= day.start_time or day.starts_at is not None or last is None
        or last.kind != ItemKind.MEAL or last.meal != "breakfast"
        or last.start is None or last.end is None
    ):  # fmt: skip
        return day
    length = clock_minutes(last.end) - clock_minutes(last.start)
    early = last.model_copy(update={"start": clock_time(start - length), "end": clock_time(start)})
    return replace(day, head=[*day.head[:-1], early], start_time=start)


#: The most orders of a swapped day's sights tried (every order of up to five sights).
SWAP_ORDERS = 120


#: The fitting orders of each swapped day tried with its meals (the least travel first).
FED_TRIES = 4


def _fitting_orders(
    draft: Draft, day: Sketch, options: tuple[list[Stop], ...], like: int
) -> list[list[Stop]]:
    """The orders of each of `options` (the stops of day `like`: its sights with their lunch,
    its sights alone) that fit `day`, judged by day `like`'s limits: an option's before the
    next one's, the least travel first (their own order tried first of all); [] when none
    fits."""
    found: list[tuple[int, int, int, list[Stop]]] = []
    for k, stops in enumerate(dict.fromkeys(tuple(o) for o in options)):
        for n, order in enumerate(itertools.islice(itertools.permutations(stops), SWAP_ORDERS)):
            timed = draft.attempt(replace(day, stops=list(order)), like=like)
            if timed.day is not None:
                found.append((k, timed.travel, n, list(order)))
    return [order for *_, order in sorted(found, key=lambda f: f[:3])]


def _trade_fed(
    draft: Draft, a: Sketch, b: Sketch, on_a: list[list[Stop]], on_b: list[list[Stop]]
) -> bool:
    """Store days `a` and `b` with the stops traded (`on_a`: orders that fit `a`), each given
    its lunch and dinner (`give_meals`): the first pair of orders (those with their lunch,
    the least travel first) after which both days have every meal their hours hold. False
    (nothing stored) when no pair does."""
    saved = (list(draft.sketches), list(draft.days), list(draft.notes), list(draft.warnings))
    pairs = sorted(itertools.product(range(min(FED_TRIES, len(on_a))),
                                     range(min(FED_TRIES, len(on_b)))), key=sum)  # fmt: skip
    for i, j in pairs:
        draft.sketches, draft.days = list(saved[0]), list(saved[1])
        draft.notes, draft.warnings = list(saved[2]), list(saved[3])
        draft.retime(replace(a, stops=on_a[i]), like=b.index)
        draft.retime(replace(b, stops=on_b[j]), like=a.index)
        for day in (a, b):
            give_meals(draft, day.index)
        if all(_fed(draft, day.index) for day in (a, b)):
            return True
    draft.sketches, draft.days = list(saved[0]), list(saved[1])
    draft.notes, draft.warnings = list(saved[2]), list(saved[3])
    return False


def _fed(draft: Draft, day: int) -> bool:
    """Whether 1-based `day` has each of lunch and dinner that its hours hold."""
    frame = frame_for(draft.sketch_of(day), draft.request, draft.kb)
    meals = {i.meal for i in draft.days[day - 1].items if i.kind == ItemKind.MEAL}
    return (not frame.lunch or "lunch" in meals) and (not frame.dinner or "dinner" in meals)


def _swap_refusal(
    draft: Draft, a: Sketch, b: Sketch, loose_a: list[Stop], loose_b: list[Stop]
) -> EditRefused | None:
    """Why days `a` and `b` cannot take each other's stops, judged by the limits of the day
    the stops come from (`Draft.attempt(like=…)`), or None when both fit."""
    for day, stops, like in ((a, loose_b, b.index), (b, loose_a, a.index)):
        timed = draft.attempt(replace(day, stops=stops), like=like)
        if timed.day is None:
            why_zh, why_en = timed.reasons[0] if timed.reasons else ("", "")
            return EditRefused(
                "does_not_fit",
                f"第{a.index}天和第{b.index}天对调后第{day.index}天排不下"
                + (f"：{why_zh}" if why_zh else ""),
                f"after the swap day {day.index} does not fit" + (f": {why_en}" if why_en else ""),
            )
    return None


def room_for(
    draft: Draft, days: list[Sketch], stop: Stop, freed: int
) -> tuple[Sketch, list[str]] | None:
    """A day of `days` that holds `stop` once one or two of its sights are left out — each
    less popular than `stop`'s place, not a headline sight, not locked, not asked for — the
    day a swap freed first, each day's pace kept: (the day with `stop`, the POI ids left
    out); None when none does (the refusal then offers what would make room, to be asked)."""
    ordered = sorted(days, key=lambda sk: sk.index != freed)
    for size in (1, 2):
        for sk in ordered:
            loose = [i for i, s in enumerate(sk.stops) if not s.locked and s.meal is None
                     and s.poi_id not in draft.request.must_see
                     and _minor(draft, s.poi_id, stop.poi_id)]  # fmt: skip
            for out in itertools.combinations(loose, size):
                lighter = replace(sk, stops=[x for j, x in enumerate(sk.stops) if j not in out])
                if found := _best(draft, _insert(lighter, stop, None)):
                    return found[0], [sk.stops[i].poi_id for i in out]
    return None


def _minor(draft: Draft, poi_id: str, than: str) -> bool:
    """Whether the sight `poi_id` may be left out for `than` without asking: less popular,
    and not a headline sight of its destination."""
    place, other = draft.kb.attraction(poi_id), draft.kb.attraction(than)
    dest = draft.kb.destination_of(poi_id)
    if place is None or other is None or (dest is not None and poi_id in dest.headline):
        return False
    return place.popularity < other.popularity


def tries(days: list[Sketch], op: AddPlace, freed: int | None) -> list[tuple[list[Sketch], bool]]:
    """The days to try a place on, in turn, each with whether its pace holds: the day asked
    (its pace kept, then passed); the day a swapped-out stop freed, then any other day, then
    the freed day past its pace; else every day, its pace kept."""
    if op.day:
        return [(days, True), (days, False)]
    if freed is not None:
        first = [sk for sk in days if sk.index == freed]
        return [(first, True), ([sk for sk in days if sk.index != freed], True), (first, False)]
    return [(days, True)]


def planned(draft: Draft, op: AddPlace, day: int, poi_id: str, zh: str, en: str) -> EditRefused:
    """The refusal of a place the plan has already (on `day`), with what to do instead: move it
    to the day asked, or — a swap — only take out the stop it was to replace."""
    when = _when(draft, day, poi_id)
    if op.instead_of:
        o_zh, o_en = draft.name(find_place(op.instead_of, draft.kb, draft.request.destinations).id)
        return EditRefused("unchanged", f"{zh}已经在第{day}天了（{when}）",
                           f"{en} is already on day {day} ({when})",
                           alternative=RemoveStop(stop=op.instead_of),
                           alternative_zh=f"只去掉{o_zh}", alternative_en=f"only drop {o_en}")  # fmt: skip
    return EditRefused("does_not_fit", f"{zh}已经在第{day}天了（{when}）",
                       f"{en} is already on day {day} ({when})",
                       alternative=MoveStop(stop=poi_id, day=op.day) if op.day else None,
                       alternative_zh=f"把它移到第{op.day}天" if op.day else "",
                       alternative_en=f"move it to day {op.day}" if op.day else "")  # fmt: skip


def swap_offer(refusal: EditRefused, op: AddPlace) -> EditRefused:
    """A swap's refusal whose offer adds the place elsewhere still replaces the stop."""
    alt = refusal.alternative
    if op.instead_of and isinstance(alt, AddPlace) and alt.instead_of is None:
        refusal.alternative = alt.model_copy(update={"instead_of": op.instead_of})
    return refusal
