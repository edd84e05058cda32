"""Record shapes of the knowledge base (resources/knowledge), validated on load.

Every record carries provenance: `as_of` (date the facts were last checked), `source`
(where they come from, in words) and `confidence`:

- ``verified``: *every* fact a traveller acts on — price and seasons, hours, closures,
  reservation rules, and the position — checked against a source someone read, cited in
  `source` with its date (operator site, 12306, an encyclopedia or travel page). `source` names
  where the position comes from and admits no fact left unchecked ("position from memory",
  "hours estimated"); a place failing this is refused on load (`Place`,
  `engine.knowledge.provenance.verified_gaps`). One unchecked fact makes the record ``curated``.
- ``curated``: from well-known guidebook knowledge, believed right but not checked officially.
- ``estimated``: a reasonable estimate; treat as approximate.

Coordinates are WGS-84 degrees. Prices are CNY. Durations are minutes. Opening hours use the
OpenStreetMap ``opening_hours`` syntax (https://wiki.openstreetmap.org/wiki/Key:opening_hours),
e.g. ``"Tu-Su 09:00-17:00"`` (closed Mondays) or ``"Mar-Nov 06:30-16:30; Dec-Feb 07:30-16:30"``.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from engine.knowledge.provenance import verified_gaps
from engine.untrusted import clean, clean_name

Confidence = Literal["verified", "curated", "estimated"]


def _name(value: Any) -> Any:
    return clean_name(value) if isinstance(value, str) else value


def _text(value: Any) -> Any:
    return clean(value, limit=4000).strip() if isinstance(value, str) else value


#: A name from a data pack or the curated files, `engine.untrusted.clean_name`d on load: no
#: control, bidi or zero-width character, one line, at most 200 characters.
Name = Annotated[str, BeforeValidator(_name)]
#: A description, likewise on one line, at most 4 000 characters.
Text = Annotated[str, BeforeValidator(_text)]

#: Attraction tags (the interests vocabulary). Parsers map words onto these.
ATTRACTION_TAGS = frozenset(
    {
        "nature",
        "mountain",
        "water",
        "lake",
        "sea",
        "beach",
        "park",
        "garden",
        "history",
        "culture",
        "museum",
        "temple",
        "architecture",
        "old-town",
        "water-town",
        "village",
        "art",
        "gallery",  # an art museum or gallery (美术馆, 798): "art museums" is one wish, not two
        "shopping",
        "duty-free",  # a duty-free mall (海南 离岛免税): its own kind, refused on its own (不去免税店)
        "food",
        "nightlife",
        "night-view",
        "morning",  # best seen in the morning: pandas awake, a morning market, halls open
        "kids",
        "theme-park",
        "zoo",
        "giant-panda",  # giant pandas kept there (a panda base, a zoo's panda house)
        "elephant",  # Asian elephants seen there (西双版纳's 野象谷)
        "sunrise",
        "sunset",
        "hiking",
        "cable-car",
        "photography",
        "modern",
        "landmark",
        "religion",
        "heritage",
        "hot-spring",
        "snow",
        "ski",  # ski slopes open to visitors in their season (a lift pass or ski ticket)
        "flowers",
        "tea",
        "performance",
        "outdoor",
        "indoor",
        "seniors-friendly",
        # planned only when asked for (a must-see: 攀岩, a jazz bar), never as a filler sight
        "on-request",
    }
)

#: Cuisine tags for restaurants; ``spicy`` marks food that is hot by default.
CUISINE_TAGS = frozenset(
    {
        "local",
        "fine-dining",
        "hui",
        "zhe",
        "su",
        "shanghai",
        "beijing",
        "sichuan",
        "hunan",
        "cantonese",
        "yunnan",
        "xinjiang",
        "northwest",
        "northeast",
        "hakka",
        "teochew",
        "fujian",
        "guizhou",
        "tibetan",
        "muslim",
        "vegetarian",
        "seafood",
        "hotpot",
        "snacks",
        "noodles",
        "dumplings",
        "dim-sum",
        "bbq",
        "tea-house",
        "dessert",
        "western",
        "spicy",
        "roast-duck",
        "fish",
        "street-food",
        "halal",
    }
)
#: Food no record is tagged with but its dish names say (羊肉泡馍 / "mutton"): refused meats
#: (不吃羊肉) and dishes wished by name (想吃小龙虾, 沙茶面, 想喝啤酒); read by `engine.planning.dishes`.
DISH_TAGS = frozenset(
    {
        "lamb",
        "beef",
        "pork",
        "offal",
        "crayfish",
        "beer",
        "shacha-noodles",
        "crossing-bridge-noodles",
        "goubuli-buns",
        "duck-blood-soup",
        "jianbing",
        "fish-head",
        "stinky-tofu",
        "hot-dry-noodles",
    }
)


class Provenance(BaseModel):
    """Where a record's facts come from, and how sure we are."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    as_of: dt.date
    source: str = Field(min_length=3)
    confidence: Confidence


