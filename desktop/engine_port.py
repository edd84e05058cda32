"""The one adapter between the desktop and the engine: jobs, follow-up chat, storage, exports.

Views and the bridge never import engine job or agent code directly; they call an `EnginePort`.

Switch points for the real engine (lead): `_make_jobs` builds the job manager. By default it is
`desktop.fallback_jobs.InProcessJobs` running `desktop.fallback_plan.run_plan_job` (the offline
pipeline on a worker thread, same events). ``LVTU_DESKTOP_JOBS=engine`` builds
`engine.jobs.JobManager` with `engine.jobs.plan_runner.default_runners` (Agent sessions on
`engine.build_from_environment`); follow-up chat is then ``submit(text, conversation_id=…)``,
which the plan runner turns into an Agent turn with the conversation's history. `build_request`
uses `engine.understanding.parse_form` when present, else `desktop.fallback_parse`.
"""

from __future__ import annotations

import asyncio
import inspect
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from desktop.fallback_parse import RequestProblem
from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.events import Event
from engine.storage import itineraries
from engine.storage.db import database_path, open_database

T = TypeVar("T")
LIVE_STATES = ("queued", "running")

__all__ = ["EnginePort", "JobSnapshot", "RequestProblem"]


@dataclass(frozen=True)
class JobSnapshot:
    """A job as the desktop shows it.

    Attributes:
        id: job id. state: queued / running / succeeded / failed / cancelled / interrupted.
        title: what was asked (one line). itinerary_id: the plan it produced, once known.
        conversation_id: its conversation (for follow-ups). error: ``code: message`` if failed.
        last_seq: seq of its last event.
    """

    id: str
    state: str
    title: str = ""
    itinerary_id: int | None = None
    conversation_id: int | None = None
    error: str | None = None
    last_seq: int = 0

    @property
    def live(self) -> bool:
        return self.state in LIVE_STATES

    @classmethod
    def of(cls, info: Any) -> JobSnapshot:
        state = info.state
        request = getattr(info, "request", {}) or {}
        title = getattr(info, "text", "") or str(request.get("text") or "")
        return cls(
            id=info.id,
            state=str(getattr(state, "value", state)),
            title=title,
            itinerary_id=info.itinerary_id,
            conversation_id=info.conversation_id,
            error=info.error,
            last_seq=getattr(info, "last_seq", 0),
        )


