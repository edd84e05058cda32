"""The jobs view: running and finished jobs with progress; cancel, resume, open."""

from __future__ import annotations

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
from desktop.tasks import TaskSet

STATE_LABELS = {
    "queued": QT_TRANSLATE_NOOP("JobsView", "Queued"),
    "running": QT_TRANSLATE_NOOP("JobsView", "Running"),
    "succeeded": QT_TRANSLATE_NOOP("JobsView", "Done"),
    "failed": QT_TRANSLATE_NOOP("JobsView", "Failed"),
    "cancelled": QT_TRANSLATE_NOOP("JobsView", "Cancelled"),
    "interrupted": QT_TRANSLATE_NOOP("JobsView", "Interrupted"),
}


class JobsView(QWidget):
    """Signals: open_job(str) — show this job in the planner."""

    open_job = Signal(str)

    def __init__(
        self, port: EnginePort, tasks: TaskSet, tracker: JobTracker, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._port = port
        self._tasks = tasks
        self._tracker = tracker
        self.table = QTableWidget(0, 4, self)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Request"), self.tr("State"), self.tr("Progress"), self.tr("Latest")]
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.open_button = QPushButton(self.tr("Open"), self)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.resume_button = QPushButton(self.tr("Resume"), self)
        buttons = QHBoxLayout()
        for button in (self.open_button, self.cancel_button, self.resume_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
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
            self.table.setCellWidget(0, 2, progress)
            self.table.setItem(0, 3, QTableWidgetItem(""))
        row = self.rows.index(job.id)
        self.table.setItem(row, 0, QTableWidgetItem(job.title or job.id))
        self.table.setItem(
            row, 1, QTableWidgetItem(self.tr(str(STATE_LABELS.get(job.state, job.state))))
        )
        if not job.live:
            bar = self.table.cellWidget(row, 2)
            if isinstance(bar, QProgressBar) and job.state == "succeeded":
                bar.setValue(100)
        self._update_buttons()

    def show_progress(self, progress: JobProgress) -> None:
        if progress.job_id not in self.rows:
            return
        row = self.rows.index(progress.job_id)
        bar = self.table.cellWidget(row, 2)
        if isinstance(bar, QProgressBar):
            bar.setValue(progress.percent)
        self.table.setItem(row, 3, QTableWidgetItem(progress.text))

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
            self._tasks.spawn(self._port.cancel(job.id), name="cancel")

    def _resume(self) -> None:
        if (job := self.selected()) is not None:
            self._tasks.spawn(self._do_resume(job.id), name="resume")

    async def _do_resume(self, job_id: str) -> None:
        await self._port.resume(job_id)
        snapshot = await self._port.job(job_id)
        if snapshot is not None:
            self._tracker.track(snapshot)
