"""The main window: sidebar, the four views, status bar; every signal wired in one place.

The shell (sidebar, an empty stack, status bar) imports only Qt so it paints first; `install`
builds the views after the first paint, when the engine has been imported (Settings when it is
first shown). The shell does not touch PySide6's `Qt` namespace (its first use costs ~200 ms: see `desktop.theme`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:  # (the rest of Qt's classes are imported where used, after the first paint:
    # importing a class builds its enums, ~0.5 ms each — 12 ms for these four)
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QDialog, QMessageBox, QSystemTrayIcon

    from desktop.bootstrap import AppContext
    from desktop.engine_port import JobSnapshot
    from desktop.views.settings import SettingsView

PLANNER, LIBRARY, JOBS, SETTINGS = range(4)
PREFERRED_SIZE = QSize(1280, 800)
FRAME_ROOM = QSize(16, 48)  # a title bar and borders, before the window manager says


class MainWindow(QMainWindow):
    """Signals:
        quit_requested(bool): close the app; True keeps running jobs for the next start.
        installed(): the views are made and wired (`install`).

    Attributes:
        notifications: messages shown for finished background jobs (newest last).
    """

    quit_requested = Signal(bool)
    installed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(self.tr("Lvtu 旅途"))
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        for name in (
            self.tr("Planner"),
            self.tr("Itineraries"),
            self.tr("Jobs"),
            self.tr("Settings"),
        ):
            self.sidebar.addItem(name)
        self.sidebar.setCurrentRow(0)
        self.stack = QStackedWidget()
        self.loading = QLabel(self.tr("Loading…"))
        self.loading.setStyleSheet("qproperty-alignment: AlignCenter;")  # (no `Qt` enum yet)
        self.stack.addWidget(self.loading)
        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.sidebar)
        self.content = QVBoxLayout()  # the start-up notice goes above the views
        self.content.setContentsMargins(0, 0, 0, 0)
        self.content.setSpacing(0)
        self.content.addWidget(self.stack, 1)
        layout.addLayout(self.content, 1)
        self.setCentralWidget(central)
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.new_trip_action = file_menu.addAction(self.tr("&New trip"))
        self.new_trip_action.setShortcuts(QKeySequence.StandardKey.New)  # (no `Qt` enum)
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction(self.tr("&Quit"))
        self.quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.about_action = help_menu.addAction(self.tr("&About Lvtu"))
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_dialog: QDialog | None = None
        self.running_label = QLabel()
        self.running_label.setObjectName("runningIndicator")
        self.running_label.hide()
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.hide()
        self.statusBar().addPermanentWidget(self.undo_button)
        self.statusBar().addPermanentWidget(self.running_label)
        self.ctx: AppContext | None = None
        self.notifications: list[str] = []
        self.quit_box: QMessageBox | None = None
        self.tray: QSystemTrayIcon | None = None
        self._undo_id: int | None = None
        self._undo_timer = QTimer(self, singleShot=True, interval=10_000)
        self._closing = False
        self.fit_to_screen()

    def fit_to_screen(self) -> None:
        """Open at `PREFERRED_SIZE`, or smaller to fit the screen's available area with room
        for the window frame, centred on it (a 1024×640 laptop; 960×540 logical pixels for a
        1080p screen at a scale factor of 2)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(PREFERRED_SIZE)
            return
        area = screen.availableGeometry()
        size = PREFERRED_SIZE.boundedTo(area.size() - FRAME_ROOM)
        self.resize(size.expandedTo(self.minimumSizeHint()))
        self.move(area.center() - self.rect().center())

    # -- building ----------------------------------------------------------------------------------

    def install(self, ctx: AppContext) -> None:
        """Create the views on the engine context and wire them; offer to resume the jobs
        interrupted when the app last closed."""
        from desktop.views.jobs import JobsView
        from desktop.views.library import LibraryView
        from desktop.views.planner import PlannerView
        from desktop.widgets.interrupted import InterruptedNotice

        self.ctx = ctx
        self.planner = PlannerView(ctx.port, ctx.tasks)
        self.library = LibraryView(ctx.port, ctx.tasks)
        self.jobs = JobsView(ctx.port, ctx.tasks, ctx.tracker)
        self.notice = InterruptedNotice()
        self.content.insertWidget(0, self.notice)
        self.stack.removeWidget(self.loading)
        self.loading.deleteLater()
        # Settings is made when first shown (`settings`): reading the API key from the OS
        # keyring (its backends found on first use) and the provider presets were ~60 ms of
        # the ~100 ms this method held the GUI thread, just after the first paint
        self._settings: SettingsView | None = None
        self._settings_place = QWidget()
        for view in (self.planner, self.library, self.jobs, self._settings_place):
            self.stack.addWidget(view)
        self.show_view(self.sidebar.currentRow())  # (a row clicked before: its view now)
        from PySide6.QtWidgets import QSystemTrayIcon

        if QSystemTrayIcon.isSystemTrayAvailable():
            self.tray = QSystemTrayIcon(self.windowIcon(), self)
            self.tray.show()
        self._connect_signals()
        self._shortcuts()
        for job in ctx.tracker.jobs.values():
            self.jobs.show_job(job)
        self._running_changed(len(ctx.tracker.running()))
        newest_first = sorted(ctx.tracker.jobs.values(), key=_submitted, reverse=True)
        self.notice.offer(newest_first, ctx.prefs.get("dismissed_jobs").split())
        self.installed.emit()

    def _connect_signals(self) -> None:
        assert self.ctx is not None
        tracker = self.ctx.tracker
        self.sidebar.currentRowChanged.connect(self.show_view)
        self.planner.job_submitted.connect(tracker.track)
        self.planner.status_message.connect(self.show_message)
        self.planner.resume_requested.connect(lambda job_id: self.resume_jobs([job_id]))
        self.notice.resume_requested.connect(lambda ids: self.resume_jobs(ids, show=True))
        self.notice.dismissed.connect(self._dismiss_notice)
        self.planner.showing_interrupted.connect(self.notice.drop)
        tracker.job_changed.connect(self.notice.job_changed)
        self.library.open_requested.connect(self.open_itinerary)
        self.library.deleted.connect(self._offer_undo)
        self.library.status_message.connect(self.show_message)
        self.jobs.open_job.connect(self.open_job)
        self.jobs.resumed.connect(self.planner.job_resumed)
        self.jobs.status_message.connect(self.show_message)
        tracker.job_changed.connect(self.jobs.show_job)
        tracker.job_progress.connect(self.jobs.show_progress)
        tracker.job_finished.connect(self._job_finished)
        tracker.running_changed.connect(self._running_changed)
        self.undo_button.clicked.connect(self._undo)
        self.about_action.triggered.connect(self.show_about)
        self.new_trip_action.triggered.connect(self.new_plan)
        self.quit_action.triggered.connect(self.request_quit)
        self._undo_timer.timeout.connect(self._hide_undo)

    def _shortcuts(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QShortcut

        for index in range(4):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda i=index: self.show_view(i))
        # Esc stops the running plan from inside the planner only (elsewhere it is the focused
        # widget's: the library's search box clears itself)
        stop = QShortcut(QKeySequence("Escape"), self.planner)
        stop.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        stop.activated.connect(self.planner.stop)

    @property
    def settings(self) -> SettingsView:
        """The Settings view, made (and put in its place in the stack) on first use."""
        if self._settings is None:
            assert self.ctx is not None
            from desktop.views.settings import SettingsView

            view = SettingsView(self.ctx.prefs)
            view.status_message.connect(self.show_message)
            view.theme_changed.connect(self._theme_changed)
            view.language_changed.connect(self._language_changed)
            self.stack.insertWidget(SETTINGS, view)
            self.stack.removeWidget(self._settings_place)
            self._settings_place.deleteLater()
            self._settings = view
        return self._settings

    # -- navigation ----------------------------------------------------------------------------------

    def show_view(self, index: int) -> None:
        if self.ctx is None:
            return
        self.sidebar.setCurrentRow(index)
        if index == SETTINGS:
            _ = self.settings  # (made now, when first shown)
        self.stack.setCurrentIndex(index)
        if index == LIBRARY:
            self.library.refresh()

    def new_plan(self) -> None:
        self.show_view(PLANNER)
        self.planner.new_plan()

    def open_itinerary(self, itinerary_id: int) -> None:
        self.show_view(PLANNER)
        self.planner.open_itinerary(itinerary_id)

    def resume_jobs(self, job_ids: list[str], *, show: bool = False) -> None:
        """Resume interrupted jobs; with `show`, an idle planner follows the first resumed."""
        assert self.ctx is not None

        async def resume() -> None:
            resumed = [job_id for job_id in job_ids if await self.jobs.resume(job_id)]
            if show and resumed and self.planner.job_id is None:
                self.open_job(resumed[0])
            if resumed:
                self.show_message(self.tr("Resumed %n plan(s).", "", len(resumed)))

        self.ctx.tasks.spawn(resume(), name="resume")

    def _dismiss_notice(self) -> None:
        """Remember the dismissed jobs (still interrupted ones only), not to offer them again."""
        assert self.ctx is not None
        interrupted = {j.id for j in self.ctx.tracker.jobs.values() if j.state == "interrupted"}
        old = set(self.ctx.prefs.get("dismissed_jobs").split())
        offered = {j.id for j in self.notice.jobs}
        self.ctx.prefs.set("dismissed_jobs", " ".join(sorted((old | offered) & interrupted)))

    def open_job(self, job_id: str) -> None:
        self.show_view(PLANNER)
        job = self.ctx.tracker.jobs.get(job_id) if self.ctx is not None else None
        self.planner.attach_job(job_id, title=job.title if job is not None else "")

    def show_about(self) -> None:
        """Help → About (non-modal `open()`; one dialog at a time)."""
        from desktop.about import AboutDialog

        if self.about_dialog is None:
            self.about_dialog = AboutDialog(self)
        self.about_dialog.open()

    def bring_to_front(self) -> None:
        self.showNormal()
        self.raise_()
        self.activateWindow()

    # -- status --------------------------------------------------------------------------------------

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _running_changed(self, count: int) -> None:
        self.running_label.setText(self.tr("● %n job(s) running", "", count))
        self.running_label.setVisible(count > 0)

    def _job_finished(self, job: JobSnapshot) -> None:
        if self.stack.currentIndex() == LIBRARY:
            self.library.refresh()
        names = {"succeeded": self.tr("Plan ready"), "failed": self.tr("Plan failed"),
                 "cancelled": self.tr("Plan cancelled")}  # fmt: skip
        if job.state == "succeeded" and not job.checkpoint:  # an answer only (a refused change)
            names["succeeded"] = self.tr("No change to the plan")  # stored no itinerary
        text = f"{names.get(job.state, job.state)}: {job.title}"
        background = (
            job.id != self.planner.job_id
            or self.stack.currentIndex() != PLANNER
            or not self.isActiveWindow()
        )
        if not background:
            self.show_message(text)
            return
        self.notifications.append(text)
        if self.tray is not None and self.tray.supportsMessages():
            self.tray.showMessage(self.tr("Lvtu 旅途"), text)
        self.show_message(text)

    def _offer_undo(self, itinerary_id: int, title: str) -> None:
        self._undo_id = itinerary_id
        self.statusBar().showMessage(self.tr("Deleted “%1”").replace("%1", title), 10_000)
        self.undo_button.show()
        self._undo_timer.start()

    def _undo(self) -> None:
        if self._undo_id is not None:
            self.library.undo_delete(self._undo_id)
        self._hide_undo()

    def _hide_undo(self) -> None:
        self._undo_id = None
        self.undo_button.hide()

    def _theme_changed(self, mode: str) -> None:
        from desktop.theme import apply_theme

        if self.ctx is not None:
            apply_theme(self.ctx.app, mode)

    def _language_changed(self, choice: str) -> None:
        """Switch the interface's language now (`desktop.i18n.switch_language`)."""
        from desktop.i18n import switch_language

        if self.ctx is not None:
            switch_language(self.ctx.app, choice)
            self.show_message(self.tr("Language changed"))

    # -- quitting ------------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closing:
            event.accept()
            return
        event.ignore()
        self.request_quit()

    def request_quit(self) -> None:
        """Quit; with running jobs, ask first (non-modal `open()`, answered via `finished`)."""
        running = self.ctx.tracker.running() if self.ctx is not None else []
        if not running:
            self.quit_requested.emit(False)
            return
        if self.quit_box is not None:
            return
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Jobs are still running"))
        box.setText(self.tr("%n plan(s) are still being made.", "", len(running)))
        box.setInformativeText(self.tr("Keep them to finish at the next start, or cancel them?"))
        self.quit_keep = box.addButton(
            self.tr("Keep for next start"), QMessageBox.ButtonRole.AcceptRole
        )
        self.quit_cancel = box.addButton(
            self.tr("Cancel jobs and quit"), QMessageBox.ButtonRole.DestructiveRole
        )
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(lambda _result: self._quit_answer(box))
        self.quit_box = box
        box.open()

    def _quit_answer(self, box: QMessageBox) -> None:
        clicked = box.clickedButton()
        self.quit_box = None
        box.deleteLater()
        if clicked is self.quit_keep:
            self.quit_requested.emit(True)
        elif clicked is self.quit_cancel:
            self.quit_requested.emit(False)

    def finish_closing(self) -> None:
        """Close for real (after the engine shut down)."""
        self._closing = True
        self.close()


def _submitted(job: JobSnapshot) -> float:
    """Sort key: when `job` was submitted (unknown first)."""
    return job.created_at.timestamp() if job.created_at is not None else 0.0
