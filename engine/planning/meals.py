"""Food wishes at their local hour: a breakfast out (早茶 at a dim-sum house), a late-night snack
(夜宵 after 21:00), and which lunches and dinners a wished cuisine is weighted for.

- Breakfast (`FoodWish.meal` ``breakfast``): on every other morning (every morning when said
  for every day, `FoodWish.every_day`) that starts at the lodging
  (not a travel morning), the day begins with a leg to the nearest open place serving that food
  (`serves`; a tea house counts for 早茶) and the meal there, `BREAKFAST_START` at the earliest,
  instead of breakfast at the lodging; the tour then starts from that place.
- Late (``late``): on the first evening back at the lodging by `LATE_BACK_BY` when a place
  serving it within `LATE_REACH_M` is open until the snack ends, and every other evening after,
  a walk or ride there from `LATE_START`, the snack, and back.
- Lunch and dinner (a meal said, or none): that meal (dinner when none was said and the day has
  one) is weighted up for restaurants of that food (`wished_meal`) — a dish once a stay, every
  day when said so, a cuisine every other day (`engine.planning.meal_groups`) — so the solver
  serves it then without making every meal the same.
"""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import FoodWish, TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows
from engine.knowledge.schema import Destination, Restaurant
from engine.planning import allergen_dishes, dish_fit
from engine.planning.candidates import serves
from engine.planning.frames import DayFrame, clock_time
from engine.planning.intercity import Point
from engine.planning.meal_groups import REPEAT_GAP
from engine.planning.transit_items import transit_item
from engine.planning.visit_costs import visit_cost

BREAKFAST_START = 7 * 60 + 30
BREAKFAST_LATEST = 9 * 60 + 30
BREAKFAST_MINUTES = {"dim-sum": 75, "tea-house": 75}
LATE_START = 21 * 60 + 15
LATE_BACK_BY = 22 * 60
LATE_LATEST = 22 * 60 + 30
LATE_MINUTES = 60
LATE_REACH_M = 6000.0
#: What a late-night snack (夜宵, wished as street food) is answered with besides street food:
#: the food people eat late — skewers, hotpot, noodles, crayfish, seafood, snacks (成都's hotpot
#: houses open till 3 a.m. were never a 夜宵 because they are no street food).
LATE_FOODS = ("street-food", "bbq", "hotpot", "noodles", "crayfish", "seafood", "snacks")


def serves_late(restaurant: Restaurant, cuisine: str) -> bool:
    """Whether `restaurant` answers a late-night wish for `cuisine` (`LATE_FOODS` for street
    food, else `cuisine` itself)."""
    if cuisine == "street-food":
        return any(serves(restaurant, c) for c in LATE_FOODS)
    return serves(restaurant, cuisine)


def breakfast_out(
    frame: DayFrame, wish: FoodWish, restaurants: list[Restaurant], request: TripRequest
) -> Restaurant | None:
    """Start `frame`'s day with breakfast at the nearest open place serving the wish (see the
    module docstring); returns the place used, or None (the day keeps breakfast at the lodging).
    Only a day whose first item is breakfast at the lodging is changed."""
    if not frame.before or frame.before[0].meal != "breakfast" or len(frame.before) != 1:
        return None
    here = frame.start
    minutes = BREAKFAST_MINUTES.get(wish.cuisine, 40)
    options = []
    for r in restaurants:
        if not serves(r, wish.cuisine):
            continue
        leg = transit_item(here, _point(r), BREAKFAST_START, destination=frame.destination,
                           request=request, date=frame.date)  # fmt: skip
        ride = leg.minutes if leg else 0
        begin = _opening(r, frame, BREAKFAST_START + ride, minutes)
        if begin is not None and begin <= BREAKFAST_LATEST:
            options.append((haversine_m(here.lat, here.lon, r.lat, r.lon), begin, r))
    if not options:
        return None
    _, begin, place = min(options, key=lambda o: (o[0], o[1]))
    items: list[Item] = []
    leg = transit_item(
        here, _point(place), 0, destination=frame.destination, request=request, date=frame.date
    )
    if leg is not None:
        leg = transit_item(here, _point(place), begin - leg.minutes,
                           destination=frame.destination, request=request, date=frame.date)  # fmt: skip
        assert leg is not None
        items.append(leg)
    items.append(_meal_item(place, "breakfast", begin, begin + minutes, request, wish, frame.date))
    frame.before = items
    frame.start = _point(place)
    frame.start_time = max(frame.start_time, begin + minutes)
    return place


