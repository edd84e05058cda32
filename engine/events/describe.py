"""Events worded for people, in Chinese or English: the one wording the CLI's progress lines,
``lvtu jobs watch`` and the desktop's chat pane all show.

Each host picks which events it shows (the CLI's progress leaves tokens out, the desktop leaves
tool calls out, ``jobs watch`` shows everything); what an event says is decided here only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.events.event import Event
from engine.events.payloads import (
    Done,
    ErrorReported,
    FeasibilityChecked,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    JobStarted,
    StateChanged,
    SuggestedQuestions,
    ThinkingStep,
    Token,
    ToolCall,
    ToolResult,
    Usage,
)

_STATES = {
    "queued": ("排队中", "queued"),
    "running": ("运行中", "running"),
    "succeeded": ("已完成", "succeeded"),
    "failed": ("失败", "failed"),
    "cancelled": ("已取消", "cancelled"),
    "interrupted": ("已中断", "interrupted"),
}
_ENDS = {"succeeded": ("完成", "Done"), "cancelled": ("已停止", "Stopped")}
#: Longest piece of streamed text a line shows (characters).
SHORT = 60


def state_name(state: str | None, lang: str = "zh") -> str:
    """A job state (`engine.jobs.JobState` value) in `lang` (``zh``; anything else: English)."""
    if state is None:
        return "—"
    names = _STATES.get(str(state))
    return str(state) if names is None else names[0 if lang == "zh" else 1]


def _pick(zh: bool, chinese: str, english: str) -> str:
    return chinese if zh else english


def _short(text: str, limit: int = SHORT) -> str:
    text = text.replace("\n", "⏎")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _started(p: JobStarted, zh: bool) -> str:
    return _pick(zh, "开始：", "Started: ") + _short(p.text or "—")


def _state(p: StateChanged, zh: bool) -> str:
    if p.resume is not None:
        return _pick(zh, "继续：行程已保留", "Resuming: the itinerary is kept") if p.resume.stage \
            else _pick(zh, "从头继续", "Resuming from the start")  # fmt: skip
    if p.state == "interrupted":
        return _pick(zh, "已中断，可以继续", "Interrupted; it can be resumed")
    lang = "zh" if zh else "en"
    line = f"{state_name(p.previous, lang)} → {state_name(p.state, lang)}"
    if p.reason:
        line += f"（{p.reason}）" if zh else f" ({p.reason})"
    return _pick(zh, "状态：", "State: ") + line


def _tool_result(p: ToolResult, zh: bool) -> str:
    error = p.result.get("error")
    if error:
        message = error.get("message", "") if isinstance(error, dict) else error
        if isinstance(p.result.get("message"), str):  # a tool error the model can correct
            message = f"{error}: {p.result['message']}"
        return _pick(zh, f"{p.name} 出错：", f"{p.name} failed: ") + _short(str(message), 50)
    if refused := p.result.get("refused"):  # an edit the solver or validator found infeasible
        reason = str(p.result.get("reason") or refused)
        return _pick(zh, f"{p.name} 做不到：", f"{p.name} refused: ") + _short(reason, 60)
    if isinstance(done := p.result.get("done"), str):  # an edit made: what it changed
        return f"{p.name}：{_short(done, 60)}" if zh else f"{p.name}: {_short(done, 60)}"
    return _pick(zh, f"{p.name} 完成", f"{p.name} finished")


def _itinerary(p: ItineraryReady, zh: bool) -> str:
    title, days, number = p.itinerary.title, len(p.itinerary.days), p.itinerary_id
    return _pick(
        zh,
        f"行程 #{number} 已生成：{title}（{days}天）",
        f"Itinerary #{number} ready: {title} ({days} days)",
    )


def _feasibility(p: FeasibilityChecked, zh: bool) -> str:
    return p.report.verdict("zh" if zh else "en")  # the one wording of a report's outcome


def _usage(p: Usage, zh: bool) -> str:
    i, o = p.input_tokens, p.output_tokens
    est = _pick(zh, "（估算）", " (estimated)") if p.estimated else ""
    return _pick(zh, f"模型用量：输入 {i} / 输出 {o} tokens{est}",
                 f"Model usage: {i} in / {o} out tokens{est}")  # fmt: skip


def _error(p: ErrorReported, zh: bool) -> str:
    return ("⚠ " if p.recovered else "") + (p.message or p.code)


def _done(p: Done, zh: bool) -> str:
    if p.status == "failed":
        detail = p.error or p.reason or ""
        return _pick(zh, "失败", "Failed") + (_pick(zh, "：", ": ") + detail if detail else "")
    words = _ENDS.get(p.status)
    line = state_name(p.status, "zh" if zh else "en") if words is None else words[0 if zh else 1]
    if p.itinerary_id:
        line += _pick(zh, f"：行程 #{p.itinerary_id}", f": itinerary #{p.itinerary_id}")
    return line


_WORDS: dict[type, Callable[[Any, bool], str]] = {
    JobStarted: _started,
    ThinkingStep: lambda p, zh: p.message or p.step,
    Token: lambda p, zh: _pick(zh, "回答：", "Answer: ") + _short(p.text),
    ToolCall: lambda p, zh: _pick(zh, f"调用 {p.name}", f"Calling {p.name}"),
    ToolResult: _tool_result,
    ItineraryReady: _itinerary,
    FeasibilityChecked: _feasibility,
    GuideDelta: lambda p, zh: _pick(zh, "攻略：", "Guide: ") + _short(p.text),
    GuideWritten: lambda p, zh: _pick(zh, "攻略已写好", "Guide written"),
    SuggestedQuestions: lambda p, zh: (
        _pick(zh, "推荐问题：", "Suggested: ") + " / ".join(p.questions)
    ),
    Usage: _usage,
    StateChanged: _state,
    ErrorReported: _error,
    Done: _done,
}


def describe(event: Event, lang: str = "zh") -> str:
    """One line saying what `event` means, in `lang` (``zh``; anything else: English).

    Thinking steps and error messages come worded by the engine in the request's language;
    they are shown as they are.
    """
    return _WORDS[type(event.payload)](event.payload, lang == "zh")
