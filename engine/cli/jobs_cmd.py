"""``lvtu jobs [--all]``, ``lvtu jobs watch|cancel|resume ID`` and ``lvtu plan --detach``.

Argparse builders and handlers; ``engine/cli/main.py`` registers them. Every handler takes the
parsed args and an output stream and returns the exit code: 0 done / succeeded, 1 the watched
or resumed job did not succeed, 2 no such job or a job that cannot be resumed (the message on
stderr), 130 stopped by Ctrl-C (the job itself goes on). Messages are in ``--lang``, else the
request's language (``plan --detach``), else the system's.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy.engine import Engine

from engine.cli.output import command_lang
from engine.events import Done, Event, describe, state_name, to_dict
from engine.jobs import (
    JobInfo,
    JobManager,
    JobNotFoundError,
    JobState,
    JobStateError,
    jobstore,
    worker,
)
from engine.jobs.control import cancel_job, recover
from engine.jobs.follow import follow
from engine.jobs.jobstore import get_job, list_jobs, resolve_id
from engine.jobs.worker import DEFAULT_RUNNERS, load_runners
from engine.storage.database import Database
from engine.storage.db import database_path, open_database
from engine.untrusted import clean_name

_TEXT = {
    "none": ("没有任务。", "No jobs."),
    "header": (
        ("ID", "状态", "创建于", "行程", "请求"),
        ("ID", "state", "created", "trip", "request"),
    ),
    "not_found": (
        "找不到任务 {id}（或不止一个任务的编号以它开头）。查看任务：lvtu jobs --all",
        "No job {id} (or more than one job id starts with it). See the jobs: lvtu jobs --all",
    ),
    "cancelled": ("已取消任务 {id}。", "Cancelled job {id}."),
    "requested": (
        "已请求取消任务 {id}，等待运行它的进程停止……",
        "Cancel requested for job {id}; waiting for its process to stop…",
    ),
    "finished": (
        "任务 {id} 已经结束（{state}），无需取消。",
        "Job {id} has already ended ({state}); there is nothing to cancel.",
    ),
    "now": ("任务 {id}：{state}", "Job {id}: {state}"),
    "resuming": ("继续任务 {id}……", "Resuming job {id}…"),
    "detached": (
        "已在后台开始任务 {id}。查看进度：lvtu jobs watch {id}",
        "Started job {id} in the background. Follow it: lvtu jobs watch {id}",
    ),
    "resumed": (
        "已在后台继续任务 {id}。查看进度：lvtu jobs watch {id}",
        "Resumed job {id} in the background. Follow it: lvtu jobs watch {id}",
    ),
    "existing": (
        "相同的请求刚才已经提交：任务 {id}（{state}），没有再开新任务。查看：lvtu jobs watch {id}",
        "The same request was just submitted as job {id} ({state}); no second job was started. "
        "Follow it: lvtu jobs watch {id}",
    ),
    "interrupted": (
        "任务已中断。继续：lvtu jobs resume {id}",
        "The job was interrupted. Resume it: lvtu jobs resume {id}",
    ),
    "left": ("（已停止查看，任务仍在继续）", "(Stopped watching; the job goes on.)"),
    "paused": (
        "任务已中断，之后可继续：lvtu jobs resume {id}",
        "The job was interrupted; resume it later: lvtu jobs resume {id}",
    ),
}
#: Why a job cannot be resumed, by state: "<job> <this>; only interrupted jobs can be resumed."
_NOT_RESUMABLE = {
    "queued": ("还在排队", "is still queued"),
    "running": ("正在运行（查看：lvtu jobs watch {id}）", "is still running (follow it: lvtu jobs watch {id})"),
    "succeeded": ("已经完成", "has already succeeded"),
    "failed": ("已经失败", "has already failed"),
    "cancelled": ("已被取消", "was cancelled"),
}  # fmt: skip


def _t(key: str, lang: str, **values: Any) -> str:
    zh, en = _TEXT[key]
    return str(zh if lang == "zh" else en).format(**values)


def _no_resume(job_id: str, state: JobState | None, lang: str) -> str:
    zh, en = _NOT_RESUMABLE.get(state.value if state else "", ("无法继续", "cannot be resumed"))
    if lang == "zh":
        return f"任务 {job_id} {zh.format(id=job_id)}，只有已中断的任务可以继续。"
    return f"Job {job_id} {en.format(id=job_id)}; only interrupted jobs can be resumed."


def cli_lang(args: argparse.Namespace) -> str:
    """``--lang``, else the language of the command's text, else the system's (``LVTU_LANG``,
    then the locale): ``zh`` or ``en`` (`engine.cli.output.command_lang`)."""
    return command_lang(args)


def _common(parser: argparse.ArgumentParser, *, inherited: bool) -> None:
    default = argparse.SUPPRESS if inherited else None
    parser.add_argument("--lang", choices=("zh", "en"), default=default, help="zh | en")
    parser.add_argument("--db", type=Path, default=default, help=argparse.SUPPRESS)
    runners = argparse.SUPPRESS if inherited else DEFAULT_RUNNERS
    parser.add_argument("--runners", default=runners, help=argparse.SUPPRESS)


def add_jobs_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``jobs`` (with ``watch``, ``cancel``, ``resume``) to a sub-parsers object.

    Sets ``handler=run_jobs`` on the namespace.
    """
    parser = subparsers.add_parser("jobs", help="后台任务 / background jobs")
    parser.add_argument(
        "--all", action="store_true", help="也列出早已结束的任务 / include old jobs"
    )
    _common(parser, inherited=False)
    commands = parser.add_subparsers(dest="jobs_command")
    watch = commands.add_parser("watch", help="查看任务进度 / follow a job's events")
    watch.add_argument("job_id")
    watch.add_argument("--after", type=int, default=0, help="从这个序号之后 / after this seq")
    watch.add_argument(
        "--json", action="store_true", help="每行一个 JSON 事件 / one JSON event per line"
    )
    cancel = commands.add_parser("cancel", help="取消任务 / cancel a job")
    cancel.add_argument("job_id")
    cancel.add_argument("--reason", default="cancelled by user")
    cancel.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for it")
    resume = commands.add_parser("resume", help="继续已中断的任务 / resume an interrupted job")
    resume.add_argument("job_id")
    resume.add_argument("--detach", action="store_true", help="在后台继续 / in the background")
    for sub in (watch, cancel, resume):
        _common(sub, inherited=True)
    parser.set_defaults(handler=run_jobs)
    return parser


