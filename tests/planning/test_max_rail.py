"""A longest train ride said (「火车不要超过5小时」, "no trains longer than 5 hours"): a longer
rail leg is flown, never all trains refused, and the report answers the wish (issue 12)."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary, Mode, clock_minutes
from engine.domain.request import TripRequest, Wish
from engine.understanding import parse_request
from engine.understanding.revision_wishes import add_wishes
from tests.helpers import plans
from tests.helpers.plans import KB


def rail_rides(p: Itinerary) -> list[int]:
    return [clock_minutes(i.end) - clock_minutes(i.start) for d in p.days for i in d.items
            if i.mode in (Mode.HSR, Mode.TRAIN) and i.start and i.end]  # fmt: skip


def test_the_limit_is_read_as_a_limit_not_a_refusal() -> None:
    for text, minutes in (("上海出发去北京3天，坐火车不要超过4小时", 240),
                          ("Shanghai to Beijing for 3 days, no trains longer than 4 hours", 240),
                          ("上海去北京玩3天，高铁最多三个半小时", 210),
                          ("3 days in Beijing from Shanghai, max 4 hours on a train", 240)):  # fmt: skip
        result = parse_request(text, KB)
        assert result.request is not None, text
        assert result.request.max_rail_minutes == minutes, text
        assert not {"train", "hsr"} & set(result.request.avoid.transport), text
        assert [w.value for w in result.request.wishes if w.kind == "max_rail"] == [str(minutes)]


def test_a_train_over_the_limit_is_flown_and_the_report_says_so() -> None:
    usual = plans.plan(destinations=("huangshan",), days=3)
    assert any(m > 150 for m in rail_rides(usual))  # by high-speed rail, about 2 h 50 min
    wish = Wish(kind="max_rail", value="150", said="火车不要超过两个半小时")
    p = plans.plan(destinations=("huangshan",), days=3, max_rail_minutes=150, wishes=(wish,))
    assert all(m <= 150 for m in rail_rides(p))
    assert any(i.mode is Mode.FLIGHT for d in p.days for i in d.items)
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "max_rail"]
    assert row.status == "honoured"


def test_a_short_train_stays_a_train() -> None:
    wish = Wish(kind="max_rail", value="240", said="火车不要超过4小时")
    p = plans.plan(destinations=("hangzhou",), days=2, max_rail_minutes=240, wishes=(wish,))
    assert rail_rides(p) and all(m <= 240 for m in rail_rides(p))
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "max_rail"]
    assert row.status == "honoured" and "最长" in row.message


def test_a_follow_up_sets_the_limit_and_replaces_the_old_one() -> None:
    request = TripRequest(destinations=("huangshan",), days=3, max_rail_minutes=300,
                          wishes=(Wish(kind="max_rail", value="300", said="火车不超过5小时"),))  # fmt: skip
    revised, changes = add_wishes("火车还是别超过两个半小时吧", request, KB, "zh")
    assert revised.max_rail_minutes == 150
    assert [(w.kind, w.value) for w in revised.wishes] == [("max_rail", "150")]
    assert changes and "两个半小时" in changes[0]
    assert not revised.avoid.transport
