"""The validator's checks, by theme (`engine.planning.validator.validate` runs them all): places
(`places`), meals (`meals`), the day's timeline (`timeline`), costs and budget (`costs`).
Each plain check returns its `Problem`s, one per thing wrong; none means it passed."""

from __future__ import annotations

from collections.abc import Iterator

from engine.domain.itinerary import Day, Item, Itinerary

Problem = tuple[int | None, str, str]  # (day, message zh, message en)


def all_items(itinerary: Itinerary) -> Iterator[tuple[Day, Item]]:
    """Every item of the plan with its day, in order."""
    for day in itinerary.days:
        for item in day.items:
            yield day, item
