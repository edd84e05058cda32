"""Days that flow (issue #12, task dayflow): a kind of sight wished by name is planned before
minor sights — asserted on the content of plans."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.planning import candidates as cand
from engine.planning.model import sight_prizes
from tests.helpers.plans import KB, SATURDAY, plan


def sights(p: Itinerary) -> set[str]:
    return {i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION}


def test_pandas_wished_in_beijing_make_the_zoo_the_wished_sight() -> None:
    """「北京四天，想看熊猫」: only 北京动物园 keeps pandas there, so it is the wished sight; a
    taste shared by many sights (history) marks none."""
    request = TripRequest(destinations=("beijing",), days=4, start_date=SATURDAY,
                          interests=("giant-panda", "history"))  # fmt: skip
    scored = cand.attractions(KB.destinations["beijing"], request)
    assert [s.attraction.id for s in scored if s.wished] == ["beijing-zoo"]


def test_a_wished_sight_outweighs_every_minor_sight_together_but_no_headline_one() -> None:
    request = TripRequest(destinations=("beijing",), days=4, start_date=SATURDAY,
                          interests=("giant-panda",))  # fmt: skip
    scored = cand.attractions(KB.destinations["beijing"], request)
    prizes = sight_prizes(scored)
    minor = sum(prizes[s.attraction.id] for s in scored
                if s.headline is None and not s.wished)  # fmt: skip
    headline = min(prizes[s.attraction.id] for s in scored if s.headline is not None)
    assert minor < prizes["beijing-zoo"] < headline


def test_four_days_in_beijing_with_pandas_wished_visit_the_zoo() -> None:
    """The zoo was 「排不下」 while 景山, 钟鼓楼 and 北海 fitted (a stated interest weighed
    ×1.5 on a popularity-3 sight)."""
    p = plan(destinations=("beijing",), days=4, departure=None, interests=("giant-panda",))
    assert "beijing-zoo" in sights(p)
