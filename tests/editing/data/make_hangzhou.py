"""Regenerate ``hangzhou-3-days.json`` (the stored plan the editing tests build on) with the
current planner: ``LVTU_SOLVER_ITERATIONS=1000 .venv/bin/python -m tests.editing.data.make_hangzhou``
(the tests' deterministic solver budget, so the file is the same on every machine; the
time-limited solver gave the same plan on 2026-12-02). Re-read the editing tests that name its
places (test_meal_repeats, test_full_days, test_operations, test_refusals) afterwards."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from engine.domain.request import Party, TripRequest
from engine.knowledge.base import default_knowledge
from engine.planning import plan_trip
from engine.planning.validator import validate

PLAN = Path(__file__).parent / "hangzhou-3-days.json"


def main() -> None:
    kb = default_knowledge()
    request = TripRequest(departure="shanghai", destinations=("hangzhou",), days=3,
                          start_date=dt.date(2026, 12, 5), party=Party(adults=1), lang="zh")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})
    if plan.feasibility is None or not plan.feasibility.passed or not validate(plan, kb).passed:
        raise SystemExit("the plan does not pass the validator: not stored")
    data = json.loads(plan.model_dump_json())
    PLAN.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
