"""「在X多待一会儿」 / 「X少待一会」 / "more time at X": the visit gets longer (another sight of the
day moves or is left out, said) or shorter; a longer visit the day cannot hold is refused with
the longest one it can."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.editing import EditRefused, SetStopTime, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import LONGER_MIN, parse_edits


def length(it: Itinerary, poi_id: str) -> int:
    item = next(i for d in it.days for i in d.items
                if i.poi_id == poi_id and i.kind == ItemKind.ATTRACTION)  # fmt: skip
    return clock_minutes(item.end) - clock_minutes(item.start)


def sights(it: Itinerary) -> list[str]:
    return [i.poi_id or "" for d in it.days for i in d.items if i.kind == ItemKind.ATTRACTION]


@pytest.mark.parametrize(
    ("said", "longer"),
    [("想多逛逛{zh}", True), ("在{zh}多待一会儿", True), ("more time at {en} please", True),
     ("{zh}少待一会", False), ("less time at {en}", False)],
)  # fmt: skip
def test_more_or_less_time_is_read_as_a_visit_length(
    hangzhou: Itinerary, kb: KnowledgeBase, said: str, longer: bool
) -> None:
    poi = max(sights(hangzhou), key=lambda p: length(hangzhou, p))
    place = kb.place(poi)
    assert place is not None
    edits, rest = parse_edits(said.format(zh=place.name_zh, en=place.name_en), hangzhou, kb)
    assert len(edits) == 1 and isinstance(edits[0], SetStopTime), (edits, rest)
    now = length(hangzhou, poi)
    assert edits[0].stop == poi and edits[0].start is None
    assert edits[0].minutes == (now + LONGER_MIN if longer else max(30, now * 2 // 3))


def test_a_longer_visit_is_made_or_refused_with_what_fits(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    made = 0
    for poi in sights(hangzhou):
        place = kb.place(poi)
        assert place is not None
        was = length(hangzhou, poi)
        (edit,), _ = parse_edits(f"在{place.name_zh}多待一会儿", hangzhou, kb)
        assert isinstance(edit, SetStopTime)
        try:
            result = apply_edit(hangzhou, edit, kb)
        except EditRefused as refused:
            alt = refused.alternative
            if isinstance(alt, SetStopTime) and alt.stop == poi:
                assert was < (alt.minutes or 0) < (edit.minutes or 0)
                assert f"多待{(alt.minutes or 0) - was}分钟" in refused.message("zh")
                assert length(apply_edit(hangzhou, alt, kb).itinerary, poi) == alt.minutes
            continue
        made += 1
        new = result.itinerary
        said = result.warning_text("zh") + "".join(zh for zh, _en in result.notes)
        gone = set(sights(hangzhou)) - set(sights(new))
        if "再长就要去掉" in said:  # a little longer, every other sight kept
            assert not gone and was < length(new, poi) < (edit.minutes or 0), said
            assert f"多待{length(new, poi) - was}分钟" in said, said
        else:  # the whole hour: a sight of the day moves or is left out, said
            assert length(new, poi) == edit.minutes, said
            for other in gone:
                name = kb.place(other)
                assert name is not None and name.name_zh in said, said
    assert made, "no sight of the plan could be given more time"


def test_a_little_longer_before_a_sight_is_dropped(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    """Where the day holds 15–45 more minutes with every sight, that is what is made."""
    seen = []
    for poi in sights(hangzhou):
        place = kb.place(poi)
        assert place is not None
        (edit,), _ = parse_edits(f"想多逛逛{place.name_zh}", hangzhou, kb)
        try:
            result = apply_edit(hangzhou, edit, kb)
        except EditRefused:
            continue
        seen.append(set(sights(hangzhou)) - set(sights(result.itinerary)))
    assert any(not gone for gone in seen), seen  # some sight got longer with nothing dropped
