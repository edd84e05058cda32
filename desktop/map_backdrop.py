"""The map's basemap painted off the GUI thread, for the view as it is (`Backdrop`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView

from desktop.basemap import BasemapPaths
from desktop.map_furniture import draw_basemap


@dataclass(frozen=True)
class Backdrop:
    """The basemap painted for one view — its transform, viewport size, pixel ratio and
    theme — on a QImage, off the GUI thread (QPainter on a QImage is safe on any thread; Qt's
    "Threads and QObjects"). The map's first paint drew the basemap's paths on the GUI thread
    (~3 ms of its 11-14 ms); with this it blits them when the view is still as it was."""

    transform: QTransform
    size: QSize
    ratio: float
    dark: bool
    image: QImage | None = None

    @classmethod
    def for_view(cls, view: QGraphicsView) -> Backdrop:
        dark = view.palette().base().color().lightness() < 128
        viewport = view.viewport()
        return cls(view.viewportTransform(), viewport.size(), viewport.devicePixelRatioF(), dark)

    def painted(self, paths: BasemapPaths) -> Backdrop:
        """This view's basemap, painted now (as `QGraphicsView` paints its cached
        background: the view's transform, no render hints, `draw_basemap`)."""
        pixels = self.size * self.ratio
        image = QImage(pixels.width(), pixels.height(), QImage.Format.Format_RGB32)
        image.setDevicePixelRatio(self.ratio)
        image.fill(0)
        painter = QPainter(image)
        painter.setTransform(self.transform)
        area = self.transform.inverted()[0].mapRect(QRectF(QPointF(), QSizeF(self.size)))
        draw_basemap(painter, area, paths, self.dark)
        painter.end()
        return replace(self, image=image)

    def fits_view(self, view: QGraphicsView) -> bool:
        """Whether this was painted (or asked) for `view` as it is now."""
        now = Backdrop.for_view(view)
        return (now.transform, now.size, now.ratio, now.dark) == (
            self.transform,
            self.size,
            self.ratio,
            self.dark,
        )

    def fits(self, view: QGraphicsView, painter: QPainter) -> bool:
        """Whether this is painted, for `view` as it is now, and `painter` paints it so."""
        return (
            self.image is not None
            and self.fits_view(view)
            and painter.transform() == self.transform
            and painter.device().devicePixelRatioF() == self.ratio
        )

    def draw(self, painter: QPainter) -> None:
        assert self.image is not None
        painter.save()
        painter.resetTransform()
        painter.drawImage(QPointF(0, 0), self.image)
        painter.restore()
