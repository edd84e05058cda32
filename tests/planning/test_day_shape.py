"""What the traveller sees in the days (issue #12): headline sights in their curated order, days
that start later rather than wait mid-day, car-free islands reached by ferry and walked, a summit
night that pays the cable car once — asserted on the content of plans and days."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import LodgingWish, Party, TripRequest
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.prices import fare_on
from engine.knowledge.schema import Attraction
from engine.planning import transit
from engine.planning.access import area_at
from engine.planning.candidates import ScoredAttraction
from engine.planning.frames import clock_time
from engine.planning.late_start import start_later
from engine.planning.model import sight_prizes
from engine.planning.visit_costs import visit_cost
from tests.helpers.plans import KB, SATURDAY, plan


def sights(p: Itinerary) -> set[str]:
    return {i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION}


def test_each_headline_sight_outweighs_every_lower_ranked_one_together() -> None:
    """故宫 > 长城 > 天坛 + 颐和园 + …: two lower-ranked headline sights never push out a
    higher one (2 days in Beijing held 天坛 and 颐和园 instead of the Great Wall)."""
    beijing = KB.destinations["beijing"]
    scored = [
        ScoredAttraction(a, float(a.popularity**2), False, beijing.headline.index(a.id))
        if a.id in beijing.headline
        else ScoredAttraction(a, float(a.popularity**2), False)
        for a in beijing.attractions
    ]
    prizes = sight_prizes(scored)
    ranked = [prizes[poi] for poi in beijing.headline]
    minor = sum(p for poi, p in prizes.items() if poi not in beijing.headline)
    for rank, prize in enumerate(ranked):
        assert prize > sum(ranked[rank + 1 :]), (beijing.headline[rank], ranked)
        assert prize > minor


def test_two_days_in_shanghai_are_its_headline_sights_not_a_day_at_disney() -> None:
    p = plan(destinations=("shanghai",), days=2, departure=None)
    seen = sights(p)
    assert "shanghai-disneyland" not in seen
    assert {"shanghai-the-bund", "shanghai-yu-garden", "shanghai-museum-peoples-square"} <= seen
    lodging = {i.poi_id for d in p.days for i in d.items if i.kind is ItemKind.LODGING}
    assert "shanghai-lodging-disney" not in lodging


def _item(kind: ItemKind, poi: str | None, start: str, end: str, **extra: object) -> Item:
    place = KB.place(poi or "")
    lat, lon = (place.lat, place.lon) if place else (30.25, 120.17)
    h1, m1 = map(int, start.split(":"))
    h2, m2 = map(int, end.split(":"))
    return Item(kind=kind, name=poi or kind.value, poi_id=poi, lat=lat, lon=lon,
                start=clock_time(h1 * 60 + m1), end=clock_time(h2 * 60 + m2), **extra)  # type: ignore[arg-type]  # fmt: skip


def _day(*items: Item) -> Day:
    return Day(index=1, date=SATURDAY, destination="hangzhou", items=items)


def test_a_day_starts_later_rather_than_waiting_in_the_afternoon() -> None:
    """A day done by 15:00 with 河坊街 at dusk: the morning moves later as far as each place's
    hours allow (雷峰塔 closes 17:30 in winter, last entry 30 min before), never past lunch's
    window, and the day's visits, order, durations and evening stay as they were."""
    hangzhou = KB.destinations["hangzhou"]
    day = _day(
        _item(ItemKind.MEAL, None, "08:00", "08:30", meal="breakfast"),
        _item(ItemKind.TRANSIT, "hangzhou-leifeng-pagoda", "08:30", "08:50", mode=Mode.METRO),
        _item(ItemKind.ATTRACTION, "hangzhou-leifeng-pagoda", "08:50", "10:05"),
        _item(ItemKind.TRANSIT, "hangzhou-waipojia", "10:05", "10:30", mode=Mode.METRO),
        _item(ItemKind.MEAL, "hangzhou-waipojia", "11:00", "12:00", meal="lunch"),
        _item(ItemKind.TRANSIT, "hangzhou-three-pools", "12:00", "12:20", mode=Mode.WALK),
        _item(ItemKind.ATTRACTION, "hangzhou-three-pools", "12:20", "13:50"),
        _item(ItemKind.TRANSIT, "hangzhou-hefang-street", "13:50", "14:10", mode=Mode.METRO),
        _item(ItemKind.ATTRACTION, "hangzhou-hefang-street", "17:00", "18:30"),
    )
    later = start_later([day], hangzhou)[0]
    before, after = day.items, later.items
    assert [(i.kind, i.poi_id, i.minutes) for i in before] == [
        (i.kind, i.poi_id, i.minutes) for i in after
    ]
    assert after[-1] == before[-1], "the evening stays"
    # The wait is 170 min; breakfast starts by 10:00 (120 min later at most), lunch by 13:30
    # (150), 三潭印月 ends by its 17:00 closing (190): the morning moves 120 minutes.
    assert clock_minutes(after[0].start) == clock_minutes(before[0].start) + 120
    wait = clock_minutes(after[-1].start) - clock_minutes(after[-2].end)
    assert wait == 170 - 120
    for item in after:
        place = KB.place(item.poi_id or "")
        if isinstance(place, Attraction) and item.kind is ItemKind.ATTRACTION:
            start, end = clock_minutes(item.start), clock_minutes(item.end)
            assert any(
                o <= start and end <= c and start <= c - place.last_entry
                for o, c in place_windows(place, SATURDAY)
            ), (item.name, item.start)


