"""Wishes honoured or answered truthfully (issue #12): a trip's own food wish over a remembered
avoid, access needs on mountains, one row for words read two ways, every tag in words — asserted
on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.domain.request import Avoid, FoodWish, Party, TripRequest, Wish
from engine.guide.writer import write_guide
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import ATTRACTION_TAGS, DISH_TAGS
from engine.planning import plan_trip
from engine.planning.candidates import avoids_food
from engine.planning.dishes import DISH_WORDS, has_dish
from engine.planning.wish_places import TAG_WORDS, tag_word
from engine.understanding import parse_request
from tests.helpers import plans
from tests.helpers.plans import KB, SATURDAY


def plan(**fields: object) -> Itinerary:
    return plans.plan(**{"departure": None, **fields})


def rows(p: Itinerary, kind: str) -> list:  # type: ignore[type-arg]
    assert p.feasibility is not None
    return [w for w in p.feasibility.wishes if w.kind == kind]


def test_this_trips_hotpot_wins_over_a_remembered_no_spice_and_says_how() -> None:
    request = TripRequest(
        destinations=("chongqing",), days=3, start_date=SATURDAY,
        avoid=Avoid(cuisines=("spicy",)), food=(FoodWish(cuisine="hotpot", said="想吃火锅"),),
        wishes=(Wish(kind="food", value="hotpot", said="想吃火锅"),
                Wish(kind="avoid_food", value="spicy", said="我不吃辣", remembered=True)),
    )  # fmt: skip
    p = plan_trip(request, KB)
    meals = [KB.restaurant(i.poi_id or "") for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL]  # fmt: skip
    places = [r for r in meals if r is not None]
    assert any("hotpot" in r.cuisines for r in places)
    # only the hotpot meals are spicy: every other meal still avoids it
    assert all("hotpot" in r.cuisines for r in places if avoids_food(r, request))
    (food,) = rows(p, "food")
    assert food.status == "honoured"
    (avoid,) = rows(p, "avoid_food")
    assert avoid.status == "partly" and avoid.remembered
    assert "你之前说" in avoid.message and "想吃火锅" in avoid.message
    assert avoid.reason is not None and "鸳鸯锅" in avoid.reason
    assert p.feasibility is not None and p.feasibility.passed


def test_limited_mobility_rides_the_cable_car_and_the_report_says_what_remains() -> None:
    p = plan(destinations=("taishan",), days=1, lang="en", access=("limited-mobility",),
             must_see=("taishan-mount-tai",), party=Party(adults=1, seniors=1))  # fmt: skip
    visit = next(i for d in p.days for i in d.items
                 if i.kind is ItemKind.ATTRACTION and i.poi_id == "taishan-mount-tai")  # fmt: skip
    usual = KB.attraction("taishan-mount-tai")
    lunch_inside = 60 if visit.meal == "lunch" else 0  # eaten on the mountain, within the visit
    assert usual is not None and visit.minutes <= usual.visit_minutes // 2 + lunch_inside
    assert "Zhongtianmen" in visit.note or "cable car" in visit.note
    (access,) = rows(p, "access")
    assert access.status == "partly"  # never a bare ✅ with a mountain in the plan
    assert access.reason and "steps" in access.reason


def test_a_wheelchair_rules_out_every_climb_even_with_a_cable_car() -> None:
    p = plan(destinations=("huangshan",), days=2, access=("wheelchair",))
    for d in p.days:
        for i in d.items:
            place = KB.attraction(i.poi_id or "") if i.kind is ItemKind.ATTRACTION else None
            assert place is None or "hiking" not in place.tags, place.name_zh
    (access,) = rows(p, "access")
    assert access.status != "honoured" or "黄山" not in access.message


def test_words_read_two_ways_are_one_row() -> None:
    said = "看海"
    p = plan(destinations=("qinhuangdao",), days=2, interests=("sea", "beach"),
             wishes=(Wish(kind="interest", value="sea", said=said),
                     Wish(kind="interest", value="beach", said=said)))  # fmt: skip
    assert [w.said for w in rows(p, "interest")] == [said]


def test_every_attraction_tag_has_words_in_both_languages() -> None:
    assert set(ATTRACTION_TAGS) <= set(TAG_WORDS)
    for tag in ATTRACTION_TAGS:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in tag_word(tag, "zh")), tag


def test_an_activity_no_sight_offers_is_answered_with_the_reason() -> None:
    p = plan(destinations=("beijing",), days=2,
             wishes=(Wish(kind="other", value="activity:peking-opera", said="想看京剧"),))  # fmt: skip
    (row,) = rows(p, "other")
    assert row.status == "not" and row.reason and "北京" in row.reason


def test_a_wish_for_the_train_is_honoured_by_the_high_speed_train() -> None:
    """「坐火车」 / "by train" from 北京 to 上海, where the knowledge base knows only the G
    train: both legs by high-speed rail and the wish ✅ — not flights with 「查不到可坐的火车」."""
    p = plan(destinations=("shanghai",), departure="beijing", days=3, prefer_transport=("train",))
    legs = [i for d in p.days for i in d.items if i.kind == ItemKind.INTERCITY]
    assert len(legs) == 2 and all(i.mode is not None and i.mode.value == "hsr" for i in legs)
    (row,) = rows(p, "transport")
    assert row.status == "honoured", row


def test_a_wish_for_the_train_gets_the_high_speed_estimate_where_links_are_by_air() -> None:
    """北京 to 桂林: the knowledge base links them by air only, the rail network joins them.
    A wished 「坐火车」 gets the distance model's G train through `intercity.satisfies` (as a
    wished 高铁 does), not the flight with the wish answered ❌."""
    p = plan(destinations=("guilin",), departure="beijing", days=4, prefer_transport=("train",))
    legs = [i for d in p.days for i in d.items if i.kind == ItemKind.INTERCITY]
    assert legs and all(i.mode is not None and i.mode.value == "hsr" for i in legs), legs
    (row,) = rows(p, "transport")
    assert row.status == "honoured", row


def test_an_event_at_its_hour_said_as_a_must_see_is_not_claimed_by_a_later_visit() -> None:
    """「一定要看天安门升旗仪式」 on a one-day trip: the flag-raising is at sunrise and needs the
    night before there. The square visited mid-morning is not the ceremony — one row answers
    the words, ❌ with the reason, never ✅ 「第1天 09:12游览天安门广场」."""
    parsed = parse_request("北京一天，一定要看天安门升旗仪式", KB, today=SATURDAY)
    assert parsed.request is not None
    p = plan_trip(parsed.request, KB)
    assert p.feasibility is not None
    said = [w for w in p.feasibility.wishes if "升旗" in w.said]
    assert len(said) == 1, said
    (row,) = said
    assert row.status == "not" and row.reason and "日出" in row.reason, row


def _vegetarian(destination: str, days: int) -> Itinerary:
    return plan(destinations=(destination,), days=days,
                food=(FoodWish(cuisine="vegetarian", said="素食"),),
                wishes=(Wish(kind="food", value="vegetarian", said="素食", remembered=True),))  # fmt: skip


def test_a_diet_with_too_few_fitting_places_keeps_every_meal_and_says_how_to_order() -> None:
    """杭州 has one vegetarian noodle shop: it is used, the other meals are kept (one shop
    took every dinner away before) and the answer says what to order there."""
    p = _vegetarian("hangzhou", 2)
    meals = [
        i for d in p.days for i in d.items if i.kind is ItemKind.MEAL and i.meal != "breakfast"
    ]
    places = [KB.restaurant(i.poi_id or "") for i in meals]
    assert len(meals) >= 3
    assert any(r is not None and "vegetarian" in r.cuisines for r in places)
    (row,) = rows(p, "food")
    assert row.status == "partly" and "素菜" in row.message and "只吃素" in (row.reason or "")


def test_a_diet_with_no_fitting_place_is_answered_as_ordered_never_dropped() -> None:
    """Where the knowledge base knows no vegetarian place, the meals stay and the answer is
    ⚠️ 'order vegetarian dishes' with the reason — not ❌ 「没有安排…」."""
    destination = next(d.id for d in KB.destinations.values() if d.metro and d.restaurants
                       and not any("vegetarian" in r.cuisines for r in d.restaurants))  # fmt: skip
    p = _vegetarian(destination, 2)
    (row,) = rows(p, "food")
    assert row.status == "partly", row
    assert "各顿饭点素菜" in row.message and "没有专门的素食餐厅" in (row.reason or "")


def test_snow_mountains_and_a_spot_inside_a_park_are_read_and_answered() -> None:
    """「看雪山和牛奶海」: snow-capped mountains are no snowfall wish, and 牛奶海 (a spot inside
    亚丁景区) is a must-see of the park, answered with its winter closure — it was dropped."""
    from engine.understanding import parse_request

    text = "去稻城亚丁四天，看雪山和牛奶海"
    request = parse_request(text, KB, today=dt.date(2026, 11, 20)).request
    assert request is not None
    assert "snow" not in request.experiences and "mountain" in request.interests
    spot = [w for w in request.wishes if w.kind == "must_see" and "牛奶海" in w.said]
    assert [w.value for w in spot] == ["daocheng-yading-yading"]
    p = plan_trip(request.model_copy(update={"start_date": SATURDAY}), KB)
    (row,) = [r for r in rows(p, "must_see") if "牛奶海" in r.said]
    assert row.status == "partly" and "牛奶海在景区内" in row.message
    assert "关闭" in (row.reason or "")


def test_a_moment_in_words_is_no_place_of_another_city() -> None:
    """「住在能看到夜景的酒店」 in 重庆 added a trip to 西江 (its 「观景台（夜景）」 was indexed by
    夜景) and 「想看雪」 a must-see named 「雪」: a moment is neither a place nor a must-see."""
    from engine.understanding import parse_request

    today = dt.date(2026, 11, 20)
    stay = parse_request("去重庆三天，住在能看到夜景的酒店", KB, today=today).request
    assert stay is not None and stay.destinations == ("chongqing",) and not stay.must_see
    assert "view" in stay.lodging.features
    snow = parse_request("去丽江三天，想看雪", KB, today=today).request
    assert snow is not None and "snow" in snow.experiences
    assert not [w for w in snow.wishes if w.kind == "must_see"]


def test_one_day_is_said_in_the_singular_and_an_area_name_once() -> None:
    """ "Suzhou in 1 days" and 「住在桂林站一带一带」 were said back to travellers: a one-day English
    trip is "1 day" in its title and its days row; a lodging area whose name already ends in
    一带 is not given a second one."""
    day_trip = parse_request("Suzhou day trip from Shanghai", KB, today=SATURDAY).request
    assert day_trip is not None and day_trip.days == 1
    p = plan_trip(day_trip.model_copy(update={"start_date": SATURDAY}), KB)
    assert p.title.endswith("in 1 day from Shanghai") or p.title.endswith("in 1 day")
    assert [w.message for w in rows(p, "days")] == ["1 day"]
    guilin = parse_request("从深圳去桂林玩2天，要能停车的民宿", KB, today=SATURDAY).request
    assert guilin is not None
    q = plan_trip(guilin.model_copy(update={"start_date": SATURDAY}), KB)
    stays = rows(q, "lodging_feature") + rows(q, "lodging_type")
    assert stays and all("一带一带" not in w.message for w in stays)


def test_a_meat_refused_is_read_from_the_dishes_and_kept_off_every_meal() -> None:
    """「不吃羊肉」: 西安's lamb places carry no lamb tag, but their dishes say it (牛羊肉泡馍,
    "mutton"): no meal serves it, the answer says so, and the guide suggests none of them."""
    lamb = [r for r in KB.destinations["xian"].restaurants if has_dish(r, "lamb")]
    assert len(lamb) >= 2  # the data the promise rests on
    request = TripRequest(
        destinations=("xian",), days=3, start_date=SATURDAY, avoid=Avoid(cuisines=("lamb",)),
        wishes=(Wish(kind="avoid_food", value="lamb", said="不吃羊肉"),),
    )  # fmt: skip
    p = plan_trip(request, KB)
    meals = [KB.restaurant(i.poi_id or "") for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL]  # fmt: skip
    assert [r for r in meals if r is not None]
    assert not any(r is not None and has_dish(r, "lamb") for r in meals)
    (row,) = rows(p, "avoid_food")
    assert row.status == "honoured"
    guide = write_guide(p, KB).markdown
    assert not any(r.name_zh in guide for r in lamb)


def test_a_dish_wished_is_found_by_its_name_on_the_menu() -> None:
    """「想吃小龙虾」: no crayfish tag, but a place whose dishes are 口味虾 (crayfish) serves it."""
    request = TripRequest(
        destinations=("changsha",), days=2, start_date=SATURDAY,
        food=(FoodWish(cuisine="crayfish", said="想吃小龙虾"),),
        wishes=(Wish(kind="food", value="crayfish", said="想吃小龙虾"),),
    )  # fmt: skip
    p = plan_trip(request, KB)
    meals = [KB.restaurant(i.poi_id or "") for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL]  # fmt: skip
    assert any(r is not None and has_dish(r, "crayfish") for r in meals)
    (row,) = rows(p, "food")
    assert row.status == "honoured"


def test_every_dish_tag_has_words_to_read_it_by() -> None:
    assert set(DISH_WORDS) == DISH_TAGS
    assert all(DISH_WORDS[tag] for tag in DISH_TAGS)


def test_a_second_date_said_is_answered_not_dropped() -> None:
    """「五月或者六月」: the trip starts in May (said first); 六月 is answered with the reason."""
    result = parse_request("五月或者六月去杭州玩2天", KB, today=dt.date(2026, 3, 10))
    assert result.request is not None
    p = plan_trip(result.request, KB)
    first, second = rows(p, "date")
    assert first.said == "五月" and first.status == "honoured"
    assert p.days[0].date.month == 5
    assert second.said == "六月" and second.status == "not"
    assert second.reason and "出发日" in second.reason


def test_a_show_at_a_place_is_answered_as_on_announced_evenings_only() -> None:
    """「想看橘子洲烟花」 was ✅ for a walk on the island: the place is planned, but the fireworks
    are on announced evenings only (no schedule known) — said so, never claimed."""
    request = parse_request("长沙3天，想看橘子洲烟花", KB, today=dt.date(2026, 11, 20)).request
    assert request is not None
    p = plan_trip(request.model_copy(update={"start_date": SATURDAY}), KB)
    (row,) = [r for r in rows(p, "must_see") if "烟花" in r.said]
    assert row.status == "partly" and "橘子洲" in row.message
    assert "公告" in (row.reason or "")


def test_an_english_budget_breakdown_spaces_each_share() -> None:
    """The over-budget answer read "intercity3318, lodging1500"."""
    p = plan(destinations=("beijing",), days=3, departure="shanghai", lang="en",
             budget_cny=500, wishes=(Wish(kind="budget", value="500", said="budget 500 CNY"),))  # fmt: skip
    (row,) = rows(p, "budget")
    assert row.status == "not" and "of which " in (row.reason or "")
    assert re.search(r"(intercity|lodging|meals|tickets|local rides) \d+", row.reason or "")
    assert not re.search(r"[a-z]\d", row.reason or "")


def test_museums_wished_on_a_monday_are_said_closed_not_absent() -> None:
    """A Beijing Monday plan said 「这里没有博物馆这类景点」: Beijing has them, shut on Mondays."""
    monday = dt.date(2026, 12, 7)
    assert monday.weekday() == 0
    p = plan(destinations=("beijing",), days=1, start_date=monday, interests=("museum",),
             wishes=(Wish(kind="interest", value="museum", said="想看博物馆"),))  # fmt: skip
    (row,) = rows(p, "interest")
    assert row.status == "not" and "没有这类景点" not in (row.reason or "")
    assert "故宫博物院" in (row.reason or "") and "闭馆" in (row.reason or "")
    tuesday = plan(destinations=("beijing",), days=1, start_date=monday + dt.timedelta(days=1),
                   interests=("museum",))  # fmt: skip
    assert any("museum" in KB.attraction(i.poi_id or "").tags  # type: ignore[union-attr]
               for d in tuesday.days for i in d.items if i.kind is ItemKind.ATTRACTION)  # fmt: skip


def test_a_party_changed_later_is_not_answered_as_the_words_first_said() -> None:
    """After a party change the report read "✅ solo: planned for 2 adults"."""
    solo = Wish(kind="party", value="1+0", said="solo")
    now = plan(destinations=("hangzhou",), days=1, lang="en", party=Party(adults=2),
               wishes=(solo,))  # fmt: skip
    (row,) = rows(now, "party")
    assert row.message.startswith("changed later") and "2 adults" in row.message
    same = plan(destinations=("hangzhou",), days=1, lang="en", party=Party(adults=1),
                wishes=(solo,))  # fmt: skip
    (row,) = rows(same, "party")
    assert row.message == "planned for 1 adult"


def test_up_on_foot_and_down_by_cable_car_is_answered_not_dropped() -> None:
    """「爬上去坐索道下来」 (泰山): the cable car down was answered, "up on foot" dropped without a
    word; the plan rides both ways, so the report says walking up is not planned and why."""
    for text in (
        "从济南去泰山玩2天，想爬上去坐索道下来",
        "2 days at Mount Tai, hike up and cable car down",
    ):
        request = parse_request(text, KB, today=dt.date(2026, 12, 1)).request
        assert request is not None
        p = plan_trip(request, KB)
        (row,) = [w for w in rows(p, "other") if w.value == "activity:climb-up"]
        assert (
            row.status == "not"
            and row.reason
            and ("索道" in row.reason or "cable car" in row.reason)
        )
        cable = [w for w in p.feasibility.wishes if "索道" in w.said or "cable car" in w.said]
        assert cable and all(w.status == "honoured" for w in cable), cable


def test_a_day_trip_to_an_island_sleeps_ashore_and_catches_the_last_boat() -> None:
    """「当天往返涠洲岛」 was ignored: a night on the island, no row. Now the nights are ashore,
    the island's main part is seen before the last boat back (15:00), and the report says so."""
    island = KB.destinations["beihai"].access_areas[0]
    for text in (
        "南宁出发去北海玩3天，想当天往返涠洲岛",
        "3 days in Beihai from Nanning, with a day trip to Weizhou Island",
    ):
        request = parse_request(text, KB, today=dt.date(2026, 12, 1)).request
        assert request is not None and "beihai-weizhou-volcano" in request.must_see
        assert request.lodging.day_trip == (island.id,)
        p = plan_trip(request, KB)
        (row,) = [w for w in rows(p, "lodging_area") if w.value.startswith("day-trip:")]
        assert row.status == "honoured", row
        nights = [i for d in p.days for i in d.items if i.kind is ItemKind.LODGING]
        assert nights and all(
            haversine_m(island.lat, island.lon, i.lat or 0, i.lon or 0) > island.radius_m
            for i in nights
        )
        (visit,) = [i for d in p.days for i in d.items
                    if i.poi_id == "beihai-weizhou-volcano" and i.kind is ItemKind.ATTRACTION]  # fmt: skip
        assert visit.end is not None and visit.end <= dt.time(15, 0)
        assert p.feasibility is not None and p.feasibility.passed, p.feasibility


