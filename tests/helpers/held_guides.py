"""Real plan jobs whose guide a test can hold mid-way: `engine.jobs.plan_runner.PlanRunner` on
real `engine.Agent` sessions, each Agent with the real pipeline except that its guide step waits
on a `threading.Event` after a few chunks while the test holds guides.

A held guide lets go when the test calls `release()` or when its job's cancellation token fires
(cancel, or a quit that keeps or cancels the job), so a held job never blocks a shutdown.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any

from engine.agent.tools import Pipeline, default_pipeline
from engine.cancellation import CancellationToken
from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.events import Event
from engine.jobs.plan_request import PlanRequest
from engine.jobs.plan_runner import PlanRunner, PlanSession, agent_sessions
from engine.jobs.runner import JobRunner
from engine.jobs.states import JobInfo
from engine.storage.database import Database

#: The date plans count from in tests (the 黄山 plan then starts on Saturday 2026-12-05).
TODAY = dt.date(2026, 11, 30)


class GuideHold:
    """Runners for `engine.jobs.JobManager`; `hold()` makes new guides stop after a few chunks.

    Attributes:
        models: ``Agent.get_current_model()`` of each job's Agent, in job order (shows which
            provider settings a job ran with).
        waiting: guides stopped at the hold now.
        llm_client: the ``httpx.AsyncClient`` each job's Agent calls a model provider with
            (``Agent(llm_client=…)``; it stays the test's); None: the provider makes its own.
            Tests that configure a hosted provider give one on an ``httpx.MockTransport``, so
            they never reach the network (a DNS lookup, a connect that waits on a timeout).
    """

    def __init__(self, today: dt.date = TODAY) -> None:
        self.today = today
        self.models: list[str] = []
        self.waiting = 0
        self._after = 0  # 0: not holding
        self._gates: list[threading.Event] = []
        self._lock = threading.Lock()
        self._pipeline: Pipeline | None = None
        self.llm_client: Any = None

    def hold(self, after: int = 1) -> None:
        """Stop the guides of jobs from now on after `after` chunks (those reach the log)."""
        with self._lock:
            self._after = after

    def release(self) -> None:
        """Let every held guide go on; later guides are not held."""
        with self._lock:
            self._after = 0
            for gate in self._gates:
                gate.set()

    def runners(self, database: Database) -> Mapping[str, JobRunner]:
        """``{"plan": PlanRunner}`` over real Agents (`engine.build_from_environment`)."""
        inner = agent_sessions  # the real factory, given a builder per job below

        async def sessions(job: JobInfo) -> PlanSession:
            gate = threading.Event()
            with self._lock:
                self._gates.append(gate)
            pipeline = dataclasses.replace(
                self._base(), iter_guide=lambda it, kb: self._guide(it, kb, gate)
            )

            def build(**options: Any) -> Any:
                from engine import build_from_environment

                if self.llm_client is not None:
                    options.setdefault("llm_client", self.llm_client)
                agent = build_from_environment(pipeline=pipeline, today=self.today, **options)
                with self._lock:
                    self.models.append(agent.get_current_model())
                return agent

            return _Released(await inner(database, build)(job), gate)

        return {"plan": PlanRunner(sessions, database)}

    def _base(self) -> Pipeline:
        if self._pipeline is None:
            self._pipeline = default_pipeline()
        return self._pipeline

    def _guide(self, itinerary: Itinerary, kb: Any, gate: threading.Event) -> Iterator[str]:
        """The real guide's chunks, waiting on `gate` after the hold's count (on the turn pool)."""
        with self._lock:
            after = self._after
        for n, chunk in enumerate(self._base().iter_guide(itinerary, kb), 1):
            yield chunk
            if n == after:
                with self._lock:
                    self.waiting += 1
                try:
                    gate.wait()
                finally:
                    with self._lock:
                        self.waiting -= 1


class _Released:
    """A `PlanSession` whose held guide lets go when its job's token is cancelled."""

    def __init__(self, session: PlanSession, gate: threading.Event) -> None:
        self._session = session
        self._gate = gate

    def astream(
        self, request: PlanRequest | TripRequest, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        cancellation_token.on_cancel(lambda _reason: self._gate.set())
        return self._session.astream(request, cancellation_token=cancellation_token)

    def astream_guide(
        self, itinerary_id: int, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        cancellation_token.on_cancel(lambda _reason: self._gate.set())
        return self._session.astream_guide(itinerary_id, cancellation_token=cancellation_token)

    async def aclose(self) -> None:
        await self._session.aclose()
