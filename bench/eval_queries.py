"""TravelEval-easy end to end: parse + plan the 200 queries with the ChinaTravel pack imported.

Usage (from the repository root)::

    /work/venv/bin/python bench/eval_queries.py [--lang zh|en] [--limit N] [--uid T0001 ...]
        [--no-pack] [--queries PATH] [--data PATH] [--show 5]

A temporary ``LVTU_HOME`` is created and the ChinaTravel sandbox imported into it as a data pack
(``--no-pack``: the curated base alone). Each query's text (``nature_language`` or, with
``--lang en``, ``nature_language_en``) is parsed by `engine.understanding.parse_form` with the
query's first date as the start date (the only field taken from the truth; everything else comes
from the text), then planned by `engine.planning.plan_trip`. Printed:

- delivery: a plan with a day per requested day;
- feasibility: every check of the validator other than the user's own constraints (budget,
  must-see, avoid) passed — the ChinaTravel environment constraints — and all checks together;
- user constraints: days, people (adults/children/seniors), origin and destination (the parsed
  request, and intercity legs out and back), start date, budget (total <= the stated budget);
  the file's diet / transport / attraction / lodging preference fields are counted and, when
  present, reported as not evaluated (all are empty in traveleval-easy);
- ChinaTravel-style preference scores over delivered plans: attractions per day, minutes per
  intra-city transit leg, lunches and dinners per day (at restaurants; and with those eaten
  inside a sight or aboard a leg, which the first figure leaves out);
- time per query (parse + plan), and failures grouped by reason with example uids.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / ".." / "shared" / "data"
ENV_EXEMPT = {"budget", "must_see", "avoid"}  # the user's constraints, scored separately
PREFS = ("diet", "transportation", "attractions", "accommodations", "rhythm")


def evaluate(query: dict[str, Any], lang: str, kb: Any, cities: dict[str, str]) -> dict[str, Any]:
    """One query: parse, plan, and what was met (keys described in the module docstring)."""
    from engine.domain.itinerary import ItemKind
    from engine.planning import PlanningError, plan_trip
    from engine.understanding import parse_form

    text = query["nature_language" if lang == "zh" else "nature_language_en"]
    start = dt.date.fromisoformat(query["dates"].split(" to ")[0])
    began = time.perf_counter()
    out: dict[str, Any] = {"uid": query["uid"], "delivered": False, "fail": {}}
    parsed = parse_form(kb, text=text, date=start, lang=lang)
    if parsed.request is None:
        out["seconds"] = time.perf_counter() - began
        out["reason"] = "parse: " + parsed.message("en")
        return out
    request = parsed.request
    try:
        plan = plan_trip(request, kb)
    except PlanningError as exc:
        out["seconds"] = time.perf_counter() - began
        out["reason"] = f"plan: {exc}"
        return out
    out["seconds"] = time.perf_counter() - began
    days = plan.days
    out["delivered"] = len(days) == query["days"] and all(d.items for d in days)
    if not out["delivered"]:
        out["reason"] = f"plan: {len(days)} days for {query['days']}"
        return out
    report = plan.feasibility
    failed = [c for c in (report.failures if report else ()) if c.severity == "error"]
    out["env_failures"] = [(c.code, c.message) for c in failed if c.code not in ENV_EXEMPT]
    out["all_checks"] = bool(report and report.passed)
    target, origin = cities[query["target_city"]], cities[query["start_city"]]
    first, last = days[0].items, days[-1].items
    party = query["people_composition"]
    legs = first[0].kind == ItemKind.INTERCITY and last[-1].kind == ItemKind.INTERCITY
    checks = {
        "days": len(days) == query["days"] == request.days,
        "people": (request.party.adults, request.party.children, request.party.seniors)
        == (party["adults"], party["children"], party["seniors"]),
        "origin/destination": request.departure == origin
        and request.destinations == (target,)
        and all(d.destination == target for d in days)
        and legs,
        "start date": days[0].date == start,
        "budget": plan.total_cost_cny <= query["budget"],
    }
    out["fail"] = {k: _why(k, query, request, plan) for k, ok in checks.items() if not ok}
    full = [d for d in days[1:-1]] or list(days)
    out["attractions_per_day"] = statistics.mean(
        sum(i.kind == ItemKind.ATTRACTION for i in d.items) for d in full
    )
    transit = [i.minutes for d in days for i in d.items if i.kind == ItemKind.TRANSIT]
    out["transit"] = transit
    out["meals_per_day"] = statistics.mean(
        sum(i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner") for i in d.items)
        for d in full
    )
    # … and with the lunches and dinners eaten inside a sight (八达岭's lunch on the Wall) or
    # aboard a leg (the dinner on the train home): the score above counts restaurant meals only
    out["meals_any_per_day"] = statistics.mean(
        len({i.meal for i in d.items if i.meal in ("lunch", "dinner")}) for d in full
    )
    out["pack_share"] = _pack_share(plan, kb)
    out["costs"] = _costs(plan)
    out["cheapest_intercity"] = _cheapest_intercity(kb, origin, target, request)
    out["budget"] = query["budget"]
    return out


def _costs(plan: Any) -> dict[str, float]:
    """The plan's spend by kind (intercity, lodging, meal, attraction, transit), CNY."""
    costs: dict[str, float] = defaultdict(float)
    for day in plan.days:
        for item in day.items:
            costs[item.kind.value] += item.cost_cny
    return dict(costs)


