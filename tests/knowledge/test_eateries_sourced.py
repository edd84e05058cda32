"""Eateries that plans lean on exist, are sourced and are where travellers eat (issues 12 and 13):
Nanjing's morning tea (永和园's 汤包 and 干丝) answers 「想喝早茶」, the 两坝一峡 boat day has its
lunch on the tour, and the much-planned restaurants no source confirmed were replaced by sourced
ones or by an area record that says it stands for an area."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind
from engine.domain.request import FoodWish, Wish
from engine.knowledge.schema import Restaurant
from engine.planning.candidates import serves
from tests.helpers.plans import KB, plan


def test_a_morning_tea_wish_in_nanjing_is_eaten_at_a_nanjing_tea_place() -> None:
    """「南京…想喝早茶」 was answered 「没有已知的这类餐厅」 while 永和园 was in the plan at dinner."""
    p = plan(destinations=("nanjing",), days=2, departure=None,
             food=(FoodWish(cuisine="dim-sum", meal="breakfast", said="早茶"),),
             wishes=(Wish(kind="food", value="dim-sum", said="想喝早茶"),))  # fmt: skip
    breakfasts = [KB.restaurant(i.poi_id or "") for d in p.days for i in d.items
                  if i.kind is ItemKind.MEAL and i.meal == "breakfast"]  # fmt: skip
    tea = [r for r in breakfasts if isinstance(r, Restaurant) and serves(r, "dim-sum")]
    assert tea and all(r.id.startswith("nanjing-") for r in tea), breakfasts
    assert p.feasibility is not None
    (wish,) = [w for w in p.feasibility.wishes if w.kind == "food"]
    assert wish.status == "honoured", wish


def test_the_two_dams_boat_day_has_its_lunch_on_the_tour() -> None:
    """The boat lands at the dam about noon and lunch is eaten there; the plan said 「第1天没有安排午餐」."""
    p = plan(destinations=("yichang",), days=2, departure=None,
             must_see=("yichang-two-dams-cruise",))  # fmt: skip
    (day,) = [d for d in p.days if any(i.poi_id == "yichang-two-dams-cruise" for i in d.items)]
    assert any(i.meal == "lunch" for i in day.items), [(i.name, i.meal) for i in day.items]


def test_restaurants_no_source_confirmed_are_replaced_by_sourced_ones() -> None:
    for gone in ("chongqing-shancheng-1636", "chengdu-damiao-hotpot-jinli",
                 "wuhan-bali-crayfish-dongting"):  # fmt: skip
        assert KB.restaurant(gone) is None, gone
    for sourced in ("chongqing-qiuerguan-bayi-road", "wuhan-bali-crayfish-xuesong",
                    "chengdu-xiaomingtang-noodles", "guangzhou-diandude-beijing-road",
                    "macau-cheong-kei-noodles"):  # fmt: skip
        place = KB.restaurant(sourced)
        assert isinstance(place, Restaurant), sourced
        assert place.confidence == "curated" and "read 2026-12-0" in place.source, sourced
    area = KB.restaurant("chengdu-jinli-hotpot-area")
    assert isinstance(area, Restaurant)
    assert area.kind == "food_street" and "not one address" in area.source
    assert area.confidence == "estimated"  # no source read names a hotpot house there
