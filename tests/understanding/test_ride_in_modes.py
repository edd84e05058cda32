"""The train wished as the ride in (issue 12): 「想体验青藏铁路」, 「坐火车进藏」 and "ride the
Qinghai–Tibet railway" are the train wish, its words kept whole so the report can answer the
ride in; said after 「坐火车去」 they join that one wish, not a second row."""

from __future__ import annotations

from engine.understanding.modes import find_modes


def _train(text: str) -> list[str]:
    return [f.said for f in find_modes(text).found if (f.kind, f.value) == ("transport", "train")]


def test_the_railway_named_is_a_train_wish() -> None:
    assert _train("北京去拉萨玩5天，想体验青藏铁路") == ["想体验青藏铁路"]
    assert _train("从成都坐火车进藏，拉萨玩6天") == ["坐火车进藏"]
    assert _train("ride the Qinghai–Tibet railway to Lhasa") == ["the Qinghai–Tibet railway"]


def test_said_twice_it_is_one_wish_with_both_words() -> None:
    assert _train("从北京坐火车去拉萨玩5天，想体验青藏铁路") == ["坐火车去…想体验青藏铁路"]
    assert find_modes("从北京坐火车去拉萨玩5天，想体验青藏铁路").prefer == ["train"]


def test_a_refused_train_stays_refused() -> None:
    assert find_modes("不坐火车进藏").avoid == ["train"]
    assert _train("不坐火车进藏") == []
