"""parse_request / parse_form: free text (zh/en) and form options → a TripRequest or problems."""

from __future__ import annotations

import datetime as dt
import re

from pydantic import ValidationError

from engine.domain.request import (
    MAX_DAYS,
    MAX_PEOPLE,
    MIN_DAYS,
    Avoid,
    Pace,
    Party,
    TripRequest,
)
from engine.i18n import text_lang
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch, gazetteer_for
from engine.understanding.dates import find_dates
from engine.understanding.days import find_days
from engine.understanding.money import find_budget
from engine.understanding.party import find_party, resolve_party
from engine.understanding.places import find_places, place_wishes
from engine.understanding.prefs import find_prefs
from engine.understanding.region_trips import expand
from engine.understanding.result import ParseProblem, ParseResult, RequestDraft
from engine.understanding.text import blank, mask, normalize

#: Trip length used when the text gives none (recorded in `ParseResult.defaulted`).
DEFAULT_DAYS = 2
_MAX_TEXT = 2000
#: Words saying a day count is the whole trip's (then per-place counts are not added up).
_TOTAL = re.compile(
    r"一共|总共|共计|合计|总计|其中|\b(?:in total|total|altogether|overall|of which)\b", re.I
)


def parse_request(
    text: str, kb: KnowledgeBase | None, *, today: dt.date | None = None
) -> ParseResult:
    """Understand a free-text request in Chinese or English.

    Args:
        text: e.g. 「上海出发去黄山玩两天」 or "3 days in Hangzhou from Shanghai, relaxed pace".
        kb: the knowledge base whose destinations can be planned (None: places resolve, but
            every destination is reported as uncovered).
        today: reference for relative dates (明天, 下周六, 国庆); default the local date.

    Returns:
        A `ParseResult` with the request, or with problems and a friendly `message()`.
        Never raises for any text.
    """
    draft = understand(text, gazetteer_for(kb), today or dt.date.today())
    return finalize(draft, kb)


def understand(text: str, gaz: Gazetteer, today: dt.date) -> RequestDraft:
    """Everything the text says, as a draft (no validation)."""
    raw = text or ""
    text = normalize(raw)[:_MAX_TEXT]
    draft = RequestDraft(text=raw, lang=text_lang(text))
    dates = find_dates(text, today)
    draft.start_date, draft.end_date, draft.invalid_date = dates.start, dates.end, dates.invalid
    work = mask(text, dates.spans)
    budget = find_budget(work)
    if budget is not None:
        work = mask(work, [budget.span])
    party = find_party(work)
    work = mask(work, party.spans)
    days = find_days(work)
    work = mask(work, days.spans)
    prefs = find_prefs(blank(text, [*dates.spans, *([budget.span] if budget else [])]))
    places = find_places(work, gaz, draft.lang)
    draft.place_attractions, draft.place_said = places.attractions, places.said
    draft.place_named = places.named
    draft.notes.extend(places.choices)
    draft.departure, draft.destinations, draft.unknown_places = (
        places.departure,
        places.destinations,
        places.unknown,
    )
    draft.days, draft.days_approximate = days.days, days.approximate
    if 2 <= len(days.counts) <= len(places.destinations) and not _TOTAL.search(text):
        draft.days = sum(days.counts)  # 苏州玩2天再去杭州玩3天, "2 days in A and then 3 in B"
    if draft.days is None and dates.end is not None and dates.start is not None:
        draft.days = (dates.end - dates.start).days + 1
    if draft.days is None and dates.days_hint is not None:
        draft.days = dates.days_hint
    if party.found:
        draft.party = resolve_party(party)
    if budget is not None:
        size = sum(draft.party or (1, 0, 0)) if budget.per_person else 1
        length = (draft.days or DEFAULT_DAYS) if budget.per_day else 1
        draft.budget_cny = round(budget.amount * size * length)
    draft.pace = prefs.pace
    draft.interests, draft.avoid_tags = prefs.interests, prefs.avoid_tags
    draft.avoid_cuisines, draft.avoid_transport = prefs.avoid_cuisines, prefs.avoid_transport
    draft.must_see, draft.avoid_places = prefs.must_see, prefs.avoid_places
    return draft