def test_a_group_of_twenty_rides_a_coach_and_sleeps_in_ten_rooms() -> None:
    """Issue 12: 「公司团建20人去杭州两天」 hailed taxis for twenty; now a chartered coach, and
    the party row says the rooms and the coach."""
    request = parse_request("公司团建20人去杭州两天", KB, today=SATURDAY).request
    assert request is not None
    p = plan_trip(request.model_copy(update={"start_date": SATURDAY}), KB)
    modes = {i.mode for d in p.days for i in d.items if i.kind == ItemKind.TRANSIT}
    assert Mode.TAXI not in modes and Mode.CHARTER in modes, modes
    (row,) = rows(p, "party")
    assert "10间房" in row.message and "包车大巴" in row.message, row.message


def test_a_sight_named_for_its_evening_is_one_row_at_its_hour() -> None:
    """Issue 12: 「想逛不夜城」 was answered twice (the sight, and a night view of the same
    words); one row, the sight's, in the evening."""
    request = parse_request("西安三天，想逛不夜城", KB, today=SATURDAY).request
    assert request is not None
    p = plan_trip(request.model_copy(update={"start_date": SATURDAY}), KB)
    assert p.feasibility is not None
    said = [w for w in p.feasibility.wishes if "不夜城" in w.said]
    assert [w.kind for w in said] == ["must_see"], said
    visit = next(i for d in p.days for i in d.items if i.poi_id == "xian-datang-everbright")
    assert visit.start.hour >= 17 and said[0].status == "honoured"


