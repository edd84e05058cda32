"""Detours: how far a plan rides by road inside its destinations, and how far off the way its meals
and stops lie (issue 12: 宏村 → 呈坎 → back to 宏村 for dinner; 西安 day 4 back to 华清宫 to eat).

Usage (from the repository root)::

    python bench/detours.py [--only ID ...] [--text "request" ...] [--plans] [--json out.json]

Each request of ``bench/plan_quality_requests.json`` (or each ``--text``) is parsed and planned
as `bench.plan_quality` does, and measured:

- road km a day: taxi, chartered-car and own-car legs inside a destination (route km of the
  legs), summed per day; the mean over the bench's days and the worst day are printed;
- the longest meal detour: a lunch or dinner's km off the way between the stops before and after
  it ((a→meal + meal→b − a→b) / 2, straight lines, as `plan_quality_checks.meal_rides`; before a
  train or flight, the station or airport ridden to after it; a last meal followed only by the
  ride back to the lodging, the lodging);
- back-and-forth: three stops in a row A → B → C of a day where C is back within `BACK_M` of A
  after a ride out of more than `OUT_M` to B, A being more than `AWAY_M` from where the day
  starts (its first stop: the lodging's breakfast, the station arrived at) — the day went out to A
  first and came back past it (汤口 → 塔川 → 黄山 → 宏村, 塔川 beside 宏村), where a trip out from
  the lodging's side of town and back (天安门 → 八达岭 → 前门 for dinner) is an excursion, as
  "day N A→B→C (km out)".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.plan_quality_expect import DEFAULT_PATH, load_requests
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode
from engine.knowledge.geo import haversine_m

#: A stop two steps later this close (metres) to a stop …
BACK_M = 2500.0
#: … after a ride out of more than this (metres, straight line) is a back-and-forth.
OUT_M = 8000.0
#: … from a first stop A this far (metres) from where the day starts.
AWAY_M = 5000.0
_ROAD = (Mode.TAXI, Mode.CHARTER, Mode.DRIVE)


def road_km(day: Day) -> float:
    """Route km of `day`'s taxi, chartered-car and own-car legs."""
    return sum((i.distance_m or 0) for i in day.items if i.mode in _ROAD) / 1000


def stops(day: Day) -> list[Item]:
    """`day`'s located items other than legs and free time, in order."""
    return [i for i in day.items if i.lat is not None and i.lon is not None
            and i.kind not in (ItemKind.TRANSIT, ItemKind.FREE)]  # fmt: skip


def meal_detours(day: Day) -> list[tuple[float, str]]:
    """(km off the way, "name day N") of each lunch and dinner with a stop before and after it;
    before a train or flight the stop after it is the station or airport its leg there ends at."""
    out = []
    s = stops(day)
    for j, item in enumerate(s):
        if item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner"):
            continue
        if j == 0:
            continue
        a, last = s[j - 1], day.items[-1]
        if j == len(s) - 1:  # the last day's ride back to the lodging after dinner
            if day.items[-2] is not item or last.kind != ItemKind.TRANSIT or last.lat is None:
                continue
            b = last
        else:
            b = s[j + 1]
        if b.kind == ItemKind.INTERCITY:
            k = day.items.index(b)
            leg = day.items[k - 1]
            if leg is item or leg.kind != ItemKind.TRANSIT or leg.lat is None:
                continue
            b = leg
        off = (_m(a, item) + _m(item, b) - _m(a, b)) / 2000
        out.append((off, f"{item.name} day {day.index}"))
    return out


def back_and_forth(day: Day) -> list[tuple[float, str]]:
    """(km out, "day N A→B→C") of each back-and-forth of `day` (see the module docstring)."""
    every = stops(day)
    if not every:
        return []
    s = [i for i in every if i.kind != ItemKind.INTERCITY]
    out = []
    for j in range(len(s) - 2):
        a, b, c = s[j], s[j + 1], s[j + 2]
        out_m = _m(a, b)
        if _m(every[0], a) > AWAY_M and out_m > OUT_M and _m(a, c) <= BACK_M and _m(b, c) > OUT_M:
            out.append((out_m / 1000, f"day {day.index} {a.name}→{b.name}→{c.name}"))
    return out


