"""A day at 上海迪士尼 costs what the park charges (issue 13): lunch is bought inside at the
sourced price (outside food is not allowed in), children 3–11 and people 60+ pay the reduced
ticket, infants enter free, and the park sits where the encyclopedia puts it."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.prices import person_price
from engine.planning import plan_trip
from engine.planning.visit_costs import visit_cost

KB = load_curated()
DAY = dt.date(2026, 12, 12)


def _disney():  # type: ignore[no-untyped-def]
    park = KB.attraction("shanghai-disneyland")
    assert park is not None
    return park


def test_lunch_inside_disney_is_paid_at_the_sourced_price() -> None:
    park = _disney()
    assert park.meal_inside_cny is not None and 80 <= park.meal_inside_cny <= 120
    assert "CGTN" in park.source and "80 to 90 yuan" in park.source
    two = Party(adults=2)
    with_lunch = visit_cost(park, two, DAY, lunch_inside=True)
    without = visit_cost(park, two, DAY, lunch_inside=False)
    assert with_lunch - without == 2 * park.meal_inside_cny


def test_disney_children_and_seniors_pay_the_reduced_ticket_infants_nothing() -> None:
    park = _disney()
    adult = person_price(park, DAY, "adult")
    assert adult == park.ticket_cny
    assert person_price(park, DAY, "child", 2) == 0
    assert person_price(park, DAY, "child", 6) == round(0.75 * adult)
    # the senior ticket starts at 60 (the resort's 老年票 rule), not 65
    assert person_price(park, DAY, "senior", 61) == round(0.75 * adult)


def test_disney_sits_at_its_encyclopedia_position() -> None:
    park = _disney()
    assert haversine_m(park.lat, park.lon, 31.145806, 121.655250) < 50
    assert "31°08′44.9″N 121°39′18.9″E" in park.source


def test_a_day_at_disney_says_and_costs_the_lunch_inside() -> None:
    request = TripRequest(destinations=("shanghai",), days=1, start_date=DAY,
                          party=Party(adults=2), must_see=("shanghai-disneyland",),
                          lang="zh")  # fmt: skip
    plan = plan_trip(request, KB)
    visit = next(i for d in plan.days for i in d.items
                 if i.kind == ItemKind.ATTRACTION and i.poi_id == "shanghai-disneyland")  # fmt: skip
    assert visit.meal == "lunch"
    assert "午餐在景区内（约90元/人）" in (visit.note or ""), visit.note
    assert "价格以园内为准" not in (visit.note or "")


def test_universal_beijing_children_and_seniors_from_65_pay_about_three_quarters() -> None:
    """北京环球影城: children 3–11 and people 65+ about 七五折 of the day's ticket, under 3 free
    (中新经纬 2021-09-02); a 62-year-old pays the full ticket."""
    park = KB.attraction("beijing-universal")
    assert park is not None and park.ticket_cny == 638
    assert "ashea.com.cn" in park.source and "418" in park.ticket_note_zh
    assert person_price(park, DAY, "child", 2) == 0
    assert person_price(park, DAY, "child", 7) == 479  # 0.75 × 638, rounded up
    assert person_price(park, DAY, "senior", 66) == 479  # 0.75 × 638, rounded up
    assert person_price(park, DAY, "senior", 62) == 638


def test_universal_beijing_costs_the_special_day_ticket_in_national_day_week() -> None:
    """北京环球影城's 2021 ticket calendar (中新经纬 2021-09-02): 638 to 1 October, 748 (特定日)
    from 2 to 6 October, 638 again on 7 October."""
    park = KB.attraction("beijing-universal")
    assert park is not None
    assert person_price(park, dt.date(2026, 10, 1), "adult", 30) == 638
    assert person_price(park, dt.date(2026, 10, 3), "adult", 30) == 748
    assert person_price(park, dt.date(2026, 10, 7), "adult", 30) == 638
    assert "2021" in park.ticket_note_zh and "10月2日–6日" in park.ticket_note_zh
