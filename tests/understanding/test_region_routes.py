"""A region named as the goal (云南, 江南水乡, 东北 …) becomes a route through its covered
destinations, sized to the days, in geographic order, said back with why."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.knowledge.gazetteer import gazetteer_for
from engine.knowledge.regions import load_regions
from engine.knowledge.travel_regions import load_travel_regions, region_by_id
from engine.understanding import parse_request

TODAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def kb_of(*ids: str) -> KnowledgeBase:
    """A knowledge base holding only some curated destinations (routes that do not change when
    destinations are added)."""
    small = KnowledgeBase()
    for dest_id in ids:
        small.add(default_knowledge().destinations[dest_id])
    return small


def in_region(kb: KnowledgeBase, dest_id: str, region_id: str) -> bool:
    region = region_by_id()[region_id]
    entry = gazetteer_for(kb).destination(dest_id)
    assert entry is not None
    places = {entry.province, entry.prefecture, entry.full_name_zh}
    return dest_id in region.destinations or bool(places & set(region.areas))


@pytest.mark.parametrize(
    ("text", "region_id", "days", "at_least"),
    [
        ("去云南玩7天", "yunnan", 7, 3),
        ("去海南玩5天", "hainan", 5, 1),
        ("去广西玩5天", "guangxi", 5, 2),
        ("去山西玩4天", "shanxi", 4, 2),
        ("去贵州玩5天", "guizhou", 5, 2),
        ("去江南水乡玩三天", "jiangnan-water-towns", 3, 2),
        ("去东北玩5天", "dongbei", 5, 2),
        ("去新疆玩10天", "xinjiang", 10, 1),
        ("去四川玩5天", "sichuan", 5, 2),
        ("5 days in Yunnan", "yunnan", 5, 2),
        ("Northeast China for 6 days", "dongbei", 6, 2),
    ],
)
def test_a_region_becomes_a_route_of_its_covered_destinations(
    kb: KnowledgeBase, text: str, region_id: str, days: int, at_least: int
) -> None:
    result = parse_request(text, kb, today=TODAY)
    request = result.request
    assert request is not None, result.message()
    assert len(request.destinations) >= at_least
    assert all(in_region(kb, d, region_id) for d in request.destinations), request.destinations
    assert request.days == days and sum(request.destination_days) == days
    assert len(request.destination_days) == len(request.destinations)
    assert all(d >= 1 for d in request.destination_days)
    wish = next(w for w in request.wishes if w.kind == "days")
    assert wish.value == ",".join(
        f"{d}:{n}" for d, n in zip(request.destinations, request.destination_days, strict=True)
    )
    region = region_by_id()[region_id]
    note = result.message().splitlines()[-1]  # the route, said back
    assert region.name(result.lang) in note and str(days) in note
    stops = [kb.destinations[d].name(result.lang) for d in request.destinations]
    assert all(name in note for name in stops)


def test_the_yunnan_route_goes_kunming_dali_lijiang_with_the_days_split(kb: KnowledgeBase) -> None:
    small = kb_of("kunming", "dali", "lijiang", "shangrila", "xishuangbanna")
    request = parse_request("去云南玩7天", small, today=TODAY).request
    assert request is not None
    assert request.destinations == (
        "kunming",
        "dali",
        "lijiang",
    )  # from the gateway, south to north
    assert request.destination_days == (2, 3, 2)
    message = parse_request("去云南玩7天", small, today=TODAY).message()
    assert "云南还有香格里拉、西双版纳" in message  # what else the region has
    assert "昆明是门户" in message  # why: the region's note


def test_water_towns_in_three_days_are_wuzhen_and_suzhou(kb: KnowledgeBase) -> None:
    small = kb_of("wuzhen", "suzhou", "shaoxing", "hangzhou", "shanghai", "guilin", "yangshuo")
    request = parse_request("去江南水乡玩三天", small, today=TODAY).request
    assert request is not None
    assert set(request.destinations) == {"wuzhen", "suzhou"}  # not 阳朔, not 桂林
    assert dict(zip(request.destinations, request.destination_days, strict=True)) == {
        "wuzhen": 1,
        "suzhou": 2,
    }


def test_the_northeast_in_five_days_is_harbin_and_changbaishan() -> None:
    small = kb_of("harbin", "changbaishan", "dalian", "beijing")
    request = parse_request("北京出发去东北玩5天", small, today=TODAY).request
    assert request is not None
    assert request.destinations == ("harbin", "changbaishan")  # the gateway first
    assert request.destination_days == (3, 2)


def test_a_route_starts_at_the_stop_nearest_a_close_departure() -> None:
    small = kb_of("suzhou", "hangzhou", "shanghai", "wuzhen", "nanjing")
    result = parse_request("杭州出发去江南玩5天", small, today=TODAY)
    assert result.request is not None
    assert "hangzhou" not in result.request.destinations  # not where the trip starts
    first = small.destinations[result.request.destinations[0]]
    assert first.id == "wuzhen"  # the nearest to Hangzhou
    assert "从离杭州最近的乌镇开始" in result.message()


def test_new_destinations_join_their_region_without_any_edit() -> None:
    before = parse_request("去云南玩9天", kb_of("dali", "lijiang"), today=TODAY).request
    after = parse_request(
        "去云南玩9天", kb_of("dali", "lijiang", "xishuangbanna"), today=TODAY
    ).request
    assert before is not None and after is not None
    assert before.destinations == ("dali", "lijiang")
    assert "xishuangbanna" in after.destinations


def test_a_place_named_beside_its_region_is_a_stop(kb: KnowledgeBase) -> None:
    request = parse_request("去云南和西双版纳玩6天", kb, today=TODAY).request
    assert request is not None and "xishuangbanna" in request.destinations
    assert sum(request.destination_days) == 6


@pytest.mark.parametrize("text", ["4 days in Chengdu and Chongqing", "成都和重庆玩4天"])
def test_two_cities_named_are_those_cities_not_their_region(kb: KnowledgeBase, text: str) -> None:
    """ "Chengdu and Chongqing" was an alias of the region 川渝, whose 4-day route is 成都 and 乐山:
    the plan went to 乐山 and left out 重庆, which the person named."""
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None and request.destinations == ("chengdu", "chongqing")


@pytest.mark.parametrize(
    ("text", "days"), [("川渝3天", 3), ("北京出发，川渝5天", 5), ("成渝4日游", 4), ("川渝8天", 8)]
)
def test_a_region_named_after_its_cities_keeps_them(
    kb: KnowledgeBase, text: str, days: int
) -> None:
    """「川渝5天」 went 成都 → 乐山 → 峨眉山: 渝 is 重庆, which the region's own name names;
    every route through 川渝 keeps 成都 and 重庆 while the days allow one each."""
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None
    assert {"chengdu", "chongqing"} <= set(request.destinations), request.destinations
    assert sum(request.destination_days) == days


def test_a_shortened_stop_gets_its_days_back_before_the_first_stop_gets_more(
    kb: KnowledgeBase,
) -> None:
    """「从武汉坐高铁去川渝玩4天」 was 成都 3 days and 重庆 1 — half a day between the train from
    成都 and the train home, 洪崖洞 by day: both stops were shortened to fit and the spare
    day went to 成都, first in priority. The most shortened stop gets it back first."""
    request = parse_request("从武汉坐高铁去川渝玩4天", kb, today=TODAY).request
    assert request is not None
    days = dict(zip(request.destinations, request.destination_days, strict=True))
    assert days == {"chengdu": 2, "chongqing": 2}


def test_a_region_named_after_its_cities_says_what_two_days_leave_out(kb: KnowledgeBase) -> None:
    """Two days hold one of them: 成都, and 重庆 is said to need more days."""
    result = parse_request("川渝2天", kb, today=TODAY)
    assert result.request is not None and result.request.destinations == ("chengdu",)
    assert "还有重庆" in result.message()


def test_a_region_named_without_days_gets_a_route_and_says_the_days_were_chosen(
    kb: KnowledgeBase,
) -> None:
    result = parse_request("想去东北玩", kb, today=TODAY)
    assert result.request is not None and len(result.request.destinations) >= 2
    assert "days" in result.defaulted
    assert sum(result.request.destination_days) == result.request.days


def test_a_prefecture_holding_a_covered_destination_is_planned_there(kb: KnowledgeBase) -> None:
    # 迪庆 holds 香格里拉 and 阿勒泰 喀纳斯, each their prefecture's only covered destination
    # (甘孜, with 康定 and 稻城亚丁, is a route: see the test below).
    for text, dest_id in (("去迪庆玩3天", "shangrila"), ("去阿勒泰玩3天", "kanas")):
        request = parse_request(text, kb, today=TODAY).request
        assert request is not None and request.destinations == (dest_id,), text


def test_a_prefecture_holding_two_covered_destinations_is_a_route_through_them(
    kb: KnowledgeBase,
) -> None:
    request = parse_request("去甘孜玩4天", kb, today=TODAY).request
    assert request is not None
    assert set(request.destinations) == {"kangding", "daocheng-yading"}
    assert sum(request.destination_days) == 4


def test_a_region_without_covered_destinations_names_what_is_near(kb: KnowledgeBase) -> None:
    # 潮汕 became 潮州 + 汕头 when both were covered (kbnew1); 台湾 still has none of its own.
    result = parse_request("去台湾玩3天", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "uncovered_place"
    assert result.message().startswith("我们还没有台湾省的景点数据。附近有：福州（福建，约")
    chaoshan = parse_request("去潮汕玩3天", kb, today=TODAY).request
    assert chaoshan is not None and chaoshan.destinations == ("chaozhou", "shantou")


def test_every_region_is_sourced_and_its_areas_are_real_divisions() -> None:
    names = {r.name for r in load_regions()}
    regions = load_travel_regions()
    assert len([r for r in regions if r.kind == "province"]) >= 27
    for region in regions:
        assert region.source and region.confidence in ("curated", "verified", "estimated")
        unknown = [a for a in region.areas if a not in names]
        assert not unknown, (region.id, unknown)
    travel = {r.name_zh for r in regions if r.kind == "travel"}
    for name in ("江南", "江南水乡", "皖南", "川西", "青甘大环线", "北疆", "南疆", "东北", "滇西北",
                 "闽西", "潮汕", "珠三角", "胶东", "西北", "西南", "华东五市"):  # fmt: skip
        assert name in travel, name


def test_a_region_named_without_a_cue_is_a_trip_but_its_cuisine_is_not(kb: KnowledgeBase) -> None:
    trip = parse_request("江南三日游", kb, today=TODAY).request
    assert trip is not None and len(trip.destinations) >= 2 and sum(trip.destination_days) == 3
    food = parse_request("想吃东北菜", kb, today=TODAY)
    assert food.problem is not None and food.problem.code == "no_destination"


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("成都出发川西包车7天，康定、稻城亚丁", ("kangding", "daocheng-yading")),
        (
            "成都出发川西自驾/包车7天 康定 稻城亚丁 香格里拉",
            ("kangding", "daocheng-yading", "shangrila"),
        ),
    ],
)
def test_the_places_named_after_a_region_are_its_route(
    kb: KnowledgeBase, text: str, route: tuple[str, ...]
) -> None:
    """「川西…7天 康定 稻城亚丁 香格里拉」 went 四姑娘山 → 九寨沟 (3 days) → 康定 → 稻城亚丁, with
    康定 and 稻城亚丁 0 days held and 香格里拉 left out: the places listed after the region's days
    were not read, and two or more named inside it are the route, not its first stops."""
    result = parse_request(text, kb, today=TODAY)
    request = result.request
    assert request is not None, result.message()
    assert request.destinations == route
    assert sum(request.destination_days) == 7 and min(request.destination_days) >= 2
    said = " ".join(result.notes("zh"))
    assert "康定" in said and "九寨沟" not in said, said  # the note on 九寨沟 is for a chosen route


@pytest.mark.parametrize(
    ("text", "refused"),
    [("成都出发川西7天，不去九寨沟", "jiuzhaigou"), ("去云南7天，不去丽江", "lijiang")],
)
def test_a_place_refused_in_a_region_is_no_stop_of_its_route(
    kb: KnowledgeBase, text: str, refused: str
) -> None:
    """「川西7天，不去九寨沟」 went to 九寨沟 for 3 days: a refused place is no stop."""
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None and refused not in request.destinations, request.destinations
    assert sum(request.destination_days) == 7
