"""The model-written guide: a prompt grounded in the plan and knowledge-base facts, and the
checks its text must pass before it is kept.

The prompt hands the model the schedule (times, places, costs) and, per place, the facts the
knowledge base holds (opening hours, tickets, reservations, dishes, descriptions, notes), cut to
the model's context. The model writes the narrative; the offline guide (the checked schedule and
practical facts) is appended after it, so every time and price a reader sees is one the solver
and the knowledge base vouch for.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Iterator
from typing import Any

from rapidfuzz import fuzz

from engine.domain.itinerary import Item, ItemKind, Itinerary, time_span
from engine.domain.request import Party
from engine.knowledge.hours import part_closures_on
from engine.knowledge.periods import period_text
from engine.knowledge.prices import adult_price, season_on
from engine.knowledge.schema import Attraction, Restaurant
from engine.knowledge.ticket_words import (
    closure_text,
    concessions_text,
    reservation_text,
    shuttle_text,
    ticket_name,
)
from engine.providers.usage import estimate_tokens

#: Shortest acceptable guide (characters; Chinese text is denser).
MIN_CHARS = {"zh": 60, "en": 160}
#: Below this zlib ratio (compressed / raw bytes) a long text is repeating itself.
REPETITIVE_RATIO = 0.22
#: Check for repetition every this many characters while streaming (and stop early).
CHECK_EVERY = 300
REPETITION_MIN_BYTES = 400
SEPARATOR = "\n\n---\n\n"
#: Below this share of distinct four-character runs, a text is looping.
DISTINCT_RUNS = 0.5
#: A line at least this long that matches the facts this well (rapidfuzz partial ratio) was
#: copied from the prompt.
COPY_MIN_CHARS = 8
COPY_SCORE = 90

SYSTEM = {
    "zh": (
        "你是旅行攻略作者。根据用户给出的行程和事实，用中文 Markdown 写一份攻略：概览、每天的游玩"
        "建议、美食、实用提示。只写给出的地点、时间和价格，不要编造其他地点。行程表和门票表会附在"
        "你的攻略后面，不必逐条重复。"
    ),
    "en": (
        "You write travel guides. From the itinerary and facts the user gives, write a guide in "
        "English Markdown: overview, advice for each day, food, practical tips. Name only the "
        "places, times and prices given; never invent another place. The schedule and ticket "
        "table are appended after your guide, so do not repeat them line by line."
    ),
}


def messages(itinerary: Itinerary, kb: object, budget_tokens: int) -> list[dict[str, str]]:
    """The chat messages asking for the guide; the facts fill at most `budget_tokens`
    (estimated), schedule first, then place facts, then destination notes."""
    lang = itinerary.lang
    used = estimate_tokens(SYSTEM[lang])
    lines: list[str] = []
    for line in _facts(itinerary, kb):
        cost = estimate_tokens(line) + 1
        if used + cost > budget_tokens:
            break
        lines.append(line)
        used += cost
    return [
        {"role": "system", "content": SYSTEM[lang]},
        {"role": "user", "content": "\n".join(lines)},
    ]


def repetitive(text: str) -> bool:
    """Whether `text` (long enough to tell) mostly repeats itself, as small models do when they
    loop: it compresses too well, most of its lines are copies, or few of its four-character
    runs are new (prose has over 90 % distinct ones)."""
    raw = text.encode("utf-8")
    if len(raw) >= REPETITION_MIN_BYTES and len(zlib.compress(raw)) / len(raw) < REPETITIVE_RATIO:
        return True
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) >= 6 and len(set(lines)) / len(lines) < 0.5:
        return True
    dense = "".join(text.split())
    grams = [dense[i : i + 4] for i in range(len(dense) - 3)]
    return len(grams) >= 40 and len(set(grams)) / len(grams) < DISTINCT_RUNS


def problem(text: str, itinerary: Itinerary, kb: object, facts: str = "") -> str | None:
    """Why the model's guide cannot be kept, or None: ``empty``, ``copied`` (mostly lines of
    the prompt's `facts`), ``short``, ``language``, ``repetitive``, ``off_topic`` (it names none
    of the planned attractions). Lines copied from `facts` do not count as the model's own."""
    body = text.strip()
    lang = itinerary.lang
    if not body:
        return "empty"
    own = "\n".join(
        line for line in body.splitlines() if not _copied(line, facts)
    ).strip() if facts else body  # fmt: skip
    if len(own) < len(body) / 2:
        return "copied"
    body = own
    if len(body) < MIN_CHARS[lang]:
        return "short"
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in body)
    latin = sum(ch.isascii() and ch.isalpha() for ch in body)
    share = cjk / max(1, cjk + latin / 4)  # four Latin letters weigh about one character
    if (lang == "zh" and share < 0.5) or (lang == "en" and share > 0.2):
        return "language"
    if repetitive(body):
        return "repetitive"
    names = _sight_names(itinerary, kb)
    if not names:  # nothing to visit (a travel day): the destination will do
        destinations = getattr(kb, "destinations", {})
        for dest_id in itinerary.request.destinations:
            if dest_id in destinations:
                names |= {destinations[dest_id].name_zh, destinations[dest_id].name_en}
    if names and not any(n and n.lower() in body.lower() for n in names):
        return "off_topic"
    return None


def _copied(line: str, facts: str) -> bool:
    """Whether `line` (a few characters at least) is, give or take a word, a line of `facts`."""
    line = line.strip(" -*#>\t")
    return len(line) >= COPY_MIN_CHARS and fuzz.partial_ratio(line, facts) >= COPY_SCORE


