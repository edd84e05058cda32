"""Tier (a): the model policy against a scripted OpenAI-compatible server on a real socket.

Understanding (good, weak and garbage replies), the streamed and grounded guide, every fault
the policy survives (401, 5xx, a broken stream, the deadline, a bad configuration),
cancellation mid-guide, usage, and provider switches that keep the history.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.agent.environment import build_from_environment
from engine.cancellation import CancellationToken
from engine.domain.feasibility import FeasibilityReport
from engine.domain.itinerary import Itinerary
from engine.events import EventType, GuideDelta, Usage, encode
from engine.storage import itineraries
from tests.agent.fakes import SEED, TODAY, FakePipeline
from tests.agent.model_helpers import (
    GOOD_GUIDE,
    SENTINEL_KEY,
    TYPO,
    guide,
    model_pipeline,
    notes,
    of,
    reading,
    run,
    streamed_guide,
)
from tests.helpers.scripted_server import (
    Drop,
    Pause,
    Reply,
    ScriptedServer,
    chunk,
    error_reply,
    json_reply,
    sse,
    text,
    text_stream,
)

E = EventType


@pytest.fixture
async def server() -> AsyncIterator[ScriptedServer]:
    srv = ScriptedServer()
    await srv.start()
    yield srv
    await srv.close()


@pytest.fixture
def model_agent(
    make_agent: Callable[..., Agent], fake: FakePipeline, server: ScriptedServer
) -> Callable[..., Agent]:
    """Agents on the scripted server (fast retries, a short deadline) and the real parser."""

    def make(**kwargs: Any) -> Agent:
        options = {"LVTU_MAX_ATTEMPTS": "2", "LVTU_DEADLINE": "5"}
        options.update(kwargs.pop("provider_options", {}))
        kwargs.setdefault("provider", "openai-compatible")
        kwargs.setdefault("base_url", server.base_url)
        kwargs.setdefault("model", "test-model")
        kwargs.setdefault("api_key", SENTINEL_KEY)
        kwargs.setdefault("pipeline", model_pipeline(fake))
        return make_agent(provider_options=options, **kwargs)

    return make


def report(itinerary: Itinerary) -> FeasibilityReport:
    assert itinerary.feasibility is not None
    return itinerary.feasibility


def _status(events: list[Any]) -> str:
    return str(events[-1].payload.status)


async def test_a_good_reading_fills_what_the_parser_missed_and_the_guide_is_the_models(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    server.push(reading(), guide())
    agent = model_agent()
    events = await run(agent, TYPO)  # 黄衫: a typo the parser cannot resolve alone

    assert _status(events) == "succeeded"
    lines = notes(events)
    assert "请模型（test-model）理解你的需求…" in lines
    assert "模型补充了目的地" in lines
    assert any(line.startswith("需求：") and "黄山" in line for line in lines)
    first = server.requests[0].json
    assert first["model"] == "test-model"
    assert first["response_format"]["type"] == "json_schema"
    assert first["messages"][-1] == {"role": "user", "content": TYPO}
    assert server.requests[0].headers["authorization"] == f"Bearer {SENTINEL_KEY}"

    itinerary_id = of(events, E.ITINERARY)[0].itinerary_id
    saved = itineraries.load(db, itinerary_id)
    assert saved.request.destinations == ("huangshan",)
    model_text = "".join(GOOD_GUIDE)
    assert saved.guide.startswith(model_text + "\n\n---\n\n# 黄山2日游")  # then the offline guide
    assert streamed_guide(events) == saved.guide
    checks = {c.code: c for c in report(saved).checks}
    assert checks["guide_grounding"].passed and report(saved).passed
    usage = of(events, E.USAGE)[0]
    assert usage == Usage(11 + 120, 7 + 60, estimated=False)
    assert itineraries.usage(db, itinerary_id) == (131, 67)

    call, result = agent.messages[1], agent.messages[2]  # after the user message
    assert call["content"] is None and call["tool_calls"][0]["function"]["name"] == (
        "understand_request"
    )
    assert result["role"] == "tool" and result["tool_call_id"] == call["tool_calls"][0]["id"]
    assert json.loads(result["content"])["used"] == ["destinations"]


async def test_garbage_json_falls_back_to_the_offline_parser_and_says_so(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    server.push(text_stream("I would love to help you travel!"), text_stream("{not json"), guide())
    events = await run(model_agent(), SEED)
    assert _status(events) == "succeeded"
    assert "模型的理解不完整，改用离线解析" in notes(events)
    assert not of(events, E.ERROR)  # a weak answer is not a fault
    assert len(server.requests) == 3  # the reading, one re-ask quoting the error, the guide
    assert "not valid" in server.requests[1].json["messages"][-1]["content"]
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    assert saved.request.departure == "shanghai" and saved.request.days == 2


async def test_weak_fields_are_repaired_dropped_or_overruled(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    weak = reading(
        departure="上海出发",  # one place inside a longer text: repaired to 上海
        destinations=["黄山", "杭州"],  # 杭州 is not in the message: dropped
        days=5,  # the parser's 两天 wins
        pace="packed",  # nothing about pace in the message: a guess, dropped
        budget_cny=9000,  # no money in the message: dropped
        must_see=["宏村"],  # not in the message: dropped
    )
    server.push(weak, guide())
    events = await run(model_agent(), SEED)
    lines = notes(events)
    assert "已修正模型给出的出发地" in lines
    assert "模型给出的目的地、预算、节奏、必去景点无效或不在你的原话里，已忽略" in lines
    assert "模型对天数的理解与原话不符，以离线解析为准" in lines
    assert "模型的理解不完整，改用离线解析" in lines
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    request = saved.request
    assert (request.destinations, request.days, request.budget_cny) == (("huangshan",), 2, None)
    assert request.must_see == () and request.pace.value == "normal"


async def test_a_hallucinated_place_is_flagged_and_never_planned(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    made_up = "\n\n顺路还可以去呈坎村和九华山，再到天目湖喝茶。"
    server.push(reading(), guide(*GOOD_GUIDE, made_up))
    events = await run(model_agent(), SEED)
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    check = next(c for c in report(saved).checks if c.code == "guide_grounding")
    assert not check.passed and check.severity == "warning"
    for name in ("呈坎村", "九华山", "天目湖"):
        assert name in check.message
        assert all(name not in item.name for day in saved.days for item in day.items)
    assert report(saved).passed  # a warning: the plan itself is still feasible
    assert of(events, E.FEASIBILITY)[-1].report.checks[-1].code == "guide_grounding"
    assert check.message in notes(events)
    assert made_up.strip() in saved.guide  # the guide is kept; the reader is warned
    # the offline sections after it say the same as the stored report (one verdict)
    assert saved.guide.rstrip().endswith("## Feasibility\n- guide_grounding")


@pytest.mark.parametrize(
    ("pieces", "problem"),
    [
        (("",), "是空的"),
        (("黄山很美。",), "太短"),
        (("Huangshan is a lovely mountain with pine trees and hot springs, " * 3,), "语言不对"),
        (("黄山风景区真好玩，黄山风景区真好玩。\n" * 60,), "大段重复"),
        (("出门旅行要带好身份证件和充电宝。山区天气多变，记得准备雨具与外套。早睡早起，量力而行，照顾好同行的老人孩子，路上多喝热水，注意保暖。",),
         "没有提到行程里的地点"),
    ],
)  # fmt: skip
async def test_a_weak_guide_is_replaced_by_the_offline_guide(
    model_agent: Callable[..., Agent],
    server: ScriptedServer,
    db: Engine,
    pieces: tuple[str, ...],
    problem: str,
) -> None:
    server.push(reading(), guide(*pieces))
    events = await run(model_agent(), SEED)
    assert _status(events) == "succeeded"
    assert f"模型写的攻略{problem}，改用离线攻略" in notes(events)
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    assert saved.guide.startswith("# 黄山2日游") and "---" not in saved.guide
    assert streamed_guide(events) == saved.guide  # a reader that honours `reset`
    assert not any(c.code == "guide_grounding" for c in report(saved).checks)


async def test_a_rejected_key_is_a_clear_error_and_the_plan_is_made_offline(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    server.push(error_reply(401, f"Incorrect API key provided: {SENTINEL_KEY}"))
    agent = model_agent()
    events = await run(agent, SEED)
    assert _status(events) == "succeeded"
    [error] = of(events, E.ERROR)
    assert error.code == "auth" and error.recovered and error.stage == "understand"
    assert "请在设置或 LVTU_API_KEY 中检查你的 API 密钥" in error.message
    assert SENTINEL_KEY not in json.dumps([encode(e.payload) for e in events], ensure_ascii=False)
    lines = notes(events)
    assert "模型服务不可用，改用离线解析" in lines and "模型服务不可用，改用离线攻略" in lines
    assert len(server.requests) == 1  # no retry, and the guide does not ask again
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    assert saved.guide.startswith("# 黄山2日游") and saved.request.destinations == ("huangshan",)
    assert agent.last_turn is not None and "模型服务出错" in agent.last_turn.text


@pytest.mark.parametrize(
    ("replies", "code", "says"),
    [
        ([error_reply(500, "boom")] * 2, "server", "内部出错（HTTP 500）"),
        ([error_reply(429, "slow down", {"Retry-After": "0"})] * 2, "rate_limit", "请求过于频繁"),
        ([Reply(drop=True)] * 2, "connect", "无法连接模型服务"),
        ([error_reply(404, "no such model")], "bad_request", "请检查模型名称和服务地址"),
    ],
)
async def test_faults_that_outlast_the_retries_are_clear_errors_and_the_plan_is_kept(
    model_agent: Callable[..., Agent],
    server: ScriptedServer,
    replies: list[Reply],
    code: str,
    says: str,
) -> None:
    server.push(*replies)
    events = await run(model_agent(), SEED)
    assert _status(events) == "succeeded"
    [error] = of(events, E.ERROR)
    assert error.code == code and says in error.message and error.recovered
    assert of(events, E.ITINERARY) and of(events, E.GUIDE_WRITTEN)
    assert len(server.requests) == len(replies)  # the guide did not ask a failing service again


async def test_server_errors_are_retried_by_the_provider(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    server.push(error_reply(503, "overloaded", {"Retry-After": "0"}), reading(), guide())
    events = await run(model_agent(), TYPO)
    assert _status(events) == "succeeded" and not of(events, E.ERROR)
    assert "模型补充了目的地" in notes(events)
    assert len(server.requests) == 3


async def test_a_stream_broken_mid_guide_keeps_the_plan_with_the_offline_guide(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    broken = sse(chunk({"role": "assistant", "content": ""}), text(GOOD_GUIDE[0]), Drop())
    server.push(reading(), broken)
    events = await run(model_agent(), SEED)
    assert _status(events) == "succeeded"
    [error] = of(events, E.ERROR)
    assert error.code == "stream_interrupted" and error.stage == "guide"
    assert error.message == "模型服务（openai-compatible）回答时连接中断。"
    assert "模型服务不可用，改用离线攻略" in notes(events)
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    assert saved.guide.startswith("# 黄山2日游") and GOOD_GUIDE[0] not in saved.guide
    assert streamed_guide(events) == saved.guide
    usage = of(events, E.USAGE)[0]
    assert usage.estimated and usage.output_tokens > 7  # the cut stream is estimated


async def test_the_deadline_is_a_clear_error(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    server.push(Reply(stall=3.0, body=b"{}"))
    agent = model_agent(provider_options={"LVTU_DEADLINE": "0.3"})
    events = await run(agent, SEED)
    assert _status(events) == "succeeded"
    [error] = of(events, E.ERROR)
    assert error.code == "deadline" and "0.3 秒内" in error.message
    assert of(events, E.ITINERARY) and len(server.requests) == 1


async def test_a_bad_configuration_is_a_clear_error_and_the_turn_plans_offline(
    model_agent: Callable[..., Agent], server: ScriptedServer
) -> None:
    events = await run(model_agent(provider="no-such-service"), SEED)
    assert _status(events) == "succeeded"
    [error] = of(events, E.ERROR)
    assert error.code == "config" and "未知的 LVTU_PROVIDER：no-such-service" in error.message
    assert of(events, E.ITINERARY) and not server.requests


async def test_without_a_model_name_the_server_is_asked_which_it_serves(
    model_agent: Callable[..., Agent], server: ScriptedServer
) -> None:
    server.push(json_reply({"object": "list", "data": [{"id": "/models/tiny.gguf"}]}))
    server.push(reading(), guide())
    events = await run(model_agent(model=None), TYPO)
    assert server.requests[0].path == "/v1/models"
    assert server.requests[1].json["model"] == "/models/tiny.gguf"
    assert "请模型（tiny.gguf）理解你的需求…" in notes(events)


async def test_cancelling_mid_guide_closes_the_stream_and_keeps_the_plan(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    slow = sse(chunk({"role": "assistant", "content": ""}), text(GOOD_GUIDE[0]), Pause(30.0))
    server.push(reading(), slow)
    agent, token = model_agent(), CancellationToken()
    events = []
    async for event in agent.astream(SEED, cancellation_token=token):
        events.append(event)
        if isinstance(event.payload, GuideDelta) and event.payload.text:
            token.cancel("stop")
    assert _status(events) == "cancelled"
    await server.wait_until(lambda: server.disconnects == 1)  # the stream was closed
    saved = itineraries.load(db, of(events, E.ITINERARY)[0].itinerary_id)
    assert saved.guide == ""  # the plan is kept; its guide was not finished
    assert agent.messages[-1]["content"].endswith("[Interrupted]")


async def test_switching_provider_or_model_keeps_the_history(
    make_agent: Callable[..., Agent], fake: FakePipeline, server: ScriptedServer
) -> None:
    agent = make_agent(pipeline=model_pipeline(fake))
    await run(agent, SEED)  # offline
    before = agent.messages
    agent.set_provider(base_url=server.base_url, model="first-model", api_key=SENTINEL_KEY)
    agent.set_model("second-model")
    assert agent.messages == before
    server.push(reading(), guide())
    events = await run(agent, "上海出发去黄山玩三天")
    assert _status(events) == "succeeded"
    assert [r.json["model"] for r in server.requests] == ["second-model", "second-model"]
    assert agent.messages[: len(before)] == before


async def test_usage_is_summed_per_job_and_shown_per_itinerary(
    model_agent: Callable[..., Agent], server: ScriptedServer, db: Engine
) -> None:
    server.push(reading(), guide())
    agent = model_agent()
    events = await run(agent, SEED)
    itinerary_id = of(events, E.ITINERARY)[0].itinerary_id
    server.push(guide())  # a follow-up revision: rule-based, the model rewrites the guide
    again = await run(agent, "加一天")
    assert of(again, E.ITINERARY)[0].version == 2
    assert of(again, E.USAGE)[0].input_tokens == 120
    assert itineraries.usage(db, itinerary_id, version=1) == (131, 67)
    assert itineraries.usage(db, itinerary_id, version=2) == (120, 60)
    assert itineraries.usage(db, itinerary_id) == (251, 127)


async def test_a_client_passed_in_serves_async_turns_on_the_hosts_loop(
    model_agent: Callable[..., Agent], server: ScriptedServer
) -> None:
    seen: list[asyncio.AbstractEventLoop] = []

    async def record(_request: httpx.Request) -> None:
        seen.append(asyncio.get_running_loop())

    server.push(reading(), guide())
    async with httpx.AsyncClient(event_hooks={"request": [record]}) as client:
        agent = model_agent(llm_client=client)
        events = await run(agent, TYPO)
        assert _status(events) == "succeeded"
        assert not client.is_closed
    assert seen == [asyncio.get_running_loop()] * 2


async def test_the_environment_configures_the_model_and_its_options(
    tmp_path: Path, db: Engine, fake: FakePipeline, server: ScriptedServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    for name in ("LVTU_PROVIDER", "LVTU_BASE_URL", "LVTU_API_KEY", "LVTU_MODEL"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text(
        f"LVTU_BASE_URL={server.base_url}\nLVTU_MODEL=env-model\nLVTU_MAX_TOKENS=77\n"
        f"LVTU_API_KEY={SENTINEL_KEY}\n"
    )
    server.push(reading(), guide())
    with build_from_environment(
        working_directory=tmp_path, database=db, pipeline=model_pipeline(fake), today=TODAY
    ) as agent:
        assert agent.get_current_model() == "env-model"
        assert SENTINEL_KEY not in repr(agent.__dict__)
        events = await run(agent, TYPO)
    assert _status(events) == "succeeded"
    assert [r.json["max_tokens"] for r in server.requests] == [77, 77]
    assert [r.json["model"] for r in server.requests] == ["env-model", "env-model"]
