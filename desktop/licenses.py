"""Licences of the bundled components and of imported data packs (no Qt: the build uses it too).

At build time ``python -m desktop.licenses DEST [DIST …]`` writes ``DEST/components.json`` and
each component's licence files (from its installed distribution metadata) under ``DEST``; the
PyInstaller spec ships them as ``resources/licenses``. A source checkout has no such folder:
`bundled_components` then reads the installed metadata of Lvtu's run-time dependencies.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import sys
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from engine import resources_dir

_LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
# Qt and PySide6 wheels carry no licence text; the terms are LGPL-3.0 (which builds on GPL-3.0).
_COMMON_LICENSES = Path("/usr/share/common-licenses")
_QT_TEXTS = ("LGPL-3", "GPL-3")


@dataclass(frozen=True)
class Component:
    """One bundled component.

    Attributes:
        name: the distribution name, e.g. ``PySide6-Essentials``.
        version: its version.
        license: an SPDX expression or the project's own words, e.g. ``BSD-3-Clause``.
        url: the project's home page ("" if unknown).
        files: licence files, relative to the licences folder (empty in a source checkout).
    """

    name: str
    version: str
    license: str
    url: str = ""
    files: tuple[str, ...] = ()


@dataclass(frozen=True)
class DataPack:
    """An imported data pack: its name, licence and the attribution it requires (the engine's
    `PackInfo` spells it ``licence`` too)."""

    name: str
    licence: str
    attribution: str


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(root: str = "lvtu") -> list[metadata.Distribution]:
    """`root` and its run-time dependencies, recursively (no extras), sorted by name.

    Distributions that are not installed are skipped.
    """
    from packaging.requirements import Requirement

    seen: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        if _key(name) in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen[_key(name)] = dist
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return sorted(seen.values(), key=lambda d: _key(d.metadata["Name"]))


def _first(meta: Any, key: str) -> str:
    return str((meta.get_all(key) or [""])[0] or "")


def license_of(dist: metadata.Distribution) -> str:
    """The licence: ``License-Expression``, a one-line ``License``, or the classifiers."""
    meta = dist.metadata
    expression = _first(meta, "License-Expression")
    if expression:
        return expression
    text = _first(meta, "License").strip()
    if text and "\n" not in text and len(text) <= 80:
        return text
    classifiers = [
        c.rsplit(" :: ", 1)[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License")
    ]
    return " / ".join(classifiers) or "see the licence file"


def describe(dist: metadata.Distribution) -> Component:
    """A `Component` from installed metadata (no files)."""
    meta = dist.metadata
    url = _first(meta, "Home-page")
    for entry in meta.get_all("Project-URL") or []:
        label, _, link = entry.partition(",")
        if not url or label.strip().lower() in ("homepage", "home", "source"):
            url = link.strip()
    return Component(meta["Name"], dist.version, license_of(dist), url)


def python_component() -> Component:
    """The Python interpreter that runs (and, in a bundle, ships inside) the app."""
    return Component("Python", platform.python_version(), "PSF-2.0", "https://www.python.org/")


def _python_licence() -> Path | None:
    path = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for candidate in (path / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            return candidate
    return None


def write_licenses(dest: Path, names: Iterable[str]) -> list[Component]:
    """Write ``dest/components.json`` and the licence files of `names` (distributions) and Python.

    Returns:
        The components written, Python first.
    """
    dest.mkdir(parents=True, exist_ok=True)
    out: list[Component] = []
    python = _python_licence()
    if python is not None:
        shutil.copyfile(python, dest / "Python-LICENSE.txt")
    out.append(_with_files(python_component(), ("Python-LICENSE.txt",) if python else ()))
    for name in sorted(set(names), key=_key):
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        files = []
        folder = dest / dist.metadata["Name"]
        for item in dist.files or []:
            if _LICENCE_FILE.search(item.name) and ".dist-info" in str(item):
                folder.mkdir(exist_ok=True)
                target = folder / item.name
                shutil.copyfile(Path(str(item.locate())), target)
                files.append(target.relative_to(dest).as_posix())
        if not files and _key(name) in ("pyside6-essentials", "shiboken6"):
            for text in _QT_TEXTS:
                if (_COMMON_LICENSES / text).is_file():
                    folder.mkdir(exist_ok=True)
                    shutil.copyfile(_COMMON_LICENSES / text, folder / text)
                    files.append(f"{folder.name}/{text}")
        out.append(_with_files(describe(dist), tuple(files)))
    (dest / "components.json").write_text(
        json.dumps([asdict(c) for c in out], ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return out


def _with_files(component: Component, files: tuple[str, ...]) -> Component:
    return Component(component.name, component.version, component.license, component.url, files)


def licenses_dir() -> Path:
    """Where a bundle keeps the licences: ``resources/licenses``."""
    return resources_dir() / "licenses"


def bundled_components() -> list[Component]:
    """The bundle's components (``components.json``), or in a checkout Lvtu's run-time deps."""
    listing = licenses_dir() / "components.json"
    if listing.is_file():
        rows = json.loads(listing.read_text(encoding="utf-8"))
        return [Component(**{**row, "files": tuple(row.get("files", ()))}) for row in rows]
    dists = [d for d in runtime_distributions() if _key(d.metadata["Name"]) != "lvtu"]
    return [python_component(), *(describe(d) for d in dists)]


def data_packs() -> list[DataPack]:
    """Imported data packs with licence and attribution; [] when there are none (or no data
    folder can be used: the About box still opens)."""
    from engine import installed_packs

    try:
        installed = installed_packs()
    except OSError:  # no usable data folder
        return []
    return [DataPack(p.name, p.licence, p.attribution) for p in installed]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m desktop.licenses")
    parser.add_argument("dest", type=Path, help="folder to write components.json and texts into")
    parser.add_argument("names", nargs="*", help="distributions (default: Lvtu's run-time deps)")
    args = parser.parse_args(argv)
    names = args.names or [
        d.metadata["Name"] for d in runtime_distributions() if _key(d.metadata["Name"]) != "lvtu"
    ]
    written = write_licenses(args.dest, names)
    print(f"{len(written)} components → {args.dest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
