"""TripRequest: what a person asked for, in structured form."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
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


#: Children under this age (years) order no meal of their own (`Party.diners`).
INFANT_MEAL_AGE = 2


class Party(BaseModel):
    """Who travels. Ticket and meal costs are per person (CNY).

    Attributes:
        adults, children, seniors: head counts (seniors: 60 and over).
        child_ages: ages in years of the children whose age was said (「带3岁宝宝」 → (3,));
            may be shorter than `children`. Used for child fares and child-friendly days.
        senior_ages: ages of the seniors whose age was said (concession rules differ at 60/65/70).
    """

    model_config = ConfigDict(frozen=True)

    adults: int = Field(1, ge=0, le=MAX_PEOPLE)
    children: int = Field(0, ge=0, le=MAX_PEOPLE)
    seniors: int = Field(0, ge=0, le=MAX_PEOPLE)
    child_ages: tuple[int, ...] = ()
    senior_ages: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        """Number of travellers (at least 1)."""
        return max(1, self.adults + self.children + self.seniors)

    @property
    def diners(self) -> int:
        """Travellers who order a meal (at least 1): all but babies under two said by age
        (`INFANT_MEAL_AGE`), who share a parent's plate or bring their own food."""
        babies = sum(1 for age in self.child_ages[: self.children] if age < INFANT_MEAL_AGE)
        return max(1, self.adults + self.children + self.seniors - babies)


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


#: Kinds of `Wish`. Each has a typed field on `TripRequest` that the planner acts on; the
#: `Wish` keeps the person's words so the feasibility report can answer each one.
WishKind = Literal[
    "must_see",  # a place to visit (value: POI id)
    "avoid_place",  # a place not to visit (value: POI id, or an area's sights: `area_value`)
    "avoid_tag",  # a kind of sight not wanted (value: attraction tag)
    "interest",  # a kind of sight wanted (value: attraction tag)
    "transport",  # an intercity mode wanted (value: hsr/train/flight/coach/drive)
    "home_transport",  # the mode wanted for the way home only (「飞回来」, "fly home"; value: mode)
    "between_transport",  # the mode wanted between the destinations only (「城市之间坐火车」)
    "leg_transport",  # the mode wanted on one leg ("train from Xi'an to Chengdu"; "xian>chengdu:train")
    "avoid_transport",  # a mode refused (value: mode)
    "local_transport",  # how to get around locally (value: public/taxi/walk/drive)
    "max_rail",  # no train ride longer than this (value: minutes, e.g. "300")
    "crowds",  # no queues, no crowds (value: "crowds"); answered with the dates' crowds
    "weather",  # weather felt: 怕冷 ``cold``, 怕热 ``heat``, 怕晒 ``sun``; planned for on those dates
    "food",  # a cuisine or dish wanted (value: cuisine tag, see `FoodWish`)
    "avoid_food",  # a cuisine refused (value: cuisine tag)
    "lodging_area",  # where to stay (value: POI id or area name, see `LodgingWish.near`)
    "lodging_type",  # what kind of stay (value: see `LodgingWish.kind`)
    "lodging_feature",  # a feature of the stay (value: see `LodgingWish.features`)
    "date",  # when (value: the resolved start date, ISO; `said`: 「三月底」)
    "pace",  # how full the days are (value: relaxed/normal/packed)
    "morning",  # a sight or kind seen in the morning (value: POI id or attraction tag)
    "afternoon",  # a sight or kind wished in the afternoon (value: POI id or tag; 下午去熊猫基地)
    "evening",  # a sight or kind wished in the evening (value: POI id or tag; 晚上去宽窄巷子)
    "arrival",  # the hour one arrives on day 1 (value: "HH:MM"; 「早上6点到」, "I land at 22:00")
    "departure",  # the hour the way home leaves on the last day (value: "HH:MM"; "20:00 flight home")
    "busy",  # a day or part of one kept free of plans (value: "<day>:<part>", see `BusyTime`)
    "overnight",  # a night train or other overnight leg asked for (value: "out" or "home")
    "day_start",  # no early mornings: days set out at this hour at the earliest (value: "HH:MM")
    "access",  # access needs (value: see `TripRequest.access`)
    "experience",  # sunrise/sunset/night-view/snow … at its hour (value: the tag)
    "budget",  # a budget (value: CNY total)
    "party",  # who travels (value: e.g. "2+1", `said`: 「一家三口」)
    "days",  # length, or days per destination (value: "3" or "beijing:2,tianjin:1")
    "other",  # recognised but not planned for (value: free text); answered in the report
]


