"""Gazetteer: backbone coverage, aliases, suffixes, pinyin, typos, coverage by the kb."""

from __future__ import annotations

import pytest

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import Gazetteer, gazetteer_for
from engine.knowledge.place_names import english_name
from engine.knowledge.regions import load_airports, load_regions, short_name
from tests.helpers.tiny_kb import attraction, destination, tiny_kb


@pytest.fixture(scope="module")
def gaz() -> Gazetteer:
    return Gazetteer(tiny_kb())


@pytest.fixture(scope="module")
def bare() -> Gazetteer:
    return Gazetteer(None)


def test_backbone_has_every_province_and_the_known_fixes() -> None:
    regions = load_regions()
    provinces = {r.name for r in regions if r.level == "province"}
    assert len(provinces) == 28  # 34 province-level divisions less 4 municipalities, HK, Macao
    assert {"安徽省", "新疆维吾尔自治区", "台湾省"} <= provinces
    prefectures = {r.name for r in regions if r.level == "prefecture"}
    assert {"北京市", "上海市", "菏泽市", "襄阳市", "普洱市", "香港特别行政区"} <= prefectures
    assert "牡丹区" not in prefectures
    assert len(regions) > 3000
    assert sum(1 for a in load_airports()) > 200


@pytest.mark.parametrize(
    ("full", "short", "derived"),
    [("黄山市", "黄山", False), ("甘孜藏族自治州", "甘孜", True), ("德宏傣族景颇族自治州", "德宏", True),
     ("歙县", "歙县", False), ("内蒙古自治区", "内蒙古", True), ("新疆维吾尔自治区", "新疆", True),
     ("浦东新区", "浦东", False), ("神农架林区", "神农架", False)],
)  # fmt: skip
def test_short_names(full: str, short: str, derived: bool) -> None:
    assert short_name(full) == (short, derived)


@pytest.mark.parametrize("name", ["黄山", "黄山市", "黄山风景区", "Huangshan", "huangshan", "Huang Shan",
                                  "Mount Huangshan", "Yellow Mountain", "HUANGSHAN"])  # fmt: skip
def test_huangshan_names_resolve_to_the_covered_destination(gaz: Gazetteer, name: str) -> None:
    match = gaz.resolve(name)
    assert match is not None
    assert match.destination_id == "huangshan"
    assert match.name_zh == "黄山"
    assert match.province == "安徽省"


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [("魔都", "上海"), ("申城", "上海"), ("沪", "上海"), ("帝都", "北京"), ("京城", "北京"),
     ("Peking", "北京"), ("杭城", "杭州"), ("姑苏", "苏州"), ("羊城", "广州"), ("穗", "广州"),
     ("鹏城", "深圳"), ("蓉城", "成都"), ("山城", "重庆"), ("渝", "重庆"), ("江城", "武汉"),
     ("金陵", "南京"), ("Canton", "广州"), ("Beijing", "北京"), ("Xi'an", "西安"),
     ("Inner Mongolia", "内蒙古"), ("Hong Kong", "香港"), ("chongqing", "重庆")],
)  # fmt: skip
def test_aliases_and_english_names(bare: Gazetteer, alias: str, canonical: str) -> None:
    match = bare.resolve(alias)
    assert match is not None and match.name_zh == canonical


@pytest.mark.parametrize(
    ("name", "canonical", "level"),
    [("稻城县", "稻城", "county"), ("稻城", "稻城", "county"), ("稻城市", "稻城", "county"),
     ("安徽省", "安徽", "province"), ("安徽", "安徽", "province"), ("婺源县", "婺源", "county"),
     ("黄山区", "黄山", "county"), ("歙县", "歙县", "county"), ("乌镇", "乌镇", "scenic"),
     ("浦东机场", "上海浦东国际机场", "airport"), ("PVG", "上海浦东国际机场", "airport"),
     # airportsdata's city for TFU is "Tianfu": the city its name starts with serves it (not 资阳)
     ("Chengdu Tianfu airport", "成都天府国际机场", "airport"), ("天府机场", "成都天府国际机场", "airport")],
)  # fmt: skip
def test_suffixes_levels_and_airports(
    bare: Gazetteer, name: str, canonical: str, level: str
) -> None:
    match = bare.resolve(name)
    assert match is not None
    assert (match.name_zh, match.level) == (canonical, level)


def test_county_has_its_hierarchy_and_position(bare: Gazetteer) -> None:
    match = bare.resolve("稻城")
    assert match is not None
    assert (match.full_name_zh, match.prefecture, match.province) == (
        "稻城县",
        "甘孜藏族自治州",
        "四川省",
    )
    assert match.lat == pytest.approx(29.03, abs=0.1) and match.lon == pytest.approx(100.3, abs=0.1)
    assert match.name_en == "Daocheng" and not match.covered


