"""Intercity options: curated links first, the distance model otherwise."""

from engine.planning import intercity
from engine.planning.intercity import Point
from tests.helpers.synthetic_kb import two_city_kb


def test_curated_link_is_used_in_both_directions() -> None:
    kb = two_city_kb()
    there = intercity.options(kb, kb.destinations["alpha"], kb.destinations["beta"])[0]
    back = intercity.options(kb, kb.destinations["beta"], kb.destinations["alpha"])[0]
    assert there.mode == "hsr" and there.minutes == 90 and there.fare_cny == 120
    assert there.a_hub.poi_id == "alpha-station" and there.b_hub.poi_id == "beta-station"
    assert back.a_hub.poi_id == "beta-station" and back.b_hub.poi_id == "alpha-station"
    assert there.confidence == "estimated"  # the synthetic link says so


def test_distance_model_for_unknown_origin() -> None:
    kb = two_city_kb()
    alpha = kb.destinations["alpha"]
    airport = alpha.hubs[0].model_copy(
        update={"id": "alpha-airport", "kind": "airport", "name_zh": "阿尔法机场", "lat": 31.15}
    )
    kb.add(alpha.model_copy(update={"hubs": (*alpha.hubs, airport)}))
    chengdu = Point("成都", "Chengdu", 30.66, 104.06)
    found = intercity.options(kb, chengdu, kb.destinations["alpha"])
    modes = {o.mode for o in found}
    assert "flight" in modes  # ~1 650 km: flying is offered
    assert all(o.confidence == "estimated" for o in found)
    assert found[0].mode == "flight"  # far faster door to door at this distance


def test_avoided_modes_are_dropped() -> None:
    kb = two_city_kb()
    found = intercity.options(
        kb, kb.destinations["alpha"], kb.destinations["beta"], avoid=frozenset({"hsr", "train"})
    )
    assert all(o.mode not in ("hsr", "train") for o in found)


def test_hsr_estimate_matches_beijing_shanghai_order_of_magnitude() -> None:
    option = intercity.estimate(
        Point("北京", "Beijing", 39.865, 116.379), Point("上海", "Shanghai", 31.194, 121.320), "hsr"
    )
    assert 300 <= option.minutes <= 420  # real fastest 4 h 18 min, typical 5–6 h
    assert 450 <= option.fare_cny <= 700  # real second class 553–662 CNY


def test_no_airport_is_invented() -> None:
    kb = two_city_kb()  # no airports at all
    chengdu = Point("成都", "Chengdu", 30.66, 104.06)
    found = intercity.options(kb, chengdu, kb.destinations["alpha"])
    assert found and all(o.mode != "flight" for o in found)  # a long train, not a fake airport
    assert all("机场" not in o.b_hub.name_zh for o in found)


def test_nearest_real_airport_stands_in_for_a_destination_without_one() -> None:
    kb = two_city_kb()
    beta = kb.destinations["beta"]
    airport = beta.hubs[0].model_copy(
        update={
            "id": "beta-airport",
            "kind": "airport",
            "name_zh": "贝塔机场",
            "name_en": "Beta Airport",
        }
    )
    kb.add(beta.model_copy(update={"hubs": (*beta.hubs, airport)}))
    gamma = beta.model_copy(
        update={"id": "gamma", "lat": beta.lat + 0.5, "attractions": (), "restaurants": (),
                "lodging": (), "hubs": ()}
    )  # fmt: skip
    kb.add(gamma)
    far = Point("哈尔滨", "Harbin", 45.75, 126.63)
    flights = [o for o in intercity.options(kb, far, gamma) if o.mode == "flight"]
    assert flights and flights[0].b_hub.poi_id == "beta-airport"


