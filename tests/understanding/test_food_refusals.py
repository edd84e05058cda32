"""A food refused in words that put the refusal after the food or say it another way (issue
12): 「辣的吃不了」 was read as a wish FOR spicy food, 「猪肉我不碰」 was not understood (❓), and
「吃不了辣」, "can't handle spice" were dropped. Each is the limit, never a wish for the food."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.understanding import ParseResult

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("从北京去西安玩3天，辣的吃不了", "spicy"),
        ("从北京去西安玩3天，吃不了辣", "spicy"),
        ("从北京去西安玩3天，不能吃辣", "spicy"),
        ("从北京去西安玩3天，我怕辣", "spicy"),
        ("3 days in Xi'an from Beijing, I can't handle spice", "spicy"),
        ("3 days in Xi'an from Beijing, no spice please", "spicy"),
        ("从北京去西安玩3天，猪肉我不碰", "pork"),
        ("从北京去西安玩3天，不碰猪肉", "pork"),
        ("从北京去西安玩3天，牛肉不吃", "beef"),
        ("从北京去西安玩3天，海鲜我们都不吃", "seafood"),
        ("3 days in Xi'an from Beijing, no pork please", "pork"),
    ],
)
def test_a_refusal_is_a_limit_never_a_wish(read: Read, text: str, refused: str) -> None:
    request = read(text).request
    assert request is not None
    assert refused in request.avoid.cuisines
    assert refused not in [f.cuisine for f in request.food]
    (wish,) = [w for w in request.wishes if w.value == refused]
    assert wish.kind == "avoid_food" and wish.said and wish.said in text
    kinds = {w.kind for w in request.wishes}
    assert kinds <= {"days", "departure", "destination", "avoid_food", "dates", "party"}, kinds


@pytest.mark.parametrize(
    ("text", "wished"),
    [("从北京去西安玩3天，想吃辣的", "spicy"), ("北京三天，烤鸭不能错过", "roast-duck")],
)
def test_a_wish_said_with_a_negator_nearby_stays_a_wish(read: Read, text: str, wished: str) -> None:
    request = read(text).request
    assert request is not None
    assert wished in [f.cuisine for f in request.food]
    assert wished not in request.avoid.cuisines


@pytest.mark.parametrize(
    "text",
    [
        "寒假带5岁孩子从北京去西安玩三天，吃火锅不要太辣",
        "从北京去西安玩3天，火锅别太辣",
        "从北京去西安玩3天，火锅要微辣",
        "3 days in Xi'an from Beijing, we want hotpot but not too spicy",
    ],
)
def test_a_food_wanted_not_too_spicy_is_wished_and_kept_mild(read: Read, text: str) -> None:
    """「吃火锅不要太辣」 wants hotpot, mild — it was read as refusing hotpot (「吃火锅不要」:
    所有餐厅都避开了), and 「火锅别太辣」 or 「微辣」 lost the mildness without a word."""
    request = read(text).request
    assert request is not None
    assert "hotpot" in [f.cuisine for f in request.food]
    assert "hotpot" not in request.avoid.cuisines
    assert "spicy" in request.avoid.cuisines  # mild: the plan says 鸳鸯锅 / 清汤锅
    assert not [w for w in request.wishes if w.kind == "avoid_food" and w.value == "hotpot"]


def test_a_limit_on_how_much_is_still_a_refusal_of_the_rest(read: Read) -> None:
    """Only a taste after 不要太 limits how a food comes; 「博物馆不要太多」 keeps its meaning."""
    request = read("从北京去西安玩3天，博物馆不要太多").request
    assert request is not None
    assert "museum" in request.avoid.tags


@pytest.mark.parametrize(
    "text",
    [
        "从北京去西安玩3天，不吃牛羊肉",
        "从北京去西安玩3天，我们牛肉和羊肉都不吃",
        "从北京去西安玩3天，牛肉羊肉都不吃",
        "从北京去西安玩3天，牛羊肉都不吃",
    ],
)
def test_two_meats_refused_together_are_both_refused(read: Read, text: str) -> None:
    """「不吃牛羊肉」 refused only mutton, and 「牛肉和羊肉都不吃」 was read as a wish FOR beef
    (「✅「牛肉」：… 推荐：牦牛肉包子」): a refusal after a list reaches every food listed."""
    request = read(text).request
    assert request is not None
    assert {"beef", "lamb"} <= set(request.avoid.cuisines), request.avoid
    assert not {"beef", "lamb"} & {f.cuisine for f in request.food}, request.food
