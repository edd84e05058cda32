"""The guide's 「门票与预约」 section: for each planned sight, the ticket on the day of the visit
(and its season; for a sight inside a paid park, the park's ticket and where it is bought,
`engine.planning.park_tickets`), the concessions that apply to the party, how and how early to
book, and a warning for each visit that falls within its booking lead time counted from the
plan's day."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.prices import DEFAULT_CHILD_AGE, DEFAULT_SENIOR_AGE, fare_on, single_view
from engine.knowledge.schema import Attraction
from engine.knowledge.ticket_words import (
    concessions_text,
    lead_warning,
    reservation_text,
    shuttle_text,
    ticket_name,
    ticket_text,
)
from engine.planning import park_tickets
from engine.planning.access import area_at


def plan_day(it: Itinerary) -> dt.date:
    """The day the plan was made (local date of `created_at`): booking lead times count from it."""
    return it.created_at.astimezone().date()


def _party_line(it: Itinerary, zh: bool) -> str:
    party = it.request.party
    if not (party.children or party.seniors):
        return ""
    unsaid = []
    if party.children > len(party.child_ages):
        unsaid.append(f"儿童按{DEFAULT_CHILD_AGE}岁" if zh else f"children as {DEFAULT_CHILD_AGE}")
    if party.seniors > len(party.senior_ages):
        unsaid.append(f"老人按{DEFAULT_SENIOR_AGE}岁" if zh else f"seniors as {DEFAULT_SENIOR_AGE}")
    assumed = ("（未说年龄的" + "、".join(unsaid) + "估算）") if zh and unsaid else ""
    if not zh and unsaid:
        assumed = " (ages not given: " + ", ".join(unsaid) + ")"
    return (
        f"费用按游览当天的票价和适用的优惠逐人计算{assumed}；优惠凭证件，以景区当天规定为准。\n\n"
        if zh
        else f"Costs use each day's price and the concessions that apply, person by person"
        f"{assumed}; concessions need ID, and each sight's rules on the day prevail.\n\n"
    )


def tickets_section(it: Itinerary, kb: KnowledgeBase, zh: bool) -> str:
    """The section's Markdown: a table (sight, ticket that day, booking) and booking warnings."""
    lang = it.lang
    lines = ["\n## " + ("门票与预约" if zh else "Tickets and reservations") + "\n\n"]
    lines.append(_party_line(it, zh))
    lines.append(
        "| 景点 | 门票 | 预约 |\n|---|---|---|\n"
        if zh
        else "| Sight | Ticket | Booking |\n|---|---|---|\n"
    )
    warnings = []
    today = plan_day(it)
    planned = list(park_tickets.visits(it, kb))
    alone = park_tickets.singles(planned, it.request.party)
    for visit, buys in zip(planned, park_tickets.purchases(planned), strict=True):
        a, date = visit.place, visit.day.date
        price = _entry(visit, buys, it, zh, single=visit.holder.id in alone)
        note = _note(a, date, kb, zh)
        if note and price in ("免费", "free entry"):
            price = note  # a free place's note says what is free and what is not
        elif note:
            price += f"（{note}）" if zh else f" ({note})"
        booking = reservation_text(a, lang)
        if not booking and visit.park is not None and buys:  # the park's ticket is bought here
            booking = reservation_text(visit.park, lang)
        booking = booking or ("无需" if zh else "not needed")
        lines.append(f"| {a.name(lang)} | {_cell(price)} | {_cell(booking)} |\n")
        booked = (a, visit.park) if visit.park is not None and buys else (a,)
        warnings += [f"- ⚠️ {w}\n" for p in booked if (w := lead_warning(p, date, today, lang))]
    if warnings:
        lines.append("\n")
        lines += warnings
    return "".join(lines)


def _price(a: Attraction, date: dt.date, it: Itinerary, zh: bool) -> str:
    """`a`'s ticket on `date` (the day said when it has seasons), its compulsory shuttle and
    the concessions that apply to the party."""
    price = ticket_text(a, date, it.lang)
    if a.seasons:  # the price depends on the day: say which day it is for
        price = (f"{date.month}月{date.day}日：" if zh else f"{date:%d %b}: ") + price
    if bus := shuttle_text(a, date, it.lang, it.request.party):
        price += ("；" if zh else "; ") + bus
    if concessions := concessions_text(a, it.request.party, it.lang):
        price += ("；" if zh else "; ") + concessions
    return price


def _entry(
    visit: park_tickets.Visit, buys: bool, it: Itinerary, zh: bool, *, single: bool = False
) -> str:
    """How the visit gets in: its ticket; for a sight inside a park (or the park's record when
    an earlier visit bought the ticket) the park's ticket, bought here or earlier on the trip
    (`park_tickets.purchases`), and what the sight charges on top; with `single`
    (`park_tickets.singles`) the site's own ticket instead of the pass."""
    a, date, park = visit.place, visit.day.date, visit.park
    alone = single_view(a, park) if single else None
    if alone is not None:
        pass_name = ticket_name(visit.holder, it.lang)
        price = _price(alone, date, it, zh)
        return (f"单买门票：{price}（比{pass_name}省）" if zh
                else f"a single ticket: {price} (cheaper than the {pass_name})")  # fmt: skip
    if park is None and buys:
        return _price(a, date, it, zh)
    name = ticket_name(visit.holder, it.lang)
    if buys:
        entry = (f"凭{name}，在此购票：" if zh else f"on the {name}, bought here: ") + _price(
            visit.holder, date, it, zh
        )
    else:
        entry = f"凭{name}（本行程已购）" if zh else f"on the {name} (bought earlier on this trip)"
    if park is not None and (a.ticket_cny or a.seasons):
        entry += ("；另收" if zh else "; plus ") + _price(a, date, it, zh)
    return entry


#: What a ticket note's clause about the inside transport the plan counts starts with.
_COUNTED = ("行程按", "The plan counts")


def _note(a: Attraction, date: dt.date, kb: KnowledgeBase, zh: bool) -> str:
    """`a`'s ticket note; for a sight reached by a crossing charged as legs (`AccessArea`: a
    summit by cable car, an island by ferry) the note's own count of the rides up and down is
    replaced by the crossing's one-way fare on `date`, the one the day's legs charge."""
    note = a.ticket_note_zh if zh else a.ticket_note_en
    dest = kb.destination_of(a.id)
    area = area_at(dest, (a.lat, a.lon)) if dest is not None else None
    if not note or area is None or area.way == "scenic_bus":
        return note
    parts = re.split(r"(?<=[。；])" if zh else r"(?<=\.) ", note)
    kept = [p for p in parts if not p.lstrip("；").startswith(_COUNTED)]
    if len(kept) == len(parts):
        return note
    fare = fare_on(area, date)
    ride = area.ride_zh if zh else area.ride_en
    said = (
        f"行程按每天的路线计入{ride}：单程约{fare:.0f}元/人"
        if zh
        else f"The plan charges {ride} on each day's route: about {fare:.0f} CNY one way per person."
    )
    return ("" if zh else " ").join(kept).rstrip("；") + ("" if zh else " ") + said


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "/").replace("\n", " ")