def test_a_day_that_begins_with_a_train_is_not_moved() -> None:
    hangzhou = KB.destinations["hangzhou"]
    day = _day(
        _item(ItemKind.INTERCITY, None, "08:00", "09:00", mode=Mode.HSR),
        _item(ItemKind.TRANSIT, "hangzhou-leifeng-pagoda", "09:10", "09:30", mode=Mode.METRO),
        _item(ItemKind.ATTRACTION, "hangzhou-leifeng-pagoda", "09:30", "10:45"),
        _item(ItemKind.ATTRACTION, "hangzhou-hefang-street", "17:00", "18:30"),
    )
    assert start_later([day], hangzhou)[0] == day


def test_a_long_visit_is_reached_at_its_opening_not_waited_for_at_the_gate() -> None:
    """A day given to 北京环球度假区 (lunch inside, fixed at its 10:00 opening): the morning
    before it moves later, so one arrives at the opening instead of standing at the gate from
    08:17 after a 06:30 breakfast; the park's visit stays as it was."""
    beijing = KB.destinations["beijing"]
    day = _day(
        _item(ItemKind.MEAL, None, "06:30", "07:00", meal="breakfast"),
        _item(ItemKind.TRANSIT, "beijing-universal", "07:00", "08:17", mode=Mode.METRO),
        _item(ItemKind.ATTRACTION, "beijing-universal", "10:00", "20:00", meal="lunch"),
    ).model_copy(update={"destination": "beijing"})
    later = start_later([day], beijing)[0]
    assert later.items[2] == day.items[2], "the park's visit stays"
    assert later.items[1].end == day.items[2].start, "at the gate when it opens"
    assert clock_minutes(later.items[0].start) == 6 * 60 + 30 + 103


def test_a_dawn_outing_before_breakfast_is_not_moved() -> None:
    """The sunrise at 黑马河 (a short visit at dawn, then breakfast) stays at its hour, however
    long the wait later in the day; only what follows breakfast may move."""
    lake = KB.destinations["qinghai-lake"]
    day = _day(
        _item(ItemKind.TRANSIT, "qinghai-lake-heimahe-shore", "07:10", "07:17", mode=Mode.WALK),
        _item(ItemKind.ATTRACTION, "qinghai-lake-heimahe-shore", "07:17", "08:17"),
        _item(ItemKind.TRANSIT, "qinghai-lake-lodging-heimahe", "08:17", "08:25", mode=Mode.WALK),
        _item(ItemKind.MEAL, None, "08:25", "08:55", meal="breakfast"),
        _item(ItemKind.MEAL, "qinghai-lake-heimahe-eats", "11:25", "12:25", meal="lunch"),
    ).model_copy(update={"destination": "qinghai-lake", "date": dt.date(2026, 3, 8)})
    later = start_later([day], lake)[0]
    assert later.items[:2] == day.items[:2]


def test_planned_days_do_not_wait_long_when_the_morning_could_move() -> None:
    """Whole plans: no wait of MIN_WAIT minutes or more is left after a morning that could still
    move (all its items movable and inside their windows with room to spare)."""
    for destination in ("hangzhou", "xian", "chengdu"):
        p = plan(destinations=(destination,), days=3)
        assert p.feasibility is not None and p.feasibility.passed
        moved = start_later(list(p.days), KB.destinations[destination])
        assert tuple(moved) == p.days, destination


