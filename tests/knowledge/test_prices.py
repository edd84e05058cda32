"""Ticket prices on a date for a party: seasons, concessions by age and height, their words."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from engine.domain.request import Party
from engine.knowledge.periods import in_period, period_text
from engine.knowledge.prices import (
    adult_price,
    applicable,
    median_height_cm,
    party_price,
    person_price,
)
from engine.knowledge.schema import Attraction, Concession, SeasonPrice
from engine.knowledge.ticket_words import (
    concession_text,
    concessions_text,
    lead_warning,
    reservation_text,
    ticket_text,
)
from tests.helpers.synthetic_kb import attraction

DEC_12 = dt.date(2026, 12, 12)
JUL_12 = dt.date(2026, 7, 12)

PEAK = SeasonPrice(start="03-01", end="11-30", adult_cny=190, label_zh="旺季", label_en="peak")
OFF = SeasonPrice(start="12-01", end="02-28", adult_cny=150, label_zh="淡季", label_en="off-season")
CHILD_HALF = Concession(who="child", min_age=6, max_age=18, fare="half")
CHILD_FREE = Concession(who="child", max_age=6, max_height_cm=120, fare="free")
STUDENT_HALF = Concession(who="student", fare="half")


def mountain(**kw: Any) -> Attraction:
    fields: dict[str, Any] = {
        "ticket_cny": 190,
        "seasons": (PEAK, OFF),
        "concessions": (CHILD_HALF, CHILD_FREE, STUDENT_HALF),
    }
    fields.update(kw)
    return attraction("m", 1, 30.1, 118.1, **fields)


def test_the_adult_price_is_the_season_of_the_date() -> None:
    sight = mountain()
    assert adult_price(sight, DEC_12) == 150
    assert adult_price(sight, JUL_12) == 190
    assert adult_price(sight, dt.date(2027, 2, 28)) == 150
    assert adult_price(sight, dt.date(2028, 2, 29)) == 150  # 「2月底」 in a leap year
    assert adult_price(sight, dt.date(2027, 3, 1)) == 190
    assert adult_price(sight, dt.date(2026, 11, 30)) == 190
    only_summer = mountain(seasons=(PEAK,), ticket_cny=120)
    assert adult_price(only_summer, DEC_12) == 120  # outside every season: ticket_cny


def test_periods_wrap_the_new_year() -> None:
    assert in_period(dt.date(2027, 1, 15), "12-01", "02-28")
    assert not in_period(dt.date(2027, 3, 15), "12-01", "02-28")
    assert in_period(dt.date(2026, 6, 1), "06-01", "06-01")


def test_a_child_concession_applies_by_age() -> None:
    sight = mountain()
    assert person_price(sight, DEC_12, "child", 10) == 75  # 6–18 half of the off-season 150
    assert person_price(sight, JUL_12, "child", 10) == 95
    assert person_price(sight, DEC_12, "child", 4) == 0  # under 6
    assert person_price(sight, DEC_12, "child", 7) == 75  # 7 and taller than 1.2 m: half
    assert person_price(sight, DEC_12, "child") == 75  # age not said: taken as 8
    assert person_price(mountain(concessions=()), DEC_12, "child", 4) == 150  # no rule: adult


def test_a_height_only_rule_uses_the_median_height_of_the_age() -> None:
    under_140 = Concession(who="child", max_height_cm=140, fare="half")
    under_120 = Concession(who="child", max_height_cm=120, fare="free")
    sight = mountain(seasons=(), ticket_cny=100, concessions=(under_140, under_120))
    assert 119 <= median_height_cm(6) <= 121 and 130 <= median_height_cm(8) <= 133
    assert person_price(sight, DEC_12, "child", 5) == 0  # about 1.14 m
    assert person_price(sight, DEC_12, "child", 8) == 50  # about 1.32 m
    assert person_price(sight, DEC_12, "child", 12) == 100  # about 1.55 m


def test_senior_rules_at_60_65_and_70() -> None:
    at_60 = mountain(seasons=(), ticket_cny=100,
                     concessions=(Concession(who="senior", min_age=60, fare="half"),))  # fmt: skip
    at_65 = mountain(seasons=(), ticket_cny=100,
                     concessions=(Concession(who="senior", min_age=65, fare="free"),))  # fmt: skip
    tiers = mountain(seasons=(), ticket_cny=100, concessions=(
        Concession(who="senior", min_age=60, max_age=69, fare="half"),
        Concession(who="senior", min_age=70, fare="free")))  # fmt: skip
    assert person_price(at_60, DEC_12, "senior") == 50  # age not said: 62, a 60+ rule applies
    assert person_price(at_65, DEC_12, "senior") == 100  # … a 65+ rule does not
    assert person_price(at_65, DEC_12, "senior", 66) == 0
    assert person_price(tiers, DEC_12, "senior", 68) == 50
    assert person_price(tiers, DEC_12, "senior", 71) == 0


def test_party_price_adds_each_person_and_leaves_students_out() -> None:
    sight = mountain(concessions=(
        CHILD_HALF, CHILD_FREE, STUDENT_HALF, Concession(who="senior", min_age=65, fare="free")))  # fmt: skip
    party = Party(adults=2, children=2, seniors=2, child_ages=(10, 3), senior_ages=(70,))
    price = party_price(sight, DEC_12, party)
    # adults 2 × 150, children 75 + 0, seniors 0 (70) + 150 (age not said: 62)
    assert price.total == 2 * 150 + 75 + 0 + 0 + 150
    assert price.adult == 150 and price.season == OFF
    assert party_price(sight, JUL_12, Party(adults=3)).total == 3 * 190
    shown = applicable(sight, Party(adults=2))
    assert shown == (STUDENT_HALF,)  # students: shown, never costed


@pytest.mark.parametrize(
    ("party", "expected"),
    [
        (Party(adults=2), ()),
        (Party(adults=1, children=1, child_ages=(10,)), (CHILD_HALF,)),
        (Party(adults=1, children=1, child_ages=(3,)), (CHILD_FREE,)),
        (Party(adults=1, children=1), (CHILD_HALF, CHILD_FREE)),  # age not said: either
    ],
)
def test_applicable_child_rules_follow_the_ages(party: Party, expected: tuple) -> None:
    sight = mountain(concessions=(CHILD_HALF, CHILD_FREE))
    assert applicable(sight, party) == expected


def test_words_for_the_price_of_the_day_and_the_rules() -> None:
    sight = mountain()
    assert period_text("12-01", "02-28", "zh") == "12月1日–2月底"
    assert period_text("03-01", "11-30", "en") == "1 Mar – 30 Nov"
    assert ticket_text(sight, DEC_12, "zh") == "淡季票价150元（12月1日–2月底）"
    assert ticket_text(sight, JUL_12, "zh") == "旺季票价190元（3月1日–11月30日）"
    assert ticket_text(sight, DEC_12, "en") == "off-season ticket 150 CNY (1 Dec – end of Feb)"
    assert ticket_text(mountain(seasons=(), ticket_cny=60), DEC_12, "zh") == "门票60元"
    assert ticket_text(mountain(seasons=(), ticket_cny=0), DEC_12, "zh") == "免费"
    assert concession_text(CHILD_HALF, "zh") == "儿童（6–18岁）半价"
    assert concession_text(CHILD_FREE, "zh") == "儿童（6岁以下或1.2米以下）免票"
    assert concession_text(CHILD_FREE, "en") == "children (up to 6 or up to 1.2 m) free"
    assert concession_text(Concession(who="senior", min_age=65, fare="free"), "zh") == (
        "老人（65岁以上）免票"
    )
    party = Party(adults=2, children=1, child_ages=(10,))
    assert concessions_text(sight, party, "zh") == "儿童（6–18岁）半价；学生半价"
    assert concessions_text(sight, party, "zh", students=False) == "儿童（6–18岁）半价"


def test_reservation_lead_time_and_its_warning() -> None:
    sight = mountain(
        reservation="required",
        reservation_lead_days=1,
        reservation_note_zh="「黄山旅游」小程序实名预约",
        name_zh="黄山风景区",
    )
    assert reservation_text(sight, "zh") == "至少提前1天预约：「黄山旅游」小程序实名预约"
    assert reservation_text(sight, "zh", how=False) == "至少提前1天预约"
    assert "黄山风景区需至少提前1天预约" in lead_warning(sight, DEC_12, DEC_12, "zh")
    assert lead_warning(sight, DEC_12, DEC_12 - dt.timedelta(days=1), "zh") == ""
    week = sight.model_copy(update={"reservation_lead_days": 7})
    assert lead_warning(week, DEC_12, DEC_12 - dt.timedelta(days=6), "en")
    assert lead_warning(week, DEC_12, DEC_12 - dt.timedelta(days=7), "en") == ""
    assert lead_warning(week, DEC_12, DEC_12 + dt.timedelta(days=1), "en") == ""  # past
