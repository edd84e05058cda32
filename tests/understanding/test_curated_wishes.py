"""Wishes read on the curated base: kinds of show or activity (想听相声, "a crosstalk show") —
a sight that offers it becomes a must-see in the person's words, none found is kept and answered
❌, never dropped, never a false place; sights named in pinyin; where to stay said in English as
in Chinese; parts of a trip said one after another."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 3, 10)


def read(text: str) -> TripRequest:
    request = parse_request(text, KB, today=TODAY).request
    assert request is not None
    return request


@pytest.mark.parametrize(
    ("text", "poi"),
    [
        ("天津两天，想听相声", "tianjin-crosstalk-teahouse"),
        ("Tianjin day trip from Beijing by high-speed train, with a crosstalk show", "tianjin-crosstalk-teahouse"),
        ("成都3天，想看川剧变脸", "chengdu-shufeng-yayun-opera"),
        ("Chengdu 3 days, we want to see Sichuan opera face-changing", "chengdu-shufeng-yayun-opera"),
        ("杭州两天，想坐船游西湖", "hangzhou-three-pools"),
        ("青岛3天，想去赶海", "qingdao-zhanqiao"),
        ("Yangshuo 3 days, cycling among the karst hills", "yangshuo-ten-mile-gallery"),
        ("北京3天，想看京剧", "beijing-laoshe-teahouse"),
        ("北京3天，想听相声", "beijing-deyunshe-tianqiao"),
        ("北京3天，想看功夫表演", "beijing-red-theatre-kungfu"),  # was ❌ 「北京没有」
        ("4 days in Beijing with the kids, and a kung fu show", "beijing-red-theatre-kungfu"),
    ],
)  # fmt: skip
def test_an_activity_a_sight_offers_is_a_must_see(text: str, poi: str) -> None:
    request = read(text)
    assert request.must_see == (poi,)  # and no false place read from its words (四川博物院)
    (wish,) = [w for w in request.wishes if w.kind == "must_see"]
    assert wish.value == poi and wish.said
    assert not request.unrecognized


def test_an_activity_no_sight_offers_is_kept_to_be_answered() -> None:
    request = read("厦门3天，想看京剧和杂技")
    others = {w.value for w in request.wishes if w.kind == "other"}
    assert others == {"activity:peking-opera", "activity:acrobatics"}
    assert not request.must_see and not request.unrecognized


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("杭州两天，要安排漂流", "activity:rafting"),
        ("杭州两天，希望能骑马", "activity:horse-riding"),
    ],
)
def test_an_activity_once_not_understood_is_now_a_wish(text: str, value: str) -> None:
    request = read(text)  # these were echoed as 「没看懂」; the report now answers them
    assert value in {w.value for w in request.wishes} and not request.unrecognized


def test_an_activity_refused_is_no_wish() -> None:
    request = read("杭州两天，不想漂流")
    assert not [w for w in request.wishes if w.value.startswith("activity:")]


def test_a_sight_after_from_is_no_departure() -> None:
    request = read("Emeishan 2 days, my wife and I want the sunrise from the Golden Summit")
    assert request.departure is None  # it planned a trip "from 峨眉山（金顶）" with no legs
    assert read("Huangshan 2 days from Shanghai").departure == "shanghai"


def test_parts_said_one_after_another_add_up_in_one_destination() -> None:
    assert read("去周庄玩一天，再在苏州古城玩一天").days == 2


@pytest.mark.parametrize(
    ("text", "poi"),
    [
        ("Wuxi 2 days, the giant Buddha and Nianhuawan at night", "wuxi-nianhuawan"),
        ("Hangzhou 2 days, Lingyinsi please", "hangzhou-lingyin-temple"),
    ],
)
def test_a_sight_named_in_pinyin_is_a_must_see(text: str, poi: str) -> None:
    assert poi in read(text).must_see


def test_inside_a_sight_in_english_means_the_lodging_inside_it_as_in_chinese() -> None:
    en = read("Wuzhen 2 days from Shanghai, stay inside Xizha").lodging.near
    zh = read("乌镇两天，住西栅里面").lodging.near
    assert en[0] == zh[0] == "wuzhen-lodging-xizha"


@pytest.mark.parametrize(
    ("text", "near"),
    [
        ("Dali 3 days, a guesthouse by Erhai lake", "dali-erhai-corridor"),
        ("Fenghuang 2 days, a riverside stilt-house inn", "fenghuang-lodging-riverside"),
    ],
)
def test_where_to_stay_said_with_the_kind_of_stay(text: str, near: str) -> None:
    request = read(text)
    assert request.lodging.kind == "homestay" and request.lodging.near[0] == near


def test_a_dish_is_not_its_whole_region() -> None:
    (food,) = read("贵阳2天，想吃酸汤鱼").food  # any Guizhou restaurant was a false ✅
    assert food.cuisine == "fish"


@pytest.mark.parametrize(
    ("text", "poi", "moments"),
    [
        ("想看西湖日落和夜景，杭州两天", "hangzhou-leifeng-pagoda", {"sunset", "night-view"}),
        ("大理3天，想看洱海日出", "dali-erhai-corridor", {"sunrise"}),
        ("Shanghai 2 days, sunset at the Bund", "shanghai-the-bund", {"sunset"}),
    ],
)  # fmt: skip
def test_a_moment_at_a_named_area_is_a_moment_there(text: str, poi: str, moments: set[str]) -> None:
    """西湖日落 is the sunset at 西湖 (a sight there tagged for it), not an unknown place."""
    result = parse_request(text, KB, today=TODAY)
    request = result.request
    assert request is not None
    assert not result.unmatched_must_see
    assert request.must_see == (poi,)
    assert set(request.experiences) == moments
    assert {w.value for w in request.wishes if w.kind == "experience"} == moments


def test_an_activity_at_a_named_sight_is_said_with_it() -> None:
    """环岛路骑车: 环岛路 is where the cycling is done; the one must-see echoes both."""
    request = read("厦门3天，环岛路骑车")
    assert request.must_see == ("xiamen-huandao-road",)
    (wish,) = [w for w in request.wishes if w.kind == "must_see"]
    assert "环岛路" in wish.said and "骑车" in wish.said


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Guilin 3 days kayaking", "activity:kayaking"),
        ("桂林3天，想划皮划艇", "activity:kayaking"),
        ("青岛3天，想出海钓鱼", "activity:fishing"),
    ],
)
def test_an_outdoor_activity_no_sight_offers_is_kept(text: str, value: str) -> None:
    request = read(text)
    assert [w.value for w in request.wishes if w.kind == "other"] == [value]


@pytest.mark.parametrize(
    ("text", "poi", "said"),
    [("坐船去鼓浪屿玩两天", "xiamen-gulangyu", "鼓浪屿"),
     ("桂林2天，想坐漓江游船", "guilin-li-river-cruise", "漓江游船")],
)  # fmt: skip
def test_a_ferry_or_a_named_cruise_is_no_boat_wish(text: str, poi: str, said: str) -> None:
    """坐船去X is the way there; 漓江游船 is the sight by its name, said whole."""
    request = read(text)
    assert not [w for w in request.wishes if w.kind == "other"]
    assert [(w.value, w.said) for w in request.wishes if w.kind == "must_see"] == [(poi, said)]


def test_golden_peaks_at_sunrise_are_a_sunrise_moment() -> None:
    """日照金山 (snow peaks lit by the rising sun) is a sunrise wish, not words dropped."""
    request = read("丽江3天，想在玉龙雪山看日照金山")
    assert "sunrise" in request.experiences
    assert any(w.kind == "experience" and "日照金山" in w.said for w in request.wishes)