class Wish(BaseModel):
    """One wish the person said, in their words, for the feasibility report.

    Attributes:
        kind: what sort of wish (`WishKind`).
        value: the normalised value the planner acts on (a POI id, a tag, a mode …). A
            ``must_see`` or ``lodging_area`` whose name matches no POI of the destinations
            keeps the name (「一定要去雷峰塔」 → ``雷峰塔``), so the report can say it was not found.
        said: the words it came from (「想喝早茶」, "no stairs"); shown back to the person.
        remembered: True when it came from long-term memory rather than this request.
        habit: True when this request said it as a habit (「我从来不坐飞机」, "I'm vegetarian"):
            kept in long-term memory for later trips, and the report says so.
    """

    model_config = ConfigDict(frozen=True)

    kind: WishKind
    value: str
    said: str = ""
    remembered: bool = False
    habit: bool = False


#: Ends a ``party`` wish value whose grown-ups were not counted (「全家」, "the whole family"):
#: ``2+0?`` is planned for two adults, and the report says it assumed them.
PARTY_ASSUMED = "?"
#: Ends a ``party`` wish value whose head count was said but not who they are (「一家六口」:
#: ``2+4~`` is planned for two adults and four children, and the report says it is a guess).
PARTY_SPLIT_ASSUMED = "~"

#: The ``avoid_place`` value of an area of several sights (「不去西湖」): ``area:西湖:<id>,<id>…``.
AREA_PLACES = "area:"


def area_value(name: str, ids: Sequence[str]) -> str:
    """The ``avoid_place`` wish value of the area `name` made of the sights `ids`."""
    return f"{AREA_PLACES}{name}:{','.join(ids)}"


def parse_area_value(value: str) -> tuple[str, list[str]] | None:
    """(area name, POI ids) of a value made by `area_value`; None for any other value."""
    if not value.startswith(AREA_PLACES):
        return None
    name, _, ids = value[len(AREA_PLACES) :].rpartition(":")
    return name, [i for i in ids.split(",") if i]


#: The tag of a dish wished by its own name, no cuisine or `DISH_TAGS` one: ``dish:苏式面``
#: (「想吃苏式面」), served where a signature dish is of that name (`engine.planning.dishes`).
NAMED_DISH = "dish:"


class FoodWish(BaseModel):
    """A food wish: a cuisine or dish, optionally at a given meal.

    Attributes:
        cuisine: a cuisine tag (knowledge `CUISINE_TAGS`, e.g. ``hotpot``, ``dim-sum``,
            ``seafood``, ``bbq``, ``snacks``, ``roast-duck``) or a dish one (knowledge
            `DISH_TAGS`: ``crayfish``, a dish named like ``shacha-noodles`` — 沙茶面 — served
            where a menu has it, `engine.planning.dishes`), or ``dish:<name>`` for a dish said by
            a name no tag has (`NAMED_DISH`).
        meal: ``breakfast`` (早茶/早点 — a morning meal), ``lunch``, ``dinner``, ``late``
            (夜宵, after 21:00) or None (any meal). ``vegetarian`` and ``halal`` (吃素, 清真,
            "I'm vegetarian") are diets: every meal, not one.
        said: the words it came from.
        every_day: said for every day (「每天都想吃火锅」, "hotpot every day"): a meal of it each
            day; otherwise a dish is one meal of the stay (`engine.planning.meal_groups`).
        once: said with a limit (「烤鸭只吃一次就够了」, "roast duck just once"): one meal of it
            in the stay, whatever the food.
    """

    model_config = ConfigDict(frozen=True)

    cuisine: str
    meal: Literal["breakfast", "lunch", "dinner", "late"] | None = None
    said: str = ""
    every_day: bool = False
    once: bool = False


