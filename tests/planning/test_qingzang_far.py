"""The 青藏铁路's through trains from far cities (issue 12): two nights aboard, the day between
spent wholly on the train (meals aboard, no hotel), the wish for the train read from
「想体验青藏铁路」, and a trip too short for the train both ways rides it in and flies home."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.planning.aboard import is_aboard
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)


def _legs(p: Itinerary) -> list[tuple[int, str, str]]:
    return [(d.index, i.name, (i.mode or "")) for d in p.days for i in d.items
            if i.kind is ItemKind.INTERCITY]  # fmt: skip


def test_beijing_to_lhasa_rides_z21_two_nights_with_a_day_wholly_aboard() -> None:
    p = _plan("从北京坐火车去拉萨玩8天")
    day1 = [i for i in p.days[0].items if i.kind is ItemKind.INTERCITY]
    assert day1 and "Z21" in (day1[0].note or "") and day1[0].overnight == "depart", day1
    assert "两晚在车上" in (day1[0].note or "")
    aboard = p.days[1].items
    assert [i.kind for i in aboard] == [ItemKind.INTERCITY], aboard  # no tour, no hotel
    assert "全天在车上：餐车或自带" in (aboard[0].note or "")
    assert not any(i.kind is ItemKind.LODGING for d in p.days[:2] for i in d.items)
    arrival = next(i for i in p.days[2].items if i.overnight == "arrive")
    assert arrival.start is not None and arrival.start.hour == 12  # 12:45 on the third day
    home = [(d, n, m) for d, n, m in _legs(p) if d >= 4]
    assert home and all(m == "train" for _, _, m in home), home  # Z22 home, two nights too
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "火车" in w.said)
    assert row.status == "honoured", row.message
    assert row.message.count("北京西站 → 拉萨站") == 1, row.message  # the day aboard is no leg


def test_five_days_take_the_train_in_and_fly_home_and_say_so() -> None:
    p = _plan("从北京坐火车去拉萨玩5天，想体验青藏铁路")
    assert not any("青藏铁路" in u for u in p.request.unrecognized)
    modes = [m for _, _, m in _legs(p)]
    assert modes[0] == "train" and modes[-1] == "flight", _legs(p)
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "青藏铁路" in w.said)
    assert row.status == "honoured", row.message  # the ride in was the wish
    assert "去程坐火车" in row.message and "回程改坐飞机" in row.message, row.message
    assert "41小时" in row.message, row.message  # why home is flown
    days = next(w for w in p.feasibility.wishes if w.kind == "days")
    assert "全天在火车上" in days.message, days.message  # the days aboard count in the 5


def test_a_train_both_ways_that_leaves_a_day_and_a_half_there_flies_home() -> None:
    # 成都 Z322 arrives 09:55 on day 3; Z324 home would leave 18:40 on day 4
    p = _plan("从成都坐火车进藏，拉萨玩6天")
    modes = [m for _, _, m in _legs(p)]
    assert modes[0] == "train" and modes[-1] == "flight", _legs(p)
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "进藏" in w.said)
    assert row.status == "honoured", row.message


def test_riding_the_qinghai_tibet_railway_in_english_is_a_train_wish() -> None:
    p = _plan("From Chengdu to Lhasa for 8 days, I want to ride the Qinghai-Tibet railway")
    first = _legs(p)[0]
    assert first[2] == "train" and "Chengdu" in first[1], first


def test_a_move_between_stays_never_boards_a_two_night_train_and_checks_in() -> None:
    # two stops, 上海 then 拉萨 (「上海坐火车进藏」 is read as setting out from 上海 now): the move
    # between them once boarded Z164 at 20:08 and checked in at 拉萨 at 23:59 the same evening
    p = _plan("上海玩2天，再坐火车进藏，拉萨玩5天")
    assert p.request.destinations == ("shanghai", "lhasa")
    for day in p.days:
        kinds = [(i.kind, i.overnight) for i in day.items]
        if (ItemKind.INTERCITY, "depart") in kinds:
            aboard_from = kinds.index((ItemKind.INTERCITY, "depart"))
            assert ItemKind.LODGING not in [k for k, _ in kinds[aboard_from:]], day.items
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "进藏" in w.said)
    assert row.status == "not" and "火车单程" in (row.reason or ""), row  # flown, and why


def test_two_nights_aboard_are_never_taken_unbidden_even_to_save_money() -> None:
    # over budget by air, the 40-hour Z22 home once "saved" 1 400 CNY on a 5-day trip
    p = _plan("从北京去拉萨玩5天，预算4000")
    assert not [d.index for d in p.days for i in d.items if is_aboard(i)], _legs(p)
