"""The plan-quality request set: requests in a traveller's words and what a traveller would check.

The set lives in ``bench/plan_quality_requests.json`` (written for this bench; never taken from
the public benchmark in ``shared/data/queries``)::

    {"today": "2026-03-02",            # the day the requests are "said" (relative dates)
     "requests": [{"id": "sz-01", "lang": "zh", "text": "…", "expect": {…}}, …]}

`Expect` is what a traveller would check on the plan, all optional but `destinations` and
`days`; POI ids are knowledge-base ids (`resources/knowledge`). A sight given as a list is a set
of alternatives: any one of them will do (八达岭 or 慕田峪 for "the Great Wall").
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.domain.request import Lang, Pace

DEFAULT_PATH = Path(__file__).resolve().with_name("plan_quality_requests.json")

#: Intercity modes a traveller may ask for or refuse (``drive``: 自驾, no leg by public transport).
MODES = frozenset({"hsr", "train", "flight", "coach", "drive"})
ACCESS = frozenset({"limited-mobility", "wheelchair", "pushchair", "short-walks"})
EXPERIENCES = frozenset({"sunrise", "sunset", "night-view"})
#: Lodging features a plan's content cannot show yet (lodging records carry none): judged from
#: the report's wishes section only.
LODGING_FEATURES = frozenset({"parking", "pool", "breakfast", "near-metro", "view", "family-room"})

Sight = str | tuple[str, ...]  # a POI id, or alternatives of which any one will do


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class People(_Strict):
    """Head counts as the person said them (the speaker counts); `child_ages` when given, the
    children's ages in any order (a baby said without an age is under two: 0 or 1), as fares
    and tickets are priced by them."""

    adults: int = 1
    children: int = 0
    seniors: int = 0
    child_ages: tuple[int, ...] | None = None


class Dates(_Strict):
    """The first day must fall in `start_between` (both ends inclusive)."""

    start_between: tuple[dt.date, dt.date]


class Modes(_Strict):
    """Intercity legs: `only` these modes (at least one leg), or `none_of` these."""

    only: tuple[str, ...] = ()
    none_of: tuple[str, ...] = ()


class Food(_Strict):
    """A meal at a place serving one of `cuisine` (knowledge cuisine tags), at `meal` when given
    (``late``: 夜宵), starting no later than `before` / no earlier than `after` (local time);
    at most `at_most` meals of it in the trip (at `meal`, else lunches and dinners: a wish for a
    dish is no takeover, 「想吃烤鸭」 is one duck meal), or one on `every_day` with a lunch or
    dinner (「每天都想吃火锅」, 「每天早上都想喝早茶」)."""

    cuisine: tuple[str, ...] = Field(min_length=1)
    meal: Literal["breakfast", "lunch", "dinner", "late"] | None = None
    before: dt.time | None = None
    after: dt.time | None = None
    at_most: int | None = Field(None, ge=0)
    every_day: bool = False


class Lodging(_Strict):
    """Where to sleep: within `within_m` metres of POI `near`, or in one of the lodging areas
    `any_of` (住在鼓浪屿上 → the island's lodging); `features` (parking …) the plan must answer;
    `room_cny`: [low, high], the price per room-night every night must lie in (CNY; a budget
    that buys better rooms, a 五星 wish, a cheap stay); `nights`: exactly this many nights in
    `any_of`, the others elsewhere (「在山顶住一晚」)."""

    near: str | None = None
    within_m: int = Field(1000, gt=0)
    any_of: tuple[str, ...] = ()
    nights: int | None = Field(None, ge=1)
    features: tuple[str, ...] = ()
    room_cny: tuple[int, int] | None = None


class Expect(_Strict):
    """What a traveller checks on the plan of one request (see the module docstring)."""

    destinations: tuple[str, ...] = Field(min_length=1)
    departure: str | None = None
    days: int = Field(ge=1, le=30)
    destination_days: dict[str, int] = Field(default_factory=dict)
    people: People | None = None
    dates: Dates | None = None
    headline: tuple[Sight, ...] = ()
    must_see: tuple[Sight, ...] = ()
    intercity_modes: Modes | None = None
    #: the legs between the destinations (「城市之间坐火车」), and the legs out and home, judged
    #: apart (a trip with a departure: its first and last boardings are out and home)
    between_modes: Modes | None = None
    out_home_modes: Modes | None = None
    #: POI id -> part of the day its visit begins in: ``first`` (the day's first sight, by
    #: 10:30: 「熊猫开门就去」), ``afternoon`` (12:00–18:00), ``evening`` (from 16:30)
    day_parts: dict[str, Literal["first", "afternoon", "evening"]] = Field(default_factory=dict)
    food: tuple[Food, ...] = ()
    no_cuisines: tuple[str, ...] = ()
    lodging: Lodging | None = None
    no_tags: tuple[str, ...] = ()
    no_places: tuple[str, ...] = ()
    access: str | None = None
    pace: Pace | None = None
    experiences: tuple[str, ...] = ()
    #: activity keys (`engine.understanding.activities`: cycling, boat, kayaking …): a sight that
    #: offers it visited, or the report answers why not
    activities: tuple[str, ...] = ()
    max_budget: int | None = Field(None, gt=0)
    #: "HH:MM" when no early mornings are said (「不想早起」): every day sets out — leaves the
    #: lodging, or for the station (`plan_quality_wishes.HUB_LEAD`) — at this hour or later
    day_start: str | None = Field(None, pattern=r"^\d{2}:\d{2}$")
    #: the traveller's own hours (`bench.plan_quality_hours`): "HH:MM" the leg out arrives
    #: (「早上6点到」) and the leg home leaves ("my 20:00 flight home"); busy hours by day
    #: (``"2": "all"`` or ``"09:00-18:00"``) holding no sight; legs asked for overnight (卧铺)
    arrival: str | None = Field(None, pattern=r"^\d{2}:\d{2}$")
    home_departure: str | None = Field(None, pattern=r"^\d{2}:\d{2}$")
    busy: dict[str, str] = Field(default_factory=dict)
    overnight: tuple[Literal["out", "home"], ...] = ()
    #: local modes no leg inside a destination may take (a group of 20: ``taxi``)
    no_local_modes: tuple[str, ...] = ()
    #: attraction tags of which a visited sight must carry each (「要能看到海」: ``sea``)
    tags: tuple[str, ...] = ()
    #: words the report answers in exactly one row (「住海边」 once, never ✅ and ❌ both)
    said_once: tuple[str, ...] = ()


class BenchRequest(_Strict):
    """One request: its id, language, words and expectations; `note` says what it probes."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    lang: Lang
    text: str = Field(min_length=4)
    expect: Expect
    note: str = ""


class RequestSet(_Strict):
    today: dt.date
    requests: tuple[BenchRequest, ...]


def load_requests(path: Path = DEFAULT_PATH) -> RequestSet:
    """Read and validate the request set.

    Raises:
        pydantic.ValidationError: a request does not match `BenchRequest` (a typo in a key).
    """
    return RequestSet.model_validate_json(path.read_bytes())


def alternatives(sight: Sight) -> tuple[str, ...]:
    """The POI ids of one expected sight (one id, or its alternatives)."""
    return (sight,) if isinstance(sight, str) else tuple(sight)


def poi_ids(expect: Expect) -> set[str]:
    """Every POI id an expectation names (sights, avoided places, lodging)."""
    ids = {i for s in (*expect.headline, *expect.must_see) for i in alternatives(s)}
    ids.update(expect.no_places)
    if expect.lodging is not None:
        ids.update(expect.lodging.any_of)
        if expect.lodging.near:
            ids.add(expect.lodging.near)
    return ids
