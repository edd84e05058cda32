"""TripRequest: what a person asked for, in structured form."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

MIN_DAYS = 1
MAX_DAYS = 30
MAX_PEOPLE = 20

Lang = Literal["zh", "en"]


class Pace(StrEnum):
    """How full each day is. Limits come from `engine.planning.pace`."""

    RELAXED = "relaxed"
    NORMAL = "normal"
    PACKED = "packed"


class Party(BaseModel):
    """Who travels. Ticket and meal costs are per person (CNY)."""

    model_config = ConfigDict(frozen=True)

    adults: int = Field(1, ge=0, le=MAX_PEOPLE)
    children: int = Field(0, ge=0, le=MAX_PEOPLE)
    seniors: int = Field(0, ge=0, le=MAX_PEOPLE)

    @property
    def size(self) -> int:
        """Number of travellers (at least 1)."""
        return max(1, self.adults + self.children + self.seniors)


class Avoid(BaseModel):
    """Things the person does not want.

    Attributes:
        cuisines: cuisine tags (e.g. ``spicy``, ``seafood``) — see knowledge `CUISINE_TAGS`.
        transport: intercity or local modes (``flight``, ``hsr``, ``train``, ``bus``, ``taxi``, ``metro``).
        tags: attraction tags (e.g. ``museum``).
        places: POI ids the person does not want to visit.
    """

    model_config = ConfigDict(frozen=True)

    cuisines: tuple[str, ...] = ()
    transport: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    places: tuple[str, ...] = ()


class TripRequest(BaseModel):
    """A structured travel request.

    Attributes:
        departure: destination id (knowledge base) or free place name the trip starts from;
            ``None`` when the person is already there.
        destinations: destination ids, in visiting order (at least one).
        days: trip length in days, `MIN_DAYS`..`MAX_DAYS`.
        start_date: first day (local date); ``None`` means "the next Saturday".
        party: who travels.
        budget_cny: total budget for the party in CNY, or ``None``.
        pace: how full each day is.
        day_pace: per-day override of `pace` (1-based day -> pace), from follow-ups such as
            "第二天轻松一点".
        interests: attraction tags the person likes (knowledge `ATTRACTION_TAGS`).
        avoid: things to avoid.
        must_see: POI ids that must be in the plan.
        lang: language of the answer.
        text: the original free text, if any.
    """

    model_config = ConfigDict(frozen=True)

    departure: str | None = None
    destinations: tuple[str, ...] = Field(min_length=1)
    days: int = Field(ge=MIN_DAYS, le=MAX_DAYS)
    start_date: dt.date | None = None
    party: Party = Party()
    budget_cny: int | None = Field(None, ge=0)
    pace: Pace = Pace.NORMAL
    day_pace: dict[int, Pace] = Field(default_factory=dict)
    interests: tuple[str, ...] = ()
    avoid: Avoid = Avoid()
    must_see: tuple[str, ...] = ()
    lang: Lang = "zh"
    text: str | None = None

    @field_validator("destinations")
    @classmethod
    def _no_duplicate_destinations(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(value))

    def resolved_start_date(self, today: dt.date | None = None) -> dt.date:
        """The first day: `start_date`, else the next Saturday after `today`."""
        if self.start_date is not None:
            return self.start_date
        today = today or dt.date.today()
        ahead = (5 - today.weekday()) % 7 or 7
        return today + dt.timedelta(days=ahead)
