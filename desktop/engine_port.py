"""The one adapter between the desktop and the engine: jobs, follow-up chat, storage, exports.

Views and the bridge never import engine job or agent code directly; they call an `EnginePort`.
Jobs run on `engine.jobs.JobManager` with the plan runner of `engine.jobs.plan_runner`: each job
is a real `engine.Agent` turn (made by ``build_from_environment``, so the provider settings in
``LVTU_*`` apply to the next job). A follow-up is ``submit(text, conversation_id=…)``: the Agent
continues that conversation and revises its current itinerary into a new version.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from engine.agent.pool import turn_pool
from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.events import Event
from engine.jobs import JobManager
from engine.storage import itineraries
from engine.storage.database import Database

T = TypeVar("T")
LIVE_STATES = ("queued", "running")
RunnersFactory = Callable[[Database], Mapping[str, Any]]
"""the app's database → the JobManager's ``runners`` (default: the plan runner on real Agents)."""

__all__ = ["DataPack", "EnginePort", "JobSnapshot", "RequestProblem"]


class RequestProblem(Exception):
    """The request cannot be understood; `message` is for the person, in their language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class JobSnapshot:
    """A job as the desktop shows it.

    Attributes:
        id: job id. state: queued / running / succeeded / failed / cancelled / interrupted.
        title: what was asked (one line). itinerary_id: the plan it produced, once known.
        conversation_id: its conversation (for follow-ups). error: ``code: message`` if failed.
        last_seq: seq of its last event. checkpoint: last checkpoint stage (``""``,
        ``itinerary``: the itinerary is saved, ``guide``: the guide too).
        created_at: when it was submitted (UTC), if known.
        lang: the request's language (``zh`` / ``en``): its progress lines speak it.
    """

    id: str
    state: str
    title: str = ""
    itinerary_id: int | None = None
    conversation_id: int | None = None
    error: str | None = None
    last_seq: int = 0
    checkpoint: str = ""
    created_at: dt.datetime | None = None
    lang: str = ""

    @property
    def live(self) -> bool:
        return self.state in LIVE_STATES

    @classmethod
    def of(cls, info: Any) -> JobSnapshot:
        """From an `engine.jobs.JobInfo` (or an object of the same shape)."""
        state = info.state
        return cls(
            id=info.id,
            state=str(getattr(state, "value", state)),
            title=info.text,
            itinerary_id=info.itinerary_id,
            conversation_id=info.conversation_id,
            error=info.error,
            last_seq=getattr(info, "last_seq", 0),
            checkpoint=str(getattr(info, "checkpoint", "") or ""),
            created_at=getattr(info, "created_at", None),
            lang=info.lang,
        )


@dataclass(frozen=True)
class DataPack:
    """An imported data pack as Settings lists it (`licence` and `attribution` shown with it)."""

    name: str
    title: str
    licence: str
    attribution: str = ""


def _make_jobs(concurrency: int, runners: RunnersFactory | None = None) -> JobManager:
    """The job manager on the user's database (`runners` see `RunnersFactory`)."""
    from engine.jobs.plan_runner import default_runners

    database = Database()
    runners = runners or default_runners
    return JobManager(database, runners=runners(database), max_concurrent=concurrency)


def build_request(text: str, form: dict[str, Any]) -> TripRequest:
    """Text plus form fields (``from``, ``to``, ``days``, ``date``, ``people``, ``budget``,
    ``pace``, ``interests``, ``lang``: the plan's language when there is no text to tell it)
    → TripRequest (blocking: loads the knowledge base).

    Raises:
        RequestProblem: cannot be understood; `message` is for the person.
    """
    from engine.knowledge.base import default_knowledge
    from engine.understanding import RequestOptions, read_request

    options = RequestOptions(
        departure=form.get("from"),
        destination=form.get("to"),
        days=form.get("days"),
        date=form.get("date"),
        people=form.get("people"),
        budget=form.get("budget"),
        pace=form.get("pace"),
        lang=None if text else form.get("lang"),
        interests=tuple(form.get("interests") or ()),
    )
    result = read_request(text or None, default_knowledge(), options=options)
    if result.request is None:
        raise RequestProblem(result.message())
    request: TripRequest = result.request
    return request


