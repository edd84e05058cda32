"""`Library`: the itinerary library of one `Database`, async — what a host's views call.

Reads run on the database's reader threads, changes on its writer (`engine.storage.Database`);
the rows are `engine.storage.itineraries`'.
"""

from __future__ import annotations

import builtins

from engine.domain.itinerary import Itinerary
from engine.storage import itineraries
from engine.storage.database import Database
from engine.storage.itineraries import ItinerarySummary, NotFoundError

__all__ = ["ItinerarySummary", "Library", "NotFoundError"]


class Library:
    """Saved itineraries: list, open, duplicate, delete with undo.

    Args:
        database: the host's database.
    """

    def __init__(self, database: Database) -> None:
        self._db = database

    async def list(self, search: str = "") -> list[ItinerarySummary]:
        """Library rows, newest first; `search` matches title or destination ids."""
        return await self._db.read(itineraries.list_summaries, search=search)

    async def load(self, itinerary_id: int, version: int | None = None) -> Itinerary:
        """The current (or a given) version.

        Raises:
            NotFoundError: no such itinerary or version.
        """
        return await self._db.read(itineraries.load, itinerary_id, version=version)

    async def versions(self, itinerary_id: int) -> builtins.list[tuple[int, str, str]]:
        """``(version, change note, created_at ISO)`` of every version, oldest first.

        Raises:
            NotFoundError: no such itinerary.
        """
        return await self._db.read(itineraries.versions, itinerary_id)

    async def conversation_of(self, itinerary_id: int) -> int | None:
        """The conversation a follow-up on the itinerary continues (None: it has none, or the
        itinerary is gone)."""
        try:
            return await self._db.read(itineraries.conversation_of, itinerary_id)
        except NotFoundError:
            return None

    async def duplicate(self, itinerary_id: int) -> int:
        """Copy the current version into a new entry; returns its id."""
        return await self._db.write(itineraries.duplicate, itinerary_id)

    async def delete(self, itinerary_id: int) -> None:
        """Hide it from the library (`undelete` brings it back)."""
        await self._db.write(itineraries.delete, itinerary_id)

    async def undelete(self, itinerary_id: int) -> None:
        await self._db.write(itineraries.undelete, itinerary_id)
