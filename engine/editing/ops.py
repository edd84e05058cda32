"""Edit operations on an itinerary version: typed, JSON round-trip (`Edit` adapter).

Every operation names places by knowledge-base POI id or by name (zh/en, as the plan shows
it; resolved against the plan, then the knowledge base and its data packs), days by their
1-based number, times as local ``HH:MM``, durations in minutes. An operation is *semantic*: it
says what to change, not the resulting times, so one made on an older version can be applied
again on the newest (`engine.editing.service`).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.domain.request import MAX_PEOPLE, Lang, Pace

Meal = Literal["lunch", "dinner"]
End = Literal["start", "end"]


class _Op(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MoveStop(_Op):
    """Move a stop to another position of its day, or to another day.

    Attributes:
        stop: the stop (POI id or name).
        day: the day to move it to (None: its own day).
        position: 1-based place among that day's stops (None: wherever it fits best; past the
            last: at the end of the day).
        start: local start time on that day (None: as the day times it): a move for a moment
            (「第二天傍晚去鸣沙山看日落」: timed to that day's sunset); the stop is locked then,
            and a sight of that day that keeps it from that time moves to another day or is
            left out, said so (as `SetStopTime.make_room`).
    """

    op: Literal["move"] = "move"
    stop: str
    day: int | None = Field(None, ge=1)
    position: int | None = Field(None, ge=1)
    start: dt.time | None = None


class AddPlace(_Op):
    """Add a place (attraction or restaurant, from the knowledge base or a data pack).

    Attributes:
        place: POI id or name.
        day: the day (None: wherever it fits best, the day adding it costs the least travel).
        position: 1-based place among the day's stops (None: where it fits best).
        instead_of: a stop the place takes the place of (「把A换成B」, "replace A with B"),
            POI id or name: it is removed and the place put on its day where it fits, else
            on another day of the place's city; every other stop is kept. None: a plain add.
    """

    op: Literal["add"] = "add"
    place: str
    day: int | None = Field(None, ge=1)
    position: int | None = Field(None, ge=1)
    instead_of: str | None = None


class RemoveStop(_Op):
    """Remove a stop; a removed sight is not planned again on later regenerations."""

    op: Literal["remove"] = "remove"
    stop: str


class LockStop(_Op):
    """Lock (or unlock) a stop: regenerations and re-timings keep it on its day at its time."""

    op: Literal["lock"] = "lock"
    stop: str
    locked: bool = True


class SetStopTime(_Op):
    """Set a stop's start time and/or its duration; the stop is locked at that time.

    Attributes:
        start: local start time (None: keep it).
        minutes: how long to stay, minutes (None: keep it).
        make_room: a time asked for a moment (the sunset): a sight of the day that keeps the
            stop from that time moves to another day, or is left out, said so
            (`engine.editing.make_room`), rather than the time refused.
    """

    op: Literal["time"] = "time"
    stop: str
    start: dt.time | None = None
    minutes: int | None = Field(None, ge=10, le=720)
    make_room: bool = False


class SetDayTimes(_Op):
    """Set when a day's sightseeing starts and/or ends (local times; None keeps it).

    Attributes:
        trim: the end was asked loosely (「第三天早点结束」, "finish earlier on day 3"): the
            day's latest sights that no longer fit before it are left out (said so; meals
            kept) instead of the edit being refused.
    """

    op: Literal["day_times"] = "day_times"
    day: int = Field(ge=1)
    start: dt.time | None = None
    end: dt.time | None = None
    trim: bool = False


class SwapMeal(_Op):
    """Eat a day's lunch or dinner somewhere else.

    Attributes:
        restaurant: POI id or name (None: the best other restaurant that fits).
        dish: a dish or kind of food the new restaurant must serve, as said (「啤酒鱼」,
            「海鲜大排档」, "seafood"): a signature dish or name holding the words, else the
            cuisine the words name (`engine.planning.candidates.serves`); None: any.
        near: POI id or name of a place the new restaurant must be close to (「在丽江古城吃」:
            within `engine.editing.fitting.NEAR_M` metres); None: near the old one.
        cheaper: the new restaurant must cost less per person than the old one (「太贵了，换个
            便宜点的」).
    """

    op: Literal["swap_meal"] = "swap_meal"
    day: int = Field(ge=1)
    meal: Meal = "lunch"
    restaurant: str | None = None
    dish: str | None = None
    near: str | None = None
    cheaper: bool = False


class AddMeal(_Op):
    """Give a day that has no lunch (or dinner) one: at the restaurant named, else the nearest
    free one that fits the day (serving `dish`, near `near`: as `SwapMeal`'s); refused with the
    reason when the day has that meal already or its hours leave no time for it."""

    op: Literal["add_meal"] = "add_meal"
    day: int = Field(ge=1)
    meal: Meal = "lunch"
    restaurant: str | None = None
    dish: str | None = None
    near: str | None = None


class SwapLodging(_Op):
    """Stay somewhere else from `day`'s night to the end of the stay that includes it (the
    nights before kept: 「第三天换个住处」 moves once, on day 3).

    Attributes:
        lodging: POI id or name, or the name of a destination (「阳朔」: its lodging nearest
            the day's sights) (None: the best other lodging of the destination).
        one_night: only `day`'s night moves (「第二天晚上住阳朔」), the stay's other nights
            kept; that day and the next are re-timed from and to the new lodging, a sight
            they can no longer hold left out (said so).
        said: the words that asked for the place (「住曾厝垵附近」): they become the trip's
            where-to-stay wish in that destination, answered in the report, instead of the one
            said before (「住在鼓浪屿上」); None: the wishes are kept as they were.
    """

    op: Literal["swap_lodging"] = "swap_lodging"
    day: int = Field(ge=1)
    lodging: str | None = None
    one_night: bool = False
    said: str | None = None


class RegenerateDay(_Op):
    """Plan one day again with the solver (locked stops kept; other days untouched).

    Attributes:
        pace: the day's pace from now on (None: keep it).
        start: local time the day's tour sets out from now on (「第二天轻松一点，早上别那么早」:
            the day planned again from that hour, one change); None keeps it.
        near: a place or area of the day's city (name or POI id) the day is spent around
            (「第四天就在亚龙湾附近玩」: only sights near it, `engine.editing.day_area`); None:
            anywhere.
        along: `near` is a lake, river or coast the day goes round or along (「环洱海骑一天」):
            the sights that name it, less those up a mountain.
        activity: what the person does that day, as said (「租电动车骑行」), told in the notes
            with what the plan times and what it does not.
    """

    op: Literal["regen"] = "regen"
    day: int = Field(ge=1)
    pace: Pace | None = None
    start: dt.time | None = None
    near: str | None = None
    along: bool = False
    activity: str | None = None


class AddDay(_Op):
    """Add a day at the start or the end of the trip (filled by the solver).

    Attributes:
        place: a sight the new day is given to (name or POI id; the solver fills the rest of
            the day around it), or None.
        more: further sights the new day holds with `place` (「加一天，多去黄龙洞和宝峰湖」).
    """

    op: Literal["add_day"] = "add_day"
    at: End = "end"
    place: str | None = None
    more: tuple[str, ...] = ()


class RemoveDay(_Op):
    """Remove the first or the last day (the trip's legs move to the new first/last day)."""

    op: Literal["remove_day"] = "remove_day"
    at: End = "end"


class SwapDays(_Op):
    """Trade two days' plans (「把第三天和第四天换一下」): each day gets the other's sights and
    meals and keeps its own legs, lodging and date; both are re-timed on their new dates
    (opening hours, closing days) and must hold their pace."""

    op: Literal["swap_days"] = "swap_days"
    a: int = Field(ge=1)
    b: int = Field(ge=1)


class ChangeDates(_Op):
    """Move the whole trip to start on `start` (each day re-timed on its new date)."""

    op: Literal["dates"] = "dates"
    start: dt.date


#: A kind of traveller, as `engine.domain.request.Party` counts them.
Kind = Literal["adults", "children", "seniors"]


class ChangeParty(_Op):
    """Change who travels (costs, rooms and concessions follow): each count given replaces
    the plan's, a count not given (None) is kept — ``ChangeParty(children=2)`` on 2 adults and
    1 child is 2 adults and 2 children. `child_ages`: the children's ages in years as now
    known (「6岁的儿子」; child fares and tickets go by age), replacing the plan's; None keeps
    the plan's ages of the children kept."""

    op: Literal["party"] = "party"
    adults: int | None = Field(None, ge=0, le=MAX_PEOPLE)
    children: int | None = Field(None, ge=0, le=MAX_PEOPLE)
    seniors: int | None = Field(None, ge=0, le=MAX_PEOPLE)
    child_ages: tuple[Annotated[int, Field(ge=0, le=17)], ...] | None = None
    #: The seniors' ages in years as now known (「70岁的妈妈」: concessions go by age, 60/65/70),
    #: replacing the plan's; None keeps the plan's ages of the seniors kept.
    senior_ages: tuple[Annotated[int, Field(ge=60, le=120)], ...] | None = None
    #: The people the person named, as they said them, with the count and kind each is
    #: counted as ((「弟弟」, 1, "adults"), ("my parents", 2, "seniors")): the note says it.
    counted: tuple[tuple[str, int, Kind], ...] = ()


Edit = Annotated[
    MoveStop
    | AddPlace
    | RemoveStop
    | LockStop
    | SetStopTime
    | SetDayTimes
    | SwapMeal
    | AddMeal
    | SwapLodging
    | RegenerateDay
    | AddDay
    | RemoveDay
    | SwapDays
    | ChangeDates
    | ChangeParty,
    Field(discriminator="op"),
]
"""Any edit operation (a union discriminated by ``op``)."""

EDIT_ADAPTER: TypeAdapter[Edit] = TypeAdapter(Edit)


def edit_from_json(data: object) -> Edit:
    """An operation from its JSON form (``{"op": "move", "stop": …}``).

    Raises:
        pydantic.ValidationError: not a known operation, or bad fields.
    """
    return EDIT_ADAPTER.validate_python(data)


def edit_to_json(edit: Edit) -> dict[str, object]:
    """The JSON form of an operation (what jobs store)."""
    return dict(edit.model_dump(mode="json", exclude_none=True))


class EditOrder(BaseModel):
    """Edits asked of one itinerary (what an edit job carries, `engine.jobs.PlanRequest.edit`).

    Attributes:
        itinerary_id: the itinerary.
        base_version: the version the person saw when asking (None: the current one).
        edits: the operations, applied in order as one new version.
        restore: instead of edits, make this old version current again (undo).
        lang: the language to answer in.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    itinerary_id: int = Field(ge=1)
    base_version: int | None = Field(None, ge=1)
    edits: tuple[Edit, ...] = ()
    restore: int | None = Field(None, ge=1)
    lang: Lang = "zh"
