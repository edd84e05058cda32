"""The plan-quality checkers on hand-built itineraries: each verdict, passing and failing.

The places are real records of the curated knowledge base (tags, cuisines, coordinates); the
days are written here, so each test states the plan a traveller would read and what they would
say about it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bench import plan_quality_checks as checks
from bench import plan_quality_idle as idle_checks
from bench.plan_quality_expect import Dates, Expect, Food, Lodging, Modes, People
from bench.plan_quality_wishes import WishVerdict, judge, sun_minutes
from engine.domain.feasibility import Check, FeasibilityReport, WishCheck
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode
from engine.domain.request import Pace, Party, TripRequest
from engine.knowledge.base import KnowledgeBase, load_curated

DATE = dt.date(2026, 5, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def t(hhmm: str) -> dt.time:
    return dt.time.fromisoformat(hhmm)


def sight(poi_id: str, start: str, end: str) -> Item:
    return Item(kind=ItemKind.ATTRACTION, name=poi_id, poi_id=poi_id, start=t(start), end=t(end))


def meal(poi_id: str, start: str, end: str, which: str) -> Item:
    return Item(
        kind=ItemKind.MEAL, name=poi_id, poi_id=poi_id, start=t(start), end=t(end), meal=which
    )


def leg(mode: Mode, start: str, end: str, km: float = 2.0, **kw: Any) -> Item:
    kind = ItemKind.INTERCITY if mode in (Mode.HSR, Mode.FLIGHT, Mode.TRAIN) else ItemKind.TRANSIT
    return Item(kind=kind, name=f"{mode.value} leg", mode=mode, start=t(start), end=t(end),
                distance_m=int(km * 1000), **kw)  # fmt: skip


def day(index: int, dest: str, *items: Item, lodging: str | None = None) -> Day:
    return Day(index=index, date=DATE + dt.timedelta(days=index - 1), destination=dest,
               items=items, lodging_id=lodging)  # fmt: skip


def plan(*days: Day, report: FeasibilityReport | None = None, **request: Any) -> Itinerary:
    dests = tuple(dict.fromkeys(d.destination for d in days))
    req = TripRequest(destinations=dests, days=max(1, len(days)), **request)
    return Itinerary(title="test", request=req, days=days,
                     feasibility=report or FeasibilityReport(checks=()))  # fmt: skip


def expect(dest: str = "suzhou", days: int = 1, **kw: Any) -> Expect:
    return Expect(destinations=(dest,), days=days, **kw)


def one(verdicts: list[WishVerdict], kind: str) -> WishVerdict:
    found = [v for v in verdicts if v.kind == kind]
    assert len(found) == 1, found
    return found[0]


# ---- delivery, feasibility, days, party


def test_delivered_needs_items_every_day() -> None:
    good = day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:00"))
    assert checks.delivered(plan(good))
    assert not checks.delivered(plan(good, day(2, "suzhou")))
    assert not checks.delivered(None)


def test_feasible_counts_errors_not_warnings() -> None:
    d = day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:00"))
    warn = Check(code="budget", passed=False, message="over", severity="warning")
    error = Check(code="opening_hours", passed=False, message="closed")
    assert checks.feasible(plan(d, report=FeasibilityReport(checks=(warn,)))).ok
    verdict = checks.feasible(plan(d, report=FeasibilityReport(checks=(warn, error))))
    assert verdict.ok is False and "opening_hours" in verdict.detail


def test_days_and_dates() -> None:
    one_day = day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:00"))
    may = Dates(start_between=(dt.date(2026, 4, 30), dt.date(2026, 5, 2)))
    assert checks.days_and_dates(plan(one_day), expect(dates=may)).ok
    assert not checks.days_and_dates(plan(one_day), expect(days=2)).ok
    late = Dates(start_between=(dt.date(2026, 10, 1), dt.date(2026, 10, 2)))
    assert "outside" in checks.days_and_dates(plan(one_day), expect(dates=late)).detail
    split = Expect(destinations=("beijing", "tianjin"), days=2,
                   destination_days={"beijing": 1, "tianjin": 1})  # fmt: skip
    both = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")),
                day(2, "tianjin", sight("tianjin-five-great-avenues", "09:00", "11:00")))  # fmt: skip
    assert checks.days_and_dates(both, split).ok
    only_beijing = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")),
                        day(2, "beijing", sight("beijing-temple-of-heaven", "09:00", "11:00")))  # fmt: skip
    assert "no day in tianjin" in checks.days_and_dates(only_beijing, split).detail
    elsewhere = plan(day(1, "shanghai", sight("shanghai-the-bund", "09:00", "10:30")),
                     day(2, "hongkong", sight("hongkong-disneyland", "10:30", "19:30")))  # fmt: skip
    verdict = checks.days_and_dates(elsewhere, expect("shanghai", 2))
    assert verdict.ok is False and "hongkong, not asked for" in verdict.detail


def test_party() -> None:
    d = day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:00"))
    family = plan(d, party=Party(adults=2, children=1))
    assert checks.party(family, expect(people=People(adults=2, children=1))).ok
    assert not checks.party(family, expect(people=People(adults=1, seniors=2))).ok
    assert checks.party(family, expect()).ok is None


# ---- headline sights


def test_headline_falls_back_to_the_request_and_takes_alternatives(kb: KnowledgeBase) -> None:
    kb = KnowledgeBase(links=kb.links)  # Beijing without a curated headline list
    kb.add(load_curated().destinations["beijing"].model_copy(update={"headline": ()}))
    wall = ("beijing-badaling", "beijing-mutianyu")
    e = expect("beijing", 2, headline=("beijing-forbidden-city", wall))
    with_wall = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")),
                     day(2, "beijing", sight("beijing-mutianyu", "09:00", "13:00")))  # fmt: skip
    assert checks.headline(with_wall, kb, e).ok
    without = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")),
                   day(2, "beijing", sight("beijing-summer-palace", "09:00", "13:00")))  # fmt: skip
    verdict = checks.headline(without, kb, e)
    assert verdict.ok is False and "八达岭长城" in verdict.detail


def test_a_headline_sight_takes_the_requests_alternatives(kb: KnowledgeBase) -> None:
    assert "beijing-badaling" in kb.destinations["beijing"].headline
    wall = ("beijing-badaling", "beijing-mutianyu")
    e = expect("beijing", 2, headline=("beijing-forbidden-city", wall))
    one = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")))
    assert wall in checks.expected_headline(one, kb, e)
    assert ("beijing-badaling",) in checks.expected_headline(one, kb, expect("beijing", 2))


def test_headline_from_the_knowledge_fits_the_days_and_the_request(kb: KnowledgeBase) -> None:
    kb = KnowledgeBase(links=kb.links)
    beijing = load_curated().destinations["beijing"]
    kb.add(beijing.model_copy(update={"headline": (
        "beijing-forbidden-city", "beijing-badaling", "beijing-temple-of-heaven")}))  # fmt: skip
    one_day = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")))
    assert checks.expected_headline(one_day, kb, expect("beijing", 1)) == [
        ("beijing-forbidden-city",)
    ]
    assert checks.headline(one_day, kb, expect("beijing", 1)).ok
    three = checks.expected_headline(one_day, kb, expect("beijing", 3))
    assert [s[0] for s in three] == [
        "beijing-forbidden-city",
        "beijing-badaling",
        "beijing-temple-of-heaven",
    ]
    assert not checks.headline(one_day, kb, expect("beijing", 3)).ok
    # limited mobility: the Great Wall (a hike) is not expected; a named must-see always is
    e = expect("beijing", 3, access="limited-mobility", must_see=("beijing-lama-temple",))
    assert [s[0] for s in checks.expected_headline(one_day, kb, e)] == [
        "beijing-forbidden-city", "beijing-temple-of-heaven", "beijing-lama-temple"]  # fmt: skip


def test_a_day_given_to_a_named_theme_park_holds_no_headline_sight(kb: KnowledgeBase) -> None:
    """「主要去迪士尼」 for two days: the park is one day, the other holds what one day holds."""
    park = plan(day(1, "shanghai", sight("shanghai-disneyland", "08:30", "19:30")))
    two = [s[0] for s in checks.expected_headline(park, kb, expect("shanghai", 2))]
    named = expect("shanghai", 2, must_see=("shanghai-disneyland",))
    one = [s[0] for s in checks.expected_headline(park, kb, named)]
    assert one[-1] == "shanghai-disneyland"
    assert one[:-1] == [s for s in two if s in one[:-1]] and len(one) - 1 < len(two), (one, two)
    assert "shanghai-museum-peoples-square" in two and "shanghai-museum-peoples-square" not in one


def test_a_headline_sight_closed_on_every_day_of_the_trip_is_not_expected(
    kb: KnowledgeBase,
) -> None:
    """呼伦贝尔's grasslands open June to September: a May trip cannot hold them (the plan
    says they are closed); a July trip must."""
    grass = kb.attraction("hulunbuir-golden-tent-tribe")
    assert grass is not None and grass.id in kb.destinations["hulunbuir"].headline
    museum = sight("hulunbuir-museum", "10:00", "11:30")
    may = plan(day(1, "hulunbuir", museum))
    assert may.days[0].date.month == 5
    assert ("hulunbuir-golden-tent-tribe",) not in checks.expected_headline(
        may, kb, expect("hulunbuir", 3)
    )
    july = may.model_copy(
        update={"days": (may.days[0].model_copy(update={"date": dt.date(2026, 7, 4)}),)}
    )
    assert ("hulunbuir-golden-tent-tribe",) in checks.expected_headline(
        july, kb, expect("hulunbuir", 3)
    )


# ---- taxis, idle time, meals, repeats, budget


def test_long_taxi_where_a_metro_runs(kb: KnowledgeBase) -> None:
    long_ride = plan(day(1, "beijing", leg(Mode.TAXI, "17:00", "18:00", km=36.5)))
    taxi = checks.taxis(long_ride, kb)
    assert taxi.longest_km == 36.5 and taxi.verdict.ok is False
    chartered = plan(day(1, "beijing", leg(Mode.TAXI, "08:00", "09:30", km=70, note="包车往返")))
    assert checks.taxis(chartered, kb).verdict.ok
    short = plan(day(1, "beijing", leg(Mode.TAXI, "08:00", "08:30", km=12)))
    assert checks.taxis(short, kb).verdict.ok


def test_public_option_from_metro_coach_or_notes(kb: KnowledgeBase) -> None:
    beijing = kb.destinations["beijing"]
    assert checks.public_option(beijing)
    bare = beijing.model_copy(update={"metro": False, "hubs": (), "notes": ()})
    assert not checks.public_option(bare)
    assert checks.public_option(kb.destinations["hulunbuir"])  # 需包车或自驾: a chartered car
    lone = KnowledgeBase()
    lone.add(bare)
    assert checks.taxis(
        plan(day(1, "beijing", leg(Mode.TAXI, "08:00", "09:30", km=40))), lone
    ).verdict.ok


def test_idle_minutes_between_items() -> None:
    d1 = day(1, "suzhou",
             meal("suzhou-lodging-guanqian", "08:00", "08:30", "breakfast"),
             leg(Mode.WALK, "08:30", "08:45"),
             sight("suzhou-lion-grove", "08:45", "10:00"),
             leg(Mode.WALK, "10:10", "10:20"),  # 10 idle
             sight("suzhou-humble-administrators-garden", "10:20", "12:20"),
             leg(Mode.METRO, "14:00", "14:20"),  # 100 idle, a long gap
             sight("suzhou-museum", "14:20", "16:20"),
             leg(Mode.METRO, "16:20", "16:40"),
             leg(Mode.HSR, "17:10", "17:40"))  # fmt: skip  # 30 min at the station: boarding
    d2 = day(2, "suzhou", leg(Mode.TRAIN, "07:00", "07:00", overnight="arrive"),
             leg(Mode.METRO, "07:40", "08:00"), sight("suzhou-lion-grove", "08:00", "09:00"))  # fmt: skip
    idle = idle_checks.idle(plan(d1, d2))
    assert idle.per_day == (110, 0)
    assert idle.long_gaps == ((1, "12:20", 100),)
    assert idle.median == 55 and idle.verdict.ok is False
    assert idle_checks.idle(plan(d2)).verdict.ok


def free(start: str, end: str, name: str = "自由活动（约100分钟）") -> Item:
    return Item(kind=ItemKind.FREE, name=name, start=t(start), end=t(end), lat=31.3, lon=120.6)


def test_free_time_filling_a_gap_is_idle_and_rest_after_the_last_sight_is_not() -> None:
    d = day(1, "suzhou",
            meal("suzhou-lodging-guanqian", "08:00", "08:30", "breakfast"),
            free("08:30", "10:10"),  # waiting for the first sight, shown as free time
            leg(Mode.WALK, "10:10", "10:20"),
            sight("suzhou-lion-grove", "10:20", "12:00"),
            meal("suzhou-songhelou", "12:00", "13:00", "lunch"),
            free("13:00", "16:00"),  # after the last sight
            leg(Mode.WALK, "16:00", "16:10"),
            meal("suzhou-songhelou", "17:30", "18:30", "dinner"))  # fmt: skip
    busy = idle_checks.idle(plan(d))
    assert busy.per_day == (100 + 180 + 80,)
    assert busy.long_gaps == ((1, "08:30", 100), (1, "13:00", 180), (1, "16:10", 80))
    resting = idle_checks.idle(plan(d, party=Party(adults=1, seniors=2)))
    assert resting.per_day == (100,) and resting.rest_per_day == (260,)
    nap = day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:00"),
              free("12:00", "13:00", "午休（小朋友休息一下）"),
              sight("suzhou-museum", "13:00", "14:00"))  # fmt: skip
    assert idle_checks.idle(plan(nap)).per_day == (120,)


def test_a_midday_out_of_the_heat_is_rest_not_idle() -> None:
    def noon(name: str) -> Itinerary:
        return plan(day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "11:00"),
                        free("12:00", "15:00", name),
                        sight("suzhou-museum", "15:00", "16:00")))  # fmt: skip

    heat = idle_checks.idle(noon("下午自由活动/休息（避开午间炎热，在室内歇歇）"))
    assert heat.per_day == (60,) and heat.rest_per_day == (180,)


def test_free_time_the_plan_declares_is_rest_and_only_the_unmeant_wait_is_idle() -> None:
    """A rest after lunch or a free afternoon the plan says it means, with its reason
    (「自由活动/休息（休息一下）」, 「…（今天的游览已经够满）」, "Free afternoon / rest (…)"), is rest;
    the hour's wait before it and plain free time filling a gap (「自由活动（约N分钟）」) are
    idle (issue 12: intended rest counted as idle)."""

    def noon(name: str) -> Itinerary:
        return plan(day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "11:00"),
                        free("12:00", "15:00", name),
                        sight("suzhou-museum", "15:00", "16:00")))  # fmt: skip

    for said in ("下午自由活动/休息（休息一下）", "下午自由活动/休息（今天的游览已经够满）",
                 "Free afternoon / rest (the day's sightseeing is full)"):  # fmt: skip
        rested = idle_checks.idle(noon(said))
        assert rested.per_day == (60,) and rested.rest_per_day == (180,), said
    unmeant = idle_checks.idle(noon("自由活动（约180分钟）"))
    assert unmeant.per_day == (240,) and unmeant.rest_per_day == (0,)
    assert unmeant.long_gaps == ((1, "11:00", 240),)


def test_flight_check_in_is_not_idle() -> None:
    d = day(
        1, "beijing", leg(Mode.TAXI, "16:00", "17:00", km=20), leg(Mode.FLIGHT, "18:30", "20:30")
    )
    assert idle_checks.idle(plan(d)).per_day == (0,)
    early = day(
        1, "beijing", leg(Mode.TAXI, "14:00", "15:00", km=20), leg(Mode.FLIGHT, "18:30", "20:30")
    )
    assert idle_checks.idle(plan(early)).per_day == (120,)


def test_meal_times() -> None:
    d = day(1, "guangzhou",
            meal("guangzhou-taotaoju-dishifu", "09:00", "10:00", "breakfast"),
            meal("guangzhou-panxi-restaurant", "15:10", "16:00", "lunch"),
            meal("guangzhou-bingsheng-zhujiang", "18:00", "19:00", "dinner"),
            meal("guangzhou-yinji-rice-rolls", "21:30", "22:00", "late"))  # fmt: skip
    good, total, bad = checks.meal_times(plan(d))
    assert (good, total, bad) == (3, 4, ["day 1 lunch 15:10"])


def test_lunch_soon_after_breakfast_with_nothing_between() -> None:
    """Breakfast at 10:00, a ride, lunch at 11:22: eating twice in a row; the same with a sight
    between, or lunch two hours after breakfast, is not."""
    brunch = day(1, "beijing",
                 meal("beijing-yaoji-chaogan", "10:00", "10:30", "breakfast"),
                 leg(Mode.METRO, "10:30", "10:56"),
                 meal("beijing-kaorouji", "11:22", "12:37", "lunch"))  # fmt: skip
    assert checks.meal_times(plan(brunch))[2] == ["day 1 lunch 11:22 after breakfast 10:00"]
    seen = day(1, "beijing",
               meal("beijing-yaoji-chaogan", "10:00", "10:30", "breakfast"),
               sight("beijing-summer-palace", "10:40", "11:10"),
               meal("beijing-kaorouji", "11:22", "12:37", "lunch"))  # fmt: skip
    later = day(1, "beijing",
                meal("beijing-yaoji-chaogan", "08:52", "09:22", "breakfast"),
                meal("beijing-kaorouji", "11:22", "12:37", "lunch"))  # fmt: skip
    assert checks.meal_times(plan(seen))[2] == checks.meal_times(plan(later))[2] == []


def test_restaurant_repeats_and_food_streets_apart(kb: KnowledgeBase) -> None:
    p = plan(day(1, "suzhou", meal("suzhou-songhelou", "11:30", "12:30", "lunch"),
                 meal("suzhou-pingjiang-food", "18:00", "19:00", "dinner")),
             day(2, "suzhou", meal("suzhou-songhelou", "11:30", "12:30", "lunch"),
                 meal("suzhou-pingjiang-food", "18:00", "19:00", "dinner"),
                 meal("suzhou-deyuelou", "19:30", "20:00", "dinner")))  # fmt: skip
    restaurants, close, streets = checks.repeats(p, kb)
    assert restaurants == ["松鹤楼（观前太监弄） ×2"]
    assert close == ["平江路美食 days 1,2"]
    assert streets == ["平江路美食 ×2"]
    once = plan(day(1, "suzhou", meal("suzhou-songhelou", "11:30", "12:30", "lunch")))
    assert checks.repeats(once, kb) == ([], [], [])


def test_a_food_street_three_days_apart_is_no_close_repeat(kb: KnowledgeBase) -> None:
    street = meal("suzhou-pingjiang-food", "18:00", "19:00", "dinner")
    days = [day(n, "suzhou", street) for n in (1, 4)]
    assert checks.repeats(plan(*days), kb) == ([], [], ["平江路美食 ×2"])
    days = [day(n, "suzhou", street) for n in (1, 3)]
    assert checks.repeats(plan(*days), kb)[1] == ["平江路美食 days 1,3"]


def test_budget() -> None:
    d = day(1, "suzhou", Item(kind=ItemKind.ATTRACTION, name="x", poi_id="suzhou-lion-grove",
                              start=t("09:00"), end=t("10:00"), cost_cny=900))  # fmt: skip
    assert checks.budget(plan(d), expect(max_budget=1000)).ok
    assert "900" in checks.budget(plan(d), expect(max_budget=800)).detail
    assert checks.budget(plan(d), expect()).ok is None


# ---- wishes


def test_intercity_modes(kb: KnowledgeBase) -> None:
    by_air = plan(day(1, "beijing", leg(Mode.FLIGHT, "08:00", "10:20"),
                      sight("beijing-forbidden-city", "11:00", "15:00")))  # fmt: skip
    by_rail = plan(day(1, "beijing", leg(Mode.HSR, "08:00", "12:30"),
                       sight("beijing-forbidden-city", "13:00", "16:00")))  # fmt: skip
    hsr = expect("beijing", departure="shanghai", intercity_modes=Modes(only=("hsr",)))
    assert not one(judge(by_air, kb, hsr), "transport").honoured
    assert one(judge(by_rail, kb, hsr), "transport").honoured
    no_fly = expect("beijing", departure="shanghai", intercity_modes=Modes(none_of=("flight",)))
    assert not one(judge(by_air, kb, no_fly), "avoid_transport").honoured
    assert one(judge(by_rail, kb, no_fly), "avoid_transport").honoured
    drive = expect("beijing", departure="tianjin", intercity_modes=Modes(only=("drive",)))
    no_legs = plan(day(1, "beijing", sight("beijing-forbidden-city", "09:00", "13:00")))
    assert one(judge(no_legs, kb, drive), "transport").honoured
    assert not one(judge(by_rail, kb, drive), "transport").honoured


def test_food_at_its_meal_and_hour(kb: KnowledgeBase) -> None:
    zaocha = expect(
        "guangzhou", food=(Food(cuisine=("dim-sum",), meal="breakfast", before=t("10:30")),)
    )
    morning = plan(
        day(1, "guangzhou", meal("guangzhou-taotaoju-dishifu", "08:30", "09:30", "breakfast"))
    )
    noon = plan(day(1, "guangzhou", meal("guangzhou-taotaoju-dishifu", "12:00", "13:00", "lunch")))
    assert one(judge(morning, kb, zaocha), "food").honoured
    assert not one(judge(noon, kb, zaocha), "food").honoured
    brunch = plan(
        day(1, "guangzhou", meal("guangzhou-taotaoju-dishifu", "11:00", "12:00", "breakfast"))
    )
    assert not one(judge(brunch, kb, zaocha), "food").honoured  # 早茶 by 10:30, as asked
    late = expect("changsha", food=(Food(cuisine=("street-food",), meal="late"),))
    supper = plan(day(1, "changsha", meal("changsha-super-wenheyou", "21:30", "22:30", "late")))
    dinner = plan(day(1, "changsha", meal("changsha-super-wenheyou", "18:00", "19:00", "dinner")))
    assert one(judge(supper, kb, late), "food").honoured
    assert not one(judge(dinner, kb, late), "food").honoured


def test_a_dish_wish_is_no_takeover_and_every_day_is_every_day(kb: KnowledgeBase) -> None:
    duck = ("beijing-quanjude-qianmen", "beijing-bianyifang")
    once = expect("beijing", food=(Food(cuisine=("roast-duck",), at_most=1),))
    one_duck = plan(day(1, "beijing", meal(duck[0], "11:30", "12:30", "lunch"),
                        meal("beijing-donglaishun", "18:00", "19:00", "dinner")))  # fmt: skip
    two_ducks = plan(day(1, "beijing", meal(duck[0], "11:30", "12:30", "lunch"),
                         meal(duck[1], "18:00", "19:00", "dinner")))  # fmt: skip
    assert one(judge(one_duck, kb, once), "food").honoured
    verdict = one(judge(two_ducks, kb, once), "food")
    assert not verdict.honoured and "2 meals, at most 1" in verdict.detail
    daily = expect("beijing", food=(Food(cuisine=("roast-duck",), every_day=True),))
    both = plan(day(1, "beijing", meal(duck[0], "18:00", "19:00", "dinner")),
                day(2, "beijing", meal(duck[1], "18:00", "19:00", "dinner")))  # fmt: skip
    gap = plan(day(1, "beijing", meal(duck[0], "18:00", "19:00", "dinner")),
               day(2, "beijing", meal("beijing-donglaishun", "18:00", "19:00", "dinner")))  # fmt: skip
    assert one(judge(both, kb, daily), "food").honoured
    assert "none on day 2" in one(judge(gap, kb, daily), "food").detail


def test_avoided_cuisine_tag_and_place(kb: KnowledgeBase) -> None:
    e = expect("chengdu", no_cuisines=("spicy",), no_tags=("museum",), no_places=("chengdu-jinli",))
    bad = plan(day(1, "chengdu", sight("chengdu-sichuan-museum", "09:00", "11:00"),
                   meal("chengdu-chen-mapo-tofu", "11:30", "12:30", "lunch"),
                   sight("chengdu-jinli", "19:00", "20:00")))  # fmt: skip
    good = plan(day(1, "chengdu", sight("chengdu-panda-base", "08:00", "12:00"),
                    meal("chengdu-wenshu-vegetarian", "12:30", "13:30", "lunch")))  # fmt: skip
    for kind in ("avoid_food", "avoid_tag", "avoid_place"):
        assert not one(judge(bad, kb, e), kind).honoured
        assert one(judge(good, kb, e), kind).honoured


def test_a_spicy_place_passes_when_the_meal_says_to_order_mild(kb: KnowledgeBase) -> None:
    e = expect("chengdu", no_cuisines=("spicy",))
    street = meal("chengdu-yulin-late-night", "18:00", "19:00", "dinner")  # tagged spicy
    told = street.model_copy(update={"note": "不吃辣：点老妈蹄花，别点冒菜，点菜时说不要辣"})
    assert not one(judge(plan(day(1, "chengdu", street)), kb, e), "avoid_food").honoured
    assert one(judge(plan(day(1, "chengdu", told)), kb, e), "avoid_food").honoured


def test_an_allergy_fails_where_a_meal_recommends_a_dish_holding_it(kb: KnowledgeBase) -> None:
    e = expect("guangzhou", no_cuisines=("shellfish",))
    dim_sum = meal("guangzhou-taotaoju-dishifu", "08:00", "09:15", "breakfast")  # 虾饺 on its menu
    shrimp = dim_sum.model_copy(update={"note": "人均约110元；推荐：虾饺、叉烧包、蛋挞"})
    safe = dim_sum.model_copy(
        update={"note": "人均约110元；推荐：叉烧包、榴莲酥、蛋挞；虾蟹贝类：别点虾饺"}
    )
    assert not one(judge(plan(day(1, "guangzhou", shrimp)), kb, e), "avoid_food").honoured
    assert one(judge(plan(day(1, "guangzhou", safe)), kb, e), "avoid_food").honoured


def test_access_bars_hikes(kb: KnowledgeBase) -> None:
    e = expect("beijing", access="limited-mobility")
    hike = plan(day(1, "beijing", sight("beijing-badaling", "09:00", "13:00")))
    flat = plan(day(1, "beijing", sight("beijing-temple-of-heaven", "09:00", "11:30")))
    assert not one(judge(hike, kb, e), "access").honoured
    assert one(judge(flat, kb, e), "access").honoured


def test_lodging_near_a_place_and_in_an_area(kb: KnowledgeBase) -> None:
    near = expect("suzhou", 2, lodging=Lodging(near="suzhou-pingjiang-road", within_m=1200))
    area = expect("suzhou", 2, lodging=Lodging(any_of=("suzhou-lodging-pingjiang",)))
    s = sight("suzhou-lion-grove", "09:00", "10:00")
    there = plan(day(1, "suzhou", s, lodging="suzhou-lodging-pingjiang"), day(2, "suzhou", s))
    away = plan(day(1, "suzhou", s, lodging="suzhou-lodging-station"), day(2, "suzhou", s))
    assert one(judge(there, kb, near), "lodging_area").honoured
    assert one(judge(there, kb, area), "lodging_area").honoured
    assert "km away" in one(judge(away, kb, near), "lodging_area").detail
    assert not one(judge(away, kb, area), "lodging_area").honoured


def test_pace_limits(kb: KnowledgeBase) -> None:
    relaxed = expect("suzhou", pace=Pace.RELAXED)
    five = plan(day(1, "suzhou", *(sight(p, f"{9 + i:02}:00", f"{9 + i:02}:45") for i, p in enumerate((
        "suzhou-lion-grove", "suzhou-museum", "suzhou-couple-garden", "suzhou-canglang-pavilion",
        "suzhou-master-of-nets-garden")))))  # fmt: skip
    two = plan(day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:15"),
                   sight("suzhou-museum", "14:00", "16:00")))  # fmt: skip
    assert not one(judge(five, kb, relaxed), "pace").honoured
    assert one(judge(two, kb, relaxed), "pace").honoured
    packed = expect("suzhou", pace=Pace.PACKED)
    assert not one(judge(two, kb, packed), "pace").honoured  # 195 min is no packed day
    full = plan(day(1, "suzhou", sight("suzhou-zhouzhuang", "08:00", "12:00"),
                    sight("suzhou-tiger-hill", "13:30", "15:30"),
                    sight("suzhou-lion-grove", "16:00", "17:15")))  # fmt: skip
    assert one(judge(full, kb, packed), "pace").honoured


def test_sunrise_sunset_and_night_views_at_their_hour(kb: KnowledgeBase) -> None:
    rise, sets = sun_minutes(30.13, 118.17, DATE)  # Huangshan, 1 May: about 05:15 and 18:40
    assert 5 * 60 <= rise <= 5 * 60 + 30 and 18 * 60 + 20 <= sets <= 18 * 60 + 55
    sunrise = expect("huangshan", experiences=("sunrise",))
    dawn = plan(day(1, "huangshan", sight("huangshan-scenic-area", "05:00", "12:00")))
    morning = plan(day(1, "huangshan", sight("huangshan-scenic-area", "08:00", "15:00")))
    summit = plan(day(1, "huangshan", sight("huangshan-hongcun", "09:00", "12:00"),
                      lodging="huangshan-lodging-summit"), day(2, "huangshan"))  # fmt: skip
    assert one(judge(dawn, kb, sunrise), "experience").honoured
    assert not one(judge(morning, kb, sunrise), "experience").honoured
    assert one(judge(summit, kb, sunrise), "experience").honoured
    sunset = expect("hangzhou", experiences=("sunset",))
    at_dusk = plan(day(1, "hangzhou", sight("hangzhou-leifeng-pagoda", "18:00", "19:00")))
    afternoon = plan(day(1, "hangzhou", sight("hangzhou-leifeng-pagoda", "14:00", "15:15")))
    assert one(judge(at_dusk, kb, sunset), "experience").honoured
    assert not one(judge(afternoon, kb, sunset), "experience").honoured
    night = expect("shanghai", experiences=("night-view",))
    evening = plan(day(1, "shanghai", sight("shanghai-the-bund", "19:30", "21:00")))
    daytime = plan(day(1, "shanghai", sight("shanghai-the-bund", "15:00", "16:30")))
    assert one(judge(evening, kb, night), "experience").honoured
    assert not one(judge(daytime, kb, night), "experience").honoured


def test_answered_and_false_claims_come_from_the_report(kb: KnowledgeBase) -> None:
    e = expect(
        "beijing", departure="shanghai", intercity_modes=Modes(only=("hsr",)), max_budget=500
    )
    d = day(1, "beijing", Item(kind=ItemKind.INTERCITY, name="flight", mode=Mode.FLIGHT,
                               start=t("08:00"), end=t("10:20"), cost_cny=900))  # fmt: skip
    silent = judge(plan(d), kb, e)
    assert not one(silent, "transport").met and not one(silent, "budget").met
    said = FeasibilityReport(
        checks=(Check(code="budget", passed=False, message="over by 400"),),
        wishes=(WishCheck(kind="transport", said="坐高铁", status="not", message="flight",
                          reason="no seats on any train that day"),),
    )  # fmt: skip
    answered = judge(plan(d, report=said), kb, e)
    assert one(answered, "transport").answered and one(answered, "budget").answered
    no_reason = FeasibilityReport(checks=(), wishes=(WishCheck(
        kind="transport", said="坐高铁", status="not", message="flight"),))  # fmt: skip
    assert not one(judge(plan(d, report=no_reason), kb, e), "transport").answered
    claims = FeasibilityReport(checks=(), wishes=(WishCheck(
        kind="transport", said="坐高铁", status="honoured", message="by train"),))  # fmt: skip
    false = one(judge(plan(d, report=claims), kb, e), "transport")
    assert false.claimed and not false.honoured and not false.met


def test_one_answer_answers_one_wish(kb: KnowledgeBase) -> None:
    e = expect("chengdu", food=(Food(cuisine=("hotpot",)), Food(cuisine=("tea-house",))))
    d = day(1, "chengdu", sight("chengdu-panda-base", "08:00", "12:00"))
    once = FeasibilityReport(checks=(), wishes=(WishCheck(
        kind="food", said="想吃火锅", status="not", message="-", reason="没有排进火锅"),))  # fmt: skip
    verdicts = [v for v in judge(plan(d, report=once), kb, e) if v.kind == "food"]
    assert [v.answered for v in verdicts] == [True, False]
    stay = expect("suzhou", 2, lodging=Lodging(any_of=("suzhou-lodging-pingjiang",)))
    typed = FeasibilityReport(checks=(), wishes=(WishCheck(
        kind="lodging_type", said="住民宿", status="not", message="-", reason="平江路没有民宿"),))  # fmt: skip
    s = sight("suzhou-lion-grove", "09:00", "10:00")
    away = plan(day(1, "suzhou", s, lodging="suzhou-lodging-station"), day(2, "suzhou", s),
                report=typed)  # fmt: skip
    assert one(judge(away, kb, stay), "lodging_area").answered


def test_lodging_features_are_judged_by_the_report(kb: KnowledgeBase) -> None:
    e = expect("qiandaohu", lodging=Lodging(features=("parking",)))
    d = day(1, "qiandaohu", sight("qiandaohu-central-lake", "09:00", "13:30"))
    assert not one(judge(plan(d), kb, e), "lodging_feature").met
    honoured = FeasibilityReport(checks=(), wishes=(WishCheck(
        kind="lodging_feature", said="能停车", status="honoured", message="酒店带停车场"),))  # fmt: skip
    verdict = one(judge(plan(d, report=honoured), kb, e), "lodging_feature")
    assert verdict.honoured and verdict.by_report


def test_meal_places(kb: KnowledgeBase) -> None:
    """A lunch of ice lollies, a dinner in 西栅 before its visit, a vegetarian at a 葫芦头 house,
    two noodle shops in a day — each is named; the same day done right is not."""
    bad = plan(
        day(1, "harbin", meal("harbin-modern-ice-lolly", "12:00", "13:00", "lunch")),
        day(2, "wuzhen", meal("wuzhen-xizha-eats", "11:00", "12:00", "lunch"),
            sight("wuzhen-xizha", "15:00", "20:30")),
        day(3, "xian", meal("xian-chunfasheng", "18:00", "19:00", "dinner")),
        day(4, "guilin", meal("guilin-youyixuan-mifen", "12:00", "12:40", "lunch"),
            meal("guilin-chongshan-mifen", "18:00", "18:40", "dinner")),
        day(5, "xiamen", meal("xiamen-huangzehe", "12:00", "12:40", "lunch"),
            meal("xiamen-1980-shaorouzong", "18:00", "18:40", "dinner")),
        food=({"cuisine": "vegetarian"},),
    )  # fmt: skip
    found = checks.meal_places(bad, kb)
    assert [f.split(" (")[0] for f in found] == [
        "马迭尔冰棍（中央大街） day 1",
        "西栅景区内临河饭庄 day 2",
        "春发生葫芦头泡馍（南院门） day 3",
        "noodles twice on day 4",
        "snack shops at both meals of day 5",
        "1980烧肉粽 day 5",  # a vegetarian at a house named for pork 粽子 (`dishes.meat_heavy`)
    ]
    good = plan(
        day(1, "wuzhen", sight("wuzhen-xizha", "15:00", "20:30"),
            meal("wuzhen-xizha-eats", "18:00", "19:00", "dinner")),
        day(2, "guilin", meal("guilin-youyixuan-mifen", "12:00", "12:40", "lunch"),
            meal("guilin-dongxi-lane-snacks", "18:00", "18:40", "dinner")),
    )  # fmt: skip
    assert checks.meal_places(good, kb) == []


def test_snack_shops_at_both_meals_are_a_shoestring_traveller_s_choice(kb: KnowledgeBase) -> None:
    """Two snack shops in a day are named for an ordinary trip, not for one on a shoestring:
    700 CNY for two days alone, or 穷游 said (包子 at lunch, 炒肝 at dinner)."""
    snacks = day(1, "xiamen", meal("xiamen-huangzehe", "12:00", "12:40", "lunch"),
                 meal("xiamen-1980-shaorouzong", "18:00", "18:40", "dinner"))  # fmt: skip
    assert checks.meal_places(plan(snacks), kb)
    assert checks.meal_places(plan(snacks, budget_cny=3000), kb)
    assert checks.meal_places(plan(snacks, budget_cny=700), kb) == []
    low = ({"kind": "budget", "said": "穷游", "value": "low"},)
    assert checks.meal_places(plan(snacks, wishes=low), kb) == []


def test_late_nights() -> None:
    back = Item(kind=ItemKind.LODGING, name="hotel", start=t("21:40"), end=t("21:40"))
    d = day(1, "shanghai", back, lodging="shanghai-lodging-peoples-square")
    assert (
        checks.late_nights(plan(d, party=Party(adults=1, children=1, child_ages=(5,)))).ok is False
    )
    assert (
        checks.late_nights(plan(d, party=Party(adults=1, children=1, child_ages=(12,)))).ok is None
    )


def _at(item: Item, kb: KnowledgeBase) -> Item:
    place = kb.attraction(item.poi_id or "") or kb.restaurant(item.poi_id or "")
    assert place is not None
    return item.model_copy(update={"lat": place.lat, "lon": place.lon})


def test_meal_rides_finds_a_ride_out_to_eat_and_back(kb: KnowledgeBase) -> None:
    muxin = _at(sight("wuzhen-muxin-museum", "09:30", "11:00"), kb)
    xizha = _at(sight("wuzhen-xizha", "14:15", "19:00"), kb)
    station = _at(meal("wuzhen-tongxiang-station-eats", "11:35", "12:35", "lunch"), kb)
    gate = _at(meal("wuzhen-xizha-gate-eats", "11:10", "12:10", "lunch"), kb)
    far = checks.meal_rides(plan(day(1, "wuzhen", muxin, leg(Mode.TAXI, "11:00", "11:33", 20.6),
                                     station, leg(Mode.TAXI, "13:42", "14:15", 20.4), xizha)))  # fmt: skip
    assert far.longest_km == 20.6 and far.longest_at == "wuzhen-tongxiang-station-eats day 1"
    assert len(far.off_way) == 1 and far.off_way[0].startswith("wuzhen-tongxiang-station-eats")
    near = checks.meal_rides(plan(day(1, "wuzhen", muxin, leg(Mode.WALK, "11:00", "11:10", 0.8),
                                      gate, leg(Mode.WALK, "12:10", "12:20", 0.7), xizha)))  # fmt: skip
    assert near.off_way == () and near.longest_km == 0.8
    # Lunch at the station before the train home (the leg's item is where it arrives).
    home = leg(Mode.HSR, "13:00", "13:40", 100, lat=31.19, lon=121.32)  # 上海虹桥站
    before_train = checks.meal_rides(plan(day(1, "wuzhen", muxin,
                                              leg(Mode.TAXI, "11:00", "11:33", 20.6), station,
                                              home)))  # fmt: skip
    assert before_train.off_way == ()


def test_a_day_out_without_its_lunch_is_counted(kb: KnowledgeBase) -> None:
    """The bench counts plans with a day out missing a meal (the validator's ``meals_planned``):
    a 苏州 plan is fed; without its day-1 lunch it is not, and the day is named."""
    from engine.planning import plan_trip
    from engine.planning.validator import validate

    plan = plan_trip(
        TripRequest(destinations=("suzhou",), days=2, start_date=dt.date(2026, 12, 5)), kb
    )
    assert checks.fed(plan).ok
    day = plan.days[0]
    lunch = next(i for i in day.items if i.meal == "lunch")
    hungry = plan.model_copy(update={"days": (
        day.model_copy(update={"items": tuple(i for i in day.items if i is not lunch)}),
        *plan.days[1:])})  # fmt: skip
    hungry = hungry.model_copy(update={"feasibility": validate(hungry, kb)})
    verdict = checks.fed(hungry)
    assert verdict.ok is False and ("第1天" in verdict.detail or "day 1" in verdict.detail), verdict


def test_a_free_afternoon_beside_a_headline_said_not_to_fit(kb: KnowledgeBase) -> None:
    """苏州 with 虎丘 「排不下」 and day 1 free 14:45–17:20: the traveller sees the time the plan
    said it did not have. The pace said as the reason passes, and so does a free afternoon at
    another destination than the sight's."""
    free = Item(kind=ItemKind.FREE, name="下午自由活动/休息（休息一下）", start=t("14:45"),
                end=t("17:20"))  # fmt: skip
    d = day(1, "suzhou", sight("suzhou-lion-grove", "09:00", "10:00"), free)

    def said(message: str) -> FeasibilityReport:
        check = Check(code="headline", passed=False, message=message, severity="warning")
        return FeasibilityReport(checks=(check,))

    verdict = idle_checks.free_while_left_out(
        plan(d, report=said("虎丘需约2.0小时，行程排不下")), kb
    )
    assert verdict.ok is False and "14:45" in verdict.detail
    paced = said("虎丘需约2.0小时：第1天的游览已按这次的节奏排满（每天约4小时），没有排进")
    assert idle_checks.free_while_left_out(plan(d, report=paced), kb).ok
    elsewhere = day(1, "shanghai", sight("shanghai-the-bund", "09:00", "10:00"), free)
    assert idle_checks.free_while_left_out(
        plan(elsewhere, report=said("虎丘需约2.0小时，行程排不下")), kb
    ).ok
