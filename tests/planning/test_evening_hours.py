"""Night views at night, climbs in daylight, evening limits kept (issue 12, task `evening`):

- a food quarter whose point is after dark (夫子庙) takes dinner inside its lit visit, so a
  senior's 20:30 evening still sees it lit (it was seen at 11:30: two lit hours after a
  90-minute dinner did not fit);
- two sights whose point is after dark share one evening (长江索道 and 洪崖洞 in 重庆; the
  cap of one evening outing sent the cable car to 17:02);
- a climb (宝石山's wooded path) or an outdoor view ends by dusk;
- seniors are not kept out after their pace's evening for a night view they did not name (an
  80-year-old on 西安城墙 19:08–21:38).
"""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind, Itinerary, clock_minutes
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip
from engine.planning.frames import DayFrame
from engine.planning.intercity import Point
from engine.planning.pace import profile
from engine.planning.visit_windows import AFTER_DARK_MIN, DUSK_MIN, day_windows, daylight_view
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY

MARCH = dt.date(2027, 3, 6)  # a Saturday: sunset about 18:10 in 南京


def _plan(text: str, today: dt.date = SATURDAY) -> Itinerary:
    result = parse_request(text, KB, today=today)
    assert result.request is not None, result.message()
    return plan_trip(result.request, KB)


def _visits(p: Itinerary, poi: str) -> list[tuple[dt.date, Item]]:
    return [(d.date, i) for d in p.days for i in d.items
            if i.kind is ItemKind.ATTRACTION and i.poi_id == poi]  # fmt: skip


def _lit(poi: str, date: dt.date, item: Item) -> bool:
    """Whether `item`'s visit to `poi` is still going `AFTER_DARK_MIN` after dusk (or its whole
    visit, when shorter), as the planner aims."""
    place = KB.attraction(poi)
    assert place is not None
    _, down = sun_times(place.lat, place.lon, date)
    return clock_minutes(item.end) >= down + DUSK_MIN + min(AFTER_DARK_MIN, place.visit_minutes)


def test_seniors_see_the_lit_food_quarter_with_dinner_inside() -> None:
    p = _plan("Nanjing 3 days with my parents in their 60s, next month", today=dt.date(2027, 2, 10))
    [(date, visit)] = _visits(p, "nanjing-fuzimiao-qinhuai")
    assert _lit("nanjing-fuzimiao-qinhuai", date, visit), visit
    assert visit.meal == "dinner", visit  # dinner eaten in its snack streets
    assert clock_minutes(visit.end) <= profile("relaxed").day_end, visit


def test_two_night_views_share_the_evening_in_chongqing() -> None:
    p = _plan("从西安去重庆玩两天，住江北嘴，想看洪崖洞夜景")
    for poi in ("chongqing-hongyadong", "chongqing-yangtze-cableway"):
        [(date, visit)] = _visits(p, poi)
        assert _lit(poi, date, visit), (poi, visit)


def _latest_end(destination: str, sight: str, date: dt.date) -> tuple[int, int]:
    """(latest end of a visit the solver may plan, dusk) for `sight` on `date`."""
    dest = KB.destinations[destination]
    place = next(a for a in dest.attractions if a.id == sight)
    lodging = dest.lodging[0]
    home = Point(lodging.name_zh, lodging.name_en, lodging.lat, lodging.lon, lodging.id)
    frame = DayFrame(0, date, dest, profile("normal"), home, 7 * 60, home, 23 * 60, lodging)
    windows = day_windows(place, frame, place.visit_minutes, 0, 1440)
    dusk = sun_times(place.lat, place.lon, date)[1] + DUSK_MIN
    return max(late for _, late in windows) + place.visit_minutes, dusk


def test_a_climb_ends_by_dusk_even_when_tagged_a_night_view() -> None:
    baochu = KB.attraction("hangzhou-baochu-pagoda")  # hiking and night-view
    assert baochu is not None and daylight_view(baochu)
    end, dusk = _latest_end("hangzhou", "hangzhou-baochu-pagoda", SATURDAY)
    assert end <= dusk
    end, dusk = _latest_end("guilin", "guilin-elephant-trunk-hill", SATURDAY)  # nature, no night
    assert end <= dusk
    # a night view reached by road keeps its evening; so does a cable car best after dark
    for dest, poi in (("chongqing", "chongqing-nanshan-yikeshu"),
                      ("chongqing", "chongqing-yangtze-cableway")):  # fmt: skip
        place = KB.attraction(poi)
        assert place is not None and not daylight_view(place), poi
        end, dusk = _latest_end(dest, poi, SATURDAY)
        assert end > dusk + 60, poi


def test_an_elderly_traveller_is_back_by_her_pace_unless_she_named_the_night_view() -> None:
    back_by = profile("relaxed").day_end
    p = _plan("我带80岁的奶奶从北京去西安玩3天")
    for day in p.days:
        stops = [i for i in day.items if i.kind is ItemKind.ATTRACTION]
        assert all(clock_minutes(i.end) <= back_by for i in stops), (day.index, stops)
    named = _plan("我带80岁的奶奶从北京去西安玩3天，想看大唐不夜城")
    [(date, visit)] = _visits(named, "xian-datang-everbright")
    assert _lit("xian-datang-everbright", date, visit), visit


def test_a_headline_night_view_seen_by_day_for_seniors_says_why() -> None:
    p = _plan("带70岁的爸妈去香港玩3天")
    [(date, visit)] = _visits(p, "hongkong-victoria-peak")
    assert not _lit("hongkong-victoria-peak", date, visit), visit  # by day: back by 20:30
    assert p.feasibility is not None
    night = next(c for c in p.feasibility.checks if c.code == "night_views")
    assert not night.passed and "老人" in night.message and "20:30" in night.message, night.message
    assert "想看" in (night.relax or ""), night.relax
    named = _plan("带70岁的爸妈去香港玩3天，想看太平山夜景")
    [(date, lit)] = _visits(named, "hongkong-victoria-peak")
    assert _lit("hongkong-victoria-peak", date, lit), lit
