"""A wished place the knowledge base lacks is answered with what its records say of it (tester
F6.1 那拉提, F3.4 大峰): the sentence that names it, not only 「知识库里没有这个地方」."""

from __future__ import annotations

import datetime as dt

from engine.domain.request import TripRequest, Wish
from engine.knowledge.base import load_curated
from engine.planning import plan_trip

KB = load_curated()


def _answer(destination: str, name: str, said: str) -> str:
    wish = Wish(kind="must_see", value=name, said=said)
    request = TripRequest(destinations=(destination,), days=2, start_date=dt.date(2027, 7, 17),
                          departure="chengdu", wishes=(wish,))  # fmt: skip
    p = plan_trip(request, KB)
    assert p.feasibility is not None
    answer = next(w for w in p.feasibility.wishes if w.kind == "must_see")
    assert answer.status == "not"
    return answer.reason or ""


def test_an_unknown_place_is_answered_with_the_record_that_names_it() -> None:
    reason = _answer("yining", "那拉提", "那拉提")
    assert reason.startswith("知识库里没有这个地方")
    assert "伊宁的资料提到它：「那拉提、喀拉峻、巴音布鲁克都离伊宁3–5小时车程" in reason
    reason = _answer("siguniangshan", "大峰", "爬大峰")
    assert "海子沟的资料提到它" in reason and "登大峰" in reason


def test_a_place_no_record_names_is_only_said_missing() -> None:
    assert _answer("yining", "火焰山", "火焰山") == "知识库里没有这个地方"
