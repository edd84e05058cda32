"""Rows of the ``jobs`` table as `JobInfo`: create (with idempotency), read, list, heartbeat,
cancel requests. Functions take the SQLAlchemy engine (`engine.storage.Database` runs them on its
threads); writes run in one ``BEGIN IMMEDIATE`` transaction each."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Collection, Mapping
from typing import Any, TypeAlias

from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine.domain.request import TripRequest
from engine.events import Event, StateChanged, request_words, utcnow
from engine.jobs.eventlog import insert_events
from engine.jobs.liveness import owner_alive
from engine.jobs.plan_request import PlanRequest
from engine.jobs.runner import Checkpoint
from engine.jobs.states import LIVE, JobInfo, JobNotFoundError, JobState
from engine.storage import conversations
from engine.storage.database import transaction
from engine.storage.tables import JobRow

RequestLike: TypeAlias = PlanRequest | TripRequest | str | Mapping[str, Any]
_LIVE = tuple(state.value for state in LIVE)
_KEPT = (*_LIVE, JobState.SUCCEEDED.value, JobState.INTERRUPTED.value)  # (not failed, cancelled)


def request_payload(request: RequestLike) -> tuple[dict[str, Any], str, str]:
    """(the request as stored in ``jobs.request``, a conversation title, its language)."""
    if isinstance(request, str):
        request = PlanRequest(request)
    if isinstance(request, PlanRequest):
        payload = request.payload()
        return payload, *request_words(payload)
    if isinstance(request, TripRequest):
        title = request.text or "、".join(request.destinations)
        return {"trip_request": request.model_dump(mode="json")}, title, request.lang
    payload = dict(request)
    return payload, str(payload.get("text", "")), str(payload.get("lang", "zh"))


def to_info(row: JobRow) -> JobInfo:
    """A ``jobs`` row → `JobInfo`."""
    return JobInfo(
        id=row.id,
        kind=row.kind,
        state=JobState(row.state),
        request=row.request or {},
        conversation_id=row.conversation_id,
        itinerary_id=row.itinerary_id,
        idempotency_key=row.idempotency_key,
        checkpoint=row.checkpoint or "",
        last_seq=row.last_seq,
        error=row.error,
        input_tokens=row.input_tokens,
        output_tokens=row.output_tokens,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
    )


def alive(row: JobRow, *, stale_after: float) -> bool:
    """Whether the process that owns the job still lives."""
    return owner_alive(row.owner, row.heartbeat_at, stale_after=stale_after)


def get_job(engine: Engine, job_id: str) -> JobInfo | None:
    """The job, or None."""
    with Session(engine) as session:
        row = session.get(JobRow, job_id)
        return to_info(row) if row is not None else None


def resolve_id(engine: Engine, prefix: str) -> str:
    """The full id of the one job whose id starts with `prefix`.

    Raises:
        JobNotFoundError: none, or more than one.
    """
    with Session(engine) as session:
        query = select(JobRow.id).where(JobRow.id >= prefix, JobRow.id < prefix + "\uffff")
        ids = session.exec(query.order_by(col(JobRow.id)).limit(2)).all()
    if len(ids) != 1:
        raise JobNotFoundError(prefix)
    return ids[0]


def list_jobs(
    engine: Engine, states: Collection[JobState] | None = None, limit: int = 100
) -> list[JobInfo]:
    """Jobs newest first, optionally only in `states`."""
    query = select(JobRow)
    if states:
        query = query.where(col(JobRow.state).in_([s.value for s in states]))
    query = query.order_by(col(JobRow.created_at).desc(), col(JobRow.id).desc()).limit(limit)
    with Session(engine) as session:
        return [to_info(row) for row in session.exec(query).all()]


def by_itinerary(engine: Engine, itinerary_id: int) -> JobInfo | None:
    """The newest job that produced or updates itinerary `itinerary_id`."""
    query = select(JobRow).where(JobRow.itinerary_id == itinerary_id)
    with Session(engine) as session:
        row = session.exec(query.order_by(col(JobRow.created_at).desc()).limit(1)).first()
        return to_info(row) if row is not None else None


def live_by_key(
    session: Session, key: str, *, stale_after: float, window: float = 0.0
) -> JobInfo | None:
    """The queued/running job submitted with `key` whose owner still lives, if any — or, with
    a `window` (seconds), one submitted with it that long ago or less and not failed or
    cancelled (it may have ended already: an offline plan takes seconds)."""
    query = select(JobRow).where(JobRow.idempotency_key == key)
    if window <= 0:
        query = query.where(col(JobRow.state).in_(_LIVE))
    else:
        since = utcnow() - dt.timedelta(seconds=window)
        live = col(JobRow.state).in_(_LIVE)
        recent = (col(JobRow.created_at) >= since) & col(JobRow.state).in_(_KEPT)
        query = query.where(live | recent)
    for row in session.exec(query.order_by(col(JobRow.created_at).desc())).all():
        if row.state not in _LIVE or alive(row, stale_after=stale_after):
            return to_info(row)
    return None


def request_key(payload: Mapping[str, Any]) -> str:
    """An idempotency key made from a request as stored (`request_payload`): the same words
    and options give the same key (``lvtu plan --detach`` without ``--idempotency-key``)."""
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "request:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def create_job(
    engine: Engine,
    *,
    job_id: str,
    kind: str,
    request: dict[str, Any],
    owner: str,
    conversation_id: int | None = None,
    idempotency_key: str | None = None,
    title: str = "",
    lang: str = "zh",
    stale_after: float = 30.0,
    key_window: float = 0.0,
) -> tuple[JobInfo, Event | None]:
    """Insert a queued job and its first event (seq 1) — unless a job submitted with
    `idempotency_key` is still queued or running (in any process whose owner lives), or was
    submitted at most `key_window` seconds ago (`live_by_key`): the database is where submits
    with one key meet, so this is the one check.

    A conversation is created for the job when `conversation_id` is None.

    Returns:
        (the job, its first event) — or (the live job with that key, None).
    """
    with transaction(engine) as session:
        if idempotency_key:
            existing = live_by_key(
                session, idempotency_key, stale_after=stale_after, window=key_window
            )
            if existing is not None:
                return existing, None
        if conversation_id is None:
            conversation_id = conversations.add_conversation(session, title=title[:80], lang=lang)
        now = utcnow()
        row = JobRow(
            id=job_id, kind=kind, state=JobState.QUEUED.value, idempotency_key=idempotency_key,
            conversation_id=conversation_id, request=request, last_seq=1, created_at=now,
            owner=owner, heartbeat_at=now,
        )  # fmt: skip
        session.add(row)
        session.flush()
        first = Event(job_id=job_id, seq=1, payload=StateChanged(JobState.QUEUED.value))
        insert_events(session, [first])
        return to_info(row), first


def job_status(engine: Engine, job_id: str, *, stale_after: float) -> tuple[JobState, bool] | None:
    """(state, whether its owner process still lives), or None when there is no such job."""
    with Session(engine) as session:
        row = session.get(JobRow, job_id)
        if row is None:
            return None
        return JobState(row.state), alive(row, stale_after=stale_after)


def heartbeat(engine: Engine, owner: str) -> None:
    """Mark every live job of `owner` as alive now."""
    with transaction(engine) as session:
        session.execute(
            update(JobRow)
            .where(JobRow.owner == owner, col(JobRow.state).in_(_LIVE))  # type: ignore[arg-type]
            .values(heartbeat_at=utcnow())
        )


def cancel_requests(engine: Engine, owner: str) -> dict[str, str]:
    """Job id → reason, for live jobs of `owner` that another process asked to cancel."""
    query = select(JobRow.id, JobRow.cancel_requested).where(
        JobRow.owner == owner,
        col(JobRow.state).in_(_LIVE),
        col(JobRow.cancel_requested).is_not(None),
    )
    with Session(engine) as session:
        return {job_id: str(reason) for job_id, reason in session.exec(query).all()}


def handed_over(
    engine: Engine, job_id: str, owner: str
) -> tuple[JobInfo, Checkpoint | None] | None:
    """(the job, its checkpoint) when it is queued for `owner` (a worker process it was handed
    to), else None."""
    with Session(engine) as session:
        row = session.get(JobRow, job_id)
        if row is None or row.state != JobState.QUEUED.value or row.owner != owner:
            return None
        raw = row.checkpoint_data
        return to_info(row), Checkpoint.from_json(raw) if raw else None
