"""Where a party with a diet eats (issue 12, H4): restaurants judged by the dishes known of them
(`dish_fit`), not by their cuisine tags alone.

A vegetarian (吃素, vegan), halal (清真), no-pork or no-beef (不吃猪肉, 不吃牛肉) party is sent to
places where a signature dish is known to fit it (`FIT`). A place where none is known to fit is
`UNFIT` when most of its dishes, or its own name, are known to fail the party (蹄花 and 肥肠 for
a vegetarian or a Muslim, a 抄手 house without pork; a food street, many stalls, only when every
dish of it is), else `LIGHT` (饺子, 米粉: not known either way) — a meal there says so
(「这家素食选择少：…点菜时问店家」, `dish_fit.none_fit`).

An unfit place is left out (`candidates.avoids_food`) unless no place the party can eat at is
within `REACH_M` of it (a scenic area's one eatery), or the destination has fewer such places
than two a day of the trip (`candidates.avoided`: 广州's halal trip had four for six meals, and
no place comes twice); then it is worth `UNFIT_PENALTY` less to the solver
(`local_food.meal_penalties`), eaten at only when nothing else is. A meat house for a vegetarian
(`dishes.meat_heavy`: 南门涮肉, a 葫芦头 house) is left out wherever it is, as before.

A side, a drink or a sweet (米饭, 糖蒜, 明前龙井, 花生汤: `SIDES`) is no meal: a 把子肉 house's
米饭, a 涮肉 house's 糖蒜 and a 烧肉粽 shop's 花生汤 do not make it fit. Among the places kept,
one with fewer of its dishes known to fit counts as up to `LIGHT_EXTRA_M` farther when the
candidates nearest the day's sights are chosen (`candidates.restaurants`, `fit_share`). (Making
such a meal worth less to the solver as well moved other meals and sights of the bench's plans
for little gain: not done.)
"""

from __future__ import annotations

import re

from engine.domain.request import TripRequest
from engine.knowledge.schema import Restaurant
from engine.planning import dish_fit
from engine.planning.dishes import meat_heavy

FIT = "fit"
LIGHT = "light"
UNFIT = "unfit"
#: Words of a side or a drink rather than a meal (a meatless one does not make a place fit).
SIDES = ("米饭", "白粥", "稀饭", "馒头", "烧饼", "糖蒜", "小菜", "咸菜", "泡菜", "芥菜丝",
         "奶茶", "茶", "龙井", "毛尖", "毛峰", "银针", "铁观音", "滇红", "咖啡", "啤酒", "精酿",
         "原浆", "饮料", "果汁", "豆浆", "豆汁", "格瓦斯", "杏皮水", "酸梅汤", "糖水", "花生汤",
         "甜品", "甜点", "冰粉", "双皮奶", "杨枝甘露")  # fmt: skip
#: An unfit place is kept when no place the party can eat at is this close to it (metres): the
#: one eatery of a scenic area or a small town.
REACH_M = 5000.0
#: What a meal at an unfit place kept is worth less (units of the stay's best minor
#: sight, `local_food`: about two hours of riding): eaten at only when no other place is within
#: that ride of the day's way.
UNFIT_PENALTY = 0.5
#: How much farther (metres) a candidate with no dish known to fit counts when the nearest
#: restaurants are chosen, scaled by the share of its dishes not known to fit; an unfit one
#: `UNFIT_EXTRA_M` farther besides.
LIGHT_EXTRA_M = 1000.0
UNFIT_EXTRA_M = 5000.0
_BRANCH = re.compile(r"（.*?）|\(.*?\)")


def _meal_dishes(place: Restaurant) -> list[str]:
    """`place`'s signature dishes (zh) other than sides (`SIDES`); all of them when only sides."""
    dishes = list(place.signature_dishes_zh)
    return [d for d in dishes if not any(w in d for w in SIDES)] or dishes


def _fails(name: str, place: Restaurant, said: frozenset[str]) -> bool:
    """Whether the dish (or house) `name` is known to fail a limit of `said`: it does not fit
    and what it holds is known (`dish_fit.meats`)."""
    return not dish_fit.fits(name, place, said) and dish_fit.meats(name) is not None


def fit_share(place: Restaurant, request: TripRequest) -> float:
    """The share (0–1) of `place`'s meal dishes known to fit the party's limits
    (`dish_fit.limits`); 1 when there are none, 0 for a place with no dishes known."""
    said = dish_fit.limits(request)
    if not said:
        return 1.0
    dishes = _meal_dishes(place)
    if not dishes:
        return 0.0
    return sum(dish_fit.fits(d, place, said) for d in dishes) / len(dishes)


def standing(place: Restaurant, request: TripRequest) -> str:
    """`FIT`, `LIGHT` or `UNFIT` for the party's limits (see the module docstring); "" when the
    party has none."""
    said = dish_fit.limits(request)
    if not said:
        return ""
    if "vegetarian" in said and meat_heavy(place):
        return UNFIT
    dishes = _meal_dishes(place)
    if any(dish_fit.fits(d, place, said) for d in dishes):
        return FIT
    own = _BRANCH.sub("", place.name_zh)  # not its branch (（天坛店）)
    failing = sum(_fails(d, place, said) for d in dishes)
    if place.kind == "food_street":  # many stalls: unfit only when every dish known fails
        return UNFIT if dishes and failing == len(dishes) else LIGHT
    heavy = 2 * failing > len(dishes) or _fails(own, place, said)
    return UNFIT if heavy else LIGHT


def penalty(place: Restaurant, request: TripRequest) -> float:
    """What a meal at `place` is worth less for the party's limits (units of the stay's best
    minor sight): `UNFIT_PENALTY` at an unfit place kept, else (and without limits) 0."""
    return UNFIT_PENALTY if standing(place, request) == UNFIT else 0.0


def extra_m(place: Restaurant, request: TripRequest) -> float:
    """How much farther (metres) `place` counts when the candidates nearest the day's sights
    are chosen: `LIGHT_EXTRA_M` times the share of its dishes not known to fit, and
    `UNFIT_EXTRA_M` more at an unfit place; 0 without limits."""
    unfit = UNFIT_EXTRA_M if standing(place, request) == UNFIT else 0.0
    return LIGHT_EXTRA_M * (1 - fit_share(place, request)) + unfit
