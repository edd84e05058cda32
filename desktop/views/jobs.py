"""The jobs view: running and finished jobs with progress; cancel, resume, open."""

from __future__ import annotations

import datetime as dt
import logging

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.bridge import JobProgress, JobTracker
from desktop.engine_port import EnginePort, JobSnapshot
from desktop.rich_text import tooltip
from desktop.tasks import TaskSet
from desktop.widgets.empty import EmptyState

log = logging.getLogger(__name__)
REQUEST, SUBMITTED, STATE, PROGRESS, LATEST = range(5)

STATE_LABELS = {
    "queued": QT_TRANSLATE_NOOP("JobsView", "Queued"),
    "running": QT_TRANSLATE_NOOP("JobsView", "Running"),
    "succeeded": QT_TRANSLATE_NOOP("JobsView", "Done"),
    "failed": QT_TRANSLATE_NOOP("JobsView", "Failed"),
    "cancelled": QT_TRANSLATE_NOOP("JobsView", "Cancelled"),
    "interrupted": QT_TRANSLATE_NOOP("JobsView", "Interrupted"),
}


class JobsView(QWidget):
    """Signals:
    open_job(str): show this job in the planner.
    resumed(str): this interrupted job was resumed here.
    status_message(str): a short message for the status bar.
    """

    open_job = Signal(str)
    resumed = Signal(str)
    status_message = Signal(str)

    def __init__(
        self, port: EnginePort, tasks: TaskSet, tracker: JobTracker, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._port = port
        self._tasks = tasks
        self._tracker = tracker
        self.table = QTableWidget(0, 5, self)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Request"),
                self.tr("Submitted"),
                self.tr("State"),
                self.tr("Progress"),
                self.tr("Latest"),
            ]
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(REQUEST, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(LATEST, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.open_button = QPushButton(self.tr("Open"), self)
        self.cancel_button = QPushButton(self.tr("Cancel job"), self)
        self.resume_button = QPushButton(self.tr("Resume"), self)
        self.resume_button.setObjectName("primary")
        self.resume_button.setToolTip(self.tr("Continue from its last checkpoint"))
        buttons = QHBoxLayout()
        for button in (self.open_button, self.cancel_button, self.resume_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.shown = EmptyState(self.table, self)
        self.shown.set_empty(True, self.tr("No jobs yet. Plans you ask for are made here."))
        layout = QVBoxLayout(self)
        layout.addWidget(self.shown, 1)
        layout.addLayout(buttons)
        self.rows: list[str] = []
        self.open_button.clicked.connect(self._open)
        self.cancel_button.clicked.connect(self._cancel)
        self.resume_button.clicked.connect(self._resume)
        self.table.itemDoubleClicked.connect(lambda _i: self._open())
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self._update_buttons()

    def show_job(self, job: JobSnapshot) -> None:
        if job.id not in self.rows:
            self.rows.insert(0, job.id)
            self.table.insertRow(0)
            progress = QProgressBar()
            progress.setRange(0, 100)
            self.table.setCellWidget(0, PROGRESS, progress)
            self.table.setItem(0, LATEST, QTableWidgetItem(""))
            self.shown.set_empty(False)
        row = self.rows.index(job.id)
        title = QTableWidgetItem(job.title or job.id)
        title.setToolTip(tooltip(job.title))
        self.table.setItem(row, REQUEST, title)
        self.table.setItem(row, SUBMITTED, QTableWidgetItem(_local_time(job)))
        self.table.setItem(
            row, STATE, QTableWidgetItem(self.tr(str(STATE_LABELS.get(job.state, job.state))))
        )
        bar = self.table.cellWidget(row, PROGRESS)
        if isinstance(bar, QProgressBar) and job.state == "succeeded":
            bar.setValue(100)
        note = self._note(job)
        if note:
            self.table.setItem(row, LATEST, QTableWidgetItem(note))
        self._update_buttons()

    def _note(self, job: JobSnapshot) -> str:
        """The Latest column for a job not followed live (found at start, or just changed)."""
        if job.state == "interrupted":
            return (
                self.tr("Stopped at quit; the itinerary is kept, the guide will be rewritten")
                if job.checkpoint == "itinerary"
                else self.tr("Stopped at quit; resume to finish it")
            )
        if job.state == "failed" and job.error:
            return job.error.split(": ", 1)[-1]
        return ""

    def show_progress(self, progress: JobProgress) -> None:
        if progress.job_id not in self.rows:
            return
        row = self.rows.index(progress.job_id)
        bar = self.table.cellWidget(row, PROGRESS)
        if isinstance(bar, QProgressBar):
            bar.setValue(progress.percent)
        self.table.setItem(row, LATEST, QTableWidgetItem(progress.text))

    def selected(self) -> JobSnapshot | None:
        row = self.table.currentRow()
        return self._tracker.jobs.get(self.rows[row]) if 0 <= row < len(self.rows) else None

    def _update_buttons(self) -> None:
        job = self.selected()
        self.open_button.setEnabled(job is not None)
        self.cancel_button.setEnabled(job is not None and (job.live or job.state == "interrupted"))
        self.resume_button.setEnabled(job is not None and job.state == "interrupted")

    def _open(self) -> None:
        if (job := self.selected()) is not None:
            self.open_job.emit(job.id)

    def _cancel(self) -> None:
        if (job := self.selected()) is not None:
            self._tasks.spawn(self._do_cancel(job.id), name="cancel")

    def _resume(self) -> None:
        if (job := self.selected()) is not None:
            self.resume_button.setEnabled(False)
            self._tasks.spawn(self.resume(job.id), name="resume")

    async def _do_cancel(self, job_id: str) -> None:
        try:
            snapshot = await self._port.cancel(job_id)
        except Exception:
            log.exception("cancelling job %s failed", job_id)
            self.status_message.emit(self.tr("Could not cancel the job; see the log."))
            return
        if not snapshot.live:  # a live job reports its end through the tracker's stream
            self._tracker.track(snapshot)

    async def resume(self, job_id: str) -> bool:
        """Resume interrupted job `job_id` (from here, the start-up notice or the planner);
        returns whether it was resumed (if not, the status bar says so)."""
        try:
            snapshot = await self._port.resume(job_id)
        except Exception as exc:
            log.warning("resuming job %s failed: %s", job_id, exc)
            self.status_message.emit(self.tr("This job cannot be resumed any more."))
            latest = await self._port.job(job_id)
            if latest is not None:
                self._tracker.track(latest)
            self._update_buttons()
            return False
        self._tracker.track(snapshot)
        self.resumed.emit(job_id)
        return True


def _local_time(job: JobSnapshot) -> str:
    """When `job` was submitted, in local time (``MM-dd HH:mm``)."""
    if job.created_at is None:
        return ""
    stamp = job.created_at
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return f"{stamp.astimezone():%m-%d %H:%M}"