async def _maybe_await(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


def _make_jobs(concurrency: int) -> Any:
    """The job manager (see the module docstring for the switch)."""
    if os.environ.get("LVTU_DESKTOP_JOBS") == "engine":
        from engine.jobs import JobManager  # type: ignore[import-not-found, unused-ignore]
        from engine.jobs.plan_runner import (  # type: ignore[import-not-found, unused-ignore]
            default_runners,
        )

        return JobManager(
            database_path(), runners=default_runners(open_database()), max_concurrent=concurrency
        )
    from desktop.fallback_jobs import InProcessJobs
    from desktop.fallback_plan import run_plan_job

    return InProcessJobs(run_plan_job, concurrency=concurrency)


def build_request(text: str, form: dict[str, Any]) -> TripRequest:
    """Text plus form fields (``from``, ``to``, ``days``, ``date``, ``people``, ``budget``,
    ``pace``, ``interests``) → TripRequest (blocking: loads the knowledge base).

    Raises:
        RequestProblem: cannot be understood; `message` is for the person.
    """
    from engine.knowledge.base import default_knowledge

    kb = default_knowledge()
    try:
        from engine.understanding import parse_form  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        from desktop.fallback_parse import parse

        return parse(text, form, kb)
    result = parse_form(
        kb,
        text=text or None,
        departure=form.get("from"),
        destination=form.get("to"),
        days=form.get("days"),
        date=form.get("date"),
        people=form.get("people"),
        budget=form.get("budget"),
        pace=form.get("pace"),
    )
    if result.request is None:
        raise RequestProblem(result.message())
    request: TripRequest = result.request
    if form.get("interests"):
        request = request.model_copy(update={"interests": tuple(form["interests"])})
    return request


class EnginePort:
    """Jobs (submit, follow, cancel, resume), the itinerary library and exports, async.

    Blocking database work runs on one ``lvtu-db`` thread (serialised, never the GUI thread).

    Args:
        jobs: a JobManager-shaped object (see `_make_jobs`).
    """

    def __init__(self, jobs: Any) -> None:
        self.jobs = jobs
        self._db = ThreadPoolExecutor(1, thread_name_prefix="lvtu-db")
        self.closed = False

    @classmethod
    def create(cls, concurrency: int = 2) -> EnginePort:
        return cls(_make_jobs(concurrency))

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run blocking `fn(*args)` on the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # -- jobs ------------------------------------------------------------------------------------

    async def start(self) -> list[JobSnapshot]:
        """Start the job manager; returns jobs found interrupted by a crash."""
        await self.call(open_database)
        return [JobSnapshot.of(i) for i in await _maybe_await(self.jobs.start()) or []]

    async def warm_up(self) -> None:
        """Load the knowledge base, the gazetteer and the planner on the database thread, so
        the first plan does not pay for it (loading holds the GIL for a few hundred ms)."""

        def load() -> None:
            from engine.knowledge.base import default_knowledge
            from engine.planning import plan_trip  # noqa: F401

            default_knowledge()
            try:
                build_request("上海出发去黄山玩两天", {})  # builds the gazetteer too
            except RequestProblem:
                pass

        await self.call(load)

    async def submit_plan(
        self,
        text: str,
        form: dict[str, Any] | None = None,
        *,
        conversation_id: int | None = None,
        key: str | None = None,
    ) -> JobSnapshot:
        """Submit a plan (or, with `conversation_id`, a follow-up on that conversation).

        Raises:
            RequestProblem: the form cannot be understood (nothing was submitted).
        """
        request: str | TripRequest = text
        if form:
            request = await self.call(build_request, text, form)
        info = await self.jobs.submit(request, conversation_id=conversation_id, idempotency_key=key)
        return JobSnapshot.of(info)

    async def job(self, job_id: str) -> JobSnapshot | None:
        info = await _maybe_await(self.jobs.get(job_id))
        return JobSnapshot.of(info) if info else None

    async def job_list(self) -> list[JobSnapshot]:
        return [JobSnapshot.of(i) for i in await _maybe_await(self.jobs.list())]

    async def job_for_itinerary(self, itinerary_id: int) -> JobSnapshot | None:
        info = await _maybe_await(self.jobs.by_itinerary(itinerary_id))
        return JobSnapshot.of(info) if info else None

    def subscribe(self, job_id: str, after_seq: int = 0) -> AsyncIterator[Event]:
        """Events of a job: replay from `after_seq`, then live; ends after ``done``."""
        stream: AsyncIterator[Event] = self.jobs.subscribe(job_id, after_seq=after_seq)
        return stream

    async def cancel(self, job_id: str) -> None:
        await self.jobs.cancel(job_id)

    async def resume(self, job_id: str) -> None:
        await self.jobs.resume(job_id)

    async def aclose(self, *, keep: bool) -> None:
        """Close the job manager (`keep`: running jobs stay resumable) and the DB thread."""
        if self.closed:
            return
        self.closed = True
        await self.jobs.aclose(keep=keep)
        self._db.shutdown(wait=True)

    # -- library -----------------------------------------------------------------------------------

    async def list_itineraries(self, search: str = "") -> list[itineraries.ItinerarySummary]:
        return await self.call(lambda: itineraries.list_summaries(open_database(), search=search))

    async def load_itinerary(self, itinerary_id: int) -> Itinerary:
        """Raises: itineraries.NotFoundError."""
        return await self.call(lambda: itineraries.load(open_database(), itinerary_id))

    async def conversation_of(self, itinerary_id: int) -> int | None:
        from sqlmodel import Session

        from engine.storage.tables import ItineraryRow

        def read() -> int | None:
            with Session(open_database()) as session:
                row = session.get(ItineraryRow, itinerary_id)
                return row.conversation_id if row else None

        return await self.call(read)

    async def duplicate(self, itinerary_id: int) -> int:
        return await self.call(lambda: itineraries.duplicate(open_database(), itinerary_id))

    async def delete(self, itinerary_id: int) -> None:
        await self.call(lambda: itineraries.delete(open_database(), itinerary_id))

    async def undelete(self, itinerary_id: int) -> None:
        await self.call(lambda: itineraries.undelete(open_database(), itinerary_id))

    async def export_bytes(self, itinerary_id: int, fmt: str) -> bytes:
        """``md`` / ``ics`` / ``gpx`` bytes (``pdf`` is made on the GUI thread by the caller)."""
        from engine.cli.export_cmd import render

        itinerary = await self.load_itinerary(itinerary_id)
        return await self.call(render, itinerary, fmt)

    # -- environment -------------------------------------------------------------------------------

    @staticmethod
    def data_folder() -> Path:
        from engine.paths import data_home

        return data_home()

    @staticmethod
    def data_packs() -> list[str]:
        """Imported data packs (names), or [] when packs are not supported yet."""
        try:
            from engine.knowledge import packs  # type: ignore[attr-defined, unused-ignore]
        except ImportError:
            return []
        lister = getattr(packs, "installed_packs", None) or getattr(packs, "list_packs", None)
        return [str(getattr(p, "name", p)) for p in lister()] if lister else []
