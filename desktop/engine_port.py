"""The one adapter between the desktop and the engine: jobs, follow-up chat, storage, exports.

Views and the bridge never import engine internals; they call an `EnginePort`, which uses only
the engine's public API (`engine`) and its event types (`engine.events`). Jobs run on a
`JobManager` with the engine's plan runner: each job is a real Agent turn (made by
``build_from_environment``, so the provider settings in ``LVTU_*`` apply to the next job).
A plan is asked for as the command line asks for it: ``submit_plan(PlanRequest(words, form
options))``; a follow-up is the same with ``conversation_id``: the Agent continues that
conversation and revises its current itinerary into a new version.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import (
    Database,
    Itinerary,
    ItinerarySummary,
    JobInfo,
    JobManager,
    Library,
    PlanRequest,
    RequestOptions,
    data_home,
    default_runners,
    export_bytes,
    installed_packs,
    submit_plan,
    warm_up,
)
from engine.editing import EditOrder
from engine.events import Event

LIVE_STATES = ("queued", "running")
RunnersFactory = Callable[[Database], Mapping[str, Any]]
"""the app's database → the JobManager's ``runners`` (default: the plan runner on real Agents)."""

__all__ = ["DataPack", "EnginePort", "JobSnapshot", "plan_request"]


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
    def of(cls, info: JobInfo) -> JobSnapshot:
        """From the engine's `JobInfo`."""
        return cls(
            id=info.id,
            state=info.state.value,
            title=info.text,
            itinerary_id=info.itinerary_id,
            conversation_id=info.conversation_id,
            error=info.error,
            last_seq=info.last_seq,
            checkpoint=info.checkpoint,
            created_at=info.created_at,
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
    database = Database()
    runners = runners or default_runners
    return JobManager(database, runners=runners(database), max_concurrent=concurrency)


def plan_request(text: str, form: dict[str, Any] | None) -> PlanRequest:
    """The words typed and the form's fields (``from``, ``to``, ``days``, ``date``,
    ``people``, ``budget``, ``pace``, ``interests``, ``lang``: the plan's language when there
    are no words to tell it) as the engine's `PlanRequest` — what the command line submits."""
    if not form:
        return PlanRequest(text)
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
    return PlanRequest(text, options)


class EnginePort:
    """Jobs (submit, follow, cancel, resume), the itinerary library and exports, async.

    Blocking database work runs on the `Database`'s threads (never the GUI thread).

    Args:
        jobs: the job manager, on the app's `Database` (which the port closes with it).
    """

    def __init__(self, jobs: JobManager, *, turn_workers: bool = True) -> None:
        """`turn_workers`: whether plan jobs' turns run in worker processes, as the default
        runners do (`engine.jobs.turn_process`); runners a host supplies run turns where they
        say (tests hold a guide on a thread), so `warm_up` starts no worker for them."""
        self.jobs = jobs
        self.turn_workers = turn_workers
        self.database = jobs.database
        self.library = Library(self.database)
        self.closed = False

    @classmethod
    def create(cls, concurrency: int = 2, runners: RunnersFactory | None = None) -> EnginePort:
        """A port on a new JobManager over the user's database (`runners`: tests wrap the
        plan runner, e.g. to hold a guide mid-way)."""
        return cls(_make_jobs(concurrency, runners), turn_workers=runners is None)

    # -- jobs ------------------------------------------------------------------------------------

    async def start(self) -> list[JobSnapshot]:
        """Start the job manager; returns jobs found interrupted by a crash."""
        return [JobSnapshot.of(i) for i in await self.jobs.start() or []]

    async def warm_up(self) -> None:
        """Load the knowledge base, the gazetteer, the planner and the Agent's modules off the
        GUI thread, so the first plan does not pay for them (loading holds the GIL for a few
        hundred ms; importing the Agent runtime at the first job stalled the window ~70 ms),
        and start the worker process that runs plan jobs' turns: a turn holds the GIL for most
        of its length, which on a thread of ours stalled the window 78-310 ms
        (`engine.jobs.turn_process`)."""
        await asyncio.to_thread(functools.partial(warm_up, turn_process=self.turn_workers))

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
            engine.RequestProblem: a new trip that cannot be understood (nothing was
                submitted); its message is for the person.
        """
        request = plan_request(text, form)
        info, _understood = await submit_plan(
            self.jobs, request, conversation_id=conversation_id, idempotency_key=key
        )
        return JobSnapshot.of(info)

    async def submit_edit(
        self, order: EditOrder, said: str, *, conversation_id: int | None = None
    ) -> JobSnapshot:
        """Submit edits of a saved itinerary (or, `order.restore`, an old version made current
        again) as a job on its conversation, as ``lvtu edit`` does; `said`: the change in words
        (the job's title). A refusal comes back as the job's ``error`` event (``edit_refused``)."""
        request = PlanRequest(said, edit=order)
        info, _ = await submit_plan(self.jobs, request, conversation_id=conversation_id)
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

    async def list_itineraries(self, search: str = "") -> list[ItinerarySummary]:
        return await self.library.list(search)

    async def load_itinerary(self, itinerary_id: int) -> Itinerary:
        """Raises: engine.ItineraryNotFoundError."""
        return await self.library.load(itinerary_id)

    async def load_version(self, itinerary_id: int, version: int) -> Itinerary:
        """Raises: engine.ItineraryNotFoundError (no such itinerary or version)."""
        return await self.library.load(itinerary_id, version)

    async def versions(self, itinerary_id: int) -> list[tuple[int, str, str]]:
        """``(version, change note, created_at ISO)``, oldest first."""
        return await self.library.versions(itinerary_id)

    async def diff_lines(self, itinerary_id: int, a: int, b: int, lang: str) -> list[str]:
        """What changed from version `a` to `b`, one line each, in `lang`."""
        from engine.editing import diff

        old, new = (
            await self.load_version(itinerary_id, a),
            await self.load_version(itinerary_id, b),
        )
        return list(diff(old, new).lines(lang))

    @staticmethod
    async def place_choices(destinations: tuple[str, ...], lang: str) -> list[tuple[str, str]]:
        """``(poi id, label)`` a search box offers to add to a trip to `destinations` (the
        knowledge base and data packs, loaded off the GUI thread)."""

        from engine.editing import place_choices

        return list(await asyncio.to_thread(place_choices, destinations, lang))

    @staticmethod
    async def preview_edit(itinerary: Any, edit: Any) -> Any:
        """`edit` applied to `itinerary` without storing it (the engine's verdict while the
        person is still dragging): the `EditResult`, or the `EditRefused` raised. Runs the
        re-timing off the GUI thread."""

        from engine.editing import try_edit

        return await asyncio.to_thread(try_edit, itinerary, edit)

    @staticmethod
    async def lodging_choices(destination: str, lang: str) -> list[tuple[str, str]]:
        """``(poi id, label)`` of where one can stay in `destination` (a lodging swap's list;
        loaded off the GUI thread)."""

        from engine.editing import lodging_choices

        return list(await asyncio.to_thread(lodging_choices, (destination,), lang))

    async def conversation_of(self, itinerary_id: int) -> int | None:
        return await self.library.conversation_of(itinerary_id)

    async def duplicate(self, itinerary_id: int) -> int:
        return await self.library.duplicate(itinerary_id)

    async def delete(self, itinerary_id: int) -> None:
        await self.library.delete(itinerary_id)

    async def undelete(self, itinerary_id: int) -> None:
        await self.library.undelete(itinerary_id)

    async def export_bytes(self, itinerary_id: int, fmt: str) -> bytes:
        """``md`` / ``ics`` / ``gpx`` bytes (``pdf`` is made on the GUI thread by the caller)."""
        itinerary = await self.load_itinerary(itinerary_id)
        return await asyncio.to_thread(export_bytes, itinerary, fmt)

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
        return data_home()

    @staticmethod
    def data_packs() -> list[DataPack]:
        """Imported data packs (`engine.installed_packs`)."""
        return [
            DataPack(p.name, p.title or p.name, p.licence, p.attribution) for p in installed_packs()
        ]
