"""One leg's mode asked for in a follow-up ("We'd rather take the train from Xi'an to Chengdu",
F32): that leg changes, the others keep theirs, and the answer names the leg that changed."""

from __future__ import annotations

from engine.agent.texts import ways_changed
from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.understanding import parse_request
from engine.understanding.revision_wishes import add_wishes
from tests.helpers.plans import KB, SATURDAY


def _modes(p: Itinerary) -> list[tuple[str, str]]:
    return [(i.name, i.mode.value if i.mode else "") for d in p.days for i in d.items
            if i.kind is ItemKind.INTERCITY and i.overnight != "arrive"]  # fmt: skip


def test_train_from_xian_to_chengdu_changes_that_leg_only() -> None:
    parsed = parse_request("从北京出发，去西安、成都、桂林玩9天，两个人", KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    request = parsed.request.model_copy(update={"start_date": SATURDAY})
    before = plan_trip(request, KB)
    asked, changes = add_wishes(
        "We'd rather take the train from Xi'an to Chengdu", request, KB, "en"
    )
    assert asked.leg_transport == ("xian>chengdu:train",), asked.leg_transport
    assert asked.prefer_transport == request.prefer_transport  # the trip's modes untouched
    assert changes
    after = plan_trip(asked, KB)
    old, new = _modes(before), _modes(after)
    assert len(old) == len(new), (old, new)
    moved = [(o, n) for o, n in zip(old, new, strict=True) if o[1] != n[1]]
    assert len(moved) == 1 and "成都" in moved[0][1][0] and moved[0][1][1] in ("hsr", "train"), (
        old,
        new,
    )
    said = ways_changed(before, after, "zh")
    assert len(said) == 1 and moved[0][1][0] in said[0], said  # the leg that changed, named
    assert after.feasibility is not None
    row = next(w for w in after.feasibility.wishes if w.kind == "leg_transport")
    assert row.status == "honoured" and "成都东站" in row.message, row.message