@pytest.mark.parametrize(
    ("name", "expected"),
    [("suzhou", "苏州"), ("海南", "海南"), ("吉林", "吉林"), ("朝阳", "朝阳"), ("Wuyuan", "婺源")],
)
def test_ties_prefer_prefectures_natural_names_and_well_known_places(bare: Gazetteer, name: str, expected: str) -> None:  # fmt: skip
    match = bare.resolve(name)
    assert match is not None and match.name_zh == expected
    if name in ("海南", "吉林"):
        assert match.level == "province"  # not 海南藏族自治州 in Qinghai, not 吉林市
    if name == "朝阳":
        assert match.level == "prefecture"  # not 北京朝阳区


def test_places_inside_a_covered_prefecture_are_covered(gaz: Gazetteer) -> None:
    for name in ("黄山区", "歙县", "屯溪区", "TXN"):
        match = gaz.resolve(name)
        assert match is not None and match.destination_id == "huangshan", name
    pudong = gaz.resolve("PVG")
    assert pudong is not None and pudong.destination_id == "shanghai"
    other = gaz.resolve("婺源")  # 90 km away, in another prefecture
    assert other is not None and other.destination_id is None


def test_attractions_resolve_with_their_ids(gaz: Gazetteer) -> None:
    hongcun = gaz.resolve("宏村")
    assert hongcun is not None and (hongcun.poi_id, hongcun.destination_id) == (
        "hongcun",
        "huangshan",
    )
    bund = gaz.resolve("the Bund")
    assert bund is not None and bund.poi_id == "the-bund"


def test_typos_are_suggested_not_resolved(gaz: Gazetteer) -> None:
    assert gaz.resolve("黄衫") is None
    suggestions = gaz.suggest("黄衫")
    assert suggestions[0].name_zh == "黄山" and suggestions[0].how == "fuzzy"
    assert suggestions[0].score == 100
    assert gaz.suggest("hangzou")[0].name_zh == "杭州"
    assert gaz.suggest("杭洲")[0].name_zh == "杭州"
    assert "苏州" in [s.name_zh for s in gaz.suggest("苏洲")]
    assert gaz.suggest("火星") == [] or all(s.score < 100 for s in gaz.suggest("火星"))
    assert gaz.suggest("   ") == []


def test_swapped_letters_in_a_destination_are_suggested(gaz: Gazetteer, bare: Gazetteer) -> None:
    # Two swaps: Indel similarity is under the cut-off, alignment with transpositions is not;
    # only destinations the knowledge base can plan get this second chance.
    assert [s.name_zh for s in gaz.suggest("Hagnzohu")] == ["杭州"]
    assert gaz.suggest("Hagnzohu")[0].destination_id == "hangzhou"
    assert bare.suggest("Hagnzohu") == []
    assert gaz.suggest("Hunagshan")[0].name_zh == "黄山"


def test_suggest_puts_an_exact_name_first(gaz: Gazetteer) -> None:
    first = gaz.suggest("朝阳")[0]
    assert first.name_zh == "朝阳" and first.how != "fuzzy"


def test_nearest_covered(gaz: Gazetteer) -> None:
    wuyuan = gaz.resolve("婺源")
    assert wuyuan is not None
    nearest = gaz.nearest_covered(wuyuan)
    assert [p.destination_id for p, _ in nearest] == ["huangshan", "hangzhou", "shanghai"]
    assert 60 < nearest[0][1] < 130
    huangshan = gaz.resolve("黄山")
    assert huangshan is not None
    assert "huangshan" not in [p.destination_id for p, _ in gaz.nearest_covered(huangshan)]


def test_find_attraction_exact_fuzzy_and_restricted(gaz: Gazetteer) -> None:
    found = gaz.find_attraction("Yu Gardn")
    assert found is not None and found.poi_id == "yu-garden"
    assert gaz.find_attraction("宏村", ["hangzhou"]) is None
    found = gaz.find_attraction("西递", ["huangshan"])
    assert found is not None and found.poi_id == "xidi"
    assert gaz.find_attraction("上海") is None  # a city is not an attraction
    found = gaz.find_attraction("灵隐")
    assert found is not None and found.poi_id == "lingyin-temple"
    found = gaz.find_attraction("Zhejiang Museum")
    assert found is not None and found.poi_id == "zhejiang-museum"


def test_scan_finds_places_in_text(gaz: Gazetteer) -> None:
    found = [(s, e, m.name_zh) for s, e, m in gaz.scan("上海出发去黄山玩，东方不去")]
    assert found == [(0, 2, "上海"), (5, 7, "黄山")]


def test_english_names_use_apostrophes() -> None:
    assert english_name("西安") == "Xi'an"
    assert english_name("杭州") == "Hangzhou"


def test_gazetteer_is_cached_per_kb_and_rebuilt_on_change() -> None:
    kb = tiny_kb()
    first = gazetteer_for(kb)
    assert gazetteer_for(kb) is first
    wuyuan = destination(
        "wuyuan", "婺源", "Wuyuan", "江西省", "361130", 29.25, 117.85, 40,
        (attraction("huangling", "篁岭", "Huangling", 29.29, 117.93, ("village", "flowers")),),
    )  # fmt: skip
    kb.add(wuyuan)
    second = gazetteer_for(kb)
    assert second is not first
    match = second.resolve("婺源县")
    assert match is not None and match.destination_id == "wuyuan"
    assert gazetteer_for(KnowledgeBase()).resolve("黄山") is not None
