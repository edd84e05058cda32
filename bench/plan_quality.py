"""Plan quality: our own traveller requests, parsed and planned as a user's are, judged by content.

Usage (from the repository root)::

    python bench/plan_quality.py [--only ID ...] [--lang zh|en] [--limit N] [--show 15]
        [--json results.json] [--requests PATH]

Each request of ``bench/plan_quality_requests.json`` (`bench.plan_quality_expect`) is parsed by
`engine.understanding.parse_request` (relative dates against the set's ``today``) and planned by
`engine.planning.plan_trip` with the planner's default limits, in a fresh ``LVTU_HOME`` on the
curated knowledge base. A request whose destination the knowledge base does not cover is
skipped with a note. Printed: a table per check (rate, counts, target), honoured / answered
rates per kind of wish (`bench.plan_quality_wishes`), idle time, taxi rides, plan time, and the
worst plans with a one-line reason each; ``--json`` writes every result.

Targets (issue #12): headline sights >= 95 %; each kind of wish >= 95 % honoured or explicitly
answered; no taxi over 30 km where a bus, metro or chartered car exists; median idle <= 45 min a
day; plan time <= 1 s for 3 days.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import plan_quality_checks as checks
from bench import plan_quality_idle as idle_checks
from bench import plan_quality_meals as meal_checks
from bench.plan_quality_expect import DEFAULT_PATH, BenchRequest, load_requests
from bench.plan_quality_wishes import judge

#: (check key, label, target shown beside the figure)
CHECKS = (
    ("feasible", "feasible (validator passed)", ""),
    ("days_dates", "days and dates right", ""),
    ("party", "party right", ""),
    ("headline", "headline sights present", ">= 95 %"),
    ("wishes", "every wish honoured or answered", ">= 95 % per kind"),
    ("taxi", "no taxi > 30 km where bus/metro/charter", "100 %"),
    ("ways", "legs as travellers go (islands, parks, one-way exits)", "100 %"),
    ("idle", "median idle <= 45 min/day", "median <= 45"),
    ("daytime", "no daytime hole > 90 min (09:00-18:00)", ""),
    ("left_out", "no free afternoon while a headline is 'not fitting'", "100 %"),
    ("cluster", "remote clusters seen in one trip out", ""),
    ("hour", "sights at their hour (morning, after dark)", ""),
    ("meals", "meals at local times", ""),
    ("fed", "lunch and dinner on every day out", "100 %"),
    ("meal_places", "lunch and dinner where a meal is sold", "100 %"),
    ("meal_reach", f"meals on the way (<= {checks.MEAL_DETOUR_MAX_KM:.0f} km off)", ""),
    ("bedtime", "young children back by 21:00", "100 %"),
    ("repeats", "no restaurant twice, no street within 3 days", ""),
    (
        "meal_price",
        f"no meal over {meal_checks.DEAR_FACTOR:.0f}x the trip's level unless asked",
        "",
    ),
    ("dish", "a dish wished eaten where it is served", ""),
    ("budget", "within the budget said", ""),
    ("speed", "plan time <= 1 s per 3 days", "<= 1 s / 3 days"),
)


def evaluate(req: BenchRequest, kb: Any, today: Any, *, show_plan: bool = False) -> dict[str, Any]:
    """Parse, plan and judge one request (keys: see `CHECKS` and the module docstring);
    `show_plan` prints the plan's days."""
    from engine.planning import PlanningError, plan_trip
    from engine.understanding import parse_request

    out: dict[str, Any] = {"id": req.id, "lang": req.lang, "text": req.text, "status": "delivered"}
    uncovered = [d for d in req.expect.destinations if d not in kb.destinations]
    if uncovered:
        out.update(status="skipped", reason=f"destination not covered: {', '.join(uncovered)}")
        return out
    began = time.perf_counter()
    parsed = parse_request(req.text, kb, today=today)
    plan = None
    if parsed.request is None:
        out.update(status="undelivered", reason="parse: " + parsed.message("en"))
    else:
        try:
            plan = plan_trip(parsed.request, kb, today=today)
        except PlanningError as exc:
            out.update(status="undelivered", reason=f"plan: {exc}")
    out["seconds"] = round(time.perf_counter() - began, 3)
    if plan is None or not checks.delivered(plan):
        out.update(status="undelivered", reason=out.get("reason", "a day without items"))
        return out
    if show_plan:
        print_plan(req, plan)
    return out | judge_plan(plan, kb, req, out["seconds"])


