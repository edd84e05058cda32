"""`lvtu plan TEXT`: understand, plan, validate, write the guide, save — with progress lines."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from typing import Any

from engine.cli.output import itinerary_json, print_json, print_plan, progress
from engine.domain.request import MAX_DAYS, MIN_DAYS, Pace, Party, TripRequest
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
    p.set_defaults(handler=cmd_plan)


class RequestProblem(Exception):
    """The request cannot be understood; `message` is in the request's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def build_request(args: argparse.Namespace, kb: Any) -> TripRequest:
    """The TripRequest from the text and the options (options win).

    Raises:
        RequestProblem: the text or an option cannot be understood.
    """
    from engine.understanding import parse_request

    lang = args.lang or ("en" if args.text and not _has_cjk(args.text) else "zh")
    text = args.text
    if args.to:
        origin = f"从{args.origin}" if args.origin else ""
        text = f"{text} {origin}去{args.to}".strip()
    elif args.origin:
        text = f"{text} 从{args.origin}出发".strip()
    if args.days is not None and not MIN_DAYS <= args.days <= MAX_DAYS:
        raise RequestProblem(
            pick(
                lang,
                f"天数需要在{MIN_DAYS}到{MAX_DAYS}天之间。",
                f"Days must be between {MIN_DAYS} and {MAX_DAYS}.",
            )
        )
    if not text.strip():
        raise RequestProblem(
            pick(
                lang,
                "请告诉我想去哪里，例如：上海出发去黄山玩两天",
                'Tell me where to go, e.g. "2 days in Huangshan from Shanghai"',
            )
        )
    if args.days is not None and not any(ch.isdigit() for ch in text):
        text += f" {args.days}天"
    result = parse_request(text, kb)
    if result.request is None:
        problem = result.problem
        raise RequestProblem(
            problem.message(lang)
            if problem
            else pick(lang, "没能理解这个请求。", "I could not understand that request.")
        )
    request = result.request
    update: dict[str, Any] = {}
    if args.days is not None:
        update["days"] = args.days
    if args.date:
        try:
            update["start_date"] = dt.date.fromisoformat(args.date)
        except ValueError:
            raise RequestProblem(
                pick(
                    lang,
                    f"日期格式应为 YYYY-MM-DD：{args.date}",
                    f"Dates look like YYYY-MM-DD, not {args.date!r}",
                )
            ) from None
    if args.people is not None:
        if not 1 <= args.people <= 20:
            raise RequestProblem(
                pick(lang, "人数需要在1到20之间。", "People must be between 1 and 20.")
            )
        update["party"] = Party(adults=args.people)
    if args.budget is not None:
        update["budget_cny"] = args.budget
    if args.pace:
        update["pace"] = Pace(args.pace)
    if args.lang:
        update["lang"] = args.lang
    return request.model_copy(update=update) if update else request


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
