"""A mode asked for the legs between the destinations only (「城市之间坐火车」, "train between
the cities"): those legs take it, the legs out and home are the planner's own choice."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.understanding import parse_request
from engine.understanding.revision import parse_revision

KB = load_curated()
TODAY = dt.date(2026, 12, 2)


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("en")
    return plan_trip(parsed.request, KB, today=TODAY)


def _legs(plan: Itinerary) -> list[tuple[str, Mode | None]]:
    return [(d.destination, i.mode) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY and i.overnight != "arrive"]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "3 days in Chengdu then 2 days in Chongqing, from Shanghai, train between the cities",
        "上海出发，先去成都三天，然后重庆两天，城市之间坐火车",
    ],
)
def test_trains_between_the_cities_and_the_long_ways_flown(text: str) -> None:
    """Issue 12: the wish for trains between 成都 and 重庆 put the 9 h 39 min and 8 h 26 min
    rides from and to 上海 on rails too, and day 1 in 成都 was lost."""
    plan = _plan(text)
    legs = _legs(plan)
    assert len(legs) == 3, legs
    (_, out), (_, between), (_, home) = legs
    assert between in (Mode.HSR, Mode.TRAIN), legs
    assert out == Mode.FLIGHT and home == Mode.FLIGHT, legs
    assert [d.destination for d in plan.days] == ["chengdu"] * 3 + ["chongqing"] * 2
    assert plan.feasibility is not None
    rows = {w.kind: w for w in plan.feasibility.wishes}
    assert rows["between_transport"].status == "honoured", rows["between_transport"]
    assert rows["days"].status == "honoured", rows["days"]


def test_trains_between_the_cities_where_the_planner_would_fly() -> None:
    """北京 → 西安 is flown when nothing is said; said 'train between the cities', it is the
    high-speed train, and the legs from and to 上海 are not."""
    said = "2 days in Beijing then 2 days in Xi'an, from Shanghai"
    assert _legs(_plan(said))[1][1] == Mode.FLIGHT  # what the wish changes
    legs = _legs(_plan(said + ", train between the cities"))
    assert legs[1][1] in (Mode.HSR, Mode.TRAIN), legs
    assert legs[0][1] == Mode.FLIGHT and legs[2][1] == Mode.FLIGHT, legs


def test_flying_out_and_home_instead_keeps_the_train_between_the_cities() -> None:
    """Issue 12: "fly from Shanghai and fly back instead" on a trip said "by train" kept the
    9 h 39 min train out, ranked after the train, and answered ❌ "flights take about 3 h each
    way and do not fit 5 days" — a false reason. Now the flights replace the trains out and
    home, and 成都 → 重庆 stays on the train the person first asked for."""
    parsed = parse_request(
        "3 days in Chengdu then 2 days in Chongqing, from Shanghai, by train", KB, today=TODAY
    )
    assert parsed.request is not None
    revision = parse_revision("fly from Shanghai and fly back instead", parsed.request, KB, "en")
    assert revision is not None and not revision.problems, revision
    plan = plan_trip(revision.request, KB, today=TODAY)
    legs = _legs(plan)
    assert [m for _, m in legs][0::2] == [Mode.FLIGHT, Mode.FLIGHT], legs
    assert legs[1][1] in (Mode.HSR, Mode.TRAIN), legs
    assert plan.feasibility is not None
    rows = [(w.kind, w.value, w.status, w.reason) for w in plan.feasibility.wishes
            if "transport" in w.kind]  # fmt: skip
    assert all(status == "honoured" for _, _, status, _ in rows), rows
    assert ("between_transport", "train") in {(k, v) for k, v, _, _ in rows}, rows


def test_a_mode_that_fits_is_never_said_not_to_fit() -> None:
    """Trains first, flights second in one request: where the train runs it is taken, and the
    flight's row says so — not that a 3-hour flight "does not fit 5 days"."""
    request = TripRequest(
        departure="shanghai", destinations=("chengdu", "chongqing"), days=5,
        destination_days=(3, 2), prefer_transport=("train", "flight"), lang="en",
    )  # fmt: skip
    plan = plan_trip(request, KB, today=TODAY)
    assert plan.feasibility is not None
    row = next(w for w in plan.feasibility.wishes if (w.kind, w.value) == ("transport", "flight"))
    assert row.status != "honoured", row  # the trains ran first
    assert "does not fit" not in row.reason and "first" in row.reason, row.reason
