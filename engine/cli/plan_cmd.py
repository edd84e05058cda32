"""`lvtu plan TEXT`: understand, plan, validate, write the guide, save — with progress lines."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.cli.jobs_cmd import add_detach_argument
from engine.cli.output import itinerary_json, print_json, print_plan, progress
from engine.domain.request import Pace, TripRequest
from engine.i18n import pick


def register(sub: Any) -> None:
    p = sub.add_parser("plan", help="plan a trip / 规划行程")
    p.add_argument("text", nargs="?", default="", help="e.g. 上海出发去黄山玩两天")
    p.add_argument("--from", dest="origin", help="departure city / 出发地")
    p.add_argument("--to", dest="to", help="destination / 目的地")
    p.add_argument("--days", type=int)
    p.add_argument("--date", help="start date YYYY-MM-DD")
    p.add_argument("--people", type=int)
    p.add_argument("--budget", type=int, help="total budget, CNY")
    p.add_argument("--pace", choices=[p.value for p in Pace])
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    add_detach_argument(p)
    p.set_defaults(handler=cmd_plan)


class RequestProblem(Exception):
    """The request cannot be understood; `message` is in the request's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def build_request(args: argparse.Namespace, kb: Any) -> TripRequest:
    """The TripRequest from the text and the options (options win).

    Raises:
        RequestProblem: the text or an option cannot be understood (message in the request's
            language: suggestions for unknown places, the valid range for days …).
    """
    from engine.understanding import parse_form

    lang = args.lang or ("en" if args.text and not _has_cjk(args.text) else "zh")
    if not (args.text or "").strip() and not args.to:
        raise RequestProblem(
            pick(
                lang,
                '请告诉我想去哪里，例如：lvtu plan "上海出发去黄山玩两天"',
                'Tell me where to go, e.g. lvtu plan "2 days in Huangshan from Shanghai"',
            )
        )
    result = parse_form(
        kb,
        text=args.text or None,
        departure=args.origin,
        destination=args.to,
        days=args.days,
        date=args.date,
        people=args.people,
        budget=args.budget,
        pace=args.pace,
        lang=args.lang,
    )
    if result.request is None:
        raise RequestProblem(result.message(args.lang or result.lang))
    return result.request


def _has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def cmd_plan(args: argparse.Namespace) -> int:
    from engine.knowledge.base import default_knowledge
    from engine.pipeline import run_plan

    kb = default_knowledge()
    lang = args.lang or ("en" if args.text and not _has_cjk(args.text) else "zh")
    try:
        request = build_request(args, kb)
    except RequestProblem as problem:
        print(problem.message, file=sys.stderr)
        return 2
    if args.detach:
        from engine.cli.jobs_cmd import run_plan_detached

        return run_plan_detached(args, request)
    try:
        itinerary = run_plan(request, kb, text=args.text, on_progress=progress)
    except Exception as exc:
        message = getattr(exc, "message", None)
        if callable(message):
            print(message(request.lang or lang), file=sys.stderr)
            return 2
        raise
    if args.json:
        print_json(itinerary_json(itinerary))
    else:
        print_plan(itinerary)
    return 0