def test_far_places_linked_by_rail_only_may_also_fly_from_the_nearest_airports() -> None:
    kb = two_city_kb()
    beta = kb.destinations["beta"]
    far = beta.model_copy(update={"lat": 23.1, "lon": 113.3})  # ~1 200 km from alpha
    airport = beta.hubs[0].model_copy(
        update={
            "id": "beta-airport",
            "kind": "airport",
            "name_zh": "贝塔机场",
            "lat": 23.2,
            "lon": 113.3,
        }
    )
    station = beta.hubs[0].model_copy(update={"lat": 23.05, "lon": 113.25})
    kb.add(far.model_copy(update={"hubs": (station, airport)}))
    alpha = kb.destinations["alpha"]
    alpha_air = alpha.hubs[0].model_copy(
        update={"id": "alpha-airport", "kind": "airport", "name_zh": "阿尔法机场", "lat": 31.15}
    )
    kb.add(alpha.model_copy(update={"hubs": (*alpha.hubs, alpha_air)}))
    found = intercity.options(kb, kb.destinations["alpha"], kb.destinations["beta"])
    flights = [o for o in found if o.mode == "flight"]
    assert len(flights) == 1 and flights[0].confidence == "estimated"
    assert flights[0].a_hub.poi_id == "alpha-airport" and flights[0].b_hub.poi_id == "beta-airport"
    assert any(o.mode == "hsr" and o.confidence == "estimated" for o in found)  # the curated link


def test_beyond_hsr_range_without_flying_is_a_long_conventional_train() -> None:
    kb = two_city_kb()  # no airports
    sanya = Point("三亚", "Sanya", 18.25, 109.51)  # ~1 500 km from alpha, across the strait
    (only,) = intercity.options(kb, kb.destinations["alpha"], sanya)
    assert only.mode == "train" and only.confidence == "estimated"
    assert only.minutes > 20 * 60  # not an 11-hour "high-speed" ride


def test_no_flight_from_an_airport_to_itself_even_when_flying_is_wished() -> None:
    """成都 to 乐山 (no airport: 天府 is the nearest to both) was a 40-minute flight from 天府
    to 天府 when the request said "flying"; the train runs."""
    from engine.knowledge.base import load_curated

    kb = load_curated()
    d = kb.destinations
    found = intercity.options(kb, d["chengdu"], d["leshan"], prefer=("flight",))
    assert found and all(o.mode != "flight" for o in found)
    assert any(o.mode == "hsr" for o in found)
    far = intercity.options(kb, d["chengdu"], d["beijing"], prefer=("flight",))
    assert any(o.mode == "flight" for o in far)


def test_an_estimated_train_rides_a_spur_line_first() -> None:
    """「香格里拉站 → 重庆北站 高铁约4小时18分」: a straight line at 220 km/h from the end of a
    spur. 香格里拉's only line runs to 丽江 (78 min): the estimate rides there first and says so;
    between two places with many lines (成都's station to 西安, no link in the base) the
    straight-line estimate stands — a link missing from the base is no detour."""
    from engine.knowledge.base import default_knowledge
    from engine.planning.hubs import hubs_of

    kb = default_knowledge()
    here, there = kb.destinations["shangrila"], kb.destinations["chongqing"]
    train = next(o for o in intercity.options(kb, here, there, prefer=("hsr",)) if o.mode == "hsr")
    lijiang, chongqing = hubs_of(kb.destinations["lijiang"], kb)[0], hubs_of(there, kb)[0]
    assert lijiang is not None and chongqing is not None
    onward = intercity.estimate(lijiang, chongqing, "hsr")
    assert train.minutes == 78 + onward.minutes, train
    assert train.minutes > intercity.estimate(train.a_hub, train.b_hub, "hsr").minutes + 60
    assert train.via_zh.startswith("经丽江"), train
    chengdu, xian = (
        hubs_of(kb.destinations["chengdu"], kb)[0],
        hubs_of(kb.destinations["xian"], kb)[0],
    )
    assert chengdu is not None and xian is not None
    direct = intercity._hsr_estimate(kb, (chengdu, xian))
    assert direct == intercity.estimate(chengdu, xian, "hsr") and direct.via_zh == ""
