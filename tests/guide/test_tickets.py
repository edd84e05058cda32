"""The guide's 「门票与预约」 section and the model's facts say the price of the visit's date."""

from __future__ import annotations

import datetime as dt
import re

from engine.agent import model_guide
from engine.domain.itinerary import Itinerary
from engine.domain.request import Party, TripRequest
from engine.guide.writer import write_guide
from engine.knowledge.base import KnowledgeBase, load_curated
from engine.planning import plan_trip
from tests.helpers.dated_kb import kb_with, mountain

DEC_12 = dt.date(2026, 12, 12)
JUL_11 = dt.date(2026, 7, 11)


def _plan(kb: KnowledgeBase, start: dt.date, party: Party) -> Itinerary:
    request = TripRequest(destinations=("beta",), departure="alpha", days=2, start_date=start,
                          party=party, must_see=("beta-mountain",))  # fmt: skip
    return plan_trip(request, kb, time_limit_s=0.3)


def _section(markdown: str) -> str:
    start = markdown.index("## 门票与预约")
    return markdown[start : markdown.index("\n## ", start + 1)]


def _row(section: str, name: str) -> str:
    return next(line for line in section.splitlines() if line.startswith(f"| {name} |"))


def test_the_ticket_table_shows_the_price_of_the_visit_date_and_the_partys_rules() -> None:
    sight = mountain(reservation="required", reservation_lead_days=1,
                     reservation_note_zh="「黄山旅游」小程序实名预约")  # fmt: skip
    kb = kb_with(sight)
    party = Party(adults=2, children=1, child_ages=(10,))
    winter = _row(_section(write_guide(_plan(kb, DEC_12, party), kb).markdown), "黄山风景区")
    assert "淡季票价150元（12月1日–2月底）" in winter and "190" not in winter
    assert "儿童（6–18岁）半价" in winter and "学生半价" in winter
    assert "65岁以上" not in winter  # no senior travels
    assert "至少提前1天预约：「黄山旅游」小程序实名预约" in winter
    summer = _row(_section(write_guide(_plan(kb, JUL_11, party), kb).markdown), "黄山风景区")
    assert "旺季票价190元（3月1日–11月30日）" in summer


def test_a_trip_inside_the_booking_lead_time_is_warned_in_the_guide() -> None:
    sight = mountain(reservation="required", reservation_lead_days=7)
    kb = kb_with(sight)
    it = _plan(kb, DEC_12, Party(adults=2))
    soon = it.model_copy(update={"created_at": dt.datetime(2026, 12, 10, 12, tzinfo=dt.UTC)})
    ahead = it.model_copy(update={"created_at": dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC)})
    assert "⚠️ 黄山风景区需至少提前7天预约" in _section(write_guide(soon, kb).markdown)
    assert "⚠️" not in _section(write_guide(ahead, kb).markdown)


def test_the_models_facts_carry_the_price_of_the_visit_date() -> None:
    kb = kb_with(mountain())
    it = _plan(kb, DEC_12, Party(adults=1, seniors=1, senior_ages=(70,)))
    facts = model_guide.messages(it, kb, budget_tokens=4000)[1]["content"]
    assert "门票¥150（淡季，12月1日–2月底）" in facts
    assert "老人（65岁以上）免票" in facts


def test_the_overview_gives_the_childrens_ages_and_no_empty_adults() -> None:
    """「人数：1位儿童（不满1岁、10岁）、2位老人」: ages as the fares and tickets take them, a baby
    under one said so, and no 「0位成人」 when grandparents travel with the children."""
    kb = kb_with(mountain())
    party = Party(adults=0, seniors=2, children=2, child_ages=(0, 10))
    guide = write_guide(_plan(kb, DEC_12, party), kb).markdown
    line = next(x for x in guide.splitlines() if x.startswith("- 人数："))
    assert line.startswith("- 人数：2位儿童（不满1岁、10岁）、2位老人"), line


def test_the_ticket_table_and_the_route_charge_one_cable_car_fare() -> None:
    """黄山 said 84 CNY a way on the cable-car legs and "about 198" in the ticket table."""
    kb = load_curated()
    request = TripRequest(destinations=("huangshan",), departure="shanghai", days=2,
                          start_date=DEC_12)  # fmt: skip
    markdown = write_guide(plan_trip(request, kb), kb).markdown
    legs = [line for line in markdown.splitlines() if "🚡" in line and "索道" in line]
    fares = {int(f) for line in legs for f in re.findall(r"约(\d+)元/人", line)}
    assert len(fares) == 1, legs  # up and down the same crossing
    row = _row(_section(markdown), "黄山风景区")
    assert f"单程约{fares.pop()}元/人" in row and "198" not in row
