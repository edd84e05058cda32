"""Ticket prices on a date, for a party: seasons and concessions (`schema.SeasonPrice`,
`schema.Concession`).

A visit costs, for each person, the adult price on that date (`adult_price`) reduced by the
cheapest concession they qualify for (`person_price`), plus, with the ticket of a park that has
one, its compulsory shuttle (`party_shuttle_fare`: 九寨沟's 观光车, each person, at the bus's own
concessions). Fares of cable cars and of the crossings into access areas follow the date the
same way (`fare_on`, `car_price`). Every fare a party pays — a ticket, a park's bus, a cable car,
a ferry — is priced for the party in one place (`fare_for_party`): each adult the adult fare,
each child or senior the cheapest of that fare's own concessions they meet. Who qualifies:

- by age, when the rule gives ages (`min_age`..`max_age`, inclusive);
- by height, when the rule gives `max_height_cm`: a child is taken to be as tall as the median
  child of their age (`median_height_cm`); a rule with both an age and a height qualifies on
  either (「6岁以下或1.2米以下免票」).

Children whose age was not said are taken as `DEFAULT_CHILD_AGE` (8: a rule "under 6" or "under
1.2 m" is not assumed met, "6–18" and "under 1.4 m" are); seniors whose age was not said as
`DEFAULT_SENIOR_AGE` (62: a 60+ rule applies, a 65+ or 70+ rule does not). Students are not a
party category: their rules are shown (`applicable`), never costed. Costs therefore never
undercut what the party will pay at the gate.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from engine.domain.request import Party
from engine.knowledge.periods import in_period
from engine.knowledge.schema import (
    AccessArea,
    Attraction,
    Concession,
    Destination,
    Highlight,
    Restaurant,
    SeasonPrice,
    Shuttle,
)

__all__ = [
    "DEFAULT_CHILD_AGE",
    "DEFAULT_SENIOR_AGE",
    "PartyPrice",
    "adult_price",
    "applicable",
    "applicable_rules",
    "car_price",
    "entry_price",
    "fare_for_party",
    "fare_on",
    "in_period",
    "median_height_cm",
    "park_of",
    "party_price",
    "party_shuttle_fare",
    "person_price",
    "rules_used",
    "season_on",
    "seasonal",
    "shuttle_fare",
    "single_view",
    "visit_tickets",
]

#: Assumed ages when not said (see the module docstring).
DEFAULT_CHILD_AGE = 8
DEFAULT_SENIOR_AGE = 62

#: Median height (cm) at exact ages 0..18, boys and girls: the urban Shanghai age-for-height
#: reference (1999–2002 survey, LMS method; abstract "上海市区0~18岁男女年龄别身高及体重百分位及
#: Z分法参考值", soolun.net/periodical/2d23eb5e1a5035996c113033c5b01f25.html, read 2026-12-01).
#: Its values agree within 1 cm with the national under-7 standard (卫生部《中国7岁以下儿童
#: 生长发育参照标准》, 2009: boys 3 y 97.5, 4 y 104.1, 5 y 111.3 cm).
_BOYS_CM = (50.1, 77.2, 88.7, 96.6, 103.8, 110.9, 117.5, 123.5, 129.2, 134.7, 139.9, 145.5, 152.5,
            160.1, 166.4, 170.8, 173.2, 174.1, 174.2)  # fmt: skip
_GIRLS_CM = (49.8, 75.6, 87.4, 95.4, 102.6, 109.8, 116.6, 122.4, 128.1, 134.2, 140.4, 146.8, 153.1,
             157.6, 159.9, 161.3, 162.0, 162.1, 162.3)  # fmt: skip


def median_height_cm(age: int) -> float:
    """The median height of a child aged `age` (whole years, so half a year past the birthday),
    boys and girls averaged, cm (see `_BOYS_CM`); adults are taken as 18."""
    years = min(max(age, 0), 17) + 0.5
    low = int(years)

    def at(table: tuple[float, ...]) -> float:
        return table[low] + (table[low + 1] - table[low]) * (years - low)

    return round((at(_BOYS_CM) + at(_GIRLS_CM)) / 2, 1)


def _season(seasons: Sequence[SeasonPrice], date: dt.date) -> SeasonPrice | None:
    return next((s for s in seasons if in_period(date, s.start, s.end)), None)


def season_on(attraction: Attraction, date: dt.date) -> SeasonPrice | None:
    """The season holding `date`, or None (then `ticket_cny` applies)."""
    return _season(attraction.seasons, date)


def seasonal(base: float, seasons: Sequence[SeasonPrice], date: dt.date) -> float:
    """The price on `date`, CNY: that of the period of `seasons` holding it, else `base`."""
    season = _season(seasons, date)
    return season.adult_cny if season is not None else base


def adult_price(attraction: Attraction, date: dt.date) -> float:
    """The adult ticket on `date`, CNY: the season holding `date`, else `ticket_cny`."""
    return seasonal(attraction.ticket_cny, attraction.seasons, date)


def shuttle_fare(holder: Attraction, date: dt.date | None) -> float:
    """One person's compulsory shuttle with `holder`'s ticket on `date` (`Attraction.shuttle`),
    CNY; 0 when it has none. No date: the fare outside every season."""
    bus = holder.shuttle
    if bus is None:
        return 0.0
    return bus.fare_cny if date is None else seasonal(bus.fare_cny, bus.seasons, date)


def fare_on(area: AccessArea, date: dt.date | None) -> float:
    """One person's one-way crossing into or out of `area` on `date` (`AccessArea.fare_seasons`),
    CNY; no date: `fare_cny`."""
    return area.fare_cny if date is None else seasonal(area.fare_cny, area.fare_seasons, date)


def car_price(car: Highlight, date: dt.date | None) -> float:
    """A cable car's one-way price on `date` (`Highlight.price_seasons`), CNY; no date or no
    price: `price_cny` (0 when none)."""
    base = float(car.price_cny or 0)
    return base if date is None else seasonal(base, car.price_seasons, date)


def qualifies(rule: Concession, who: str, age: int) -> bool:
    """Whether a traveller (``child``, ``senior``, ``student``) of `age` meets `rule`."""
    if rule.who != who:
        return False
    has_age = rule.min_age is not None or rule.max_age is not None
    by_age = (
        has_age
        and (rule.min_age is None or age >= rule.min_age)
        and (rule.max_age is None or age <= rule.max_age)
    )
    by_height = rule.max_height_cm is not None and median_height_cm(age) <= rule.max_height_cm
    return by_age or by_height or (not has_age and rule.max_height_cm is None)


def _fare(rule: Concession, adult: float) -> float:
    if rule.fare == "free":
        return 0.0
    if rule.fare == "half":
        return round(adult / 2, 1)
    return min(adult, rule.fare_cny if rule.fare_cny is not None else adult)


def _age(who: str, age: int | None) -> int:
    if age is not None:
        return age
    return DEFAULT_CHILD_AGE if who == "child" else DEFAULT_SENIOR_AGE


def person_price(attraction: Attraction, date: dt.date, who: str, age: int | None = None) -> float:
    """What one traveller (``adult``, ``child``, ``senior``, ``student``) of `age` (years; None
    = the default for the category) pays on `date`, CNY."""
    adult = adult_price(attraction, date)
    if who == "adult":
        return adult
    years = _age(who, age)
    fares = [_fare(rule, adult) for rule in attraction.concessions if qualifies(rule, who, years)]
    return min(fares, default=adult)


def _travellers(party: Party) -> list[tuple[str, int | None]]:
    kids = [("child", party.child_ages[i] if i < len(party.child_ages) else None)
            for i in range(party.children)]  # fmt: skip
    old = [("senior", party.senior_ages[i] if i < len(party.senior_ages) else None)
           for i in range(party.seniors)]  # fmt: skip
    return kids + old


@dataclass(frozen=True)
class PartyPrice:
    """A visit's tickets for a party on one date.

    Attributes:
        total: CNY for the whole party.
        adult: the adult price that day, CNY.
        season: the season that day (None: `ticket_cny`, no season).
    """

    total: float
    adult: float
    season: SeasonPrice | None = None


def fare_for_party(adult: float, rules: Sequence[Concession], party: Party) -> float:
    """What `party` pays, CNY, for a fare (a ticket, a park's bus, a cable car, a ferry) whose
    adult price is `adult` CNY: each adult `adult`, each child or senior the cheapest of `rules`
    (that fare's own `Concession`s) they meet, else `adult` (ages not said: the defaults of the
    module docstring). A party of nobody is one adult."""
    if party.adults + party.children + party.seniors == 0:
        return adult
    total = adult * max(party.adults, 0)
    for who, age in _travellers(party):
        years = _age(who, age)
        total += min((_fare(r, adult) for r in rules if qualifies(r, who, years)), default=adult)
    return round(total, 1)


def party_shuttle_fare(holder: Attraction, date: dt.date | None, party: Party) -> float:
    """The compulsory shuttle with `holder`'s ticket on `date` for the whole `party`, CNY
    (`fare_for_party` at the bus's own `Shuttle.concessions`); 0 with no shuttle."""
    bus = holder.shuttle
    fare = shuttle_fare(holder, date)
    if bus is None or fare == 0:
        return 0.0
    return fare_for_party(fare, bus.concessions, party)


def party_price(attraction: Attraction, date: dt.date, party: Party) -> PartyPrice:
    """The tickets for `party` on `date` (CNY), concessions applied person by person
    (`fare_for_party`); a party of nobody counts as one adult."""
    adult = adult_price(attraction, date)
    total = fare_for_party(adult, attraction.concessions, party)
    return PartyPrice(total, adult, season_on(attraction, date))


def park_of(place: Attraction | Restaurant, destination: Destination | None) -> Attraction | None:
    """The park whose ticket a visit to `place` needs (`Attraction.inside`, or the regional pass
    it is on: `Attraction.on_pass`, looked up among `destination`'s attractions), or None."""
    holder = place.inside or place.on_pass if isinstance(place, Attraction) else None
    if holder is None or destination is None:
        return None
    return next((a for a in destination.attractions if a.id == holder), None)


def alone_cny(place: Attraction) -> float:
    """A visit's own entry price for an adult, CNY, as a traveller choosing sights weighs it:
    the sight's single ticket where it is on a pass (`Attraction.single_cny`: 李坑 55, not
    the 0 it charges on top of the 婺源 pass, nor 江湾's 210 pass), else `ticket_cny`."""
    return place.single_cny if place.single_cny is not None else place.ticket_cny


def visit_tickets(
    place: Attraction,
    park: Attraction | None,
    date: dt.date,
    party: Party,
    *,
    buys: bool = True,
) -> float:
    """What a visit to `place` on `date` costs `party` in tickets, CNY: the ticket it is entered
    on — its own, or with `park` (the record `place.inside` names) the park's — and that
    ticket's compulsory shuttle for each person (`party_shuttle_fare`), when the visit `buys` it (the
    trip's first visit that needs it; a later one shows the ticket bought), plus, for a sight
    inside a park, what the sight charges on top (`place.ticket_cny`, usually 0)."""
    holder = park or place
    entry = 0.0
    if buys:
        entry = party_price(holder, date, party).total + party_shuttle_fare(holder, date, party)
    extra = party_price(place, date, party).total if park is not None else 0.0
    return round(entry + extra, 1)


def entry_price(place: Attraction, park: Attraction | None, date: dt.date) -> float:
    """What one adult pays on `date` to see `place` when nothing was bought before, CNY: its
    ticket and compulsory shuttle (`shuttle_fare`) — for a sight inside `park`, the park's —
    plus what a sight inside a park charges on top."""
    holder = park or place
    price = adult_price(holder, date) + shuttle_fare(holder, date)
    return price + (adult_price(place, date) if park is not None else 0.0)


def single_view(place: Attraction, park: Attraction | None) -> Attraction | None:
    """`place` as bought alone instead of on the pass its park sells (`Attraction.single_cny`
    and `single_seasons` as its ticket, the park's concessions when it states none, on no
    park and with no shuttle), or None when it is not sold alone."""
    if place.single_cny is None:
        return None
    return place.model_copy(
        update={
            "ticket_cny": place.single_cny,
            "seasons": place.single_seasons,
            "concessions": place.concessions or (park.concessions if park else ()),
            "inside": None,
            "on_pass": None,
            "shuttle": None,
            "ticket_valid_days": None,
        }
    )


def applicable(
    attraction: Attraction | Shuttle | Highlight | AccessArea, party: Party
) -> tuple[Concession, ...]:
    """The concessions of `attraction` (or of the fare of a park's compulsory `Shuttle`, a cable
    car `Highlight`, an `AccessArea`'s crossing) worth telling this party
    (`applicable_rules`)."""
    return applicable_rules(attraction.concessions, party)


def rules_used(rules: Sequence[Concession], party: Party) -> tuple[Concession, ...]:
    """Those of `rules` a fare for `party` uses (`fare_for_party`): for each child or senior of
    said age the cheapest rule they meet; for one whose age was not said, every rule of their
    category (they may meet any). In the order of `rules`, each once."""
    used: set[int] = set()
    for who, age in _travellers(party):
        met = [i for i, r in enumerate(rules) if r.who == who
               and (age is None or qualifies(r, who, age))]  # fmt: skip
        if age is not None and met:
            met = [min(met, key=lambda i: _fare(rules[i], 100.0))]
        used.update(met)
    return tuple(r for i, r in enumerate(rules) if i in used)


def applicable_rules(rules: Sequence[Concession], party: Party) -> tuple[Concession, ...]:
    """Those of `rules` worth telling this party: a child or senior rule that someone in the
    party meets (one whose age was not said may meet any rule of their category), and every
    student rule (students are not a party category, so the rule is shown, never costed)."""
    found = []
    for rule in rules:
        if rule.who == "student":
            found.append(rule)
            continue
        for who, age in _travellers(party):
            if who == rule.who and (age is None or qualifies(rule, who, age)):
                found.append(rule)
                break
    return tuple(found)