def _cheapest_intercity(kb: Any, origin: str, target: str, request: Any) -> float:
    """Round trip for the party on the cheapest intercity option the knowledge offers, CNY."""
    from engine.planning import intercity

    found = intercity.options(kb, kb.destinations[origin], kb.destinations[target])
    return 2 * request.party.size * min(o.fare_cny for o in found) if found else 0.0


def _why(check: str, query: dict[str, Any], request: Any, plan: Any) -> str:
    if check == "budget":
        from engine.domain.itinerary import ItemKind

        fixed = sum(
            i.cost_cny
            for d in plan.days
            for i in d.items
            if i.kind in (ItemKind.INTERCITY, ItemKind.LODGING)
        )
        return f"{plan.total_cost_cny:.0f} > {query['budget']} (intercity + lodging {fixed:.0f})"
    if check == "people":
        return f"parsed {request.party} for {query['people_composition']}"
    if check == "origin/destination":
        return f"parsed {request.departure} -> {request.destinations}"
    return check


def _pack_share(plan: Any, kb: Any) -> float:
    ids = [i.poi_id for d in plan.days for i in d.items if i.poi_id and i.kind.value != "transit"]
    return sum(i in kb.pack_places for i in ids) / len(ids) if ids else 0.0


def pct(n: int, d: int) -> str:
    return f"{n:>4}/{d:<4} {100 * n / d:6.1f} %" if d else f"{n:>4}/{d:<4}      - "


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--uid", action="append")
    parser.add_argument("--no-pack", action="store_true")
    parser.add_argument("--queries", type=Path, default=DATA / "queries" / "traveleval-easy.json")
    parser.add_argument("--data", type=Path, default=DATA / "chinatravel")
    parser.add_argument("--show", type=int, default=5, help="example failures per reason")
    args = parser.parse_args(argv)
    if not args.queries.is_file() or (not args.no_pack and not args.data.is_dir()):
        print(f"data absent ({args.queries.resolve()}, {args.data.resolve()}): nothing to run.")
        return 0
    os.environ["LVTU_HOME"] = tempfile.mkdtemp(prefix="lvtu-eval-")
    from engine.knowledge.base import default_knowledge
    from engine.knowledge.chinatravel import CITIES, import_chinatravel
    from engine.knowledge.packs import save_pack
    from engine.understanding.evaluation import load_queries

    if not args.no_pack:
        began = time.perf_counter()
        info = save_pack(import_chinatravel(args.data))
        print(f"ChinaTravel pack imported in {time.perf_counter() - began:.1f} s: {info.counts}")
    began = time.perf_counter()
    kb = default_knowledge()
    print(f"knowledge base loaded in {time.perf_counter() - began:.2f} s; packs {kb.packs}")
    cities = {zh: city for city, (zh, *_rest) in CITIES.items()}
    queries = [q for q in load_queries(args.queries) if not args.uid or q["uid"] in args.uid]
    queries = queries[: args.limit] if args.limit else queries
    results = []
    for n, query in enumerate(queries, 1):
        results.append(evaluate(query, args.lang, kb, cities))
        if n % 20 == 0:
            print(f"  … {n}/{len(queries)}", file=sys.stderr, flush=True)
    report(results, queries, args)
    return 0


