"""Layering: engine/ never imports Qt or desktop/ (DESIGN.md; qutebrowser-style check)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("PySide6", "shiboken6", "desktop", "qasync")


def test_no_forbidden_import_statement_in_engine() -> None:
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [
                f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN
            ]
    assert offenders == []


def test_importing_every_engine_module_loads_no_qt() -> None:
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "engine").rglob("*.py")
        if "migrations" not in p.parts
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n    importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'desktop')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


#: Layers below request understanding: they never import it (calls go down, never up).
BELOW_UNDERSTANDING = ("domain", "knowledge", "planning", "guide")


def test_lower_layers_never_import_request_understanding() -> None:
    """Facts the guide and the planner need (festival dates) live in engine/knowledge, not in
    engine/understanding, which reads what people say and sits above them."""
    offenders = []
    for layer in BELOW_UNDERSTANDING:
        for path in (ROOT / "engine" / layer).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                else:
                    continue
                offenders += [
                    f"{path.relative_to(ROOT)}: {n}"
                    for n in names
                    if n.startswith(("engine.understanding", "engine.agent"))
                ]
    assert offenders == []
