"""A kind of sight the trip's destinations lack is answered with where it is (issue 12: pandas
asked for in 杭州 got ❌ 「这里没有这类景点」 and nothing more) — found by the knowledge base's
tags across destinations, on whole plans of the curated base."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import Itinerary
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _planned(text: str) -> Itinerary:
    result = parse_request(text, KB, today=SATURDAY)
    assert result.request is not None, result.message()
    return plan_trip(result.request, KB)


def _row(p: Itinerary, said: str):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    return next(w for w in p.feasibility.wishes if w.kind == "interest" and said in w.said)


@pytest.mark.parametrize(
    ("text", "said", "here", "home", "base", "relax"),
    [
        ("去杭州看熊猫，玩两天", "熊猫", "杭州", "成都", "成都大熊猫繁育研究基地", "加一站成都"),
        ("3 days in Xi'an, I want to see pandas", "pandas", "Xi'an", "Chengdu",
         "Chengdu Research Base of Giant Panda Breeding", "add a stop in Chengdu"),
    ],
)  # fmt: skip
def test_pandas_wished_where_there_are_none_say_where_they_are(
    text: str, said: str, here: str, home: str, base: str, relax: str
) -> None:
    p = _planned(text)
    assert p.request.interests == ("giant-panda",)  # pandas, not any zoo
    row = _row(p, said)
    assert row.status == "not"
    reason = row.reason or ""
    assert here in reason and base in reason and home in reason and relax in reason
    # the best-known panda sight first, and the others are panda sights too
    assert reason.index(base) < min(reason.index(w) for w in ("长隆", "Chimelong") if w in reason)


def test_pandas_wished_in_a_city_with_a_panda_house_are_planned_there() -> None:
    """重庆's zoo keeps pandas (its record says so): the wish is planned there, not sent away."""
    p = _planned("重庆玩两天，想看熊猫")
    row = _row(p, "熊猫")
    assert row.status == "honoured" and "重庆动物园" in row.message