#: Seconds during which a ``plan --detach`` of the same request (no ``--idempotency-key``)
#: gives the job already submitted, even one that has ended (an offline plan takes seconds).
SAME_REQUEST_WINDOW = 60.0


def add_detach_argument(plan_parser: argparse.ArgumentParser) -> None:
    """Add ``--detach`` and ``--idempotency-key`` to ``lvtu plan`` (then call
    `run_plan_detached`)."""
    plan_parser.add_argument(
        "--detach", action="store_true", help="在后台运行并立即返回 / run in the background"
    )
    plan_parser.add_argument(
        "--idempotency-key",
        metavar="KEY",
        help="同一个 KEY 的任务仍在进行时，不再新开任务 / while a job submitted with KEY is "
        "queued or running, give that job instead of starting another (with --detach, the "
        f"default key is the request itself, for {SAME_REQUEST_WINDOW:.0f} s)",
    )


def run_jobs(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Dispatch ``lvtu jobs …``. Exit 0 done, 1 the watched job did not succeed, 2 no such job
    or not resumable (the message on stderr), 130 stopped watching with Ctrl-C."""
    lang = cli_lang(args)
    db = Path(args.db) if args.db else database_path()
    engine = open_database(db)
    recover(engine, me="", stale_after=30.0)  # jobs of dead processes show as interrupted
    command = getattr(args, "jobs_command", None)
    try:
        if command is None:
            return _list(engine, args.all, lang, out)
        job_id = resolve_id(engine, args.job_id)
        if command == "watch":
            return _watch(engine, job_id, args.after, lang, out, as_json=args.json)
        if command == "cancel":
            return _cancel(engine, job_id, args.reason, args.timeout, lang, out)
        return _resume(engine, job_id, args, lang, out)
    except JobNotFoundError as exc:
        print(_t("not_found", lang, id=exc.args[0] if exc.args else ""), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_t("left", lang), file=out)
        return 130


def run_plan_detached(
    args: argparse.Namespace, request: jobstore.RequestLike, out: TextIO = sys.stdout
) -> int:
    """``lvtu plan --detach``: submit `request` (a `PlanRequest`, or words) to a worker;
    return. Says so in the request's language (``--lang``, else the request's own).

    Submitted twice (two identical commands at once, a repeated command), it is one job: the
    idempotency key is ``--idempotency-key`` (while that job is live), else one made from the
    request (`jobstore.request_key`, for `SAME_REQUEST_WINDOW` seconds); the second command
    names the first one's job."""
    payload, _title, request_lang = jobstore.request_payload(request)
    lang = getattr(args, "lang", None) or request_lang
    db = Path(args.db) if getattr(args, "db", None) else database_path()
    key = getattr(args, "idempotency_key", None)
    window = 0.0 if key else SAME_REQUEST_WINDOW  # (a key of one's own: while its job is live)
    runners = getattr(args, "runners", None) or DEFAULT_RUNNERS
    info, created = worker.submit_detached(
        db,
        request,
        idempotency_key=key or jobstore.request_key(payload),
        runners=runners,
        key_window=window,
    )
    if created:
        print(_t("detached", lang, id=info.id), file=out)
    else:
        state = state_name(info.state.value, lang)
        print(_t("existing", lang, id=info.id, state=state), file=out)
    return 0


def format_event(event: Event, lang: str = "zh") -> str:
    """``[seq] HH:MM:SS text`` (local time): one line of ``lvtu jobs watch``."""
    stamp = event.at.astimezone().strftime("%H:%M:%S")
    return f"[{event.seq:>4}] {stamp} {describe(event, lang)}"


