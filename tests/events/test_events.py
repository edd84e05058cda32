"""Typed events: the codec reads rows written before payloads were typed, round-trips every
type, and `describe` words each event in one line, zh and en."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from engine.cli.jobs_cmd import format_event
from engine.events import (
    Done,
    Event,
    EventType,
    ItineraryReady,
    JobStarted,
    StateChanged,
    decode,
    describe,
    dumps,
    encode,
    from_dict,
    to_dict,
)
from tests.helpers.itineraries import small_itinerary

AT = dt.datetime(2026, 5, 1, 8, 30, tzinfo=dt.UTC)
#: One row per type as releases before typed payloads stored it in ``job_events.data``.
OLD_ROWS: dict[EventType, dict[str, Any]] = {
    EventType.JOB_STARTED: {"kind": "plan", "request": {"text": "黄山两天"}, "conversation_id": 3},
    EventType.THINKING_STEP: {"step": "understand", "message": "解析请求"},
    EventType.TOKEN: {"text": "好\n的"},
    EventType.TOOL_CALL: {"id": "c1", "name": "plan_trip", "arguments": {"days": 2}},
    EventType.TOOL_RESULT: {"id": "c1", "name": "plan_trip", "result": {"ok": True}},
    EventType.ITINERARY: {
        "itinerary_id": 7,
        "version": 1,
        "itinerary": small_itinerary(itinerary_id=7).model_dump(mode="json"),
    },
    EventType.FEASIBILITY: {
        "checks": [{"code": "budget", "passed": False, "message": "超出预算"}],
        "passed": False,
    },
    EventType.GUIDE_DELTA: {"text": "# 黄山"},
    EventType.GUIDE_WRITTEN: {"itinerary_id": 7},
    EventType.SUGGESTED_QUESTIONS: {"questions": ["可以更轻松吗？", "有素食吗？"]},
    EventType.USAGE: {"input_tokens": 12, "output_tokens": 34, "estimated": True},
    EventType.STATE_CHANGED: {
        "state": "queued",
        "previous": "interrupted",
        "resume": {"stage": "itinerary", "seq": 9},
    },
    EventType.ERROR: {"code": "budget", "message": "超出预算"},
    EventType.DONE: {"status": "failed", "itinerary_id": 7, "error": "budget: 超出预算"},
}
#: What `describe` says for some of them (zh, en).
WORDS = {
    EventType.JOB_STARTED: ("开始：黄山两天", "Started: 黄山两天"),
    EventType.ITINERARY: (
        "行程 #7 已生成：黄山两日（2天）",
        "Itinerary #7 ready: 黄山两日 (2 days)",
    ),
    EventType.FEASIBILITY: ("不可行：1项检查未通过", "Not feasible: 1 check failed"),
    EventType.STATE_CHANGED: ("继续：行程已保留", "Resuming: the itinerary is kept"),
    EventType.DONE: ("失败：budget: 超出预算", "Failed: budget: 超出预算"),
    EventType.USAGE: (
        "模型用量：输入 12 / 输出 34 tokens（估算）",
        "Model usage: 12 in / 34 out tokens (estimated)",
    ),
    EventType.TOKEN: ("回答：好⏎的", "Answer: 好⏎的"),
    EventType.TOOL_CALL: ("调用 plan_trip", "Calling plan_trip"),
    EventType.TOOL_RESULT: ("plan_trip 完成", "plan_trip finished"),
    EventType.GUIDE_WRITTEN: ("攻略已写好", "Guide written"),
    EventType.ERROR: ("超出预算", "超出预算"),
}


def test_every_event_type_has_an_old_row_here() -> None:
    assert set(OLD_ROWS) == set(EventType)


@pytest.mark.parametrize("kind", list(EventType), ids=[t.value for t in EventType])
def test_old_rows_decode_into_their_payload_and_round_trip(kind: EventType) -> None:
    payload = decode(kind.value, OLD_ROWS[kind])
    assert payload.TYPE is kind
    stored = json.loads(json.dumps(encode(payload), ensure_ascii=False))
    assert decode(kind, stored) == payload
    assert json.loads(dumps(payload)) == stored  # the text the log keeps
    event = Event("j", 4, payload, AT)
    assert from_dict(json.loads(json.dumps(to_dict(event)))) == event


def test_old_rows_keep_their_meaning() -> None:
    started = decode("job_started", OLD_ROWS[EventType.JOB_STARTED])
    assert started == JobStarted("plan", "黄山两天", "zh", 3)
    snapshot = decode("itinerary", OLD_ROWS[EventType.ITINERARY])
    assert isinstance(snapshot, ItineraryReady)
    assert snapshot.itinerary.title == "黄山两日" and len(snapshot.itinerary.days) == 2
    resumed = decode("state_changed", OLD_ROWS[EventType.STATE_CHANGED])
    assert isinstance(resumed, StateChanged) and resumed.resume is not None
    assert (resumed.resume.stage, resumed.resume.seq) == ("itinerary", 9)
    # an agent's ``done`` had no ``error``; a job's had no ``version``
    assert decode("done", {"status": "succeeded", "reason": None, "itinerary_id": 7}) == Done(
        "succeeded", itinerary_id=7
    )
    # a structured request is summarised in its own language, with no JSON
    form = {"trip_request": {"destinations": ["huangshan"], "days": 2, "lang": "en"}}
    assert decode("job_started", {"kind": "plan", "request": form}).text == "huangshan, 2 days"


def test_an_unknown_type_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        decode("weather", {})


@pytest.mark.parametrize("kind", list(EventType), ids=[t.value for t in EventType])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_one_line_per_event(kind: EventType, lang: str) -> None:
    event = Event("j", 12, decode(kind, OLD_ROWS[kind]), AT)
    line = describe(event, lang)
    assert line and "\n" not in line and not any(ch in line for ch in '{}[]"')
    if lang == "zh":
        assert kind.value not in line  # a Chinese label, not the raw type name
    if kind in WORDS:
        assert line == WORDS[kind][0 if lang == "zh" else 1]
    watched = format_event(event, lang)
    assert watched.startswith("[  12] ") and watched.endswith(line)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_failed_tool_says_its_message(lang: str) -> None:
    failed = {"name": "plan_trip", "result": {"error": {"code": "x", "message": "没有车次"}}}
    line = describe(Event("j", 4, decode("tool_result", failed), AT), lang)
    assert line == ("plan_trip 出错：没有车次" if lang == "zh" else "plan_trip failed: 没有车次")
