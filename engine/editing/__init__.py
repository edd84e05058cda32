"""Editing a saved itinerary: operations, each giving a new version re-timed and checked.

Public API (what hosts — the CLI, the desktop's timeline, the agent — use):

- operations (`engine.editing.ops`, typed, JSON round-trip through `edit_from_json` /
  `edit_to_json`): `MoveStop`, `AddPlace`, `RemoveStop`, `LockStop`, `SetStopTime`,
  `SetDayTimes`, `SwapMeal`, `AddMeal`, `SwapLodging`, `RegenerateDay`, `AddDay`, `RemoveDay`,
  `ChangeDates`, `ChangeParty`; `Edit` is their union.
- `apply_edit(itinerary, edit, kb) -> EditResult` — pure and blocking (the solver);
  `try_edit(itinerary, edit)` answers a refusal instead of raising it (a host's preview).
- `edit_itinerary(engine, itinerary_id, edit, kb, base_version=…) -> Applied` — load, apply,
  store as a new version with optimistic concurrency (`engine.editing.service`).
- `diff(a, b) -> ItineraryDiff` — stops added, removed, moved, re-timed; cost change.
- `place_choices(destinations, lang)` — what a host's search box offers to add;
  `lodging_choices(destinations, lang)` — where one can stay there (a lodging swap's list).
- `EditRefused` — reason (zh/en) and an alternative edit where one exists.

The operations load light; `apply_edit`, `EditResult`, `edit_itinerary` and `diff` load the
solver on first use (like `engine.planning`).
"""

from __future__ import annotations

from typing import Any

from engine.editing.errors import EditRefused
from engine.editing.ops import (
    AddDay,
    AddMeal,
    AddPlace,
    ChangeDates,
    ChangeParty,
    Edit,
    EditOrder,
    LockStop,
    MoveStop,
    RegenerateDay,
    RemoveDay,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
    SwapLodging,
    SwapMeal,
    edit_from_json,
    edit_to_json,
)

__all__ = [
    "AddDay",
    "AddMeal",
    "AddPlace",
    "ChangeDates",
    "ChangeParty",
    "Edit",
    "EditOrder",
    "EditRefused",
    "EditResult",
    "LockStop",
    "MoveStop",
    "RegenerateDay",
    "RemoveDay",
    "RemoveStop",
    "SetDayTimes",
    "SetStopTime",
    "SwapLodging",
    "SwapMeal",
    "apply_edit",
    "apply_edits",
    "diff",
    "edit_from_json",
    "edit_itinerary",
    "edit_to_json",
    "lodging_choices",
    "place_choices",
    "try_edit",
]

_LAZY = {
    "apply_edit": "engine.editing.apply",
    "apply_edits": "engine.editing.apply",
    "EditResult": "engine.editing.apply",
    "try_edit": "engine.editing.apply",
    "edit_itinerary": "engine.editing.service",
    "diff": "engine.editing.compare",
    "place_choices": "engine.editing.places",
    "lodging_choices": "engine.editing.places",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(name)
    import importlib

    return getattr(importlib.import_module(module), name)
