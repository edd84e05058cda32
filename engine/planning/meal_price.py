"""What a lunch or dinner may cost a head: the trip's meal level and the dearest place it allows.

- With a budget said, restaurants up to `BUDGET_SHARE` of the budget per person per day (never
  below the economy cap): no 3 000-yuan lunch on a 600-yuan day.
- With none, an ordinary trip: up to `ORDINARY_FACTOR` times the destination's ordinary meal
  (`ordinary_price`: the median price a head of its places to eat, knowledge records). 北京's
  two-Michelin-star 京兆尹 at 820 CNY a head (the median is 100) was a family's lunch straight
  off an 11-hour train, nobody having asked for a fine meal.
- A low budget said in words (穷游, 学生党, "on a tight budget", a hostel bed: `low_budget`) and
  no number: the trip is planned in economy mode (`engine.planning.planner`), restaurants up
  to `ECONOMY_MEAL_CAP` a head; with a number, the number's cap above.
- A fine meal asked for (「想吃顿好的」, 米其林, "fine dining": the food wish `FINE_DINING`) is
  one meal at a place of `FINE_DINING_CNY` a head or more, whatever the cap
  (`candidates.wished_restaurants`).
"""

from __future__ import annotations

import statistics

from engine.domain.request import TripRequest
from engine.knowledge.schema import Destination

#: The ``budget`` wish value of a low budget said in words (its other values are CNY totals).
LOW_BUDGET = "low"
#: The food wish of a fine meal (knowledge `CUISINE_TAGS`): 「想吃顿好的」, 米其林, "fine dining".
FINE_DINING = "fine-dining"
#: A restaurant at this price a head or more (CNY) is a fine meal (about three ordinary meals
#: in the dearest cities of the knowledge base: 北京, 广州, 香港 have a median of 90–100).
FINE_DINING_CNY = 300.0
#: CNY a head: the dearest restaurant in economy mode (a budget too small for the first plan),
#: and the least cap there is.
ECONOMY_MEAL_CAP = 60.0
#: CNY a head: the dearest restaurant when still over the budget (noodle shops and snack streets
#: at 15–35 CNY a head; `planner`'s leaner passes).
TIGHT_MEAL_CAP = 35.0
#: With a budget: a restaurant up to this share of the budget per person per day …
BUDGET_SHARE = 0.3
#: … and with none, up to this many times the destination's ordinary meal.
ORDINARY_FACTOR = 3.0


def ordinary_price(destination: Destination) -> float | None:
    """The destination's ordinary meal, CNY a head: the median price of its places that sell
    a lunch or dinner outside any sight's gate; None when it has none."""
    prices = [r.price_per_person_cny for r in destination.restaurants
              if r.inside is None and r.serves_meals]  # fmt: skip
    return statistics.median(prices) if prices else None


def meal_cap(request: TripRequest, destination: Destination) -> float | None:
    """The dearest restaurant a lunch or dinner of `request` may be at in `destination`, CNY a
    head (see the module docstring), never below `ECONOMY_MEAL_CAP`; None when the destination
    knows no prices."""
    floor = ECONOMY_MEAL_CAP
    if request.budget_cny is not None:
        per_day = request.budget_cny / request.party.size / request.days
        return max(floor, BUDGET_SHARE * per_day)
    ordinary = ordinary_price(destination)
    return None if ordinary is None else max(floor, ORDINARY_FACTOR * ordinary)


def low_budget(request: TripRequest) -> bool:
    """Whether a low budget was said in words (a ``budget`` wish of value ``low``: 穷游, 学生党,
    预算有限, "on a tight budget", `engine.understanding.thrift`) or a hostel bed asked for
    (青旅, "hostel": `LodgingWish.kind` ``hostel``). A number said as well (预算3000) stays
    the budget: it decides the meals, legs and tickets (`engine.planning.low_budget`)."""
    return request.lodging.kind == "hostel" or any(
        w.kind == "budget" and w.value == LOW_BUDGET for w in request.wishes
    )
