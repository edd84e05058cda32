"""`lvtu data import | list | remove` through the real CLI entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.knowledge.packs import installed_packs, reload_knowledge

ROOT = Path(__file__).resolve().parents[2]
GOOD = "name,lat,lon,kind,tags,price\n湖边小亭,30.2500,120.1400,attraction,lake;photography,0\n"


@pytest.fixture(autouse=True)
def fresh_knowledge() -> None:
    reload_knowledge()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["data", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_import_list_remove_own_places(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    places = tmp_path / "mine.csv"
    places.write_text(GOOD, encoding="utf-8")
    code, out, _ = run(capsys, "import", "csv", str(places), "--name", "mine", "--lang", "en")
    assert code == 0 and "Imported pack 'mine': 1 attractions" in out
    code, out, _ = run(capsys, "list", "--lang", "zh")
    assert code == 0 and "mine" in out and "许可：" in out and "来源：mine.csv" in out
    code, out, _ = run(capsys, "list", "--json")
    assert json.loads(out)[0]["counts"]["attractions"] == 1
    code, out, _ = run(capsys, "remove", "mine", "--lang", "en")
    assert code == 0 and "Removed" in out and installed_packs() == []
    code, _, err = run(capsys, "remove", "mine", "--lang", "en")
    assert code == 2 and "No data pack named 'mine'" in err


@pytest.mark.parametrize(
    ("fmt", "name", "text", "expected"),
    [
        ("csv", "bad.csv", GOOD + "坏行,north,120.1,attraction,lake,0\n", "line 3: lat must be a number"),
        ("csv", "bad.csv", "title,where\nx,y\n", "line 1 (header) must have the columns"),
        ("geojson", "bad.geojson", '{"type": "FeatureCollection", "features": [{"type": '
         '"Feature", "geometry": {"type": "Point", "coordinates": [120.14, 30.25]}, '
         '"properties": {}}]}', "feature 1: name is missing"),
        ("gpx", "bad.gpx", "<gpx><trk/></gpx>", "the file has no waypoints"),
    ],
)  # fmt: skip
def test_a_bad_file_exits_2_with_positions_and_installs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, name: str, text: str,
    expected: str,
) -> None:  # fmt: skip
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "import", fmt, str(path), "--name", "bad", "--lang", "en")
    assert code == 2 and expected in err and "nothing was imported" in err
    assert "Traceback" not in err and out == "" and installed_packs() == []


def test_usage_errors_are_messages_not_tracebacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "import", "csv", str(tmp_path / "missing.csv"), "--name", "x")
    assert code == 2 and "无法读取文件" in err
    places = tmp_path / "mine.csv"
    places.write_text(GOOD, encoding="utf-8")
    code, _, err = run(capsys, "import", "csv", str(places), "--lang", "en")
    assert code == 2 and "--name" in err
    code, _, err = run(capsys, "import", "csv", str(places), "--name", "Bad Name", "--lang", "en")
    assert code == 2 and "Invalid pack name" in err
    code, _, err = run(capsys, "import", "chinatravel", str(tmp_path), "--lang", "en")
    assert code == 2 and "is not a ChinaTravel sandbox" in err


def test_a_new_process_plans_with_a_pack_imported_by_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lvtu_home: Path
) -> None:
    places = tmp_path / "mine.csv"
    places.write_text(GOOD, encoding="utf-8")
    assert run(capsys, "import", "csv", str(places), "--name", "mine")[0] == 0
    probe = (
        "import datetime as dt\n"
        "from engine.domain.request import TripRequest\n"
        "from engine.knowledge.base import default_knowledge\n"
        "from engine.planning import plan_trip\n"
        "kb = default_knowledge()\n"
        "r = TripRequest(destinations=('hangzhou',), days=1, must_see=('mine-1',),\n"
        "                start_date=dt.date(2026, 5, 6))\n"
        "plan = plan_trip(r, kb)\n"
        "print(kb.packs, [i.name for d in plan.days for i in d.items if i.poi_id == 'mine-1' and i.kind == 'attraction'])\n"
    )
    env = {**os.environ, "LVTU_HOME": str(lvtu_home), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, check=True)  # fmt: skip
    assert done.stdout.strip() == "['mine'] ['湖边小亭']"
