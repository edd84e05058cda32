"""Arbitrary text never raises: it gives a request or problems with a message."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.understanding import parse_request
from tests.helpers.tiny_kb import tiny_kb

KB = tiny_kb()
WORDS = st.sampled_from(
    ["从", "去", "到", "在", "上海", "黄山", "杭州", "出发", "玩", "两天", "0天", "十二", "周末", "下周六",
     "国庆", "11月", "31日", "2月30日", "预算", "5k", "元", "人均", "我们", "个人", "3大1小", "一家三口",
     "带着父母", "不", "吃辣", "博物馆", "一定要去", "宏村", "(", ")", "，", " ", "to", "from", "in",
     "Hangzhou", "days", "week", "budget", "¥", "adults", "no", "spicy", "must see", "the Bund", "|", "9999"]
)  # fmt: skip


def _check(text: str) -> None:
    result = parse_request(text, KB, today=dt.date(2024, 10, 9))
    assert (result.request is None) == bool(result.problems)
    assert result.message("zh") and result.message("en")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text(text: str) -> None:
    _check(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=14).map("".join))
def test_any_mix_of_request_words(text: str) -> None:
    _check(text)
