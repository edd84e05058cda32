"""The Linux package files: desktop entry, maintainer scripts, icon, Depends discovery."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.packaging.conftest import PACKAGING, ROOT, load_script

DESKTOP = PACKAGING / "linux" / "lvtu.desktop"


def test_the_desktop_entry_validates() -> None:
    validate = shutil.which("desktop-file-validate")
    if validate is None:
        pytest.skip("desktop-file-validate absent (apt-get install desktop-file-utils)")
    result = subprocess.run([validate, str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout


def test_the_desktop_entry_starts_lvtu_with_its_icon() -> None:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    assert {"Exec=lvtu", "Icon=lvtu", "Terminal=false", "Name[zh_CN]=旅途"} <= set(lines)


@pytest.mark.parametrize("script", ["postinst", "postrm"])
def test_maintainer_scripts_refresh_menu_and_icons(script: str) -> None:
    path = PACKAGING / "linux" / script
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#!/bin/sh\n") and "set -e" in text
    assert "update-desktop-database" in text and "gtk-update-icon-cache" in text
    assert path.stat().st_mode & 0o111
    if shutil.which("dash"):
        assert subprocess.run(["dash", "-n", str(path)]).returncode == 0


def test_build_scripts_are_executable_and_parse() -> None:
    for name in ("build-linux", "check-chroot", "macos/build-macos"):
        path = PACKAGING / name
        assert path.stat().st_mode & 0o111, name
        assert subprocess.run(["bash", "-n", str(path)]).returncode == 0, name


def test_the_deb_depends_on_a_cjk_font_and_ca_certificates() -> None:
    text = (PACKAGING / "build-linux").read_text(encoding="utf-8")
    assert "Depends: $DEPENDS, fonts-wqy-microhei, ca-certificates" in text


def test_icons_render_from_the_svg(tmp_path: Path, qapp: Any) -> None:
    pytest.importorskip("PySide6.QtSvg")
    render_icons = load_script("render_icons.py", "lvtu_render_icons")
    written = render_icons.render(tmp_path, (16, 256))
    assert tmp_path / "hicolor" / "16x16" / "apps" / "lvtu.png" in written
    from PySide6.QtGui import QImage

    image = QImage(str(tmp_path / "hicolor" / "256x256" / "apps" / "lvtu.png"))
    assert (image.width(), image.height()) == (256, 256)
    assert image.pixelColor(0, 0).alpha() == 0  # rounded tile: transparent corner
    assert image.pixelColor(128, 128).alpha() == 255
    assert (ROOT / "resources" / "icons" / "lvtu.png").is_file()  # the window icon


def test_deb_depends_maps_libraries_to_packages(tmp_path: Path) -> None:
    if not (shutil.which("dpkg") and shutil.which("ldd") and shutil.which("readelf")):
        pytest.skip("needs a Debian system (dpkg, ldd, readelf)")
    deb_depends = load_script("linux/deb_depends.py", "lvtu_deb_depends")
    true = Path(shutil.which("true") or "/bin/true")
    shutil.copy(true, tmp_path / "true")
    packages, problems = deb_depends.depends(tmp_path)
    assert problems == []
    assert "libc6" in packages
