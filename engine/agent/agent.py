"""Agent: one conversation session with the Agentao lifecycle (DESIGN.md, "Agent runtime").

A turn is a coroutine (`Agent._turn`): `arun` and `astream` run it on the host's event loop,
`chat` on a loop of its own thread. Inside, provider calls are awaited directly; CPU work goes to
the engine's pool (`engine.agent.pool`) and database work to the `Database`'s threads; no thread
waits on a loop. Events go to the transport and to subscribers on the turn's loop; history and
memory are saved on the database's writer thread.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FuturesTimeoutError
from concurrent.futures import wait as futures_wait
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from engine.agent import texts
from engine.agent.background import BackgroundRunner, BackgroundTask
from engine.agent.errors import AgentClosedError, TurnInProgressError
from engine.agent.memory import MemoryStore
from engine.agent.model_policy import ModelPolicy
from engine.agent.model_runtime import ModelRuntime
from engine.agent.model_session import ModelSession
from engine.agent.offline_policy import OfflinePolicy, Workspace, rewrite_guide
from engine.agent.pool import STOP_TIMEOUT
from engine.agent.runner import (
    RunningTurn,
    Saves,
    cancel_after_grace,
    close_quietly,
    flush,
    schedule_save,
)
from engine.agent.state import SessionState
from engine.agent.tools import Pipeline, ProviderConfig, default_pipeline
from engine.agent.transport import Fanout, NullTransport, Subscriber, Transport
from engine.agent.turn import (
    CANCELLED,
    INTERRUPTED,
    Policy,
    TurnContext,
    TurnOutcome,
    job_turn_id,
    new_turn_id,
    run_turn,
)
from engine.cancellation import CancellationToken
from engine.domain.request import TripRequest
from engine.editing.ops import EditOrder
from engine.events import Done, Event, EventType
from engine.storage.database import Database
from engine.storage.db import open_database
from engine.understanding import RequestOptions

log = logging.getLogger(__name__)

INTERRUPTED_REPLY = "[Interrupted by user]"
#: How often `chat` wakes while waiting, so KeyboardInterrupt is noticed (seconds).
INTERRUPT_SLICE = 0.2


class Agent:
    """One conversation session: turns, history, long-term memory, background sub-agents.

    Not thread-safe for concurrent turns: a second turn while one runs raises
    `TurnInProgressError`. Everything else may be called from any thread.

    Args:
        working_directory: the session's folder (absolute after `resolve`; frozen).
        provider: ``"offline"`` (default), ``"openai-compatible"`` or a preset name, or a
            ChatProvider object (belongs to the caller).
        model: the model name for a model provider.
        transport: receives every event (`engine.agent.transport.Transport`).
        memory: a `MemoryStore` (belongs to the caller); default: one on `database`, closed
            with the agent.
        llm_client: an ``httpx.AsyncClient`` for model providers (belongs to the caller).
        database: the host's `engine.storage.Database` (it stays the host's); or a SQLAlchemy
            engine, a database file, or None for the user's database (the agent then runs its
            own `Database` on it, closed with the agent).
        api_key, base_url: endpoint settings for a model provider.
        conversation_id: continue this stored conversation (its messages are loaded).
        pipeline: the tools (tests pass fakes); default: the real pipeline, loaded on first use.
        today: the date plans count from (tests, replays); default: the real date.
        provider_options: more ``LVTU_*`` settings for a model provider, as strings
            (``LVTU_DEADLINE``, ``LVTU_MAX_ATTEMPTS``, ``LVTU_MAX_TOKENS``, ``LVTU_CONTEXT``,
            ``LVTU_FIRST_BYTE_TIMEOUT``, ``LVTU_TOOL_CALLS``).

    With a model provider, new requests are read by the model and the offline parser together
    and the model writes the guide (`engine.agent.model_policy`); the solver always plans.
    A client or provider object passed in is used on the host's loop by `arun` and `astream`;
    `chat` uses the agent's own (a client belongs to the loop it was first used on).

    Raises:
        ValueError: `conversation_id` does not exist.
    """

    def __init__(
        self,
        *,
        working_directory: str | Path,
        provider: str | Any = "offline",
        model: str | None = None,
        transport: Transport | None = None,
        memory: MemoryStore | None = None,
        llm_client: Any | None = None,
        database: Database | Engine | str | Path | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        conversation_id: int | None = None,
        pipeline: Pipeline | None = None,
        today: dt.date | None = None,
        provider_options: Mapping[str, str] | None = None,
    ) -> None:
        self._working_directory = Path(working_directory).expanduser().resolve()
        self._owned: list[Any] = []  # closed with the agent (in order): only what it created
        if isinstance(database, Database):
            self._db = database
        else:
            if not isinstance(database, Engine):
                database = open_database(Path(database) if database is not None else None)
            self._db = Database(database)
            self._owned.append(self._db)
        engine = self._db.engine
        if memory is None:
            memory = MemoryStore(engine)
            self._owned.append(memory)
        self._state = SessionState(engine, memory, conversation_id)
        self._provider: Any | None = None if isinstance(provider, str) else provider
        name = provider if isinstance(provider, str) else "custom"
        self._config = ProviderConfig(name, api_key, base_url, model, dict(provider_options or {}))
        self._models = ModelRuntime(self._config, provider=self._provider, client=llm_client)
        self._transport: Transport = transport or NullTransport()
        self._subscribers = Fanout()
        self._pipeline = pipeline
        self._today = today
        self._lock = threading.RLock()
        self._running: RunningTurn | None = None
        self._last_turn: TurnOutcome | None = None
        self._saves = Saves()
        self._background = BackgroundRunner()
        self._closing = False
        self._closed = threading.Event()

    # -- properties -------------------------------------------------------------------------

    @property
    def working_directory(self) -> Path:
        return self._working_directory

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The conversation so far: OpenAI-style message dicts (copies), oldest first."""
        return self._state.history.messages

    @property
    def last_turn(self) -> TurnOutcome | None:
        """How the last finished turn ended (status, reason, text), or None before any."""
        return self._last_turn

    @property
    def memory(self) -> MemoryStore:
        """The long-term memory store (preferences)."""
        return self._state.memory

    @property
    def closed(self) -> bool:
        """True once `close` has finished."""
        return self._closed.is_set()

    # -- turns --------------------------------------------------------------------------------

    def chat(
        self,
        user_message: str,
        max_iterations: int = 100,
        cancellation_token: CancellationToken | None = None,
    ) -> str:
        """Run one turn and block until it ends; returns the assistant's reply.

        Returns ``"[Cancelled: <reason>]"`` when cancelled and ``"[Interrupted by user]"`` on
        KeyboardInterrupt (neither raises); `last_turn` tells status and reason.
        `max_iterations` bounds the turn's steps (the offline policy uses up to three:
        understand, plan, guide); a turn that would exceed it fails with reason
        ``max_iterations``. A model editing the open plan takes one step per model call and
        stops two short of the bound, keeping the feasible edits made so far
        (`engine.agent.model_edit`).

        Raises:
            TurnInProgressError: a turn is running. AgentClosedError: the agent is closed.
            ValueError: `max_iterations` < 1.
        """
        turn = self._begin(user_message, cancellation_token, max_iterations)
        try:
            threading.Thread(
                target=asyncio.run, args=(self._turn(turn),), name=f"lvtu-chat-{turn.id}"
            ).start()
            while not turn.finished.done():
                # Wait in slices: a SIGINT that lands just before a blocking wait starts does
                # not interrupt it, so Python would raise KeyboardInterrupt only when the turn
                # ends. A slice bounds how late Ctrl-C is noticed.
                futures_wait([turn.finished], timeout=INTERRUPT_SLICE)
            outcome = turn.finished.result()
        except KeyboardInterrupt:
            turn.interrupted = True
            turn.token.cancel("interrupted by user")
            try:
                turn.finished.result(timeout=STOP_TIMEOUT)
            except (FuturesTimeoutError, KeyboardInterrupt):
                log.warning("turn %s did not stop within %.1f s", turn.id, STOP_TIMEOUT)
            return INTERRUPTED_REPLY
        finally:
            save = self._schedule_save(turn)
            if turn.finished.done():
                try:
                    save.result(timeout=STOP_TIMEOUT)
                except Exception:
                    log.exception("saving turn %s failed", turn.id)
        return _reply(outcome)

    async def arun(
        self,
        user_message: str,
        max_iterations: int = 100,
        cancellation_token: CancellationToken | None = None,
    ) -> str:
        """`chat` for async hosts: the turn runs on the host's loop; its CPU work on the
        engine's pool (`engine.agent.pool`), never the loop's default executor.

        Cancelling the awaiting task cancels the turn through its token and waits up to
        `STOP_TIMEOUT` (5 s) for it to stop, then re-raises `asyncio.CancelledError`.

        Raises:
            TurnInProgressError, AgentClosedError, ValueError: as `chat`.
        """
        turn = self._begin(user_message, cancellation_token, max_iterations)
        task = self._launch(turn)
        try:
            outcome = await asyncio.shield(task)
        except asyncio.CancelledError:
            turn.token.cancel("cancelled by caller")
            await asyncio.wait([task], timeout=STOP_TIMEOUT)
            raise
        finally:
            self._schedule_save(turn)
        return _reply(outcome)

    def astream(
        self,
        user_message: str,
        max_iterations: int = 100,
        cancellation_token: CancellationToken | None = None,
        *,
        options: RequestOptions | None = None,
        request: TripRequest | None = None,
        edit: EditOrder | None = None,
        about: int | None = None,
        job_id: str | None = None,
    ) -> AsyncIterator[Event]:
        """Run one turn, yielding its events (`engine.events.Event`); ``done`` comes last.

        Leaving early (``break``, an exception, cancelling the consuming task, dropping the
        generator) cancels the turn. Its history and memory are saved in every case.
        `options` (form fields, command-line options) are read with the message, each one
        given winning over it. With `request` (a structured `TripRequest`), that request is
        planned as is and `user_message` is what the history records the person asked. With
        `edit` (`engine.editing.ops.EditOrder`), those edits are applied to the saved itinerary
        it names (`user_message` again only for the history). With `about` (``lvtu revise ID``), a
        follow-up in words is about that saved itinerary of the conversation, not its latest.
        With `job_id` (`engine.jobs` runs the turn), the turn's id is the job's
        (`engine.agent.turn.job_turn_id`) and a new itinerary is linked to the job as it is
        stored (`engine.storage.itineraries.save_new`): a run after a crash takes the
        itinerary the cut-off run stored, and replaces the messages it stored (see
        `engine.jobs.plan_runner`).

        Raises:
            TurnInProgressError, AgentClosedError, ValueError: as `chat` (on the first step).
        """
        # Returned, not re-yielded: the stream's `finally` (which schedules the save) then
        # belongs to the generator the consumer holds, with no wrapper layer in between.
        return self._stream(
            user_message, cancellation_token, max_iterations, request=request, options=options,
            edit=edit, about=about, job_id=job_id,
        )  # fmt: skip

    def astream_guide(
        self,
        itinerary_id: int,
        cancellation_token: CancellationToken | None = None,
        *,
        job_id: str | None = None,
    ) -> AsyncIterator[Event]:
        """A turn that only writes the guide of stored itinerary `itinerary_id` (no user message),
        yielding its events like `astream`. Used to resume job `job_id` after its itinerary
        checkpoint (the turn's id is then `engine.agent.turn.job_turn_id` ``(job_id,
        guide=True)``).

        Raises:
            TurnInProgressError, AgentClosedError: as `chat` (on the first step).
        """
        return self._stream("", cancellation_token, 100, guide_for=itinerary_id, job_id=job_id)

    async def _stream(
        self,
        text: str,
        cancellation_token: CancellationToken | None,
        max_iterations: int,
        *,
        guide_for: int | None = None,
        request: TripRequest | None = None,
        options: RequestOptions | None = None,
        edit: EditOrder | None = None,
        about: int | None = None,
        job_id: str | None = None,
    ) -> AsyncIterator[Event]:
        queue: asyncio.Queue[Event] = asyncio.Queue()
        turn_id = job_turn_id(job_id, guide=guide_for is not None) if job_id else None
        turn = self._begin(text, cancellation_token, max_iterations, queue.put_nowait, turn_id)
        turn.guide_for = guide_for
        turn.job_id = job_id
        turn.request = request
        turn.options = options
        turn.edit = edit
        if about is not None:
            self._state.focus(about)  # before the turn reads which plan is open
        self._launch(turn)
        saw_done = False
        try:
            while not saw_done:
                event = await queue.get()
                saw_done = event.type is EventType.DONE
                yield event
        finally:
            # The save is scheduled here, not after the loop: a consumer that breaks (even right
            # after `done`), raises, is cancelled, or drops the generator never resumes it past
            # a `yield`, so code after the last `yield` would not run in those cases; `finally`
            # always runs (on aclose, or when the generator is garbage-collected). It only
            # schedules (no await): a closing generator must not block or be cancelled mid-save.
            if not saw_done and not turn.finished.done():
                turn.token.cancel("stream closed")
            self._schedule_save(turn)

    async def wait_saved(self, timeout: float = STOP_TIMEOUT) -> bool:  # noqa: ASYNC109 (returns False)
        """Wait until every ended turn's history and memory are stored; False on timeout.

        A stream that was left but is still referenced (not closed, not collected) keeps its
        turn unsettled: close streams with ``contextlib.aclosing``.
        """
        return await self._saves.wait(timeout)

    # -- history --------------------------------------------------------------------------------

    def add_message(self, role: str, content: str | None, **extra: Any) -> None:
        """Append a message to the history (e.g. to restore a saved conversation).

        `extra` are OpenAI-style fields (``tool_calls``, ``tool_call_id``, ``name``) or
        ``itinerary_id`` (which makes that itinerary the current one for follow-ups).
        The message is stored with the next save.

        Raises:
            ValueError: unknown role. TurnInProgressError: a turn is running.
        """
        with self._lock:
            self._check_idle()
            self._state.add(role, content, extra)

    def clear_history(self) -> None:
        """Start a new conversation (messages only; long-term memory is kept).

        Raises:
            TurnInProgressError: a turn is running.
        """
        with self._lock:
            self._check_idle()
            self._state.clear()
        flush(self._saves, self._db, self._state.persist)  # what the old conversation lacks

    def get_conversation_summary(self) -> str:
        """A short description: turns so far, the current itinerary, remembered preferences."""
        return self._state.summary()

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(event)` for every event (on the turn's loop); returns unsubscribe."""
        return self._subscribers.add(callback)

    # -- provider -------------------------------------------------------------------------------

    def set_provider(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        model: str | None = None,
        provider: str | None = None,
    ) -> None:
        """Switch the model endpoint (history kept). From offline, the switch is to
        ``openai-compatible`` unless `provider` names another."""
        with self._lock:
            self._check_idle()
            name = provider or ("openai-compatible" if self._config.offline else self._config.name)
            model = model or self._config.model
            options = self._config.options
            self._config = ProviderConfig(name, api_key, base_url, model, options)
            self._provider = None
            self._models.configure(self._config, keep_given=False)

    def set_model(self, model: str) -> None:
        """Use `model` from the next turn on (history kept)."""
        with self._lock:
            self._config = dataclasses.replace(self._config, model=model)
            self._models.configure(self._config)

    def get_current_model(self) -> str:
        """The model name, or ``"offline"`` for the offline policy."""
        return self._config.model or self._config.name

    # -- background sub-agents -----------------------------------------------------------------

    def write_guide_in_background(self, itinerary_id: int | None = None) -> BackgroundTask:
        """(Re)write the guide of an itinerary (default: the current one) in the background.

        Its events (``guide_delta`` … ``done``) carry the task's id as `job_id`. The stored
        itinerary's current version gets the new guide.

        Raises:
            BackgroundOwnerClosedError: the agent is closed. ValueError: no itinerary.
        """
        target = itinerary_id if itinerary_id is not None else self._state.current_id
        if target is None:
            raise ValueError("no itinerary to write a guide for")

        async def work(task: BackgroundTask) -> str:
            ctx = TurnContext(task.id, task.token, self._emit)
            status = "failed"
            try:
                guide = await rewrite_guide(ctx, await self._workspace(current=False), target)
                status = "succeeded"
                return guide
            except Exception:
                status = CANCELLED if task.token.is_cancelled else "failed"
                raise
            finally:
                ctx.emit(Done(status, itinerary_id=target))

        return self._background.start("guide", work)

    # -- close ----------------------------------------------------------------------------------

    def close(self) -> None:
        """Cancel the running turn and background sub-agents (waiting up to 5 s each), save
        what is unsaved, close what the agent created. Idempotent; a second call waits for the
        first. Memory stores and HTTP clients passed in stay open."""
        with self._lock:
            first = not self._closing
            self._closing = True
            running = self._running
        if not first:
            self._closed.wait()
            return
        try:
            if running is not None:
                running.token.cancel("agent closed")
                try:
                    running.finished.result(timeout=STOP_TIMEOUT)
                except FuturesTimeoutError:
                    log.warning("turn %s did not stop within %.1f s", running.id, STOP_TIMEOUT)
            self._background.close(STOP_TIMEOUT)
            try:
                self._state.persist()
            except Exception:
                log.exception("saving history on close failed")
            for resource in reversed(self._owned):
                _close_resource(resource)
        finally:
            self._closed.set()

    async def aclose(self) -> None:
        """`close` on its own thread, so the loop never blocks; the close completes even if
        this await is cancelled."""
        done: Future[None] = Future()

        def target() -> None:
            try:
                self.close()
                done.set_result(None)
            except BaseException as exc:
                done.set_exception(exc)

        threading.Thread(target=target, name="lvtu-agent-close").start()
        await asyncio.shield(asyncio.wrap_future(done))

    def __enter__(self) -> Agent:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Agent:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()

    # -- internals ------------------------------------------------------------------------------

    def _begin(
        self,
        text: str,
        token: CancellationToken | None,
        max_iterations: int,
        listener: Callable[[Event], None] | None = None,
        turn_id: str | None = None,
    ) -> RunningTurn:
        if not isinstance(text, str):
            raise TypeError("user_message must be a str")
        if max_iterations < 1:
            raise ValueError("max_iterations must be at least 1")
        with self._lock:
            if self._closing:
                raise AgentClosedError("the agent is closed")
            self._check_idle()
            turn = RunningTurn(
                turn_id or new_turn_id(),
                text,
                token or CancellationToken(),
                max_iterations,
                listener,
            )
            self._running = turn
            self._saves.track(turn.settled)
        return turn

    def _check_idle(self) -> None:
        if self._running is not None:
            raise TurnInProgressError(f"turn {self._running.id} is still running")

    def _emit(self, event: Event, *extra: Subscriber) -> None:
        self._subscribers.emit(event, self._transport.emit, *extra)

    def _launch(self, turn: RunningTurn) -> asyncio.Task[TurnOutcome]:
        """Start `turn` on the running (host's) loop; the turn holds its task."""
        turn.hosted = True
        turn.task = asyncio.get_running_loop().create_task(self._turn(turn), name=turn.id)
        return turn.task

    async def _turn(self, turn: RunningTurn) -> TurnOutcome:
        """The turn, on its loop: run the policy, commit, announce ``done``, finish."""
        listeners = (turn.listener,) if turn.listener else ()
        ctx = TurnContext(
            turn.id, turn.token, lambda e: self._emit(e, *listeners), turn.max_iterations
        )
        ctx.checkpoint = lambda c: self._db.write(lambda _e: self._state.checkpoint(turn.id, c))
        ctx.request = turn.request
        ctx.options = turn.options
        ctx.edit = turn.edit
        ctx.job_id = turn.job_id
        model = self._models.session(turn.token, hosted=turn.hosted)
        running = threading.Event()
        running.set()
        unlink = turn.token.on_cancel(cancel_after_grace(asyncio.current_task(), running))
        try:
            outcome = await run_turn(
                ctx, _Deferred(self, model), turn.text, guide_for=turn.guide_for
            )
        except BaseException:  # run_turn handles every Exception; this is a last resort
            log.exception("turn %s crashed", turn.id)
            outcome = TurnOutcome(turn.id, "failed", "internal", texts.failed(ctx.lang))
            ctx.messages.append({"role": "assistant", "content": outcome.text})
        finally:
            running.clear()
            unlink()
        await close_quietly(model.aclose())
        if turn.interrupted and outcome.status == CANCELLED:
            outcome = dataclasses.replace(outcome, status=INTERRUPTED)
        self._state.commit(turn.id, ctx)
        with self._lock:
            self._last_turn = outcome
            self._running = None
        try:
            ctx.emit(Done(outcome.status, outcome.reason, outcome.itinerary_id, outcome.version))
        finally:
            turn.finished.set_result(outcome)  # after `done`: chat/arun return once it is out
        return outcome

    async def _policy(self, model: ModelSession) -> Policy:
        workspace = await self._workspace(current=True)
        if self._models.offline:
            return OfflinePolicy(workspace)
        return ModelPolicy(workspace, model)

    async def _workspace(self, *, current: bool) -> Workspace:
        """The policy's tools and what it knows, read from the database (`current`: the
        session's current itinerary too)."""
        if self._pipeline is None:
            self._pipeline = default_pipeline()
        state = self._state
        itinerary = await self._db.read(lambda _e: state.load_current()) if current else None
        return Workspace(
            pipeline=self._pipeline,
            db=self._db,
            conversation_id=state.history.conversation_id,
            current=itinerary,
            remembered=await self._db.read(lambda _e: state.remembered()),
            today=self._today,
        )

    def _schedule_save(self, turn: RunningTurn) -> Future[None]:
        return schedule_save(turn, self._saves, self._db, self._state.persist)


class _Deferred:
    """The policy of a turn, made when the turn starts on its loop (reading the workspace is
    database work); a turn whose tools cannot be loaded fails with that error."""

    def __init__(self, agent: Agent, model: ModelSession) -> None:
        self._agent = agent
        self._model = model

    async def run(self, ctx: TurnContext, text: str) -> None:
        policy = await self._agent._policy(self._model)
        await policy.run(ctx, text)

    async def finish_guide(self, ctx: TurnContext, itinerary_id: int) -> None:
        policy = await self._agent._policy(self._model)
        await policy.finish_guide(ctx, itinerary_id)


def _reply(outcome: TurnOutcome) -> str:
    if outcome.status == CANCELLED:
        return f"[Cancelled: {outcome.reason or 'cancelled'}]"
    if outcome.status == INTERRUPTED:
        return INTERRUPTED_REPLY
    return outcome.text


def _close_resource(resource: Any) -> None:
    try:
        close = getattr(resource, "close", None)
        if callable(close):
            close()
        elif callable(getattr(resource, "aclose", None)):
            asyncio.run(resource.aclose())
    except Exception:
        log.exception("closing %r failed", resource)