def judge_plan(plan: Any, kb: Any, req: BenchRequest, seconds: float) -> dict[str, Any]:
    """Every check of one delivered plan."""
    expect = req.expect
    wishes = judge(plan, kb, expect)
    missed = [w for w in wishes if not w.met]
    taxi = checks.taxis(plan, kb)
    idle = idle_checks.idle(plan)
    daytime = idle_checks.daytime_idle(plan)
    hole_day, hole_at, hole = daytime.longest
    good, total, bad_meals = checks.meal_times(plan)
    restaurants, close, streets = checks.repeats(plan, kb)
    split = checks.split_clusters(plan)
    off = checks.off_hour(plan, kb)
    no_meal = checks.meal_places(plan, kb)
    rides = checks.meal_rides(plan)
    dear = meal_checks.dear_meals(plan, kb)
    dishes = meal_checks.dish_wishes(plan, kb)
    verdicts = {
        "feasible": checks.feasible(plan),
        "days_dates": checks.days_and_dates(plan, expect),
        "party": checks.party(plan, expect),
        "headline": checks.headline(plan, kb, expect),
        "wishes": checks.Verdict(not missed, "; ".join(f"{w.kind} {w.detail}" for w in missed[:3])),
        "taxi": taxi.verdict,
        "ways": checks.ways(plan, kb),
        "idle": idle.verdict,
        "daytime": checks.Verdict(
            hole <= idle_checks.DAYTIME_HOLE_MIN,
            f"{hole} min idle on day {hole_day} from {hole_at}",
        ),
        "left_out": idle_checks.free_while_left_out(plan, kb),
        "cluster": checks.Verdict(not split, "split " + "; ".join(split[:2])),
        "hour": checks.Verdict(not off, "off its hour: " + "; ".join(off[:2])),
        "meals": checks.Verdict(not bad_meals, "meal at " + ", ".join(bad_meals[:3])),
        "fed": checks.fed(plan),
        "meal_places": checks.Verdict(not no_meal, "; ".join(no_meal[:2])),
        "meal_reach": checks.Verdict(not rides.off_way, "; ".join(rides.off_way[:2])),
        "bedtime": checks.late_nights(plan),
        "repeats": checks.Verdict(
            not restaurants and not close, "again at " + ", ".join([*restaurants, *close][:2])
        ),
        "meal_price": checks.Verdict(not dear, "; ".join(dear[:2])),
        "dish": checks.Verdict(not dishes, "; ".join(dishes[:2])),
        "budget": checks.budget(plan, expect),
        "speed": checks.Verdict(seconds <= max(1.0, len(plan.days) / 3), f"{seconds:.2f} s"),
    }
    return {
        "days": len(plan.days),
        "checks": {
            k: {"ok": v.ok, "detail": v.detail if v.ok is False else ""}
            for k, v in verdicts.items()
        },
        "wishes": [asdict(w) for w in wishes],
        "idle_per_day": list(idle.per_day),
        "long_gaps": [list(g) for g in idle.long_gaps],
        "rest_per_day": list(idle.rest_per_day),
        "daytime_idle": [hole_day, hole_at, hole],
        "declared_free": daytime.declared_free,
        "longest_taxi_km": taxi.longest_km,
        "longest_meal_ride_km": rides.longest_km,
        "longest_meal_ride_at": rides.longest_at,
        "meals_in_window": [good, total],
        "restaurant_repeats": restaurants,
        "food_street_repeats": streets,
        "food_street_close_repeats": close,
        "total_cost_cny": plan.total_cost_cny,
    }


