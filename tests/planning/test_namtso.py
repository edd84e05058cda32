"""纳木错 from 拉萨 (issue 12): a day out by chartered car to the lake at 4 718 m, about 240 km
each way — planned when named, never before two nights at altitude (it was on the morning after
landing: `altitude.nights_first`), and that first day of
rest is not called 「比较空」 with 纳木错 offered to fill it."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.planning import plan_trip
from engine.planning.altitude import nights_first, sleeps_high
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)


def test_namtso_named_is_a_day_out_by_car_after_a_night_in_lhasa() -> None:
    p = _plan("从成都去拉萨玩五天，想去纳木错")
    day = next(d for d in p.days for i in d.items if i.poi_id == "lhasa-namtso")
    assert day.index > 2  # two nights at 3 650 m first: the lake is 1 000 m higher
    ride = next(i for i in day.items if i.kind is ItemKind.TRANSIT and i.poi_id == "lhasa-namtso")
    assert ride.mode is Mode.CHARTER and ride.minutes >= 150
    assert p.feasibility is not None
    assert next(w for w in p.feasibility.wishes if "纳木错" in w.said).status == "honoured"
    light = [c for c in p.feasibility.checks if c.code == "day_trips" and not c.passed]
    assert not [c for c in light if f"第{day.index}天比较空" in c.message]


def test_the_first_day_at_altitude_is_not_offered_namtso_as_a_light_day() -> None:
    p = _plan("去拉萨玩四天")
    assert p.feasibility is not None
    words = " ".join(c.message + (c.relax or "") for c in p.feasibility.checks)
    assert "第1天游览纳木错" not in words and "第1天比较空" not in words


def test_only_nights_spent_high_wait_twice() -> None:
    """拉萨's nights are high (its headline sights all at 3 650 m or more); 丽江's are not, so
    玉龙雪山 (4 680 m) waits one night there, as before, and 纳木错 two in 拉萨."""
    lhasa, lijiang = KB.destinations["lhasa"], KB.destinations["lijiang"]
    namtso, snow = KB.attraction("lhasa-namtso"), KB.attraction("lijiang-jade-dragon-snow-mountain")
    assert namtso is not None and snow is not None
    assert (sleeps_high(lhasa), sleeps_high(lijiang)) == (True, False)
    assert (nights_first(namtso, lhasa), nights_first(snow, lijiang)) == (2, 1)