def test_a_rough_head_count_is_planned_for_and_said_as_rough() -> None:
    """Issue 12: 「十几个同事」 was planned for one traveller, silently."""
    request = parse_request("十几个同事去杭州两天", KB, today=SATURDAY).request
    assert request is not None and request.party.size == 15
    p = plan_trip(request.model_copy(update={"start_date": SATURDAY}), KB)
    (row,) = rows(p, "party")
    assert "约数" in row.message and "15" in row.message, row.message


def test_an_old_town_wish_over_two_towns_counts_each_towns_old_town() -> None:
    """「都住古城里」 on a 大理 and 丽江 trip: every night in its own town's old town is the wish
    honoured (it read ⚠️ 「3晚住大理古城内客栈（其余几晚在别的目的地）」); a second area wish
    (「丽江住束河」) is never answered by the other wish's nights."""
    said = parse_request("上海出发去大理丽江6天，都住古城里", KB, today=SATURDAY)
    assert said.request is not None, said.message()
    p = plan_trip(said.request, KB)
    nights = [i.poi_id for d in p.days for i in d.items if i.kind == ItemKind.LODGING]
    assert set(nights) == {"dali-lodging-old-town", "lijiang-lodging-old-town"}, nights
    (row,) = rows(p, "lodging_area")
    assert row.status == "honoured", row
    assert "大理古城内客栈" in row.message and "丽江古城内客栈" in row.message, row.message
    two = parse_request("上海出发去大理丽江6天，大理住古城里，丽江住束河", KB, today=SATURDAY)
    assert two.request is not None, two.message()
    p = plan_trip(two.request, KB)
    shuhe = [w for w in rows(p, "lodging_area") if "束河" in w.said]
    assert shuhe and shuhe[0].status == "not", shuhe
    # the true reason: 束河's lodging is known, not 「知识库里那里没有住宿」; the nights said are 丽江's
    assert "束河古镇客栈" in (shuhe[0].reason or "") and "没有住宿" not in (shuhe[0].reason or "")
    assert "大理" not in shuhe[0].message, shuhe