def print_plan(req: BenchRequest, plan: Any) -> None:
    """The plan's days, one line per item (for a developer reading why a check failed)."""
    print(f"\n== {req.id}: {req.text}")
    for day in plan.days:
        print(f"  day {day.index} {day.date} {day.destination} (night: {day.lodging_id})")
        for i in day.items:
            extra = f" {i.mode.value} {(i.distance_m or 0) / 1000:.1f} km" if i.mode else ""
            meal = f" [{i.meal}]" if i.meal else ""
            print(f"    {i.start:%H:%M}-{i.end:%H:%M} {i.kind.value:<10} {i.name}{meal}{extra}")
    for w in plan.feasibility.wishes if plan.feasibility else ():
        print(f"  wish {w.kind} {w.status}: {w.said} — {w.reason or w.message}")


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:6.1f} %  {n:>4}/{d:<4}" if d else "     -   " + f"{n:>4}/{d:<4}"


def report(results: list[dict[str, Any]], show: int) -> None:
    """Print the tables (see the module docstring)."""
    ran = [r for r in results if r["status"] != "skipped"]
    done = [r for r in ran if r["status"] == "delivered"]
    print(f"\nplan quality: {len(results)} requests, {len(ran)} run, "
          f"{len(results) - len(ran)} skipped (destination not covered)")  # fmt: skip
    print(f"{'check':<44}{'rate':>8}  {'met/of':<9}  target")
    print(f"{'delivered':<44}{pct(len(done), len(ran))}")
    for key, label, target in CHECKS:
        rows = [r["checks"][key]["ok"] for r in done if r["checks"][key]["ok"] is not None]
        print(f"{label:<44}{pct(sum(rows), len(rows))}  {target}")
    every = [r for r in done if all(c["ok"] is not False for c in r["checks"].values())]
    print(f"{'overall: every check passed':<44}{pct(len(every), len(ran))}")
    _wish_table(done)
    _figures(done)
    _offenders(ran, show)
    for r in results:
        if r["status"] == "skipped":
            print(f"  skipped {r['id']}: {r['reason']}")


def _wish_table(done: list[dict[str, Any]]) -> None:
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in done:
        for w in r["wishes"]:
            kinds[w["kind"]].append(w)
    print(f"\n{'wish kind':<17}{'n':>4}  {'honoured':>9}  {'answered':>9}  {'either':>9}  "
          f"{'false claims':>12}  target either >= 95 %")  # fmt: skip
    for kind, rows in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        n = len(rows)
        hon = sum(w["honoured"] for w in rows)
        ans = sum(w["answered"] for w in rows)
        false = sum(w["claimed"] and not w["honoured"] for w in rows)
        mark = " (report only)" if any(w["by_report"] for w in rows) else ""
        print(f"{kind:<17}{n:>4}  {100 * hon / n:8.1f}%  {100 * ans / n:8.1f}%  "
              f"{100 * (hon + ans) / n:8.1f}%  {false:>12}{mark}")  # fmt: skip


