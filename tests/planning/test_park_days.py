"""The one thing they came for is in the plan (issue 12): a theme park named by the traveller
gets a day that holds as much of it as the day allows, lunch inside, said shortened — not
「排不下」 while the family sleeps at the park's hotel and spends the next day in town
(`full_days.park_minutes`); and a flag-raising watched at dawn is the visit to the square, not
a second visit at 08:17 that says the ceremony cannot be seen (`moments.dawn`)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.guide.writer import write_guide
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip
from engine.planning.full_days import PARK_MIN_SHARE
from engine.understanding import parse_request
from tests.helpers.plans import KB

TODAY = dt.date(2026, 12, 3)


def _plan(text: str) -> Itinerary:
    request = parse_request(text, KB, today=TODAY).request
    assert request is not None
    return plan_trip(request, KB)


def _minutes(t: dt.time) -> int:
    return t.hour * 60 + t.minute


def _visits(p: Itinerary, poi: str) -> list[tuple[int, Item]]:
    return [(d.index, i) for d in p.days for i in d.items
            if i.kind is ItemKind.ATTRACTION and i.poi_id == poi]  # fmt: skip


def test_a_night_at_the_disney_hotel_makes_the_next_day_the_disney_day() -> None:
    p = _plan("带老婆孩子（7岁）去上海迪士尼玩2天，从南京出发，住迪士尼酒店")
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "迪士尼" in w.said)
    assert row.status == "honoured", row
    park = KB.attraction("shanghai-disneyland")
    assert park is not None
    [(day, visit)] = _visits(p, park.id)
    night = [i for i in p.days[day - 2].items if i.kind is ItemKind.LODGING] if day > 1 else []
    assert night and night[0].poi_id == "shanghai-lodging-disney", "the park day follows its night"
    start, end = _minutes(visit.start), _minutes(visit.end)
    assert start <= 9 * 60, visit  # in at opening, from the hotel next door
    assert end - start >= PARK_MIN_SHARE * park.visit_minutes, visit
    assert visit.note and "完整游览约11小时" in visit.note and "这一天都给它" in visit.note
    # lunch inside, not skipped (priced once the park record gives `meal_inside_cny`)
    assert "午餐在园内" in visit.note or "午餐在景区内（约" in visit.note, visit.note
    others = [i for i in p.days[day - 1].items if i.kind is ItemKind.ATTRACTION and i is not visit]
    assert not others, others  # the day is the park's
    assert not any("没有安排午餐" in c for c in [x.message for x in p.feasibility.checks])


def test_a_theme_park_day_that_cannot_hold_it_whole_still_has_lunch_inside() -> None:
    """Three days in Beijing with a child, 环球影城 on day 1: ten hours do not fit before the
    child is back by nine, so the day holds most of it with lunch inside (gap-03 had it
    10:00–16:00 and no lunch at all)."""
    p = _plan("国庆带孩子去北京3天，第一天去环球影城")
    [(day, visit)] = _visits(p, "beijing-universal")
    assert day == 1
    assert visit.meal == "lunch" and visit.note and "午餐在景区内" in visit.note, visit
    start, end = _minutes(visit.start), _minutes(visit.end)
    park = KB.attraction("beijing-universal")
    assert park is not None
    assert end - start >= PARK_MIN_SHARE * park.visit_minutes
    assert "完整游览约10小时" in visit.note
    meals = {i.meal for i in p.days[0].items if i.meal}
    assert {"lunch"} <= meals


def test_the_flag_raising_at_dawn_is_the_visit_to_the_square() -> None:
    p = _plan("从上海去北京玩5天，我和老公带两个孩子，一个8岁一个12岁，想吃烤鸭，想看升旗")
    moments = [(d, i) for d in p.days for i in d.items
               if i.kind is ItemKind.FREE and "升旗" in i.name]  # fmt: skip
    assert len(moments) == 1
    day, moment = moments[0]
    assert moment.note and "山顶" not in moment.note, moment.note  # a square, not a summit
    visits = _visits(p, "beijing-tiananmen-square")
    assert len(visits) == 1, visits  # not again at 08:17 (or on another day)
    index, visit = visits[0]
    square = KB.attraction("beijing-tiananmen-square")
    assert square is not None
    rise = sun_times(square.lat, square.lon, day.date)[0]
    assert index == day.index and _minutes(visit.start) <= rise + 30, visit
    assert _minutes(visit.start) == _minutes(moment.end)  # straight on from the ceremony


def test_a_summer_flag_raising_says_nothing_of_a_cold_summit() -> None:
    """July: the flag goes up about 04:50, before the square's listed 05:30 opening; the
    visit follows the ceremony and its line does not say the ceremony cannot be seen."""
    p = _plan("七月从上海去北京玩3天，想看升旗")
    moment = next(
        i for d in p.days for i in d.items if i.kind is ItemKind.FREE and "升旗" in i.name
    )
    assert moment.note and "冷" not in moment.note and "日出" in moment.note, moment.note
    [(_, visit)] = _visits(p, "beijing-tiananmen-square")
    assert visit.start == moment.end, (moment, visit)
    guide = write_guide(p, KB).markdown
    square = guide[guide.index("📍 天安门广场") :]
    square = square[: square.find("\n- **")]  # the visit's line and its sub-lines
    assert "这次游览的时间看不到" not in square, square
