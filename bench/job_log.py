"""Bench of the job event log: append throughput, and replay of 10 000 events to a subscriber.

Targets (task brief): append >= 20 000 events/s; replay of 10 000 events <= 100 ms.
Run: ``/work/venv/bin/python bench/job_log.py [--events N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cancellation import CancellationToken
from engine.events import EventType, GuideDelta
from engine.jobs import Checkpoint, JobInfo, JobManager, RunnerItem
from engine.storage.db import close_all

CPU_MS: list[float] = []  # CPU time of each replay (all threads of this process)


class Firehose:
    """Yields `count` guide deltas as fast as the manager takes them; `sent[i]` is when the
    i-th left the runner (perf_counter)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.sent: list[float] = []

    async def run(
        self, job: JobInfo, *, resume_from: Checkpoint | None, token: CancellationToken
    ) -> AsyncIterator[RunnerItem]:
        self.sent = []
        for i in range(self.count):
            self.sent.append(time.perf_counter())
            yield GuideDelta(f"第{i}段：黄山云海，日出 05:30。")


async def one_round(db: Path, count: int) -> tuple[float, float, float]:
    """(append events/s to committed done, median live latency ms, replay ms)."""
    firehose = Firehose(count)
    async with JobManager(db, runners={"plan": firehose}, retention=None) as manager:
        await manager.start()
        start = time.perf_counter()
        info = await manager.submit("bench")
        delays = []
        async for event in manager.subscribe(info.id):
            if event.type is EventType.GUIDE_DELTA:
                delays.append(time.perf_counter() - firehose.sent[len(delays)])
        elapsed = time.perf_counter() - start  # `done` is delivered once committed
        rate = event.seq / elapsed
        live_ms = statistics.median(delays) * 1000

        start, cpu = time.perf_counter(), time.process_time()
        replayed = [event async for event in manager.subscribe(info.id)]
        replay_ms = (time.perf_counter() - start) * 1000
        CPU_MS.append((time.process_time() - cpu) * 1000)
        assert [e.seq for e in replayed] == list(range(1, len(replayed) + 1))
        assert replayed[-1].type is EventType.DONE
    return rate, live_ms, replay_ms


async def main(count: int, repeat: int) -> None:
    rates, firsts, replays = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(repeat):
            db = Path(tmp) / f"bench{round_}.db"
            rate, first_ms, replay_ms = await one_round(db, count)
            rates.append(rate)
            firsts.append(first_ms)
            replays.append(replay_ms)
        close_all()
    print(f"events per job: {count} runner events (+5 manager events), {repeat} rounds")
    print(
        f"append (runner → committed, done delivered): median {statistics.median(rates):,.0f}"
        f" events/s, best {max(rates):,.0f} (target >= 20,000)"
    )
    print(
        f"live delivery (runner yields → live subscriber gets it, before the batch commit):"
        f" median {statistics.median(firsts):.2f} ms"
    )
    print(
        f"replay of {count + 5:,} events to a new subscriber: median"
        f" {statistics.median(replays):.1f} ms, best {min(replays):.1f} ms (target <= 100 ms);"
        f" CPU time median {statistics.median(CPU_MS):.1f} ms"
    )
    print(f"gc frozen after imports: {gc.get_freeze_count() > 0}")
    print(f"machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--freeze", action="store_true", help="gc.freeze() after imports, as a host app should"
    )
    options = parser.parse_args()
    if options.freeze:
        gc.freeze()  # start-up objects leave the GC's generations: no long full collections
    asyncio.run(main(options.events, options.repeat))
