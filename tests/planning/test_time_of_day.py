"""Days that flow at the right time of day (issue #12): sights whose point is after dark are
visited as the lights come on, a sunrise is reached before the sun rises, remote sights close
together are seen in one trip out, a summit night's afternoon is the summit's, and free time says
why it is free — asserted on the content of plans."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import LodgingWish, Pace, Party, TripRequest
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.planning.frames import clock_time
from engine.planning.free_time import intended
from engine.planning.visit_windows import AFTER_DARK_MIN, DUSK_MIN
from engine.planning.wish_experiences import _at_dawn
from tests.helpers.plans import KB, SATURDAY, plan


def visits(p: Itinerary, poi: str) -> list[tuple[int, Item]]:
    return [(d.index, i) for d in p.days for i in d.items
            if i.poi_id == poi and i.kind is ItemKind.ATTRACTION]  # fmt: skip


def _lit(item: Item, date: dt.date, visit_minutes: int) -> bool:
    assert item.lat is not None and item.lon is not None
    _, down = sun_times(item.lat, item.lon, date)
    return clock_minutes(item.end) >= down + DUSK_MIN + min(AFTER_DARK_MIN, visit_minutes)


def test_the_ice_and_snow_world_is_seen_as_its_lights_come_on() -> None:
    """冰雪大世界 was planned 13:28–17:28 (and in daylight elsewhere): its point is the lit
    ice, so the visit runs on after dusk — the record's ``best_time`` says so, with a source."""
    world = KB.attraction("harbin-ice-snow-world")
    assert world is not None and world.best_time == "after_dark" and world.best_time_source
    p = plan(destinations=("harbin",), days=3, departure=None, start_date=dt.date(2027, 1, 16))
    seen = visits(p, world.id)
    assert seen
    day, item = seen[0]
    assert _lit(item, p.days[day - 1].date, world.visit_minutes), item


def test_the_bund_and_hongyadong_are_evening_visits() -> None:
    for city, poi in (("shanghai", "shanghai-the-bund"), ("chongqing", "chongqing-hongyadong")):
        place = KB.attraction(poi)
        assert place is not None and place.best_time == "after_dark"
        p = plan(destinations=(city,), days=2, departure=None)
        seen = visits(p, poi)
        assert seen, poi
        day, item = seen[0]
        assert _lit(item, p.days[day - 1].date, place.visit_minutes), (poi, item.start)


def test_a_long_visit_after_dark_takes_dinner_inside() -> None:
    """乌镇西栅 is entered in the afternoon and left after the lights (its own note): the
    visit spans the dinner hour — dinner inside it, costed, or after it — one dinner that day."""
    p = plan(destinations=("wuzhen",), days=2, departure="shanghai")
    assert p.feasibility is not None and p.feasibility.passed, p.feasibility.failures
    seen = visits(p, "wuzhen-xizha")
    assert seen
    day, item = seen[0]
    xizha = KB.attraction("wuzhen-xizha")
    assert xizha is not None
    assert _lit(item, p.days[day - 1].date, xizha.visit_minutes), item
    assert sum(i.meal == "dinner" for i in p.days[day - 1].items) == 1
    if item.meal == "dinner":  # dinner inside: in the cost, beside the ticket
        assert item.cost_cny > xizha.ticket_cny
        assert item.minutes > xizha.visit_minutes


def test_after_dark_needs_a_source() -> None:
    data = KB.attraction("harbin-ice-snow-world")
    assert data is not None
    with pytest.raises(ValidationError, match="best_time_source"):
        Attraction.model_validate(data.model_dump() | {"best_time_source": ""})


def test_a_sunrise_stop_reached_after_sunrise_is_not_the_sunrise() -> None:
    """The report claimed a sunrise wish met by a stop reached 15 minutes after the sun rose."""
    spot = KB.attraction("qingdao-shilaoren")
    assert spot is not None
    day = dt.date(2026, 12, 6)
    rise, _ = sun_times(spot.lat, spot.lon, day)

    def stop(start: int, end: int) -> Item:
        return Item(kind=ItemKind.FREE, name="看日出 · 石老人", start=clock_time(start),
                    end=clock_time(end), lat=spot.lat, lon=spot.lon)  # fmt: skip

    assert _at_dawn(stop(rise - 25, rise + 20), day)
    assert not _at_dawn(stop(rise + 10, rise + 60), day)


