"""Render resources/icons/lvtu.svg to PNGs (hicolor sizes), an .ico and an .icns with Qt.

    python packaging/render_icons.py OUT_DIR [--sizes 16 32 …]

Writes ``OUT_DIR/hicolor/<n>x<n>/apps/lvtu.png`` for each size, ``OUT_DIR/lvtu.ico`` and
``OUT_DIR/lvtu.icns`` (Qt's image plugins pick the format from the suffix; skipped when one is missing) and ``OUT_DIR/lvtu.png``
(256 px). Build time only: the app itself never loads QtSvg.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "lvtu.svg"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def render(out: Path, sizes: tuple[int, ...] = SIZES) -> list[Path]:
    """Render the icon into `out`; returns the files written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    written: list[Path] = []
    images: dict[int, QImage] = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        images[size] = image
        path = out / "hicolor" / f"{size}x{size}" / "apps" / "lvtu.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(path)):
            raise SystemExit(f"cannot write {path}")
        written.append(path)
    if 256 in images:
        images[256].save(str(out / "lvtu.png"))
        written.append(out / "lvtu.png")
        if images[256].save(str(out / "lvtu.ico")):
            written.append(out / "lvtu.ico")
    if 512 in images and images[512].save(str(out / "lvtu.icns")):
        written.append(out / "lvtu.icns")
    return written


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    args = parser.parse_args()
    for path in render(args.out, tuple(args.sizes)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
