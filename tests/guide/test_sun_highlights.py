"""A highlight held at sunrise or sunset (天安门's flag-raising) is not promised under a visit
that misses it: the line says when it is, from the sun at that place on that date."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind
from engine.domain.request import TripRequest
from engine.guide.writer import write_guide
from engine.knowledge.base import load_curated
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip

KB = load_curated()
DECEMBER = dt.date(2026, 12, 5)


def test_a_daytime_visit_says_the_flag_raising_is_at_sunrise() -> None:
    plan = plan_trip(
        TripRequest(destinations=("beijing",), days=4, start_date=DECEMBER, lang="zh"), KB
    )
    visits = [(d, i) for d in plan.days for i in d.items
              if i.kind == ItemKind.ATTRACTION and i.poi_id == "beijing-tiananmen-square"]  # fmt: skip
    assert visits, "a 4-day Beijing plan visits 天安门广场"
    day, visit = visits[0]
    square = KB.attraction("beijing-tiananmen-square")
    assert square is not None
    flag = next(h for h in square.highlights if h.kind == "sunrise")
    rise = sun_times(flag.lat or square.lat, flag.lon or square.lon, day.date)[0]
    assert visit.start.hour * 60 + visit.start.minute > rise + 30  # (a daytime visit)
    markdown = write_guide(plan, KB).markdown
    line = next(ln for ln in markdown.splitlines() if ln.strip().startswith(f"- {flag.name_zh}"))
    assert "日出" in line and "看不到" in line, line
    assert re.search(rf"{rise // 60:02d}:{rise % 60:02d}", line), line
