"""What `diff` says between two versions: intercity legs by another mode, and no zero cost
change (a real 黄山 plan, changed by hand where an edit cannot change it)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.editing import LockStop, apply_edit, diff
from engine.knowledge.base import KnowledgeBase


def _fly_out(plan: Itinerary) -> Itinerary:
    """`plan` with its first leg flown (as a revision that allows flights may make it)."""
    first = plan.days[0]
    items = list(first.items)
    at = next(n for n, i in enumerate(items) if i.kind == ItemKind.INTERCITY)
    items[at] = items[at].model_copy(update={
        "mode": Mode.FLIGHT, "name": "上海浦东国际机场 → 黄山屯溪国际机场",
        "start": dt.time(7, 30), "end": dt.time(8, 40)})  # fmt: skip
    days = (first.model_copy(update={"items": tuple(items)}), *plan.days[1:])
    return plan.model_copy(update={"days": days, "version": plan.version + 1})


def test_a_leg_by_another_mode_is_shown(huangshan: Itinerary) -> None:
    flown = _fly_out(huangshan)
    changes = diff(huangshan, flown)
    legs = [c for c in changes.changes if c.kind == "leg"]
    assert len(legs) == 1 and (legs[0].mode_a, legs[0].mode_b) == ("hsr", "flight")
    line = legs[0].line("zh")
    assert "高铁" in line and "飞机" in line and "07:30–08:40" in line
    assert "上海虹桥站" in line and "上海浦东国际机场" in line  # both routes
    assert "flight" in legs[0].line("en")
    assert changes.to_json()["changes"][0]["kind"] == "leg"


def test_an_unchanged_cost_is_not_said_as_a_change(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    locked = apply_edit(huangshan, LockStop(stop="黄山风景区"), kb).itinerary
    locked = locked.model_copy(update={"version": 2})
    lines = diff(huangshan, locked).lines("zh")
    assert not any("-0" in line or "+0" in line for line in lines), lines
    assert not any(line.startswith("总花费") for line in lines)
    assert lines == [f"没有变化（总花费¥{locked.total_cost_cny:,.0f}）"]


def test_a_party_change_is_said(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    from engine.editing import ChangeParty

    family = apply_edit(huangshan, ChangeParty(children=2), kb).itinerary
    lines = diff(huangshan, family.model_copy(update={"version": 2})).lines("zh")
    assert "出行的人：1位成人 → 1位成人、2名儿童" in lines, lines
    assert any(line.startswith("总花费") and "（+" in line for line in lines)


def test_a_night_elsewhere_names_both_lodgings(huangshan: Itinerary) -> None:
    """Issue 14: "~ night 1 at Taxi to South Gate…" named the ride there (it carries the
    lodging's POI id), not the lodging (changed by hand: the fixture's days fit no other)."""
    first = huangshan.days[0]
    old = next(i.name for i in first.items if i.kind == ItemKind.LODGING)
    items = [i.model_copy(update={"poi_id": "other-inn", "name": "打车前往山下客栈"})
             if i.poi_id == first.lodging_id and i.kind != ItemKind.LODGING
             else i.model_copy(update={"poi_id": "other-inn", "name": "山下客栈"})
             if i.kind == ItemKind.LODGING else i for i in first.items]  # fmt: skip
    days = (first.model_copy(update={"items": tuple(items), "lodging_id": "other-inn"}),
            *huangshan.days[1:])  # fmt: skip
    moved = huangshan.model_copy(update={"days": days, "version": 2})
    nights = [c for c in diff(huangshan, moved).changes if c.kind == "lodging"]
    assert len(nights) == 1, diff(huangshan, moved).lines("zh")
    for lang in ("zh", "en"):
        line = nights[0].line(lang)
        assert "山下客栈" in line and old in line and "打车" not in line, line


def test_the_leg_home_on_a_day_added_is_said_as_moved(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.editing import AddDay

    longer = apply_edit(huangshan, AddDay(at="end"), kb).itinerary
    legs = [c for c in diff(huangshan, longer).changes if c.kind == "leg"]
    home = [c for c in legs if (c.day_a, c.day_b) == (2, 3)]
    assert home, [c.line("zh") for c in legs]
    line = home[0].line("zh")
    if (home[0].start_a, home[0].end_a) == (home[0].start_b, home[0].end_b):
        assert "第2天 → 第3天" in line and line.count(home[0].start_b) == 1, line
    assert "day 2 → day 3" in home[0].line("en") or "day 3" in home[0].line("en")