def late_snack(
    day: Day,
    wish: FoodWish,
    destination: Destination,
    request: TripRequest,
    used: set[str],
    recent: frozenset[str] = frozenset(),
    late: frozenset[str] = frozenset(),
) -> Day:
    """`day` with a late-night snack after the return to the lodging (see the module
    docstring), or `day` itself when none fits; a place of `recent` (eaten at within
    `meal_groups.REPEAT_GAP` days) only when no other one is open. No place of `late` (the
    trip's late snacks so far) is one again, a food street neither (西安's 回民街 was the 夜宵
    of two nights, 大理's 洋人街 of three): a night with none left has no 夜宵, which the
    wish's row says."""
    lodging = next((i for i in day.items if i.kind == ItemKind.LODGING), None)
    if lodging is None or lodging.lat is None or lodging.lon is None:
        return day
    back_at = clock_minutes(lodging.start)
    if back_at > LATE_BACK_BY or day.items[-1] is not lodging:
        return day
    home = Point(lodging.name, lodging.name, lodging.lat, lodging.lon, lodging.poi_id)
    start = max(LATE_START, back_at + 15)
    today = {i.poi_id for i in day.items if i.poi_id}
    options = []
    for r in destination.restaurants:
        meters = haversine_m(home.lat, home.lon, r.lat, r.lon)
        if r.inside or not serves_late(r, wish.cuisine) or meters > LATE_REACH_M:
            continue
        if (r.kind != "food_street" and r.id in used) or r.id in today or r.id in late:
            continue  # no restaurant or snack shop twice a trip, no food street twice a day,
            # no late snack twice at one place
        windows = open_windows(r.hours, day.date)
        if any(a <= start and start + 30 + LATE_MINUTES <= b for a, b in windows):
            options.append((meters, r))
    if not options:
        return day
    _, place = min(options, key=lambda o: (o[1].id in recent, o[0], o[1].id))
    there = transit_item(home, _point(place), start, destination=destination,
                         request=request, date=day.date)  # fmt: skip
    begin = start + (there.minutes if there else 0)
    if begin + LATE_MINUTES > LATE_LATEST + 30:
        return day
    items = list(day.items)
    if there is not None:
        items.append(there)
    items.append(_meal_item(place, "late", begin, begin + LATE_MINUTES, request, wish, day.date))
    back = transit_item(_point(place), home, begin + LATE_MINUTES, destination=destination,
                        request=request, date=day.date)  # fmt: skip
    if back is not None and clock_minutes(back.end) < 23 * 60 + 59:
        items.append(back)
    used.add(place.id)
    return day.model_copy(update={"items": tuple(items)})


def late_snacks(days: list[Day], destination: Destination, request: TripRequest) -> list[Day]:
    """`days` with each late-night wish served (`late_snack`) on the first evening that can,
    then every other one (every one when said for every day); a restaurant is never used
    twice, a food street not twice for a late snack."""
    wishes = [w for w in request.food if w.meal == "late"]
    if not wishes:
        return days
    days = list(days)
    used = {i.poi_id for d in days for i in d.items if i.poi_id and i.kind == ItemKind.MEAL}
    for wish in wishes:
        rest = False
        for k, day in enumerate(days):
            if rest:
                rest = False
                continue
            near = days[max(0, k - REPEAT_GAP + 1) : k + REPEAT_GAP]
            recent = frozenset(i.poi_id for d in near for i in d.items
                               if i.kind == ItemKind.MEAL and i.poi_id)  # fmt: skip
            late = frozenset(i.poi_id for d in days for i in d.items
                             if i.meal == "late" and i.poi_id)  # fmt: skip
            days[k] = late_snack(day, wish, destination, request, used, recent, late)
            rest = days[k] is not day and not wish.every_day
    return days


def kept_for_late(destination: Destination, request: TripRequest, dates: list[dt.date]) -> set[str]:
    """Ids of the places kept for a wished late snack (`late_snacks`): those serving it and open
    late on one of `dates`, so the solver does not spend them on a dinner first (广州's only late
    congee house was a dinner, and the 夜宵 was left out). Food streets stay for both: they
    stand for many stalls."""
    wishes = [w for w in request.food if w.meal == "late"]
    until = LATE_START + 30 + LATE_MINUTES
    return {
        r.id
        for r in destination.restaurants
        if r.kind != "food_street"
        and any(serves_late(r, w.cuisine) for w in wishes)
        and any(a <= LATE_START and until <= b for d in dates for a, b in open_windows(r.hours, d))
    }


def _point(r: Restaurant) -> Point:
    return Point(r.name_zh, r.name_en, r.lat, r.lon, r.id)


def _opening(r: Restaurant, frame: DayFrame, ready: int, minutes: int) -> int | None:
    """The first start at or after `ready` when `r` is open for `minutes`, or None."""
    for a, b in open_windows(r.hours, frame.date):
        begin = max(a, ready)
        if begin + minutes <= b:
            return -(-begin // 5) * 5
    return None


def _meal_item(
    place: Restaurant,
    meal: str,
    begin: int,
    end: int,
    request: TripRequest,
    wish: FoodWish,
    date: dt.date,
) -> Item:
    lang = request.lang
    shown = dish_fit.fitting(place, request)[:3]  # only dishes known to fit the diet
    names = place.signature_dishes_zh if lang == "zh" else place.signature_dishes_en
    dishes = pick(lang, "、", ", ").join(names[k] for k in shown)
    tried = pick(lang, f"推荐：{dishes}", f"try: {dishes}") if shown else dish_fit.none_fit(request)
    if warning := allergen_dishes.meal_warning(place, request.avoid.cuisines, lang):
        tried = pick(lang, "；", "; ").join((tried, warning))  # 「虾蟹贝类：别点金莎鲜虾红米肠」
    said = wish.said or wish.cuisine
    return Item(
        kind=ItemKind.MEAL,
        name=place.name(lang),
        poi_id=place.id,
        start=clock_time(begin),
        end=clock_time(end),
        lat=place.lat,
        lon=place.lon,
        cost_cny=visit_cost(place, request.party, date, lunch_inside=False),
        meal=meal,
        note=pick(
            lang,
            f"按您说的「{said}」；人均约{place.price_per_person_cny:.0f}元；{tried}",
            f"as you asked ({said}); about {place.price_per_person_cny:.0f} CNY per person; "
            f"{tried}",
        ),
    )
