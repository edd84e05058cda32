"""How often one place or one dish may come back at lunch and dinner: the rule on repeats.

What a traveller accepts (the solver's groups, `GroupKeys`, and `free_meals` after it):

- a restaurant (``kind`` ``restaurant``) once a trip; a snack shop of one name (又益轩米粉,
  樊记腊汁肉夹馍: `one_shop`) is named once a trip too — where places are scarce the solver may
  still send a day back to it (a cheap meal a tight budget needs: 300 CNY for 厦门 lost three
  meals when it could not), and `free_meals` then shows a free meal around it, whatever the
  days between (桂林's 又益轩 was lunch on day 1 and on day 4);
- a food street or snack cluster (a record standing for many eateries) once a trip where places
  to eat are plenty; where they are scarce (fewer than two a day and two more), once per
  `REPEAT_EVERY`-day block — every day where even that leaves meals with no place (starved:
  重庆 with 不吃辣 had two places for three days) — and a return within `REPEAT_GAP` days of
  the last meal there (day 2 or 3 after day 1) goes to another known place nearby when one fits
  (`engine.planning.meal_repeats`), else is shown as a free meal in that area (自选, its note
  naming the places nearby it could not use, `free_note`) rather than the same place again. (Free-meal copies
  in the solver, for meals no place is left for, were tried: 雪乡's four days lost their sights
  to the 0.2 s search, so a day may still lack a meal where the base is thinnest: 青岛 with
  海鲜过敏.)
- a dish wished for (想吃烤鸭, 火锅, 小龙虾: `ONCE_DISHES`), or any food said with a limit
  (「烤鸭只吃一次就够了」: `FoodWish.once`), at one meal of the stay — the solver
  picks the day — unless it was said for every day (「每天都想吃火锅」: `FoodWish.every_day`, one
  a day); a cuisine or kind of food (本地菜, 海鲜, 小吃) every other day (`GroupKeys.wish_day`).
  The dish's places then share one group, so no other meal is of it either (烤鸭 at three meals
  of three days was the wish taking over) — when at least as many other places remain as the
  stay has meals, or a food street among them may come back; else (the base has little else)
  each keeps its own group and the dish may come back, weighted up on the first day only. A dish that is a whole meal of one thing (`VARIETY_DISHES`: roast duck, hotpot,
  crayfish) is one meal a stay even when nobody asked for it;
- a shop of one dish (noodles, dumplings: `DAY_DISHES`) at one meal a day unless it is wished;
  so is a snack shop (``kind`` ``snack``: `SNACK_SHOP`) unless 小吃 are wished — a city's snack
  shops serve the same few signature snacks (厦门: 花生汤 and 烧肉粽 at 黄则和 for lunch and at
  1980烧肉粽 for dinner).
"""

from __future__ import annotations

import re
from collections.abc import Hashable

from engine.domain.itinerary import Day, Item, ItemKind
from engine.domain.request import FoodWish, TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Restaurant
from engine.planning.candidates import DIETS, serves, wish_servers
from engine.planning.frames import DayFrame

