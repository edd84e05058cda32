"""Benchmark: free-text request → plan + guide saved, through the real `Agent` (offline).

Prints the median and max wall time of full turns for 2-, 3- and 7-day trips (fresh database,
knowledge base and gazetteer warmed up by one untimed turn). Target (issue #2): <= 1 s for 3 days
on a 2-core machine.

    python bench/plan_speed.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

REQUESTS = {
    2: "上海出发去黄山玩两天",
    3: "从上海去杭州玩3天",
    7: "从北京去成都玩7天",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="lvtu-bench-")
    os.environ["LVTU_HOME"] = home
    from engine import Agent

    with Agent(working_directory=home) as agent:
        agent.chat("上海出发去苏州玩两天")  # warm-up: knowledge, gazetteer, database
        print(f"{'days':>4} {'median s':>9} {'max s':>7}  request")
        for days, text in REQUESTS.items():
            times = []
            for _ in range(args.runs):
                agent.clear_history()
                began = time.perf_counter()
                agent.chat(text)
                times.append(time.perf_counter() - began)
                assert agent.last_turn is not None and agent.last_turn.status == "succeeded"
            print(f"{days:>4} {statistics.median(times):>9.3f} {max(times):>7.3f}  {text}")


if __name__ == "__main__":
    main()
