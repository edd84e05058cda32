"""TOPTW benchmark: PyVRP (engine.planning.toptw) and OR-Tools routing on ../shared/data/toptw.

Usage: python -m bench.toptw [--time 1] [--m 1,2,3,4] [--instances c101,r101] \
           [--solver pyvrp,ortools] [--seeds 0,1] [--all]

Prints score, best-known score (bks.csv), gap % and time per instance, then mean/max gap per solver
and m over the instances with a best-known score. Without --all, (instance, m) pairs without a
best-known score are skipped. OR-Tools is optional (not a project dependency): skipped when absent.
Data format and travel-time convention: ../shared/data/toptw/FORMAT.md.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import statistics
import sys
import time
from pathlib import Path

from bench import _ortools_toptw
from engine.planning.toptw import Instance, Solution, Tour, Visit, check, solve

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "toptw"


def read_instance(path: Path, m: int) -> Instance:
    """A KU Leuven TOPTW file as an `Instance` with `m` tours from and to node 0.

    Times are scaled to integers: tenths of a unit for Solomon files, hundredths for Cordeau
    (pr*); travel = Euclidean distance truncated at that precision (FORMAT.md). Tmax, the tour
    budget, is node 0's closing time.
    """
    scale = 100 if path.name.startswith("pr") else 10
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    first = next(n for n, r in enumerate(rows) if r[0] == "0" and len(r) >= 9)
    nodes = rows[first:]
    xy = [(float(r[1]), float(r[2])) for r in nodes]
    travel = [[math.floor(math.dist(a, b) * scale) for b in xy] for a in xy]
    tmax = round(float(nodes[0][-1]) * scale)
    visits = [
        Visit(
            location=n,
            service=round(float(r[3]) * scale),
            tw_early=round(float(r[-2]) * scale),
            tw_late=round(float(r[-1]) * scale),
            score=float(r[4]),
        )
        for n, r in enumerate(nodes[1:], start=1)
    ]
    tours = [Tour(start=0, end=0, earliest=0, latest=tmax) for _ in range(m)]
    return Instance(travel=travel, visits=visits, tours=tours)


def read_bks(path: Path) -> dict[tuple[str, int], float]:
    """Best-known scores by (instance, m), from bks.csv (empty cells left out)."""
    with path.open(newline="") as fh:
        return {
            (r["instance"], int(r["m"])): float(r["bks"]) for r in csv.DictReader(fh) if r["bks"]
        }


def _run(solver: str, instance: Instance, limit: float, seeds: list[int]) -> Solution:
    if solver == "pyvrp":
        return solve(instance, time_limit_s=limit, seeds=seeds)
    return _ortools_toptw.solve(instance, limit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per run")
    parser.add_argument("--m", default="1", help="tour counts, e.g. 1,2,3,4")
    parser.add_argument("--instances", default="", help="names, e.g. c101,pr01 (default: all)")
    parser.add_argument("--solver", default="pyvrp,ortools")
    parser.add_argument("--seeds", default="0,1", help="PyVRP seeds (one thread each)")
    parser.add_argument("--all", action="store_true", help="also pairs without a best-known score")
    args = parser.parse_args(argv)
    if not DATA.is_dir():
        print(f"TOPTW data absent: {DATA}", file=sys.stderr)
        return 1
    bks = read_bks(DATA / "bks.csv")
    names = (
        args.instances.split(",")
        if args.instances
        else sorted(p.stem for p in DATA.glob("*.txt") if p.stem != "TOPTW_format")
    )
    solvers = args.solver.split(",")
    if "ortools" in solvers and not _ortools_toptw.available():
        print("ortools not installed: skipped")
        solvers.remove("ortools")
    seeds = [int(s) for s in args.seeds.split(",")]
    gaps: dict[tuple[str, int], list[float]] = {}
    bad: dict[tuple[str, int], int] = {}
    print(
        f"{'instance':8} {'m':>2} {'solver':7} {'score':>7} {'bks':>7} {'gap%':>7} {'time':>6} iters"
    )
    for m in (int(x) for x in args.m.split(",")):
        for name in names:
            best = bks.get((name, m))
            if best is None and not args.all:
                continue
            instance = read_instance(DATA / f"{name}.txt", m)
            for solver in solvers:
                began = time.perf_counter()
                sol = _run(solver, instance, args.time, seeds)
                took = time.perf_counter() - began
                ok = sol.feasible and not check(instance, sol)
                gap = None if best is None else 100 * (best - sol.score) / best
                if gap is not None and ok:
                    gaps.setdefault((solver, m), []).append(gap)
                if not ok:
                    bad[(solver, m)] = bad.get((solver, m), 0) + 1
                shown = "" if gap is None else f"{gap:7.2f}"
                flag = "" if ok else "  INFEASIBLE"
                print(
                    f"{name:8} {m:2} {solver:7} {sol.score:7.0f} {best or 0:7.0f} {shown:>7} "
                    f"{took:6.2f} {sol.iterations or '':>5}{flag}",
                    flush=True,
                )
    print(f"\nload average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"{'solver':7} {'m':>2} {'n':>3} {'mean gap%':>9} {'max gap%':>8} {'infeasible':>10}")
    for (solver, m), values in sorted(gaps.items()):
        print(
            f"{solver:7} {m:2} {len(values):3} {statistics.fmean(values):9.2f} "
            f"{max(values):8.2f} {bad.get((solver, m), 0):10}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