def _figures(done: list[dict[str, Any]]) -> None:
    if not done:
        return
    days = [m for r in done for m in r["idle_per_day"]]
    gaps = sum(len(r["long_gaps"]) for r in done)
    rest = [m for r in done for m in r.get("rest_per_day", ())]
    print(f"\nidle per day (unintended: gaps and free time filling them): median "
          f"{statistics.median(days):.0f} min (target <= 45), mean {statistics.mean(days):.0f}; "
          f"{gaps} idle stretches > 60 min over {len(days)} days")  # fmt: skip
    if rest:
        print(f"rest per day (a nap, free time declared with its reason; after the last sight "
              f"for seniors, small children, relaxed pace): median "
              f"{statistics.median(rest):.0f} min, mean {statistics.mean(rest):.0f}")  # fmt: skip
    holes = [r["daytime_idle"][2] for r in done]
    over = sum(h > idle_checks.DAYTIME_HOLE_MIN for h in holes)
    free = sum(bool(r["declared_free"]) for r in done)
    print(f"longest idle in daytime (09:00-18:00) per plan: median {statistics.median(holes):.0f} "
          f"min, mean {statistics.mean(holes):.0f}; plans over {idle_checks.DAYTIME_HOLE_MIN} min: "
          f"{over}/{len(holes)} ({100 * over / len(holes):.1f} %); plans with a declared free "
          f"afternoon: {free}")  # fmt: skip
    taxi = sorted((r["longest_taxi_km"], r["id"]) for r in done)
    over = sum(r["checks"]["taxi"]["ok"] is False for r in done)
    print(f"longest taxi ride: {taxi[-1][0]:.0f} km ({taxi[-1][1]}); plans with a taxi > 30 km "
          f"where a bus/metro/charter runs: {over}")  # fmt: skip
    for r in done:
        if r["longest_meal_ride_km"] > checks.MEAL_DETOUR_MAX_KM:
            print(f"  longest ride to a meal {r['id']}: {r['longest_meal_ride_km']:.1f} km "
                  f"({r['longest_meal_ride_at']})")  # fmt: skip
    meals = [r["meals_in_window"] for r in done]
    print(f"meals at local times: {sum(m[0] for m in meals)}/{sum(m[1] for m in meals)}; "
          f"food streets eaten at twice in a trip: {sum(bool(r['food_street_repeats']) for r in done)} plans, "
          f"within 3 days: {sum(bool(r.get('food_street_close_repeats')) for r in done)} plans")  # fmt: skip
    secs = sorted(r["seconds"] for r in done)
    three = [r["seconds"] for r in done if r["days"] == 3]
    print(f"plan time (parse + plan): median {statistics.median(secs):.2f} s, p90 "
          f"{secs[math.ceil(0.9 * len(secs)) - 1]:.2f} s, max {secs[-1]:.2f} s; 3-day median "
          f"{f'{statistics.median(three):.2f} s' if three else '-'} (target <= 1 s)")  # fmt: skip


def _offenders(ran: list[dict[str, Any]], show: int) -> None:
    def failures(r: dict[str, Any]) -> list[str]:
        if r["status"] != "delivered":
            return [r["reason"]]
        return [f"{k}: {c['detail']}" for k, c in r["checks"].items() if c["ok"] is False]

    worst = sorted(ran, key=lambda r: (r["status"] == "delivered", -len(failures(r))))
    worst = [r for r in worst if failures(r)][:show]
    if worst:
        print(f"\nworst {len(worst)} plans:")
    for r in worst:
        line = " | ".join(failures(r))
        print(f"  {r['id']:<10} {line[:230]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="request id (repeatable)")
    parser.add_argument("--lang", choices=("zh", "en"))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--show", type=int, default=15, help="worst plans to list")
    parser.add_argument("--json", type=Path, help="write every result to this file")
    parser.add_argument("--plans", action="store_true", help="print every plan's days")
    parser.add_argument("--requests", type=Path, default=DEFAULT_PATH)
    args = parser.parse_args(argv)
    os.environ["LVTU_HOME"] = tempfile.mkdtemp(prefix="lvtu-quality-")
    from engine.knowledge.base import default_knowledge

    bench = load_requests(args.requests)
    requests = [
        r
        for r in bench.requests
        if (not args.only or r.id in args.only) and (not args.lang or r.lang == args.lang)
    ][: args.limit]
    kb = default_knowledge()
    if requests:  # warm-up, untimed: gazetteer, knowledge indexes, solver
        evaluate(bench.requests[0], kb, bench.today)
    results = []
    for n, req in enumerate(requests, 1):
        results.append(evaluate(req, kb, bench.today, show_plan=args.plans))
        if n % 20 == 0:
            print(f"  … {n}/{len(requests)}", file=sys.stderr, flush=True)
    report(results, args.show)
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1, default=str))
        print(f"\nresults written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
