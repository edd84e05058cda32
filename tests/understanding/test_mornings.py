"""No early mornings said in words (issue 12): 「不想早起」, "I hate early mornings", an hour
said — read as the earliest hour to set out, one wish in the person's words, never dropped."""

from __future__ import annotations

import pytest

from engine.domain.request import TripRequest
from engine.understanding.revision_wishes import add_wishes


@pytest.mark.parametrize(
    ("text", "minutes", "said"),
    [
        ("从上海去北京玩3天，我不想早起", 570, "不想早起"),
        ("去北京3天，想睡到自然醒", 570, "想睡到自然醒"),
        ("3 days in Beijing, I hate early mornings", 570, "hate early mornings"),
        ("Beijing for 3 days, we are not morning people", 570, "not morning people"),
        ("Beijing for 3 days and we like to sleep in", 570, "sleep in"),
        ("去北京3天，每天10点以后再出门", 600, "10点以后再出门"),
        ("去北京3天，早上9点以后起床", 600, "9点以后起床"),  # up at 9, breakfast, out at 10
        ("3 days in Beijing, not leaving before 10am", 600, "not leaving before 10am"),
    ],
)
def test_a_late_start_is_read_with_its_hour(read, text: str, minutes: int, said: str) -> None:  # type: ignore[no-untyped-def]
    request = read(text).request
    assert request is not None
    assert request.earliest_start == minutes
    (wish,) = [w for w in request.wishes if w.kind == "day_start"]
    assert wish.said == said
    assert request.unrecognized == ()


@pytest.mark.parametrize(
    "text",
    [
        "去黄山2天，想早起看日出",
        "3 days in Beijing, early starts are fine",
        "去北京3天",
        "3 days in Beijing, we want to sleep in a courtyard hotel",  # where, not when
        "去北京3天，第一天下午2点以后出发",  # a travel day's hour, not the mornings
    ],
)
def test_no_late_start_when_none_is_said(read, text: str) -> None:  # type: ignore[no-untyped-def]
    request = read(text).request
    assert request is not None
    assert request.earliest_start is None
    assert not [w for w in request.wishes if w.kind == "day_start"]


def test_a_follow_up_adds_the_late_start(wkb) -> None:  # type: ignore[no-untyped-def]
    request = TripRequest(destinations=("beijing",), days=3)
    revised, changes = add_wishes("以后都不想早起", request, wkb, "zh")
    assert revised.earliest_start == 570
    assert [w.kind for w in revised.wishes] == ["day_start"]
    assert changes == ["记下了：不想早起"]
