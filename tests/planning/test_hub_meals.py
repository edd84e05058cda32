"""Lunch or dinner at the station or airport on a travel day (issue 12, `engine.planning.hub_meals`):
a day that reaches the airport at 18:43 for a 20:15 flight eats there, not 「自备干粮」; a flight
landing at lunchtime far from every place to eat has lunch at the airport first."""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import TripRequest
from engine.planning.checks.meals import missing_meals
from engine.planning.frames import DayFrame, clock_time
from engine.planning.hub_meals import CORE_HOURS, arrival_meal, departure_meals
from engine.planning.intercity import Point
from engine.planning.pace import DINNER_WINDOW, profile
from tests.helpers.plans import KB, SATURDAY, plan

REQUEST = TripRequest(destinations=("tianjin",), days=1, start_date=SATURDAY, adults=2)
#: 天津滨海国际机场 (approximately; any point works: the meal is where the leg ends)
AIRPORT = (39.124, 117.346)


def _item(kind: ItemKind, name: str, start: int, end: int, **more: object) -> Item:
    return Item(kind=kind, name=name, start=clock_time(start), end=clock_time(end),
                lat=AIRPORT[0], lon=AIRPORT[1], **more)  # type: ignore[arg-type]  # fmt: skip


def _leaving_day(arrive: int, depart: int, *, dinner: bool = False) -> Day:
    items = [
        _item(ItemKind.ATTRACTION, "天津之眼", 16 * 60 + 50, 17 * 60 + 50),
        _item(ItemKind.TRANSIT, "地铁前往机场", 17 * 60 + 50, arrive, mode=Mode.METRO),
        _item(
            ItemKind.INTERCITY,
            "天津—上海",
            depart,
            depart + 135,
            mode=Mode.FLIGHT,
            from_name="天津滨海国际机场",
        ),
    ]
    if dinner:
        items.insert(1, _item(ItemKind.MEAL, "晚餐", 17 * 60 + 30, 18 * 60, meal="dinner"))
    return Day(index=3, date=SATURDAY, destination="tianjin", items=tuple(items))


def test_a_day_reaching_the_airport_at_dinner_time_eats_there() -> None:
    day = _leaving_day(18 * 60 + 43, 20 * 60 + 15)
    [fed] = departure_meals([day], [], REQUEST)
    meals = [i for i in fed.items if i.kind == ItemKind.MEAL]
    assert [m.meal for m in meals] == ["dinner"]
    dinner = meals[0]
    assert "天津滨海国际机场" in dinner.name and dinner.poi_id is None  # no invented restaurant
    assert DINNER_WINDOW[0] <= clock_minutes(dinner.start) <= DINNER_WINDOW[1]
    assert clock_minutes(dinner.start) >= 18 * 60 + 43  # after arriving
    assert clock_minutes(dinner.end) <= 20 * 60 + 15 - 40  # over before security and boarding
    assert fed.items[-1].kind == ItemKind.INTERCITY and dinner.cost_cny > 0
    assert "估算" in (dinner.note or "")
    assert _missing(day) and not _missing(fed)  # the validator's 「自备干粮」 warning is gone


def test_no_meal_at_the_airport_when_there_is_no_time_or_it_was_eaten() -> None:
    rushed = _leaving_day(18 * 60 + 43, 19 * 60 + 30)  # 47 minutes: security and boarding
    assert departure_meals([rushed], [], REQUEST) == [rushed]
    eaten = _leaving_day(18 * 60 + 43, 20 * 60 + 15, dinner=True)
    assert departure_meals([eaten], [], REQUEST) == [eaten]
    early = _leaving_day(16 * 60, 16 * 60 + 50)  # gone before dinner time
    assert departure_meals([early], [], REQUEST) == [early]


def _missing(day: Day) -> list[object]:
    return list(missing_meals(Itinerary(title="天津", request=REQUEST, days=(day,))))


def _landing_frame(lands: int) -> DayFrame:
    """A day in 成都 starting at 天府机场 (about 50 km from the city's places to eat)."""
    dest = KB.destinations["chengdu"]
    airport = Point("成都天府国际机场", "Chengdu Tianfu International Airport", 30.312, 104.441)
    flight = Item(kind=ItemKind.INTERCITY, name="西安—成都", start=clock_time(lands - 90),
                  end=clock_time(lands), mode=Mode.FLIGHT, lat=airport.lat, lon=airport.lon)  # fmt: skip
    centre = Point(dest.name_zh, dest.name_en, dest.lat, dest.lon)
    return DayFrame(1, SATURDAY, dest, profile("normal"), airport, lands + 15, centre, 21 * 60,
                    None, before=[flight])  # fmt: skip


def test_landing_at_lunchtime_far_from_town_eats_at_the_airport_first() -> None:
    restaurants = list(KB.destinations["chengdu"].restaurants)
    frame = _landing_frame(12 * 60 + 40)
    arrival_meal(frame, restaurants, REQUEST)
    lunch = frame.before[-1]
    assert lunch.kind == ItemKind.MEAL and lunch.meal == "lunch"
    assert clock_minutes(lunch.start) == 12 * 60 + 55  # on leaving the arrivals hall
    assert frame.start_time == clock_minutes(lunch.end) and not frame.lunch
    assert "最近的餐馆" in (lunch.note or "")  # the reason is said


def test_no_airport_lunch_after_a_flight_through_lunch_or_near_a_place_to_eat() -> None:
    restaurants = list(KB.destinations["chengdu"].restaurants)
    late = _landing_frame(CORE_HOURS["lunch"][1] + 10)  # on board through the lunch hour
    arrival_meal(late, restaurants, REQUEST)
    assert late.before[-1].kind == ItemKind.INTERCITY and late.lunch
    near = _landing_frame(12 * 60 + 40)
    town = near.end
    near.start = Point(town.name_zh, town.name_en, town.lat, town.lon)  # a station in town
    arrival_meal(near, restaurants, REQUEST)
    assert near.before[-1].kind == ItemKind.INTERCITY and near.lunch


def test_an_evening_flight_home_has_dinner_at_the_airport_in_a_whole_plan() -> None:
    """Three days in 西安 from 北京: the last day ends with the flight home after 19:00."""
    p = plan(destinations=("xian",), days=3, departure="beijing", adults=2)
    last = p.days[-1]
    home = last.items[-1]
    assert home.kind == ItemKind.INTERCITY and clock_minutes(home.start) >= 19 * 60
    dinner = [i for i in last.items if i.meal == "dinner"]
    assert len(dinner) == 1 and clock_minutes(dinner[0].end) <= clock_minutes(home.start)
    assert not missing_meals(p)
