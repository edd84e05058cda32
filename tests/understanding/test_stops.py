"""Several destinations with their own days, and totals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.understanding import ParseResult

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "destinations", "days", "per"),
    [
        ("北京玩2天然后天津玩1天", ("beijing", "tianjin"), 3, (2, 1)),
        ("先去北京玩2天，再去天津玩1天", ("beijing", "tianjin"), 3, (2, 1)),
        ("北京3天天津2天，一共5天", ("beijing", "tianjin"), 5, (3, 2)),
        ("北京3天天津2天，一共6天", ("beijing", "tianjin"), 6, ()),
        ("北京3天，天津也去，一共8天", ("beijing", "tianjin"), 8, (3, 5)),
        ("去北京和天津，一共5天，北京3天", ("beijing", "tianjin"), 5, (3, 2)),
        ("北京两天、西安三天", ("beijing", "xian"), 5, (2, 3)),
        ("3 days in Beijing then 2 in Xi'an", ("beijing", "xian"), 5, (3, 2)),
        ("Beijing for 3 days, then Xi'an for 2 days", ("beijing", "xian"), 5, (3, 2)),
        ("3 days in Beijing and 2 days in Tianjin", ("beijing", "tianjin"), 5, (3, 2)),
        ("北京和天津各玩2天", ("beijing", "tianjin"), 4, (2, 2)),
        ("Beijing and Tianjin, 2 days each", ("beijing", "tianjin"), 4, (2, 2)),
        ("Beijing and Xi'an, 5 days: 2 in Beijing and 3 in Xi'an", ("beijing", "xian"), 5, (2, 3)),
        ("北京玩3天再去天津2天", ("beijing", "tianjin"), 5, (3, 2)),
        ("去北京和天津玩5天", ("beijing", "tianjin"), 5, ()),
        ("北京加天津一共五天", ("beijing", "tianjin"), 5, ()),
        ("北京加上天津，4天", ("beijing", "tianjin"), 4, ()),
        ("去北京玩3天", ("beijing",), 3, ()),
        # a stay, then the next place with no days of its own: one day there, not shared days
        ("去北京玩3天后去天津", ("beijing", "tianjin"), 4, (3, 1)),
        ("北京玩3天然后去天津", ("beijing", "tianjin"), 4, (3, 1)),
        ("3 days in Beijing then Tianjin", ("beijing", "tianjin"), 4, (3, 1)),
        ("北京3天天津", ("beijing", "tianjin"), 3, ()),
        ("在北京玩2天后，再去天津和西安", ("beijing", "tianjin", "xian"), 4, (2, 1, 1)),
    ],
)  # fmt: skip
def test_days_per_destination(
    read: Read, text: str, destinations: tuple[str, ...], days: int, per: tuple[int, ...]
) -> None:
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    assert (request.destinations, request.days, request.destination_days) == (
        destinations,
        days,
        per,
    )
    wish = next(w for w in request.wishes if w.kind == "days")
    expected = (
        ",".join(f"{d}:{n}" for d, n in zip(destinations, per, strict=True)) if per else str(days)
    )
    assert wish.value == expected


def test_two_cities_are_both_planned(read: Read) -> None:
    """Issue #12: 「北京玩2天然后天津玩1天」 was planned as 2 days in Beijing alone."""
    result = read("北京玩2天然后天津玩1天")
    assert result.request is not None and result.request.start_date is None  # 然后天津: no 后天
    assert "北京 2 天" in result.message() and "天津 1 天" in result.message()


def test_the_day_given_to_a_place_said_without_days_is_said_back(read: Read) -> None:
    """Issue 12: 「去北京玩3天后去天津」 was a 2-day trip shared by both; now 3 days in 北京 and
    one in 天津, and the row says that 天津's day was not said."""
    result = read("去北京玩3天后去天津")
    assert result.request is not None
    (row,) = [w for w in result.request.wishes if w.kind == "days"]
    assert "天津没说天数" in row.said and row.value == "beijing:3,tianjin:1"
