"""Storage: migrations, WAL, conversations and the itinerary library with versions and undo."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import text

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.storage import conversations, itineraries
from engine.storage.db import database_path, open_database


def _itinerary(title: str = "上海出发·黄山2日游") -> Itinerary:
    request = TripRequest(destinations=("huangshan",), days=1, departure="shanghai")
    item = Item(
        kind=ItemKind.ATTRACTION,
        name="宏村",
        poi_id="huangshan-hongcun",
        start=dt.time(9),
        end=dt.time(11),
        lat=30.0,
        lon=117.9,
        cost_cny=208,
    )
    day = Day(index=1, date=dt.date(2026, 12, 5), destination="huangshan", items=(item,))
    return Itinerary(title=title, request=request, days=(day,))


def test_database_is_migrated_and_in_wal_mode(lvtu_home) -> None:  # type: ignore[no-untyped-def]
    engine = open_database()
    assert database_path() == lvtu_home / "lvtu.db"
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        tables = {
            r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))
        }
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert {
        "itineraries",
        "itinerary_versions",
        "conversations",
        "messages",
        "jobs",
        "job_events",
        "memories",
        "settings",
    } <= tables
    assert version is not None
    assert open_database() is engine  # one engine per file per process


def test_messages_are_appended_in_order_with_extras() -> None:
    engine = open_database()
    cid = conversations.create_conversation(engine, title="t")
    conversations.append_messages(
        engine, cid, [{"role": "user", "content": "去黄山"}], turn_id="t1"
    )
    seqs = conversations.append_messages(
        engine,
        cid,
        [
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]},
            {"role": "tool", "content": "{}", "tool_call_id": "c1"},
        ],
        turn_id="t2",
    )
    assert seqs == [2, 3]
    messages = conversations.load_messages(engine, cid)
    assert [m["role"] for m in messages] == ["user", "assistant", "tool"]
    assert messages[1]["content"] is None and messages[1]["tool_calls"] == [{"id": "c1"}]
    assert conversations.turn_saved(engine, cid, "t2")
    assert not conversations.turn_saved(engine, cid, "t3")
    with pytest.raises(ValueError):
        conversations.append_messages(engine, 999, [{"role": "user", "content": "x"}])


def test_itinerary_versions_restore_duplicate_and_undoable_delete() -> None:
    engine = open_database()
    first = _itinerary()
    iid = itineraries.save_new(engine, first)
    loaded = itineraries.load(engine, iid)
    assert loaded.id == iid and loaded.version == 1 and loaded.days == first.days

    second = loaded.model_copy(update={"title": "改过的", "guide": "# 攻略"})
    assert itineraries.add_version(engine, second, change_note="第二天轻松一点") == 2
    assert itineraries.load(engine, iid).title == "改过的"
    assert itineraries.load(engine, iid, version=1).title == first.title
    assert [v[0] for v in itineraries.versions(engine, iid)] == [1, 2]
    assert itineraries.restore_version(engine, iid, 1) == 3
    assert itineraries.load(engine, iid).title == first.title

    copy_id = itineraries.duplicate(engine, iid)
    assert itineraries.load(engine, copy_id).title.endswith("（副本）")
    summaries = itineraries.list_summaries(engine)
    assert {s.id for s in summaries} == {iid, copy_id}
    assert [s.id for s in itineraries.list_summaries(engine, search="huangshan")] != []

    itineraries.delete(engine, iid)
    assert iid not in {s.id for s in itineraries.list_summaries(engine)}
    with pytest.raises(itineraries.NotFoundError):
        itineraries.load(engine, iid)
    itineraries.undelete(engine, iid)
    assert itineraries.load(engine, iid).id == iid


def test_update_current_overwrites_in_place() -> None:
    engine = open_database()
    iid = itineraries.save_new(engine, _itinerary())
    current = itineraries.load(engine, iid)
    itineraries.update_current(engine, current.model_copy(update={"guide": "# 新攻略"}))
    assert itineraries.load(engine, iid).guide == "# 新攻略"
    assert [v[0] for v in itineraries.versions(engine, iid)] == [1]
    assert itineraries.list_summaries(engine)[0].has_guide


def test_a_missing_version_is_not_found_and_tokens_add_to_the_version_named() -> None:
    engine = open_database()
    iid = itineraries.save_new(engine, _itinerary())
    with pytest.raises(itineraries.NotFoundError, match="has no version 9"):
        itineraries.load(engine, iid, version=9)
    with pytest.raises(itineraries.NotFoundError, match="has no version 9"):
        itineraries.add_usage(engine, iid, 9, 100, 50)
    itineraries.add_usage(engine, iid, 1, 100, 50)
    itineraries.add_usage(engine, iid, 1, 20, 5)
    assert itineraries.usage(engine, iid, version=1) == (120, 55)


def test_a_turn_is_read_in_order_and_dropped_whole_or_its_answer_only() -> None:
    engine = open_database()
    cid = conversations.create_conversation(engine, title="t")
    call = {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]}
    turn = [{"role": "user", "content": "去黄山"}, call,
            {"role": "tool", "content": "{}", "tool_call_id": "c1"},
            {"role": "assistant", "content": "好的"}]  # fmt: skip
    conversations.append_messages(engine, cid, turn, turn_id="t1")
    conversations.append_messages(engine, cid, [{"role": "user", "content": "x"}], turn_id="t2")
    assert conversations.turn_messages(engine, cid, "t1") == turn
    assert conversations.drop_turn(engine, cid, "t1", answer_only=True) == 1  # the answer
    assert conversations.turn_messages(engine, cid, "t1") == turn[:3]
    assert conversations.drop_turn(engine, cid, "t1", answer_only=True) == 0  # a tool reply last
    assert conversations.drop_turn(engine, cid, "t1") == 3
    assert conversations.turn_messages(engine, cid, "t1") == []
    assert [m["content"] for m in conversations.load_messages(engine, cid)] == ["x"]