def test_a_chartered_car_wish_is_answered_on_every_road_leg() -> None:
    """「包车」 was ✅ 「按打车安排」 while 康定 → 稻城 was a 9.5-hour public coach: a chartered
    car is answered on the road legs, intercity coaches included, and named where it is not
    honoured; where every road leg is by car it is honoured in its own words."""
    said = parse_request("成都出发包车5天，康定、稻城亚丁", KB, today=SATURDAY)
    assert said.request is not None, said.message()
    p = plan_trip(said.request, KB)
    coaches = [i for d in p.days for i in d.items if i.mode is Mode.COACH]
    assert coaches, "the curated base has no chartered intercity car: this plan takes a coach"
    (row,) = rows(p, "local_transport")
    assert "打车安排" not in row.message, row
    assert row.status == "partly" and coaches[0].name in (row.reason or ""), row
    assert "包车" in (row.reason or "") and "大巴" in (row.reason or ""), row
    town = parse_request("丽江包车玩3天", KB, today=SATURDAY)
    assert town.request is not None
    p = plan_trip(town.request, KB)
    (row,) = rows(p, "local_transport")
    cars = {i.mode for d in p.days for i in d.items if i.kind is ItemKind.TRANSIT} - {Mode.WALK}
    assert cars <= {Mode.TAXI, Mode.CHARTER, Mode.CABLE_CAR, Mode.FERRY}, cars
    assert row.status == "honoured" and "坐车" in row.message, row
