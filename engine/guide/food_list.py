"""The guide's food list (「美食」 / "Food"): the plan's places to eat with their dishes, then
a few more places of the destinations worth trying — true to the party's diets.

A vegetarian party is shown the dishes of each place known to be meat-free (`dish_fit`; 牛油火锅
is beef tallow, 臊子面 minced pork), a halal one no pork dish, a refused meat (不吃牛肉) none of
it; a place with no such dish says what to order instead (「吃素：点素菜…」, `dishes.diet_order`). The places worth
trying leave out those the party would not eat at (`candidates.avoids_food`) and those with no
dish known to fit. Knowledge records
only: no place or dish is made up.
"""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning import dish_fit, spice
from engine.planning.candidates import avoids_food, diets
from engine.planning.dishes import diet_order

#: Places worth trying shown after the plan's own.
MORE = 5


def food_section(it: Itinerary, kb: KnowledgeBase, zh: bool) -> str:
    """The 「美食」 section in Markdown: one line per place the plan eats at (its dishes the
    party eats, `suitable_dishes`, and the price a head in CNY), then up to `MORE` other places
    of the trip's destinations the party can eat at."""
    lines = ["\n## " + ("美食" if zh else "Food") + "\n\n"]
    seen = set()
    for item in (i for d in it.days for i in d.items):
        if item.kind != ItemKind.MEAL or not item.poi_id:
            continue
        r = kb.restaurant(item.poi_id)
        if r is None or r.id in seen:
            continue
        seen.add(r.id)
        dishes = _dishes(r, it.request, it.lang, zh)
        lines.append(
            f"- **{r.name(it.lang)}**：{dishes}（人均约{r.price_per_person_cny:.0f}元）\n"
            if zh
            else f"- **{r.name(it.lang)}**: {dishes} (about {r.price_per_person_cny:.0f} CNY pp)\n"
        )
    more: list[Restaurant] = []
    for dest_id in it.request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is not None:
            more.extend(
                r
                for r in dest.restaurants
                if r.id not in seen
                and not avoids_food(r, it.request)
                and dish_fit.fitting(r, it.request)  # a dish to name, not a dumpling banquet
            )
    if more:
        lines.append("\n" + ("也可以试试：" if zh else "Also worth trying: "))
        lines.append(("、" if zh else ", ").join(r.name(it.lang) for r in more[:MORE]) + "\n")
    return "".join(lines)


def suitable_dishes(restaurant: Restaurant, request: TripRequest) -> list[int]:
    """Indexes of `restaurant`'s signature dishes (zh and en lists, paired) the party eats:
    those known to fit its diet and the meats or seafood it refuses (`dish_fit.fitting`: none
    of meat, poultry or seafood — nor 臊子面 or 灌汤包 — for a vegetarian, no pork for a halal
    one at a place not halal, no 牛肉面 for 「不吃牛肉」), and none hot for someone avoiding spice
    (`spice.hot_dishes`: 锦里's 伤心凉粉)."""
    kept = dish_fit.fitting(restaurant, request)
    if "spicy" in request.avoid.cuisines:
        hot = set(spice.hot_dishes(restaurant))
        kept = [k for k in kept if k not in hot]
    return kept


def _dishes(r: Restaurant, request: TripRequest, lang: str, zh: bool) -> str:
    """The dishes of `r` to name (`suitable_dishes`), or what to order when none is: the
    diet's way of ordering (`dishes.diet_order`), else that no dish is known to fit
    (`dish_fit.none_fit`), else (only spice avoided) to ask for no chili."""
    kept = suitable_dishes(r, request)
    names = r.signature_dishes_zh if zh else r.signature_dishes_en
    if not kept and names:
        diet = next(iter(diets(request)), "")
        if diet:
            return diet_order(diet, lang)
        if dish_fit.limits(request):
            return dish_fit.none_fit(request)
        return "点菜时说不要辣" if zh else "ask for no chili"  # (only spice is avoided)
    return ("、" if zh else ", ").join(names[n] for n in kept)
