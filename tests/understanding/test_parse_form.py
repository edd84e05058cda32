"""parse_form: structured options (CLI flags, form fields) override the text."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import Pace, Party
from engine.knowledge.base import KnowledgeBase
from engine.understanding import parse_form
from tests.helpers.tiny_kb import tiny_kb

TODAY = dt.date(2024, 10, 9)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return tiny_kb()


def test_options_alone_build_a_request(kb: KnowledgeBase) -> None:
    result = parse_form(kb, departure="上海", destination="黄山", days=3, date="2024-11-15",
                        people="2大1小", budget="5k", pace="relaxed", lang="en", today=TODAY)  # fmt: skip
    request = result.request
    assert request is not None
    assert (request.departure, request.destinations, request.days) == (
        "shanghai",
        ("huangshan",),
        3,
    )
    assert request.start_date == dt.date(2024, 11, 15)
    assert (request.party.adults, request.party.children) == (2, 1)
    assert request.budget_cny == 5000 and request.pace is Pace.RELAXED and request.lang == "en"


def test_options_override_the_text(kb: KnowledgeBase) -> None:
    text = "从上海去杭州玩两天，预算3000元，轻松一点，不吃辣"
    result = parse_form(kb, text=text, destination="Huangshan", days="四天", budget=4000,
                        pace=Pace.PACKED, people=Party(adults=2, children=0, seniors=0), date="下周六", today=TODAY)  # fmt: skip
    request = result.request
    assert request is not None
    assert request.destinations == ("huangshan",) and request.departure == "shanghai"
    assert request.days == 4 and request.budget_cny == 4000 and request.pace is Pace.PACKED
    assert request.party.size == 2 and request.start_date == dt.date(2024, 10, 19)
    assert request.avoid.cuisines == ("spicy",)  # kept from the text
    assert request.text == text


def test_several_destinations_and_chinese_pace(kb: KnowledgeBase) -> None:
    result = parse_form(kb, destination="杭州,上海", days="5", pace="轻松", people=3, today=TODAY)
    assert result.request is not None
    assert result.request.destinations == ("hangzhou", "shanghai")
    assert result.request.pace is Pace.RELAXED and result.request.party.adults == 3


@pytest.mark.parametrize(
    ("options", "code"),
    [({"destination": "黄衫"}, "unknown_place"), ({"destination": "黄山", "days": 0}, "bad_days"),
     ({"destination": "黄山", "days": "很多"}, "bad_option"), ({"destination": "黄山", "pace": "fast?"}, "bad_option"),
     ({"destination": "黄山", "people": 25}, "bad_people"), ({"destination": "黄山", "departure": "火星"}, "bad_option"),
     ({"destination": "黄山", "budget": "lots"}, "bad_option"), ({"destination": "黄山", "date": "someday"}, "bad_option")],
)  # fmt: skip
def test_bad_options_are_problems(kb: KnowledgeBase, options: dict[str, object], code: str) -> None:
    result = parse_form(kb, today=TODAY, **options)  # type: ignore[arg-type]
    assert result.problem is not None and result.problem.code == code
    assert result.message("zh") and result.message("en")


def test_bad_option_message_names_the_option(kb: KnowledgeBase) -> None:
    result = parse_form(kb, destination="黄山", days="很多", today=TODAY)
    assert result.message("zh") == "没看懂选项 --days 的值“很多”：请写 1 到 30 之间的天数，例如 3。"


def test_a_date_that_does_not_exist_names_the_option_and_its_format(kb: KnowledgeBase) -> None:
    result = parse_form(kb, destination="黄山", date="2026-13-45", today=TODAY)
    assert result.problem is not None and result.problem.code == "bad_option"
    assert "--date" in result.message("zh") and "YYYY-MM-DD" in result.message("zh")
    assert "start_date" not in result.message("zh") + result.message("en")
    assert result.message("en").startswith('Could not understand "2026-13-45" for option --date')


@pytest.mark.parametrize("days", [-3, "-3", 0, 31, " 45 "])
def test_days_outside_the_range_are_refused_with_the_range(
    kb: KnowledgeBase, days: int | str
) -> None:
    result = parse_form(kb, text="上海出发去黄山玩两天", days=days, today=TODAY)
    assert result.request is None and result.problem is not None
    assert result.problem.code == "bad_days" and result.problem.valid_range == (1, 30)
    assert f"您写的是 {int(days)} 天" in result.message("zh")
    assert "1 to 30 days" in result.message("en")


@pytest.mark.parametrize("people", [0, "0", -2, 21])
def test_people_outside_the_range_are_refused(kb: KnowledgeBase, people: int | str) -> None:
    result = parse_form(kb, destination="黄山", people=people, today=TODAY)
    assert result.request is None and result.problem is not None
    assert result.problem.code == "bad_people" and result.problem.valid_range == (1, 20)
    if int(people) < 1:
        assert result.message("zh") == f"出行人数需要在 1 到 20 人之间（您写的是 {int(people)}）。"
        assert result.message("en") == f"The party must be 1 to 20 people (you asked for {people})."


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", {"days": "4天", "party": "3人", "budget": "预算6000元", "pace": "轻松"}),
        ("en", {"days": "4 days", "party": "3 people", "budget": "budget 6000 CNY",
                "pace": "relaxed pace"}),
    ],
)  # fmt: skip
def test_bare_option_values_are_said_back_as_phrases(
    kb: KnowledgeBase, lang: str, said: dict[str, str]
) -> None:
    """`--days 4 --people 3 --budget 6000 --pace relaxed` showed 「4」「3」「6000」「relaxed」 as
    the person's wishes."""
    result = parse_form(kb, departure="上海", destination="黄山", days=4, people="3",
                        budget="6000", pace="relaxed", lang=lang, today=TODAY)  # fmt: skip
    assert result.request is not None
    wishes = {w.kind: w.said for w in result.request.wishes}
    assert {k: wishes[k] for k in said} == said
    typed = parse_form(kb, destination="黄山", people="2大1小", lang="zh", today=TODAY)
    assert typed.request is not None
    assert {w.kind: w.said for w in typed.request.wishes}["party"] == "2大1小"  # as typed
