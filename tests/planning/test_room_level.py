"""Rooms that match the budget and the wish (issue 12): a budget far above the plan's cost buys
better rooms, said in the plan and never above the budget; 五星 / 住好一点 / "a nicer hotel" ask
for a dearer level, 青旅 / 经济型 for the low end; with no budget and no wish the room stays as
it was (a third of the way up the area's price range)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import LodgingWish, TripRequest
from engine.planning import plan_trip, room_level
from engine.planning.candidates import nightly_price, rooms
from engine.understanding import parse_request
from engine.understanding.lodging import find_lodging
from tests.helpers.plans import KB


def _plan(text: str) -> Itinerary:
    request = parse_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    return plan_trip(request, KB)


def _nights(plan: Itinerary) -> list[tuple[Item, float, float]]:
    """Each night: its item, the price per room-night booked, the area's standard price."""
    n = rooms(plan.request)
    out = []
    for day in plan.days:
        for item in day.items:
            if item.kind is ItemKind.LODGING:
                lodging = KB.lodging(item.poi_id or "")
                assert lodging is not None
                out.append((item, item.cost_cny / n, nightly_price(lodging, economy=False)))
    assert out
    return out


def _row(plan: Itinerary, kind: str) -> WishCheck:
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes if w.kind == kind]
    return row


def test_a_budget_far_above_the_cost_buys_better_rooms_and_says_so() -> None:
    plan = _plan("从上海去北京4天两个人，预算两万")
    for item, price, standard in _nights(plan):
        assert price > standard, item
        assert "（高档）" in item.note or "（舒适型）" in item.note, item.note
    assert plan.total_cost_cny <= 20000
    row = _row(plan, "budget")
    assert row.status == "honoured"
    first = _nights(plan)[0][1]
    assert "预算宽裕，住宿按" in row.message and f"约{first:.0f}元/间·晚" in row.message
    assert "住得更好" not in row.message


def test_no_budget_and_no_wish_keep_the_standard_room() -> None:
    plan = _plan("从上海去北京4天两个人")
    for item, price, standard in _nights(plan):
        assert price == standard, item
        assert "（" not in item.note, item.note


def test_a_five_star_wish_is_priced_as_one() -> None:
    plan = _plan("去杭州玩3天，两个人，住五星酒店")
    for item, price, _ in _nights(plan):
        lodging = KB.lodging(item.poi_id or "")
        assert lodging is not None
        assert price == room_level.price_at(lodging, "luxury"), item
        assert "（高档）" in item.note
    row = _row(plan, "lodging_type")
    assert row.status == "honoured" and "高档" in row.message


def test_a_five_star_wish_beyond_the_budget_says_what_it_would_cost() -> None:
    plan = _plan("去杭州玩3天，两个人，住五星酒店，预算3500")
    assert plan.total_cost_cny <= 3500
    for item, price, _ in _nights(plan):
        lodging = KB.lodging(item.poi_id or "")
        assert lodging is not None
        assert price < room_level.price_at(lodging, "luxury"), item
    row = _row(plan, "lodging_type")
    assert row.status == "partly" and row.reason
    assert "预算不够" in row.reason and "高档房" in row.reason


@pytest.mark.parametrize(
    ("text", "status"),
    [("去成都3天，住青旅", "partly"), ("Suzhou for 2 days, a cheap hotel is fine", "honoured")],
)
def test_a_hostel_or_cheap_hotel_wish_books_the_low_end(text: str, status: str) -> None:
    """The low end of each area's prices; a cheap stay is then honoured, a hostel bed still
    cannot be checked (the knowledge holds areas)."""
    plan = _plan(text)
    for item, price, _ in _nights(plan):
        lodging = KB.lodging(item.poi_id or "")
        assert lodging is not None
        assert price == lodging.price_min_cny, item
    row = _row(plan, "lodging_type")
    assert row.status == status, row
    assert f"{price:.0f}" in row.message, row.message


@pytest.mark.parametrize(
    "text",
    [
        "去成都3天，住好一点",
        "想住得舒服点",
        "订好点的酒店",
        "3 days in Xi'an, a nicer hotel please",
    ],
)
def test_better_rooms_said_plainly_are_understood(text: str) -> None:
    assert find_lodging(text).kind == "comfort"


def test_an_unasked_upgrade_spends_at_most_half_of_what_is_left_and_never_the_budget() -> None:
    lodging = KB.lodging("beijing-lodging-qianmen")
    assert lodging is not None
    standard = nightly_price(lodging, economy=False)
    nights = [
        (
            Item(
                kind=ItemKind.LODGING,
                name="n",
                start=dt.time(21),
                end=dt.time(21),
                cost_cny=standard,
            ),
            lodging,
        )
    ] * 3
    request = TripRequest(destinations=("beijing",), days=4, budget_cny=8000)
    comfort = 3 * (room_level.price_at(lodging, "comfort") - standard)
    luxury = 3 * (room_level.price_at(lodging, "luxury") - standard)
    # left over: just under twice the comfort rooms' extra, then just over it
    total = 8000 - 2 * comfort + 10
    assert room_level.choose(request, nights, total, upgrade=True) is None
    total = 8000 - 2 * comfort - 10
    assert room_level.choose(request, nights, total, upgrade=True) == "comfort"
    total = 8000 - 2 * luxury
    assert room_level.choose(request, nights, total, upgrade=True) == "luxury"
    # a plan cut to fit its budget is not upgraded unasked; a wish is, within the budget
    assert room_level.choose(request, nights, total, upgrade=False) is None
    asked = request.model_copy(update={"lodging": LodgingWish(kind="luxury")})
    assert room_level.choose(asked, nights, 8000 - luxury + 10, upgrade=False) == "comfort"
    assert room_level.choose(asked, nights, 8000 - luxury, upgrade=False) == "luxury"


def test_a_five_star_wish_where_none_is_known_says_what_was_booked() -> None:
    plan = _plan("去凤凰古城玩2天，住五星酒店")
    (_item, price, _), *_ = _nights(plan)
    row = _row(plan, "lodging_type")
    assert row.status == "not" and row.reason
    assert f"按高档约{price:.0f}元/间·晚" in row.message, row.message


def test_parking_asked_with_a_guesthouse_is_understood() -> None:
    found = find_lodging("Dali for 3 days, a guesthouse with breakfast included and free parking")
    assert found.kind == "homestay"
    assert set(found.features) == {"parking", "breakfast"}


@pytest.mark.parametrize(
    "text", ["去杭州住设计酒店", "住一家设计师酒店", "a designer hotel in Suzhou"]
)
def test_a_design_hotel_said_plainly_is_understood(text: str) -> None:
    assert find_lodging(text).kind == "design"


def test_near_the_metro_in_a_town_without_one_says_there_is_none() -> None:
    plan = _plan("去大理3天，住离地铁近的")
    row = _row(plan, "lodging_feature")
    assert row.status == "not" and row.reason
    assert "大理没有地铁" in row.reason, row.reason


def test_budget_rooms_stay_in_the_area_and_cost_less() -> None:
    """经济型 is a level of room, not an area to move to: 婺源's nights moved from 江湾 (300 a
    night) to 篁岭 (400, its low end) when 经济型 was said."""
    usual = _plan("三月底从上海去婺源看油菜花，玩3天，两个人")
    cheap = _plan("三月底从上海去婺源看油菜花，玩3天，两个人，住经济型酒店")
    (first, *_), (second, *_) = _nights(usual), _nights(cheap)
    assert second[0].poi_id == first[0].poi_id
    assert second[0].cost_cny is not None and first[0].cost_cny is not None
    assert second[0].cost_cny < first[0].cost_cny
