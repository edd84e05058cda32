"""Parse results: the draft of a request, the problems found, and friendly messages (zh/en)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.domain.request import (
    MAX_DAYS,
    MAX_PEOPLE,
    MIN_DAYS,
    FoodWish,
    Lang,
    Pace,
    TripRequest,
)
from engine.knowledge.gazetteer import PlaceMatch
from engine.understanding.found import Found
from engine.understanding.lodging import LodgingFind

ProblemCode = Literal[
    "unknown_place", "uncovered_place", "no_destination", "bad_days", "bad_people", "bad_date",
    "bad_budget", "bad_start_date", "bad_option",
]  # fmt: skip


#: Covered destinations farther than this (km) are not called "nearby" in messages.
NEARBY_KM = 500


@dataclass
class RequestDraft:
    """Everything understood from the text and options, before validation.

    `text` is the original text as given. Fields are None (or empty) where nothing was said.
    `budget_cny` is the total for the party (a per-person or per-day amount already
    multiplied). `days_approximate` marks vague lengths (几天). `unknown_places` are names that
    no place matches. `place_attractions` are attraction ids named as places (去宏村), with the
    words each came from in `place_said`; `place_named` has the words of each destination (by
    its name_zh). `destination_days` are days per destination (aligned with `destinations`):
    said (北京玩2天然后天津玩1天; 0 = not said) or split by a region's route; `place_routes`
    those routes; `arrivals` the places named as where a journey arrives (坐高铁到西宁, by
    `place_find.identity`). `notes` say back how places were read (a same-named place chosen, a region's
    route): each has ``message(lang)``. The wish fields mirror `TripRequest`'s (lodging as
    found: names not yet resolved); `found` holds every wish with the person's words
    (`finalize` turns them into `TripRequest.wishes`); `unrecognized` the phrases that look
    like wishes but were not understood.
    """

    text: str = ""
    lang: Lang = "zh"
    departure: PlaceMatch | None = None
    destinations: list[PlaceMatch] = field(default_factory=list)
    unknown_places: list[str] = field(default_factory=list)
    place_attractions: list[str] = field(default_factory=list)
    place_said: dict[str, str] = field(default_factory=dict)
    place_named: dict[str, str] = field(default_factory=dict)
    destination_days: list[int] = field(default_factory=list)
    arrivals: set[str] = field(default_factory=set)
    place_routes: list[Any] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)
    days: int | None = None
    days_approximate: bool = False
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    invalid_date: str | None = None
    today: dt.date | None = None  # what relative dates were read against (date ranges too)
    party: tuple[int, int, int] | None = None
    budget_cny: int | None = None
    pace: Pace | None = None
    earliest_start: int | None = None
    interests: list[str] = field(default_factory=list)
    avoid_cuisines: list[str] = field(default_factory=list)
    avoid_transport: list[str] = field(default_factory=list)
    avoid_tags: list[str] = field(default_factory=list)
    avoid_places: list[str] = field(default_factory=list)
    must_see: list[str] = field(default_factory=list)
    bad_options: list[tuple[str, str]] = field(default_factory=list)
    child_ages: list[int] = field(default_factory=list)
    senior_ages: list[int] = field(default_factory=list)
    prefer_transport: list[str] = field(default_factory=list)
    home_transport: list[str] = field(default_factory=list)
    between_transport: list[str] = field(default_factory=list)
    local_transport: str | None = None
    max_rail_minutes: int | None = None
    food: list[FoodWish] = field(default_factory=list)
    lodging: LodgingFind = field(default_factory=LodgingFind)
    access: list[str] = field(default_factory=list)
    experiences: list[str] = field(default_factory=list)
    found: list[Found] = field(default_factory=list)
    unrecognized: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ParseProblem:
    """Why a request cannot be planned as written.

    Attributes:
        code: ``unknown_place`` (no such place; see `suggestions`), ``uncovered_place`` (a real
            place the knowledge base has no POIs for; see `nearby`), ``no_destination``,
            ``bad_days`` (outside `valid_range`), ``bad_people`` (a count over `valid_range`),
            ``bad_date`` (a date that does not exist), ``bad_budget`` (outside `valid_range`,
            CNY), ``bad_start_date`` (outside `date_range`), ``bad_option`` (a form field not
            understood). A number is checked the same way typed as an option or said in the
            text, with the same message (`engine.understanding.limits`).
        name: the place name(s), date text or option name concerned.
        value: the number given (days, people), or the option's text.
        suggestions: places the person may have meant (unknown_place).
        nearby: (covered destination, distance in km) within `NEARBY_KM`, nearest first
            (uncovered_place); when none is that close, `nearby` holds the nearest ones anyway
            and the message offers them as "places we can plan" rather than "nearby".
        valid_range: (min, max) allowed (bad_days, bad_people, bad_budget).
        date_range: (first, last) start date allowed (bad_start_date).
        ideas: destinations offered for what was said (no_destination: warm, snow, cheap, the
            month; `engine.understanding.destination_ideas.Idea`), each with why.
        days: the trip's length said (no_destination: the example the message ends with).
    """

    code: ProblemCode
    name: str = ""
    value: int | str | None = None
    suggestions: tuple[PlaceMatch, ...] = ()
    nearby: tuple[tuple[PlaceMatch, float], ...] = ()
    valid_range: tuple[int, int] | None = None
    date_range: tuple[dt.date, dt.date] | None = None
    ideas: tuple[Any, ...] = ()
    days: int | None = None

    def message(self, lang: Lang = "zh") -> str:
        """A clear, friendly sentence in `lang` saying what is wrong and what to do."""
        zh = lang == "zh"
        sep = "、" if zh else ", "
        if self.code == "unknown_place":
            if self.suggestions:
                names = sep.join(s.label(lang) for s in self.suggestions)
                return (
                    f"没找到“{self.name}”，您是不是想去：{names}？"
                    if zh
                    else f'Couldn\'t find "{self.name}". Did you mean: {names}?'
                )
            return (f"没找到“{self.name}”这个地方，请换个说法，或写出所在的城市（例如“黄山”“杭州”）。" if zh
                    else f'Couldn\'t find a place called "{self.name}". Try another spelling or name the city (e.g. "Huangshan", "Hangzhou").')  # fmt: skip
        if self.code == "uncovered_place":
            head = (
                f"我们还没有{self.name}的景点数据。"
                if zh
                else f"We don't have attraction data for {self.name} yet."
            )
            if not self.nearby:
                return head
            if self.nearby[0][1] > NEARBY_KM:
                names = sep.join(p.label(lang) for p, _km in self.nearby)
                return head + (
                    f"目前可以规划的目的地有：{names}。" if zh else f" Places we can plan: {names}."
                )
            near = sep.join(_with_distance(p, km, lang) for p, km in self.nearby if km <= NEARBY_KM)
            return head + (
                f"附近有：{near}，要不要去那里看看？"
                if zh
                else f" Nearby: {near}. Would one of these do?"
            )
        if self.code == "no_destination" and self.ideas:
            first = self.ideas[0].destination
            days = self.days or 3
            listed = ("；" if zh else "; ").join(i.text(lang) for i in self.ideas)
            return (f"还没说去哪里。按你说的，可以考虑：{listed}。说「去{first.name_zh}玩{days}天」就能开始规划。"
                    if zh else f"Where to? For what you said, you could try: {listed}. Say "
                    f'"{days} days in {first.name_en}" to plan one.')  # fmt: skip
        if self.code == "no_destination":
            return ("请告诉我您想去哪里，例如：“上海出发去黄山玩两天”。" if zh
                    else 'Where would you like to go? For example: "3 days in Hangzhou from Shanghai".')  # fmt: skip
        if self.code == "bad_days":
            lo, hi = self.valid_range or (MIN_DAYS, MAX_DAYS)
            return (f"天数需要在 {lo} 到 {hi} 天之间（您写的是 {self.value} 天）。" if zh
                    else f"The trip must be {lo} to {hi} days long (you asked for {self.value}).")  # fmt: skip
        if self.code == "bad_people":
            lo, hi = self.valid_range or (1, MAX_PEOPLE)
            if isinstance(self.value, int) and self.value < lo:
                return (f"出行人数需要在 {lo} 到 {hi} 人之间（您写的是 {self.value}）。" if zh
                        else f"The party must be {lo} to {hi} people (you asked for {self.value}).")  # fmt: skip
            return (f"每类出行人数（成人、儿童、老人）最多 {hi} 人，请分批规划。" if zh
                    else f"Each group of travellers (adults, children, seniors) can be at most {hi} people; please plan in smaller groups.")  # fmt: skip
        if self.code == "bad_budget":
            lo, hi = self.valid_range or (0, 0)
            return (f"预算需要在 {lo} 到 {hi} 元之间（您写的是 {self.value} 元）。" if zh
                    else f"The budget must be CNY {lo} to {hi} (you wrote {self.value}).")  # fmt: skip
        if self.code == "bad_start_date" and self.date_range:
            first, last = (d.isoformat() for d in self.date_range)
            return (f"出发日期需要在 {first} 到 {last} 之间（您写的是 {self.value}）。" if zh
                    else f"The start date must be between {first} and {last} (you wrote {self.value}).")  # fmt: skip
        if self.code == "bad_date":
            return (
                f"日期“{self.name}”不存在，请检查一下。"
                if zh
                else f'The date "{self.name}" does not exist; please check it.'
            )
        flag, hint_zh, hint_en = _OPTIONS.get(self.name, (self.name, "", ""))
        return (f"没看懂选项 {flag} 的值“{self.value}”{'：' + hint_zh if hint_zh else ''}。" if zh
                else f'Could not understand "{self.value}" for option {flag}{": " + hint_en if hint_en else ""}.')  # fmt: skip


#: Option name (`RequestDraft.bad_options`) → (the CLI flag, what it expects in zh, in en).
_OPTIONS: dict[str, tuple[str, str, str]] = {
    "date": ("--date", "请写成 YYYY-MM-DD，例如 2026-05-01（也可以写“下周六”“国庆”）",
             'use YYYY-MM-DD, e.g. 2026-05-01 (or words such as "next Saturday")'),
    "days": ("--days", f"请写 {MIN_DAYS} 到 {MAX_DAYS} 之间的天数，例如 3", f"give a number of days from {MIN_DAYS} to {MAX_DAYS}, e.g. 3"),
    "people": ("--people", f"请写 1 到 {MAX_PEOPLE} 之间的人数，例如 3 或“2大1小”",
               f'give the number of people from 1 to {MAX_PEOPLE}, e.g. 3 or "2 adults 1 child"'),
    "budget": ("--budget", "请写总预算（元），例如 3000 或 5k", "give the total budget in CNY, e.g. 3000 or 5k"),
    "pace": ("--pace", "请写 relaxed、normal 或 packed（轻松、适中、紧凑）", "use relaxed, normal or packed"),
    "from": ("--from", "请写出发城市，例如 上海", "give the departure city, e.g. Shanghai"),
}  # fmt: skip


def _with_distance(place: PlaceMatch, km: float, lang: Lang) -> str:
    """「广州（广东，约69公里）」, "Guangzhou (Guangdong, about 69 km)"."""
    label = place.label(lang)
    if lang == "zh":
        return (
            f"{label[:-1]}，约{km:.0f}公里）"
            if label.endswith("）")
            else f"{label}（约{km:.0f}公里）"
        )
    return (
        f"{label[:-1]}, about {km:.0f} km)"
        if label.endswith(")")
        else f"{label} (about {km:.0f} km)"
    )


@dataclass(frozen=True)
class ParseResult:
    """The outcome of understanding a request.

    Attributes:
        request: the structured request, or None when `problems` is not empty.
        problems: what stops planning, most important first.
        draft: everything understood, also when there are problems (for follow-up questions
            and for evaluation: days, party, budget …).
        departure, destinations: resolved places (canonical `name_zh`), also when not covered.
        defaulted: fields filled with defaults because the text said nothing (``days``,
            ``party``, ``start_date``).
        unmatched_must_see: must-see names that match no attraction of the destinations.
        lang: the answer language (zh when the text has Chinese characters, else en).
    """

    request: TripRequest | None
    problems: tuple[ParseProblem, ...]
    draft: RequestDraft
    departure: PlaceMatch | None
    destinations: tuple[PlaceMatch, ...]
    defaulted: frozenset[str] = frozenset()
    unmatched_must_see: tuple[str, ...] = ()
    lang: Lang = "zh"

    @property
    def ok(self) -> bool:
        return self.request is not None

    @property
    def problem(self) -> ParseProblem | None:
        """The most important problem, or None."""
        return self.problems[0] if self.problems else None

    def message(self, lang: Lang | None = None) -> str:
        """What to tell the person: the problems (one per line), or a one-line summary."""
        lang = lang or self.lang
        if self.problems:  # with how places were read: “中山”按中山（广东）理解…
            return "\n".join([*(p.message(lang) for p in self.problems), *self.notes(lang)])
        return "\n".join([summary(self, lang), *self.notes(lang)])

    def notes(self, lang: Lang | None = None) -> list[str]:
        """How places were read, to say back: a same-named place chosen (“普陀”按普陀山理解…),
        a region's route and why (云南7天，按地理顺路走：…)."""
        return [note.message(lang or self.lang) for note in self.draft.notes]


