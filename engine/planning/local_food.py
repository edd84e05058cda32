"""Local food first: what a destination's own cuisine is, and how much less a meal elsewhere is
worth to the solver.

A traveller eats the food of the place they visit; their home cuisine is not what they travel for
(from 长沙, every dinner in 广州 was at the one Hunan restaurant). A destination's *local*
cuisines are the regional tags (`REGIONAL`) on at least `LOCAL_SHARE` of its restaurants (广州 →
cantonese, 长沙 → hunan); a place tagged ``local`` is local anywhere. `meal_penalties` gives each
restaurant a penalty in units of the stay's best minor sight (`engine.planning.model`): a meal of
the traveller's home cuisine (`HOME_PENALTY`) or of another region (`ELSEWHERE_PENALTY`) — small
beside a meal's prize, so no meal is skipped for it, but enough that a local restaurant nearby
wins. A cuisine
the person wished for (「想吃湘菜」) is never penalised.
"""

from __future__ import annotations

from collections import Counter

from engine.domain.request import TripRequest
from engine.knowledge.schema import Destination, Restaurant
from engine.planning import diet_places

#: Regional cuisines (knowledge CUISINE_TAGS): the food of a place, not a kind of dish.
REGIONAL = frozenset({"hui", "zhe", "su", "shanghai", "beijing", "sichuan", "hunan", "cantonese",
                      "yunnan", "xinjiang", "northwest", "northeast", "hakka", "teochew",
                      "fujian", "guizhou", "tibetan"})  # fmt: skip
#: A regional tag on at least this share of a destination's restaurants is its local cuisine.
LOCAL_SHARE = 0.3
#: Penalties, in units of the stay's best minor sight's prize (its worth is about four hours of
#: riding, `engine.planning.model.TRAVEL_WEIGHT`): home food costs about two hours, another
#: region's food one; never a sight. (A snack shop is not penalised: it is the cheap meal a
#: budget asks for; `engine.planning.meal_groups` keeps it from every day.)
HOME_PENALTY = 0.5
ELSEWHERE_PENALTY = 0.25


def local_cuisines(destination: Destination) -> frozenset[str]:
    """The destination's own regional cuisines (see the module docstring); empty when its
    restaurants share none (a scenic area of farmhouse meals)."""
    places = [r for r in destination.restaurants if r.inside is None]
    counts = Counter(tag for r in places for tag in set(r.cuisines) & REGIONAL)
    least = LOCAL_SHARE * len(places)
    return frozenset(tag for tag, n in counts.items() if n >= least)


def meal_penalty(
    restaurant: Restaurant, local: frozenset[str], home: frozenset[str], wished: frozenset[str]
) -> float:
    """The penalty of a lunch or dinner at `restaurant` (see the module docstring)."""
    tags = set(restaurant.cuisines)
    regional = tags & REGIONAL
    if "local" in tags or not regional or regional & (local | wished):
        return 0.0
    return HOME_PENALTY if regional & (home - local) else ELSEWHERE_PENALTY


def meal_penalties(
    restaurants: list[Restaurant],
    destination: Destination,
    request: TripRequest,
    origin: Destination | None,
) -> dict[str, float]:
    """Restaurant id -> `meal_penalty` for this stay, the traveller's home being `origin`'s
    local cuisines, plus, for a party with a diet or meats refused, what a place with few or no
    dishes known to fit it is worth less (`diet_places.penalty`)."""
    local = local_cuisines(destination)
    home = local_cuisines(origin) if origin is not None else frozenset()
    wished = frozenset(f.cuisine for f in request.food)
    return {r.id: meal_penalty(r, local, home, wished) + diet_places.penalty(r, request)
            for r in restaurants}  # fmt: skip
