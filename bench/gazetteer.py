"""Gazetteer timings: index build, resolve (warm), suggest, nearest_covered, scan.

Run: /work/venv/bin/python bench/gazetteer.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.knowledge.base import default_knowledge
from engine.knowledge.gazetteer import Gazetteer
from engine.knowledge.gazetteer_backbone import backbone

NAMES = ["黄山", "黄山市", "黄山风景区", "稻城", "婺源县", "魔都", "Hangzhou", "Huang Shan",
         "Mount Huangshan", "Peking", "PVG", "浦东机场", "乌镇", "苏州", "suzhou", "不存在的地方"]  # fmt: skip
TYPOS = ["黄衫", "杭洲", "hangzou", "shanghi", "火星", "稻成"]


def per_call(fn, args, repeat: int) -> list[float]:
    """Microseconds per call, one figure per argument (best of `repeat` loops of 200)."""
    out = []
    for arg in args:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(200):
                fn(arg)
            best = min(best, (time.perf_counter() - start) / 200)
        out.append(best * 1e6)
    return out


def main() -> None:
    start = time.perf_counter()
    index = backbone()
    print(
        f"backbone: {len(index.entries)} places, {len(index.zh)} zh keys, {len(index.latin)} "
        f"latin keys, built in {1000 * (time.perf_counter() - start):.0f} ms"
    )
    kb = default_knowledge()
    start = time.perf_counter()
    gaz = Gazetteer(kb)
    print(
        f"overlay of {len(kb.destinations)} destinations: {1000 * (time.perf_counter() - start):.1f} ms"
    )
    times = per_call(gaz.resolve, NAMES, 3)
    for name, us in zip(NAMES, times, strict=True):
        print(f"  resolve {name!r:22} {us:7.1f} µs")
    print(f"resolve: median {statistics.median(times):.1f} µs, max {max(times):.1f} µs")
    times = per_call(gaz.suggest, TYPOS, 1)
    print(
        f"suggest: median {statistics.median(times) / 1000:.2f} ms, max {max(times) / 1000:.2f} ms"
    )
    wuyuan = gaz.resolve("婺源")
    assert wuyuan is not None
    us = per_call(gaz.nearest_covered, [wuyuan], 3)[0]
    print(f"nearest_covered: {us:.1f} µs")
    text = "我们一家三口想从上海出发去黄山玩两天，顺便去宏村和西递看看"
    us = per_call(gaz.scan, [text], 3)[0]
    print(f"scan ({len(text)} chars): {us:.1f} µs")


if __name__ == "__main__":
    main()
