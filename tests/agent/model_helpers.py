"""Helpers for model-policy tests: scripted replies, the pipeline, running a turn to its end."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from engine.agent.agent import Agent
from engine.agent.tools import Pipeline
from engine.cancellation import CancellationToken
from engine.events import Event, EventType, ThinkingStep
from tests.agent.fakes import FakePipeline
from tests.helpers.scripted_server import Reply, text_stream

SENTINEL_KEY = "sk-SENTINEL-7a6b5c4d3e2f"
#: A reading of 「去黄衫玩两天」 (a typo of 黄山) the parser cannot resolve on its own.
TYPO = "去黄衫玩两天"
GOOD_READING: dict[str, Any] = {
    "departure": None, "destinations": ["黄山"], "days": 2, "start_date": None, "adults": None,
    "children": None, "seniors": None, "budget_cny": None, "pace": None, "interests": [],
    "avoid": [], "must_see": [],
}  # fmt: skip
#: A guide that names planned places only (the fake plan visits 黄山风景区 and 宏村 first).
GOOD_GUIDE = (
    "# 黄山两日\n\n第一天清早进入黄山风景区，看云海和奇松，山上步行较多，注意穿防滑鞋。",
    "\n\n第二天去宏村，月沼和南湖边的徽派民居适合拍照，傍晚人少时最安静。",
    "\n\n晚餐在徽州人家尝臭鳜鱼，记得提前预订。",
)


def reading(**changes: Any) -> Reply:
    """A streamed structured reply: `GOOD_READING` with `changes`."""
    return text_stream(json.dumps({**GOOD_READING, **changes}, ensure_ascii=False))


def guide(*pieces: str) -> Reply:
    return text_stream(*(pieces or GOOD_GUIDE), tokens=(120, 60))


def model_pipeline(fake: FakePipeline) -> Pipeline:
    """The real request parser on the fake knowledge base; the fake planner and guide."""
    from engine.understanding import read_request

    return Pipeline(
        parse=read_request, plan=fake.plan, iter_guide=fake.iter_guide,
        questions=fake.questions, knowledge=lambda: fake.kb,
    )  # fmt: skip


async def run(agent: Agent, text: str, token: CancellationToken | None = None) -> list[Event]:
    """All events of one turn (``done`` last)."""
    events: list[Event] = []
    stream = agent.astream(text, cancellation_token=token)
    async with contextlib.aclosing(stream):  # type: ignore[type-var]
        async for event in stream:
            events.append(event)
    return events


def notes(events: list[Event]) -> list[str]:
    """The progress lines (``thinking_step`` messages), in order."""
    return [e.payload.message for e in events if isinstance(e.payload, ThinkingStep)]


def of(events: list[Event], kind: EventType) -> list[Any]:
    """The payloads of the events of type `kind`, in order."""
    return [e.payload for e in events if e.type is kind]


def streamed_guide(events: list[Event]) -> str:
    """The guide as a reader of ``guide_delta`` events sees it (``reset`` starts over)."""
    text = ""
    for delta in of(events, EventType.GUIDE_DELTA):
        text = delta.text if delta.reset else text + delta.text
    return text
