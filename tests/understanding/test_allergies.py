"""Ingredients refused or allergic to are read, each of a list (tester F8.1, F9.5): "allergic to
peanuts and shellfish" kept only shellfish (widened to 不吃海鲜) and dropped the peanuts without a
word; 「我对花生和虾过敏」 and 「不吃香菜」 were not understood."""

from __future__ import annotations

import pytest

from engine.understanding.allergies import find_allergies
from engine.understanding.food import find_food
from engine.understanding.habits import extract_preferences, label


@pytest.mark.parametrize(
    ("text", "tags"),
    [
        ("I'm allergic to peanuts and shellfish, dim sum every morning please", ["peanut", "shellfish"]),
        ("我对花生和虾过敏", ["peanut", "shellfish"]),
        ("花生、坚果都过敏", ["peanut", "nuts"]),
        ("不吃香菜", ["coriander"]),
        ("香菜我不吃", ["coriander"]),
        ("no cilantro please", ["coriander"]),
        ("乳糖不耐受，孩子对鸡蛋过敏", ["dairy", "egg"]),
        ("gluten-free please", ["gluten"]),
        ("I'm coeliac", ["gluten"]),
        ("nut allergy", ["nuts"]),
        ("想吃虾", []),  # a wish, no refusal
        ("花生汤很好喝", []),
    ],
)  # fmt: skip
def test_each_ingredient_of_a_list_is_read(text: str, tags: list[str]) -> None:
    assert [a.tag for a in find_allergies(text)] == tags


def test_shellfish_is_its_own_refusal_not_all_seafood() -> None:
    found = find_food("3 days in Guangzhou, I'm allergic to peanuts and shellfish")
    assert found.avoid == ["peanut", "shellfish"]
    said = {f.value: f.said for f in found.found if f.kind == "avoid_food"}
    assert said == {"peanut": "allergic to peanuts", "shellfish": "allergic to shellfish"}
    # 海鲜 said is all seafood, as before
    assert find_food("厦门三天，海鲜过敏").avoid == ["seafood"]


def test_every_morning_makes_a_breakfast_wish_daily() -> None:
    (wish,) = find_food("dim sum every morning please").food
    assert (wish.cuisine, wish.meal, wish.every_day) == ("dim-sum", "breakfast", True)
    (wish,) = find_food("每天早上都想喝早茶").food
    assert wish.every_day


def test_an_allergy_is_remembered_as_itself() -> None:
    prefs = extract_preferences("I'm allergic to peanuts and shellfish")
    assert [(p.key, p.habit) for p in prefs] == [("peanut", True), ("shellfish", True)]
    assert [label(p, "zh") for p in prefs] == ["不吃花生", "不吃虾蟹贝类"]
    (coriander,) = extract_preferences("这次不吃香菜")
    assert (coriander.key, coriander.habit) == ("coriander", False)
