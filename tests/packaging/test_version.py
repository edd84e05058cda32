"""One version, in engine/__init__.py; pyproject reads it from there."""

from __future__ import annotations

import ast
import re
import tomllib

import engine
from tests.packaging.conftest import ROOT


def test_pyproject_takes_the_version_from_the_engine() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"]
    assert "version" in pyproject["project"]["dynamic"]
    attr = pyproject["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "engine.__version__"


def test_the_engine_version_is_a_literal_pep440_version() -> None:
    tree = ast.parse((ROOT / "engine" / "__init__.py").read_text(encoding="utf-8"))
    literals = [
        node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)
        and isinstance(node.value, ast.Constant)
    ]
    assert literals == [engine.__version__]  # setuptools reads it without importing
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", engine.__version__)


def test_no_other_file_repeats_the_version() -> None:
    places = [
        ROOT / "desktop" / "app.py",
        ROOT / "desktop" / "about.py",
        ROOT / "engine" / "cli" / "main.py",
    ]
    for path in places:
        assert f'"{engine.__version__}"' not in path.read_text(encoding="utf-8"), path