def report(results: list[dict[str, Any]], queries: list[dict[str, Any]], args: Any) -> None:
    total = len(results)
    done = [r for r in results if r["delivered"]]
    env_ok = [r for r in done if not r["env_failures"]]
    user_ok = [r for r in done if not r["fail"]]
    print(f"\nTravelEval-easy, {total} queries, lang {args.lang}, pack: {not args.no_pack}")
    print(f"{'delivered':<34}{pct(len(done), total)}")
    print(f"{'feasible (environment checks)':<34}{pct(len(env_ok), len(done))} of delivered")
    all_ok = sum(r["all_checks"] for r in done)
    print(f"{'every check incl. budget':<34}{pct(all_ok, len(done))} of delivered")
    print(f"{'user constraints met (all)':<34}{pct(len(user_ok), len(done))} of delivered")
    for name in ("days", "people", "origin/destination", "start date", "budget"):
        met = sum(name not in r["fail"] for r in done)
        print(f"{'  ' + name:<34}{pct(met, len(done))}")
    prefs = sum(any(q.get(k) for k in PREFS) for q in queries)
    print(f"{'  diet/transport/sights/lodging':<34}{prefs} queries state them (not evaluated)")
    if done:
        transit = [m for r in done for m in r["transit"]]
        print(
            f"preference scores: attractions/day {statistics.mean(r['attractions_per_day'] for r in done):.2f}, "
            f"transit min/leg {statistics.mean(transit) if transit else 0:.1f}, "
            f"lunch+dinner/day {statistics.mean(r['meals_per_day'] for r in done):.2f} "
            f"(with those inside a sight or aboard "
            f"{statistics.mean(r['meals_any_per_day'] for r in done):.2f}), "
            f"share of stops from packs {100 * statistics.mean(r['pack_share'] for r in done):.0f} %"
        )
    secs = sorted(r["seconds"] for r in results)
    if secs:
        print(f"time per query (parse + plan): mean {statistics.mean(secs):.2f} s, median "
              f"{statistics.median(secs):.2f} s, p90 {secs[int(0.9 * (len(secs) - 1))]:.2f} s, "
              f"max {secs[-1]:.2f} s")  # fmt: skip
    reasons: dict[str, list[str]] = defaultdict(list)
    for r in results:
        if not r["delivered"]:
            reasons["not delivered: " + r.get("reason", "?")[:90]].append(r["uid"])
            continue
        for code, message in r["env_failures"]:
            reasons[f"feasibility {code}"].append(f"{r['uid']} ({message[:70]})")
        for name, why in r["fail"].items():
            reasons[f"constraint {name}"].append(f"{r['uid']} ({why})")
    if reasons:
        print("\nfailures (count, examples):")
    for reason, uids in sorted(reasons.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(uids):>4}  {reason}")
        for uid in uids[: args.show]:
            print(f"          {uid}")
    over = [r for r in done if "budget" in r["fail"]]
    if over:
        kinds = ("intercity", "lodging", "meal", "attraction", "transit")
        means = ", ".join(
            f"{k} {statistics.mean(r['costs'].get(k, 0.0) for r in over):.0f}" for k in kinds
        )
        print(f"\nbudget failures ({len(over)}): mean spend by kind, CNY: {means}; "
              f"mean budget {statistics.mean(r['budget'] for r in over):.0f}")  # fmt: skip
        saved = [r for r in over if sum(r["costs"].values()) - r["costs"].get("intercity", 0)
                 + r["cheapest_intercity"] <= r["budget"]]  # fmt: skip
        gap = statistics.mean(
            r["costs"].get("intercity", 0) - r["cheapest_intercity"] for r in over
        )
        print(f"  the cheapest intercity fare (whether or not its times fit the trip) would save "
              f"{gap:.0f} on average and bring "
              f"{len(saved)} of them within budget")  # fmt: skip
    by_days = Counter(
        (r["delivered"] and not r["fail"].get("budget"), q["days"])
        for r, q in zip(results, queries, strict=True)
    )
    if done:
        row = "  ".join(f"{d}d {by_days[(True, d)]}/{by_days[(True, d)] + by_days[(False, d)]}"
                        for d in sorted({q['days'] for q in queries}))  # fmt: skip
        print(f"\nbudget met by trip length: {row}")


if __name__ == "__main__":
    raise SystemExit(main())
