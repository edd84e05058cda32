"""A real plan to edit with a model: 上海 → 重庆, 2 days from 2026-12-05, made by the planner
on the curated knowledge base (``data/chongqing_plan.json``, saved once so the tests do not
depend on a time-limited solver's run), stored fresh for each test as the open plan of an
agent."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.storage import itineraries
from engine.storage.db import open_database
from tests.helpers.scripted_server import DONE, Reply, chunk, sse, tool_delta, usage

TODAY = dt.date(2026, 12, 1)
PLAN = Path(__file__).parent / "data" / "chongqing_plan.json"


def open_plan(db: Path, **settings: Any) -> Agent:
    """An agent (`settings` as for `Agent`) whose open plan is `PLAN`, stored in `db`."""
    plan = Itinerary.model_validate_json(PLAN.read_text(encoding="utf-8"))
    itinerary_id = itineraries.save_new(open_database(db), plan)
    agent = Agent(working_directory=db.parent, database=db, today=TODAY, **settings)
    agent.add_message("assistant", f"已为你规划好「{plan.title}」。", itinerary_id=itinerary_id)
    return agent


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