@pytest.mark.parametrize(
    ("city", "days", "cluster"),
    [
        ("xian", 4, {"xian-terracotta-army", "xian-huaqing-palace"}),
        ("beijing", 5, {"beijing-badaling", "beijing-ming-tombs"}),
    ],
)
def test_a_remote_cluster_is_seen_in_one_trip_out(city: str, days: int, cluster: set[str]) -> None:
    """兵马俑 and 华清宫 (8 km apart in 临潼, 40 km out) were planned on two days, each with its
    own 80-km round trip; likewise 八达岭 and 十三陵 on the road north of Beijing."""
    p = plan(destinations=(city,), days=days, departure=None,
             must_see=tuple(sorted(cluster)))  # fmt: skip
    on = {poi: {d for d, _ in visits(p, poi)} for poi in cluster}
    assert all(on.values()), on
    assert len(set().union(*on.values())) == 1, on


@pytest.mark.parametrize("departure", [None, "shanghai"])
def test_a_sight_near_a_remote_mountain_day_shares_its_trip_out(departure: str | None) -> None:
    """都江堰 and 青城山 (15 km apart, 60 km from a 成都 hotel) were two days of 140-km round
    trips: the mountain has its own day (lunch inside), and 都江堰's main part joins it; the
    plan stays feasible."""
    pair = ("chengdu-dujiangyan", "chengdu-qingcheng-mountain")
    p = plan(destinations=("chengdu",), days=4, departure=departure, must_see=pair)
    on = {poi: {d for d, _ in visits(p, poi)} for poi in pair}
    assert all(on.values()), on
    assert len(set().union(*on.values())) == 1, on
    assert p.feasibility is not None and p.feasibility.passed, p.feasibility


def test_a_relaxed_mountain_day_holds_the_mountain_only() -> None:
    """A relaxed pace keeps 青城山's day for the mountain (「别太赶」)."""
    pair = ("chengdu-dujiangyan", "chengdu-qingcheng-mountain")
    p = plan(destinations=("chengdu",), days=4, departure=None, must_see=pair, pace=Pace.RELAXED)
    mountain = {d for d, _ in visits(p, "chengdu-qingcheng-mountain")}
    assert mountain and not mountain & {d for d, _ in visits(p, "chengdu-dujiangyan")}


def test_a_summit_trip_starts_at_the_foot_and_says_its_afternoon() -> None:
    """「峨眉山两天，住金顶看日出」 began with breakfast on the summit and ended with a ride
    back up after the last cable car; the afternoon after the summit was a 5-hour hole."""
    on_top = LodgingWish(near=("emeishan-lodging-summit",), on_site=True)
    p = plan(destinations=("emeishan",), days=2, departure=None, lodging=on_top,
             experiences=("sunrise",))  # fmt: skip
    first, last = p.days[0], p.days[-1]
    assert first.lodging_id == "emeishan-lodging-summit"
    breakfast = next(i for i in first.items if i.meal == "breakfast")
    assert breakfast.poi_id != "emeishan-lodging-summit"
    ups = [i for i in last.items if i.kind is ItemKind.TRANSIT and i.poi_id == first.lodging_id]
    assert not ups, ups
    stay = next(k for k, i in enumerate(first.items) if i.kind is ItemKind.LODGING)
    after = first.items[stay + 1]
    assert after.kind is ItemKind.FREE and "山顶" in after.name, after


