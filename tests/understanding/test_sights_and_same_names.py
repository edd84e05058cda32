"""A famous sight named as the goal is planned in its destination as a must-see; a name that
several places carry resolves to the one travellers mean, and the choice is said back; every
suggestion says where the place is."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.planning import plan_trip
from engine.understanding import parse_request

TODAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


@pytest.mark.parametrize(
    ("text", "destination", "sights"),
    [
        ("去鼓浪屿玩两天", "xiamen", {"xiamen-gulangyu"}),
        ("去布达拉宫，四天", "lhasa", {"lhasa-potala"}),
        ("Visit the Great Wall for 3 days", "beijing", {"beijing-badaling", "beijing-mutianyu"}),
        ("去兵马俑玩两天", "xian", {"xian-terracotta-army"}),
    ],
)
def test_a_sight_named_as_the_goal_is_in_the_plan(
    kb: KnowledgeBase, text: str, destination: str, sights: set[str]
) -> None:
    result = parse_request(text, kb, today=TODAY)
    request = result.request
    assert request is not None, result.message()
    assert request.destinations == (destination,)
    assert [p.name_zh for p in result.destinations] == [kb.destinations[destination].name_zh]
    assert sights & set(request.must_see)
    wish = next(w for w in request.wishes if w.kind == "must_see")
    assert wish.value in sights and wish.said  # the person's words, for the report
    itinerary = plan_trip(request, kb, today=TODAY)
    visited = {item.poi_id for day in itinerary.days for item in day.items}
    assert sights & visited, f"{text}: {sorted(p for p in visited if p)}"


@pytest.mark.parametrize(
    ("text", "destination", "sight"),
    [
        ("去九寨沟玩3天", "jiuzhaigou", "jiuzhaigou-scenic-area"),  # a destination and its sight
        ("去莫高窟玩两天", "dunhuang", "dunhuang-mogao-caves"),
        ("去乐山大佛玩一天", "leshan", "leshan-giant-buddha"),
        ("see the Terracotta Army in 2 days", "xian", "xian-terracotta-army"),
        ("去长城玩两天", "beijing", "beijing-badaling"),  # named in part: 八达岭长城
        # the county 都江堰市 shares the sight's name: "see Dujiangyan" is the irrigation works
        ("Chengdu 5 days, see the Dujiangyan irrigation works", "chengdu", "chengdu-dujiangyan"),
    ],
)
def test_sights_resolve_to_their_destination_and_a_must_see(
    kb: KnowledgeBase, text: str, destination: str, sight: str
) -> None:
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None
    assert request.destinations[:1] == (destination,) and sight in request.must_see


@pytest.mark.parametrize(
    ("text", "chosen", "other"),
    [
        ("去普陀玩两天", "普陀山", "普陀区（上海）"),
        ("去鼓楼玩两天", "钟鼓楼（陕西西安）", "钟鼓楼（北京）"),
        ("去中山玩两天", "中山（广东）", "中山区（辽宁大连）"),
        ("去南山玩两天", "南山文化旅游区（海南三亚）", "南山区（广东深圳）"),
    ],
)
def test_the_choice_among_same_named_places_is_said(
    kb: KnowledgeBase, text: str, chosen: str, other: str
) -> None:
    message = parse_request(text, kb, today=TODAY).message()
    line = next(line for line in message.splitlines() if "理解" in line)
    assert chosen in line and other in line


@pytest.mark.parametrize(
    ("text", "destination"),
    [
        ("去上海普陀区玩两天", "shanghai"),  # a qualifier names the district
        ("去深圳南山玩两天", "shenzhen"),
        ("去南京鼓楼玩两天", "nanjing"),
        ("去深圳和南山玩三天", "shenzhen"),  # another destination names the city
        ("上海出发去普陀玩两天", "putuoshan"),  # a trip does not go to its own city's district
        ("杭州出发去西湖玩一天", "hangzhou"),  # but a famous sight at home is a day out
    ],
)
def test_context_decides_between_same_named_places(
    kb: KnowledgeBase, text: str, destination: str
) -> None:
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None and request.destinations == (destination,)


def test_a_departure_is_read_as_a_division_in_the_trips_province(kb: KnowledgeBase) -> None:
    result = parse_request("从南山出发去广州玩两天", kb, today=TODAY)
    assert result.departure is not None
    assert (result.departure.full_name_zh, result.departure.prefecture) == ("南山区", "深圳市")


def test_a_sight_glued_to_another_city_is_not_taken_elsewhere(kb: KnowledgeBase) -> None:
    result = parse_request("去惠州西湖玩两天", kb, today=TODAY)
    assert [p.full_name_zh for p in result.destinations] == ["惠州市"]  # not 杭州
    assert result.message().startswith("我们还没有惠州（广东）的景点数据")
    fuzhou = parse_request("去福州西湖玩两天", kb, today=TODAY).request  # 福州 is covered
    assert fuzhou is not None and fuzhou.destinations == ("fuzhou",)


def test_suggestions_say_where_each_place_is(kb: KnowledgeBase) -> None:
    unknown = parse_request("去黄衫玩两天", kb, today=TODAY).message()
    assert "黄山（安徽）" in unknown
    uncovered = parse_request("去崆峒山玩两天", kb, today=TODAY).message()  # 华山, 衡山 covered
    assert uncovered.startswith("我们还没有崆峒山（甘肃平凉）的景点数据。附近有：")
    assert "西安（陕西，约" in uncovered
    english = parse_request("2 days in Zhongshan", kb, today=TODAY).message()
    assert "Zhongshan (Guangdong)" in english and "Zhuhai (Guangdong, about" in english


@pytest.mark.parametrize(
    ("text", "destinations", "sight"),
    [
        # the destination said by its name first, then words that also name a sight elsewhere
        ("Huangshan 2 days, sunrise and sunset on the mountain, stay at the summit",
         ("huangshan",), None),
        ("Emeishan 2 days, cable car up to the Golden Summit for the sunrise",
         ("emeishan",), "emeishan-mount-emei"),
        ("Wuzhen 2 days from Shanghai, to see the water town at night", ("wuzhen",), None),
        ("Lushan 3 days in mid-July, stay in Guling town", ("lushan",), "lushan-guling-street"),
        ("Wuxi 2 days, the giant Buddha at Lingshan", ("wuxi",), "wuxi-lingshan"),
        ("Fuzhou 2 days, a day up at Guling", ("fuzhou",), "fuzhou-guling"),
        # a sight of another destination named as a place to go still adds it
        ("Shanghai 2 days then Gulangyu 2 days", ("shanghai", "xiamen"), "xiamen-gulangyu"),
    ],
)  # fmt: skip
def test_a_destination_named_first_keeps_its_own_sights(
    kb: KnowledgeBase, text: str, destinations: tuple[str, ...], sight: str | None
) -> None:
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None
    assert request.destinations == destinations
    assert sight is None or sight in request.must_see


def test_a_sight_read_as_a_place_is_not_also_an_unknown_must_see(kb: KnowledgeBase) -> None:
    """「一定要去长城和故宫」: 长城 is 八达岭长城 (read as a place to go), never also a must-see
    「长城」 that the knowledge base lacks (the wishes section said both ✅ and ❌)."""
    result = parse_request("从上海坐高铁去北京玩4天，一定要去长城和故宫", kb, today=TODAY)
    request = result.request
    assert request is not None and result.unmatched_must_see == ()
    must = [w.value for w in request.wishes if w.kind == "must_see"]
    assert "beijing-badaling" in must and "beijing-forbidden-city" in must
    assert all(kb.attraction(v) is not None for v in must), must
