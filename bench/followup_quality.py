"""Follow-up quality: conversations that reshape a plan, replayed turn by turn and judged by content.

Usage (from the repository root)::

    python bench/followup_quality.py [--only ID ...] [--plans] [--json results.json]
        [--chains PATH]

Plans are made with ``LVTU_SOLVER_ITERATIONS=1000`` unless set (a fixed search, so two runs
agree). Each chain of ``bench/followup_chains.json`` is a first request and the follow-ups a traveller
says next, in our own wording. The chain runs through `engine.agent.agent.Agent` offline (the
same path as `lvtu plan` then `lvtu revise`), in a fresh database, with the set's ``today``.
After every follow-up the open plan is judged:

- ``same_trip``: the follow-up edited the open trip (no new trip unless the chain says so);
- ``said``: the reply contains each ``reply_has`` text and none of ``reply_lacks`` (per turn);
- ``plain``: the reply shows no engine state (English exception text, item ids, ``None``);
- ``places``: after the turn, ``has`` places (names or ids, ``A|B`` for either) are in the plan
  and ``lacks`` places are not visited (a lodging or restaurant named after them may stay);
- ``fed``: lunch and dinner on every day out (`bench.plan_quality_checks.fed`);
- ``one_meal``: no day with two lunches or two dinners, and no signature dish served at two
  dinners (a roast-duck dinner twice is a repeat a traveller notices);
- ``meal_reach``: meals within `bench.plan_quality_checks.MEAL_DETOUR_MAX_KM` of the way;
- ``feasible``: the validator passed;
- ``no_repeat``: no restaurant twice in the trip.

Printed: a table per check and the failing chains with the reason; ``--json`` writes every result.
A failing chain is a conversation a traveller would have had to repair by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DEFAULT_PATH = Path(__file__).with_name("followup_chains.json")

CHECKS = (
    ("same_trip", "edited the open trip (no new trip)"),
    ("said", "reply says what was asked"),
    ("plain", "no engine state in the reply"),
    ("places", "places in / out as asked"),
    ("fed", "lunch and dinner on every day out"),
    ("one_meal", "one lunch, one dinner a day; no signature dinner twice"),
    ("meal_reach", "meals on the way"),
    ("feasible", "feasible (validator passed)"),
    ("no_repeat", "no restaurant twice"),
)

#: Text a traveller should never read: exception and engine-state phrasing.
ENGINE_TEXT = re.compile(
    r"Traceback|Error\b|Exception|\bNone\b|overlaps|has \d+ (?:dinners|lunches)|"
    r"\b[a-z]+(?:-[a-z0-9]+){2,}\b|poi_id|item_id|KeyError|ValueError"
)

#: Dinner dishes a trip should not serve twice (a traveller's "again?").
SIGNATURE = ("烤鸭", "火锅", "roast duck", "hotpot", "Peking duck")


def _current(db: Any, first_id: int | None) -> tuple[Any, int | None]:
    from engine.storage import itineraries

    rows = itineraries.list_summaries(db)
    if not rows:
        return None, None
    newest = max(r.id for r in rows)
    return itineraries.load(db, newest), newest


def _places(plan: Any, *, sights_only: bool = False) -> list[str]:
    out = []
    for day in plan.days:
        for item in day.items:
            if not sights_only or item.kind.value == "attraction":
                out.append(f"{item.poi_id or ''}\t{item.name}")
    return out


def _present(plan: Any, want: str, *, sights_only: bool = False) -> bool:
    names = _places(plan, sights_only=sights_only)
    return any(any(alt and alt in n for n in names) for alt in want.split("|"))


def _one_meal(plan: Any) -> list[str]:
    bad = []
    signature_dinners: Counter[str] = Counter()
    for day in plan.days:
        meals = Counter(i.meal for i in day.items if i.meal in ("lunch", "dinner"))
        bad += [f"day {day.index} has {n} {m}s" for m, n in meals.items() if n > 1]
        for item in day.items:
            if item.meal == "dinner":
                text = f"{item.name} {getattr(item, 'note', '') or ''}"
                for dish in SIGNATURE:
                    if dish.lower() in text.lower():
                        signature_dinners[dish] += 1
    bad += [f"{dish} at {n} dinners" for dish, n in signature_dinners.items() if n > 1]
    return bad


def judge_turn(plan: Any, kb: Any, reply: str, turn: dict[str, Any]) -> dict[str, Any]:
    """The checks of one follow-up's result: {key: {"ok": bool, "detail": str}}."""
    from bench import plan_quality_checks as checks

    out: dict[str, tuple[bool, str]] = {}
    missing = [t for t in turn.get("reply_has", ()) if not any(a in reply for a in t.split("|"))]
    wrong = [t for t in turn.get("reply_lacks", ()) if t in reply]
    out["said"] = (not missing and not wrong, f"missing {missing} / says {wrong}")
    engine = ENGINE_TEXT.findall(reply)
    out["plain"] = (not engine, f"engine text {engine[:3]}")
    absent = [p for p in turn.get("has", ()) if not _present(plan, p)]
    there = [p for p in turn.get("lacks", ()) if _present(plan, p, sights_only=True)]
    out["places"] = (not absent and not there, f"missing {absent} / still {there}")
    fed = checks.fed(plan)
    out["fed"] = (bool(fed.ok), fed.detail)
    twice = _one_meal(plan)
    out["one_meal"] = (not twice, "; ".join(twice[:3]))
    rides = checks.meal_rides(plan)
    out["meal_reach"] = (not rides.off_way, "; ".join(rides.off_way[:2]))
    feasible = checks.feasible(plan)
    out["feasible"] = (bool(feasible.ok), feasible.detail)
    restaurants, _close, _streets = checks.repeats(plan, kb)
    out["no_repeat"] = (not restaurants, ", ".join(restaurants[:2]))
    return {k: {"ok": ok, "detail": "" if ok else detail} for k, (ok, detail) in out.items()}


