"""The itinerary library: save versions, list, open, duplicate, delete with undo."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import update as sql_update
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, or_, select

from engine.domain.itinerary import Itinerary
from engine.events import utcnow
from engine.storage.database import transaction
from engine.storage.tables import ItineraryRow, ItineraryVersion, JobRow


class NotFoundError(LookupError):
    """No itinerary (or version) with that id."""


@dataclass(frozen=True)
class ItinerarySummary:
    """A library row: what lists show."""

    id: int
    title: str
    destinations: tuple[str, ...]
    start_date: str | None
    days: int
    version: int
    lang: str
    updated_at: str
    has_guide: bool
    people: int = 1
    end_date: str | None = None


def save_new(
    engine: Engine,
    itinerary: Itinerary,
    *,
    conversation_id: int | None = None,
    job_id: str | None = None,
) -> int:
    """Store `itinerary` as version 1 of a new library entry; returns the new id.

    With `job_id` (the turn runs for that job), the entry is linked to the job (its
    ``itinerary_id``) in the same transaction, and a job run again from its start after a
    crash takes its entry again instead of making a second one: when the job already links an
    entry of this conversation still at version 1, that version is overwritten and its id
    returned.
    """
    with transaction(engine) as session:
        adopted = _pending_entry_of(session, job_id, conversation_id) if job_id else None
        row = adopted or ItineraryRow(title=itinerary.title, conversation_id=conversation_id)
        row.title = itinerary.title
        row.destinations = ",".join(itinerary.request.destinations)
        row.start_date = itinerary.days[0].date if itinerary.days else None
        row.days = len(itinerary.days)
        row.lang = itinerary.lang
        row.updated_at = utcnow()
        session.add(row)
        session.flush()
        assert row.id is not None
        stored = itinerary.model_copy(update={"id": row.id, "version": 1})
        data = stored.model_dump(mode="json")
        version = _version(session, row.id, 1) if adopted is not None else None
        if version is None:
            version = ItineraryVersion(itinerary_id=row.id, version=1, data=data)
        version.data = data
        session.add(version)
        if job_id is not None:
            session.execute(
                sql_update(JobRow).where(col(JobRow.id) == job_id).values(itinerary_id=row.id)
            )
        return row.id


def _pending_entry_of(
    session: Session, job_id: str | None, conversation_id: int | None
) -> ItineraryRow | None:
    """The entry job `job_id` stored before it was cut off (linked, still at version 1)."""
    job = session.get(JobRow, job_id)
    if job is None or job.itinerary_id is None:
        return None
    row = session.get(ItineraryRow, job.itinerary_id)
    if row is None or row.deleted_at is not None or row.current_version != 1:
        return None
    if row.conversation_id != conversation_id:
        return None
    return row


def _version(session: Session, itinerary_id: int | None, number: int) -> ItineraryVersion | None:
    return session.exec(
        select(ItineraryVersion).where(
            ItineraryVersion.itinerary_id == itinerary_id, ItineraryVersion.version == number
        )
    ).first()


def _stored_version(session: Session, itinerary_id: int, number: int) -> ItineraryVersion:
    """Version `number` of an itinerary.

    Raises:
        NotFoundError: the itinerary has no such version.
    """
    stored = _version(session, itinerary_id, number)
    if stored is None:
        raise NotFoundError(f"itinerary {itinerary_id} has no version {number}")
    return stored


def update_current(engine: Engine, itinerary: Itinerary) -> None:
    """Overwrite the current version in place (e.g. when its guide is written).

    Raises:
        NotFoundError: no such itinerary.
    """
    with Session(engine) as session:
        row = _row(session, itinerary.id)
        version = session.exec(
            select(ItineraryVersion).where(
                ItineraryVersion.itinerary_id == row.id,
                ItineraryVersion.version == row.current_version,
            )
        ).one()
        stored = itinerary.model_copy(update={"version": row.current_version})
        version.data = stored.model_dump(mode="json")
        row.title = itinerary.title
        row.updated_at = utcnow()
        session.add_all([version, row])
        session.commit()


class StaleVersionError(Exception):
    """An edit made on a version that is no longer the current one (optimistic concurrency).

    Attributes:
        base: the version the edit was made on.
        current: the version current now.
    """

    def __init__(self, itinerary_id: int, base: int, current: int) -> None:
        super().__init__(f"itinerary {itinerary_id}: edit made on version {base}, now {current}")
        self.base, self.current = base, current


def add_version(
    engine: Engine,
    itinerary: Itinerary,
    *,
    change_note: str = "",
    base_version: int | None = None,
) -> int:
    """Store `itinerary` as a new version of entry `itinerary.id`; returns the version number.

    With `base_version` (the version the change was made on) the version is stored only while
    that version is still the current one — checked and written in one ``BEGIN IMMEDIATE``
    transaction, so across processes two changes made on one version never both land.

    Raises:
        NotFoundError: no such itinerary.
        StaleVersionError: `base_version` is no longer the current version.
    """
    with transaction(engine) as session:
        row = _row(session, itinerary.id)
        if base_version is not None and row.current_version != base_version:
            assert row.id is not None
            raise StaleVersionError(row.id, base_version, row.current_version)
        last = max(
            session.exec(
                select(ItineraryVersion.version).where(ItineraryVersion.itinerary_id == row.id)
            ).all()
        )
        number = last + 1
        stored = itinerary.model_copy(update={"version": number})
        session.add(
            ItineraryVersion(
                itinerary_id=itinerary.id,
                version=number,
                data=stored.model_dump(mode="json"),
                change_note=change_note,
            )
        )
        row.current_version = number
        row.title = itinerary.title
        row.days = len(itinerary.days)
        row.start_date = itinerary.days[0].date if itinerary.days else None
        row.updated_at = utcnow()
        session.add(row)
        return number


def load(engine: Engine, itinerary_id: int, *, version: int | None = None) -> Itinerary:
    """The current (or a given) version of an itinerary.

    Raises:
        NotFoundError: no such itinerary or version (deleted ones are not found).
    """
    with Session(engine) as session:
        row = _row(session, itinerary_id)
        stored = _stored_version(session, itinerary_id, version or row.current_version)
        return Itinerary.model_validate(stored.data)


def conversation_of(engine: Engine, itinerary_id: int) -> int | None:
    """The conversation an itinerary was planned in (follow-ups continue it), if any.

    Raises:
        NotFoundError: no such itinerary.
    """
    with Session(engine) as session:
        return _row(session, itinerary_id).conversation_id


def add_usage(
    engine: Engine, itinerary_id: int, version: int, input_tokens: int, output_tokens: int
) -> None:
    """Add model tokens spent on a version (a turn's understanding and guide, say).

    Raises:
        NotFoundError: no such itinerary or version.
    """
    with Session(engine) as session:
        stored = _stored_version(session, itinerary_id, version)
        stored.input_tokens += input_tokens
        stored.output_tokens += output_tokens
        session.add(stored)
        session.commit()


def usage(engine: Engine, itinerary_id: int, *, version: int | None = None) -> tuple[int, int]:
    """(input, output) model tokens spent on an itinerary: summed over its versions, or of one.

    Raises:
        NotFoundError: no such itinerary.
    """
    with Session(engine) as session:
        _row(session, itinerary_id)
        query = select(ItineraryVersion).where(ItineraryVersion.itinerary_id == itinerary_id)
        if version is not None:
            query = query.where(ItineraryVersion.version == version)
        rows = session.exec(query).all()
        return sum(r.input_tokens for r in rows), sum(r.output_tokens for r in rows)


def versions(engine: Engine, itinerary_id: int) -> list[tuple[int, str, str]]:
    """(version, change_note, created_at ISO) of every version, oldest first."""
    with Session(engine) as session:
        _row(session, itinerary_id)
        rows = session.exec(
            select(ItineraryVersion)
            .where(ItineraryVersion.itinerary_id == itinerary_id)
            .order_by(col(ItineraryVersion.version))
        ).all()
        return [(r.version, r.change_note, r.created_at.isoformat()) for r in rows]


def restore_version(
    engine: Engine, itinerary_id: int, version: int, *, base_version: int | None = None
) -> int:
    """Make an old version current again by copying it as a new version; returns its number.
    Its change note is in the plan's language (「恢复到第2版」, "restored version 2").

    Raises:
        NotFoundError: no such itinerary or version.
        StaleVersionError: `base_version` is given and no longer current (see `add_version`).
    """
    old = load(engine, itinerary_id, version=version)
    note = f"恢复到第{version}版" if old.lang == "zh" else f"restored version {version}"
    return add_version(engine, old, change_note=note, base_version=base_version)


def list_summaries(engine: Engine, *, search: str = "", limit: int = 200) -> list[ItinerarySummary]:
    """Library rows, newest first; `search` matches title or destination ids (case-insensitive)."""
    with Session(engine) as session:
        query = select(ItineraryRow).where(col(ItineraryRow.deleted_at).is_(None))
        if search:
            pattern = f"%{search}%"
            query = query.where(
                or_(
                    col(ItineraryRow.title).ilike(pattern),
                    col(ItineraryRow.destinations).ilike(pattern),
                )
            )
        rows = session.exec(query.order_by(col(ItineraryRow.updated_at).desc()).limit(limit)).all()
        result = []
        for row in rows:
            assert row.id is not None
            current = session.exec(
                select(ItineraryVersion.data).where(
                    ItineraryVersion.itinerary_id == row.id,
                    ItineraryVersion.version == row.current_version,
                )
            ).first()
            result.append(
                ItinerarySummary(
                    id=row.id,
                    title=row.title,
                    destinations=tuple(d for d in row.destinations.split(",") if d),
                    start_date=row.start_date.isoformat() if row.start_date else None,
                    days=row.days,
                    version=row.current_version,
                    lang=row.lang,
                    updated_at=row.updated_at.isoformat(),
                    has_guide=bool(current and current.get("guide")),
                    people=_party_size(current),
                    end_date=_last_date(current),
                )
            )
        return result


def _party_size(data: Mapping[str, Any] | None) -> int:
    """Travellers of a stored itinerary (its request's party; 1 when it says nothing)."""
    party = ((data or {}).get("request") or {}).get("party") or {}
    return sum(int(party.get(k) or 0) for k in ("adults", "children", "seniors")) or 1


def _last_date(data: Mapping[str, Any] | None) -> str | None:
    """The date of a stored itinerary's last day (ISO), None without days."""
    days = (data or {}).get("days") or []
    return str(days[-1].get("date")) if days and days[-1].get("date") else None


def duplicate(engine: Engine, itinerary_id: int) -> int:
    """Copy the current version into a new library entry; returns the new id."""
    source = load(engine, itinerary_id)
    suffix = "（副本）" if source.lang == "zh" else " (copy)"
    return save_new(engine, source.model_copy(update={"title": source.title + suffix}))


def delete(engine: Engine, itinerary_id: int) -> None:
    """Soft-delete (hidden from the library; `undelete` brings it back)."""
    _set_deleted(engine, itinerary_id, deleted=True)


def undelete(engine: Engine, itinerary_id: int) -> None:
    """Undo `delete`."""
    _set_deleted(engine, itinerary_id, deleted=False)


def _set_deleted(engine: Engine, itinerary_id: int, *, deleted: bool) -> None:
    with Session(engine) as session:
        row = _row(session, itinerary_id, include_deleted=True)
        row.deleted_at = utcnow() if deleted else None
        session.add(row)
        session.commit()


def _row(session: Session, itinerary_id: int, *, include_deleted: bool = False) -> ItineraryRow:
    row = session.get(ItineraryRow, itinerary_id)
    if row is None or (row.deleted_at is not None and not include_deleted):
        raise NotFoundError(f"no itinerary with id {itinerary_id}")
    return row