#: Where places to eat are scarce, a food street or snack cluster may come back once per this
#: many days in the solver (one tangyuan shop was three meals of a three-day trip when it could
#: return every day) …
REPEAT_EVERY = 2
#: … and a return sooner than this many days after the last meal there is shown as a free meal.
REPEAT_GAP = 3
#: Another place to eat this close to a repeated one (straight-line metres) is "nearby": a
#: short ride in town (成都's 龙抄手 to 钟水饺 is about 1.5 km); a repeat goes there when it
#: fits the day (`engine.planning.meal_repeats`), and a free meal names those it could not use.
NEAR_M = 2500.0
#: Dishes that make a whole meal of one thing: one meal of each a stay unless wished for
#: every day, wished or not (北京 with children, nothing said of food, ate roast duck at three
#: meals of three days, two on one day: the famous duck houses are central and popular).
VARIETY_DISHES = frozenset({"roast-duck", "hotpot", "crayfish"})
#: Dishes (knowledge cuisine and dish tags) a wish asks for once a stay, not at every meal.
ONCE_DISHES = frozenset(
    {"roast-duck", "hotpot", "bbq", "crayfish", "dim-sum", "noodles", "dumplings", "fish",
     "lamb", "beef", "pork", "offal", "northwest", "dessert", "fine-dining"}
)  # fmt: skip
MEAL_WORDS = {"lunch": ("午餐", "Lunch"), "dinner": ("晚餐", "Dinner")}
#: Dishes a shop serves as the whole meal, eaten at one meal a day unless wished (桂林 on a low
#: budget: rice noodles at lunch and dinner, three shops of them): a load dimension of the
#: solver each (`engine.planning.model`), a food street (many dishes) not counted; the last,
#: `SNACK_SHOP`, is any snack shop (``kind`` ``snack``), wished as ``snacks`` (小吃).
SNACK_SHOP = "snack-shop"
DAY_DISHES = ("noodles", "dumplings", SNACK_SHOP)


#: A snack record (``kind`` ``snack``) named for many eateries rather than one shop: an area in
#: brackets (「县城米粉店（叠翠路一带）」, 「肠旺面与牛肉粉店（市区多家）」) or a kind of place in
#: the name outside them (「东关街小吃」, 「中街夜市」, 「康定早餐店」, 「南天门补给点」).
_MANY_IN_BRACKETS = re.compile(r"一带|周边|多家|附近|城区|市区")
_MANY_IN_NAME = re.compile(r"小吃(?!店)|夜市|市场|市集|街|镇|村|乡|县城|景区|游客中心|早点|早餐|餐饮|补给点"
                           r"|简餐|夜宵|烧烤|摊|饭庄|农家|牧家|食堂|餐点|餐吧|/")  # fmt: skip
#: … unless it names a shop of a brand (「护国寺小吃（总店）」, 「桂发祥十八街麻花」).
_ONE_SHOP = re.compile(r"总店|老店|分店|.记|饼家|老铺|桂发祥")
_BRACKETS = re.compile(r"[（(][^）)]*[）)]")


def one_shop(restaurant: Restaurant) -> bool:
    """Whether `restaurant` is one shop (a ``restaurant``, or a ``snack`` record named for one
    shop: 又益轩米粉, 黄则和花生汤店（中山路）), eaten at once a trip, rather than a record standing
    for many eateries (a food street, 「城区烧烤」, 「县城米粉店（叠翠路一带）」) that may come back."""
    if restaurant.kind == "restaurant":
        return True
    if restaurant.kind != "snack":
        return False
    name = restaurant.name_zh
    bare = _BRACKETS.sub("", name)
    if _ONE_SHOP.search(name):
        return True
    return not (_MANY_IN_BRACKETS.search(name) or _MANY_IN_NAME.search(bare))


def day_dish_load(restaurant: Restaurant) -> tuple[int, ...]:
    """`restaurant`'s load on each `DAY_DISHES` dimension: 1 for a shop of that dish, and on
    `SNACK_SHOP` 1 for a snack shop."""
    counted = restaurant.kind != "food_street"
    return tuple(
        int(
            restaurant.kind == "snack"
            if dish == SNACK_SHOP
            else counted and dish in restaurant.cuisines
        )
        for dish in DAY_DISHES
    )


