"""Issue 13 knowledge: ticket notes that do not repeat the ticket line, and the gaps travellers
hit (北京 相声 and a 胡同四合院 stay, 重庆 江北嘴, hotpot in central Shanghai, 冰雪大世界 children)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from engine.domain.request import Party
from engine.knowledge.base import default_knowledge
from engine.knowledge.prices import party_price
from engine.knowledge.schema import Attraction
from engine.understanding.activities import resolve_activity

KB = default_knowledge()


def _price_words(a: Attraction) -> tuple[re.Pattern[str], re.Pattern[str]]:
    n = re.escape(f"{a.ticket_cny:g}")
    zh = re.compile(
        rf"^(?:门票|票价|成人票|成人|大门票)?\s*{n}(?:\.0)?\s*元(?:/人)?(?=[（(，；。、]|$)"
    )
    en = re.compile(
        rf"^(?:Entry |Adults? |Adult ticket |Ticket )?CNY\s*{n}(?:\.0)?"
        rf"(?: adults?| per person| all year| including\b)?(?=\s?[(,;.]|\s?$| including\b)"
    )
    return zh, en


def test_ticket_notes_do_not_open_with_the_price_the_ticket_line_shows() -> None:
    """The ticket table prints 「门票104元（<note>）」: a note that opens with the same price
    reads 「门票104元（门票104元（学生、老人半价）…）」 (宏村, seen by a tester). A sight with one
    price all year says its price once, in `ticket_cny`."""
    doubled = []
    for destination in KB.destinations.values():
        for a in destination.attractions:
            if not a.ticket_cny or a.seasons or a.inside:
                continue
            zh, en = _price_words(a)
            if zh.match(a.ticket_note_zh) or en.match(a.ticket_note_en):
                doubled.append(f"{a.id}: {a.ticket_note_zh[:20]} / {a.ticket_note_en[:20]}")
    assert not doubled, doubled


def test_hongcun_note_says_what_the_ticket_line_does_not() -> None:
    hongcun = next(
        a for a in KB.destinations["huangshan"].attractions if a.id == "huangshan-hongcun"
    )
    assert hongcun.ticket_cny == 104
    assert "104" not in hongcun.ticket_note_zh and "半价" in hongcun.ticket_note_zh


@pytest.mark.parametrize(
    ("key", "poi"),
    [
        ("crosstalk", "beijing-deyunshe-tianqiao"),
        ("peking-opera", "beijing-laoshe-teahouse"),
        ("acrobatics", "beijing-laoshe-teahouse"),
        ("shadow-puppets", "beijing-laoshe-teahouse"),
    ],
)
def test_beijing_offers_its_stage_arts_in_the_evening(key: str, poi: str) -> None:
    """想听相声 / 想看京剧 / 杂技 / 皮影 in Beijing were answered 「资料里北京没有提供这项活动的地方」:
    德云社's theatre at 天桥 and the 老舍茶馆 evening show answer them, sourced in part."""
    assert resolve_activity(key, KB, ["beijing"]) == poi
    a = next(x for x in KB.destinations["beijing"].attractions if x.id == poi)
    assert a.hours.startswith("19:30") and a.confidence == "curated"
    assert "read 2026-12-03" in a.source and "estimated" in a.source.lower()


def test_a_hutong_courtyard_stay_names_a_lodging_area() -> None:
    """「想住胡同四合院」 is matched against lodging-area names: the 南锣鼓巷/鼓楼 area is one."""
    names = [lod.name_zh for lod in KB.destinations["beijing"].lodging]
    assert any("胡同四合院" in n for n in names)
    gulou = next(lod for lod in KB.destinations["beijing"].lodging if "四合院" in lod.name_zh)
    assert gulou.confidence == "curated" and "appledaily" in gulou.source


def test_chongqing_has_a_jiangbeizui_lodging_area_across_from_hongyadong() -> None:
    area = next(lod for lod in KB.destinations["chongqing"].lodging if "江北嘴" in lod.name_zh)
    hongyadong = next(
        a for a in KB.destinations["chongqing"].attractions if a.id == "chongqing-hongyadong"
    )
    dlat, dlon = (area.lat - hongyadong.lat) * 111_000, (area.lon - hongyadong.lon) * 97_000
    assert 500 < (dlat**2 + dlon**2) ** 0.5 < 2500  # across the Jialing, not on it
    assert area.confidence == "estimated"


def test_central_shanghai_has_hotpot_said_as_an_area() -> None:
    hotpot = [r for r in KB.destinations["shanghai"].restaurants if "hotpot" in r.cuisines]
    assert hotpot and all(r.kind == "food_street" for r in hotpot)
    assert any(r.id == "shanghai-peoples-square-hotpot-area" for r in hotpot)


def test_ice_and_snow_world_lets_small_children_in_free() -> None:
    """Two children aged 3 and 5 with one adult pay the adult ticket only (1.2 m rule)."""
    park = next(a for a in KB.destinations["harbin"].attractions if a.id == "harbin-ice-snow-world")
    party = Party(adults=1, children=2, child_ages=(3, 5))
    assert party_price(park, dt.date(2026, 12, 25), party).total == park.ticket_cny
    teen = Party(adults=1, children=1, child_ages=(14,))
    assert party_price(park, dt.date(2026, 12, 25), teen).total == park.ticket_cny + 240


def test_no_restaurant_is_curated_on_guidebook_knowledge_alone() -> None:
    """`curated` means checked in part against a cited source someone read (KBVERIFY): a record
    whose only source is guidebook knowledge from memory is `estimated`."""
    alone = [
        r.id
        for destination in KB.destinations.values()
        for r in destination.restaurants
        if r.confidence != "estimated"
        and re.search(r"guidebook", r.source, re.I)
        and not re.search(r"\bread 20\d\d|checked 20\d\d|verified 20\d\d", r.source)
    ]
    assert not alone, alone


def test_sourced_snack_streets_cite_what_was_read() -> None:
    for dest, rid in (("xian", "xian-huimin-food-street"), ("harbin", "harbin-modern-ice-lolly"),
                      ("kaifeng", "kaifeng-gulou-night-market")):  # fmt: skip
        place = next(r for r in KB.destinations[dest].restaurants if r.id == rid)
        assert place.confidence == "curated" and "read 2026-12-03" in place.source, rid
