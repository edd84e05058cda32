"""Gazetteer ranking by fame, sights named in part, labels that say where a place is."""

from __future__ import annotations

import pytest

from engine.knowledge.base import default_knowledge
from engine.knowledge.gazetteer import Gazetteer, gazetteer_for


@pytest.fixture(scope="module")
def gaz() -> Gazetteer:
    return gazetteer_for(default_knowledge())


def test_candidates_go_destination_sight_prefecture_county_district(gaz: Gazetteer) -> None:
    names = [(c.full_name_zh, c.prefecture) for c in gaz.candidates("朝阳")]
    assert names[0] == ("朝阳市", "朝阳市")  # a prefecture before Beijing's and Changchun's 区
    assert names.index(("朝阳县", "朝阳市")) < names.index(("朝阳区", "北京市"))
    south = gaz.candidates("南山")
    assert south[0].poi_id == "sanya-nanshan"  # a famous sight before 深圳南山区
    assert [c.prefecture for c in south[1:]] == ["深圳市", "鹤岗市"]


@pytest.mark.parametrize(
    ("name", "destination", "poi"),
    [
        ("普陀", "putuoshan", None),  # 普陀山 shortened, before 上海普陀区
        ("峨眉", "emeishan", None),  # the destination, not the county-level city Leshan covers
        ("东湖", "wuhan", "wuhan-east-lake"),  # the better-known of two sights of one name
        ("迪士尼", "shanghai", "shanghai-disneyland"),  # the more popular
        ("兵马俑", "xian", "xian-terracotta-army"),  # a part of 秦始皇帝陵博物院（兵马俑）
        ("Terracotta Army", "xian", "xian-terracotta-army"),
        ("Great Wall", "beijing", "beijing-badaling"),  # the backbone's 八达岭 is the sight
    ],
)
def test_names_resolve_by_fame(
    gaz: Gazetteer, name: str, destination: str, poi: str | None
) -> None:
    match = gaz.resolve(name)
    assert match is not None and (match.destination_id, match.poi_id) == (destination, poi)


def test_a_shortened_sight_does_not_hide_a_city(gaz: Gazetteer) -> None:
    city = gaz.resolve("天门")  # 天门市, not 天门山
    assert city is not None and city.full_name_zh == "天门市" and city.poi_id is None
    peak = gaz.resolve("太平")  # 太平山 is an alias, not the name: 太平区 stays
    assert peak is not None and peak.full_name_zh == "太平区"


def test_a_part_that_is_a_division_is_not_a_sight(gaz: Gazetteer) -> None:
    match = gaz.resolve("大同")  # 九龙壁（大同） does not make 大同 a sight
    assert match is not None and match.poi_id is None and match.destination_id == "datong"


@pytest.mark.parametrize(
    ("name", "poi"),
    [("长城", "beijing-badaling"), ("长隆", "guangzhou-chimelong-safari"),
     ("香港迪士尼", "hongkong-disneyland"), ("Chimelong", "guangzhou-chimelong-safari")],
)  # fmt: skip
def test_sights_named_in_part(gaz: Gazetteer, name: str, poi: str) -> None:
    match = gaz.partial(name)
    assert match is not None and match.poi_id == poi


@pytest.mark.parametrize("name", ["古镇", "博物馆", "石窟", "Museum", "Old Town", "大峡谷"])
def test_generic_words_name_no_sight(gaz: Gazetteer, name: str) -> None:
    assert gaz.partial(name) is None


@pytest.mark.parametrize(
    ("name", "zh", "en"),
    [
        ("上海普陀区", "普陀区（上海）", "Putuo (Shanghai)"),
        ("中山", "中山（广东）", "Zhongshan (Guangdong)"),
        ("华山", "华山（陕西渭南）", "Mount Hua (Weinan, Shaanxi)"),
        ("海南", "海南省", "Hainan"),
        ("上海", "上海", "Shanghai"),
    ],
)
def test_labels_say_where_a_place_is(gaz: Gazetteer, name: str, zh: str, en: str) -> None:
    match = gaz.resolve(name) if name != "上海普陀区" else gaz.candidates("普陀区")[0]
    assert match is not None
    assert (match.label("zh"), match.label("en")) == (zh, en)


def test_destinations_are_told_from_the_places_they_cover(gaz: Gazetteer) -> None:
    city = gaz.resolve("黄山市")
    district = gaz.resolve("黄山区")
    assert city is not None and gaz.is_destination(city)
    assert district is not None and district.district and not gaz.is_destination(district)
    cover = gaz.coverage("huangshan")
    assert cover is not None and cover.stay_days >= 2 and cover.attractions[0]
