"""Regional trips (issue 12), in words: 「一家六口」 planned as 2 adults + 4 children is said to
be a guess; 「最后一天直接回西宁，不要绕路」 on a 青海湖 trip from 西宁 is the way home (it was
answered as a place of another city); the day of the ride home is never 「刚到高原，先适应海拔」."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.apply import apply_edits
from engine.editing.ops import RemoveStop
from engine.planning import plan_trip
from engine.understanding import parse_request
from engine.understanding.edits import parse_edits
from engine.understanding.unread import clause_answer
from tests.helpers.plans import KB, SATURDAY


def _party_row(text: str) -> str:
    result = parse_request(text, KB, today=SATURDAY)
    assert result.request is not None, result.message()
    plan = plan_trip(result.request, KB)
    assert plan.feasibility is not None
    return next(w.message for w in plan.feasibility.wishes if w.kind == "party")


def test_a_large_family_split_is_said_to_be_a_guess() -> None:
    row = _party_row("一家六口，2027-02-10到2027-02-14从成都自驾去九寨沟")
    assert "按2位成人、4个孩子安排" in row and "这是猜的" in row, row
    said = _party_row("一家三口，2027-02-10到2027-02-12从成都去九寨沟")
    assert "猜" not in said, said  # 一家三口 is two parents and a child: no guess to say


def test_the_day_home_is_not_an_arrival_at_altitude() -> None:
    result = parse_request("一家六口，开两辆车，2027-02-10到2027-02-14从成都自驾去九寨沟", KB,
                           today=SATURDAY)  # fmt: skip
    assert result.request is not None
    plan = plan_trip(result.request, KB)
    last = plan.days[-1]
    assert any(i.kind == ItemKind.INTERCITY for i in last.items)
    assert not any("先适应海拔" in i.name for i in last.items), [i.name for i in last.items]
    first = plan.days[0]  # the day of arrival still rests after the drive up
    rests = [i for i in first.items if i.kind == ItemKind.FREE]
    assert all("先适应海拔" in i.name for i in rests if i.start.hour >= 12), rests


def _lake_plan() -> tuple[Itinerary, list[str | None]]:
    result = parse_request("从西宁出发去青海湖玩2天", KB, today=SATURDAY)
    assert result.request is not None
    # 「青海湖」 names 二郎剑 too (a must-see stays on the way home): not named here
    plan = plan_trip(result.request.model_copy(update={"must_see": ()}), KB)
    last = plan.days[-1]
    sights = [i.poi_id for i in last.items if i.kind == ItemKind.ATTRACTION]
    assert sights and any(i.kind == ItemKind.INTERCITY for i in last.items)
    return plan, sights


def test_straight_back_to_the_origin_is_the_way_home() -> None:
    plan, sights = _lake_plan()
    edits, _ = parse_edits("最后一天直接回西宁，不要绕路", plan, KB, today=SATURDAY)
    assert [e for e in edits if isinstance(e, RemoveStop)] == [
        RemoveStop(stop=s) for s in dict.fromkeys(sights) if s
    ]
    changed = apply_edits(plan, edits, KB).itinerary
    last = changed.days[-1]
    assert not any(i.kind == ItemKind.ATTRACTION for i in last.items)
    assert any(i.kind == ItemKind.INTERCITY for i in last.items)


def test_straight_back_elsewhere_or_another_day_is_not_the_way_home() -> None:
    plan, _ = _lake_plan()
    for text in ("最后一天直接回酒店", "第1天直接回西宁"):
        edits, _ = parse_edits(text, plan, KB, today=SATURDAY)
        assert not [e for e in edits if isinstance(e, RemoveStop)], (text, edits)


def test_a_last_day_already_straight_home_is_said_so() -> None:
    plan, _ = _lake_plan()
    edits, _ = parse_edits("最后一天直接回西宁，不要绕路", plan, KB, today=SATURDAY)
    straight = apply_edits(plan, edits, KB).itinerary
    again, rest = parse_edits("最后一天直接回西宁，不要绕路", straight, KB, today=SATURDAY)
    assert not again and rest
    answer = clause_answer(rest[0], "最后一天直接回西宁，不要绕路", straight, KB, "zh")
    assert answer is not None and "已经是回程的一天" in answer.text, answer
