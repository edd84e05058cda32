"""Remembered habits as a fresh user meets them on the command line (issue 12): several
requests in one data folder (`LVTU_HOME`), each a separate `lvtu` process. A habit applies to a
new trip where nothing asked now contradicts it, and the plan says so; what is asked now wins;
a follow-up keeps what it does not talk about; a wish for one group stays with that trip; and
`lvtu habits` shows, forgets and clears them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.test_plan_cmd import lvtu


def _run(home: Path, *args: str) -> dict[str, Any]:
    result = lvtu(home, *args, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def _legs(out: dict[str, Any]) -> list[str | None]:
    days = out["itinerary"]["days"]
    return [i.get("mode") for d in days for i in d["items"] if i["kind"] == "intercity"]


def _wish(out: dict[str, Any], kind: str, value: str) -> dict[str, Any]:
    wishes = out["feasibility"]["wishes"]
    return next(w for w in wishes if (w["kind"], w["value"]) == (kind, value))


def _habits(home: Path) -> list[str]:
    return [h["key"] for h in _run(home, "habits")]


def test_a_flight_asked_now_wins_over_a_remembered_never_fly(tmp_path: Path) -> None:
    _run(tmp_path, "plan", "上海去杭州玩2天，我从来不坐飞机")
    assert _habits(tmp_path) == ["flight"]
    trip = _run(tmp_path, "plan", "Shanghai to Chengdu for 4 days")
    assert "flight" not in _legs(trip)  # the habit applies where nothing contradicts it
    line = _wish(trip, "avoid_transport", "flight")
    assert line["remembered"] and line["status"] == "honoured"
    assert "as you told me before" in trip["guide"]  # said, so it can be undone
    back = _run(tmp_path, "revise", str(trip["itinerary"]["id"]),
                "Fly home from Chengdu instead of the 9-hour train")  # fmt: skip
    assert _legs(back) == [_legs(trip)[0], "flight"]  # home by air, the way out kept
    line = _wish(back, "avoid_transport", "flight")
    assert line["status"] == "partly" and "as you asked this time" in line["message"]
    assert _wish(back, "home_transport", "flight")["status"] == "honoured"
    assert not [w for w in back["feasibility"]["wishes"] if w["status"] == "not"]
    assert "mode you avoid" not in json.dumps(back["feasibility"])  # no fault for it either
    assert _habits(tmp_path) == ["flight"]  # later trips keep it
    fly = _run(tmp_path, "plan", "从上海飞成都玩4天")  # a new trip asking to fly: flown
    assert set(_legs(fly)) == {"flight"}
    assert "这次说了" in _wish(fly, "avoid_transport", "flight")["message"]
    home = _run(tmp_path, "plan", "上海去成都玩4天，回程坐飞机")  # the way home only
    assert _legs(home)[0] != "flight" and _legs(home)[-1] == "flight"
    assert "回程按你这次说的" in _wish(home, "avoid_transport", "flight")["message"]


def test_a_follow_up_keeps_the_flights_of_a_plan_made_before_a_habit(tmp_path: Path) -> None:
    first = _run(tmp_path, "plan", "广州去上海玩3天")
    assert set(_legs(first)) == {"flight"}
    _run(tmp_path, "plan", "上海去杭州玩2天，我从来不坐飞机")
    plan_id = str(first["itinerary"]["id"])
    for follow_up in ("住外滩附近", "想吃火锅"):
        out = _run(tmp_path, "revise", plan_id, follow_up)
        assert set(_legs(out)) == {"flight"}, follow_up
        assert not [w for w in out["itinerary"]["request"]["wishes"] if w["remembered"]]


def test_a_groups_diet_stays_with_its_trip(tmp_path: Path) -> None:
    group = _run(tmp_path, "plan", "3 days in Hangzhou from Shanghai, we are vegetarian")
    assert "vegetarian" in [f["cuisine"] for f in group["itinerary"]["request"]["food"]]
    assert not _wish(group, "food", "vegetarian")["habit"]
    assert _habits(tmp_path) == []
    later = _run(tmp_path, "plan", "2 days in Chengdu from Shanghai")
    assert "vegetarian" not in json.dumps(later["itinerary"]["request"])


def test_habits_are_listed_forgotten_and_cleared(tmp_path: Path) -> None:
    empty = lvtu(tmp_path, "habits", "--lang", "zh")
    assert empty.returncode == 0 and "还没有记住的习惯" in empty.stdout
    _run(tmp_path, "plan", "去成都玩2天，我从来不坐飞机，我不吃辣")
    listed = lvtu(tmp_path, "habits", "--lang", "zh")
    assert "不坐飞机" in listed.stdout and "不吃辣" in listed.stdout
    assert "lvtu habits forget" in listed.stdout  # how to drop one is said
    gone = lvtu(tmp_path, "habits", "forget", "飞机", "--lang", "zh")
    assert gone.returncode == 0 and "已忘记：不坐飞机" in gone.stdout
    assert _habits(tmp_path) == ["spicy"]
    trip = _run(tmp_path, "plan", "Shanghai to Chengdu for 4 days")
    assert "flight" in _legs(trip)  # no longer refused
    assert trip["itinerary"]["request"]["avoid"]["cuisines"] == ["spicy"]
    missing = lvtu(tmp_path, "habits", "forget", "火车", "--lang", "zh")
    assert missing.returncode == 2 and "没有记住与「火车」有关的习惯" in missing.stderr
    assert lvtu(tmp_path, "habits", "clear").returncode == 0
    assert _habits(tmp_path) == []


def test_spicy_food_asked_now_wins_over_a_remembered_no_spice(tmp_path: Path) -> None:
    """A fresh user: after 「我不吃辣」, "I love spicy hotpot" got every meal 'ask for dishes
    without chili'. What is asked now wins for this trip; later trips keep the habit."""
    _run(tmp_path, "plan", "从上海去杭州两天，我不吃辣")
    assert _habits(tmp_path) == ["spicy"]
    trip = _run(tmp_path, "plan", "3 days in Chongqing from Beijing, I love spicy hotpot")
    line = _wish(trip, "avoid_food", "spicy")
    assert line["status"] == "partly" and "what you ask now" in line["message"] + line.get(
        "reason", ""
    ), line
    notes = [i.get("note") or "" for d in trip["itinerary"]["days"] for i in d["items"]]
    assert not any("without chili" in n for n in notes)
    assert _habits(tmp_path) == ["spicy"]  # kept for later trips
    later = _run(tmp_path, "plan", "去成都玩两天")
    assert _wish(later, "avoid_food", "spicy")["remembered"]


def test_forget_one_habit_said_with_another_keeps_the_other(tmp_path: Path) -> None:
    """F29: two habits said in one sentence; 「forget fly」 drops the flights only."""
    _run(tmp_path, "plan", "I'm vegetarian and I never fly. 3 days in Xiamen from Beijing")
    assert sorted(_habits(tmp_path)) == ["flight", "vegetarian"]
    gone = _run(tmp_path, "habits", "forget", "fly")
    assert [m["key"] for m in gone["forgotten"]] == ["flight"]
    assert _habits(tmp_path) == ["vegetarian"]
    assert _run(tmp_path, "habits", "forget", "素")["forgotten"][0]["key"] == "vegetarian"
    assert _habits(tmp_path) == []
