"""One follow-up, one version (issue 14, finding H13): a follow-up that holds an edit of one day
and a wish for the whole trip (「第二天轻松一点，以后都不想早起」) plans the trip again with the
wish, makes the edit on that new plan and stores both as ONE version with one summary line; an
edit that cannot be made then is said with its reason, the new plan kept (still one version)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.domain.itinerary import Itinerary
from engine.domain.request import Pace
from engine.editing.apply import EditResult
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit, RegenerateDay
from engine.storage import itineraries
from tests.agent.fakes import SEED, FakePipeline

SAID = "第二天轻松一点，以后都不想早起"
DAY_2 = RegenerateDay(day=2, pace=Pace.RELAXED)


def _read(
    text: str, itinerary: Itinerary, kb: Any, **_: Any
) -> tuple[tuple[Edit, ...], tuple[str, ...]]:
    """The edit reader's answer for `SAID`: day 2 lighter, the rest a wish for the trip."""
    assert text == SAID
    return (DAY_2,), ("以后都不想早起",)


def _agent(make_agent: Callable[..., Agent], fake: FakePipeline, edit: Callable[..., Any]) -> Agent:
    pipeline = dataclasses.replace(fake.pipeline(), read_edits=_read, edit=edit)
    return make_agent(pipeline=pipeline)


async def test_a_day_edit_and_a_trip_wish_are_one_version(
    make_agent: Callable[..., Agent], db: Engine, fake: FakePipeline
) -> None:
    seen: list[tuple[Itinerary, Sequence[Edit]]] = []

    def edit(itinerary: Itinerary, edits: Sequence[Edit], kb: Any, **_: Any) -> EditResult:
        seen.append((itinerary, edits))
        request = itinerary.request.model_copy(update={"day_pace": {2: Pace.RELAXED}})
        return EditResult(itinerary.model_copy(update={"request": request}),
                          (("重新安排第2天（轻松）", "planned day 2 again (relaxed)"),))  # fmt: skip

    agent = _agent(make_agent, fake, edit)
    await agent.arun(SEED)
    reply = await agent.arun(SAID)
    versions = itineraries.versions(db, 1)
    assert [v for v, _note, _at in versions] == [1, 2], reply  # one follow-up, one version
    note = versions[-1][1]
    assert "不想早起" in note and "重新安排第2天（轻松）" in note, note  # one line, both said
    assert len(seen) == 1 and seen[0][1] == [DAY_2]
    assert seen[0][0].request.earliest_start == 9 * 60 + 30  # made on the new plan of the trip
    stored = itineraries.load(db, 1)
    assert stored.request.earliest_start == 9 * 60 + 30
    assert stored.request.day_pace == {2: Pace.RELAXED}
    assert "第2版" in reply and "第3版" not in reply, reply


async def test_an_edit_refused_on_the_new_plan_is_said_and_the_plan_kept(
    make_agent: Callable[..., Agent], db: Engine, fake: FakePipeline
) -> None:
    def edit(itinerary: Itinerary, edits: Sequence[Edit], kb: Any, **_: Any) -> EditResult:
        raise EditRefused(
            "unchanged", "第2天的安排已经不多，没有可以再减的", "day 2 is already light"
        )

    agent = _agent(make_agent, fake, edit)
    await agent.arun(SEED)
    reply = await agent.arun(SAID)
    assert [v for v, _note, _at in itineraries.versions(db, 1)] == [1, 2], reply
    assert itineraries.load(db, 1).request.earliest_start == 9 * 60 + 30  # the wish is kept
    assert "没有做「重新安排第2天」" in reply and "没有可以再减的" in reply, reply
