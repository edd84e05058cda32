"""Concurrent edits of one plan from parallel processes: none is lost; a stale one that no
longer applies is refused saying so."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import (
    AddDay,
    ChangeParty,
    EditRefused,
    LockStop,
    MoveStop,
    RemoveStop,
    edit_from_json,
    edit_itinerary,
    edit_to_json,
)
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database


def _edit_in_process(path: str, edit: dict[str, object], start: Any, out: str) -> None:
    """One process: load the knowledge base, wait until every process has (the `start`
    barrier), apply one edit made on version 1, write what happened."""
    from engine.knowledge.base import default_knowledge

    kb = default_knowledge()
    engine = open_database(Path(path))
    start.wait(timeout=300)
    try:
        applied = edit_itinerary(engine, 1, [edit_from_json(edit)], kb, base_version=1)
        Path(out).write_text(f"ok {applied.itinerary.version} {applied.applied_on}")
    except EditRefused as exc:
        Path(out).write_text(f"refused {exc.code} {exc.en}")


def test_four_processes_editing_version_one_lose_nothing(
    huangshan: Itinerary, tmp_path: Path
) -> None:
    path = tmp_path / "shared.db"
    engine = open_database(path)
    assert itineraries.save_new(engine, huangshan) == 1
    other, other_id = next(
        (i.name, i.poi_id)
        for i in huangshan.days[0].items  # a second sight of day 1
        if i.kind == ItemKind.ATTRACTION and i.poi_id != "huangshan-tunxi-old-street"
    )
    edits = [LockStop(stop="屯溪老街"), LockStop(stop=other), AddDay(at="end"),
             ChangeParty(adults=2)]  # fmt: skip
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(edits))  # passed once every process has loaded the knowledge base
    env_home = os.environ.get("LVTU_HOME")
    assert env_home
    workers = [
        context.Process(target=_edit_in_process,
                        args=(str(path), edit_to_json(e), start, str(tmp_path / f"out{n}")))
        for n, e in enumerate(edits)
    ]  # fmt: skip
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=360)
        assert w.exitcode == 0
    said = [(tmp_path / f"out{n}").read_text() for n in range(len(edits))]
    assert all(s.startswith("ok") for s in said), said
    assert sorted(int(s.split()[1]) for s in said) == [2, 3, 4, 5]  # one version each
    final = itineraries.load(engine, 1)
    assert final.version == 5
    locked = {i.poi_id for d in final.days for i in d.items if i.locked}
    assert {"huangshan-tunxi-old-street", other_id} <= locked
    assert len(final.days) == 3 and final.request.party.size == 2
    lodging = next(i for i in final.days[0].items if i.kind == ItemKind.LODGING)
    assert "× 1间" in (lodging.note or "")  # two adults share one room
    notes = [note for _v, note, _at in itineraries.versions(engine, 1)[1:]]
    assert sum("应用在" in n for n in notes) >= 1  # at least one was applied again on a newer one


def test_a_stale_edit_that_no_longer_applies_is_refused(
    huangshan: Itinerary, kb: KnowledgeBase, tmp_path: Path
) -> None:
    engine = open_database(tmp_path / "one.db")
    itineraries.save_new(engine, huangshan)
    edit_itinerary(engine, 1, [RemoveStop(stop="屯溪老街")], kb, base_version=1)
    with pytest.raises(EditRefused) as refused:
        edit_itinerary(engine, 1, [MoveStop(stop="屯溪老街", day=1, position=3)], kb,
                       base_version=1)  # fmt: skip
    assert refused.value.code == "stale" and "version 1" in refused.value.en
    assert itineraries.load(engine, 1).version == 2  # nothing stored over the other change
    with pytest.raises(itineraries.StaleVersionError):
        itineraries.add_version(engine, huangshan, base_version=1)


def test_dates_are_kept_through_json(huangshan: Itinerary) -> None:
    edit = LockStop(stop="x")
    assert edit_from_json(edit_to_json(edit)) == edit
    assert huangshan.days[0].date == dt.date(2026, 12, 5)
