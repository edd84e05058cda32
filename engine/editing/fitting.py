"""Fitting a stop into a day: the options (`_insert`), the one that times best (`_best`), when
a stop lands (`_landing`, `_when`), and whether edits work in full (`_works`: timed and
validated — what an alternative offered must pass)."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace

from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning import candidates as cand

#: Set while an alternative is checked (`_works`): its own refusals look for none.
_CHECKING: ContextVar[bool] = ContextVar("checking_alternative", default=False)
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


def _works(draft: Draft, *edits: Edit) -> bool:
    """Whether `edits`, in turn, can be done on the version edited — checked in full (timed and
    validated, `engine.editing.apply.apply_edits`), so an alternative offered is one that works."""
    from engine.editing.apply import apply_edits

    token = _CHECKING.set(True)  # a refusal while checking needs no alternative of its own
    try:
        apply_edits(draft.base, list(edits), draft.kb)
    except EditRefused:
        return False
    finally:
        _CHECKING.reset(token)
    return True


def _when(draft: Draft, day: int, poi_id: str) -> str:
    """When `poi_id` takes place on `day` as the draft has it ("20:18–22:18"), or ""."""
    item = next((i for i in draft.days[day - 1].items if i.poi_id == poi_id
                 and i.kind.value in ("attraction", "meal")), None)  # fmt: skip
    return f"{item.start:%H:%M}–{item.end:%H:%M}" if item and item.start and item.end else ""


def _landing(draft: Draft, sk: Sketch, poi_id: str, *, strict_pace: bool = True) -> str:
    """When `poi_id` takes place in `sk` as timed ("13:00–16:00"), or "" ."""
    day = draft.attempt(sk, strict_pace=strict_pace).day
    item = next((i for i in day.items if i.poi_id == poi_id
                 and i.kind.value in ("attraction", "meal")), None) if day else None  # fmt: skip
    return f"{item.start:%H:%M}–{item.end:%H:%M}" if item and item.start and item.end else ""


def _other_restaurants(
    draft: Draft, sk: Sketch, old: str, *, limit: int | None = SWAP_TRIES
) -> list[Restaurant]:
    """Restaurants of the day's city not used anywhere in the plan, nearest the old one first
    (the first `limit`; None: all)."""
    destination = draft.kb.destinations[sk.destination]
    used = draft.used()
    old_place = draft.kb.place(old)
    found = [r for r in cand.restaurants(destination, draft.request) if r.id not in used]
    if old_place is not None:
        found.sort(key=lambda r: haversine_m(r.lat, r.lon, old_place.lat, old_place.lon))
    return found[:limit]