class LodgingWish(BaseModel):
    """Where and how to stay.

    Attributes:
        near: POI ids (attraction, lodging area, hub) or place names to stay near
            (「住平江路附近」, 「住在鼓浪屿上」, "near the station"); the first one wins.
        on_site: True when the person wants to sleep *at* the place (「住山上/山顶」, 「住岛上」)
            rather than merely near it.
        kind: ``hostel`` (青旅), ``homestay`` (民宿/客栈), ``budget`` (经济型), ``comfort``
            (舒适型), ``luxury`` (五星/高档), ``design`` (设计感/网红), ``resort``, ``camp``
            (蒙古包, 帐篷, yurt) or None.
        features: ``parking``, ``pool``, ``breakfast``, ``near-metro``, ``near-station``
            (火车站附近, "near the station": the station the trip arrives at),
            ``near-airport``, ``view``, ``family-room``, ``quiet``, ``elevator``,
            ``hot-spring``, ``private-bathroom``, ``accessible`` (无障碍客房).
        avoid: features or kinds not wanted (e.g. ``hostel``, ``shared-bathroom``); their
            `Wish` values are ``avoid:<value>`` (kind ``lodging_type`` or ``lodging_feature``).
        day_trip: access areas (`AccessArea.id`) seen in a day and left (「当天往返涠洲岛」): no
            night there; its `Wish` value is ``day-trip:<id>`` (kind ``lodging_area``).
        nights: how many nights the place or feature wished holds (「在山顶住一晚」: 1,
            「最后一晚住机场附近」: 1); 0: every night. The other nights are where the planner
            would put them without the wish.
        last: those nights are the trip's last ones (「最后一晚」, "the last night"), else the
            first ones of the stay the wish is about.
    """

    model_config = ConfigDict(frozen=True)

    near: tuple[str, ...] = ()
    on_site: bool = False
    kind: str | None = None
    features: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()
    day_trip: tuple[str, ...] = ()
    nights: int = Field(0, ge=0)
    last: bool = False


