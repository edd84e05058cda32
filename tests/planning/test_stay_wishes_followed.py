"""Where-to-stay wishes answered truly, after follow-ups too (issue 12/14, tester G4): a place to
stay said again replaces the one said before (its row goes, the new words get their row); a
place with no lodging known says the nearest area and how far, never 「知识库里那里没有住宿」
when there is one; a lodging wish with a night count (「在山顶住一晚」, 「最后一晚住机场附近」,
"one night on the mountain") holds that many nights, the row saying which."""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import SwapLodging, apply_edit
from engine.planning import plan_trip
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.understanding import parse_request
from engine.understanding.edits import parse_edits
from engine.understanding.lodging import find_lodging
from engine.understanding.revision_wishes import add_wishes
from tests.helpers.plans import KB, SATURDAY


@cache
def planned(text: str) -> Itinerary:
    said = parse_request(text, KB, today=SATURDAY)
    assert said.request is not None, said.message()
    request = said.request.model_copy(update={"start_date": SATURDAY})
    return plan_trip(request, KB).model_copy(update={"id": 1})


def rows(p: Itinerary, kind: str = "lodging_area") -> list[WishCheck]:
    assert p.feasibility is not None
    return [w for w in p.feasibility.wishes if w.kind == kind]


def nights(p: Itinerary) -> list[str]:
    return [i.poi_id or "" for d in p.days for i in d.items if i.kind == ItemKind.LODGING]


def test_a_place_to_stay_said_again_replaces_the_old_wish_and_gets_its_own_row() -> None:
    """「住在鼓浪屿上」 then 「住曾厝垵附近」: the stay moves, the old row goes (it said falsely
    「没能住在鼓浪屿岛上上（知识库里那里没有住宿）」) and the new words are answered."""
    before = planned("去厦门玩3天，住在鼓浪屿上")
    assert set(nights(before)) == {"xiamen-lodging-gulangyu"}, nights(before)
    edits, _ = parse_edits("住曾厝垵附近", before, KB, today=SATURDAY)
    assert len(edits) == 1 and isinstance(edits[0], SwapLodging), edits
    after = apply_edit(before, edits[0], KB).itinerary
    assert set(nights(after)) == {"xiamen-lodging-zengcuoan"}, nights(after)
    said = {w.said: w for w in rows(after)}
    assert "住在鼓浪屿上" not in said, said
    assert said["住曾厝垵附近"].status == "honoured", said
    assert "曾厝垵" in said["住曾厝垵附近"].message, said


def test_a_follow_up_wish_replaces_the_place_said_before_in_the_request() -> None:
    """The revision path (a whole-trip replan) reads 「住曾厝垵附近」 as the place to stay now:
    鼓浪屿 is no longer wished (it stayed first in `LodgingWish.near` and won the replan)."""
    request = planned("去厦门玩3天，住在鼓浪屿上").request
    new, changes = add_wishes("住曾厝垵附近", request, KB, "zh")
    assert changes, changes
    assert not any("鼓浪屿" in v for v in new.lodging.near), new.lodging
    assert any("zengcuoan" in v for v in new.lodging.near), new.lodging
    said = [w.said for w in new.wishes if w.kind == "lodging_area"]
    assert said == ["住曾厝垵附近"], said


def test_a_wished_stay_moved_away_says_the_true_reason_without_the_typo() -> None:
    """Moved away from 鼓浪屿 by 「换个住处」: the row says the island's lodging is known (not
    「知识库里那里没有住宿」) and names it once (not 「鼓浪屿岛上上」)."""
    before = planned("去厦门玩3天，住在鼓浪屿上")
    after = apply_edit(before, SwapLodging(day=1), KB).itinerary
    assert "xiamen-lodging-gulangyu" not in nights(after), nights(after)
    (row,) = rows(after)
    assert row.status == "not", row
    assert "岛上上" not in row.message and "没有住宿" not in (row.reason or ""), row
    assert "鼓浪屿岛上" in (row.reason or ""), row


def test_a_place_with_no_lodging_near_says_the_nearest_area_and_how_far() -> None:
    """「住环球影城附近」 in 北京 (no lodging area known there): ❌ with the area chosen instead,
    the nearest one and its distance."""
    p = planned("去北京玩4天，住环球影城附近")
    (row,) = rows(p)
    assert row.status == "not", row
    stayed = {i.name for d in p.days for i in d.items if i.kind == ItemKind.LODGING}
    assert any(name in row.message for name in stayed), (row, stayed)
    assert "最近的是" in (row.reason or "") and "公里" in (row.reason or ""), row


