"""What a visit or a meal costs the party on its date, CNY: tickets, inside transport, a meal
inside a park (lunch, or dinner in a long visit after dark)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind, clock_minutes
from engine.domain.request import Party
from engine.knowledge.prices import fare_for_party, visit_tickets
from engine.knowledge.schema import Attraction, Restaurant

#: What dinner inside a park or water town costs a head when the record says nothing (CNY,
#: an estimate: a meal at a food hall or an inn there).
DINNER_INSIDE_CNY = 60.0


#: A visit with lunch inside that is still going over this dinner hour (minutes after midnight)
#: takes dinner inside too (上海迪士尼 08:30–19:30: the park's restaurants, not 「自备干粮」).
DINNER_HOUR = (17 * 60 + 30, 19 * 60)


def lunch_and_dinner_inside(meal: str | None, start: int, end: int) -> bool:
    """Whether a visit from `start` to `end` (minutes after midnight) whose `meal` is its lunch
    inside (``lunch``) covers the day's dinner as well (`DINNER_HOUR`)."""
    return meal == "lunch" and start <= DINNER_HOUR[0] and end >= DINNER_HOUR[1]


def dinner_inside(item: Item) -> bool:
    """Whether `item` is a visit whose dinner is eaten inside: a long visit after dark
    (``meal == "dinner"``) or one with lunch inside still going at dinner
    (`lunch_and_dinner_inside`)."""
    if item.kind != ItemKind.ATTRACTION:
        return False
    start, end = clock_minutes(item.start), clock_minutes(item.end)
    return item.meal == "dinner" or lunch_and_dinner_inside(item.meal, start, end)


def visit_cost(
    place: Attraction | Restaurant,
    party: Party,
    date: dt.date,
    *,
    lunch_inside: bool,
    inside_share: float = 1.0,
    park: Attraction | None = None,
    buys: bool = True,
    dinner_inside: bool = False,
) -> float:
    """Cost for `party` on `date`, CNY: the tickets that day, concessions applied person by
    person (`prices.visit_tickets`: the park's ticket for a sight inside `park`, when the visit
    `buys` it — `engine.planning.park_tickets` says which visit does), plus inside transport (its
    `inside_share`, `engine.planning.access.inside_share`) for the party (`prices.fare_for_party`
    at `Attraction.inside_concessions`) [and inside lunch, or dinner
    inside a long visit after dark: `meal_inside_cny`, else `DINNER_INSIDE_CNY`] × the party's
    diners (`Party.diners`: a baby under two orders no meal); for restaurants, price per person
    × the diners."""
    if isinstance(place, Restaurant):
        return round(place.price_per_person_cny * party.diners, 2)
    rides = fare_for_party(place.transport_inside_cny, place.inside_concessions, party)
    rides *= inside_share
    lunch = place.meal_inside_cny * party.diners if lunch_inside and place.meal_inside_cny else 0.0
    if dinner_inside:
        lunch += (place.meal_inside_cny or DINNER_INSIDE_CNY) * party.diners
    tickets = visit_tickets(place, park, date, party, buys=buys)
    return round(tickets + rides + lunch, 2)


def meals_inside(item: Item, place: Attraction, party: Party) -> float:
    """The part of visit `item`'s `cost_cny` that is meals eaten inside `place` (lunch when the
    item is the day's lunch, dinner when `dinner_inside`), CNY for the party: not a ticket —
    leaving the visit out for the budget does not save it (the meal is eaten elsewhere), and
    夫子庙's free streets were left out as 「门票60元」, a dinner there."""
    inside = place.meal_inside_cny
    lunch = inside * party.diners if item.meal == "lunch" and inside else 0.0
    if dinner_inside(item):
        lunch += (place.meal_inside_cny or DINNER_INSIDE_CNY) * party.diners
    return lunch
