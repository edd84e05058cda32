"""Merging the model's reading of a request with the offline parser's.

The offline parser (`engine.understanding`) is exact about what it recognises, so it wins every
field it filled; the model fills only what the parser left empty (or only guessed, like a
default trip length). A place the model adds must be named in the text, unless the parser
found a place-like name it could not resolve (the model may know it: "the Yellow Mountains").
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.agent.model_understanding import ModelReading, place_mentioned
from engine.understanding.result import RequestDraft

#: Field names used in notes, in the order they are reported.
FIELDS = (
    "departure", "destinations", "days", "start_date", "party", "budget", "pace", "interests",
    "avoid", "must_see",
)  # fmt: skip


@dataclass
class MergeNotes:
    """How each field was decided.

    Attributes:
        filled: taken from the model (the parser found nothing).
        overruled: the model said something else than the parser; the parser's value was kept.
        unnamed: places the model gave that the message does not name (dropped).
    """

    filled: list[str] = field(default_factory=list)
    overruled: list[str] = field(default_factory=list)
    unnamed: list[str] = field(default_factory=list)


def merge(draft: RequestDraft, reading: ModelReading) -> tuple[RequestDraft, MergeNotes]:
    """A copy of the parser's `draft` completed with `reading`, and what came from where."""
    out = copy.deepcopy(draft)
    notes = MergeNotes()
    text = draft.text
    unresolved = bool(draft.unknown_places)

    def named(place: object) -> bool:
        return unresolved or place_mentioned(place, text)  # type: ignore[arg-type]

    if reading.departure is not None:
        if not named(reading.departure):
            notes.unnamed.append("departure")
        elif draft.departure is None:
            if not _same(reading.departure, draft.destinations):
                out.departure = reading.departure
                notes.filled.append("departure")
        elif reading.departure.name_zh != draft.departure.name_zh:
            notes.overruled.append("departure")
    model_places = [p for p in reading.destinations if named(p)]
    if len(model_places) < len(reading.destinations):
        notes.unnamed.append("destinations")
    if model_places:
        if not draft.destinations:
            out.destinations = [p for p in model_places if not _same(p, [out.departure])]
            notes.filled.append("destinations")
        elif {p.name_zh for p in model_places} != {p.name_zh for p in draft.destinations}:
            notes.overruled.append("destinations")
    if reading.days is not None:
        if draft.days is None or draft.days_approximate:
            out.days, out.days_approximate = reading.days, False
            notes.filled.append("days")
        elif reading.days != draft.days:
            notes.overruled.append("days")
    _scalar(out, notes, "start_date", draft.start_date, reading.start_date, "start_date")
    _scalar(out, notes, "party", draft.party, reading.party, "party")
    _scalar(out, notes, "budget_cny", draft.budget_cny, reading.budget_cny, "budget")
    _scalar(out, notes, "pace", draft.pace, reading.pace, "pace")
    if reading.interests and not draft.interests:
        out.interests = list(reading.interests)
        notes.filled.append("interests")
    parser_avoids = (
        draft.avoid_cuisines or draft.avoid_transport or draft.avoid_tags or draft.avoid_places
    )
    model_avoids = (
        reading.avoid_cuisines or reading.avoid_transport or reading.avoid_tags
        or reading.avoid_places
    )  # fmt: skip
    if model_avoids and not parser_avoids:
        out.avoid_cuisines = list(reading.avoid_cuisines)
        out.avoid_transport = list(reading.avoid_transport)
        out.avoid_tags = list(reading.avoid_tags)
        out.avoid_places = list(reading.avoid_places)
        notes.filled.append("avoid")
    if reading.must_see and not (draft.must_see or draft.place_attractions):
        out.must_see = list(reading.must_see)
        notes.filled.append("must_see")
    return out, notes


def _scalar(
    out: RequestDraft, notes: MergeNotes, attr: str, parsed: object, model: object, name: str
) -> None:
    if model is None:
        return
    if parsed is None:
        if attr == "start_date" and out.invalid_date is not None:
            return  # the person gave a date that does not exist: say so, do not replace it
        setattr(out, attr, model)
        notes.filled.append(name)
    elif parsed != model:
        notes.overruled.append(name)


def _same(place: object, others: Sequence[object]) -> bool:
    name = getattr(place, "name_zh", None)
    return any(getattr(o, "name_zh", None) == name for o in others if o is not None)
