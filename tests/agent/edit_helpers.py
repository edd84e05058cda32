"""A real plan to edit with a model (上海 → 重庆, 2 days, the real planner and knowledge base),
planned once offline; each test gets its own copy of the database."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.storage import itineraries
from engine.storage.db import open_database
from tests.helpers.scripted_server import DONE, Reply, chunk, sse, tool_delta, usage

TODAY = dt.date(2026, 12, 1)
REQUEST = "从上海去重庆玩两天，12月5日出发"


def plan_once(folder: Path) -> tuple[Path, int]:
    """Plan `REQUEST` offline into ``folder/plan.db``; returns the file and the conversation."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LVTU_HOME", str(folder / "home"))
        agent = Agent(working_directory=folder, database=folder / "plan.db", today=TODAY)
        try:
            agent.chat(REQUEST)
        finally:
            agent.close()
    engine = open_database(folder / "plan.db")
    conversation = itineraries.conversation_of(engine, 1)
    assert conversation is not None
    return folder / "plan.db", conversation


def copy_database(source: Path, target: Path) -> Path:
    """A consistent copy of a database in WAL mode (sqlite's backup API)."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return target


def calls(*pairs: tuple[str, dict[str, Any]]) -> Reply:
    """A streamed reply that calls the tools `pairs` (name, arguments) natively."""
    parts: list[Any] = [chunk({"role": "assistant", "content": None})]
    for index, (name, arguments) in enumerate(pairs):
        raw = json.dumps(arguments, ensure_ascii=False)
        parts.append(tool_delta(index, id=f"call_{index}_{name}", name=name, arguments=raw))
    parts += [chunk(finish="tool_calls"), usage(50, 20), DONE]
    return sse(*parts)


def load(db: Path, version: int | None = None) -> Itinerary:
    engine = open_database(db)
    return itineraries.load(engine, 1, version=version)


def sights(itinerary: Itinerary, day: int) -> list[str]:
    return [i.poi_id or "" for i in itinerary.days[day - 1].items if i.kind == ItemKind.ATTRACTION]


def meal(itinerary: Itinerary, day: int, which: str) -> Any:
    return next(i for i in itinerary.days[day - 1].items if i.meal == which)


def tool_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool results a request sent to the model, parsed."""
    return [json.loads(m["content"]) for m in body["messages"] if m["role"] == "tool"]
