"""One readable line per event, in Chinese or English (CLI ``lvtu jobs watch``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.events import Event, EventType

_STATES = {
    "zh": {
        "queued": "排队中",
        "running": "运行中",
        "succeeded": "已完成",
        "failed": "失败",
        "cancelled": "已取消",
        "interrupted": "已中断",
        None: "—",
    },
    "en": {
        "queued": "queued",
        "running": "running",
        "succeeded": "succeeded",
        "failed": "failed",
        "cancelled": "cancelled",
        "interrupted": "interrupted",
        None: "—",
    },
}


def state_name(state: str | None, lang: str = "zh") -> str:
    """A job state in `lang` (zh or en)."""
    names = _STATES["zh" if lang == "zh" else "en"]
    return names.get(state, str(state))


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text.replace("\n", "⏎")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _state_changed(d: dict[str, Any], zh: bool) -> str:
    lang = "zh" if zh else "en"
    line = f"{state_name(d.get('previous'), lang)} → {state_name(d.get('state'), lang)}"
    if d.get("resume"):
        stage = d["resume"].get("stage") or ("开头" if zh else "the start")
        line += f"（从检查点 {stage} 继续）" if zh else f" (resuming from {stage})"
    if d.get("reason"):
        line += f"（{d['reason']}）" if zh else f" ({d['reason']})"
    return ("状态：" if zh else "state: ") + line


def _feasibility(d: dict[str, Any], zh: bool) -> str:
    failed = [c for c in d.get("checks", ()) if not c.get("passed", True)]
    if d.get("passed", not failed):
        return "可行性：通过" if zh else "feasibility: passed"
    return f"可行性：{len(failed)} 项未通过" if zh else f"feasibility: {len(failed)} checks failed"


def _usage(d: dict[str, Any], zh: bool) -> str:
    est = ("（估算）" if zh else " (estimated)") if d.get("estimated") else ""
    i, o = d.get("input_tokens", 0), d.get("output_tokens", 0)
    return f"用量：输入 {i} / 输出 {o} tokens{est}" if zh else f"usage: {i} in / {o} out{est}"


def _done(d: dict[str, Any], zh: bool) -> str:
    line = ("结束：" if zh else "done: ") + state_name(d.get("status"), "zh" if zh else "en")
    if d.get("itinerary_id"):
        line += f"，行程 #{d['itinerary_id']}" if zh else f", itinerary #{d['itinerary_id']}"
    if d.get("error"):
        line += f"（{d['error']}）" if zh else f" ({d['error']})"
    return line


def _itinerary(d: dict[str, Any], zh: bool) -> str:
    it = d.get("itinerary") or {}
    days = len(it.get("days") or ())
    title = it.get("title", "")
    if zh:
        return f"行程 #{d.get('itinerary_id')}：{title}（{days} 天）"
    return f"itinerary #{d.get('itinerary_id')}: {title} ({days} days)"


def _started(d: dict[str, Any], zh: bool) -> str:
    """The request as a person wrote it, or a short summary of a structured one (no JSON)."""
    request = d.get("request") or {}
    trip = request.get("trip_request") or {}
    text = request.get("text") or trip.get("text")
    if not text and trip:
        places = (
            "、".join(trip.get("destinations") or ())
            if zh
            else ", ".join(trip.get("destinations") or ())
        )
        days = trip.get("days")
        text = f"{places}，{days} 天" if zh else f"{places}, {days} days"
    return ("开始：" if zh else "started: ") + _short(text or "—")


def _tool_result(d: dict[str, Any], zh: bool) -> str:
    """``plan_trip 完成`` / ``plan_trip finished`` (an error: its message), never the payload."""
    name, result = d.get("name"), d.get("result")
    error = result.get("error") if isinstance(result, dict) else None
    if error:
        message = error.get("message", "") if isinstance(error, dict) else error
        return (f"{name} 出错：" if zh else f"{name} failed: ") + _short(str(message), 50)
    return f"{name} 完成" if zh else f"{name} finished"


_LINES: dict[EventType, Callable[[dict[str, Any], bool], str]] = {
    EventType.STATE_CHANGED: _state_changed,
    EventType.JOB_STARTED: _started,
    EventType.THINKING_STEP: lambda d, zh: (
        ("思考：" if zh else "thinking: ") + _short(d.get("message") or d.get("step", ""))
    ),
    EventType.TOKEN: lambda d, zh: ("输出：" if zh else "text: ") + _short(d.get("text", "")),
    EventType.TOOL_CALL: lambda d, zh: ("调用 " if zh else "calling ") + str(d.get("name")),
    EventType.TOOL_RESULT: _tool_result,
    EventType.ITINERARY: _itinerary,
    EventType.FEASIBILITY: _feasibility,
    EventType.GUIDE_DELTA: lambda d, zh: (
        ("攻略：" if zh else "guide: ") + _short(d.get("text", ""))
    ),
    EventType.GUIDE_WRITTEN: lambda d, zh: (
        f"攻略已写入行程 #{d.get('itinerary_id')}"
        if zh
        else f"guide written to itinerary #{d.get('itinerary_id')}"
    ),
    EventType.SUGGESTED_QUESTIONS: lambda d, zh: (
        ("推荐问题：" if zh else "suggested: ") + " / ".join(d.get("questions", ()))
    ),
    EventType.USAGE: _usage,
    EventType.ERROR: lambda d, zh: (
        ("错误" if zh else "error") + f" [{d.get('code')}]{'：' if zh else ': '}{d.get('message')}"
    ),
    EventType.DONE: _done,
}


def format_event(event: Event, lang: str = "zh") -> str:
    """``[seq] HH:MM:SS text`` — local time; `lang` is ``zh`` or ``en``. Tool calls and results
    are one short line each (``调用 plan_trip``), never their JSON (``lvtu jobs watch --json``
    prints the events themselves)."""
    stamp = event.at.astimezone().strftime("%H:%M:%S")
    try:
        text = _LINES[event.type](event.data, lang == "zh")
    except (AttributeError, KeyError, TypeError):  # malformed data: still one honest line
        text = f"{event.type.value}: {_short(event.data)}"
    return f"[{event.seq:>4}] {stamp} {text}"
