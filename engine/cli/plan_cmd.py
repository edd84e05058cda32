"""`lvtu plan TEXT`: understand, plan, validate, write the guide, save — with progress lines."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import sys
from collections.abc import Callable
from typing import Any

from dotenv import dotenv_values

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
from engine.events import EventType
from engine.i18n import pick, system_lang, text_lang
from engine.planning.errors import PLANNING_ERROR_CODES


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


class RequestProblem(Exception):
    """The request cannot be understood; `message` is in the request's language, `code` is the
    first problem's (`engine.understanding.ParseProblem.code`, or ``no_destination``)."""

    def __init__(self, message: str, code: str = "parse") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def request_lang(args: argparse.Namespace) -> str:
    """``--lang``, else the language of the text (`engine.i18n.text_lang`), else of the place
    options (``--from 北京 --to 西安`` → zh), else the system's."""
    if getattr(args, "lang", None):
        return str(args.lang)
    words = (getattr(args, "text", None) or "").strip() or " ".join(
        name for name in (getattr(args, "origin", None), getattr(args, "to", None)) if name
    )
    return text_lang(words) if words.strip() else system_lang()


def build_request(args: argparse.Namespace, kb: Any) -> tuple[TripRequest, list[str]]:
    """The TripRequest from the text and the options (options win), and how its places were
    read (a region's route and why, a same-named place chosen), to show as progress lines.

    Raises:
        RequestProblem: the text or an option cannot be understood (message in the request's
            language: suggestions for unknown places, the valid range for days …).
    """
    from engine.understanding import RequestOptions, read_request

    lang = request_lang(args)
    result_lang: Lang = "zh" if lang == "zh" else "en"
    if not (args.text or "").strip() and not args.to:
        raise RequestProblem(
            pick(
                lang,
                '请告诉我想去哪里，例如：lvtu plan "上海出发去黄山玩两天"',
                'Tell me where to go, e.g. lvtu plan "2 days in Huangshan from Shanghai"',
            ),
            "no_destination",
        )
    options = RequestOptions(
        departure=args.origin,
        destination=args.to,
        days=args.days,
        date=args.date,
        people=args.people,
        budget=args.budget,
        pace=args.pace,
        lang=result_lang,
    )
    result = read_request(args.text or None, kb, options=options)
    if result.request is None:
        problem = result.problem
        raise RequestProblem(result.message(result_lang), problem.code if problem else "parse")
    return result.request, result.notes(result_lang)


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


def _tokens(data: dict[str, Any]) -> int:
    return int(data.get("input_tokens") or 0) + int(data.get("output_tokens") or 0)


def usage_line(data: dict[str, Any], lang: str) -> str:
    """``模型用量：输入 N / 输出 M tokens`` (``（估算）`` when estimated)."""
    i, o = int(data.get("input_tokens") or 0), int(data.get("output_tokens") or 0)
    est = pick(lang, "（估算）", " (estimated)") if data.get("estimated") else ""
    return pick(
        lang,
        f"模型用量：输入 {i} / 输出 {o} tokens{est}",
        f"model usage: {i} in / {o} out tokens{est}",
    )


def cmd_plan(args: argparse.Namespace) -> int:
    """Plan in this process as a job (the same path as the app); ``--detach`` hands it to a
    background worker and returns the job id at once."""
    from engine.knowledge.base import default_knowledge

    request: TripRequest | str
    if model_reads(args):  # the Agent's model policy reads the text (with the offline parser)
        request = args.text.strip()
    else:
        try:
            request, notes = build_request(args, default_knowledge())
        except RequestProblem as problem:
            report_error(problem.message, problem.code, as_json=args.json)
            return 2
        for note in notes:  # 云南7天，按地理顺路走：昆明（2天） → …
            progress(note)
        warning = past_date_warning(request.start_date, request.lang)
        if warning:
            print(warning, file=sys.stderr, flush=True)
    if args.detach:
        from engine.cli.jobs_cmd import run_plan_detached

        return run_plan_detached(args, request)
    return asyncio.run(_plan_here(args, request))


def cmd_revise(args: argparse.Namespace) -> int:
    """A follow-up turn in the itinerary's conversation: a new version of the plan."""
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
    return asyncio.run(_plan_here(args, args.text, conversation_id=conversation_id))