class Place(Provenance):
    """A named point (WGS-84).

    Raises:
        ValueError: on load, a ``verified`` place whose `source` has no read date, does not say
            where the position comes from, or admits an unchecked fact (`verified_gaps`).
    """

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*[a-z0-9]$")
    name_zh: Name = Field(min_length=1)
    name_en: Name = Field(min_length=1)
    aliases: tuple[Name, ...] = ()
    lat: float = Field(ge=3.0, le=54.0)
    lon: float = Field(ge=73.0, le=136.0)

    def name(self, lang: str) -> str:
        return self.name_zh if lang == "zh" else self.name_en

    @model_validator(mode="after")
    def _verified_is_whole(self) -> Place:
        if self.confidence == "verified" and (gaps := verified_gaps(self.source)):
            raise ValueError(f"{self.id}: labelled verified, but its source: " + "; ".join(gaps))
        return self


MonthDay = str  # "MM-DD", e.g. "03-01"
_MONTH_DAY = r"^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"


class SeasonPrice(BaseModel):
    """An adult ticket price for a period of every year (both ends inclusive).

    `start` > `end` wraps the new year (``"12-01"``..``"02-28"`` is December to February).
    Periods of one attraction must not overlap; a date in none of them costs `ticket_cny`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: MonthDay = Field(pattern=_MONTH_DAY)
    end: MonthDay = Field(pattern=_MONTH_DAY)
    adult_cny: float = Field(ge=0, le=2000)
    label_zh: str = ""  # 旺季 / 淡季
    label_en: str = ""  # peak / off season


class Concession(BaseModel):
    """A reduced fare for some travellers (children, seniors, students).

    Who qualifies is by age (`min_age`..`max_age`, years, inclusive) and/or height
    (`max_height_cm`: up to and including). `fare` is ``free``, ``half`` (half the adult fare on
    that date) or a fixed price (`fare_cny`). Sources usually give both an age and a height rule
    for children ("6岁以下或1.2米以下免票"): either qualifies.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    who: Literal["child", "senior", "student"]
    min_age: int | None = Field(None, ge=0, le=120)
    max_age: int | None = Field(None, ge=0, le=120)
    max_height_cm: int | None = Field(None, ge=50, le=200)
    fare: Literal["free", "half", "fixed"]
    fare_cny: float | None = Field(None, ge=0, le=2000)
    note_zh: str = ""
    note_en: str = ""


class Shuttle(BaseModel):
    """Transport inside a park that every visitor buys with the ticket (九寨沟's 观光车, 武当山's
    景交车): the roads inside are closed to other vehicles and the sights lie too far apart to walk.

    A trip pays it once with the park's ticket — on the first visit that needs the ticket, the
    park's record or a sight inside it — and again only when the ticket is bought again
    (`Attraction.ticket_valid_days`). `fare_cny` is per adult, on dates outside every `seasons`
    period; `concessions` are the bus's own reduced fares (武当山's 景交车: half for a child
    under 1.4 m and from 70), on that day's fare — none said, everyone pays the full fare (the
    park's ticket concessions do not carry over: a child free at the gate still buys the bus).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name_zh: Name = Field(min_length=1)
    name_en: Name = Field(min_length=1)
    fare_cny: float = Field(ge=0, le=500)
    seasons: tuple[SeasonPrice, ...] = ()
    concessions: tuple[Concession, ...] = ()


class Highlight(BaseModel):
    """A spot inside an attraction: a peak, a cable car, a sunrise or sunset point."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name_zh: str
    name_en: str
    kind: Literal["peak", "cable_car", "sunrise", "sunset", "viewpoint", "gate", "hall", "spot"]
    lat: float | None = None
    lon: float | None = None
    note_zh: str = ""
    note_en: str = ""
    price_cny: float | None = Field(None, ge=0, description="one-way price (cable cars)")
    #: One-way prices by period of the year (`SeasonPrice`: 淡季 fares of a cable car);
    #: `price_cny` on dates outside every period.
    price_seasons: tuple[SeasonPrice, ...] = ()
    #: A cable car's own reduced fares (a child up to 1.2 m free), on that day's fare; none
    #: said: everyone pays the fare (the park's ticket concessions do not carry over).
    concessions: tuple[Concession, ...] = ()
    #: Reached only by long or steep stairways (天都峰's near-vertical steps, 泰山's 十八盘): left
    #: out of a climb made by cable car for limited mobility, and named as skipped. The
    #: attraction's `source` says where that was read.
    steps: bool = False


