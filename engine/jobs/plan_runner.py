"""The ``plan`` job: one Agent turn (understand → plan → validate → guide) as job events.

The only module of `engine.jobs` that talks to the Agent, through `PlanSession` (tests fake it).
Checkpoints: the first ``itinerary`` event (the Agent has saved the itinerary, and the turn's
messages so far with it; its id is in the event) and ``guide_written``. A resume after
``itinerary`` asks the session for the guide only; after ``guide``, the suggested questions and
the turn's answer are sent again from what is stored (events after a checkpoint belong to the
cut-off attempt: `engine.events.Resume`). The Agent stores its own history.

Crash consistency (a ``kill -9`` anywhere):

- The Agent links a new itinerary to its job in the transaction that stores it
  (`engine.storage.itineraries.save_new`): a job run again from its start takes that row
  again — no second, orphan "(guide pending)" trip.
- The job's turns have fixed ids (`engine.agent.turn.job_turn_id`): before a run starts over
  (or its guide-only part does), the messages the cut-off run stored of it are dropped, so the
  conversation holds the turn once.
- After the ``guide`` checkpoint the turn's answer is taken from the conversation, or, when
  the cut-off run had not stored it yet, made again from the saved itinerary and stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any, Protocol

from engine.agent.pool import turn_pool
from engine.cancellation import CancellationToken
from engine.cancellation import CancelledError as TokenCancelled
from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.events import (
    Done,
    ErrorReported,
    Event,
    EventType,
    GuideWritten,
    ItineraryReady,
    SuggestedQuestions,
    Token,
)
from engine.jobs.plan_request import PlanRequest
from engine.jobs.runner import Checkpoint, JobFailed, JobRunner, RunnerItem
from engine.jobs.states import JobInfo
from engine.storage import conversations, itineraries
from engine.storage.database import Database

_SKIP = frozenset({EventType.JOB_STARTED, EventType.STATE_CHANGED})
_FAILED = frozenset({"failed", "error"})


class PlanSession(Protocol):
    """What a plan job needs from one Agent session (see `AgentSession`)."""

    def astream(
        self, request: PlanRequest | TripRequest, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        """The whole turn's events, ending with ``done``."""
        ...

    def astream_guide(
        self, itinerary_id: int, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        """Only the guide and suggested questions for saved itinerary `itinerary_id`."""
        ...

    async def aclose(self) -> None: ...


SessionFactory = Callable[[JobInfo], Awaitable[PlanSession]]


class PlanRunner:
    """`JobRunner` for ``plan`` jobs.

    Args:
        sessions: makes the `PlanSession` for a job (with the conversation's history loaded).
        database: to read a saved itinerary's suggested questions on resume.
    """

    def __init__(self, sessions: SessionFactory, database: Database) -> None:
        self._sessions = sessions
        self._db = database

    async def run(
        self, job: JobInfo, *, resume_from: Checkpoint | None, token: CancellationToken
    ) -> AsyncIterator[RunnerItem]:
        if resume_from is not None and resume_from.stage == "guide":
            async for item in self._finish(job, resume_from):
                yield item
            return
        guide_only = resume_from is not None and resume_from.itinerary_id is not None
        if job.conversation_id is not None:  # (a resume with no checkpoint yet looks like a start)
            await self._db.write(_forget_cut_off, job.conversation_id, job.id, guide_only)
        session = await self._sessions(job)
        try:
            if guide_only:
                assert resume_from is not None and resume_from.itinerary_id is not None
                stream = session.astream_guide(resume_from.itinerary_id, cancellation_token=token)
            else:
                stream = session.astream(job_request(job), cancellation_token=token)
            turn = _Turn(resume_from)
            async for event in stream:
                for item in turn.map(event):
                    yield item
                if turn.ended:
                    break
        finally:
            await session.aclose()

    async def _finish(self, job: JobInfo, checkpoint: Checkpoint) -> AsyncIterator[RunnerItem]:
        """After the ``guide`` checkpoint: the suggested questions and the turn's answer again."""
        if checkpoint.itinerary_id is None:
            return
        saved = await self._db.read(itineraries.load, checkpoint.itinerary_id)
        if saved.suggested_questions:
            yield SuggestedQuestions(tuple(saved.suggested_questions))
        if job.conversation_id is not None:
            from engine.agent.turn import TOKEN_CHARS

            answer = await self._db.write(_stored_answer, job.conversation_id, job.id, saved)
            for start in range(0, len(answer), TOKEN_CHARS):
                yield Token(answer[start : start + TOKEN_CHARS])


class _Turn:
    """Maps one session stream to runner items, placing the checkpoints."""

    def __init__(self, resume_from: Checkpoint | None) -> None:
        self.stage = resume_from.stage if resume_from else ""
        self.itinerary_id = resume_from.itinerary_id if resume_from else None
        self.ended = False
        self.failure: ErrorReported | None = None

    def map(self, event: Event) -> list[RunnerItem]:
        """The runner items for one event of the turn (its payload, passed on as it is)."""
        payload = event.payload
        if payload.TYPE in _SKIP:
            return []
        if isinstance(payload, Done):
            self.ended = True
            if payload.status == "cancelled":
                raise TokenCancelled(payload.reason or "cancelled")
            if payload.status in _FAILED:
                said = self.failure  # the turn's own error says what went wrong
                message = said.message if said else payload.error or payload.status
                code = said.code if said else payload.reason or "agent_failed"
                raise JobFailed(code, message)
            return [self.failure] if self.failure else []
        if isinstance(payload, ErrorReported) and not payload.recovered:
            self.failure = payload  # reported once, as the job's failure (not twice)
            return []
        if isinstance(payload, ItineraryReady) and not self.stage and payload.itinerary_id:
            self.stage, self.itinerary_id = "itinerary", payload.itinerary_id
            return [(payload, self._checkpoint())]
        if isinstance(payload, GuideWritten):
            self.stage = "guide"
            self.itinerary_id = payload.itinerary_id or self.itinerary_id
            return [(payload, self._checkpoint())]
        return [payload]

    def _checkpoint(self) -> Checkpoint:
        return Checkpoint(self.stage, self.itinerary_id)


def _forget_cut_off(engine: Any, conversation_id: int, job_id: str, guide_only: bool) -> None:
    """Drop what a cut-off run of job `job_id` stored of the part that runs again: its
    guide-only turn, and its turn (with `guide_only`: only that turn's answer)."""
    from engine.agent.turn import job_turn_id  # (the Agent's runtime: imported late)

    conversations.drop_turn(engine, conversation_id, job_turn_id(job_id, guide=True))
    conversations.drop_turn(engine, conversation_id, job_turn_id(job_id), answer_only=guide_only)


def _stored_answer(engine: Any, conversation_id: int, job_id: str, itinerary: Itinerary) -> str:
    """The answer of job `job_id`'s turn as the conversation holds it; when the cut-off run
    had not stored it, made again from `itinerary` (the plan's summary) and stored now."""
    from engine.agent import texts
    from engine.agent.turn import job_turn_id

    for turn_id in (job_turn_id(job_id, guide=True), job_turn_id(job_id)):
        messages = conversations.turn_messages(engine, conversation_id, turn_id)
        last = messages[-1] if messages else {}
        if last.get("role") == "assistant" and last.get("content") and not last.get("tool_calls"):
            return str(last["content"])
    answer = texts.plan_summary(itinerary, itinerary.lang)
    final = {"role": "assistant", "content": answer, "itinerary_id": itinerary.id}
    final["version"] = itinerary.version
    conversations.append_messages(engine, conversation_id, [final], turn_id=job_turn_id(job_id))
    return answer


def job_request(job: JobInfo) -> PlanRequest | TripRequest:
    """The job's request as the Agent takes it: the person's words and options, or a
    `TripRequest` (submitted structured by a library caller, or stored by an older release)."""
    if "trip_request" in job.request:
        return TripRequest.model_validate(job.request["trip_request"])
    return PlanRequest.from_payload(job.request)


# -- the real Agent (nothing else in engine.jobs calls it) ------------------------------------


class AgentSession:
    """`PlanSession` over an ``engine.Agent``.

    The Agent stores its own history: the messages so far at the moment it saves an itinerary
    (before the ``itinerary`` event), the rest when the turn ends — so a resumed job (guide
    only) adds just the guide turn's answer.

    Args:
        agent: the Agent (``astream``, ``astream_guide``, ``aclose``).
        job_id: the job its turns run for (their ids, the itinerary's link: see the module).
    """

    def __init__(self, agent: Any, job_id: str | None = None) -> None:
        self._agent = agent
        self._job_id = job_id

    def astream(
        self, request: PlanRequest | TripRequest, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        if isinstance(request, PlanRequest):
            stream: AsyncIterator[Event] = self._agent.astream(
                request.text,
                cancellation_token=cancellation_token,
                options=request.options,
                edit=request.edit,
                about=request.about,
                job_id=self._job_id,
            )
        else:
            stream = self._agent.astream(
                request.text or describe(request),
                cancellation_token=cancellation_token,
                request=request,
                job_id=self._job_id,
            )
        return stream

    def astream_guide(
        self, itinerary_id: int, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        stream: AsyncIterator[Event] = self._agent.astream_guide(
            itinerary_id, cancellation_token=cancellation_token, job_id=self._job_id
        )
        return stream

    async def aclose(self) -> None:
        await self._agent.aclose()


def describe(request: TripRequest) -> str:
    """A one-line wording of a structured request, for the conversation's history."""
    dests = "、".join(request.destinations)
    if request.lang == "zh":
        start = f"从{request.departure}出发，" if request.departure else ""
        return f"{start}去{dests}玩{request.days}天"
    start = f" from {request.departure}" if request.departure else ""
    return f"{request.days} days in {dests}{start}"


AgentBuilder = Callable[..., Any]
"""Makes a job's Agent: called as ``build(working_directory=, database=, conversation_id=)``."""


def agent_sessions(database: Database, build: AgentBuilder | None = None) -> SessionFactory:
    """Sessions continuing the job's conversation, on an Agent made per job (on the engine's
    turn pool: making one reads the conversation) — in a worker process once the host started
    them and `build` is the default (`engine.jobs.turn_process`), else here.

    Args:
        database: the database the Agents use.
        build: makes the Agent; default ``engine.build_from_environment``, which reads
            ``LVTU_*`` each time, so a host that changes them (its settings) affects the next
            job without a restart. Hosts and tests may wrap it (e.g. adding ``pipeline=``).
    """

    async def here(job: JobInfo) -> PlanSession:
        from engine.agent.environment import build_from_environment  # (the whole runtime)
        from engine.paths import data_home

        builder = build or build_from_environment

        def create() -> Any:
            return builder(
                working_directory=data_home(),
                database=database,
                conversation_id=job.conversation_id,
            )

        loop = asyncio.get_running_loop()
        return AgentSession(await loop.run_in_executor(turn_pool(), create), job.id)

    async def make(job: JobInfo) -> PlanSession:
        from engine.jobs import turn_process

        worker = turn_process.lease() if build is None else None
        if worker is None:
            return await here(job)
        return turn_process.ProcessSession(
            worker,
            job_id=job.id,
            conversation_id=job.conversation_id,
            database=database.path,
            fallback=lambda: here(job),
        )

    return make


def default_runners(
    database: Database, *, build: AgentBuilder | None = None
) -> Mapping[str, JobRunner]:
    """The runners hosts use: ``{"plan": PlanRunner(agent sessions)}`` (`build`: see
    `agent_sessions`)."""
    return {"plan": PlanRunner(agent_sessions(database, build), database)}
