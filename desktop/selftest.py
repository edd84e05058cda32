"""`lvtu --selftest`: plan 「上海出发去黄山玩两天」 offline into a temporary LVTU_HOME through the
desktop's own port and bridge, render the itinerary panel and a PDF offscreen; exit 0 when all
of it worked (no window is shown)."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile

TEXT = "上海出发去黄山玩两天"


def selftest() -> int:
    with tempfile.TemporaryDirectory(prefix="lvtu-selftest-") as home:
        os.environ["LVTU_HOME"] = home
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication

        from desktop.bootstrap import run_qasync

        app = QApplication.instance() or QApplication(["lvtu-selftest"])
        assert isinstance(app, QApplication)
        try:
            ok = run_qasync(app, _check())
        finally:
            from engine import close_databases as close_all

            close_all()
    print("selftest: ok" if ok else "selftest: FAILED", file=sys.stderr)
    return 0 if ok else 1


async def _check() -> bool:
    from desktop.bridge import JobStream
    from desktop.engine_port import EnginePort
    from desktop.export_pdf import pdf_bytes
    from desktop.tasks import TaskSet
    from desktop.views.itinerary_panel import ItineraryPanel
    from desktop.waiting import wait_signal, wait_until

    tasks = TaskSet()
    port = EnginePort.create()
    try:
        await port.start()
        job = await port.submit_plan(TEXT)
        stream = JobStream(port, tasks, job.id)
        finished = asyncio.ensure_future(wait_signal(stream.finished, limit=120))
        stream.start()
        (done,) = await finished
        if done.status != "succeeded":
            print(f"selftest: plan ended {done.status}", file=sys.stderr)
            return False
        snapshot = await port.job(job.id)
        assert snapshot is not None and snapshot.itinerary_id is not None
        itinerary = await port.load_itinerary(snapshot.itinerary_id)
        panel = ItineraryPanel()
        panel.resize(1000, 700)
        panel.show_itinerary(itinerary)
        await wait_until(lambda: not panel.rendering)  # days are laid out one per loop turn
        image = panel.grab().toImage()
        pdf = pdf_bytes(itinerary)
        print(
            f"selftest: {itinerary.title}: {len(itinerary.days)} days, "
            f"{sum(len(d.items) for d in itinerary.days)} steps, guide {len(itinerary.guide)} "
            f"chars, feasible={itinerary.feasibility.passed if itinerary.feasibility else None}, "
            f"panel {image.width()}x{image.height()}, PDF {len(pdf)} bytes",
            file=sys.stderr,
        )
        return bool(itinerary.guide) and pdf.startswith(b"%PDF") and panel.timeline.row_count > 0
    finally:
        await port.aclose(keep=False)
        await tasks.aclose()
