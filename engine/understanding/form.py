"""parse_form: a request from form fields or CLI options, overriding what the text said."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from engine.domain.request import Lang, Pace, Party, WishKind
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch, gazetteer_for
from engine.understanding.dates import find_dates
from engine.understanding.days import find_days
from engine.understanding.found import Found
from engine.understanding.money import find_budget
from engine.understanding.parser import finalize, understand
from engine.understanding.party import find_party, resolve_party
from engine.understanding.place_find import goal
from engine.understanding.prefs import find_prefs
from engine.understanding.result import ParseResult, RequestDraft
from engine.understanding.text import normalize


def parse_form(
    kb: KnowledgeBase | None,
    *,
    text: str | None = None,
    departure: str | None = None,
    destination: str | Sequence[str] | None = None,
    days: int | str | None = None,
    date: dt.date | str | None = None,
    people: int | str | Party | None = None,
    budget: int | str | None = None,
    pace: Pace | str | None = None,
    lang: Lang | None = None,
    today: dt.date | None = None,
) -> ParseResult:
    """Build a request from form fields or CLI options (--from --to --days --date --people
    --budget --pace --lang); each given field overrides what `text` said.

    Text fields are read with the same rules as free text: ``days="两天"``, ``date="下周六"``
    or ``"2024-11-15"``, ``people="2大1小"`` or ``"3"``, ``budget="5k"``, ``pace="轻松"`` or
    ``"relaxed"``, ``destination="杭州,苏州"``. A field that cannot be read gives a
    ``bad_option`` problem; a place that cannot be found gives ``unknown_place``.
    """
    today = today or dt.date.today()
    gaz = gazetteer_for(kb)
    draft = understand(text or "", gaz, today)  # (the draft keeps `today`: date ranges)
    if lang is not None:
        draft.lang = lang
    if departure:
        draft.departure = _place_option(gaz, departure, draft, "departure")
    if destination:
        names = (
            destination.replace("，", ",").split(",")
            if isinstance(destination, str)
            else destination
        )
        draft.destinations, draft.unknown_places = [], []
        for name in names:
            place = _place_option(gaz, name.strip(), draft, "destination")
            if place is not None:  # --to 鼓浪屿: 厦门, with 鼓浪屿 a must-see
                place, poi = goal(place, name.strip(), gaz)
                draft.destinations.append(place)
                draft.place_named.setdefault(place.name_zh, name.strip())
                if poi is not None and poi not in draft.place_attractions:
                    draft.place_attractions.append(poi)
                    draft.place_said.setdefault(poi, name.strip())
    if days is not None:
        count = _whole(days)
        if count is not None:  # a number, in range or not: finalize says the valid range
            draft.days, draft.days_approximate = count, False
            said_as_option(draft, "days", days)
        else:
            _set(draft, "days", find_days(normalize(str(days))).days, days)
    if date is not None:
        start = date if isinstance(date, dt.date) else _iso_date(date)
        if start is None:
            start = find_dates(normalize(str(date)), today).start
        _set(draft, "date", start, date, attr="start_date")  # (finalize checks the range)
    if people is not None:
        _set(draft, "people", _people_option(people), people, attr="party")
    if budget is not None:
        whole = _whole(budget, digits=12)
        if whole is not None:  # a number, in range or not (1, -5): finalize says the range
            draft.budget_cny = whole
            said_as_option(draft, "budget", budget)
        else:
            amount = find_budget(normalize(f"预算{budget}"))  # 5k, 1.5万 (a budget by its place)
            _set(draft, "budget", None if amount is None else round(amount.amount), budget,
                 attr="budget_cny")  # fmt: skip
    if pace is not None:
        _set(draft, "pace", _pace_option(pace), pace)
    return finalize(draft, kb)


def _place_option(gaz: Gazetteer, name: str, draft: RequestDraft, option: str) -> PlaceMatch | None:
    place = gaz.resolve(name)
    if place is None and option == "destination":
        draft.unknown_places.append(name)
    elif place is None:
        draft.bad_options.append(("from", name))
    return place


def _set(
    draft: RequestDraft, option: str, value: object, raw: object, *, attr: str | None = None
) -> None:
    """Set the draft's `attr` (default: `option`), or record `option` (the CLI's name:
    ``days``, ``date``, ``people``, ``budget``, ``pace``) as not understood."""
    if value is None:
        draft.bad_options.append((option, str(raw)))
    else:
        setattr(draft, attr or option, value)
        said_as_option(draft, option, raw)


#: Option → the kind of wish it states.
_KINDS: dict[str, WishKind] = {
    "days": "days", "date": "date", "people": "party", "budget": "budget", "pace": "pace",
}  # fmt: skip


def said_as_option(draft: RequestDraft, option: str, raw: object) -> None:
    """Record an option as the wish it states (its words: the value given), replacing what the
    text said of the same kind (``--people 3`` over 「我们两个人」)."""
    kind = _KINDS[option]
    words = raw.value if isinstance(raw, Pace) else str(raw)
    if isinstance(raw, Party):
        words = f"{raw.adults}+{raw.children}+{raw.seniors}"
    words = _option_words(option, words.strip(), draft.lang != "en")
    draft.found = [f for f in draft.found if f.kind != kind]
    draft.found.append(Found(kind, "", words, (0, 0)))
    if kind == "pace" and isinstance(draft.pace, Pace):
        draft.found[-1] = Found(kind, draft.pace.value, words, (0, 0))


#: A bare option value said back as a phrase: ``--days 4`` is 「4天」 / "4 days".
_PHRASES = {
    "days": ("{}天", "{} days"),
    "people": ("{}人", "{} people"),
    "budget": ("预算{}元", "budget {} CNY"),
}
_PACE_WORDS = {"relaxed": ("轻松", "relaxed pace"), "normal": ("正常节奏", "normal pace"),
               "packed": ("紧凑", "packed pace")}  # fmt: skip


def _option_words(option: str, words: str, zh: bool) -> str:
    """An option's value as the wish's words: a bare number gets its unit (「4天」, 「3人」,
    「预算6000元」), a pace its word (「轻松」); words the person typed stay as typed."""
    if option == "pace" and words.lower() in _PACE_WORDS:
        return _PACE_WORDS[words.lower()][0 if zh else 1]
    if option in _PHRASES and re.fullmatch(r"\d+", normalize(words)):
        return _PHRASES[option][0 if zh else 1].format(normalize(words))
    return words


def _whole(value: int | str, digits: int = 24) -> int | None:
    """`value` as a whole number (``3``, ``"-3"``, ``" 12 "``, ``"99999999999999999999"``), or
    None when it is words (or more than `digits` digits)."""
    if isinstance(value, int):
        return value
    text = normalize(str(value)).strip().replace("−", "-")
    return int(text) if re.fullmatch(rf"[-+]?\d{{1,{digits}}}", text) else None


def _iso_date(value: str) -> dt.date | None:
    """``YYYY-MM-DD`` as a date, whatever the year (finalize checks the range), or None."""
    try:
        return dt.date.fromisoformat(normalize(value).strip())
    except ValueError:
        return None


def _people_option(people: int | str | Party) -> tuple[int, int, int] | None:
    if isinstance(people, Party):
        return people.adults, people.children, people.seniors
    count = _whole(people)
    if count is not None:  # 0 or -2 too: finalize says the valid range
        return count, 0, 0
    found = find_party(normalize(str(people)))
    return resolve_party(found) if found.spans else None


def _pace_option(pace: Pace | str) -> Pace | None:
    if isinstance(pace, Pace):
        return pace
    try:
        return Pace(str(pace).strip().lower())
    except ValueError:
        return find_prefs(normalize(str(pace))).pace