class Closure(BaseModel):
    """A period of every year (both ends inclusive, may wrap the new year) when a place, or a
    part of it, is closed: a memorial hall before an anniversary, a mountain road in winter.
    `part_zh`/`part_en` name the part when only a part closes (the place stays visitable)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: MonthDay = Field(pattern=_MONTH_DAY)
    end: MonthDay = Field(pattern=_MONTH_DAY)
    part_zh: str = ""
    part_en: str = ""
    note_zh: str = ""
    note_en: str = ""


_CLOCK = r"^([01]\d|2[0-3]):[0-5]\d$"


class ShowTimes(BaseModel):
    """When a show plays (a musical fountain, a light show): its starts, local time, on the
    dates of a yearly period (`start`..`end`, inclusive, may wrap the new year; both "" = all
    year) and the weekdays it plays, and how long one lasts.

    Attributes:
        times: "HH:MM" starts, local time, in order.
        minutes: length of one show, minutes.
        start, end: the period (``"MM-DD"``), or both "" for every day of the year.
        days: the weekdays it plays (OSM abbreviations, ``"Fr"``, ``"Sa"``), () = every day.
        holidays: with `days`, it also plays on every day off of a public holiday
            (`engine.knowledge.festivals.holiday_on`: 国庆, 春节 …), whatever the weekday.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    times: tuple[str, ...] = Field(min_length=1)
    minutes: int = Field(ge=5, le=180)
    start: str = ""
    end: str = ""
    days: tuple[Literal["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"], ...] = ()
    holidays: bool = False

    @model_validator(mode="after")
    def _well_formed(self) -> ShowTimes:
        if any(not re.match(_CLOCK, t) for t in self.times) or list(self.times) != sorted(
            self.times
        ):
            raise ValueError(f"show times must be HH:MM in order: {self.times}")
        if bool(self.start) != bool(self.end) or any(
            p and not re.match(_MONTH_DAY, p) for p in (self.start, self.end)
        ):
            raise ValueError(f"a show period needs both ends as MM-DD: {self.start}..{self.end}")
        if self.holidays and not self.days:
            raise ValueError("holidays only add to a show's weekdays (days is empty: every day)")
        return self


