"""Editing the plan shown in the Planner: the timeline's drags and menu, the place box, undo and
redo, the Versions tab. Every change is a job (`EnginePort.submit_edit`) followed like any
other, so it survives switching views and restarts; a refused edit is said above the timeline
and the plan stays as it was."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from desktop.edit_history import EditHistory
from desktop.plan_text import plan_text
from engine.editing import Edit, EditOrder, MoveStop, edit_to_json
from engine.events import ErrorReported

if TYPE_CHECKING:
    from desktop.views.planner import PlannerView

log = logging.getLogger(__name__)


def edit_words(
    edit: Edit | None, lang: str, restore: int | None = None, itinerary: Any = None
) -> str:
    """An edit as the chat shows what was asked, in the plan's language, with the places' names
    as `itinerary` shows them (「把棠樾牌坊群移到第1天第2站」, "move Tangyue Archways to day 1,
    stop 2")."""
    zh = lang == "zh"
    if restore is not None:
        return f"恢复第{restore}版" if zh else f"Restore version {restore}"
    if edit is None:
        return ""
    names = (
        {i.poi_id: i.name for d in itinerary.days for i in d.items if i.poi_id} if itinerary else {}
    )
    fields = edit_to_json(edit)
    what = names.get(str(fields.get("stop") or fields.get("place") or ""), "")
    what = what or str(fields.get("stop") or fields.get("place") or "")
    day, at = fields.get("day"), fields.get("position")
    where_zh = (f"第{day}天" if day else "") + (f"第{at}站" if at else "")
    where_en = ", ".join(x for x in (f"day {day}" if day else "", f"stop {at}" if at else "") if x)
    meal_zh = {"lunch": "午饭", "dinner": "晚饭"}.get(str(fields.get("meal")), "")
    said = {
        "move": (f"把{what}移到{where_zh}", f"move {what} to {where_en}"),
        "add": (
            f"加上{what}" + (f"（{where_zh}）" if where_zh else ""),
            f"add {what}" + (f" ({where_en})" if where_en else ""),
        ),
        "remove": (f"去掉{what}", f"remove {what}"),
        "lock": (
            (f"锁定{what}" if fields.get("locked", True) else f"解锁{what}"),
            (f"lock {what}" if fields.get("locked", True) else f"unlock {what}"),
        ),
        "time": (
            f"{what}改时间"
            + (f"：{fields['start']}开始" if fields.get("start") else "")
            + (f"，停留{fields['minutes']}分钟" if fields.get("minutes") else ""),
            f"set the time of {what}",
        ),
        "regen": (f"重新安排第{day}天", f"plan day {day} again"),
        "swap_meal": (
            f"第{day}天{meal_zh}换一家",
            f"eat {fields.get('meal')} elsewhere on day {day}",
        ),
        "swap_lodging": (
            f"第{day}晚换个住处"
            + (f"：{names.get(str(fields.get('lodging')), '')}" if fields.get("lodging") else ""),
            f"stay elsewhere on night {day}",
        ),
    }.get(str(fields["op"]))
    if said is None:
        return " ".join(f"{k}={v}" for k, v in fields.items())
    return said[0] if zh else said[1]


class PlanEditing(QObject):
    """Connects the itinerary panel's editing widgets to edit jobs for `planner`.

    Attributes:
        history: undo / redo over the versions shown (`desktop.edit_history`).
    """

    def __init__(self, planner: PlannerView) -> None:
        super().__init__(planner)
        self.planner = planner
        self.history = EditHistory()
        self._destinations: tuple[str, ...] = ()
        panel = planner.panel
        panel.timeline.edit_requested.connect(self.edit)
        panel.timeline.preview_requested.connect(self.preview)
        panel.edit_bar.edit_requested.connect(self.edit)
        panel.edit_bar.undo_requested.connect(self.undo)
        panel.edit_bar.redo_requested.connect(self.redo)
        panel.versions.restore_requested.connect(self.restore)
        panel.versions.chosen.connect(self._diff)

    # -- asking ----------------------------------------------------------------------------------

    def edit(self, edit: Edit) -> None:
        """Apply `edit` to the plan shown (a new version, made by a job)."""
        shown = self.planner.panel.itinerary
        if shown is None:
            return
        order = EditOrder(itinerary_id=shown.id, base_version=shown.version, edits=(edit,),
                          lang=shown.lang)  # fmt: skip
        self._submit(order, edit_words(edit, shown.lang, itinerary=shown), 0)

    def preview(self, move: MoveStop) -> None:
        """Where a dragged stop would land, as the engine would time it (not stored)."""
        shown = self.planner.panel.itinerary
        if shown is not None:
            self.planner._tasks.spawn(self._preview(shown, move), name="preview")

    async def _preview(self, shown: Any, move: MoveStop) -> None:
        from engine.editing import EditRefused

        verdict = await self.planner._port.preview_edit(shown, move)
        lang = shown.lang
        if isinstance(verdict, EditRefused):
            self.planner.panel.timeline.show_preview(move, verdict.message(lang), False)
            return
        new, old = verdict.itinerary, shown
        item = next((i for d in new.days for i in d.items
                     if i.poi_id == move.stop and i.kind.value == "attraction"), None)  # fmt: skip
        if item is None:
            return

        def times(plan: Any, day: int) -> dict[str, Any]:
            return {i.poi_id: i.start for i in plan.days[day - 1].items
                    if i.poi_id and i.kind.value in ("attraction", "meal")}  # fmt: skip

        day = move.day or 1
        before, after = times(old, day), times(new, day)
        shifted = sum(
            1 for p, t in after.items() if p != move.stop and before.get(p) not in (None, t)
        )
        text = plan_text(lang, "preview_fits", None, f"{item.start:%H:%M}–{item.end:%H:%M}")
        if shifted:
            text += plan_text(lang, "preview_shifted", shifted)
        self.planner.panel.timeline.show_preview(move, text, True)

    def restore(self, version: int, step: int = 0) -> None:
        """Make `version` of the plan shown current again (`step`: -1 undo, +1 redo, 0 a
        version chosen in the list)."""
        shown = self.planner.panel.itinerary
        if shown is None:
            return
        order = EditOrder(itinerary_id=shown.id, base_version=shown.version, restore=version,
                          lang=shown.lang)  # fmt: skip
        self._submit(order, edit_words(None, shown.lang, version), step)

    def undo(self) -> None:
        shown = self.planner.panel.itinerary
        target = self.history.undo_target(shown.id) if shown is not None else None
        if target is not None:
            self.restore(target, -1)

    def redo(self) -> None:
        shown = self.planner.panel.itinerary
        target = self.history.redo_target(shown.id) if shown is not None else None
        if target is not None:
            self.restore(target, +1)

    def _submit(self, order: EditOrder, said: str, step: int) -> None:
        self.planner.panel.edit_bar.show_refusal("")
        self.planner.chat.add_user(said)
        self.planner.panel.edit_bar.set_undo(False, False)  # (until this change is shown)
        self.planner._tasks.spawn(self._do_submit(order, said, step), name="edit")

    async def _do_submit(self, order: EditOrder, said: str, step: int) -> None:
        planner = self.planner
        try:
            conversation = planner.conversation_id or await planner._port.conversation_of(
                order.itinerary_id
            )
            job = await planner._port.submit_edit(order, said, conversation_id=conversation)
        except Exception:
            log.exception("edit failed")
            planner.chat.add_line("error", self.tr("Could not start the change; see the log."))
            self._undo_state()
            return
        if step:
            self.history.moving(job.id, order.itinerary_id, step)
        planner.job_submitted.emit(job)
        planner.attach_job(job.id, clear=False)

    # -- what comes back -------------------------------------------------------------------------

    def opened(self, itinerary: Any) -> None:
        """A saved plan was opened: undo goes back through its versions."""
        self.history.opened(itinerary.id, itinerary.version)
        self.shown(itinerary)

    def shown(self, itinerary: Any, job_id: str | None = None) -> None:
        """`itinerary` (a new version, or the first) is shown, made by `job_id`."""
        self.history.shown(itinerary.id, itinerary.version, job_id)
        self._undo_state()
        bar = self.planner.panel.edit_bar
        bar.set_days(len(itinerary.days), itinerary.lang)
        destinations = tuple(itinerary.request.destinations)
        if destinations != self._destinations:
            self._destinations = destinations
            self.planner._tasks.spawn(self._places(destinations, itinerary.lang), name="places")
        self.planner._tasks.spawn(self._versions(itinerary), name="versions")

    def failed(self, error: ErrorReported) -> None:
        """An edit refused (``edit_refused``) or a version missing: say why above the
        timeline; the plan shown is unchanged."""
        if error.code in ("edit_refused", "no_version"):
            self.planner.panel.edit_bar.show_refusal(error.message)
        self._undo_state()

    def cleared(self) -> None:
        self._destinations = ()
        self.planner.panel.edit_bar.set_places([])
        self.planner.panel.edit_bar.show_refusal("")
        self.planner.panel.edit_bar.set_undo(False, False)

    def _undo_state(self) -> None:
        shown = self.planner.panel.itinerary
        if shown is None:
            return
        self.planner.panel.edit_bar.set_undo(
            self.history.undo_target(shown.id) is not None,
            self.history.redo_target(shown.id) is not None,
        )

    async def _places(self, destinations: tuple[str, ...], lang: str) -> None:
        port = self.planner._port
        choices = await port.place_choices(destinations, lang)
        stays = {d: await port.lodging_choices(d, lang) for d in destinations}
        if destinations == self._destinations:
            self.planner.panel.edit_bar.set_places(choices)
            self.planner.panel.timeline.lodgings = stays  # (the lodging swap's list)

    async def _versions(self, itinerary: Any) -> None:
        rows = await self.planner._port.versions(itinerary.id)
        shown = self.planner.panel.itinerary
        if shown is not None and shown.id == itinerary.id:
            self.planner.panel.versions.set_versions(rows, shown.version, shown.lang)

    def _diff(self, version: int) -> None:
        shown = self.planner.panel.itinerary
        if shown is not None:
            self.planner._tasks.spawn(self._show_diff(shown.id, version, shown.lang), name="diff")

    async def _show_diff(self, itinerary_id: int, version: int, lang: str) -> None:
        title = plan_text(lang, "diff_title", version)
        if version == 1:
            lines = [plan_text(lang, "first_version")]
        else:
            lines = await self.planner._port.diff_lines(itinerary_id, version - 1, version, lang)
        self.planner.panel.versions.show_diff(version, title, lines)
