"""CLI output helpers: progress lines on stderr, plans as text or JSON on stdout."""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.domain.itinerary import Itinerary


def progress(message: str) -> None:
    """One progress line on stderr (stdout stays clean for --json)."""
    print(f"… {message}", file=sys.stderr, flush=True)


def itinerary_json(itinerary: Itinerary) -> dict[str, Any]:
    """The plan as one JSON object: ``itinerary``, ``guide``, ``suggested_questions``,
    ``feasibility`` (``passed``, ``checks[]``)."""
    data = itinerary.model_dump(
        mode="json", exclude={"guide", "suggested_questions", "feasibility"}
    )
    report = itinerary.feasibility
    return {
        "itinerary": data,
        "guide": itinerary.guide,
        "suggested_questions": list(itinerary.suggested_questions),
        "feasibility": report.model_dump(mode="json")
        if report
        else {"passed": False, "checks": []},
    }


def print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def print_plan(itinerary: Itinerary) -> None:
    """Human-readable: the guide (it contains the day-by-day plan) and the questions."""
    zh = itinerary.lang == "zh"
    print(itinerary.guide.rstrip())
    if itinerary.suggested_questions:
        print("\n" + ("你还可以问：" if zh else "You could ask next:"))
        for q in itinerary.suggested_questions:
            print(f"  • {q}")
    print("\n" + (f"已保存，编号 {itinerary.id}" if zh else f"Saved as #{itinerary.id}"))
