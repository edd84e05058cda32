"""Meals a traveller would keep (issue 12): a morning moved later does not eat breakfast at
10:00 and lunch at 11:22 with nothing between (北京 with parents, 颐和园 all afternoon), and a
day does not eat at two snack shops (厦门: 花生汤 and 烧肉粽 at lunch, the same at dinner)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, Mode, clock_minutes
from engine.domain.request import FoodWish
from engine.planning import plan_trip
from engine.planning.frames import clock_time
from engine.planning.late_start import MIN_BREAKFAST_TO_LUNCH, start_later
from engine.planning.meal_groups import DAY_DISHES, SNACK_SHOP, day_dish_caps, day_dish_load
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _item(kind: ItemKind, poi: str | None, start: str, end: str, **extra: object) -> Item:
    place = KB.place(poi or "")
    lat, lon = (place.lat, place.lon) if place else (39.91, 116.40)
    h1, m1 = map(int, start.split(":"))
    h2, m2 = map(int, end.split(":"))
    return Item(kind=kind, name=poi or kind.value, poi_id=poi, lat=lat, lon=lon,
                start=clock_time(h1 * 60 + m1), end=clock_time(h2 * 60 + m2), **extra)  # type: ignore[arg-type]  # fmt: skip


def _afternoon_at_the_summer_palace(breakfast: str, breakfast_end: str) -> Day:
    """Breakfast, a ride to lunch at 11:00 (its window opens then), 颐和园 all afternoon."""
    return Day(index=4, date=SATURDAY, destination="beijing", items=(
        _item(ItemKind.MEAL, None, breakfast, breakfast_end, meal="breakfast"),
        _item(ItemKind.TRANSIT, "beijing-yaoji-chaogan", breakfast_end, "09:30", mode=Mode.METRO),
        _item(ItemKind.MEAL, "beijing-yaoji-chaogan", "11:00", "12:15", meal="lunch"),
        _item(ItemKind.TRANSIT, "beijing-summer-palace", "12:15", "12:42", mode=Mode.TAXI),
        _item(ItemKind.ATTRACTION, "beijing-summer-palace", "12:42", "16:42"),
    ))  # fmt: skip


def _minutes(item: Item) -> tuple[int, int]:
    return clock_minutes(item.start), clock_minutes(item.end)


def test_a_morning_without_sights_keeps_breakfast_well_before_lunch() -> None:
    """The wait before lunch moved breakfast to 10:00 (its latest), 60 minutes before lunch; it
    now moves only as far as leaves `MIN_BREAKFAST_TO_LUNCH` minutes, the rest of the wait
    stays in the morning, and lunch and the afternoon stay where they were."""
    beijing = KB.destinations["beijing"]
    early = _afternoon_at_the_summer_palace("07:30", "08:00")
    later = start_later([early], beijing)[0]
    breakfast, lunch = later.items[0], later.items[2]
    assert _minutes(breakfast) == (8 * 60, 8 * 60 + 30)  # 30 minutes later, not 150
    assert clock_minutes(lunch.start) - _minutes(breakfast)[1] == MIN_BREAKFAST_TO_LUNCH
    assert later.items[2:] == early.items[2:]
    # Already closer than that: breakfast stays at its hour.
    close = _afternoon_at_the_summer_palace("08:30", "09:00")
    assert start_later([close], beijing)[0] == close


def test_a_morning_spent_in_a_visit_with_lunch_inside_still_moves() -> None:
    """A day at Disney (lunch inside the park) is no empty morning: breakfast at 06:30 moves
    up to the ride to the gate, not held 150 minutes before the park's lunch."""
    shanghai = KB.destinations["shanghai"]
    day = Day(index=1, date=SATURDAY, destination="shanghai", items=(
        _item(ItemKind.MEAL, None, "06:30", "07:00", meal="breakfast"),
        _item(ItemKind.TRANSIT, "shanghai-disneyland", "08:22", "08:30", mode=Mode.WALK),
        _item(ItemKind.ATTRACTION, "shanghai-disneyland", "08:30", "19:30", meal="lunch"),
    ))  # fmt: skip
    later = start_later([day], shanghai)[0]
    assert _minutes(later.items[0]) == (7 * 60 + 52, 8 * 60 + 22)  # then straight to the gate
    assert later.items[1:] == day.items[1:]


def test_parents_in_beijing_never_eat_lunch_soon_after_breakfast() -> None:
    """A relaxed four days with parents: 颐和园 fills an afternoon after lunch at 11:00; no day
    has lunch within two hours of breakfast with no sight between (it was 10:00 and 11:22)."""
    today = dt.date(2026, 12, 5)
    parsed = parse_request("带爸妈在北京慢慢玩四天，别安排太满", KB, today=today)
    assert parsed.request is not None
    p = plan_trip(parsed.request, KB, today=today)
    assert p.feasibility is not None and p.feasibility.passed
    for day in p.days:
        items = list(day.items)
        meals = {i.meal: k for k, i in reversed(list(enumerate(items))) if i.kind is ItemKind.MEAL}
        b, lunch = meals.get("breakfast"), meals.get("lunch")
        if b is None or lunch is None:
            continue
        sights = [i for i in items[b:lunch] if i.kind is ItemKind.ATTRACTION]
        gap = clock_minutes(items[lunch].start) - clock_minutes(items[b].end)
        assert sights or gap >= 120, (day.index, items[b].start, items[lunch].start)


def test_a_snack_shop_is_one_meal_a_day_unless_snacks_are_wished() -> None:
    """厦门's snack shops (黄则和, 1980烧肉粽: 花生汤 and 烧肉粽 both) load the snack-shop
    dimension, its food streets do not; a day holds one of them, two when 小吃 are wished or
    nothing else is known."""
    xiamen = KB.destinations["xiamen"].restaurants
    k = DAY_DISHES.index(SNACK_SHOP)
    shops = [r for r in xiamen if day_dish_load(r)[k]]
    assert {"xiamen-huangzehe", "xiamen-1980-shaorouzong"} <= {r.id for r in shops}
    assert all(r.kind == "snack" for r in shops)
    assert day_dish_caps((), xiamen, 3)[k] == 1
    assert day_dish_caps((FoodWish(cuisine="snacks"),), xiamen, 3)[k] == 2
    assert day_dish_caps((), shops, 3)[k] == 2  # only snack shops: a second one, not no dinner
