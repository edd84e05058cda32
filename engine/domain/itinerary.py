"""Itinerary: a dated, day-by-day plan of places, meals, lodging and transport legs."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from engine.domain.feasibility import FeasibilityReport
from engine.domain.request import Lang, TripRequest


def clock_minutes(t: dt.time) -> int:
    """A local time of day as minutes after midnight."""
    return t.hour * 60 + t.minute


class ItemKind(StrEnum):
    """What an itinerary item is."""

    INTERCITY = "intercity"  # a leg between cities (high-speed rail, flight, coach)
    TRANSIT = "transit"  # a leg inside a destination (walk, metro, bus, taxi)
    ATTRACTION = "attraction"
    MEAL = "meal"
    LODGING = "lodging"  # checking in / the night's stay
    FREE = "free"  # free time, a rest or a moment at its hour (a sunrise), no ticket or meal


class Mode(StrEnum):
    """Transport modes of legs."""

    WALK = "walk"
    METRO = "metro"
    BUS = "bus"
    TAXI = "taxi"
    HSR = "hsr"  # high-speed rail (G/D trains)
    TRAIN = "train"
    FLIGHT = "flight"
    COACH = "coach"
    CABLE_CAR = "cable_car"
    CHARTER = "charter"  # a chartered car with a driver (包车), for long legs to remote sights
    DRIVE = "drive"  # driving oneself (自驾), a rented or own car: not a taxi
    FERRY = "ferry"  # a boat to a car-free island (鼓浪屿), with the walks and ride on either side


class Item(BaseModel):
    """One step of a day, in local time.

    Attributes:
        kind: what the step is.
        name: display name in the itinerary's language.
        poi_id: knowledge-base id of the place (attraction, restaurant, lodging, hub), if any.
        start, end: local times ("HH:MM"); `end` >= `start`. A leg arriving after midnight is
            clipped to 23:59 and explained in `note`.
        lat, lon: WGS-84 position of the place (for a leg: where it ends).
        cost_cny: cost for the whole party, CNY.
        mode: transport mode (legs only).
        distance_m: leg length in metres (legs only).
        from_name: where a leg starts (legs only).
        meal: ``breakfast`` / ``lunch`` / ``dinner`` (meals only).
        note: a short practical remark.
        overnight: for an intercity leg that arrives the next day (a sleeper train, a night
            flight): ``depart`` on the item of the day it leaves (the night aboard stands in for
            that night's lodging; `end` is clipped to 23:59), ``arrive`` on the next day's item
            marking the arrival (`start` = `end` = arrival time, cost 0 — the fare is on the
            ``depart`` item). None otherwise.
        locked: the person locked this stop (`engine.editing`): later edits and regenerations
            keep it on its day at its start time.
    """

    model_config = ConfigDict(frozen=True)

    kind: ItemKind
    name: str
    poi_id: str | None = None
    start: dt.time
    end: dt.time
    lat: float | None = None
    lon: float | None = None
    cost_cny: float = 0.0
    mode: Mode | None = None
    distance_m: int | None = None
    from_name: str | None = None
    meal: str | None = None
    note: str | None = None
    overnight: Literal["depart", "arrive"] | None = None
    locked: bool = False

    @property
    def minutes(self) -> int:
        """Duration in minutes."""
        return clock_minutes(self.end) - clock_minutes(self.start)


class Day(BaseModel):
    """One dated day. `lodging_id` is the night's lodging (None on the last day).

    `starts_at` / `ends_at` are day times the person set (`engine.editing.SetDayTimes`, local
    time): the day's sightseeing starts no earlier / ends (back at the lodging or the station)
    no later; None keeps the pace's times.
    """

    model_config = ConfigDict(frozen=True)

    index: int = Field(ge=1)
    date: dt.date
    destination: str
    items: tuple[Item, ...] = ()
    lodging_id: str | None = None
    starts_at: dt.time | None = None
    ends_at: dt.time | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cost_cny(self) -> float:
        """Sum of item costs for the party, CNY."""
        return round(sum(item.cost_cny for item in self.items), 2)


def overnight_arrival(item: Item, next_day: Day | None) -> dt.time | None:
    """When an overnight departure (`item` marked ``depart``) arrives: the end of `next_day`'s
    arrival item; None for any other item or without it."""
    if item.overnight != "depart" or next_day is None:
        return None
    return next((i.end for i in next_day.items if i.overnight == "arrive"), None)


def time_span(item: Item, lang: str, next_day: Day | None = None, then: Day | None = None) -> str:
    """When `item` happens, for display: "HH:MM–HH:MM", one time when it starts and ends at once,
    and for an overnight departure the next day's arrival from `next_day` ("19:13–次日07:31" /
    "19:13–07:31 (+1)"); when `next_day` is spent wholly aboard (two nights on the train), the
    arrival the day after from `then` ("08:00–第三天11:36" / "08:00–11:36 (+2)")."""
    start = f"{item.start:%H:%M}"
    arrival = overnight_arrival(item, next_day)
    if arrival is not None:
        return f"{start}–次日{arrival:%H:%M}" if lang == "zh" else f"{start}–{arrival:%H:%M} (+1)"
    aboard = next_day is not None and any(
        i.overnight == "depart" and i.start == dt.time(0, 0) for i in next_day.items
    )
    arrival = overnight_arrival(item, then) if aboard and item.start != dt.time(0, 0) else None
    if arrival is not None:
        return f"{start}–第三天{arrival:%H:%M}" if lang == "zh" else f"{start}–{arrival:%H:%M} (+2)"
    return start if item.end == item.start else f"{start}–{item.end:%H:%M}"


class Itinerary(BaseModel):
    """A whole plan.

    Attributes:
        id: storage id (0 until saved).
        version: 1 for the first plan; each revision adds one.
        title: a short title in `lang`.
        request: what was asked.
        days: the days in order.
        feasibility: the validator's report.
        guide: Markdown guide (攻略), empty until written.
        suggested_questions: 3-5 follow-up questions.
        lang: language of names, guide and questions.
    """

    id: int = 0
    version: int = 1
    title: str
    request: TripRequest
    days: tuple[Day, ...]
    feasibility: FeasibilityReport | None = None
    guide: str = ""
    suggested_questions: tuple[str, ...] = ()
    lang: Lang = "zh"
    created_at: dt.datetime = Field(default_factory=lambda: dt.datetime.now(dt.UTC))

    def home_leg(self) -> Item | None:
        """The leg home (the trip's last intercity boarding), or None when the trip does not go
        home (no departure, or one leg only)."""
        if self.request.departure is None:
            return None
        legs = [i for d in self.days for i in d.items
                if i.kind == ItemKind.INTERCITY and i.overnight != "arrive"]  # fmt: skip
        return legs[-1] if len(legs) > 1 else None

    def day_after(self, day: Day) -> Day | None:
        """The day following `day` in this itinerary, or None after the last."""
        return self.days[day.index] if day.index < len(self.days) else None  # index is 1-based

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total_cost_cny(self) -> float:
        """Sum over days, CNY, for the whole party."""
        return round(sum(day.cost_cny for day in self.days), 2)
