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