class BusyTime(BaseModel):
    """Hours of one day the traveller keeps for their own affairs (meetings, work): no sights
    are planned in them (`engine.planning.own_hours`).

    Attributes:
        day: 1-based trip day.
        start, end: minutes after local midnight.
        all_day: the whole day is theirs (「第二天全天开会」, "meetings all day"): no sights
            that day at all, only breakfast and dinner near the lodging.
    """

    model_config = ConfigDict(frozen=True)

    day: int = Field(ge=1, le=MAX_DAYS)
    start: int = Field(ge=0, le=24 * 60)
    end: int = Field(ge=0, le=24 * 60)
    all_day: bool = False


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
        earliest_start: when said (「不想早起」, "I hate early mornings"), the earliest hour a
            day sets out from the lodging, minutes after midnight local time (breakfast comes
            before it); None = the pace's own start (`engine.planning.pace`).
        arrival_time: when said (「早上6点到」, "I land at 22:00"), the hour the traveller
            arrives on day 1 (after a night aboard, the morning after), minutes after local
            midnight: the leg out is taken to arrive then; None = the planner's choice.
        home_departure_time: when said (「晚上8点的航班回」, "my 20:00 flight home"), the hour
            the leg home leaves on the last day, minutes after local midnight.
        busy: hours the traveller keeps for their own affairs (`BusyTime`: 「第二天白天开会」).
        overnight_legs: legs asked to be taken overnight (卧铺, 夜车, "night train"):
            ``out`` and/or ``home``; a night service is taken where the legs data has one.
        interests: attraction tags the person likes (knowledge `ATTRACTION_TAGS`).
        avoid: things to avoid.
        must_see: POI ids that must be in the plan.
        mornings: POI ids or attraction tags to be seen in the morning (「天坛一大早去」,
            「熊猫一大早去」 → ``giant-panda``): planned as morning sights (tag ``morning``).
        afternoons: POI ids or attraction tags to be seen in the afternoon (「下午去熊猫基地」,
            "the Bund in the afternoon"): begun between 13:00 and 17:00 where the hours allow.
        evenings: POI ids or attraction tags to be seen in the evening (「晚上去宽窄巷子」,
            「傍晚去大雁塔」): begun from 17:00 where the hours allow.
        prefer_transport: intercity modes asked for (``hsr``, ``train``, ``flight``, ``coach``,
            ``drive``), best first: the planner takes them where a link exists and says so
            where none does.
        home_transport: intercity modes asked for the way home only (「飞回来」, 「回程坐高铁」,
            "fly home"), best first: the leg home takes them even where a refusal for the trip
            (a remembered 「不坐飞机」) keeps the other legs off that mode.
        between_transport: intercity modes asked for the legs between the destinations only
            (「城市之间坐火车」, "train between the cities"), best first: those legs take them
            before `prefer_transport`; the legs out and home do not.
        leg_transport: the mode asked for one leg only ("we'd rather take the train from Xi'an
            to Chengdu"), as ``"<from id>><to id>:<mode>"`` (``"xian>chengdu:train"``): that
            leg takes it first; the other legs keep theirs.
        local_transport: how to get around locally when said (``public``, ``taxi``, ``walk``,
            ``drive``), else None (the planner chooses as a local would).
        max_rail_minutes: the longest train ride wanted, in minutes (「火车不超过5小时」, "no
            trains longer than 5 hours"): a longer rail leg is flown where a flight exists,
            else kept and answered in the report; None = no limit.
        food: food wishes (cuisine, and the meal when said).
        lodging: lodging wishes (area, type, features).
        access: access needs: ``wheelchair``, ``limited-mobility`` (老人腿脚不好, "no stairs",
            avoid steep climbs), ``pushchair``, ``altitude`` (avoid high altitude),
            ``short-walks`` (a walking limit: 孩子走不了太久, "can walk but not for 6 hours"),
            ``nap`` (a rest after lunch each day: 每天都要午睡, "a nap after lunch").
        experiences: moments wanted at their hour: ``sunrise``, ``sunset``, ``night-view``
            (夜景, 夜游, night markets, "at night"), ``clouds`` (云海), ``snow``, ``stars``,
            ``moon`` (赏月), ``flag-raising`` (天安门升旗, at dawn) (a sunrise means sleeping
            where the sunrise is).
        destination_days: days per destination when said (「北京2天然后天津1天」), aligned with
            `destinations` (0 = let the planner choose); empty when not said.
        wishes: every wish recognised, in the person's words (for the report's wishes section).
        unrecognized: phrases that look like wishes but were not understood; echoed back
            (「没看懂：…」), never dropped silently.
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
    earliest_start: int | None = Field(None, ge=0, le=12 * 60)
    arrival_time: int | None = Field(None, ge=0, lt=24 * 60)
    home_departure_time: int | None = Field(None, ge=0, lt=24 * 60)
    busy: tuple[BusyTime, ...] = ()
    overnight_legs: tuple[Literal["out", "home"], ...] = ()
    interests: tuple[str, ...] = ()
    avoid: Avoid = Avoid()
    must_see: tuple[str, ...] = ()
    mornings: tuple[str, ...] = ()
    afternoons: tuple[str, ...] = ()
    evenings: tuple[str, ...] = ()
    prefer_transport: tuple[str, ...] = ()
    home_transport: tuple[str, ...] = ()
    between_transport: tuple[str, ...] = ()
    leg_transport: tuple[str, ...] = ()
    local_transport: str | None = None
    max_rail_minutes: int | None = Field(None, gt=0, le=48 * 60)
    food: tuple[FoodWish, ...] = ()
    lodging: LodgingWish = LodgingWish()
    access: tuple[str, ...] = ()
    experiences: tuple[str, ...] = ()
    destination_days: tuple[int, ...] = ()
    wishes: tuple[Wish, ...] = ()
    unrecognized: tuple[str, ...] = ()
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


#: What to say to take a remembered preference back (the wish's value -> zh, en), as
#: `engine.understanding.habits.LIFTS` understands it: shown beside the remembered wish in the report.
LIFT_PHRASES: dict[str, tuple[str, str]] = {
    "flight": ("可以坐飞机", "flying is fine"), "hsr": ("可以坐高铁", "high-speed trains are fine"),
    "train": ("可以坐火车", "trains are fine"), "spicy": ("可以吃辣", "spicy is fine"),
    "seafood": ("可以吃海鲜", "seafood is fine"), "vegetarian": ("可以吃肉", "meat is fine"),
}  # fmt: skip


def leg_modes(request: TripRequest, a: str, b: str) -> tuple[str, ...]:
    """The modes asked for the leg from destination `a` to `b` (`TripRequest.leg_transport`)."""
    return tuple(
        entry.split(":", 1)[1]
        for entry in request.leg_transport
        if entry.split(":", 1)[0] == f"{a}>{b}"
    )