def summary(result: ParseResult, lang: Lang) -> str:
    """One line such as ``上海 → 黄山，2 天，2 位成人，预算 3000 元，节奏轻松；想要：坐高铁去、
    想吃火锅；没看懂：想住树屋`` — the main wishes in the person's words, and what was not
    understood."""
    req = result.request
    if req is None:
        return ""
    zh = lang == "zh"
    places = " → ".join(
        p.name(lang)
        for p in ((result.departure,) if result.departure else ()) + result.destinations
    )
    party = req.party
    who = [
        (party.adults, "位成人", "adult"),
        (party.children, "位儿童", "child"),
        (party.seniors, "位老人", "senior"),
    ]
    people = [
        f"{n} {zh_w}"
        if zh
        else f"{n} {en_w}{'' if n == 1 else ('ren' if en_w == 'child' else 's')}"
        for n, zh_w, en_w in who
        if n
    ]
    length = f"{req.days} 天" if zh else f"{req.days} day{'s' if req.days != 1 else ''}"
    if req.destination_days:
        names = {p.destination_id: p.name(lang) for p in result.destinations}
        each = [
            f"{names.get(d, d)} {n} 天" if zh else f"{n} in {names.get(d, d)}"
            for d, n in zip(req.destinations, req.destination_days, strict=True)
            if n
        ]
        length += f"（{'、'.join(each)}）" if zh else f" ({', '.join(each)})"
    parts = [places, length, *people]
    if req.budget_cny is not None:
        parts.append(f"预算 {req.budget_cny} 元" if zh else f"budget {req.budget_cny} CNY")
    if req.pace is not Pace.NORMAL:
        parts.append(
            (
                {"relaxed": "节奏轻松", "packed": "行程紧凑"}
                if zh
                else {"relaxed": "relaxed pace", "packed": "packed pace"}
            )[req.pace.value]
        )
    line = ("，" if zh else ", ").join(parts)
    said = [w.said for w in req.wishes if w.kind in _SUMMARY_KINDS and w.said and not w.remembered]
    said = list(dict.fromkeys(said))
    if said:
        shown = said[:_SUMMARY_WISHES] + (["…"] if len(said) > _SUMMARY_WISHES else [])
        line += f"；想要：{'、'.join(shown)}" if zh else f"; wishes: {'; '.join(shown)}"
    if req.unrecognized:
        line += (
            f"；没看懂：{'、'.join(req.unrecognized)}"
            if zh
            else f"; not understood: {'; '.join(req.unrecognized)}"
        )
    return line


#: Wishes the one-line summary names (in the person's words), and how many at most.
_SUMMARY_KINDS = frozenset(
    {
        "transport", "avoid_transport", "local_transport", "max_rail", "food", "avoid_food", "lodging_area",
        "lodging_type", "lodging_feature", "access", "experience", "date",
    }
)  # fmt: skip
_SUMMARY_WISHES = 6
