"""One scoring of place names for every edit (`engine.editing.places.name_score`): the plan's
stops named in `lvtu edit`, in follow-ups, and knowledge-base places found to add."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import Itinerary
from engine.editing.draft import Draft
from engine.editing.places import EXACT, SAID, find_place, find_stop, name_score
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import _stop_named


def test_the_order_of_matches() -> None:
    assert name_score("屯溪老街", ["屯溪老街"]) == EXACT
    said_long = name_score("去屯溪老街小吃吃饭", ["屯溪老街小吃"])
    said_short = name_score("去屯溪老街小吃吃饭", ["屯溪老街"])
    assert said_long > said_short >= SAID  # the longest name said wins
    part_short = name_score("老街", ["屯溪老街"])
    part_long = name_score("老街", ["屯溪老街小吃"])
    assert SAID > part_short > part_long > 0  # the shortest name the words are part of wins
    assert name_score("宏", ["宏村"]) == 0 and name_score("x", ["x"]) == EXACT
    assert name_score("西递", ["宏村", "hongcun"]) == 0


@pytest.mark.parametrize(
    "said",
    ["屯溪老街", "老街", "黄山风景区", "Huangshan Scenic Area", "huangshan-scenic-area", "火星"],
)
def test_edits_and_follow_ups_name_the_same_stop(
    said: str, huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    sketches = Draft(huangshan, kb).sketches
    try:
        d, p = find_stop(sketches, said, kb)
        by_edit: str | None = sketches[d].stops[p].poi_id
    except Exception:
        by_edit = None
    assert _stop_named(said, huangshan, kb) == by_edit, said
    if said == "火星":
        assert by_edit is None
    if said in ("屯溪老街", "老街"):
        assert by_edit == "huangshan-tunxi-old-street"  # the street, not the snack street


def test_a_knowledge_base_place_by_part_of_its_name(kb: KnowledgeBase) -> None:
    assert find_place("宏村", kb, ["huangshan"]).id == "huangshan-hongcun"
    assert find_place("老街", kb, ["huangshan"]).id == "huangshan-tunxi-old-street"


def test_an_unknown_lodging_lists_where_one_can_stay(kb: KnowledgeBase) -> None:
    from engine.editing import EditRefused, lodging_choices
    from engine.editing.places import find_lodging

    choices = lodging_choices(["hangzhou"], "zh", kb)
    assert len(choices) >= 3 and all("¥" in label and "/晚" in label for _poi, label in choices)
    with pytest.raises(EditRefused) as refused:
        find_lodging("火星宾馆", kb, ["hangzhou"])
    assert "可以住" in refused.value.zh and all(label in refused.value.zh for _p, label in choices)
    assert find_lodging("汤口", kb, ["huangshan"]).id == "huangshan-lodging-tangkou"


def test_a_spot_inside_a_sight_finds_the_sight(kb: KnowledgeBase) -> None:
    from engine.editing.places import spot_named

    gulangyu = find_place("日光岩", kb, ["xiamen"])
    assert gulangyu.id == "xiamen-gulangyu" and spot_named("日光岩", gulangyu) == "日光岩"
    assert find_place("Sunlight Rock", kb, ["xiamen"]).id == "xiamen-gulangyu"
    assert find_place("菽庄花园", kb, ["xiamen"]).id == "xiamen-gulangyu"  # part of its name
    assert find_place("乾坤柱", kb, ["zhangjiajie"]).id == "zhangjiajie-forest-park"
    assert spot_named("鼓浪屿", gulangyu) is None  # the island itself
    assert find_place("gulangyu", kb, ["xiamen"]).id == "xiamen-gulangyu"
    # the trip's own place before a shorter name elsewhere (武汉's botanical garden)
    assert find_place("botanical garden", kb, ["xiamen"]).id == "xiamen-botanical-garden"


def test_adding_a_spot_of_a_planned_sight_says_where_it_is(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.editing import EditRefused, apply_edit
    from engine.editing.ops import AddPlace

    day = next(d.index for d in huangshan.days
               for i in d.items if i.poi_id == "huangshan-scenic-area")  # fmt: skip
    with pytest.raises(EditRefused) as refused:
        apply_edit(huangshan, AddPlace(place="光明顶"), kb)
    assert f"光明顶在黄山风景区里，黄山风景区已经在第{day}天了" in refused.value.zh
    assert (
        f"is inside Mount Huangshan Scenic Area; Mount Huangshan Scenic Area is already on day {day}"
        in (refused.value.en)
    )