def day_dish_caps(
    food: tuple[FoodWish, ...], restaurants: list[Restaurant], days: int
) -> tuple[int, ...]:
    """A day's capacity on each `DAY_DISHES` dimension: 1, or 2 (lunch and dinner) for a dish
    wished (「想天天吃米粉」, 小吃 for snack shops) or where `restaurants` serving something
    else cannot fill a meal of each of the `days` — a restaurant once, a food street or snack
    cluster once per `REPEAT_EVERY` days at most (`GroupKeys`: where places are scarce; a tight
    budget's noodle shops only: a second bowl, not a day without lunch — 桂林's three 米粉 shops
    and 东西巷 for two days left day 1 with no lunch when the street counted as a meal a day)."""
    wished = {w.cuisine for w in food}
    caps = []
    street = -(-days // REPEAT_EVERY)
    for k, dish in enumerate(DAY_DISHES):
        others = sum(street if r.kind != "restaurant" else 1
                     for r in restaurants if not day_dish_load(r)[k])  # fmt: skip
        said = "snacks" if dish == SNACK_SHOP else dish
        caps.append(2 if said in wished or others < days else 1)
    return tuple(caps)


def once(wish: FoodWish) -> bool:
    """Whether `wish` is a lunch-or-dinner dish eaten once a stay (see the module docstring)."""
    return (
        (wish.cuisine in ONCE_DISHES or wish.once)
        and wish.meal not in ("breakfast", "late")
        and wish.cuisine not in DIETS
        and not wish.every_day
    )


class GroupKeys:
    """The group of each restaurant copy (copies with one key: at most one is eaten)."""

    def __init__(
        self, restaurants: list[Restaurant], frames: list[DayFrame], food: tuple[FoodWish, ...]
    ) -> None:
        meals = sum(f.lunch + f.dinner for f in frames)
        wished = {w.cuisine for w in food}
        # a dish wished once: the places with the dish said (肉夹馍, `candidates.wish_servers`)
        dishes = [(w.cuisine, wish_servers(w, restaurants)) for w in food if once(w)]
        dishes += [(c, {r.id for r in restaurants if serves(r, c)})
                   for c in sorted(VARIETY_DISHES) if c not in wished]  # fmt: skip
        serving = {r.id: c for r in restaurants
                   if (c := next((c for c, ids in dishes if r.id in ids), None)) is not None}  # fmt: skip
        others = [r for r in restaurants if r.id not in serving]
        # A dish's places share a group when the other meals have somewhere to go: enough other
        # places, or a food street or snack cluster that may come back (成都, 不吃辣 + 想吃火锅:
        # the few places without chili left hotpot at all three dinners).
        grouped = len(others) >= meals or any(r.kind != "restaurant" for r in others)
        self.dish: dict[str, str] = serving if grouped else {}
        places = len(others) + len(set(serving.values())) if grouped else len(restaurants)
        self.scarce = places < 2 * len(frames) + 2
        # Starved: even a street or snack cluster once per block leaves meals with no place
        # (重庆, 不吃辣: two places for three days); then one may come back every day, and
        # `free_meals` shows a return that soon as a free meal in its area.
        blocks = -(-len(frames) // REPEAT_EVERY)
        pool = others if grouped else restaurants
        reach = sum(1 if r.kind == "restaurant" else blocks for r in pool)
        reach += len(set(serving.values())) if grouped else 0
        self.starved = self.scarce and reach < meals
        self.first = next((k for k, f in enumerate(frames) if f.lunch or f.dinner), 0)

    def key(self, restaurant: Restaurant, position: int, meal: str = "") -> Hashable:
        """The group key of `restaurant`'s copies of `meal` (``lunch`` / ``dinner``) on the
        stay's `position`-th day: a starved stay's street or cluster may give both meals of a
        day (青岛 with no seafood: one café street left, and no dinner on two of three days)."""
        if restaurant.id in self.dish:
            return ("dish", self.dish[restaurant.id])
        if restaurant.kind != "restaurant" and self.starved:
            return ("place", restaurant.id, position, meal)
        if restaurant.kind != "restaurant" and self.scarce:
            return ("place", restaurant.id, position // REPEAT_EVERY)
        return ("place", restaurant.id)

    def wish_day(self, wish: FoodWish, position: int) -> bool:
        """Whether a wished food's meal is weighted up on the stay's `position`-th day: every
        day for a dish whose places share a group (one is eaten) or one said for every day;
        the first day with a meal for a dish whose places do not; every other day for a
        cuisine."""
        if wish.every_day:
            return True
        if once(wish):
            return wish.cuisine in self.dish.values() or position == self.first
        return position % 2 == 0


def free_meals(
    days: list[Day],
    destination: Destination,
    request: TripRequest,
    pool: list[Restaurant] | None = None,
) -> list[Day]:
    """`days` with each lunch or dinner at a food street or snack cluster eaten at less than
    `REPEAT_GAP` days before, or at a snack shop of one name (`one_shop`) eaten at before,
    turned into a free meal in that area (see the module docstring); its note names the places
    of `pool` (the stay's candidates; the destination's places to eat when None) within
    `NEAR_M` of it, or says none is known there (`free_note`)."""
    last: dict[str, int] = {}
    places = {r.id: r for r in destination.restaurants}
    known = pool if pool is not None else [r for r in destination.restaurants
                                           if r.inside is None and r.serves_meals]  # fmt: skip
    out = []
    for day in days:
        items = list(day.items)
        for k, item in enumerate(items):
            place = places.get(item.poi_id or "")
            if item.kind != ItemKind.MEAL or item.meal not in MEAL_WORDS or place is None:
                continue
            before = last.get(place.id)
            if before is not None and (day.index - before < REPEAT_GAP or one_shop(place)):
                note = free_note(place, before, nearby(place, known), request.lang)
                items[k] = _free(item, place, note, request.lang)
            else:
                last[place.id] = day.index
        out.append(day.model_copy(update={"items": tuple(items)}) if items != list(day.items)
                   else day)  # fmt: skip
    return out


def nearby(place: Restaurant, pool: list[Restaurant]) -> list[Restaurant]:
    """The places of `pool` other than `place` within `NEAR_M` metres of it, nearest first."""
    near = [(haversine_m(place.lat, place.lon, r.lat, r.lon), r.id, r) for r in pool
            if r.id != place.id]  # fmt: skip
    return [r for m, _, r in sorted(near) if m <= NEAR_M]


def free_note(place: Restaurant, before: int, others: list[Restaurant], lang: str) -> str:
    """What a free meal around `place` (eaten at on day `before`) says: the known places
    nearby (`others`: on the trip already, or closed or not fitting then) when there are any,
    else that none is known within `NEAR_M`; with the price a head (CNY)."""
    price = place.price_per_person_cny
    if others:
        names = pick(lang, "、", ", ").join(r.name(lang) for r in others[:2])
        return pick(lang, f"第{before}天已在{place.name_zh}吃过；附近资料里的{names}已经安排过，或这时"
                          f"不营业、排不进：在这一带另选一家，人均约{price:.0f}元",
                    f"you ate at {place.name_en} on day {before}; the known places nearby "
                    f"({names}) are on the trip already, or closed or out of the way now: pick "
                    f"another one around here, about {price:.0f} CNY a head")  # fmt: skip
    km = NEAR_M / 1000
    return pick(lang, f"第{before}天已在{place.name_zh}吃过，资料里{km:.1f}公里内没有别的餐馆："
                      f"在这一带另选一家，人均约{price:.0f}元",
                f"you ate at {place.name_en} on day {before} and no other place within "
                f"{km:.1f} km is known: pick another one around here, about {price:.0f} CNY "
                "a head")  # fmt: skip


def _free(item: Item, place: Restaurant, note: str, lang: str) -> Item:
    zh, en = MEAL_WORDS[item.meal or "lunch"]
    return item.model_copy(
        update={
            "name": pick(lang, f"{zh}自选（{place.name_zh}一带）", f"{en} of your choice "
                         f"(around {place.name_en})"),
            "poi_id": None,
            "note": note,
        }
    )  # fmt: skip