def test_a_car_free_island_is_reached_by_ferry_and_walked() -> None:
    xiamen = KB.destinations["xiamen"]
    island = xiamen.access_areas[0]
    on_island = LodgingWish(near=("xiamen-gulangyu",), on_site=True)
    p = plan(destinations=("xiamen",), days=3, lodging=on_island, party=Party(adults=2))
    legs = [(d, i) for d in p.days for i in d.items if i.kind is ItemKind.TRANSIT]
    crossings = 0
    for day in p.days:
        here = None
        for item in day.items:
            if item.kind is ItemKind.TRANSIT and here is not None and item.lat is not None:
                ends = [area_at(xiamen, here), area_at(xiamen, (item.lat, item.lon))]
                if any(ends):
                    expected = Mode.WALK if ends[0] is ends[1] else Mode.FERRY
                    assert item.mode is expected, (day.index, item.name, item.mode)
                if item.mode is Mode.FERRY:
                    crossings += 1
                    assert item.cost_cny >= island.fare_cny * 2 and "轮渡" in (item.note or "")
                    assert item.minutes >= island.ride_minutes
            if item.lat is not None and item.lon is not None:
                here = (item.lat, item.lon)
    assert legs and crossings >= 2, "off the island and back"
    visits = [(d, i) for d in p.days for i in d.items if i.poi_id == "xiamen-gulangyu"
              and i.kind is ItemKind.ATTRACTION]  # fmt: skip
    place = KB.attraction("xiamen-gulangyu")
    assert visits and place is not None
    for day, visit in visits:  # the ferry is paid on the legs, not again with the visit
        assert visit.cost_cny == visit_cost(place, p.request.party, day.date,
                                            lunch_inside=visit.meal == "lunch", inside_share=0)  # fmt: skip
    assert p.feasibility is not None and p.feasibility.passed


def test_the_island_leg_model() -> None:
    xiamen = KB.destinations["xiamen"]
    pier = next(h for h in xiamen.hubs if h.id == xiamen.access_areas[0].gate)
    temple = KB.attraction("xiamen-nanputuo-temple")
    island = KB.attraction("xiamen-gulangyu")
    assert temple is not None and island is not None
    out = transit.between(xiamen, (island.lat, island.lon), (temple.lat, temple.lon), party=2)
    assert out.mode is Mode.FERRY and out.crossings[0].gate == pier and not out.crossings[0].inbound
    assert out.road is not None and out.road.mode is not Mode.FERRY
    inside = transit.between(xiamen, (island.lat, island.lon), (24.4445, 118.0625), party=2)
    assert inside.mode is Mode.WALK and inside.cost_cny == 0
    assert haversine_m(island.lat, island.lon, 24.4445, 118.0625) > transit.WALK_MAX_M * 0.4


def test_a_summit_night_pays_the_cable_car_up_once() -> None:
    """Up to the summit hotel by the scenic bus and the cable car (paid on that leg: the access
    area's fare), down the same way (paid on that leg), and the mountain's visit charges none
    of its inside transport again — the way up and down paid once each."""
    p = plan(destinations=("huangshan",), days=2, experiences=("sunrise",))
    mountain = KB.attraction("huangshan-scenic-area")
    (area,) = KB.destinations["huangshan"].access_areas
    assert mountain is not None
    rides = [(d, i) for d in p.days for i in d.items if i.mode is Mode.CABLE_CAR]
    ups = [(d, i) for d, i in rides if "上山" in i.name]
    downs = [(d, i) for d, i in rides if "下山" in i.name]
    visits = [(d, i) for d in p.days for i in d.items if i.poi_id == mountain.id
              and i.kind is ItemKind.ATTRACTION]  # fmt: skip
    assert len(ups) == 1 and len(downs) == 1 and visits
    people = p.request.party.size
    # the fare of the day (淡季 from 1 December: `AccessArea.fare_seasons`)
    assert all(i.cost_cny >= fare_on(area, d.date) * people for d, i in ups + downs)
    day, visit = visits[0]
    full = visit_cost(mountain, p.request.party, day.date, lunch_inside=visit.meal == "lunch")
    assert visit.cost_cny == full - mountain.transport_inside_cny * people
    assert p.feasibility is not None and p.feasibility.passed


def test_an_evening_outing_is_a_sight_but_not_in_the_sightseeing_hours() -> None:
    """6.5 hours of sights (the normal pace's limit) and 大唐不夜城 after dinner pass the pace
    check; the same street in the afternoon makes the day too long."""
    from engine.planning.validator import validate

    def pace_passed(street_at: tuple[str, str]) -> bool:
        day = Day(index=1, date=SATURDAY, destination="xian", items=(
            _item(ItemKind.ATTRACTION, "xian-terracotta-army", "09:00", "12:00"),
            _item(ItemKind.ATTRACTION, "xian-shaanxi-history-museum", "13:30", "16:30"),
            _item(ItemKind.ATTRACTION, "xian-big-wild-goose-pagoda", "16:30", "17:00"),
            _item(ItemKind.ATTRACTION, "xian-datang-everbright", *street_at),
        ))  # fmt: skip
        request = TripRequest(destinations=("xian",), days=1, start_date=SATURDAY)
        it = Itinerary(title="t", request=request, days=(day,))
        report = validate(it, KB)
        return next(c for c in report.checks if c.code == "pace").passed

    assert pace_passed(("19:30", "21:30"))
    assert not pace_passed(("17:00", "19:00"))


