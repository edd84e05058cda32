"""A sunset where no sight is tagged for it (issue 12): 外滩 on the Huangpu serves it, visited
while the sun goes down, answered with the time of sunset — and one row per wish said."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip
from engine.planning.summit_afternoon import summit_afternoons
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY

BUND = "shanghai-the-bund"
SUMMIT = "huangshan-lodging-summit"
DECEMBER = dt.date(2026, 12, 5)


def test_the_bund_at_sunset_with_its_time() -> None:
    parsed = parse_request("2 days in Shanghai, watch the sunset at the Bund", KB, today=SATURDAY)
    assert parsed.request is not None
    assert not any("sunset" in a.tags for a in KB.destinations["shanghai"].attractions)
    p = plan_trip(parsed.request, KB)
    (day, visit) = next((d, i) for d in p.days for i in d.items
                        if i.kind is ItemKind.ATTRACTION and i.poi_id == BUND)  # fmt: skip
    assert visit.lat is not None and visit.lon is not None
    _, down = sun_times(visit.lat, visit.lon, day.date)
    assert clock_minutes(visit.start) <= down <= clock_minutes(visit.end)
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "experience"]
    assert row.status == "honoured"
    assert f"sunset about {down // 60:02d}:{down % 60:02d}" in row.message


def test_a_sunset_said_with_its_place_is_one_row() -> None:
    """「想看西湖日落」 was two rows: 雷峰塔 ✅ at 15:58 and the sunset at 宝石山 ✅."""
    parsed = parse_request("去杭州3天，住西湖边，想看西湖日落", KB, today=dt.date(2026, 12, 1))
    assert parsed.request is not None
    p = plan_trip(parsed.request, KB)
    assert p.feasibility is not None
    rows = [w for w in p.feasibility.wishes if "日落" in w.said]
    assert len(rows) == 1, rows


def _summit_day(index: int, date: dt.date) -> Day:
    """A day up at 黄山's summit hotel by 14:00, dinner there at 18:00."""
    top = next(lo for lo in KB.destinations["huangshan"].lodging if lo.id == SUMMIT)
    stay = Item(kind=ItemKind.LODGING, name=top.name_zh, poi_id=top.id, start=dt.time(14),
                end=dt.time(14), lat=top.lat, lon=top.lon)  # fmt: skip
    dinner = Item(kind=ItemKind.MEAL, name=f"{top.name_zh}晚餐", poi_id=top.id, meal="dinner",
                  start=dt.time(18), end=dt.time(19), lat=top.lat, lon=top.lon)  # fmt: skip
    return Day(index=index, date=date, destination="huangshan", items=(stay, dinner),
               lodging_id=top.id)  # fmt: skip


def test_a_summit_sunset_point_is_walked_to_once_a_trip() -> None:
    """Two nights on 黄山's summit watched the sunset at 排云亭 on both evenings; the second
    afternoon is the summit's free time instead."""
    request = TripRequest(destinations=("huangshan",), days=3, start_date=DECEMBER, lang="zh")
    days = [_summit_day(k, DECEMBER + dt.timedelta(days=k - 1)) for k in (1, 2)]
    out = summit_afternoons(days, KB.destinations["huangshan"], request)
    sunsets = [(d.index, i.name) for d in out for i in d.items if "看日落" in i.name]
    assert len(sunsets) == 1 and sunsets[0][0] == 1, sunsets
    assert any("自由活动" in i.name for i in out[1].items), out[1].items
    alone = summit_afternoons(days[1:], KB.destinations["huangshan"], request)  # seen that day
    assert any("看日落" in i.name for i in alone[0].items)
