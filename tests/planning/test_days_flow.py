"""Days that flow (issue #12, task dayflow): a kind of sight wished by name is planned before
minor sights; a sight whose point is its lights (西塘's lanterns, 大唐不夜城) is seen after dark,
and a named one seen by day is said — asserted on the content of plans."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import LodgingWish, Party, TripRequest
from engine.knowledge.sun import sun_times
from engine.planning import candidates as cand
from engine.planning import plan_trip
from engine.planning.model import sight_prizes
from engine.planning.night_check import night_check
from engine.planning.visit_windows import AFTER_DARK_MIN, DUSK_MIN
from tests.helpers.plans import KB, SATURDAY, plan


def sights(p: Itinerary) -> set[str]:
    return {i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION}


def test_pandas_wished_in_beijing_make_the_zoo_the_wished_sight() -> None:
    """「北京四天，想看熊猫」: only 北京动物园 keeps pandas there, so it is the wished sight; a
    taste shared by many sights (history) marks none."""
    request = TripRequest(destinations=("beijing",), days=4, start_date=SATURDAY,
                          interests=("giant-panda", "history"))  # fmt: skip
    scored = cand.attractions(KB.destinations["beijing"], request)
    assert [s.attraction.id for s in scored if s.wished] == ["beijing-zoo"]


def test_a_wished_sight_outweighs_every_minor_sight_together_and_any_one_headline() -> None:
    """「想泡温泉」 on 海南's 万宁 day gave a surf beach and ❌ 温泉 (drops): a kind wished by name
    outranks any one headline sight not wished, and stays below a must-see."""
    request = TripRequest(destinations=("beijing",), days=4, start_date=SATURDAY,
                          interests=("giant-panda",))  # fmt: skip
    scored = cand.attractions(KB.destinations["beijing"], request)
    prizes = sight_prizes(scored)
    minor = sum(prizes[s.attraction.id] for s in scored
                if s.headline is None and not s.wished)  # fmt: skip
    headline = max(prizes[s.attraction.id] for s in scored if s.headline is not None)
    assert minor < headline < prizes["beijing-zoo"]
    must = sight_prizes(
        [replace(s, must_see=s.attraction.id == "beijing-lama-temple") for s in scored]
    )
    assert prizes["beijing-zoo"] < must["beijing-lama-temple"]


def test_four_days_in_beijing_with_pandas_wished_visit_the_zoo() -> None:
    """The zoo was 「排不下」 while 景山, 钟鼓楼 and 北海 fitted (a stated interest weighed
    ×1.5 on a popularity-3 sight)."""
    p = plan(destinations=("beijing",), days=4, departure=None, interests=("giant-panda",))
    assert "beijing-zoo" in sights(p)


def _visit(p: Itinerary, poi: str) -> tuple[int, Item]:
    found = [(d.index, i) for d in p.days for i in d.items
             if i.poi_id == poi and i.kind is ItemKind.ATTRACTION]  # fmt: skip
    assert found, f"{poi} left out"
    return found[0]


def _after_dark(p: Itinerary, poi: str) -> bool:
    """Whether the visit to `poi` lasts its first `AFTER_DARK_MIN` minutes past dusk."""
    index, item = _visit(p, poi)
    place = KB.attraction(poi)
    assert place is not None
    _, sunset = sun_times(place.lat, place.lon, p.days[index - 1].date)
    dark = sunset + DUSK_MIN + min(AFTER_DARK_MIN, place.visit_minutes)
    return clock_minutes(item.end) >= dark


def test_xitang_wished_on_a_wuzhen_trip_is_seen_with_its_lanterns_lit() -> None:
    """西塘 was left at 17:41 (a 13:28 day trip from 乌镇), before its lanterns."""
    p = plan(destinations=("wuzhen",), days=2, must_see=("wuzhen-xitang",))
    assert _after_dark(p, "wuzhen-xitang"), _visit(p, "wuzhen-xitang")


def test_datang_everbright_in_july_is_walked_after_dark() -> None:
    """大唐不夜城 at 18:59–20:59 in July is mostly daylight (sunset about 19:58)."""
    p = plan(destinations=("xian",), days=3, departure=None, start_date=dt.date(2026, 7, 3))
    assert _after_dark(p, "xian-datang-everbright"), _visit(p, "xian-datang-everbright")


def _by_day(p: Itinerary, poi: str) -> tuple[int, Itinerary]:
    """`p` with the visit to `poi` moved to 13:00–16:00 (its day index too)."""
    index, item = _visit(p, poi)
    early = item.model_copy(update={"start": dt.time(13, 0), "end": dt.time(16, 0)})
    day = p.days[index - 1]
    items = [early if i is item else i for i in day.items]
    days = [d.model_copy(update={"items": items}) if d is day else d for d in p.days]
    return index, p.model_copy(update={"days": days})


def test_a_named_night_view_seen_by_day_is_said_with_its_day_and_time() -> None:
    p = plan(destinations=("wuzhen",), days=2, must_see=("wuzhen-xitang",))
    index, moved = _by_day(p, "wuzhen-xitang")
    check = night_check(moved, KB)
    assert not check.passed and f"西塘古镇（第{index}天13:00）" in check.message, check.message
    assert "没有空出的晚上" in check.message
    assert night_check(p, KB).passed


def test_a_night_view_by_day_for_young_children_says_their_bedtime() -> None:
    """June in 西塘: the lanterns are lit past 20:50, after a four-year-old is due back (21:00
    less the ride) — the reason is the bedtime, not a missing evening."""
    p = plan(destinations=("wuzhen",), days=2, must_see=("wuzhen-xitang",),
             start_date=dt.date(2026, 6, 13), party=Party(adults=2, children=1, child_ages=(4,)))  # fmt: skip
    _, moved = _by_day(p, "wuzhen-xitang")
    check = night_check(moved, KB)
    assert not check.passed and "21:00前回到住处" in check.message, check.message


def test_a_minor_sight_whose_point_is_its_lights_is_not_planned_by_day() -> None:
    """乌镇 for two days with no word of 西塘: 西塘 at 13:33 showed its lanes without their
    lanterns — a minor after-dark sight comes lit or not at all (headline ones and those named
    may still come by day when no evening holds them, said in the report)."""
    p = plan(destinations=("wuzhen",), days=2, start_date=dt.date(2026, 3, 7), lang="en",
             experiences=("night-view",),
             lodging=LodgingWish(near=("wuzhen-lodging-xizha",), on_site=True))  # fmt: skip
    dest = KB.destinations["wuzhen"]
    minor = [i.poi_id for d in p.days for i in d.items
             if i.kind is ItemKind.ATTRACTION and i.poi_id not in dest.headline
             and (a := KB.attraction(i.poi_id or "")) is not None and a.best_time == "after_dark"]  # fmt: skip
    assert all(_after_dark(p, poi or "") for poi in minor), minor


def test_a_hot_spring_wished_in_hainan_is_soaked_in() -> None:
    """「春节带爸妈从北京去海南玩6天，想泡温泉，不要太赶」 answered ❌ 温泉 (「有兴隆温泉，但排不下」)
    while 万宁's one day went to its surf beaches: the wished kind now outranks them."""
    from engine.understanding import parse_request

    request = parse_request(
        "春节带爸妈从北京去海南玩6天，想泡温泉，不要太赶", KB, today=SATURDAY
    ).request
    assert request is not None and "hot-spring" in request.interests
    p = plan_trip(request, KB)
    soaked = [
        i.poi_id
        for d in p.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION
        and (a := KB.attraction(i.poi_id or "")) is not None
        and "hot-spring" in a.tags
    ]
    assert soaked
    assert p.feasibility is not None
    answer = next(w for w in p.feasibility.wishes if w.value == "hot-spring")
    assert answer.status == "honoured"
