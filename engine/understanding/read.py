"""read_request: the one way into request understanding — free text, form fields or both —
used by the command line, the desktop app and the agent (new requests and follow-ups that name
another trip)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.domain.request import Lang, Pace, Party, Wish
from engine.knowledge.base import KnowledgeBase
from engine.understanding.form import parse_form
from engine.understanding.parser import parse_request
from engine.understanding.result import ParseResult


@dataclass(frozen=True)
class RequestOptions:
    """Form fields or command-line options; each given one overrides what the text says.

    Attributes:
        departure, destination: place names (``destination`` may list several: "杭州,苏州").
        days, date, people, budget, pace: as `parse_form` reads them (numbers or words:
            ``days="两天"``, ``date="下周六"``, ``people="2大1小"``, ``budget="5k"``).
        lang: the answer's language when the text does not tell it.
        interests: attraction tags picked in a form (knowledge ``ATTRACTION_TAGS``).
    """

    departure: str | None = None
    destination: str | Sequence[str] | None = None
    days: int | str | None = None
    date: dt.date | str | None = None
    people: int | str | Party | None = None
    budget: int | str | None = None
    pace: Pace | str | None = None
    lang: Lang | None = None
    interests: tuple[str, ...] = ()


def read_request(
    text: str | None,
    kb: KnowledgeBase | None,
    *,
    today: dt.date | None = None,
    options: RequestOptions | None = None,
) -> ParseResult:
    """Understand a request: `text` (zh or en) and, when given, `options` over it.

    Every wish recognised lands in the request's typed fields and in `TripRequest.wishes` with
    the person's words; phrases that look like wishes but were not understood are in
    `TripRequest.unrecognized`.

    Returns:
        A `ParseResult`: the request, or problems with a friendly `message()`. Never raises.
    """
    if options is None:
        return parse_request(text or "", kb, today=today)
    result = parse_form(
        kb,
        text=text or None,
        departure=options.departure,
        destination=options.destination,
        days=options.days,
        date=options.date,
        people=options.people,
        budget=options.budget,
        pace=options.pace,
        lang=options.lang,
        today=today,
    )
    if result.request is None or not options.interests:
        return result
    request = result.request
    picked = [Wish(kind="interest", value=tag, said=tag) for tag in options.interests]
    request = request.model_copy(
        update={
            "interests": tuple(dict.fromkeys((*request.interests, *options.interests))),
            "wishes": (*request.wishes, *(w for w in picked if w not in request.wishes)),
        }
    )
    return replace(result, request=request)
