"""A sunset where no sight is tagged for it (issue 12): 外滩 on the Huangpu serves it, visited
while the sun goes down, answered with the time of sunset — and one row per wish said."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY

BUND = "shanghai-the-bund"


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
