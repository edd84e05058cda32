"""A food allergy is checked against the dishes the plan names (issue 12, tester F8.2, F8.3): a
Guangzhou plan for someone allergic to shellfish and peanuts recommended 点都德's 金莎红米肠
("crispy shrimp red-rice rolls") while its report said ✅ "every meal avoids it", and its "dim sum
every morning" was one morning only."""

from __future__ import annotations

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Avoid, FoodWish, Wish
from engine.knowledge.schema import Restaurant
from engine.planning import allergen_dishes
from tests.helpers.plans import KB, plan


def _plan() -> Itinerary:
    return plan(destinations=("guangzhou",), days=3, departure="hongkong", lang="en",
                avoid=Avoid(cuisines=("peanut", "shellfish")),
                food=(FoodWish(cuisine="dim-sum", meal="breakfast", said="dim sum",
                               every_day=True),),
                wishes=(Wish(kind="food", value="dim-sum", said="dim sum"),
                        Wish(kind="avoid_food", value="peanut", said="allergic to peanuts"),
                        Wish(kind="avoid_food", value="shellfish",
                             said="allergic to shellfish")))  # fmt: skip


def _meals(p: Itinerary) -> list[tuple[int, Item, Restaurant]]:
    return [(d.index, i, r) for d in p.days for i in d.items if i.kind is ItemKind.MEAL
            and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant)]  # fmt: skip


def test_no_dish_recommended_holds_what_the_traveller_is_allergic_to() -> None:
    meals = _meals(_plan())
    assert meals
    for _day, item, place in meals:
        assert not allergen_dishes.serves_allergen(place, "shellfish"), place.name_zh
        tried = (item.note or "").split("try: ", 1)[-1].split(";")[0]
        for zh, en in zip(place.signature_dishes_zh, place.signature_dishes_en, strict=False):
            if allergen_dishes.holds(zh, en, "shellfish"):
                assert en not in tried, (place.name_zh, item.note)
                assert f"skip {en}" in (item.note or "") or f", {en}" in (item.note or ""), item


def test_the_allergy_answer_is_true_to_the_meals() -> None:
    p = _plan()
    assert p.feasibility is not None
    answers = {w.value: w for w in p.feasibility.wishes if w.kind == "avoid_food"}
    held = [(day, en) for day, _i, place in _meals(p)
            for zh, en in zip(place.signature_dishes_zh, place.signature_dishes_en, strict=False)
            if allergen_dishes.holds(zh, en, "shellfish")]  # fmt: skip
    shellfish = answers["shellfish"]
    if held:  # never ✅ while a meal's place serves shrimp: named, to skip
        assert shellfish.status == "partly"
        assert held[0][1] in shellfish.message and "skip" in shellfish.message
    else:
        assert shellfish.status == "honoured"
    assert shellfish.reason is None or "tell the staff" in shellfish.reason
    peanut = answers["peanut"]  # said back, never dropped; with what to tell the staff
    assert peanut.status in ("honoured", "partly") and "peanut" in (
        peanut.message + (peanut.reason or "")
    )


def test_dim_sum_every_morning_that_has_a_breakfast() -> None:
    """Every morning out of the lodging is a dim-sum breakfast; the morning of the train from
    Hong Kong has none to change, and is no morning the wish missed."""
    p = _plan()
    mornings = [(d.index, i) for d in p.days for i in d.items
                if i.kind is ItemKind.MEAL and i.meal == "breakfast"]  # fmt: skip
    assert len(mornings) >= 2
    assert p.days[0].items[0].kind is not ItemKind.MEAL  # the day starts with the train
    for day, item in mornings:
        place = KB.restaurant(item.poi_id or "")
        assert isinstance(place, Restaurant) and "dim-sum" in place.cuisines, (day, item.name)
    assert p.feasibility is not None
    (dim_sum,) = [w for w in p.feasibility.wishes if w.value == "dim-sum"]
    assert dim_sum.status == "honoured"