def _sight_names(itinerary: Itinerary, kb: object) -> set[str]:
    """The planned attractions' names: as planned, and the knowledge base's names and aliases."""
    names: set[str] = set()
    finder = getattr(kb, "place", None)
    for item in (i for d in itinerary.days for i in d.items if i.kind == ItemKind.ATTRACTION):
        names.add(item.name)
        place = finder(item.poi_id) if callable(finder) and item.poi_id else None
        if place is not None:
            names |= {place.name_zh, place.name_en, *place.aliases}
    return {n for n in names if n}


# -- facts --------------------------------------------------------------------------------------


def _facts(itinerary: Itinerary, kb: object) -> Iterator[str]:
    zh = itinerary.lang == "zh"
    r = itinerary.request
    first, last = itinerary.days[0].date, itinerary.days[-1].date
    yield (
        f"行程：{itinerary.title}；{first}至{last}，{len(itinerary.days)}天；{r.party.size}人；"
        f"节奏{r.pace.value}；预计总花费约{itinerary.total_cost_cny:.0f}元"
        if zh
        else f"Trip: {itinerary.title}; {first} to {last}, {len(itinerary.days)} days; "
        f"{r.party.size} people; pace {r.pace.value}; about {itinerary.total_cost_cny:.0f} CNY"
    )
    for day in itinerary.days:
        yield f"第{day.index}天（{day.date}）：" if zh else f"Day {day.index} ({day.date}):"
        for item in day.items:
            yield _item(item, zh, time_span(item, itinerary.lang, itinerary.day_after(day)))
    yield "事实：" if zh else "Facts:"
    seen: set[str] = set()
    for day, item in ((d, i) for d in itinerary.days for i in d.items):
        place = _place(kb, item)
        if place is not None and place.id not in seen:
            seen.add(place.id)
            yield _place_facts(place, zh, day.date, r.party, park=_park(kb, place))
    destinations = getattr(kb, "destinations", {})
    for dest_id in r.destinations:
        dest = destinations.get(dest_id)
        if dest is not None:
            for note in dest.notes:
                yield f"- {note.zh if zh else note.en}"


def _item(item: Item, zh: bool, when: str) -> str:
    kind = {
        ItemKind.INTERCITY: ("城际", "intercity"), ItemKind.TRANSIT: ("交通", "transit"),
        ItemKind.ATTRACTION: ("游览", "visit"), ItemKind.MEAL: ("用餐", "meal"),
        ItemKind.LODGING: ("住宿", "stay"), ItemKind.FREE: ("自由活动", "free time"),
    }[item.kind][0 if zh else 1]  # fmt: skip
    cost = f"，¥{item.cost_cny:.0f}" if item.cost_cny else ""
    return f"- {when} {kind} {item.name}{cost}"


def _place(kb: object, item: Item) -> Any:
    if item.kind not in (ItemKind.ATTRACTION, ItemKind.MEAL) or not item.poi_id:
        return None
    finder = getattr(kb, "place", None)
    return finder(item.poi_id) if callable(finder) else None


def _park(kb: object, place: Any) -> Attraction | None:
    """The park whose ticket a visit to `place` needs (`Attraction.inside`), if any."""
    finder = getattr(kb, "attraction", None)
    inside = getattr(place, "inside", None)
    return finder(inside) if callable(finder) and inside else None


def _place_facts(
    place: Any, zh: bool, date: dt.date, party: Party, park: Attraction | None = None
) -> str:
    """One place's facts on the day of its visit: hours, the ticket that day (its season; for
    a sight inside `park`, the park's ticket, bought once), the party's concessions, booking,
    closures of a part that day, the description."""
    name = getattr(place, "name_zh" if zh else "name_en", "")
    lang = "zh" if zh else "en"
    if isinstance(place, Attraction):
        price = adult_price(place, date)
        ticket = f"¥{price:.0f}" if price else ("免费" if zh else "free")
        if park is not None:
            entry, fare = ticket_name(park, lang), adult_price(park, date)
            ticket = (f"凭{entry}（¥{fare:.0f}，全程买一次）" if zh
                      else f"on the {entry} (¥{fare:.0f}, bought once for the trip)")  # fmt: skip
            if price:
                ticket += f"，另收¥{price:.0f}" if zh else f", plus ¥{price:.0f}"
        if bus := shuttle_text(park or place, date, lang, party):  # the park's compulsory bus
            ticket += f"；{bus}" if zh else f"; {bus}"
        season = season_on(place, date)
        if season is not None:  # the price depends on the day: say whose price it is
            label = (season.label_zh if zh else season.label_en) or ("当季" if zh else "season")
            period = period_text(season.start, season.end, lang)
            ticket += f"（{label}，{period}）" if zh else f" ({label}, {period})"
        parts = [f"开放{place.hours}" if zh else f"open {place.hours}",
                 f"门票{ticket}" if zh else f"ticket {ticket}",
                 concessions_text(place, party, lang)]  # fmt: skip
        parts.append(reservation_text(place, lang))
        parts += [closure_text(c, lang) for c in part_closures_on(place, date)]
        parts.append(place.description_zh if zh else place.description_en)
    elif isinstance(place, Restaurant):
        dishes = (
            "、".join(place.signature_dishes_zh) if zh else ", ".join(place.signature_dishes_en)
        )
        parts = [f"人均¥{place.price_per_person_cny:.0f}" if zh
                 else f"about ¥{place.price_per_person_cny:.0f} per person",
                 ("招牌：" if zh else "known for: ") + dishes]  # fmt: skip
    else:
        return f"- {name}"
    return (
        f"- {name}：" + "；".join(p for p in parts if p)
        if zh
        else f"- {name}: " + "; ".join(p for p in parts if p)
    )
