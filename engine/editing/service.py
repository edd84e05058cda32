"""Edits stored as versions, with optimistic concurrency: an edit names the version it was made
on; when another change landed first, the edit (a semantic operation) is applied again on the
newest version, or refused with the reason — never stored over the other change, never lost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.engine import Engine

from engine.domain.itinerary import Itinerary
from engine.editing.apply import EditResult, apply_edits
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries

#: Times an edit is applied again when other changes keep landing first.
ATTEMPTS = 8


@dataclass(frozen=True)
class Applied:
    """A stored edit.

    Attributes:
        itinerary: the new version as stored (`id`, `version` set; no guide yet).
        base_version: the version the edit was made on.
        applied_on: the version it was applied to (newer than `base_version` when it was
            applied again after another change).
        result: what the edit did (notes, warnings).
    """

    itinerary: Itinerary
    base_version: int
    applied_on: int
    result: EditResult

    @property
    def rebased(self) -> bool:
        return self.applied_on != self.base_version


def version_note(result: EditResult, lang: str, base: int, applied_on: int) -> str:
    """The version's one-line summary: what changed (and on which version, when applied again)."""
    note = result.summary(lang)
    if base != applied_on:
        note += pick(lang, f"（基于第{base}版，应用在第{applied_on}版上）",
                     f" (made on v{base}, applied to v{applied_on})")  # fmt: skip
    return note


def stale(exc: EditRefused, base: int, current: int) -> EditRefused:
    """`exc` said as an edit made on `base` that no longer applies to `current`."""
    return EditRefused(
        "stale",
        f"行程在第{base}版之后又改过（现在是第{current}版），这个修改在新版本上做不了：{exc.zh}",
        f"the plan changed after version {base} (now version {current}) and this edit no "
        f"longer applies: {exc.en}",
        alternative=exc.alternative,
        alternative_zh=exc.alternative_zh,
        alternative_en=exc.alternative_en,
    )


def edit_itinerary(
    engine: Engine,
    itinerary_id: int,
    edits: Sequence[Edit],
    kb: KnowledgeBase,
    *,
    base_version: int | None = None,
) -> Applied:
    """Apply `edits` (as one change) to the itinerary and store the result as a new version (blocking: database
    and solver; hosts on an event loop use the agent's path, which runs the same steps on the
    database's writer and the engine's pool).

    Args:
        base_version: the version the edit was made on (default: the current one).

    Raises:
        itineraries.NotFoundError: no such itinerary.
        EditRefused: the edit cannot be done (``stale`` when it was made on an older version
            and does not apply to the newest).
    """
    for _ in range(ATTEMPTS):
        current = itineraries.load(engine, itinerary_id)
        base = base_version or current.version
        try:
            result = apply_edits(current, edits, kb)
        except EditRefused as exc:
            raise (stale(exc, base, current.version) if base != current.version else exc) from None
        note = version_note(result, current.lang, base, current.version)
        try:
            number = itineraries.add_version(
                engine, result.itinerary, change_note=note, base_version=current.version
            )
        except itineraries.StaleVersionError:
            continue  # another change landed meanwhile: apply it again on the newest
        stored = result.itinerary.model_copy(update={"version": number})
        return Applied(stored, base, current.version, result)
    raise EditRefused(
        "stale",
        "行程正在被频繁修改，这个修改没能保存，请再试一次",
        "the plan kept changing while this edit was applied; it was not stored — try again",
    )
