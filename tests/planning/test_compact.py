"""Compact days (`engine.planning.compact`): the big sight before lunch when it fits, not after
a morning of waiting; never an order that breaks a window."""

from __future__ import annotations

from engine.knowledge.base import load_curated
from engine.planning import toptw
from engine.planning.compact import compact_days
from engine.planning.intercity import Point
from engine.planning.model import TripModel, VisitInfo

KB = load_curated()


def _model(lunch_late: int) -> TripModel:
    """A day from 09:00 to 20:30: the palace (08:30–13:00 start, 240 min) and lunch (11:00 to
    `lunch_late` start, 75 min), 10 minutes apart and from the lodging."""
    palace = KB.attraction("beijing-forbidden-city")
    duck = KB.restaurant("beijing-quanjude-qianmen")
    assert palace is not None and duck is not None
    model = TripModel()
    model.points = [Point("住", "stay", 39.9, 116.4, None), Point("宫", "palace", 39.91, 116.39),
                    Point("鸭", "duck", 39.9, 116.39)]  # fmt: skip
    model.travel = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    model.visits = [
        toptw.Visit(location=1, service=240, tw_early=510, tw_late=780, score=10.0),
        toptw.Visit(location=2, service=75, tw_early=660, tw_late=lunch_late, score=5.0),
    ]
    model.info = [VisitInfo(0, palace), VisitInfo(0, duck, "lunch")]
    model.tours = [toptw.Tour(start=0, end=0, earliest=540, latest=1230)]
    return model


def test_the_big_sight_moves_before_lunch_when_lunch_still_fits() -> None:
    model = _model(lunch_late=810)
    late = toptw.evaluate(model.instance(), [[1, 0]])  # lunch 11:00, palace 12:25
    assert late.feasible
    done = compact_days(model, late)
    assert [s.visit for s in done.tours[0]] == [0, 1]
    assert done.tours[0][0].start == 550 and done.feasible and done.score == late.score


def test_the_order_stays_when_lunch_would_end_up_outside_its_window() -> None:
    model = _model(lunch_late=765)  # the restaurant's last lunch start 12:45
    late = toptw.evaluate(model.instance(), [[1, 0]])
    assert compact_days(model, late) is late


def test_the_day_ends_with_the_sight_near_tonight_s_lodging_not_rides_back_for_it() -> None:
    """汤口 → 塔川 → 黄山 → 宏村 rode 40 km out to 塔川 before the mountain and back past it at
    night: the mountain first, then 塔川 beside tonight's lodging (issue 12, G6)."""
    mountain = KB.attraction("huangshan-scenic-area")
    village = KB.attraction("huangshan-tachuan")
    assert mountain is not None and village is not None
    model = TripModel()
    model.points = [Point("汤口", "Tangkou", 30.08, 118.16, None), Point("山", "hill", 30.13, 118.17),
                    Point("塔川", "Tachuan", 30.0, 117.99), Point("宏村", "Hongcun", 29.99, 117.98)]  # fmt: skip
    model.travel = [
        [0, 90, 40, 40],
        [90, 0, 120, 125],
        [40, 120, 0, 10],
        [40, 125, 10, 0],
    ]
    model.visits = [
        toptw.Visit(location=1, service=300, tw_early=420, tw_late=900, score=10.0),
        toptw.Visit(location=2, service=60, tw_early=420, tw_late=1000, score=2.0),
    ]
    model.info = [VisitInfo(0, mountain), VisitInfo(0, village)]
    model.tours = [toptw.Tour(start=0, end=3, earliest=390, latest=1260)]
    out_and_back = toptw.evaluate(model.instance(), [[1, 0]])
    assert out_and_back.feasible
    done = compact_days(model, out_and_back)
    assert [s.visit for s in done.tours[0]] == [0, 1]
    assert done.feasible and done.score == out_and_back.score
