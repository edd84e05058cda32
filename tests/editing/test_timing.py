"""Re-timing a day counts it as the planner does (`pace.sightseeing_minutes`): a long visit
that takes lunch inside on a day with other sights, a night view after dinner."""

from __future__ import annotations

from dataclasses import replace

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.draft import Draft
from engine.editing.sketch import Stop
from engine.editing.timing import time_day, whole_day
from engine.knowledge.base import KnowledgeBase


def test_a_lunch_inside_a_sight_and_a_night_view_after_dinner_fit_a_normal_day(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    # The day the planner made before 2026-12-02: 苏堤 1 h, 宋城 4 h with lunch inside (4½ h),
    # 城隍阁 1 h, dinner, then 河坊街 1½ h from 19:20 — 6 h of sightseeing and an evening
    # outing at a normal pace (6.5 h). 宋城 is no whole day: the day holds other sights.
    sk = Draft(hangzhou, kb).sketch_of(1)
    stops = [Stop("hangzhou-su-causeway"), Stop("hangzhou-songcheng", "lunch", 270),
             Stop("hangzhou-chenghuang-pavilion"), Stop("hangzhou-hefang-snacks", "dinner"),
             Stop("hangzhou-hefang-street")]  # fmt: skip
    sk = replace(sk, stops=stops)
    assert whole_day(sk.stops, kb) is None
    timed = time_day(sk, hangzhou.request, kb)
    assert timed.day is not None, timed.reasons
    items = {i.poi_id: i for i in timed.day.items if i.kind == ItemKind.ATTRACTION}
    assert items["hangzhou-songcheng"].meal == "lunch"  # lunch is still eaten inside
    assert items["hangzhou-hefang-street"].start.hour >= 18  # after dinner


def test_a_mountain_with_lunch_inside_is_a_whole_day(kb: KnowledgeBase) -> None:
    assert whole_day([Stop("huangshan-scenic-area", "lunch")], kb) == "huangshan-scenic-area"
    assert whole_day([Stop("huangshan-scenic-area")], kb) is None  # no lunch inside said
