"""Food wanted (with its meal) and refused, zh and en: request fields and wishes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.understanding import ParseResult

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "food", "avoid"),
    [
        ("去重庆三天想吃火锅", [("hotpot", None)], ()),
        ("广州两天，想喝早茶", [("dim-sum", "breakfast")], ()),
        ("广州两天，早上想吃早点", [("snacks", "breakfast")], ()),
        ("重庆三天，晚上想吃夜宵", [("street-food", "late")], ()),
        ("重庆三天，夜宵吃烧烤", [("bbq", "late")], ()),
        ("厦门两天，想吃海鲜和本地小吃", [("seafood", None), ("snacks", None)], ()),
        ("北京三天，想吃烤鸭", [("roast-duck", None)], ()),
        ("北京三天，晚饭想吃烤鸭", [("roast-duck", "dinner")], ()),
        ("重庆三天，不吃辣", [], ("spicy",)),
        ("厦门两天，不吃海鲜", [], ("seafood",)),
        ("厦门两天，海鲜过敏", [], ("seafood",)),
        ("带爸妈去杭州两天，吃得清淡一点", [], ("spicy",)),
        ("Hangzhou 2 days, mild food please", [], ("spicy",)),
        ("重庆三天，想吃火锅但是不吃辣", [("hotpot", None)], ("spicy",)),
        # 特别 is "especially", not 别 ("don't"): 「特别想吃小笼包」 was read as refusing it
        ("我们俩去上海玩三天，特别想吃小笼包", [("dumplings", None)], ()),
        ("Beijing for 2 days, I'd love to try paomo", [("northwest", None)], ()),
        ("北京三天，吃素", [("vegetarian", None)], ()),
        ("西安三天，只吃清真", [("halal", None)], ()),
        ("3 days in Chongqing, want to try hotpot", [("hotpot", None)], ()),
        ("2 days in Guangzhou, dim sum for breakfast", [("dim-sum", "breakfast")], ()),
        ("2 days in Guangzhou, morning tea", [("dim-sum", "breakfast")], ()),
        ("3 days in Beijing, Peking duck for dinner", [("roast-duck", "dinner")], ()),
        ("3 days in Chongqing, no spicy food", [], ("spicy",)),
        ("3 days in Xiamen, allergic to seafood", [], ("seafood",)),
        ("3 days in Beijing, I'm vegetarian", [("vegetarian", None)], ()),
        ("北京三天，想吃涮羊肉和炸酱面", [("hotpot", None), ("noodles", None)], ()),
        ("天津一天，想吃狗不理包子", [("goubuli-buns", None)], ()),
        ("黄山两天，想吃臭鳜鱼", [("hui", None)], ()),
        ("西安两天，想吃羊肉泡馍", [("northwest", None)], ()),
        ("杭州两天，想喝龙井茶", [("tea-house", None)], ()),
        ("厦门两天，晚上想吃夜宵烧烤", [("bbq", "late")], ()),
        ("3 days in Shanghai, we want xiaolongbao", [("dumplings", None)], ()),
        ("3 days in Hangzhou, rice noodles for breakfast", [("noodles", "breakfast")], ()),
        ("3 days in Xiamen, seafood dinners", [("seafood", "dinner")], ()),
        ("西安三天，不吃羊肉", [], ("lamb",)),
        ("3 days in Xi'an, no lamb", [], ("lamb",)),
        ("3 days in Beijing, I don't eat beef", [], ("beef",)),
        ("北京三天，不吃猪肉和内脏", [], ("pork", "offal")),
        ("3 days in Beijing, no pork", [], ("pork",)),
        ("广州三天，想吃臭豆腐和小龙虾", [("stinky-tofu", None), ("crayfish", None)], ()),
        ("广州两天，想吃牛肉面", [("noodles", None)], ()),
        ("杭州两天，想看西湖，吃面", [("noodles", None)], ()),  # was 没看懂
        ("杭州两天，早上想吃碗面", [("noodles", "breakfast")], ()),
        ("杭州两天，早餐吃面包就行", [], ()),
        ("上海出发去黄山玩两天", [], ()),
        ("杭州两天，看鱼", [], ()),
    ],
)  # fmt: skip
def test_food(
    read: Read, text: str, food: list[tuple[str, str | None]], avoid: tuple[str, ...]
) -> None:
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    assert [(f.cuisine, f.meal) for f in request.food] == food
    assert request.avoid.cuisines == avoid
    wishes = [(w.kind, w.value) for w in request.wishes if "food" in w.kind]
    assert wishes == [("food", c) for c, _ in food] + [("avoid_food", c) for c in avoid] or (
        sorted(wishes)
        == sorted([("food", c) for c, _ in food] + [("avoid_food", c) for c in avoid])
    )
    assert all(w.said and w.said in text for w in request.wishes if "food" in w.kind)


def test_morning_tea_keeps_the_words(read: Read) -> None:
    request = read("广州两天，想喝早茶").request
    assert request is not None
    assert request.food[0].said == "想喝早茶"
    assert [w.said for w in request.wishes if w.kind == "food"] == ["想喝早茶"]


@pytest.mark.parametrize(
    ("text", "every"),
    [
        ("重庆4天，每天都想吃火锅", True),
        ("重庆4天，天天吃火锅", True),
        ("Chongqing 3 days, hotpot every day", True),
        ("重庆4天，想吃火锅", False),
        ("北京三天，想吃烤鸭，每天都想早起", False),
    ],
)  # fmt: skip
def test_a_food_said_for_every_day(read: Read, text: str, every: bool) -> None:
    request = read(text).request
    assert request is not None
    assert [f.every_day for f in request.food] == [every]


def test_a_limit_in_a_new_request_is_one_meal_of_it_not_dropped(read: Read) -> None:
    """「北京三天，烤鸭只吃一次就够了」 was dropped silently (no wish, duck at three meals)."""
    request = read("北京三天，烤鸭只吃一次就够了").request
    assert request is not None
    assert [(f.cuisine, f.once) for f in request.food] == [("roast-duck", True)]
    assert [(w.kind, w.value) for w in request.wishes if w.kind == "food"] == [
        ("food", "roast-duck")
    ]


@pytest.mark.parametrize(
    ("text", "wished"),
    [("想吃苏式面", ["dish:苏式面"]),
     ("想尝尝正宗的奥灶面吧", ["dish:奥灶面"]),
     ("想吃biangbiang面和甑糕", ["dish:biangbiang面", "dish:甑糕"]),
     ("想吃火锅和苏式面", ["hotpot", "dish:苏式面"]),
     ("想吃好吃的", []), ("想吃点东西", []), ("想吃遍平江路", []), ("想吃面", ["noodles"]),
     ("想吃火锅和去宽窄巷子", ["hotpot"]), ("不想吃奥灶面", [])],
)  # fmt: skip
def test_a_dish_said_by_its_own_name(read: Read, text: str, wished: list[str]) -> None:
    """A dish no table word has is a ``dish:`` wish; words after 想吃 that name no dish
    (好吃的, 东西, 遍X, a place to go) and a refused one are none."""
    request = read(f"杭州两天，{text}").request
    assert request is not None
    assert [f.cuisine for f in request.food] == wished


def test_a_wish_keeps_its_own_words_not_a_word_around_them(read: Read) -> None:
    """「特别想吃小笼包」 kept 「别想吃小笼包」 as its words (an answer 「别想吃小笼包：所有餐厅都避开了」)."""
    request = read("我们俩去上海玩三天，特别想吃小笼包").request
    assert request is not None
    assert [f.said for f in request.food] == ["想吃小笼包"]