def measure(plan: Itinerary) -> dict[str, Any]:
    """Road km per day, the longest meal detour and the back-and-forths of `plan`."""
    days = [d for d in plan.days if d.items]
    meals = [m for d in days for m in meal_detours(d)]
    worst = max(meals, default=(0.0, ""))
    backs = [b for d in days for b in back_and_forth(d)]
    return {
        "road_km_per_day": [round(road_km(d), 1) for d in days],
        "longest_meal_detour_km": round(worst[0], 1),
        "longest_meal_detour_at": worst[1],
        "back_and_forth": [f"{t} ({km:.0f} km out)" for km, t in backs],
    }


def _m(a: Item, b: Item) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="request id (repeatable)")
    parser.add_argument("--text", action="append", help="a request's text (repeatable)")
    parser.add_argument("--plans", action="store_true", help="print every plan's days")
    parser.add_argument("--json", type=Path, help="write every result to this file")
    args = parser.parse_args(argv)
    os.environ["LVTU_HOME"] = tempfile.mkdtemp(prefix="lvtu-detours-")
    from bench.plan_quality import print_plan
    from engine.knowledge.base import default_knowledge
    from engine.planning import PlanningError, plan_trip
    from engine.understanding import parse_request

    bench = load_requests(DEFAULT_PATH)
    if args.text:
        requests: list[Any] = [SimpleNamespace(id=f"text-{n}", text=t)
                               for n, t in enumerate(args.text, 1)]  # fmt: skip
    else:
        requests = [r for r in bench.requests if not args.only or r.id in args.only]
    kb = default_knowledge()
    results = []
    for n, req in enumerate(requests, 1):
        parsed = parse_request(req.text, kb, today=bench.today)
        plan = None
        if parsed.request is not None:
            try:
                plan = plan_trip(parsed.request, kb, today=bench.today)
            except PlanningError:
                plan = None
        if plan is None or not plan.days:
            continue
        if args.plans:
            print_plan(req, plan)
        results.append({"id": req.id} | measure(plan))
        if n % 20 == 0:
            print(f"  … {n}/{len(requests)}", file=sys.stderr, flush=True)
    report(results)
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1))
    return 0


def report(results: list[dict[str, Any]]) -> None:
    """Print the bench's figures and the worst plans."""
    days = [(km, r["id"], n) for r in results for n, km in enumerate(r["road_km_per_day"], 1)]
    if not days:
        print("no plan delivered")
        return
    km = [d[0] for d in days]
    top = max(days)
    print(f"plans {len(results)}, days {len(days)}")
    print(f"road km a day: mean {statistics.mean(km):.1f}, median {statistics.median(km):.1f}, "
          f"total {sum(km):.0f}, worst {top[0]:.1f} ({top[1]} day {top[2]})")  # fmt: skip
    meals = sorted(((r["longest_meal_detour_km"], r["id"], r["longest_meal_detour_at"])
                    for r in results), reverse=True)  # fmt: skip
    print(
        f"longest meal detour: {meals[0][0]:.1f} km ({meals[0][1]}: {meals[0][2]}); "
        f"over 8 km: {sum(m[0] > 8 for m in meals)}, over 4 km: {sum(m[0] > 4 for m in meals)}"
    )
    for off, rid, at in meals[:8]:
        print(f"  {off:5.1f} km  {rid:<12} {at}")
    backs = [(rid, b) for r in results for b in r["back_and_forth"] for rid in [r["id"]]]
    print(f"back-and-forth: {len(backs)} in {len({b[0] for b in backs})} plans")
    for rid, b in backs:
        print(f"  {rid:<12} {b}")


if __name__ == "__main__":
    raise SystemExit(main())
