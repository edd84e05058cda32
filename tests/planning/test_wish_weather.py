"""怕冷 / 怕热 planned for on the dates where they matter, and answered in the wishes section
(issue 12): in a freezing winter outdoor visits are kept short with indoor sights between; on
hot days outdoor sights leave the midday; on mild dates the answer says nothing changes."""

from __future__ import annotations

import datetime as dt

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.domain.request import Party, Wish
from engine.planning import weather as wx
from tests.helpers import plans
from tests.helpers.plans import KB

JANUARY = dt.date(2027, 1, 23)  # a Saturday in 哈尔滨's freezing winter
JULY = dt.date(2027, 7, 3)  # a Saturday in 三亚's hot season
COLD = Wish(kind="weather", value="cold", said="孩子怕冷")
HEAT = Wish(kind="weather", value="heat", said="爸妈怕热")


def harbin(*wishes: Wish, start: dt.date = JANUARY) -> Itinerary:
    return plans.plan(destinations=("harbin",), days=4, start_date=start, departure="beijing",
                      party=Party(adults=1, children=2, child_ages=(6, 10)),
                      wishes=wishes)  # fmt: skip


def sanya(*wishes: Wish, start: dt.date = JULY) -> Itinerary:
    return plans.plan(destinations=("sanya",), days=5, start_date=start,
                      party=Party(adults=1, seniors=2), wishes=wishes)  # fmt: skip


def answer(plan: Itinerary) -> WishCheck:
    assert plan.feasibility is not None
    (found,) = [w for w in plan.feasibility.wishes if w.kind == "weather"]
    return found


def outdoor_visits(plan: Itinerary) -> list[tuple[int, int, bool]]:
    """(start, end, meal inside) of each outdoor visit, minutes after midnight."""
    out = []
    for day in plan.days:
        for item in day.items:
            a = KB.attraction(item.poi_id) if item.poi_id else None
            if item.kind == ItemKind.ATTRACTION and a is not None and not wx.indoor(a):
                out.append((clock_minutes(item.start), clock_minutes(item.end), bool(item.meal)))
    return out


def test_in_the_freezing_winter_outdoor_visits_are_kept_short() -> None:
    # without the wish: 冰雪大世界 well over 4 hours with dinner inside
    usual = max(e - s - (60 if meal else 0) for s, e, meal in outdoor_visits(harbin()))
    assert usual > wx.COLD_OUTDOOR_MINUTES
    plan = harbin(COLD)
    visits = outdoor_visits(plan)
    assert visits and all(e - s <= wx.COLD_OUTDOOR_MINUTES for s, e, meal in visits if not meal)
    # 冰雪大世界's dinner inside is a warm break, the lights after dark still seen
    assert all(e - s <= wx.COLD_OUTDOOR_MINUTES + 60 for s, e, meal in visits if meal)
    found = answer(plan)
    assert found.status in ("honoured", "partly")
    assert "2.5小时" in found.message and "室内" in found.message


def test_the_cold_answer_names_indoor_sights_that_are_in_the_plan() -> None:
    plan = harbin(COLD)
    named = [i.name for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION
             and i.poi_id and (a := KB.attraction(i.poi_id)) and wx.indoor(a)]  # fmt: skip
    assert named and all(n in answer(plan).message for n in named[:4])


def test_in_a_mild_month_the_cold_changes_nothing_and_says_so() -> None:
    plan = harbin(COLD, start=dt.date(2027, 9, 4))
    found = answer(plan)
    assert found.status == "honoured" and "行程照常" in found.message


def _midday_minutes(plan: Itinerary) -> int:
    lo, hi = wx.MIDDAY
    return sum(max(0, min(e, hi) - max(s, lo)) for s, e, _meal in outdoor_visits(plan))


def test_on_hot_days_outdoor_sights_leave_the_midday() -> None:
    usual, shaded = _midday_minutes(sanya()), _midday_minutes(sanya(HEAT))
    # a quarter of the midday outdoors less: the sights moved early or late, and the midday
    # wait kept as a rest rather than the morning started later into the heat
    assert shaded < usual * 3 // 4, (usual, shaded)
    found = answer(sanya(HEAT))
    assert "11:00–15:00" in found.message
    if found.status == "partly":  # what stays in the midday sun is named, with the day
        assert found.reason and "第" in found.reason


def test_in_a_mild_month_the_heat_changes_nothing_and_says_so() -> None:
    plan = harbin(HEAT)
    found = answer(plan)
    assert found.status == "honoured" and "不算炎热" in found.message


def test_a_midday_wait_on_a_hot_day_is_said_as_a_rest_from_the_heat() -> None:
    lo, hi = wx.MIDDAY
    rests = [i for d in sanya(HEAT).days for i in d.items if i.kind == ItemKind.FREE
             and min(clock_minutes(i.end), hi) - max(clock_minutes(i.start), lo) >= 30]  # fmt: skip
    assert rests and all("炎热" in i.name and i.note and "歇脚" in i.note for i in rests)
