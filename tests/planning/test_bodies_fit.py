"""Plans that fit the party's bodies (issue 12/13, findings H6, H8, H14): a wheelchair or a
pushchair leaves out 虎丘 (steps to the pagoda), sees only the step-free part of 苏堤 and 鼓浪屿
and the wish row says so; a baby or a senior sees 玉龙雪山 in its low part (蓝月谷, not the
glacier park at 4680 m) and is not sent to a high place without one, said in the party row;
the days said in a wish row read as words, never as 「dali:2,lijiang:3」."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest, Wish
from engine.planning import free_time, high_party
from engine.planning.candidates import WHEELED_PART_MIN, declined, for_access
from engine.planning.frames import free_item
from engine.planning.wishes import implied
from tests.helpers import plans
from tests.helpers.plans import KB


def plan(**fields: object) -> Itinerary:
    return plans.plan(**{"departure": None, **fields})


def row(p: Itinerary, kind: str):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    (found,) = [w for w in p.feasibility.wishes if w.kind == kind]
    return found


def visit(p: Itinerary, poi: str):  # type: ignore[no-untyped-def]
    return next(i for d in p.days for i in d.items
                if i.kind is ItemKind.ATTRACTION and i.poi_id == poi)  # fmt: skip


def request(**fields: object) -> TripRequest:
    return TripRequest(**{"destinations": ("lijiang",), "days": 3, **fields})  # type: ignore[arg-type]


def test_a_wheelchair_in_suzhou_leaves_out_tiger_hill_and_says_its_steps() -> None:
    p = plan(destinations=("suzhou",), days=2, access=("wheelchair",))
    assert "suzhou-tiger-hill" not in {i.poi_id for d in p.days for i in d.items}
    access = row(p, "access")
    assert "虎丘" in access.message and "石阶" in access.message


def test_a_wheelchair_sees_only_a_flat_stretch_of_the_su_causeway_and_is_told_so() -> None:
    causeway = KB.attraction("hangzhou-su-causeway")
    assert causeway is not None and causeway.step_free == "partly"
    wheeled = for_access(causeway, request(access=("wheelchair",)))
    assert WHEELED_PART_MIN <= wheeled.visit_minutes < causeway.visit_minutes
    p = plan(destinations=("hangzhou",), days=1, access=("wheelchair",),
             must_see=("hangzhou-su-causeway",))  # fmt: skip
    item = visit(p, "hangzhou-su-causeway")
    assert "拱桥" in item.note and "只走一段" in item.note
    message = row(p, "access").message
    assert "苏堤春晓" in message and "只游不用上台阶的一段" in message


def test_a_pushchair_on_gulangyu_keeps_to_the_level_lanes_not_sunlight_rock() -> None:
    island = KB.attraction("xiamen-gulangyu")
    assert island is not None
    pushed = for_access(island, request(access=("pushchair",)))
    assert pushed.visit_minutes < island.visit_minutes
    p = plan(destinations=("xiamen",), days=2, access=("pushchair",),
             must_see=("xiamen-gulangyu",))  # fmt: skip
    assert "日光岩" in visit(p, "xiamen-gulangyu").note


def test_a_baby_sees_jade_dragon_snow_mountain_from_blue_moon_valley_and_is_told_why() -> None:
    mountain = KB.attraction("lijiang-jade-dragon-snow-mountain")
    assert mountain is not None and mountain.low_visit is not None
    baby = Party(adults=2, children=1, child_ages=(1,))
    low = for_access(mountain, request(party=baby))
    assert low.visit_minutes == mountain.low_visit.visit_minutes < mountain.visit_minutes
    assert low.transport_inside_cny < mountain.transport_inside_cny  # no glacier cable car
    said = (Wish(kind="party", value="2+1", said="带1岁宝宝"),)
    p = plan(destinations=("lijiang",), days=3, party=baby, wishes=said,
             must_see=("lijiang-jade-dragon-snow-mountain",))  # fmt: skip
    item = visit(p, "lijiang-jade-dragon-snow-mountain")
    assert "蓝月谷" in item.note and "4680" in item.note
    party = row(p, "party")
    assert "蓝月谷" in party.message and "婴幼儿" in party.message


def test_seniors_are_not_sent_to_a_high_place_without_a_low_part_unless_named() -> None:
    snow = KB.attraction("shangrila-shika-snow-mountain")
    assert snow is not None and (snow.altitude_m or 0) >= high_party.HIGH_M
    assert snow.low_visit is None
    old = request(destinations=("shangrila",), party=Party(adults=0, seniors=2))
    assert declined(snow, old)
    named = old.model_copy(update={"must_see": (snow.id,)})
    assert not declined(snow, named)
    assert not declined(snow, request(destinations=("shangrila",), party=Party(adults=2)))


def test_days_said_by_the_plan_itself_read_as_words() -> None:
    req = TripRequest(destinations=("dali", "lijiang"), destination_days=(2, 3), days=5)
    (days,) = [w for w in implied(req, KB) if w.kind == "days"]
    assert days.said == "大理2天、丽江3天"
    (wheel,) = [w for w in implied(req.model_copy(update={"access": ("wheelchair",)}), KB)
                if w.kind == "access"]  # fmt: skip
    assert wheel.said == "轮椅"


def _free_at(poi: str, begin: int, end: int, party: Party, dest: str) -> str:
    """The suggestion of free time from `begin` to `end` (minutes) at `poi` for `party`."""
    place = KB.place(poi)
    assert place is not None
    at = free_item(place.lat, place.lon, begin - 60, begin, "x", None)
    day = plans.plan(destinations=(dest,), days=1, departure=None).days[0]
    req = TripRequest(destinations=(dest,), days=1, party=party)
    return free_time._free(at, begin, end, day, KB.destinations[dest], req, set()).note or ""


def test_free_time_offers_no_climb_to_seniors_and_no_night_street_to_a_baby_at_ten() -> None:
    hill = KB.attraction("hangzhou-baochu-pagoda")
    assert hill is not None and "hiking" in hill.tags
    young = Party(adults=2)
    assert hill.name_zh in _free_at(hill.id, 10 * 60, 12 * 60, young, "hangzhou")
    assert hill.name_zh not in _free_at(hill.id, 10 * 60, 12 * 60, Party(adults=0, seniors=2),
                                        "hangzhou")  # fmt: skip
    street = KB.place("xiamen-zengcuoan-snacks")
    assert street is not None
    late = (22 * 60, 23 * 60 + 30)
    assert street.name_zh in _free_at(street.id, *late, young, "xiamen")
    baby = Party(adults=2, children=1, child_ages=(1,))
    assert street.name_zh not in _free_at(street.id, *late, baby, "xiamen")
