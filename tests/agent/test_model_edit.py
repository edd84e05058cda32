"""The model drives the edit operations as tools (a scripted OpenAI-compatible server on a real
socket; the real planner, editing engine and validator), judged by the stored plan's content."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.agent.agent import Agent
from engine.events import EventType, describe
from engine.storage import itineraries
from engine.storage.db import open_database
from tests.agent.edit_helpers import calls, load, meal, open_plan, sights, tool_messages
from tests.agent.model_helpers import SENTINEL_KEY, of, run
from tests.helpers.scripted_server import Recorded, ScriptedServer, error_reply, text_stream

E = EventType
GUIDE = "第一天节奏放慢，晚上在秦妈火锅吃火锅，饭后坐长江索道看夜景。第二天逛解放碑和磁器口古镇。"


@pytest.fixture
async def server() -> AsyncIterator[ScriptedServer]:
    srv = ScriptedServer()
    await srv.start()
    yield srv
    await srv.close()


@pytest.fixture
def editor(tmp_path: Path, server: ScriptedServer) -> Iterator[Callable[..., tuple[Agent, Path]]]:
    """An agent with the Chongqing plan open and the scripted model (`options`: more
    ``LVTU_*`` settings)."""
    made: list[Agent] = []

    def make(**options: str) -> tuple[Agent, Path]:
        db = tmp_path / "edit.db"
        options = {"LVTU_MAX_ATTEMPTS": "1", "LVTU_DEADLINE": "20", **options}
        agent = open_plan(
            db, provider="openai-compatible", base_url=server.base_url, model="test-model",
            api_key=SENTINEL_KEY, provider_options=options,
        )  # fmt: skip
        made.append(agent)
        return agent, db

    yield make
    for agent in made:
        agent.close()


def results(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(r.name, dict(r.result)) for r in of(events, E.TOOL_RESULT)]


def feasible(db: Path) -> None:
    report = load(db).feasibility
    assert report is not None and report.passed, report


async def test_a_free_form_request_takes_several_tool_calls_and_one_new_version(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    before = load(db)
    assert len(sights(before, 1)) == 5
    server.push(calls(("find_places", {"kind": "restaurant", "cuisine": "hotpot", "near_day": 1})))
    chosen: list[str] = []

    def choose(request: Recorded) -> None:  # the "model" reads the results it was sent
        if len(server.requests) != 2:
            return
        nearest = tool_messages(request.json)[0]["places"][0]["id"]
        chosen.append(nearest)
        server.push(
            calls(("swap_meal", {"day": 1, "meal": "dinner", "restaurant": nearest}),
                  ("lock_stop", {"stop": nearest})),
            calls(("regenerate_day", {"day": 1, "pace": "relaxed"})),
            text_stream("晚饭换成离酒店最近的火锅，并把第一天排得轻松些。"),
            text_stream(GUIDE),
        )  # fmt: skip

    server.on_request = choose
    events = await run(agent, "第一天太赶了，轻松一点；晚饭找家离酒店近的火锅")

    assert events[-1].payload.status == "succeeded", events[-1]
    first = server.requests[0].json
    offered = {t["function"]["name"] for t in first["tools"]}
    assert {"move_stop", "add_place", "regenerate_day", "swap_meal", "find_places"} <= offered
    regen = next(t for t in first["tools"] if t["function"]["name"] == "regenerate_day")
    pace = regen["function"]["parameters"]["properties"]["pace"]
    assert ["relaxed", "normal", "packed"] in [option.get("enum") for option in pace["anyOf"]]
    assert "$ref" not in json.dumps(first["tools"])  # the schemas stand alone
    assert "[chongqing-hongyadong]" in first["messages"][0]["content"]  # the plan it edits
    places = tool_messages(server.requests[1].json)[0]["places"]
    # nearest the hotel first (which one depends on the knowledge base's restaurants), and a
    # place the plan does not eat at yet
    assert [p["distance_m"] for p in places] == sorted(p["distance_m"] for p in places)
    assert places[0]["distance_m"] < 2000 and places[0]["id"] not in str(before.days)
    assert all("hotpot" in p["cuisines"] for p in places) and chosen == [places[0]["id"]]
    hotpot = chosen[0]
    swapped, locked = tool_messages(server.requests[2].json)[1:]
    assert swapped["done"].startswith("第1天晚饭从") and locked["done"].startswith("锁定第1天")
    assert tool_messages(server.requests[3].json)[-1]["done"].startswith("重新安排第1天（轻松）")

    after = load(db)
    assert after.version == 2  # four calls, one version
    assert len(sights(after, 1)) < len(sights(before, 1))  # a lighter first day
    dinner = meal(after, 1, "dinner")
    assert dinner.poi_id == hotpot and dinner.locked  # hotpot near the hotel, kept by the regen
    assert after.days[1] == before.days[1]  # the day not asked about, item for item
    feasible(db)
    progress = [describe(e) for e in events if e.type is E.TOOL_RESULT]
    assert progress[1].startswith("swap_meal：第1天晚饭从"), progress
    names = [c.name for c in of(events, E.TOOL_CALL)]
    assert names == ["find_places", "swap_meal", "lock_stop", "regenerate_day", "edit_itinerary"]
    reply = "".join(t.text for t in of(events, E.TOKEN))
    assert reply.startswith("已修改（第2版）：第1天晚饭从"), reply


async def test_bad_arguments_come_back_as_a_tool_error_the_model_corrects(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    before = load(db)
    server.push(
        calls(("swap_meal", {"day": "the second", "meal": "brunch"})),
        calls(("swap_meal", {"day": 2, "meal": "lunch"})),
        text_stream("第二天午饭换了一家。"),
        text_stream(GUIDE),
    )
    events = await run(agent, "第二天午饭换个地方吃")

    assert events[-1].payload.status == "succeeded"
    error = tool_messages(server.requests[1].json)[0]
    assert error["error"] == "bad_arguments"
    assert "day:" in error["message"] and "meal:" in error["message"]
    (_, first), (_, second) = results(events)[:2]
    assert first["error"] == "bad_arguments" and second["done"].startswith("第2天午饭从")
    shown = describe(next(e for e in events if e.type is E.TOOL_RESULT))
    assert shown.startswith("swap_meal 出错：bad_arguments: day: Input should be"), shown
    after = load(db)
    assert after.version == 2
    assert meal(after, 2, "lunch").poi_id != meal(before, 2, "lunch").poi_id
    assert after.days[0] == before.days[0]
    feasible(db)


async def test_an_infeasible_edit_is_answered_with_the_reason_and_an_alternative(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    before = load(db)
    factory = {"place": "鹅岭二厂文创园", "day": 1}  # a full day 1: something must go
    server.push(calls(("add_place", factory)))

    def follow(request: Recorded) -> None:  # the "model" takes the alternative it was given
        if len(server.requests) == 2:
            alternative = tool_messages(request.json)[-1]["alternative"]
            server.push(
                calls((alternative["tool"], alternative["arguments"]), ("add_place", factory)),
                text_stream("第一天放不下，去掉了十八梯，换成鹅岭二厂。"),
                text_stream(GUIDE),
            )

    server.on_request = follow
    events = await run(agent, "第一天加上鹅岭二厂")

    refused = tool_messages(server.requests[1].json)[0]
    assert refused["refused"] == "does_not_fit" and "鹅岭二厂文创园" in refused["reason"]
    assert refused["alternative"] == {
        "tool": "remove_stop", "arguments": {"stop": "chongqing-shibati"}}  # fmt: skip
    # (a done edit may carry the plan's reminders: 重庆's night views seen by day)
    assert [sorted(set(r) - {"warnings"}) for _, r in results(events)[:3]] == [
        ["alternative", "reason", "refused"], ["done", "plan"], ["done", "plan"]]  # fmt: skip
    assert all("洪崖洞" in str(r["warnings"]) or "夜景" in str(r["warnings"])
               for _, r in results(events)[1:3] if "warnings" in r)  # fmt: skip
    progress = [describe(e) for e in events if e.type is E.TOOL_RESULT]
    assert progress[0].startswith("add_place 做不到：鹅岭二厂文创园需游览约"), (
        progress
    )  # why, said plainly
    after = load(db)
    assert after.version == 2
    day1 = sights(after, 1)
    assert "chongqing-eling-no2-factory" in day1 and "chongqing-shibati" not in day1
    assert after.days[1] == before.days[1]
    feasible(db)


async def test_a_refused_edit_and_nothing_else_stores_no_version(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    # Day 2 leaves at 08:30 and must be back at the airport by 18:10 for its 19:40 flight;
    # leaving at 10:30 cannot hold its six stops (the editing engine's taxis gain only minutes).
    server.push(calls(("set_day_times", {"day": 2, "start": "10:30"})), text_stream("做不到。"))
    events = await run(agent, "第二天10点半才出发")

    assert events[-1].payload.status == "succeeded"
    reason = tool_messages(server.requests[1].json)[0]["reason"]
    reply = "".join(t.text for t in of(events, E.TOKEN))
    assert reply == f"行程没有改动：{reason}。" and "最晚应在" in reason, reply
    assert load(db).version == 1 and not of(events, E.ITINERARY)
    assert len(server.requests) == 2  # no guide asked for: nothing changed


async def test_the_loop_stops_at_max_iterations_and_keeps_the_feasible_edits(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    stops = ["洪崖洞", "解放碑步行街", "李子坝轻轨穿楼", "长江索道"]
    server.push(*(calls(("lock_stop", {"stop": s})) for s in stops))
    server.push(text_stream(GUIDE))  # (answers the guide once the loop stopped)
    events = await run_limited(agent, "把重要的景点都锁定", max_iterations=5)

    assert events[-1].payload.status == "succeeded"
    assert len(server.requests) == 4  # three rounds of the loop, then the guide
    assert "tools" not in server.requests[3].json
    after = load(db)
    locked = [i.name for d in after.days for i in d.items if i.locked]
    assert sorted(locked) == sorted(stops[:3]) and after.version == 2
    reply = "".join(t.text for t in of(events, E.TOKEN))
    assert "步骤已到上限" in reply
    feasible(db)


async def run_limited(agent: Agent, text: str, *, max_iterations: int) -> list[Any]:
    events = []
    async for event in agent.astream(text, max_iterations):
        events.append(event)
    return events


async def test_without_a_tool_call_the_offline_rules_take_the_words(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    server.push(text_stream("好的。"), text_stream(GUIDE))
    events = await run(agent, "去掉洪崖洞")

    assert events[-1].payload.status == "succeeded"
    assert [c.name for c in of(events, E.TOOL_CALL)] == ["edit_itinerary"]  # the offline rules
    assert "chongqing-hongyadong" not in sights(load(db), 1)
    versions = itineraries.versions(open_database(db), 1)
    assert len(versions) == 2


async def test_structured_mode_asks_for_one_call_at_a_time_as_json(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor(LVTU_TOOL_CALLS="json")  # for servers that drop `tools` (llama.cpp)
    server.push(
        text_stream(json.dumps({"tool": "remove_stop", "arguments": {"stop": "洪崖洞"}})),
        text_stream(json.dumps({"tool": "answer", "text": "去掉了洪崖洞。"}, ensure_ascii=False)),
        text_stream(GUIDE),
    )
    events = await run(agent, "洪崖洞人太多，不去了")

    first = server.requests[0].json
    assert "tools" not in first and first["response_format"]["type"] == "json_schema"
    options = first["response_format"]["json_schema"]["schema"]["anyOf"]
    assert {o["properties"]["tool"]["const"] for o in options} >= {"remove_stop", "answer"}
    assert "remove_stop(stop: string)" in first["messages"][1]["content"]  # the tools listed
    assert tool_messages(server.requests[1].json)[0]["done"] == "去掉第1天的洪崖洞"
    after = load(db)
    assert after.version == 2 and "chongqing-hongyadong" not in sights(after, 1)
    assert meal(after, 1, "dinner").poi_id == "chongqing-qiuerguan-bayi-road"  # kept
    assert events[-1].payload.status == "succeeded"
    feasible(db)


async def test_a_service_failure_mid_loop_keeps_the_edits_made_and_says_so(
    editor: Callable[..., tuple[Agent, Path]], server: ScriptedServer
) -> None:
    agent, db = editor()
    server.push(calls(("lock_stop", {"stop": "洪崖洞"})), error_reply(503, "overloaded"))
    events = await run(agent, "洪崖洞一定要去，别动它")

    assert events[-1].payload.status == "succeeded"
    errors = of(events, E.ERROR)
    assert len(errors) == 1 and errors[0].recovered and errors[0].stage == "edit"
    assert len(server.requests) == 2  # not asked again this turn: the guide is the offline one
    after = load(db)
    assert after.version == 2 and [i.name for i in after.days[0].items if i.locked] == ["洪崖洞"]
    assert after.guide.startswith("# 上海出发·重庆2日游")
    feasible(db)
