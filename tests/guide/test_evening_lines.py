"""Guide lines that agree with the plan (issue 12, task `evening`): a sunrise watched at the
summit that morning is not then called missed under the mountain's visit (泰山's 日观峰), and a
crossing to 鼓浪屿 after the night boats start does not name the day pier beside the words that
send visitors to another one."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.guide.writer import write_guide
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    result = parse_request(text, KB, today=SATURDAY)
    assert result.request is not None, result.message()
    return plan_trip(result.request, KB)


def test_a_sunrise_watched_on_the_summit_is_not_called_missed() -> None:
    p = _plan("从济南去泰山玩两天，想在山顶看日出")
    dawns = [i for d in p.days for i in d.items if i.kind is ItemKind.FREE and "日出" in i.name]
    assert dawns, "the sunrise is planned"
    markdown = write_guide(p, KB).markdown
    lines = [ln for ln in markdown.splitlines() if ln.strip().startswith("- 日观峰：")]
    assert lines, "the mountain's visit lists 日观峰"
    for line in lines:
        assert "看不到" not in line, line
        assert "已在前面看过" in line, line


def test_an_evening_crossing_names_only_the_night_pier() -> None:
    p = _plan("从上海去厦门玩3天，住在鼓浪屿上")
    evening = [i for d in p.days for i in d.items
               if i.kind is ItemKind.TRANSIT and i.note and "夜航船" in i.note]  # fmt: skip
    assert evening, "an evening crossing to the island"
    for leg in evening:
        assert "邮轮中心" not in (leg.note or ""), leg.note
        assert clock_minutes(leg.start) >= 17 * 60, leg  # (after the night boats start)
    day = [i for d in p.days for i in d.items
           if i.kind is ItemKind.TRANSIT and i.note and "三丘田" in i.note
           and "夜航船" not in i.note]  # fmt: skip
    assert any("邮轮中心" in (i.note or "") for i in day), "a daytime crossing names its pier"
