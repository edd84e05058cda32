"""A night train asked for (卧铺, "overnight sleeper", 夜班卧铺大巴) rides the sleeper the
knowledge base knows (北京西→西安 Z trains, 昆明→丽江 K trains: `links/sleepers.json`), the
night aboard instead of a hotel — never a daytime high-speed train said as ✅ (F17, F37)."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)


def _night_out(p: Itinerary) -> None:
    out = next(i for i in p.days[0].items if i.kind is ItemKind.INTERCITY)
    assert out.mode == "train" and out.overnight == "depart", out
    assert out.start is not None and out.start.hour >= 19, out  # leaves in the evening
    assert not any(i.kind is ItemKind.LODGING for i in p.days[0].items)  # the night aboard


def test_an_overnight_sleeper_from_beijing_to_xian_is_the_night_train() -> None:
    p = _plan("Overnight sleeper train from Beijing to Xi'an, 3 days in Xi'an, then fly back.")
    _night_out(p)
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "sleeper" in w.said.lower())
    assert row.status == "honoured" and "overnight" in row.message, row.message


def test_a_sleeper_bus_wish_gets_the_night_train_and_says_the_bus_is_unknown() -> None:
    p = _plan("坐夜班卧铺大巴从昆明去丽江，玩3天")
    _night_out(p)
    assert p.feasibility is not None
    night = next(w for w in p.feasibility.wishes if "卧铺" in w.said)
    assert night.status == "honoured" and "夜车" in night.message, night.message
    bus = next(w for w in p.feasibility.wishes if "大巴" in w.said)
    assert bus.status != "honoured" and "不通" not in bus.reason, bus.reason
    assert "长途大巴班次" in bus.reason, bus.reason
