"""The rule on repeats (issue #12, `engine.planning.meal_groups`): a dish wished is one meal of
the stay unless said for every day, and where places to eat are few a food street is not eaten
at again within days — the plan says 自选 in that area instead — asserted on whole plans."""

from __future__ import annotations

import re

import pytest

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.domain.request import FoodWish
from engine.knowledge.schema import Restaurant
from engine.planning.candidates import serves
from engine.planning.meal_groups import REPEAT_GAP, one_shop
from tests.helpers.plans import KB, plan


def _main_meals(p: Itinerary) -> list[tuple[int, Restaurant | None]]:
    return [(d.index, KB.restaurant(i.poi_id or "")) for d in p.days for i in d.items
            if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip


def test_a_dish_wish_is_one_meal_not_a_takeover() -> None:
    """「想吃烤鸭」 on three days of 北京 was duck at three meals (two on day 1)."""
    duck = FoodWish(cuisine="roast-duck", said="想吃烤鸭")
    p = plan(destinations=("beijing",), days=3, departure=None, food=(duck,))
    ducks = [d for d, r in _main_meals(p) if r is not None and serves(r, "roast-duck")]
    assert len(ducks) == 1, ducks
    assert p.feasibility is not None and p.feasibility.passed


def test_a_food_said_with_a_limit_is_one_meal_whatever_the_food() -> None:
    """「海鲜吃一次就够了」: seafood is no dish eaten once by itself, the limit makes it one."""
    seafood = FoodWish(cuisine="seafood", said="海鲜", once=True)
    p = plan(destinations=("xiamen",), days=3, departure=None, food=(seafood,))
    meals = [d for d, r in _main_meals(p) if r is not None and serves(r, "seafood")]
    assert len(meals) == 1, meals


def test_a_dish_said_for_every_day_is_every_day() -> None:
    hotpot = FoodWish(cuisine="hotpot", said="每天都想吃火锅", every_day=True)
    p = plan(destinations=("chengdu",), days=3, departure=None, food=(hotpot,))
    days = {d for d, r in _main_meals(p) if r is not None and serves(r, "hotpot")}
    assert days == {d.index for d in p.days}, days


def test_a_thin_base_says_free_meal_rather_than_the_same_street_again() -> None:
    """拉萨 knows few places to eat: a 6-day plan ate at one sweet-tea house on days 2, 4, 5 and 7
    and at one street on days 2, 3, 5 and 7."""
    p = plan(destinations=("lhasa",), days=6, departure=None)
    last: dict[str, int] = {}
    free = []
    for day in p.days:
        for item in day.items:
            if item.kind is not ItemKind.MEAL or item.meal not in ("lunch", "dinner"):
                continue
            if item.poi_id is None:
                free.append(item)
                continue
            assert day.index - last.get(item.poi_id, -REPEAT_GAP) >= REPEAT_GAP, item.name
            last[item.poi_id] = day.index
    assert all("自选" in i.name and i.note and "另选一家" in i.note for i in free)
    assert all(i.lat is not None and i.cost_cny > 0 for i in free)
    assert p.feasibility is not None and p.feasibility.passed


#: Metro cities that knew no place open late (issue #12): a 夜宵 wish there was ❌ in all ten.
LATE_CITIES = ("chengdu", "dalian", "hangzhou", "harbin", "hohhot", "ningbo", "shaoxing",
               "suzhou", "taiyuan", "wuxi")  # fmt: skip


@pytest.mark.parametrize("destination", LATE_CITIES)
def test_a_late_snack_is_served_late_or_answered_with_the_reason(destination: str) -> None:
    wanted = FoodWish(cuisine="street-food", meal="late", said="想吃夜宵")
    p = plan(destinations=(destination,), days=2, departure=None, food=(wanted,))
    assert p.feasibility is not None
    (answer,) = [w for w in p.feasibility.wishes if w.kind == "food"]
    late = [i for d in p.days for i in d.items if i.meal == "late"]
    if answer.status == "honoured":
        assert late and all(clock_minutes(i.start) >= 21 * 60 for i in late)
    else:
        assert not late and "深夜" in (answer.reason or ""), answer


def test_late_snacks_where_places_now_stay_open_late() -> None:
    """成都 (a supper street, and hotpot open till 3 a.m. that was no street food), 杭州, 苏州,
    无锡, 宁波, 太原: a 夜宵 wish is served there now."""
    wanted = FoodWish(cuisine="street-food", meal="late", said="想吃夜宵")
    for destination in ("chengdu", "hangzhou", "suzhou", "wuxi", "ningbo", "taiyuan"):
        p = plan(destinations=(destination,), days=2, departure=None, food=(wanted,))
        assert p.feasibility is not None
        assert [w.status for w in p.feasibility.wishes if w.kind == "food"] == ["honoured"]


def test_morning_tea_said_for_every_day_is_every_morning() -> None:
    """「每天早上都想喝早茶」 had 早茶 on days 1 and 3 of three, as for a wish said once."""
    zaocha = FoodWish(cuisine="dim-sum", meal="breakfast", said="每天早上都想喝早茶",
                      every_day=True)  # fmt: skip
    p = plan(destinations=("guangzhou",), days=3, departure=None, food=(zaocha,))
    mornings = {d.index for d in p.days for i in d.items
                if i.meal == "breakfast" and KB.restaurant(i.poi_id or "")}  # fmt: skip
    assert mornings == {1, 2, 3}, mornings


def test_a_halal_trip_eats_at_no_pork_house() -> None:
    """西安 with 只吃清真 ate at a 葫芦头 (pork intestine) house, "ordering halal dishes"."""
    from engine.planning.dishes import has_dish

    halal = FoodWish(cuisine="halal", said="只吃清真")
    p = plan(destinations=("xian",), days=3, departure=None, food=(halal,))
    places = [r for _, r in _main_meals(p) if r is not None]
    assert places and not [r.name_zh for r in places if has_dish(r, "pork")]
    assert sum("halal" in r.cuisines for r in places) >= len(places) - 1


def test_a_dish_nobody_asked_for_is_no_takeover_either() -> None:
    """北京 with children, nothing said of food: roast duck at three meals of three days, two on
    one day (the famous duck houses are central)."""
    p = plan(destinations=("beijing",), days=3, departure=None)
    ducks = [d for d, r in _main_meals(p) if r is not None and "roast-duck" in r.cuisines]
    assert len(ducks) <= 1, ducks


#: Six days on thin bases (destination, from) where a snack shop came back (桂林: 又益轩米粉 at
#: two meals, 厦门: 1980烧肉粽) or a free meal named a meal moved away (阳朔).
THIN_TRIPS = (("guilin", "guangzhou"), ("yangshuo", "guangzhou"), ("xiamen", None))


@pytest.mark.parametrize(("destination", "departure"), THIN_TRIPS)
def test_one_shop_is_one_meal_a_trip_and_a_free_meal_names_a_meal_kept(
    destination: str, departure: str | None
) -> None:
    """A snack shop of one name (又益轩米粉: `meal_groups.one_shop`) is no food street: eaten at
    once a trip, like a restaurant. A free meal's 「第N天已在X吃过」 names a meal at X on day N
    of the plan (「第4天已在银子岩景区门口餐馆吃过」 named one moved away afterwards)."""
    p = plan(destinations=(destination,), days=6, departure=departure)
    shops = [r.name_zh for _, r in _main_meals(p) if r is not None and one_shop(r)]
    assert len(shops) == len(set(shops)), shops
    eaten = {(d.index, i.name) for d in p.days for i in d.items if i.kind is ItemKind.MEAL}
    for day in p.days:
        for item in day.items:
            said = re.match(r"第(\d+)天已在(.+?)吃过", item.note or "")
            if item.kind is ItemKind.MEAL and said:
                assert (int(said[1]), said[2]) in eaten, (day.index, item.note)


def test_a_shop_is_told_from_a_record_of_many_eateries() -> None:
    by_name = {r.name_zh: r for d in KB.destinations.values() for r in d.restaurants}
    for name in (
        "又益轩米粉",
        "樊记腊汁肉夹馍（竹笆市）",
        "护国寺小吃（总店）",
        "吴再添小吃店（大同路）",
    ):
        assert one_shop(by_name[name]), name
    for name in (
        "县城米粉店（叠翠路一带）",
        "东关街小吃",
        "康定早餐店",
        "肠旺面与牛肉粉店（市区多家）",
        "东西巷小吃",
    ):
        assert not one_shop(by_name[name]), name


@pytest.mark.parametrize("destination", ["xian", "dali", "sanya"])
def test_a_late_snack_every_night_is_no_place_twice(destination: str) -> None:
    """「每天晚上都要吃夜宵」: 西安's 回民街 was the 夜宵 of two nights, 大理's 洋人街 of three,
    三亚's 第一市场 of two; the evenings vary, and a night with no place left says why."""
    wanted = FoodWish(cuisine="street-food", meal="late", said="每天晚上都要吃夜宵",
                      every_day=True)  # fmt: skip
    p = plan(destinations=(destination,), days=4, departure=None, food=(wanted,))
    late = [i.poi_id for d in p.days for i in d.items if i.meal == "late"]
    assert late and len(late) == len(set(late)), late
    assert p.feasibility is not None
    (answer,) = [w for w in p.feasibility.wishes if w.kind == "food"]
    if len(late) < 4:
        assert answer.status == "partly" and "不重复" in (answer.reason or ""), answer
