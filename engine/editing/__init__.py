"""Editing a saved itinerary: operations, each giving a new version re-timed and checked.

Public API (what hosts — the CLI, the desktop's timeline, the agent — use):

- operations (`engine.editing.ops`, typed, JSON round-trip through `edit_from_json` /
  `edit_to_json`): `MoveStop`, `AddPlace`, `RemoveStop`, `LockStop`, `SetStopTime`,
  `SetDayTimes`, `SwapMeal`, `SwapLodging`, `RegenerateDay`, `AddDay`, `RemoveDay`,
  `ChangeDates`, `ChangeParty`; `Edit` is their union.
- `apply_edit(itinerary, edit, kb) -> EditResult` — pure and blocking (the solver).
- `edit_itinerary(engine, itinerary_id, edit, kb, base_version=…) -> Applied` — load, apply,
  store as a new version with optimistic concurrency (`engine.editing.service`).
- `diff(a, b) -> ItineraryDiff` — stops added, removed, moved, re-timed; cost change.
- `EditRefused` — reason (zh/en) and an alternative edit where one exists.
"""

from __future__ import annotations

from engine.editing.apply import EditResult, apply_edit
from engine.editing.errors import EditRefused
from engine.editing.ops import (
    AddDay,
    AddPlace,
    ChangeDates,
    ChangeParty,
    Edit,
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
    "AddPlace",
    "ChangeDates",
    "ChangeParty",
    "Edit",
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
    "edit_from_json",
    "edit_to_json",
]