class LowVisit(BaseModel):
    """The low part of a high visit, for those who should not go up (a baby, a senior, someone
    who fears altitude sickness: `engine.planning.high_party`): 玉龙雪山's 蓝月谷 at about 2800 m
    instead of the glacier park at 4506–4680 m.

    Attributes:
        name_zh, name_en: the part visited (「蓝月谷」).
        altitude_m: its height, metres above sea level.
        visit_minutes: how long it takes, minutes.
        transport_inside_cny: the rides it needs a person (the park's own buses), CNY, in place
            of the whole visit's `Attraction.transport_inside_cny`.
        source: what says the height (a cited page, read when).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name_zh: Name = Field(min_length=1)
    name_en: Name = Field(min_length=1)
    altitude_m: int = Field(ge=0, le=6000)
    visit_minutes: int = Field(ge=15, le=720)
    transport_inside_cny: float = Field(0, ge=0, le=1000)
    source: str = Field(min_length=10)


class VisitExit(BaseModel):
    """Where a one-way visit comes out when that is not where it goes in: the 漓江 cruise boards
    at 磨盘山 and lands in 阳朔, 83 km downstream. The attraction's own point is the way in; the
    leg after the visit starts here (`engine.planning.oneway`).

    Attributes:
        name_zh, name_en: the exit (「阳朔龙头山码头」).
        lat, lon: WGS-84.
        destination: id of the destination the exit lies in when it is another one
            (``yangshuo``): a trip going on there makes the visit its move.
        back_hub: id of the hub (`Destination.hubs`) that the way back from an exit in
            another town reaches; None when the exit lies in the destination (九曲溪's rafts
            land at 武夷宫): legs from it are the destination's ordinary legs.
        back_zh, back_en: the way back in words (「步行到阳朔汽车站，坐大巴回桂林」).
        back_minutes: from the exit to `back_hub`: the walk, the wait and the ride, minutes.
        back_fare_cny: the way back, per person, CNY.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name_zh: Name = Field(min_length=1)
    name_en: Name = Field(min_length=1)
    lat: float = Field(ge=3.0, le=54.0)
    lon: float = Field(ge=73.0, le=136.0)
    destination: str | None = None
    back_hub: str | None = None
    back_zh: str = ""
    back_en: str = ""
    back_minutes: int = Field(0, ge=0, le=600)
    back_fare_cny: float = Field(0, ge=0, le=1000)

    @model_validator(mode="after")
    def _way_back_said(self) -> VisitExit:
        if self.back_hub is not None and not (self.back_zh and self.back_en and self.back_minutes):
            raise ValueError("an exit with a back_hub needs back_zh, back_en and back_minutes")
        return self