def test_night_counts_are_read_with_the_lodging_wish() -> None:
    cases = {
        "在山顶住一晚": (["山顶"], [], 1, False),
        "在古镇里住两晚": (["古镇里"], [], 2, False),
        "最后一晚住机场附近": ([], ["near-airport"], 1, True),
        "one night on the mountain": (["山顶"], [], 1, False),
        "去厦门3天2晚，住在鼓浪屿上": (["鼓浪屿"], [], 0, False),
    }
    for text, (near, features, count, last) in cases.items():
        found = find_lodging(text)
        assert (found.near, found.features, found.nights, found.last) == (
            near, features, count, last), (text, found)  # fmt: skip


def test_one_night_on_the_summit_is_one_night_there() -> None:
    """「在山顶住一晚」 on 3 days of 黄山 slept both nights at the summit (1700 a night): now one,
    the other where the planner puts it, the row saying which night."""
    p = planned("去黄山玩3天，在山顶住一晚")
    got = nights(p)
    assert got.count("huangshan-lodging-summit") == 1 and len(got) == 2, got
    (row,) = rows(p)
    assert row.status == "honoured" and "第1晚" in row.message, row
    en = planned("Three days in Huangshan, one night on the mountain")
    assert nights(en).count("huangshan-lodging-summit") == 1, nights(en)


def test_the_last_night_near_the_airport_is_the_last_night_only() -> None:
    """「最后一晚住机场附近」: the last night by 虹桥, the others where the sights are."""
    p = planned("从北京去上海玩4天，最后一晚住机场附近")
    got = nights(p)
    hongqiao = "shanghai-lodging-hongqiao"
    assert got[-1] == hongqiao and hongqiao not in got[:-1], got
    (row,) = rows(p, "lodging_feature")
    assert row.status == "honoured" and f"第{len(got)}晚" in row.message, row


def test_one_night_said_on_a_one_night_trip_is_every_night() -> None:
    """「乌镇两天，想住一晚看夜景」: the one night is the night with the view (a count as long as
    the stay is no count)."""
    got = nights(planned("乌镇两天，想住一晚看夜景"))
    assert got and set(got) <= {"wuzhen-lodging-xizha", "wuzhen-lodging-xizha-outside"}, got


async def test_one_night_on_the_summit_said_after_the_plan_is_that_trip_and_one_night(
    tmp_path: Path,
) -> None:
    """「在山顶住一晚」 after a 黄山 plan was read as a new trip to 香港's 太平山顶 (「一晚」: 2 days);
    now the 黄山 trip is planned again with one summit night, the row saying which."""
    agent = Agent(
        working_directory=tmp_path, database=tmp_path / "a.db", today=dt.date(2026, 12, 1)
    )
    try:
        await agent.arun("去黄山玩3天")
        await agent.arun("在山顶住一晚")
    finally:
        agent.close()
    after = itineraries.load(open_database(tmp_path / "a.db"), 1)
    assert after.request.destinations == ("huangshan",), after.request.destinations
    got = nights(after)
    assert got.count("huangshan-lodging-summit") == 1 and len(got) == 2, got
    (row,) = rows(after)
    assert row.status == "honoured" and "第1晚" in row.message, row


def test_a_form_wish_to_sleep_at_a_lodging_named_on_it_says_it_once() -> None:
    """A structured request (the desktop form) for the lodging 鼓浪屿岛上, on site: 「住鼓浪屿岛上」,
    not 「住鼓浪屿岛上上」; a sight keeps its 「上」."""
    from engine.domain.request import LodgingWish, TripRequest
    from engine.planning.wishes import implied

    def said(near: str) -> list[str]:
        request = TripRequest(destinations=("xiamen",), days=3,
                              lodging=LodgingWish(near=(near,), on_site=True))  # fmt: skip
        return [w.said for w in implied(request, KB) if w.kind == "lodging_area"]

    assert said("xiamen-lodging-gulangyu") == ["住鼓浪屿岛上"]
    assert said("xiamen-gulangyu") == ["住鼓浪屿上"]