def model_reads(args: argparse.Namespace) -> bool:
    """Whether to hand the text itself to the job: a model provider is configured
    (``LVTU_PROVIDER`` or ``LVTU_BASE_URL``, in the environment or the data folder's ``.env``)
    and no option (``--from`` …) structures the request."""
    from engine.agent.environment import VARIABLES
    from engine.paths import data_home

    if not (args.text or "").strip() or any(
        getattr(args, name, None) is not None
        for name in ("origin", "to", "days", "date", "people", "budget", "pace")
    ):
        return False
    env = data_home() / ".env"
    saved = {k: v for k, v in dotenv_values(env).items() if v} if env.is_file() else {}
    values = {name: os.environ.get(name) or saved.get(name) for name in VARIABLES}
    provider = (values["LVTU_PROVIDER"] or "").strip().lower()
    return provider not in ("", "offline") or (not provider and bool(values["LVTU_BASE_URL"]))


async def _plan_here(
    args: argparse.Namespace, request: TripRequest | str, *, conversation_id: int | None = None
) -> int:
    from engine.jobs import JobManager
    from engine.jobs.plan_runner import default_runners
    from engine.storage import itineraries
    from engine.storage.db import open_database

    engine = open_database()
    lang = request.lang if isinstance(request, TripRequest) else request_lang(args)
    error: dict[str, Any] = {}
    said: list[str] = []
    warned = isinstance(request, TripRequest)  # a text read by the model: warn on the plan
    async with JobManager(engine, runners=default_runners(engine)) as manager:
        info = await manager.submit(request, conversation_id=conversation_id)
        async with manager.subscribe(info.id) as events:
            async for event in events:
                if event.type is EventType.ITINERARY and not warned:
                    warned = True
                    days = (event.data.get("itinerary") or {}).get("days") or [{}]
                    if warning := past_date_warning(days[0].get("date"), lang):
                        print(warning, file=sys.stderr, flush=True)
                if event.type in PROGRESS:
                    progress(PROGRESS[event.type](event.data, lang))
                elif event.type is EventType.ERROR and event.data.get("recovered"):
                    progress(pick(lang, "⚠ ", "⚠ ") + str(event.data.get("message", "")))
                elif event.type is EventType.ERROR and not error:
                    error = dict(event.data)  # the first says what went wrong
                elif event.type is EventType.TOKEN:
                    said.append(str(event.data.get("text", "")))
                elif event.type is EventType.USAGE and _tokens(event.data):
                    progress(usage_line(event.data, lang))
        done = await manager.wait(info.id)
    if done.state.value == "succeeded" and done.itinerary_id is None and said:
        answer = "".join(said)  # a follow-up answered in words (e.g. what it can change)
        if args.json:
            print_json({"answer": answer})
        else:
            print(answer)
        return 0
    if done.itinerary_id is None or done.state.value != "succeeded":
        code = str(error.get("code") or "failed")
        message = str(error.get("message") or pick(lang, "规划失败。", "Planning failed."))
        if code not in USER_ERRORS and (where := log_file()):
            message += pick(lang, f"（详情见日志：{where}）", f" (see the log: {where})")
        report_error(message, code, as_json=args.json)
        return 2 if code in USER_ERRORS else 1
    itinerary = await asyncio.to_thread(itineraries.load, engine, done.itinerary_id)
    if args.json:
        print_json(itinerary_json(itinerary))
    else:
        print_plan(itinerary)
        if said and conversation_id is not None:
            print("\n" + "".join(said))  # what changed
    return 0


#: Error codes that mean "this request cannot be understood or planned" (exit 2, not 1).
USER_ERRORS = frozenset({"parse", "planning", *PLANNING_ERROR_CODES})

PROGRESS: dict[EventType, Callable[[dict[str, Any], str], str]] = {
    EventType.THINKING_STEP: lambda d, lang: str(d.get("message") or d.get("step")),
    EventType.ITINERARY: lambda d, lang: pick(
        lang,
        f"行程已生成：{d['itinerary'].get('title', '')}",
        f"itinerary ready: {d['itinerary'].get('title', '')}",
    ),
    EventType.FEASIBILITY: lambda d, lang: (
        pick(lang, "可行性检查通过", "feasibility checks passed")
        if d.get("passed")
        else pick(
            lang,
            f"可行性检查：{sum(not c['passed'] for c in d.get('checks', []))}项未通过",
            f"feasibility: {sum(not c['passed'] for c in d.get('checks', []))} check(s) failed",
        )
    ),
    EventType.GUIDE_WRITTEN: lambda d, lang: pick(lang, "攻略已写好", "guide written"),
}
