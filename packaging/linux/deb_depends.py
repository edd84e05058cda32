"""The Debian packages a one-folder bundle needs: every shared library that its ELF files link
directly (``DT_NEEDED``) and load from outside the bundle, mapped to the package that owns it
(``readelf`` + ``ldd`` + ``dpkg -S``: a small dpkg-shlibdeps for a folder of private libraries).

    python packaging/linux/deb_depends.py build/dist/lvtu     # prints "libc6, libxcb1, …"

Exits 1 (listing them) when a library cannot be found on the build machine, or is found but
belongs to no package.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

_LDD_LINE = re.compile(r"^\s*(\S+)\s*=>\s*(\S+|not found)")
_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[(.+)\]")
_ELF_MAGIC = b"\x7fELF"


def elf_files(folder: Path) -> list[Path]:
    """Regular files under `folder` that start with the ELF magic number."""
    out = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == _ELF_MAGIC:
                    out.append(path)
    return out


def external_libraries(folder: Path) -> tuple[set[Path], set[str]]:
    """(libraries loaded from outside `folder`, sonames not found) over all its ELF files."""
    folder = folder.resolve()
    lib_dirs = sorted({str(p.parent) for p in elf_files(folder) if ".so" in p.name})
    env = {**os.environ, "LD_LIBRARY_PATH": os.pathsep.join(lib_dirs)}
    found: set[Path] = set()
    missing: set[str] = set()
    for path in elf_files(folder):
        dynamic = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True)
        needed = set(_NEEDED.findall(dynamic.stdout))
        result = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env)
        for line in result.stdout.splitlines():
            match = _LDD_LINE.match(line)
            if not match or match.group(1) not in needed:
                continue  # a library of a library: its own package depends on it
            soname, target = match.groups()
            if target == "not found":
                missing.add(soname)
            elif not Path(target).resolve().is_relative_to(folder):
                found.add(Path(target))
    return found, missing


def owning_package(library: Path) -> str | None:
    """The package that installed `library` (merged-/usr aware), without ``:arch``."""
    candidates = {str(library), str(library.resolve())}
    for text in list(candidates):
        if text.startswith("/usr/"):
            candidates.add(text[4:])
        else:
            candidates.add("/usr" + text)
    for text in sorted(candidates):
        result = subprocess.run(["dpkg", "-S", text], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


def depends(folder: Path) -> tuple[list[str], list[str]]:
    """(sorted package names, problems) for the bundle in `folder`."""
    libraries, missing = external_libraries(folder)
    problems = [f"not found: {name}" for name in sorted(missing)]
    packages: set[str] = set()
    for library in sorted(libraries):
        package = owning_package(library)
        if package is None:
            problems.append(f"no package owns {library}")
        else:
            packages.add(package)
    return sorted(packages), problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    packages, problems = depends(Path(args[0]))
    for problem in problems:
        print(f"deb_depends: {problem}", file=sys.stderr)
    print(", ".join(packages))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