def finalize(draft: RequestDraft, kb: KnowledgeBase | None) -> ParseResult:
    """Validate a draft: problems, defaults, attraction ids; the request when all is well."""
    gaz = gazetteer_for(kb)
    problems: list[ParseProblem] = []
    defaulted: set[str] = set()
    _route_regions(draft, gaz)
    for option, value in draft.bad_options:
        problems.append(ParseProblem("bad_option", name=option, value=value))
    if not draft.destinations:
        if draft.unknown_places:
            name = draft.unknown_places[0]
            problems.append(
                ParseProblem(
                    "unknown_place", name=name, suggestions=tuple(gaz.suggest(name, limit=3))
                )
            )
        else:
            problems.append(ParseProblem("no_destination"))
    uncovered = [place for place in draft.destinations if not place.covered]
    if uncovered:  # one problem for all: 我们还没有大理、丽江的景点数据…
        names = ("、" if draft.lang == "zh" else ", ").join(p.label(draft.lang) for p in uncovered)
        nearby = tuple(gaz.nearest_covered(uncovered[0], limit=3))
        problems.append(ParseProblem("uncovered_place", name=names, nearby=nearby))
    days = draft.days
    if days is None or draft.days_approximate:
        days = days or DEFAULT_DAYS
        defaulted.add("days")
    if not MIN_DAYS <= days <= MAX_DAYS:
        problems.append(ParseProblem("bad_days", value=days, valid_range=(MIN_DAYS, MAX_DAYS)))
    adults, children, seniors = draft.party or (1, 0, 0)
    if draft.party is None:
        defaulted.add("party")
    if max(adults, children, seniors) > MAX_PEOPLE or adults + children + seniors < 1:
        problems.append(
            ParseProblem(
                "bad_people", value=adults + children + seniors, valid_range=(1, MAX_PEOPLE)
            )
        )
    if draft.invalid_date is not None:
        problems.append(ParseProblem("bad_date", name=draft.invalid_date))
    if draft.start_date is None:
        defaulted.add("start_date")
    dest_ids = tuple(
        dict.fromkeys(p.destination_id for p in draft.destinations if p.destination_id)
    )
    dest_days = (
        tuple(draft.destination_days)
        if len(draft.destination_days) == len(dest_ids) == len(draft.destinations)
        and sum(draft.destination_days) == days
        else ()
    )
    must_see = list(draft.place_attractions)
    unmatched: list[str] = []
    for name in draft.must_see:
        hit = gaz.find_attraction(name, dest_ids or None)
        if hit is not None and hit.poi_id:
            must_see.append(hit.poi_id)
        else:
            unmatched.append(name)
    avoid_places = [
        hit.poi_id
        for name in draft.avoid_places
        if (hit := gaz.find_attraction(name, dest_ids or None)) and hit.poi_id
    ]
    request = None
    if not problems:
        try:
            request = TripRequest(
                departure=_departure_value(draft.departure),
                destinations=dest_ids,
                days=days,
                start_date=draft.start_date,
                party=Party(adults=adults, children=children, seniors=seniors),
                budget_cny=draft.budget_cny,
                pace=draft.pace or Pace.NORMAL,
                interests=tuple(draft.interests),
                avoid=Avoid(
                    cuisines=tuple(draft.avoid_cuisines),
                    transport=tuple(draft.avoid_transport),
                    tags=tuple(draft.avoid_tags),
                    places=tuple(dict.fromkeys(avoid_places)),
                ),
                must_see=tuple(dict.fromkeys(p for p in must_see if p not in avoid_places)),
                destination_days=dest_days,
                wishes=tuple(place_wishes(draft, avoid_places)),
                lang=draft.lang,
                text=draft.text or None,
            )
        except ValidationError:  # a value outside the model's bounds that no check above caught
            problems.append(ParseProblem("bad_option", name="request", value=draft.text[:40]))
    return ParseResult(
        request=request,
        problems=tuple(problems),
        draft=draft,
        departure=draft.departure,
        destinations=tuple(draft.destinations),
        defaulted=frozenset(defaulted),
        unmatched_must_see=tuple(unmatched),
        lang=draft.lang,
    )


def _route_regions(draft: RequestDraft, gaz: Gazetteer) -> None:
    """Regions become routes once the days and the departure are final (云南7天 → 昆明 → 大理 →
    丽江); a region named without days gets a route's length, marked approximate."""
    vague = draft.days is None or draft.days_approximate
    routed = expand(
        draft.destinations, draft.place_named, None if vague else draft.days, draft.departure, gaz
    )
    if routed.routes:
        draft.destinations, draft.destination_days = routed.destinations, routed.days
        draft.place_routes = routed.routes
        draft.notes.extend(routed.routes)
        if vague:
            draft.days, draft.days_approximate = routed.trip_days, True


def _departure_value(place: PlaceMatch | None) -> str | None:
    if place is None:
        return None
    return place.destination_id if place.destination_id and place.poi_id is None else place.name_zh
