"""Candidate places for a stay: which attractions and restaurants, and how much each is worth.

Score of an attraction (the TOPTW prize): ``popularity² × (1 + 0.5 × interest matches, at most
+100 %)``, ×1.3 for ``kids`` places when children travel and for ``seniors-friendly`` places when
seniors travel, ×0.6 for ``hiking`` places when seniors travel. Popularity is the knowledge base's
1–5 rating; squaring it makes one must-see worth more than several minor sights, which matches how
guidebooks rank. Avoided tags and places are removed, not down-weighted.

Only the best `MAX_ATTRACTIONS` (at least five a day; must-sees always) and the `MAX_RESTAURANTS`
nearest the stay's lodging and best sights go to the solver: a data pack adds hundreds of places
per city, and more candidates only slow the solver down without making plans better.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.domain.request import TripRequest
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Destination, Lodging, Place, Restaurant

MAX_ATTRACTIONS = 30
MAX_RESTAURANTS = 20


@dataclass(frozen=True)
class ScoredAttraction:
    attraction: Attraction
    score: float
    must_see: bool


def score(attraction: Attraction, request: TripRequest) -> float:
    """The prize of `attraction` for `request` (see the module docstring)."""
    value = float(attraction.popularity**2)
    matches = len(set(attraction.tags) & set(request.interests))
    value *= 1 + min(1.0, 0.5 * matches)
    party = request.party
    if party.children and "kids" in attraction.tags:
        value *= 1.3
    if party.seniors and "seniors-friendly" in attraction.tags:
        value *= 1.3
    if party.seniors and "hiking" in attraction.tags:
        value *= 0.6
    return round(value, 3)


def attractions(destination: Destination, request: TripRequest) -> list[ScoredAttraction]:
    """Attractions of `destination` not avoided, best first."""
    avoid_tags = set(request.avoid.tags)
    avoid_places = set(request.avoid.places)
    must = set(request.must_see)
    found = [
        ScoredAttraction(a, score(a, request), a.id in must)
        for a in destination.attractions
        if a.id not in avoid_places and (a.id in must or not avoid_tags & set(a.tags))
    ]
    found.sort(key=lambda s: (-s.must_see, -s.score, s.attraction.id))
    keep = max(MAX_ATTRACTIONS, 5 * request.days, len(must))
    return found[:keep]


#: Places tagged only with these serve no lunch or dinner (a milk-tea shop, a bakery).
NOT_A_MEAL = frozenset({"dessert", "tea-house"})


def restaurants(
    destination: Destination,
    request: TripRequest,
    *,
    max_price: float | None = None,
    near: list[Place] | None = None,
) -> list[Restaurant]:
    """Restaurants of `destination` without avoided cuisines (and within `max_price` per person),
    leaving out places that serve no meal (`NOT_A_MEAL`) and those inside an attraction (eaten there as the attraction's inside meal); when
    there are more than `MAX_RESTAURANTS`, the ones nearest any of `near` (the lodging, the best
    sights)."""
    avoid = set(request.avoid.cuisines)
    found = [
        r
        for r in destination.restaurants
        if not avoid & set(r.cuisines)
        and not ("spicy" in avoid and _hot_dishes(r))
        and r.id not in request.avoid.places
        and r.inside is None
        and (max_price is None or r.price_per_person_cny <= max_price)
        and not (r.cuisines and set(r.cuisines) <= NOT_A_MEAL)
    ]
    if near and len(found) > MAX_RESTAURANTS:
        found.sort(key=lambda r: min(haversine_m(r.lat, r.lon, p.lat, p.lon) for p in near))
        found = found[:MAX_RESTAURANTS]
    return sorted(found, key=lambda r: r.id)


#: Words in dish names that mean the dish is hot (for "no spicy food" when a place is not tagged).
HOT_WORDS = (
    "辣",
    "油泼",
    "红油",
    "剁椒",
    "火锅",
    "水煮",
    "口水",
    "泡椒",
    "spicy",
    "chili",
    "chilli",
    "mala",
)


def _hot_dishes(restaurant: Restaurant) -> bool:
    """Whether the signature dishes themselves are hot (e.g. 油泼面 at an untagged noodle shop)."""
    dishes = " ".join((*restaurant.signature_dishes_zh, *restaurant.signature_dishes_en)).lower()
    return any(word in dishes for word in HOT_WORDS)


def rooms(request: TripRequest) -> int:
    """Rooms needed: two adults or seniors per room, children share (at least one room)."""
    grown = request.party.adults + request.party.seniors
    return max(1, -(-grown // 2))


def nightly_price(lodging: Lodging, *, economy: bool) -> float:
    """Price per room-night (CNY): the low end in economy mode, else a third of the way up."""
    if economy:
        return lodging.price_min_cny
    return round(lodging.price_min_cny + (lodging.price_max_cny - lodging.price_min_cny) / 3, -1)
