"""Licences for the About dialog: written at build time, read back in the bundle."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest

import engine
from desktop import licenses


def test_runtime_distributions_are_the_app_dependencies_without_dev_tools() -> None:
    names = {licenses._key(d.metadata["Name"]) for d in licenses.runtime_distributions()}
    if "lvtu" not in names:
        pytest.skip("lvtu is not installed (no metadata to walk)")
    assert {"pyvrp", "numpy", "sqlalchemy", "httpx", "pyside6-essentials"} <= names
    assert not names & {"pytest", "hypothesis", "mypy", "xllamacpp", "pyinstaller"}


def test_write_then_read_back_as_a_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dest = tmp_path / "resources" / "licenses"
    written = licenses.write_licenses(dest, ["httpx", "no-such-dist"])
    assert [c.name for c in written] == ["Python", "httpx"]
    httpx = written[1]
    assert httpx.license == "BSD-3-Clause"
    assert httpx.files and all((dest / f).is_file() for f in httpx.files)
    rows = json.loads((dest / "components.json").read_text(encoding="utf-8"))
    assert [r["name"] for r in rows] == ["Python", "httpx"]
    monkeypatch.setenv("LVTU_RESOURCES", str(tmp_path / "resources"))
    assert licenses.bundled_components() == written


def test_qt_components_get_the_lgpl_text(tmp_path: Path) -> None:
    if not Path("/usr/share/common-licenses/LGPL-3").is_file():
        pytest.skip("no /usr/share/common-licenses (not Debian)")
    (pyside,) = [c for c in licenses.write_licenses(tmp_path, ["PySide6-Essentials"])[1:]]
    assert "LGPL-3.0" in pyside.license
    assert "PySide6_Essentials/LGPL-3" in pyside.files


def test_a_checkout_lists_installed_metadata(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LVTU_RESOURCES", str(tmp_path))  # no licenses/components.json there
    names = [c.name for c in licenses.bundled_components()]
    assert names[0] == "Python"


def test_data_packs_are_read_from_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = [
        types.SimpleNamespace(name="chinatravel", licence="CC BY-NC-SA 4.0",
                              attribution="ChinaTravel authors"),
        types.SimpleNamespace(name="my.gpx", licence="own data", attribution=""),
    ]  # fmt: skip
    monkeypatch.setattr(engine, "installed_packs", lambda: installed)
    assert licenses.data_packs() == [
        licenses.DataPack("chinatravel", "CC BY-NC-SA 4.0", "ChinaTravel authors"),
        licenses.DataPack("my.gpx", "own data", ""),
    ]


def test_no_usable_data_folder_means_no_packs(monkeypatch: pytest.MonkeyPatch) -> None:
    def unusable() -> list[object]:
        raise PermissionError("read-only")

    monkeypatch.setattr(engine, "installed_packs", unusable)
    assert licenses.data_packs() == []  # the About box still opens