class Attraction(Place):
    """A place to visit.

    Attributes:
        hours: OSM opening_hours, e.g. ``"Tu-Su 09:00-17:00"``.
        last_entry: minutes before closing after which entry stops (0 = none known).
        visit_minutes: typical visit duration, minutes.
        ticket_cny: adult ticket in CNY (0 = free); `ticket_note` explains seasons/discounts.
        reservation: whether a booking is needed; `reservation_note_*` says how.
        reservation_lead_days: how many days ahead booking opens or must be made (「至少提前1天
            实名预约」 → 1), when known.
        tags: from `ATTRACTION_TAGS`.
        popularity: 1 (minor) .. 5 (must-see for most visitors).
        seasons: adult prices by period of the year (`SeasonPrice`); `ticket_cny` is the price
            on dates outside every period (or the only price when there are none).
        concessions: reduced fares (`Concession`).
        free_days_zh/en: free-entry days in words (e.g. 每周二免费), when any.
        closures: yearly closing periods (`Closure`), beside the weekly and seasonal closures
            in `hours`.
        inside: id of the attraction of the same destination whose ticket a visit needs (百岁宫
            lies inside 九华山, whose ticket the record 九华街 carries), None for a sight entered
            on its own ticket or free; `ticket_cny` is then what the sight charges on top (紫霄宫
            15 on top of the 武当山 ticket), usually 0. The park's record has no `inside`.
        ticket_name_zh/en: what the ticket of a park that sights lie inside is called
            (「九华山门票」, "Jiuhuashan entry ticket"); "" = the record's name + 门票/ticket.
        ticket_valid_days: how many days one ticket is valid, when the source says (张家界 4);
            None = one ticket a trip.
        shuttle: the park's compulsory transport, bought with its ticket (`Shuttle`), on the
            park's record only; `transport_inside_cny` then holds only the rest (cable cars).
        single_cny, single_seasons: when the park's ticket is a pass for several sites (神农架's
            six-area pass 269 on 神农顶's record), what this site costs alone, on the park's
            record or a site inside (神农顶 alone 130, 112 from November to April); None when
            it is not sold alone or the price is not known. A trip whose every visit on the
            pass has such a price, and whose singles cost less than the pass, buys singles
            (`engine.planning.park_tickets.singles`).
        on_pass: id of the attraction of the same destination whose ticket is a regional pass
            that covers this sight, sold beside the sight's own ticket (`single_cny`): 婺源's
            villages on the 婺源旅游通票 that 江湾's record carries (210 for 5 days; 李坑 alone
            55). Priced as `inside` is (`engine.planning.park_tickets`: the pass once, or the
            singles when they cost less), but the sight is a place of its own, not inside a
            park (clusters, legs and meals treat it as any sight). `ticket_cny` is then what it
            charges on top, usually 0.
        best_time: when a visit is worth making, where that is the point of the place:
            ``after_dark`` — its lights or night scene (冰雪大世界's lit ice, 洪崖洞, 外滩's
            illuminations): the visit lasts until after dusk (`engine.planning.model`);
            ``sunset`` — the sun setting over it (鸣沙山's dune ridge, 霞浦's mudflats): the
            visit spans the sunset on its date (`engine.knowledge.sun`);
            ``any`` — whenever it is open (the hours say the rest: an evening-only show).
        best_time_source: what says so (a cited page, or the record's own source), required
            when `best_time` is not ``any``.
        exit: where a one-way visit comes out (`VisitExit`: a cruise downstream, a traverse),
            None when it ends where it starts.
        whole_visit: a boat or raft that runs its whole route once it casts off (两坝一峡, 九曲溪):
            it cannot be cut to a main part when a day is short.
        step_free: whether the point of a visit is reached without steps (a wheelchair, a
            pushchair, bad knees): ``yes``; ``partly`` — some of it (灵隐寺: a ramp from 天王殿 to
            大雄宝殿, steps beyond); ``no`` — only by flights of steps (景山's summit, 中山陵's
            392 steps up to the hall); None = not known. `access_note_zh/en` says what is and
            is not reached, `access_source` where that was read (required when set).
        shows: when the point of the visit is a show at set times (a musical fountain):
            `ShowTimes` by period; a date in none of them has no show (the visit is not
            planned then). `shows_source` says where they were read (required when set).
        low_visit: the low part of a visit above `engine.planning.high_party.HIGH_M` (`LowVisit`:
            玉龙雪山's 蓝月谷), visited instead by those who should not go up; None: none known.
        best_lunar_day: the day of the Chinese lunar calendar when the point of the visit is at
            its greatest (钱塘江大潮 on 八月十八), ``"MM-DD"``, "" = none; only days of the 8th
            lunar month are known (`engine.knowledge.lunar_peaks`); `best_lunar_span` days
            either side are nearly as good; `best_lunar_source` says where it was read.
    """

    hours: str
    last_entry: int = Field(0, ge=0, le=240)
    visit_minutes: int = Field(ge=15, le=720)
    ticket_cny: float = Field(ge=0, le=2000)
    ticket_note_zh: str = ""
    ticket_note_en: str = ""
    reservation: Literal["none", "recommended", "required"] = "none"
    reservation_note_zh: str = ""
    reservation_note_en: str = ""
    reservation_lead_days: int | None = Field(None, ge=0, le=90)
    tags: tuple[str, ...] = Field(min_length=1)
    popularity: int = Field(ge=1, le=5)
    seasons: tuple[SeasonPrice, ...] = ()
    concessions: tuple[Concession, ...] = ()
    free_days_zh: str = ""
    free_days_en: str = ""
    closures: tuple[Closure, ...] = ()
    description_zh: Text = Field(min_length=4)
    description_en: Text = Field(min_length=10)
    highlights: tuple[Highlight, ...] = ()
    transport_inside_cny: float = Field(
        0,
        ge=0,
        le=1000,
        description="typical per-person spend on cable cars / shuttle buses inside that most "
        "visitors pay (e.g. up and down a mountain by cable car), CNY",
    )
    #: The reduced fares of the rides `transport_inside_cny` pays for (a child up to 1.2 m
    #: rides free), on that spend as a whole, when a source gives them for every ride in it;
    #: none said: everyone pays it (the ticket's concessions do not carry over).
    inside_concessions: tuple[Concession, ...] = ()
    altitude_m: int | None = Field(
        None,
        ge=0,
        le=6000,
        description="highest point of a usual visit, metres above sea level (牛奶海 about 4600 "
        "in 亚丁); None when low or unknown",
    )
    meal_inside_cny: float | None = Field(
        None,
        ge=0,
        le=500,
        description="per-person spend when lunch is normally eaten inside (e.g. on a mountain); "
        "None when visitors eat outside",
    )
    inside: str | None = None
    on_pass: str | None = None
    ticket_name_zh: Name = ""
    ticket_name_en: Name = ""
    ticket_valid_days: int | None = Field(None, ge=1, le=366)
    exit: VisitExit | None = None
    whole_visit: bool = False
    shuttle: Shuttle | None = None
    single_cny: float | None = Field(None, ge=0, le=2000)
    single_seasons: tuple[SeasonPrice, ...] = ()
    best_time: Literal["any", "after_dark", "sunset"] = "any"
    best_time_source: str = ""
    step_free: Literal["yes", "partly", "no"] | None = None
    low_visit: LowVisit | None = None
    access_note_zh: str = ""
    access_note_en: str = ""
    access_source: str = ""
    shows: tuple[ShowTimes, ...] = ()
    shows_source: str = ""
    best_lunar_day: str = Field("", pattern=r"^(08-(0[1-9]|[12]\d|30))?$")
    best_lunar_span: int = Field(0, ge=0, le=10)
    best_lunar_source: str = ""

    @model_validator(mode="after")
    def _best_time_sourced(self) -> Attraction:
        if self.best_lunar_day and len(self.best_lunar_source) < 10:
            raise ValueError(f"{self.id}: best_lunar_day needs best_lunar_source")
        if self.shows and len(self.shows_source) < 10:
            raise ValueError(f"{self.id}: shows need shows_source")
        if self.best_time != "any" and len(self.best_time_source) < 10:
            raise ValueError(f"{self.id}: best_time {self.best_time!r} needs best_time_source")
        if self.step_free and (len(self.access_source) < 10 or not self.access_note_zh
                               or not self.access_note_en):  # fmt: skip
            raise ValueError(f"{self.id}: step_free needs access_note_zh/en and access_source")
        return self