def test_a_summit_night_with_a_sunset_point_walks_there_at_sunset() -> None:
    """(In June: on a winter day the last cable car up leaves no time to walk to 排云亭.)"""
    p = plan(destinations=("huangshan",), days=2, departure="shanghai",
             experiences=("sunrise", "sunset"), start_date=dt.date(2026, 6, 6))  # fmt: skip
    night = p.days[0]
    assert night.lodging_id == "huangshan-lodging-summit"
    sunset = [i for i in night.items if i.kind is ItemKind.FREE and "日落" in i.name]
    assert sunset, [i.name for i in night.items]
    assert sunset[0].lat is not None and sunset[0].lon is not None
    _, down = sun_times(sunset[0].lat, sunset[0].lon, night.date)
    assert clock_minutes(sunset[0].start) <= down <= clock_minutes(sunset[0].end)
    wishes = {w.said: w.status for w in p.feasibility.wishes} if p.feasibility else {}
    assert all(s == "honoured" for s in wishes.values()), wishes


def test_free_time_says_why_only_when_nothing_could_fill_it() -> None:
    """A gap is said as meant (rest, a full day, nothing left in reach) only when it is; a gap
    next to an unvisited sight open then stays plain free time, counted as idle."""
    request = TripRequest(destinations=("hangzhou",), days=1, start_date=SATURDAY)
    p = plan(destinations=("hangzhou",), days=1, departure=None)
    day = p.days[0]
    at = Item(kind=ItemKind.MEAL, name="x", start=clock_time(12 * 60), end=clock_time(13 * 60),
              lat=30.2590, lon=120.1450)  # fmt: skip
    used = {i.poi_id or "" for i in day.items}
    hangzhou = KB.destinations["hangzhou"]
    assert intended(day.model_copy(update={"items": ()}), 13 * 60, 17 * 60, hangzhou, request,
                    used, at) is None  # fmt: skip
    everything = used | {a.id for a in hangzhou.attractions}
    empty = day.model_copy(update={"items": ()})
    assert intended(empty, 13 * 60, 17 * 60, hangzhou, request, everything, at) == "none_left"
    seniors = request.model_copy(update={"party": Party(adults=1, seniors=1)})
    assert intended(empty, 13 * 60, 17 * 60, hangzhou, seniors, used, at) == "rest"
    relaxed = request.model_copy(update={"pace": Pace.RELAXED})
    assert intended(empty, 13 * 60, 17 * 60, hangzhou, relaxed, used, at) == "rest"
    sight = Item(kind=ItemKind.ATTRACTION, name="西湖", poi_id="hangzhou-west-lake",
                 start=clock_time(8 * 60 + 30), end=clock_time(15 * 60), lat=30.25, lon=120.15)  # fmt: skip
    full = day.model_copy(update={"items": (sight,)})
    assert intended(full, 15 * 60, 17 * 60, hangzhou, request, used, at) == "full"


def test_a_sunrise_from_an_inn_made_for_it_when_no_spot_is_known() -> None:
    """「住天子山看日出」: the inns on the plateau are where one watches it (their record says
    so) though no sight has a sunrise point; the plan had no sunrise at all."""
    inns = LodgingWish(near=("zhangjiajie-lodging-tianzishan",), on_site=True)
    p = plan(destinations=("zhangjiajie",), days=3, departure=None, lodging=inns,
             experiences=("sunrise",))  # fmt: skip
    dawns = [(d, i) for d in p.days for i in d.items
             if i.kind is ItemKind.FREE and "日出" in i.name]  # fmt: skip
    assert dawns, [i.name for d in p.days for i in d.items]
    day, item = dawns[0]
    assert _at_dawn(item, day.date)


def test_a_dawn_ride_before_the_metro_runs_is_a_taxi() -> None:
    """青岛's sunrise stop was reached by metro at 05:48 (and 04:52 in April): before about
    06:00 no metro or city bus runs."""
    from engine.planning.moments import PUBLIC_FIRST

    p = plan(destinations=("qingdao",), days=3, departure=None, experiences=("sunrise",),
             start_date=dt.date(2027, 4, 3))  # fmt: skip
    rides = [i for d in p.days for i in d.items if i.kind is ItemKind.TRANSIT]
    early = [i for i in rides if clock_minutes(i.start) < PUBLIC_FIRST]
    assert early, "a dawn outing"
    assert all(i.mode not in (Mode.METRO, Mode.BUS) for i in early), early
