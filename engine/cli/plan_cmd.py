"""`lvtu plan TEXT`: understand, plan, validate, write the guide, save — with progress lines."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import sys
from typing import Any

from engine.cli.jobs_cmd import add_detach_argument
from engine.cli.output import (
    itinerary_json,
    log_file,
    print_json,
    print_plan,
    progress,
    report_error,
)
from engine.domain.request import Lang, Pace, TripRequest
from engine.events import (
    ErrorReported,
    FeasibilityChecked,
    GuideWritten,
    ItineraryReady,
    ThinkingStep,
    Token,
    ToolResult,
    Usage,
    describe,
)
from engine.i18n import pick, system_lang, text_lang
from engine.jobs.plan_request import PlanRequest, RequestProblem
from engine.jobs.plan_submit import submit_plan
from engine.planning.errors import PLANNING_ERROR_CODES
from engine.understanding import RequestOptions


def register(sub: Any) -> None:
    p = sub.add_parser("plan", help="plan a trip / 规划行程")
    p.add_argument("text", nargs="?", default="", help="e.g. 上海出发去黄山玩两天")
    p.add_argument("--from", dest="origin", help="departure city / 出发地")
    p.add_argument("--to", dest="to", help="destination / 目的地")
    # (numbers as text: read_request checks them with the same rule and messages as the text)
    p.add_argument("--days", help="1-30")
    p.add_argument("--date", help="start date YYYY-MM-DD")
    p.add_argument("--people", help="1-20, or e.g. 2大1小")
    p.add_argument("--budget", help="total budget, CNY (e.g. 3000, 5k)")
    p.add_argument("--pace", choices=[p.value for p in Pace])
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    add_detach_argument(p)
    p.set_defaults(handler=cmd_plan)
    p = sub.add_parser("revise", help="change a saved plan / 修改行程，例如：第二天轻松一点")
    p.add_argument("id", type=int, help="itinerary id (lvtu list)")
    p.add_argument("text", help="e.g. 第二天轻松一点 / 把宏村换成西递 / 加一天 / 预算降到2000")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_revise)


def request_lang(args: argparse.Namespace) -> str:
    """``--lang``, else the language of the text (`engine.i18n.text_lang`), else of the place
    options (``--from 北京 --to 西安`` → zh), else the system's."""
    if getattr(args, "lang", None):
        return str(args.lang)
    words = (getattr(args, "text", None) or "").strip() or " ".join(
        name for name in (getattr(args, "origin", None), getattr(args, "to", None)) if name
    )
    return text_lang(words) if words.strip() else system_lang()


def plan_request(args: argparse.Namespace) -> PlanRequest:
    """The person's words and the options over them, as the desktop's form submits them
    (`engine.jobs.plan_request.PlanRequest`); the options win over the words."""
    given = {
        "departure": args.origin, "destination": args.to, "days": args.days, "date": args.date,
        "people": args.people, "budget": args.budget, "pace": args.pace,
    }  # fmt: skip
    if all(value is None for value in given.values()) and not args.lang:
        return PlanRequest(args.text or "")
    lang: Lang = "zh" if request_lang(args) == "zh" else "en"
    return PlanRequest(args.text or "", RequestOptions(**given, lang=lang))


def past_date_warning(start: dt.date | str | None, lang: str) -> str | None:
    """``⚠ …`` when the trip's first day is before today (it is planned anyway), else None."""
    if isinstance(start, str):
        try:
            start = dt.date.fromisoformat(start)
        except ValueError:
            return None
    if start is None or start >= dt.date.today():
        return None
    return pick(
        lang,
        f"⚠ 出发日期 {start.isoformat()} 已经过去了；仍按这个日期规划（开放时间、车次以那天为准）。",
        f"⚠ The start date {start.isoformat()} has passed; planning for that date anyway "
        "(opening hours and trains as on that day).",
    )


def cmd_plan(args: argparse.Namespace) -> int:
    """Plan in this process as a job (the path the app takes: `submit_plan`); ``--detach``
    checks the request the same way, hands it to a background worker and returns its id."""
    request = plan_request(args)
    if not request.text.strip() and not args.to:
        message = pick(
            request_lang(args),
            '请告诉我想去哪里，例如：lvtu plan "上海出发去黄山玩两天"',
            'Tell me where to go, e.g. lvtu plan "2 days in Huangshan from Shanghai"',
        )
        report_error(message, "no_destination", as_json=args.json)
        return 2
    if args.detach:
        from engine.cli.jobs_cmd import run_plan_detached
        from engine.jobs.plan_request import check_now

        try:
            understood = check_now(request)
        except RequestProblem as problem:
            report_error(problem.message, problem.code, as_json=args.json)
            return 2
        warn_past_date(understood)
        return run_plan_detached(args, request)
    return asyncio.run(_plan_here(args, request))