class Restaurant(Place):
    """A restaurant, a food street or a snack stall cluster.

    Attributes:
        kind: ``restaurant`` / ``food_street`` / ``snack``.
        hours: OSM opening_hours.
        price_per_person_cny: typical spend per person, CNY.
        cuisines: from `CUISINE_TAGS`.
        signature_dishes_zh/en: what to order.
        inside: the attraction it is inside, if any.
        serves_meals: False for a shop of sweets, drinks or one treat (马迭尔冰棍, 十八街麻花,
            赖汤圆, a tea house or café): a short stop, never a lunch or dinner.

    A ``food_street`` or ``snack`` record stands for many eateries, so the planner may use it
    once a day; a ``restaurant`` at most once a trip.
    """

    kind: Literal["restaurant", "food_street", "snack"] = "restaurant"
    hours: str
    price_per_person_cny: float = Field(ge=5, le=3000)
    cuisines: tuple[str, ...] = Field(min_length=1)
    signature_dishes_zh: tuple[Name, ...] = Field(min_length=1)
    signature_dishes_en: tuple[Name, ...] = Field(min_length=1)
    description_zh: Text = ""
    description_en: Text = ""
    inside: str | None = Field(
        None,
        description="id of the attraction this restaurant is inside (e.g. a summit hotel's "
        "restaurant, reachable only within that visit); the planner does not route to it",
    )
    serves_meals: bool = True


class Lodging(Place):
    """A lodging area (or a named hotel) with a nightly price range per room, CNY."""

    kind: Literal["area", "hotel"] = "area"
    price_min_cny: float = Field(ge=30, le=20000)
    price_max_cny: float = Field(ge=30, le=50000)
    description_zh: Text = Field(min_length=4)
    description_en: Text = Field(min_length=10)
    good_for: tuple[str, ...] = ()


class Hub(Place):
    """A transport hub: rail station, airport or coach station.

    `code`: IATA code for airports, 12306 telecode or pinyin name for stations, if known.
    """

    kind: Literal["rail", "airport", "coach", "port"]
    code: str = ""


