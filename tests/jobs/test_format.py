"""One readable line per event, zh and en."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from engine.events import Event, EventType
from engine.jobs.format import format_event

DATA: dict[EventType, dict[str, Any]] = {
    EventType.JOB_STARTED: {"kind": "plan", "request": {"text": "黄山两天"}},
    EventType.THINKING_STEP: {"step": "understand", "message": "解析请求"},
    EventType.TOKEN: {"text": "好\n的"},
    EventType.TOOL_CALL: {"id": "c1", "name": "plan_trip", "arguments": {"days": 2}},
    EventType.TOOL_RESULT: {"id": "c1", "name": "plan_trip", "result": {"ok": True}},
    EventType.ITINERARY: {"itinerary_id": 7, "itinerary": {"title": "黄山两日", "days": [{}, {}]}},
    EventType.FEASIBILITY: {"checks": [{"code": "budget", "passed": False}], "passed": False},
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
EXPECT = {
    EventType.ITINERARY: ("行程 #7：黄山两日（2 天）", "itinerary #7: 黄山两日 (2 days)"),
    EventType.FEASIBILITY: ("可行性：1 项未通过", "feasibility: 1 checks failed"),
    EventType.STATE_CHANGED: (
        "已中断 → 排队中（从检查点 itinerary 继续）",
        "interrupted → queued (resuming from itinerary)",
    ),
    EventType.DONE: (
        "结束：失败，行程 #7（budget: 超出预算）",
        "done: failed, itinerary #7 (budget: 超出预算)",
    ),
    EventType.USAGE: ("输入 12 / 输出 34 tokens（估算）", "12 in / 34 out (estimated)"),
    EventType.TOKEN: ("好⏎的", "好⏎的"),
    EventType.TOOL_CALL: ("调用 plan_trip", "calling plan_trip"),
    EventType.TOOL_RESULT: ("plan_trip 完成", "plan_trip finished"),
}


def test_every_event_type_has_data_here():
    assert set(DATA) == set(EventType)


@pytest.mark.parametrize("kind", list(EventType), ids=[t.value for t in EventType])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_one_line_per_event(kind: EventType, lang: str):
    at = dt.datetime(2026, 5, 1, 8, 30, tzinfo=dt.UTC)
    line = format_event(Event(job_id="j", seq=12, type=kind, data=DATA[kind], at=at), lang)
    assert line.startswith("[  12] ") and "\n" not in line
    if lang == "zh":
        assert kind.value not in line  # a Chinese label, not the raw type name
    if kind in EXPECT:
        assert EXPECT[kind][0 if lang == "zh" else 1] in line


def test_malformed_data_still_gives_one_line():
    line = format_event(Event(job_id="j", seq=1, type=EventType.ITINERARY, data={"itinerary": 3}))
    assert line.startswith("[   1]") and "itinerary" in line


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tool_calls_results_and_structured_requests_show_no_json(lang: str):
    at = dt.datetime(2026, 5, 1, 8, 30, tzinfo=dt.UTC)
    big = {"request": {"departure": "shanghai", "destinations": ["huangshan"], "days": 2}}
    trip = {"trip_request": {"destinations": ["huangshan"], "days": 2, "text": None}}
    events = [
        Event(job_id="j", seq=1, type=EventType.TOOL_CALL, data={"name": "plan_trip", "arguments": big}, at=at),
        Event(job_id="j", seq=2, type=EventType.TOOL_RESULT, data={"name": "plan_trip", "result": {"itinerary_id": 1, "title": "x"}}, at=at),
        Event(job_id="j", seq=3, type=EventType.JOB_STARTED, data={"kind": "plan", "request": trip}, at=at),
    ]  # fmt: skip
    lines = [format_event(e, lang).split("] ", 1)[1] for e in events]  # without "[seq] "
    assert not any(ch in line for line in lines for ch in '{}[]"')
    assert lines[2].endswith(
        "开始：huangshan，2 天" if lang == "zh" else "started: huangshan, 2 days"
    )
    failed = {"name": "plan_trip", "result": {"error": {"code": "x", "message": "没有车次"}}}
    line = format_event(
        Event(job_id="j", seq=4, type=EventType.TOOL_RESULT, data=failed, at=at), lang
    )
    assert line.endswith(
        "plan_trip 出错：没有车次" if lang == "zh" else "plan_trip failed: 没有车次"
    )
