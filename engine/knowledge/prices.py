"""Ticket prices on a date, for a party: seasons and concessions (`schema.SeasonPrice`,
`schema.Concession`).

A visit costs, for each person, the adult price on that date (`adult_price`) reduced by the
first concession they qualify for. Children whose age is unknown are taken as 6–11 (a height
rule of 1.2–1.4 m is not assumed met; a rule "under 6" is not assumed either); seniors whose age
is unknown are taken as 60–64 (so a 60+ rule applies, a 65+ or 70+ rule does not).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from engine.domain.request import Party
from engine.knowledge.schema import Attraction, Concession

#: Assumed ages when not said (see the module docstring).
DEFAULT_CHILD_AGE = 8
DEFAULT_SENIOR_AGE = 62


def _month_day(date: dt.date) -> str:
    return f"{date.month:02d}-{date.day:02d}"


def in_period(date: dt.date, start: str, end: str) -> bool:
    """Whether `date` lies in the yearly period `start`..`end` ("MM-DD", inclusive; a period
    with `start` > `end` wraps the new year)."""
    md = _month_day(date)
    if start <= end:
        return start <= md <= end
    return md >= start or md <= end


def adult_price(attraction: Attraction, date: dt.date) -> float:
    """The adult ticket on `date`, CNY: the season holding `date`, else `ticket_cny`."""
    for season in attraction.seasons:
        if in_period(date, season.start, season.end):
            return season.adult_cny
    return attraction.ticket_cny


def _qualifies(rule: Concession, who: str, age: int) -> bool:
    if rule.who != who:
        return False
    if rule.min_age is not None and age < rule.min_age:
        return False
    if rule.max_age is not None and age > rule.max_age:
        return False
    if rule.max_age is None and rule.min_age is None and rule.max_height_cm is not None:
        return who == "child" and age <= 5  # height-only rules: small children
    return True


def _fare(rule: Concession, adult: float) -> float:
    if rule.fare == "free":
        return 0.0
    if rule.fare == "half":
        return round(adult / 2, 1)
    return min(adult, rule.fare_cny if rule.fare_cny is not None else adult)


def person_price(attraction: Attraction, date: dt.date, who: str, age: int | None = None) -> float:
    """What one traveller (``adult``, ``child``, ``senior``) pays on `date`, CNY."""
    adult = adult_price(attraction, date)
    if who == "adult":
        return adult
    age = age if age is not None else (DEFAULT_CHILD_AGE if who == "child" else DEFAULT_SENIOR_AGE)
    fares = [_fare(rule, adult) for rule in attraction.concessions if _qualifies(rule, who, age)]
    return min(fares, default=adult)


@dataclass(frozen=True)
class PartyPrice:
    """A visit's tickets for a party on one date (CNY): `total`, and the adult price that day."""

    total: float
    adult: float


def party_price(attraction: Attraction, date: dt.date, party: Party) -> PartyPrice:
    """The tickets for `party` on `date` (CNY), concessions applied person by person."""
    adult = adult_price(attraction, date)
    total = adult * party.adults
    for i in range(party.children):
        age = party.child_ages[i] if i < len(party.child_ages) else None
        total += person_price(attraction, date, "child", age)
    for i in range(party.seniors):
        age = party.senior_ages[i] if i < len(party.senior_ages) else None
        total += person_price(attraction, date, "senior", age)
    if party.adults + party.children + party.seniors == 0:
        total = adult
    return PartyPrice(round(total, 1), adult)