def test_a_day_over_its_pace_is_a_reminder_not_an_infeasible_plan() -> None:
    """The pace is a preference: a day an edit made longer (「在故宫多待一会儿」) is said over its
    pace as a reminder, and the plan stays feasible."""
    from engine.planning.validator import validate

    day = Day(index=1, date=SATURDAY, destination="xian", items=(
        _item(ItemKind.ATTRACTION, "xian-terracotta-army", "09:00", "12:30"),
        _item(ItemKind.ATTRACTION, "xian-shaanxi-history-museum", "13:30", "17:00"),
    ))  # fmt: skip
    request = TripRequest(destinations=("xian",), days=1, start_date=SATURDAY)
    report = validate(Itinerary(title="t", request=request, days=(day,)), KB)
    pace = next(c for c in report.checks if c.code == "pace")
    assert not pace.passed and pace.severity == "warning"
    assert report.passed or any(c.code != "pace" for c in report.failures if c.severity == "error")
    assert not any(c.code == "pace" and c.severity == "error" for c in report.checks)


def test_a_relaxed_day_counts_its_evening_outing_in_the_hours() -> None:
    """「别太赶」: 3 hours of sights and 2 hours of night street after dinner pass at the normal
    pace but not at the relaxed pace's 4 hours, in the validator and in the solver's model."""
    from engine.domain.request import Pace
    from engine.planning.pace import PROFILES, evening_outing
    from engine.planning.validator import validate

    def pace_passed(pace: Pace) -> bool:
        day = Day(index=1, date=SATURDAY, destination="xian", items=(
            _item(ItemKind.ATTRACTION, "xian-terracotta-army", "09:00", "12:00"),
            _item(ItemKind.ATTRACTION, "xian-datang-everbright", "19:30", "21:30"),
        ))  # fmt: skip
        request = TripRequest(destinations=("xian",), days=1, start_date=SATURDAY, pace=pace)
        report = validate(Itinerary(title="t", request=request, days=(day,)), KB)
        return next(c for c in report.checks if c.code == "pace").passed

    assert pace_passed(Pace.NORMAL)
    assert not pace_passed(Pace.RELAXED)
    street = KB.attraction("xian-datang-everbright")
    assert street is not None
    assert evening_outing(street.tags, 19 * 60 + 30, PROFILES[Pace.NORMAL])
    assert not evening_outing(street.tags, 19 * 60 + 30, PROFILES[Pace.RELAXED])


def test_a_sight_best_seen_in_the_morning_is_visited_in_the_morning() -> None:
    """成都's panda base (pandas are awake in the morning; its note says go at opening) was
    planned at 13:40: a ``morning`` sight starts by mid-morning when the day allows."""
    from engine.planning.visit_windows import MORNING_LATEST_START

    for departure in (None, "shanghai"):
        p = plan(destinations=("chengdu",), days=3, departure=departure)
        visits = [i for d in p.days for i in d.items
                  if i.poi_id == "chengdu-panda-base" and i.kind is ItemKind.ATTRACTION]  # fmt: skip
        assert visits, departure
        assert clock_minutes(visits[0].start) <= MORNING_LATEST_START, (departure, visits[0].start)


def test_high_altitude_waits_for_a_night_at_altitude() -> None:
    """稻城亚丁 planned the 牛奶海 hike (about 4600 m) on the day of landing: a visit above
    `ACCLIMATISE_M` is not on the first day of a stay that has another, and still happens."""
    from engine.planning.altitude import ACCLIMATISE_M

    high = {a.id for d in KB.destinations.values() for a in d.attractions
            if (a.altitude_m or 0) >= ACCLIMATISE_M}  # fmt: skip
    assert "daocheng-yading-yading" in high
    for destination, days in (("daocheng-yading", 3), ("lijiang", 3)):
        p = plan(destinations=(destination,), days=days, departure=None)
        by_day = {i.poi_id: d.index for d in p.days for i in d.items
                  if i.kind is ItemKind.ATTRACTION and i.poi_id in high}  # fmt: skip
        assert by_day, destination
        assert min(by_day.values()) > 1, (destination, by_day)