def _width(text: str) -> int:
    """Terminal columns: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _clip(text: str, width: int) -> str:
    """`text` in at most `width` columns, with "…" when cut."""
    if _width(text) <= width:
        return text
    out, used = "", 0
    for ch in text:
        if used + _width(ch) > width - 1:
            break
        out, used = out + ch, used + _width(ch)
    return out + "…"


def _table(jobs: list[JobInfo], lang: str) -> list[str]:
    """The header and one row per job; columns as wide as their widest cell (the state column
    fits the longest state name in `lang`), two spaces apart; the request clipped to 40."""
    header = _TEXT["header"][0 if lang == "zh" else 1]
    rows = [
        (
            info.id,
            state_name(info.state.value, lang),
            info.created_at.astimezone().strftime("%m-%d %H:%M") if info.created_at else "",
            f"#{info.itinerary_id}" if info.itinerary_id else "-",
            _clip(clean_name(info.text), 40),  # (one line, nothing invisible),
        )
        for info in jobs
    ]
    states = [state_name(s.value, lang) for s in JobState]
    widths = [
        max(_width(cell) for cell in [header[col], *(row[col] for row in rows)]) for col in range(4)
    ]
    widths[1] = max(widths[1], *(_width(name) for name in states))
    return [
        "  ".join(_pad(cell, widths[col]) for col, cell in enumerate(line[:4])) + "  " + line[4]
        for line in [tuple(header), *rows]
    ]


def _list(engine: Engine, everything: bool, lang: str, out: TextIO) -> int:
    jobs = list_jobs(engine, None, 1000 if everything else 200)
    if not everything:
        recent = dt.datetime.now(dt.UTC) - dt.timedelta(days=1)
        jobs = [j for j in jobs if not j.state.is_terminal or (j.finished_at or recent) >= recent]
    if not jobs:
        print(_t("none", lang), file=out)
        return 0
    for line in _table(jobs, lang):
        print(line.rstrip(), file=out)
    return 0


def _watch(
    engine: Engine, job_id: str, after: int, lang: str, out: TextIO, *, as_json: bool = False
) -> int:
    """Print the job's events until it ends: readable lines, or (`as_json`) one JSON object
    per line (`engine.events.to_dict`)."""
    status = None
    for event in follow(engine, job_id, after_seq=after):
        if as_json:
            print(json.dumps(to_dict(event), ensure_ascii=False), file=out, flush=True)
        else:
            print(format_event(event, lang), file=out, flush=True)
        if isinstance(event.payload, Done):
            status = event.payload.status
    if status is None:
        print(_t("interrupted", lang, id=job_id), file=sys.stderr if as_json else out)
    return 0 if status == "succeeded" else 1


def _cancel(
    engine: Engine, job_id: str, reason: str, timeout: float, lang: str, out: TextIO
) -> int:
    outcome, info = cancel_job(engine, job_id, reason, stale_after=30.0)
    if outcome == "finished":
        print(_t("finished", lang, id=job_id, state=state_name(info.state, lang)), file=out)
        return 0
    if outcome == "cancelled":
        print(_t("cancelled", lang, id=job_id), file=out)
        return 0
    print(_t("requested", lang, id=job_id), file=out, flush=True)
    for _event in follow(
        engine, job_id, after_seq=info.last_seq, recheck_every=0.5, timeout=timeout
    ):
        pass  # until done, or the timeout
    now = get_job(engine, job_id)
    assert now is not None
    print(_t("now", lang, id=job_id, state=state_name(now.state, lang)), file=out)
    return 0 if now.state is JobState.CANCELLED else 1


def _resume(engine: Engine, job_id: str, args: argparse.Namespace, lang: str, out: TextIO) -> int:
    db = Path(engine.url.database or "")
    info = get_job(engine, job_id)
    if info is None:
        raise JobNotFoundError(job_id)
    if info.state is not JobState.INTERRUPTED:
        print(_no_resume(job_id, info.state, lang), file=sys.stderr)
        return 2
    if args.detach:
        worker.spawn_worker(job_id, db, args.runners)
        print(_t("resumed", lang, id=job_id), file=out)
        return 0
    print(_t("resuming", lang, id=job_id), file=out, flush=True)
    try:
        return asyncio.run(_resume_here(db, job_id, args.runners, lang, out))
    except KeyboardInterrupt:  # the manager closed with keep=True: the job is resumable
        print(_t("paused", lang, id=job_id), file=out)
        return 130


async def _resume_here(db: Path, job_id: str, runners: str, lang: str, out: TextIO) -> int:
    database = await Database(db).ready()
    manager = JobManager(database, runners=load_runners(runners, database))
    try:
        try:
            info = await manager.resume(job_id)
        except JobStateError:
            now = await manager.get(job_id)
            print(_no_resume(job_id, now.state if now else None, lang), file=sys.stderr)
            return 2
        status = None
        async for event in manager.subscribe(job_id, after_seq=info.last_seq - 1):
            print(format_event(event, lang), file=out, flush=True)
            if isinstance(event.payload, Done):
                status = event.payload.status
        return 0 if status == "succeeded" else 1
    finally:
        await manager.aclose(keep=True)  # Ctrl-C: the job stays resumable
        await database.aclose()
