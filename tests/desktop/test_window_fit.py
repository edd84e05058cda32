"""Small screens and HiDPI: the window opens inside the screen's available area, and at
1024×640 (a small laptop) or 960×540 (a 1080p screen at QT_SCALE_FACTOR=2) the request box,
Send and a readable timeline stay in view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from desktop.waiting import wait_until
from tests.desktop.test_app_flow import guide_shown, submit
from tests.helpers.held_guides import GuideHold

TIMELINE_MIN_PX = 330  # time, icon, a place name of several words and a cost side by side


def _inside(widget: QWidget, window: QWidget) -> bool:
    """`widget` is shown and wholly inside `window`'s client area."""
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return widget.isVisible() and window.rect().contains(QRect(top_left, widget.size()))


def test_the_window_fits_the_screen_and_stays_usable_when_small(
    run_app: Any, guides: GuideHold, theme_restored: Any
) -> None:
    from desktop.theme import apply_theme

    apply_theme(theme_restored, "light")  # the app's style sheet: its paddings count

    async def scenario(window: Any, ctx: Any) -> None:
        available = window.screen().availableGeometry()
        assert available.contains(window.frameGeometry())
        hint = window.minimumSizeHint()
        assert hint.width() <= 960 and hint.height() <= 540
        planner = window.planner
        await submit(window)
        await guide_shown(ctx, planner)
        for width, height in ((1024, 640), (960, 540)):
            window.resize(width, height)
            await wait_until(lambda w=width: window.width() == w and not planner.panel.rendering)
            for widget in (planner.chat.request, planner.chat.send, planner.panel.tabs):
                assert _inside(widget, window), (width, widget)
            await wait_until(lambda: planner.panel.timeline.width() >= TIMELINE_MIN_PX)
            assert planner.panel.map.height() >= 150 and planner.panel.map.width() >= 150

    run_app(scenario)
