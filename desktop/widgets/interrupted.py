"""The start-up notice of plans interrupted when the app last closed (a crash, a kill, or
"Keep for next start"): Resume (all) / Dismiss, non-modal, above the views."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from desktop.engine_port import JobSnapshot
from desktop.widgets.notice import NoticeBar


class InterruptedNotice(NoticeBar):
    """Offers to resume the interrupted jobs it was given; drops a job once it is no longer
    interrupted (resumed or cancelled elsewhere) and hides when none is left.

    Signals:
        resume_requested(list): the ids of the jobs to resume (newest first).

    Attributes:
        jobs: the interrupted jobs offered (newest first).
    """

    resume_requested = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Resume"), self.tr("Dismiss"), parent)
        self.jobs: list[JobSnapshot] = []
        self.accepted.connect(self._accept)

    def offer(self, jobs: Iterable[JobSnapshot], dismissed: Iterable[str] = ()) -> None:
        """Show the interrupted ones of `jobs`, except those whose notice was `dismissed`."""
        skip = set(dismissed)
        self.jobs = [j for j in jobs if j.state == "interrupted" and j.id not in skip]
        self._update()

    def job_changed(self, job: JobSnapshot) -> None:
        if job.state != "interrupted":
            self.drop(job.id)

    def drop(self, job_id: str) -> None:
        """Stop offering `job_id` (it was resumed, or the planner offers it now)."""
        if any(j.id == job_id for j in self.jobs):
            self.jobs = [j for j in self.jobs if j.id != job_id]
            self._update()

    def _update(self) -> None:
        if not self.jobs:
            self.hide()
        elif len(self.jobs) == 1:
            title = self.jobs[0].title or self.jobs[0].id
            self.show_notice(
                self.tr("A plan was interrupted when Lvtu last closed: “%1”.").replace("%1", title),
                self.tr("Resume"),
            )
        else:
            self.show_notice(
                self.tr("%n plan(s) were interrupted when Lvtu last closed.", "", len(self.jobs)),
                self.tr("Resume all"),
            )

    def _accept(self) -> None:
        ids = [j.id for j in self.jobs]
        self.jobs = []
        self.hide()
        self.resume_requested.emit(ids)