def cmd_revise(args: argparse.Namespace) -> int:
    """A follow-up turn in the itinerary's conversation: a new version of the plan, or an
    answer in words (exit 2 when the change asked cannot be done: the answer says why and what
    instead, and the plan is unchanged)."""
    from engine.storage import itineraries
    from engine.storage.db import open_database

    lang = request_lang(args)
    try:
        conversation_id = itineraries.conversation_of(open_database(), args.id)
    except itineraries.NotFoundError:
        report_error(
            pick(lang, f"没有编号为 {args.id} 的行程。", f"No itinerary #{args.id}."),
            "not_found",
            as_json=args.json,
        )
        return 2
    request = PlanRequest(args.text, about=args.id)
    return asyncio.run(_plan_here(args, request, conversation_id=conversation_id))


async def run_edit(args: argparse.Namespace, order: Any, conversation_id: int | None) -> int:
    """Submit an edit (`engine.editing.ops.EditOrder`) as a job in the itinerary's conversation
    and report it like a plan (exit 2 with the reason when it is refused)."""
    from engine.storage.database import Database

    said = " ".join(str(a) for a in (args.op, args.target, args.extra) if a)
    request = PlanRequest(f"lvtu edit {args.id} {said}", edit=order)
    database = await Database().ready()
    try:
        return await _plan_on(database, args, request, conversation_id, change=True)
    finally:
        await database.aclose()


def warn_past_date(request: TripRequest | None) -> None:
    """Say on stderr when the understood request starts on a day that has passed."""
    if request is not None and (warning := past_date_warning(request.start_date, request.lang)):
        print(warning, file=sys.stderr, flush=True)


async def _plan_here(
    args: argparse.Namespace, request: PlanRequest, *, conversation_id: int | None = None
) -> int:
    from engine.storage.database import Database

    database = await Database().ready()
    try:
        return await _plan_on(database, args, request, conversation_id)
    finally:
        await database.aclose()


async def _plan_on(
    database: Any,
    args: argparse.Namespace,
    request: PlanRequest,
    conversation_id: int | None,
    *,
    change: bool = False,
) -> int:
    from engine.jobs import JobManager
    from engine.jobs.plan_runner import default_runners
    from engine.storage import itineraries

    error: ErrorReported | None = None
    refused: ToolResult | None = None  # a change asked in words that cannot be done
    said: list[str] = []
    async with JobManager(database, runners=default_runners(database)) as manager:
        try:
            key = getattr(args, "idempotency_key", None)  # (a job live with it is followed)
            info, understood = await submit_plan(
                manager, request, conversation_id=conversation_id, idempotency_key=key
            )
        except RequestProblem as problem:
            report_error(problem.message, problem.code, as_json=args.json)
            return 2
        lang = understood.lang if understood else request_lang(args)
        if request.edit is not None:
            lang = request.edit.lang
        warn_past_date(understood)
        warned = understood is not None  # words only a model read, or a change: on the plan
        async with manager.subscribe(info.id) as events:
            async for event in events:
                payload = event.payload
                if isinstance(payload, ItineraryReady) and not warned:
                    warned = True
                    days = payload.itinerary.days
                    if days and (warning := past_date_warning(days[0].date, lang)):
                        print(warning, file=sys.stderr, flush=True)
                if isinstance(payload, PROGRESS):
                    progress(describe(event, lang))
                elif isinstance(payload, ErrorReported) and payload.recovered:
                    progress(describe(event, lang))
                elif isinstance(payload, ErrorReported) and error is None:
                    error = payload  # the first says what went wrong
                elif isinstance(payload, Token):
                    said.append(payload.text)
                elif isinstance(payload, ToolResult) and payload.result.get("refused"):
                    refused = payload
                elif isinstance(payload, Usage) and payload.input_tokens + payload.output_tokens:
                    progress(describe(event, lang))
        done = await manager.wait(info.id)
    if done.state.value == "succeeded" and done.itinerary_id is None and said:
        answer = "".join(said)  # a follow-up answered in words (e.g. what it can change)
        if args.json:
            shown: dict[str, Any] = {"answer": answer}
            if refused is not None:
                shown["refused"] = {key: refused.result.get(key)
                                    for key in ("refused", "reason", "alternative")}  # fmt: skip
            print_json(shown)
        else:
            print(answer)
        return 2 if refused is not None else 0  # a change that cannot be done: exit 2
    if done.itinerary_id is None or done.state.value != "succeeded":
        code = error.code if error else "failed"
        message = error.message if error else pick(lang, "规划失败。", "Planning failed.")
        if code not in USER_ERRORS and (where := log_file()):
            message += pick(lang, f"（详情见日志：{where}）", f" (see the log: {where})")
        report_error(message, code, as_json=args.json)
        return 2 if code in USER_ERRORS else 1
    itinerary = await database.read(itineraries.load, done.itinerary_id)
    if args.json:
        print_json(itinerary_json(itinerary))
    else:
        print_plan(itinerary)
        if said and (conversation_id is not None or change):
            print("\n" + "".join(said))  # what changed
    return 0


#: Error codes that mean "this request cannot be understood or planned" (exit 2, not 1).
USER_ERRORS = frozenset(
    {"parse", "planning", "edit_refused", "not_found", "no_version", *PLANNING_ERROR_CODES}
)

#: The events shown as progress lines on stderr (worded by `engine.events.describe`).
PROGRESS = (ThinkingStep, ItineraryReady, FeasibilityChecked, GuideWritten)
