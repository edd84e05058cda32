"""`lvtu plan`, `lvtu list`, `lvtu show` end to end, as a person runs them (subprocesses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.domain.request import Pace
from engine.planning.pace import PROFILES

ROOT = Path(__file__).resolve().parents[2]


def assert_relaxed(day: dict) -> None:  # type: ignore[type-arg]
    relaxed = PROFILES[Pace.RELAXED]
    sights = [i for i in day["items"] if i["kind"] == "attraction"]
    assert len(sights) <= relaxed.max_attractions

    def minutes(t: str) -> int:
        return int(t[:2]) * 60 + int(t[3:5])

    # A relaxed day has no evening outing outside its hours (pace.PaceProfile.evening_outings).
    assert sum(minutes(i["end"]) - minutes(i["start"]) for i in sights) <= relaxed.max_visit_minutes


def lvtu(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LVTU_HOME": str(home), "LVTU_PROVIDER": "offline"}
    return subprocess.run(
        [sys.executable, "-m", "desktop.launcher", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def huangshan(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:  # type: ignore[type-arg]
    home = tmp_path_factory.mktemp("home")
    result = lvtu(home, "plan", "上海出发去黄山玩两天", "--json")
    assert result.returncode == 0, result.stderr
    return home, json.loads(result.stdout)


def test_seed_request_gives_a_feasible_two_day_plan_with_legs_lodging_meals_and_guide(
    huangshan: tuple[Path, dict],  # type: ignore[type-arg]
) -> None:
    _home, out = huangshan
    itinerary = out["itinerary"]
    days = itinerary["days"]
    assert len(days) == 2 and days[0]["date"] < days[1]["date"]
    items = [i for d in days for i in d["items"]]
    for item in items:
        assert {"kind", "name", "start", "end", "lat", "lon", "cost_cny"} <= set(item)
    first, last = days[0]["items"][0], days[-1]["items"][-1]
    assert first["kind"] == "intercity" and "上海" in first["name"] and "黄山" in first["name"]
    assert last["kind"] == "intercity" and last["name"].endswith("上海虹桥站")
    assert any(i["kind"] == "lodging" for i in days[0]["items"])
    assert {i["meal"] for i in items if i["kind"] == "meal"} >= {"lunch", "dinner"}
    sights = [i for i in items if i["kind"] == "attraction"]
    assert sights and all(i["poi_id"].startswith("huangshan-") for i in sights)
    assert out["feasibility"]["passed"] is True and len(out["feasibility"]["checks"]) >= 10
    assert out["guide"].startswith("# ") and "第1天" in out["guide"]
    assert 3 <= len(out["suggested_questions"]) <= 5


def test_saved_plan_is_listed_and_shown_after_the_process_exits(
    huangshan: tuple[Path, dict],  # type: ignore[type-arg]
) -> None:
    home, out = huangshan
    listed = lvtu(home, "list", "--json")
    assert listed.returncode == 0
    assert [row["id"] for row in json.loads(listed.stdout)] == [out["itinerary"]["id"]]
    shown = lvtu(home, "show", str(out["itinerary"]["id"]), "--json")
    assert json.loads(shown.stdout)["guide"] == out["guide"]
    assert lvtu(home, "show", "999").returncode == 2


def test_english_request_respects_pace_and_diet(tmp_path: Path) -> None:
    result = lvtu(
        tmp_path, "plan", "3 days in Hangzhou from Shanghai, relaxed pace, no spicy food", "--json"
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    request = out["itinerary"]["request"]
    assert request["pace"] == "relaxed" and "spicy" in request["avoid"]["cuisines"]
    assert out["itinerary"]["lang"] == "en" and out["guide"].startswith("# ")
    for day in out["itinerary"]["days"]:
        assert_relaxed(day)
    assert out["feasibility"]["passed"] is True, out["feasibility"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("去火星玩三天", "火星"), ("去黄山玩0天", "1 到 30"), ("去黄衫玩", "黄山"),
     ("深圳去成都玩1天，不坐飞机", "1天排不下")],  # the curated train takes ~22 h each way
)  # fmt: skip
def test_requests_that_cannot_be_planned_exit_2_with_a_chinese_message(
    tmp_path: Path, text: str, expected: str
) -> None:
    result = lvtu(tmp_path, "plan", text)
    assert result.returncode == 2
    assert expected in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_revise_makes_a_new_version_and_keeps_the_first(tmp_path: Path) -> None:
    planned = lvtu(tmp_path, "plan", "上海出发去杭州玩3天", "--json")
    assert planned.returncode == 0, planned.stderr
    first = json.loads(planned.stdout)["itinerary"]
    revised = lvtu(tmp_path, "revise", str(first["id"]), "第二天轻松一点", "--json")
    assert revised.returncode == 0, revised.stderr
    second = json.loads(revised.stdout)["itinerary"]
    assert second["id"] == first["id"] and second["version"] == 2
    assert second["request"]["day_pace"] == {"2": "relaxed"}
    assert_relaxed(second["days"][1])
    old = json.loads(lvtu(tmp_path, "show", str(first["id"]), "--version", "1", "--json").stdout)
    assert old["itinerary"]["version"] == 1 and old["itinerary"]["request"]["day_pace"] == {}
    assert lvtu(tmp_path, "revise", "999", "加一天").returncode == 2


def test_revise_id_edits_that_plan_after_a_follow_up_planned_another(tmp_path: Path) -> None:
    """A follow-up that plans a new trip (#2) leaves `revise 1` about plan #1: a fresh user's
    later 「住到湖滨附近」 changed #2 and answered with #2's times."""
    assert lvtu(tmp_path, "plan", "从南京去杭州玩3天，12月19日出发").returncode == 0
    new_trip = lvtu(tmp_path, "revise", "1", "新行程：去大理玩两天", "--json")
    assert json.loads(new_trip.stdout)["itinerary"]["id"] == 2, new_trip.stdout
    revised = lvtu(tmp_path, "revise", "1", "加一天", "--json")
    assert revised.returncode == 0, revised.stderr
    plan = json.loads(revised.stdout)["itinerary"]
    assert plan["id"] == 1 and plan["version"] == 2 and len(plan["days"]) == 4, revised.stdout
    other = json.loads(lvtu(tmp_path, "show", "2", "--json").stdout)["itinerary"]
    assert other["version"] == 1 and len(other["days"]) == 2


def test_every_planning_error_code_is_a_user_error() -> None:
    """A code missing here made a request the planner rejected look like a crash (exit 1)."""
    import re

    from engine.cli.plan_cmd import USER_ERRORS
    from engine.planning.errors import PLANNING_ERROR_CODES

    root = Path(__file__).resolve().parents[2] / "engine"
    raised = {
        code
        for path in root.rglob("*.py")
        for code in re.findall(r'PlanningError\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8"))
    }
    assert raised and raised <= PLANNING_ERROR_CODES <= USER_ERRORS


def test_the_request_keeps_every_wish_said_and_the_options(tmp_path: Path) -> None:
    text = "从上海坐高铁去黄山玩两天，不坐飞机，想住山上，想体验滑翔伞"
    result = lvtu(tmp_path, "plan", text, "--people", "2", "--json")
    assert result.returncode == 0, result.stderr
    request = json.loads(result.stdout)["itinerary"]["request"]
    wishes = {(w["kind"], w["value"]): w["said"] for w in request["wishes"]}
    assert wishes[("transport", "hsr")] == "坐高铁去"
    assert wishes[("avoid_transport", "flight")] == "不坐飞机"
    assert wishes[("party", "2+0")] == "2人"  # --people 2, said as an option, with its unit
    assert request["prefer_transport"] == ["hsr"] and request["lodging"]["on_site"]
    assert request["unrecognized"] == ["想体验滑翔伞"]
