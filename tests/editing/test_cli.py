"""`lvtu edit` and `lvtu diff` as a person runs them, through the job system: in this process
(`lvtu_here`), and as a subprocess (`lvtu`) where the exit status and the text on stderr of a
refusal are what is tested."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.test_plan_cmd import lvtu
from tests.helpers.cli import lvtu_here


def test_edit_diff_undo_and_a_refusal(tmp_path: Path) -> None:
    planned = lvtu_here(
        tmp_path, "plan", "上海出发去黄山玩两天，想逛屯溪老街", "--date", "2026-12-05"
    )
    assert planned.returncode == 0, planned.stderr
    removed = lvtu_here(tmp_path, "edit", "1", "remove", "屯溪老街", "--json")
    assert removed.returncode == 0, removed.stderr
    plan = json.loads(removed.stdout)["itinerary"]
    assert plan["version"] == 2
    names = [i["name"] for d in plan["days"] for i in d["items"] if i["kind"] == "attraction"]
    assert "屯溪老街" not in names and "黄山风景区" in names
    assert plan["days"][0]["items"][0]["kind"] == "intercity"  # still from 上海

    refused = lvtu(tmp_path, "edit", "1", "time", "黄山风景区", "--start", "10:00")
    assert refused.returncode == 2
    # the reason (back at the station in time for the train) and a start that fits: the day
    # fits only in a few minutes after the cable car up, found to the minute
    assert "黄山北站" in refused.stderr and "16:20" in refused.stderr, refused.stderr
    alternative = re.search(r"可以这样：黄山风景区改在(\d\d:\d\d)开始", refused.stderr)
    assert alternative is not None, refused.stderr

    changes = lvtu_here(tmp_path, "diff", "1", "1", "2", "--json")
    assert changes.returncode == 0
    kinds = {(c["kind"], c["name"]) for c in json.loads(changes.stdout)["changes"]}
    assert ("removed", "屯溪老街") in kinds

    undone = lvtu_here(tmp_path, "edit", "1", "undo", "--json")
    assert undone.returncode == 0, undone.stderr
    back = json.loads(undone.stdout)["itinerary"]
    assert (
        back["version"] == 3
        and back["days"]
        == json.loads(lvtu_here(tmp_path, "show", "1", "--version", "1", "--json").stdout)[
            "itinerary"
        ]["days"]
    )
    history = lvtu_here(tmp_path, "edit", "1", "versions").stdout.splitlines()
    assert len(history) == 3 and "去掉第1天的屯溪老街" in history[1]
    assert history[2].endswith("恢复到第1版"), history  # in the plan's language
    assert lvtu_here(tmp_path, "edit", "9", "remove", "x").returncode == 2
    taken = lvtu_here(tmp_path, "edit", "1", "time", "黄山风景区", "--start", alternative[1])
    assert taken.returncode == 0, taken.stderr  # the alternative offered does fit


def test_a_refused_revise_answers_and_a_party_edit_keeps_the_rest(tmp_path: Path) -> None:
    assert (
        lvtu_here(tmp_path, "plan", "上海出发去黄山玩两天", "--date", "2026-12-05").returncode == 0
    )
    refused = lvtu_here(tmp_path, "revise", "1", "第二天轻松一点", "--json")
    assert refused.returncode == 2, refused.stderr  # the change cannot be done (documented)
    answer = json.loads(refused.stdout)
    assert "黄山风景区" in answer["answer"] and "可以这样" in answer["answer"]
    assert answer["refused"]["refused"] == "unchanged"
    shown = json.loads(lvtu_here(tmp_path, "show", "1", "--json").stdout)["itinerary"]
    assert shown["version"] == 1  # the plan as it was
    jobs = lvtu_here(tmp_path, "jobs", "--all").stdout
    assert "failed" not in jobs, jobs  # an answer, not a failed job
    family = lvtu_here(tmp_path, "edit", "1", "party", "--adults", "2", "--children", "1", "--json")
    assert family.returncode == 0, family.stderr
    more = lvtu_here(tmp_path, "edit", "1", "party", "--children", "2", "--json")
    assert more.returncode == 0, more.stderr
    party = json.loads(more.stdout)["itinerary"]["request"]["party"]
    assert (party["adults"], party["children"], party["seniors"]) == (2, 2, 0)


def test_a_revise_not_understood_exits_2_and_a_question_0(tmp_path: Path) -> None:
    assert (
        lvtu_here(tmp_path, "plan", "上海出发去黄山玩两天", "--date", "2026-12-05").returncode == 0
    )
    odd = lvtu(tmp_path, "revise", "1", "把行程弄得浪漫一些", "--json")
    assert odd.returncode == 2, odd.stdout  # a change asked and not understood (documented)
    answer = json.loads(odd.stdout)
    assert "这个我还做不到" in answer["answer"] and "加一天" in answer["answer"]
    assert answer["refused"]["refused"] == "not_understood"
    assert answer["refused"]["reason"] and answer["refused"]["alternative"] is None
    asked = lvtu_here(tmp_path, "revise", "1", "你能改什么？", "--json")
    assert asked.returncode == 0, asked.stdout  # a question answered: no refusal
    assert "refused" not in json.loads(asked.stdout), asked.stdout
    assert (
        json.loads(lvtu_here(tmp_path, "show", "1", "--json").stdout)["itinerary"]["version"] == 1
    )


def test_add_meal_on_the_command_line() -> None:
    import argparse

    from engine.cli.edit_cmd import build_edit, register
    from engine.editing import AddMeal, SwapMeal

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["edit", "1", "add-meal", "1", "dinner", "--place", "知味观"])
    assert build_edit(args, "zh") == AddMeal(day=1, meal="dinner", restaurant="知味观")
    args = parser.parse_args(["edit", "1", "meal", "2"])
    assert build_edit(args, "zh") == SwapMeal(day=2, meal="lunch")


def test_a_day_added_is_given_to_the_place_said(tmp_path: Path) -> None:
    """Issue 14: `lvtu edit ID add-day end --place X` ignored --place."""
    assert (
        lvtu_here(tmp_path, "plan", "上海出发去黄山玩两天", "--date", "2026-12-05").returncode == 0
    )
    before = json.loads(lvtu_here(tmp_path, "show", "1", "--json").stdout)["itinerary"]
    assert all(i.get("poi_id") != "huangshan-xidi" for d in before["days"] for i in d["items"])
    added = lvtu_here(tmp_path, "edit", "1", "add-day", "end", "--place", "西递", "--json")
    assert added.returncode == 0, added.stderr
    days = json.loads(added.stdout)["itinerary"]["days"]
    assert len(days) == 3
    assert any(i.get("poi_id") == "huangshan-xidi" for i in days[2]["items"]), days[2]
    wrong = lvtu_here(tmp_path, "edit", "1", "remove-day", "end", "--place", "西递")
    assert wrong.returncode == 2  # said, not ignored


def test_swap_days_is_built_from_the_command_line() -> None:
    """`lvtu edit ID swap-days 3 --day 4`; without --day the usage is said (exit 2)."""
    import argparse

    from engine.cli.edit_cmd import _Usage, build_edit, register
    from engine.editing.ops import SwapDays

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["edit", "1", "swap-days", "3", "--day", "4"])
    assert build_edit(args, "zh") == SwapDays(a=3, b=4)
    with pytest.raises(_Usage):
        build_edit(parser.parse_args(["edit", "1", "swap-days", "3"]), "zh")