async def run_chain(chain: dict[str, Any], today: dt.date, kb: Any, show: bool) -> dict[str, Any]:
    """Replay one chain in a fresh database; the result per follow-up."""
    from engine.agent.agent import Agent
    from engine.storage.db import open_database

    with tempfile.TemporaryDirectory(prefix="lvtu-followup-") as home:
        agent = Agent(working_directory=home, database=Path(home) / "a.db", today=today)
        db = open_database(Path(home) / "a.db")
        try:
            first = await agent.arun(chain["request"])
            plan, first_id = _current(db, None)
            result: dict[str, Any] = {"id": chain["id"], "turns": []}
            if plan is None:
                result["status"] = "undelivered"
                result["reason"] = first[:200]
                return result
            if show:
                _print_plan(chain["request"], first, plan)
            for turn in chain["turns"]:
                reply = await agent.arun(turn["say"])
                plan, now_id = _current(db, first_id)
                judged = judge_turn(plan, kb, reply, turn)
                new_trip = now_id != first_id
                judged["same_trip"] = {
                    "ok": new_trip == bool(turn.get("new_trip")),
                    "detail": "" if new_trip == bool(turn.get("new_trip")) else "a new trip",
                }
                result["turns"].append({"say": turn["say"], "reply": reply, "checks": judged})
                if show:
                    _print_plan(turn["say"], reply, plan)
            result["status"] = "delivered"
            return result
        finally:
            agent.close()
            db.dispose()


def _print_plan(said: str, reply: str, plan: Any) -> None:
    print(f"\n>> {said}\n{reply}")
    for day in plan.days:
        print(f"  day {day.index} {day.date} (night: {day.lodging_id})")
        for i in day.items:
            meal = f" [{i.meal}]" if i.meal else ""
            print(f"    {i.start:%H:%M}-{i.end:%H:%M} {i.kind.value:<10} {i.name}{meal}")


def report(results: list[dict[str, Any]]) -> None:
    """Print the tables (see the module docstring)."""
    turns = [t for r in results for t in r.get("turns", ())]
    done = [r for r in results if r["status"] == "delivered"]
    print(
        f"\nfollow-up quality: {len(results)} chains, {len(done)} delivered, {len(turns)} follow-ups"
    )
    print(f"{'check (per follow-up)':<58}{'rate':>8}  met/of")
    for key, label in CHECKS:
        rows = [t["checks"][key]["ok"] for t in turns]
        n = sum(rows)
        print(f"{label:<58}{100 * n / max(1, len(rows)):6.1f} %  {n}/{len(rows)}")
    whole = [r for r in done if all(all(c["ok"] for c in t["checks"].values()) for t in r["turns"])]
    print(f"{'chains with every check passed':<58}"
          f"{100 * len(whole) / max(1, len(results)):6.1f} %  {len(whole)}/{len(results)}")  # fmt: skip
    print("\nfailing follow-ups:")
    for r in results:
        if r["status"] != "delivered":
            print(f"  {r['id']}: undelivered: {r.get('reason', '')}")
        for t in r.get("turns", ()):
            bad = {k: c["detail"] for k, c in t["checks"].items() if not c["ok"]}
            if bad:
                why = " | ".join(f"{k}: {v}" for k, v in bad.items())
                print(f"  {r['id']} 「{t['say']}」 {why}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--plans", action="store_true", help="print each plan and reply")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--chains", type=Path, default=DEFAULT_PATH)
    args = parser.parse_args(argv)
    os.environ.setdefault("LVTU_HOME", tempfile.mkdtemp(prefix="lvtu-followup-home-"))
    os.environ.setdefault("LVTU_SOLVER_ITERATIONS", "1000")
    from engine.knowledge.base import default_knowledge

    data = json.loads(args.chains.read_text(encoding="utf-8"))
    today = dt.date.fromisoformat(data["today"])
    chains = [c for c in data["chains"] if not args.only or c["id"] in args.only]
    kb = default_knowledge()
    results = []
    for n, chain in enumerate(chains, 1):
        results.append(asyncio.run(run_chain(chain, today, kb, args.plans)))
        if n % 10 == 0:
            print(f"  … {n}/{len(chains)}", file=sys.stderr)
    report(results)
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"\nresults written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
