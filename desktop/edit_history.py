"""Undo and redo through an itinerary's stored versions (no Qt).

Every change of a plan is a stored version; undo makes the version before the shown one current
again (a restore: itself a new version, `engine.editing.EditOrder.restore`), redo the one after.
The history is the versions in the order they were shown; a plan opened from the library starts
with its versions 1 … current, so undo works after a restart (redo only within a session: a
restore does not say which version it undid).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class _Line:
    versions: list[int] = field(default_factory=list)
    index: int = -1  # the shown state's place in `versions`


class EditHistory:
    """Per itinerary: the versions shown, in order, and which one is shown now."""

    def __init__(self) -> None:
        self._lines: dict[int, _Line] = {}
        self._moving: dict[str, tuple[int, int]] = {}  # job id → (itinerary, step ±1)

    def opened(self, itinerary_id: int, current: int) -> None:
        """A saved plan opened at version `current`: its versions 1 … current, in order."""
        line = self._lines.get(itinerary_id)
        if line is None or current not in line.versions:
            self._lines[itinerary_id] = _Line(list(range(1, current + 1)), current - 1)

    def shown(self, itinerary_id: int, version: int, job_id: str | None) -> None:
        """Version `version` is shown, made by job `job_id`: an undo or redo that job asked for
        moves along the history; any other new version (an edit, a follow-up) is the next state
        and drops what could be redone."""
        line = self._lines.setdefault(itinerary_id, _Line())
        step = self._moving.pop(job_id, None) if job_id else None
        if step is not None and step[0] == itinerary_id:
            line.index += step[1]
            line.versions[line.index] = version  # (the same content, stored again)
            return
        if version in line.versions:
            return  # the same version again (its guide written, a reload)
        del line.versions[line.index + 1 :]
        line.versions.append(version)
        line.index = len(line.versions) - 1

    def undo_target(self, itinerary_id: int) -> int | None:
        """The version undo restores, or None (nothing before the shown one)."""
        line = self._lines.get(itinerary_id)
        return line.versions[line.index - 1] if line and line.index > 0 else None

    def redo_target(self, itinerary_id: int) -> int | None:
        """The version redo restores, or None (nothing was undone since the last change)."""
        line = self._lines.get(itinerary_id)
        if line is None or line.index + 1 >= len(line.versions):
            return None
        return line.versions[line.index + 1]

    def moving(self, job_id: str, itinerary_id: int, step: int) -> None:
        """Job `job_id` restores the version `step` (-1 undo, +1 redo) from the shown one."""
        self._moving[job_id] = (itinerary_id, step)