class EnginePort:
    """Jobs (submit, follow, cancel, resume), the itinerary library and exports, async.

    Blocking database work runs on the `Database`'s threads (never the GUI thread).

    Args:
        jobs: the job manager, on the app's `Database` (which the port closes with it).
    """

    def __init__(self, jobs: JobManager) -> None:
        self.jobs = jobs
        self.database = jobs.database
        self.closed = False

    @classmethod
    def create(cls, concurrency: int = 2, runners: RunnersFactory | None = None) -> EnginePort:
        """A port on a new JobManager over the user's database (`runners`: tests wrap the
        plan runner, e.g. to hold a guide mid-way)."""
        return cls(_make_jobs(concurrency, runners))

    # -- jobs ------------------------------------------------------------------------------------

    async def start(self) -> list[JobSnapshot]:
        """Start the job manager; returns jobs found interrupted by a crash."""
        return [JobSnapshot.of(i) for i in await self.jobs.start() or []]

    async def warm_up(self) -> None:
        """Load the knowledge base, the gazetteer, the planner and the Agent's modules on the
        database thread, so the first plan does not pay for them (loading holds the GIL for a
        few hundred ms; importing the Agent runtime at the first job stalled the window ~70 ms).
        """

        def load() -> None:
            from engine.agent.environment import build_from_environment  # noqa: F401
            from engine.agent.tools import default_pipeline
            from engine.knowledge.base import default_knowledge

            default_pipeline()  # imports the parser, the planner and the guide writer
            default_knowledge()
            try:
                build_request("上海出发去黄山玩两天", {})  # builds the gazetteer too
            except RequestProblem:
                pass

        await asyncio.get_running_loop().run_in_executor(turn_pool(), load)

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
            loop = asyncio.get_running_loop()
            request = await loop.run_in_executor(turn_pool(), build_request, text, form)
        info = await self.jobs.submit(request, conversation_id=conversation_id, idempotency_key=key)
        return JobSnapshot.of(info)

    async def job(self, job_id: str) -> JobSnapshot | None:
        info = await self.jobs.get(job_id)
        return JobSnapshot.of(info) if info else None

    async def job_list(self) -> list[JobSnapshot]:
        return [JobSnapshot.of(i) for i in await self.jobs.list()]

    async def job_for_itinerary(self, itinerary_id: int) -> JobSnapshot | None:
        info = await self.jobs.by_itinerary(itinerary_id)
        return JobSnapshot.of(info) if info else None

    def subscribe(self, job_id: str, after_seq: int = 0) -> AsyncIterator[Event]:
        """Events of a job: replay from `after_seq`, then live; ends after ``done``."""
        stream: AsyncIterator[Event] = self.jobs.subscribe(job_id, after_seq=after_seq)
        return stream

    async def cancel(self, job_id: str) -> JobSnapshot:
        """Cancel a job (live: it stops within the grace period; interrupted: at once).

        Raises:
            engine.jobs.JobNotFoundError: no such job.
        """
        return JobSnapshot.of(await self.jobs.cancel(job_id))

    async def resume(self, job_id: str) -> JobSnapshot:
        """Continue an interrupted job from its last checkpoint; returns it (queued).

        Raises:
            engine.jobs.JobStateError: it is not interrupted. JobNotFoundError: no such job.
        """
        return JobSnapshot.of(await self.jobs.resume(job_id))

    async def aclose(self, *, keep: bool) -> None:
        """Close the job manager (`keep`: running jobs stay resumable) and the database."""
        if self.closed:
            return
        self.closed = True
        await self.jobs.aclose(keep=keep)
        await self.database.aclose()

    # -- library -----------------------------------------------------------------------------------

    async def list_itineraries(self, search: str = "") -> list[itineraries.ItinerarySummary]:
        return await self.database.read(itineraries.list_summaries, search=search)

    async def load_itinerary(self, itinerary_id: int) -> Itinerary:
        """Raises: itineraries.NotFoundError."""
        return await self.database.read(itineraries.load, itinerary_id)

    async def conversation_of(self, itinerary_id: int) -> int | None:
        """The conversation a follow-up on the itinerary continues (None: it has none, or the
        itinerary is gone)."""
        try:
            return await self.database.read(itineraries.conversation_of, itinerary_id)
        except itineraries.NotFoundError:
            return None

    async def duplicate(self, itinerary_id: int) -> int:
        return await self.database.write(itineraries.duplicate, itinerary_id)

    async def delete(self, itinerary_id: int) -> None:
        await self.database.write(itineraries.delete, itinerary_id)

    async def undelete(self, itinerary_id: int) -> None:
        await self.database.write(itineraries.undelete, itinerary_id)

    async def export_bytes(self, itinerary_id: int, fmt: str) -> bytes:
        """``md`` / ``ics`` / ``gpx`` bytes (``pdf`` is made on the GUI thread by the caller)."""
        from engine.cli.export_cmd import render

        itinerary = await self.load_itinerary(itinerary_id)
        return await asyncio.get_running_loop().run_in_executor(turn_pool(), render, itinerary, fmt)

    @staticmethod
    async def write_file(path: Path, data: bytes) -> None:
        """Write `data` to `path` off the GUI thread.

        Raises:
            OSError: it cannot be written.
        """
        await asyncio.to_thread(path.write_bytes, data)

    # -- environment -------------------------------------------------------------------------------

    @staticmethod
    def data_folder() -> Path:
        from engine.paths import data_home

        return data_home()

    @staticmethod
    def data_packs() -> list[DataPack]:
        """Imported data packs (`engine.knowledge.packs`), or [] where packs are not supported."""
        try:
            from engine.knowledge import packs  # type: ignore[attr-defined, unused-ignore]
        except ImportError:
            return []
        found = []
        for info in packs.installed_packs():
            name = str(getattr(info, "name", info))
            found.append(
                DataPack(
                    name=name,
                    title=str(getattr(info, "title", "") or name),
                    licence=str(getattr(info, "licence", "") or ""),
                    attribution=str(getattr(info, "attribution", "") or ""),
                )
            )
        return found
