"""Wishes not understood are echoed back («没看懂：…»); ordinary filler is not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.understanding import ParseResult

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "unrecognized"),
    [
        ("杭州两天，想住树屋", ("想住树屋",)),
        ("杭州两天，要安排剧本杀", ("要安排剧本杀",)),
        ("杭州两天，希望能学做菜", ("希望能学做菜",)),
        ("北京三天，看魔术", ("看魔术",)),
        ("杭州两天，不吃葱", ("不吃葱",)),  # a refusal with no cue word of wishing
        ("杭州两天，我不喝酒", ("我不喝酒",)),
        ("2 days in Hangzhou, we'd like to go paragliding", ("we'd like to go paragliding",)),
        ("2 days in Hangzhou, please include a cooking class", ("please include a cooking class",)),
        # A condition with no wish word is said back too (it was dropped silently).
        ("我晕车，杭州两天", ("我晕车",)),
        ("2 days in Hangzhou, I get carsick", ("I get carsick",)),
    ],
)  # fmt: skip
def test_wishes_not_understood_are_kept(
    read: Read, text: str, unrecognized: tuple[str, ...]
) -> None:
    result = read(text)
    assert result.request is not None
    assert result.request.unrecognized == unrecognized
    line = result.message()
    assert all(phrase in line for phrase in unrecognized)
    assert ("没看懂" if text[0] > "~" else "not understood") in line


@pytest.mark.parametrize(
    "text",
    [
        "上海出发去黄山玩两天", "帮我规划一下杭州两天的行程，谢谢", "杭州两天，麻烦给个攻略",
        "想去杭州玩两天，请帮我安排一下", "杭州两天，希望行程合理一点", "杭州两天，想吃火锅",
        "杭州两天，住西湖边，想看日落", "杭州两天，有什么好玩的推荐一下吗", "我们一家三口想去杭州玩两天",
        "下周末想去杭州玩两天，预算3000", "Please plan 2 days in Hangzhou for me, thanks",
        "I want to visit Hangzhou for 2 days", "Help me plan a nice trip to Hangzhou, 2 days",
        "2 days in Hangzhou, we love museums and good food", "去杭州两天，不要太累",
        "杭州两天，一定要去西湖", "杭州两天，想去灵隐寺看看", "杭州两天，有什么需要注意的吗",
        "杭州两天，请用中文回答", "2 days in Hangzhou, what should we not miss?",
        "2 days in Hangzhou, we need a detailed plan", "I want a holiday in Hangzhou, 2 days",
    ],
)  # fmt: skip
def test_filler_is_not_flagged(read: Read, text: str) -> None:
    result = read(text)
    assert result.request is not None, result.message()
    assert result.request.unrecognized == ()


def test_a_repeated_phrase_is_read_once_and_never_echoed_as_not_understood(read: Read) -> None:
    result = read("杭州两天，不要太赶，不要太赶，不要太赶，想住树屋，想住树屋")
    assert result.request is not None
    assert result.request.pace.value == "relaxed"
    assert result.request.unrecognized == ("想住树屋",)