class Note(BaseModel):
    """A seasonal or practical note about a destination."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    topic: Literal[
        "season",
        "closure",
        "reservation",
        "sunrise",
        "cable_car",
        "weather",
        "transport",
        "tip",
        "safety",
    ]
    zh: str
    en: str
    months: tuple[int, ...] = ()


class AccessArea(Provenance):
    """An area visitors reach one way only and walk inside: a car-free island reached by ferry
    (鼓浪屿: no cars, no bicycles; the visitor ferry from the 东渡 cruise-centre pier), or the
    top of a mountain reached by the scenic-area bus and a cable car (黄山: the shuttle from the
    汤口 transfer centre, the 云谷 cable car to 白鹅岭; no taxi goes up).

    A leg between a point inside and one outside is a walk to the landing, the crossing and the
    ordinary leg from the gate (`engine.planning.access`); a leg inside is a walk.

    Attributes:
        id: slug, e.g. ``xiamen-gulangyu-island``.
        lat, lon, radius_m: the area, a circle (WGS-84, metres) holding every place on it.
        way: how visitors cross: ``ferry``, ``scenic_bus`` (the scenic area's own buses) or
            ``cable_car`` (the scenic bus to the lower station, then the cable car).
        ride_zh, ride_en: what the crossing rides, in words (「景区交通车和云谷索道」); empty:
            the way's name.
        ride_back_zh, ride_back_en: the ride on the way out, in words, when its order reads
            differently from `ride_zh` (泰山: the cable car down to 中天门, then the bus); empty:
            `ride_zh`.
        gate: id of the hub (`Destination.hubs`) where visitors board outside.
        landing_zh, landing_en, landing_lat, landing_lon: where the boat lands, or the bus or
            cable car arrives, inside.
        ride_minutes: from reaching the gate to stepping off at the landing (the wait between
            sailings and the crossing), minutes.
        fare_cny: one way, per person, CNY (a return fare halved), on dates outside every
            `fare_seasons` period.
        fare_seasons: the one-way fare by period of the year (`SeasonPrice`: the 淡季 fare of
            the cable car and bus up 黄山).
        concessions: the crossing's own reduced fares (`Concession`: 鼓浪屿's ferry for a
            child up to 1.2 m), on the whole one-way fare of that day; none said: everyone pays
            the fare.
        inside_zh, inside_en: how one gets about inside, in words (「岛上有景区观光车，也可步行」);
            empty: the way's own words (no cars, on foot). Legs inside are planned on foot
            either way.
        evening_from: from this time (minutes after midnight, local) the crossing differs
            (鼓浪屿: night boats from another pier), said in `evening_zh` / `evening_en`;
            None when it does not.
        inside_way: how visitors get about inside beyond a short walk: ``walk``, or ``bus``
            (涠洲岛's island buses, 普陀山's sightseeing buses, 武当山's compulsory scenic
            buses), named in `bus_zh` / `bus_en`, `inside_fare_cny` a ride per person (0:
            paid with the crossing).
        last_out: the last boat or bus out (boarding at the landing, minutes after midnight,
            local), None when not known; a day that does not sleep inside is out by then.
    """

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name_zh: Name
    name_en: Name
    lat: float = Field(ge=3.0, le=54.0)
    lon: float = Field(ge=73.0, le=136.0)
    radius_m: float = Field(gt=0, le=20_000)
    way: Literal["ferry", "scenic_bus", "cable_car"]
    ride_zh: str = ""
    ride_en: str = ""
    ride_back_zh: str = ""
    ride_back_en: str = ""
    gate: str
    landing_zh: Name
    landing_en: Name
    landing_lat: float = Field(ge=3.0, le=54.0)
    landing_lon: float = Field(ge=73.0, le=136.0)
    ride_minutes: int = Field(ge=1, le=240)
    fare_cny: float = Field(ge=0, le=1000)
    fare_seasons: tuple[SeasonPrice, ...] = ()
    concessions: tuple[Concession, ...] = ()
    inside_zh: str = ""
    inside_en: str = ""
    evening_from: int | None = Field(None, ge=0, le=1439)
    evening_zh: str = ""
    evening_en: str = ""
    inside_way: Literal["walk", "bus"] = "walk"
    bus_zh: str = ""
    bus_en: str = ""
    inside_fare_cny: float = Field(0, ge=0, le=200)
    last_out: int | None = Field(None, ge=0, le=1439)


class Destination(Provenance):
    """A destination: a city, a county or a scenic area, with its places.

    Attributes:
        id: slug, e.g. ``huangshan``.
        province: province-level division, in Chinese (e.g. ``安徽省``).
        adcode: the county- or prefecture-level administrative code (GB/T 2260) it lies in.
        lat, lon: centre (WGS-84); `radius_km`: every place of this destination lies within it.
        metro: whether the city has a metro (used by the transit model).
        best_months: 1..12.
        headline: ids of the headline sights, most important first: what a first-time visitor
            must not miss (故宫 and the Great Wall for Beijing). A plan long enough to hold them
            includes them unless the person declines them.
        access_areas: car-free areas reached one way only (`AccessArea`: an island by ferry,
            a mountain top by the scenic bus and the cable car).
        rural_buses: whether buses run to its sights out of town; False where the tips say
            the sights have no public transport (呼伦贝尔's grassland: 需包车或自驾) — a long
            leg there goes by chartered car, never by a bus that does not exist.
    """

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name_zh: Name
    name_en: Name
    aliases: tuple[Name, ...] = ()
    province: str
    adcode: str = Field(pattern=r"^\d{6}$")
    lat: float
    lon: float
    radius_km: float = Field(gt=0, le=300)
    metro: bool = False
    best_months: tuple[int, ...] = ()
    headline: tuple[str, ...] = ()
    summary_zh: str = ""
    summary_en: str = ""
    notes: tuple[Note, ...] = ()
    attractions: tuple[Attraction, ...] = ()
    restaurants: tuple[Restaurant, ...] = ()
    lodging: tuple[Lodging, ...] = ()
    hubs: tuple[Hub, ...] = ()
    access_areas: tuple[AccessArea, ...] = ()
    rural_buses: bool = True

    @model_validator(mode="after")
    def _headline_are_attractions(self) -> Destination:
        ids = {a.id for a in self.attractions}
        unknown = [h for h in self.headline if h not in ids]
        if unknown:
            raise ValueError(f"headline ids not among the attractions: {unknown}")
        parks = {a.id: a for a in self.attractions}
        lost_parks = [
            a.id
            for a in self.attractions
            if a.inside is not None
            and (a.inside == a.id or a.inside not in parks or parks[a.inside].inside is not None)
        ]
        if lost_parks:
            raise ValueError(
                f"attractions inside a park that is not another, top-level attraction: {lost_parks}"
            )
        lost_passes = [
            a.id
            for a in self.attractions
            if a.on_pass is not None
            and (
                a.on_pass == a.id
                or a.on_pass not in parks
                or a.inside is not None
                or a.single_cny is None
            )
        ]
        if lost_passes:
            raise ValueError(
                "attractions on a pass that is not another attraction, or also inside a park, "
                f"or with no single price: {lost_passes}"
            )
        gates = {h.id for h in self.hubs}
        lost = [a.gate for a in self.access_areas if a.gate not in gates]
        if lost:
            raise ValueError(f"access area gates not among the hubs: {lost}")
        lost = [
            a.exit.back_hub
            for a in self.attractions
            if a.exit and a.exit.back_hub is not None and a.exit.back_hub not in gates
        ]
        if lost:
            raise ValueError(f"exit hubs (the way back) not among the hubs: {lost}")
        return self

    def name(self, lang: str) -> str:
        return self.name_zh if lang == "zh" else self.name_en


class IntercityLink(Provenance):
    """An intercity connection between two destinations' hubs.

    Two kinds: a *typical* link (usable both ways, any departure between the first and the last
    service) and, with `service` set, one *scheduled* service from `a` to `b` only (a train
    number or flight; `first_departure` = `last_departure` = its departure; it may arrive the
    next day, e.g. an overnight sleeper).

    Attributes:
        mode: ``hsr`` (G/D high-speed rail), ``train``, ``flight`` or ``coach``.
        duration_minutes: typical fastest door-to-door-of-vehicle time (departure to arrival).
        fare_cny: second class (rail) / typical economy (flight) one-way adult fare, CNY.
        first_departure, last_departure: "HH:MM" of the day's first and last service, local time.
        service: the train number or flight of a scheduled service ("" for a typical link).
    """

    a: str
    b: str
    a_hub: str
    b_hub: str
    mode: Literal["hsr", "train", "flight", "coach"]
    duration_minutes: int = Field(ge=10, le=3600)  # the longest: 广州→拉萨 Z264, about 53 h
    fare_cny: float = Field(ge=5, le=10000)
    first_departure: str = Field("07:00", pattern=r"^\d\d:\d\d$")
    last_departure: str = Field("20:00", pattern=r"^\d\d:\d\d$")
    service: str = ""
    note_zh: str = ""
    note_en: str = ""
