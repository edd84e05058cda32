"""The 青藏铁路 to 拉萨 (issue 12): 「西宁坐火车去拉萨」 rides a Z train overnight — the night spent
aboard, no hotel that night — and the day it arrives at 3 650 m is a slow one, with no sight
above `ACCLIMATISE_M` (布达拉宫 3 700 m) until a night has been spent in 拉萨."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.planning.altitude import ACCLIMATISE_M
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)


def test_xining_to_lhasa_by_train_rides_the_z_train_and_sleeps_aboard() -> None:
    p = _plan("西宁坐火车去拉萨玩四天")
    out = next(i for i in p.days[0].items if i.kind is ItemKind.INTERCITY)
    assert out.mode == "train" and out.overnight == "depart"
    assert "Z" in out.name or "Z" in (out.note or ""), out
    assert "软卧" in (out.note or "") and "开行" in (out.note or ""), out.note  # berths, how often
    assert not any(i.kind is ItemKind.LODGING for i in p.days[0].items)  # the night aboard
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "火车" in w.said)
    assert row.status == "honoured", row.message
    home = [i for d in p.days for i in d.items if i.kind is ItemKind.INTERCITY][-1]
    assert home.mode == "train"


def test_the_morning_off_the_train_at_altitude_holds_no_high_sight() -> None:
    p = _plan("西宁坐火车去拉萨玩四天")
    arrival = next(d for d in p.days if any(i.overnight == "arrive" for i in d.items))
    high = {a.id for a in KB.destinations["lhasa"].attractions
            if (a.altitude_m or 0) >= ACCLIMATISE_M}  # fmt: skip
    assert "lhasa-potala" in high
    assert not [i.name for i in arrival.items if i.poi_id in high]
    assert any(i.kind is ItemKind.FREE and "适应海拔" in i.name for i in arrival.items)
    later = [i.poi_id for d in p.days[arrival.index :] for i in d.items]
    assert "lhasa-potala" in later  # the headline still comes, the day after


def test_the_morning_sleeper_home_is_boarded_in_time_with_breakfast_aboard() -> None:
    # Z918 leaves 拉萨 at 09:00: once refused (no time for breakfast at the lodging and the
    # ride), so 「从兰州坐火车」 flew both ways; boarded with a hotel breakfast, the taxi came
    # 5 minutes before departure
    p = _plan("从兰州坐火车去拉萨玩五天")
    legs = [(d, i) for d in p.days for i in d.items if i.kind is ItemKind.INTERCITY]
    day, home = next((d, i) for d, i in legs if i.overnight == "depart" and i.mode == "train"
                     and d.index > 1)  # fmt: skip
    assert home.start is not None and home.start.hour == 9
    assert not [i for i in day.items if i.meal == "breakfast"]
    ride = [i for i in day.items if i.kind is ItemKind.TRANSIT][-1]
    assert ride.end is not None
    assert (home.start.hour * 60 + home.start.minute) - (ride.end.hour * 60 + ride.end.minute) >= 30
