"""The plan-quality request set: its mix, and every expectation refers to real knowledge.

Each test walks every request and lists all the problems it finds (request id: problem), so one
run shows every mistake in the data file.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bench.plan_quality_expect import (
    ACCESS,
    EXPERIENCES,
    LODGING_FEATURES,
    MODES,
    BenchRequest,
    alternatives,
    load_requests,
    poi_ids,
)
from bench.plan_quality_wishes import sunset_views
from engine.domain.allergens import ALLERGENS
from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import ATTRACTION_TAGS, CUISINE_TAGS, DISH_TAGS, Attraction, Lodging
from engine.planning.dishes import has_dish
from engine.understanding.activities import ACTIVITIES

REQUESTS = load_requests().requests


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def covered(req: BenchRequest, kb: KnowledgeBase) -> bool:
    return all(d in kb.destinations for d in req.expect.destinations)


def test_the_mix_the_issue_asks_for(kb: KnowledgeBase) -> None:
    ids = Counter(r.id for r in REQUESTS)
    assert [i for i, n in ids.items() if n > 1] == []
    assert len(REQUESTS) >= 150
    assert sum(r.lang == "en" for r in REQUESTS) >= 40
    assert len({d for r in REQUESTS for d in r.expect.destinations if d in kb.destinations}) >= 40
    assert sum(len(r.expect.destinations) > 1 for r in REQUESTS) >= 10
    assert any(not covered(r, kb) for r in REQUESTS)  # the skip path is exercised


def vocabulary_problems(req: BenchRequest) -> list[str]:
    e, out = req.expect, list[str]()
    if not set(e.no_tags) <= ATTRACTION_TAGS:
        out.append(f"unknown tags {set(e.no_tags) - ATTRACTION_TAGS}")
    cuisines = {c for f in e.food for c in f.cuisine if not c.startswith("dish:")}
    cuisines |= set(e.no_cuisines)  # (a dish named by its own words: ``dish:苏式面``)
    known = CUISINE_TAGS | DISH_TAGS | set(ALLERGENS)  # (an ingredient avoided: ``peanut``)
    if not cuisines <= known:
        out.append(f"unknown cuisines {cuisines - known}")
    modes = e.intercity_modes
    if modes is not None and not set(modes.only) | set(modes.none_of) <= MODES:
        out.append("unknown mode")
    if e.access is not None and e.access not in ACCESS:
        out.append(f"unknown access {e.access}")
    if not set(e.experiences) <= EXPERIENCES:
        out.append("unknown experience")
    if not set(e.activities) <= {key for _rx, key, *_ in ACTIVITIES}:
        out.append("unknown activity")
    if e.lodging is not None and not set(e.lodging.features) <= LODGING_FEATURES:
        out.append("unknown lodging feature")
    if not set(e.destination_days) <= set(e.destinations):
        out.append("destination_days names a place not among the destinations")
    if e.destination_days and sum(e.destination_days.values()) != e.days:
        out.append("destination_days do not add up to days")
    if e.dates is not None and e.dates.start_between[0] > e.dates.start_between[1]:
        out.append("empty date range")
    return [f"{req.id}: {p}" for p in out]


def reference_problems(req: BenchRequest, kb: KnowledgeBase) -> list[str]:
    e, out = req.expect, list[str]()
    if e.departure is not None and e.departure not in kb.destinations:
        out.append(f"departure {e.departure} unknown")
    for poi_id in sorted(poi_ids(e)):
        dest = kb.destination_of(poi_id)
        if dest is None:
            out.append(f"{poi_id} is not in the knowledge base")
        elif dest.id not in e.destinations:
            out.append(f"{poi_id} is not in {e.destinations}")
    for sight in (*e.headline, *e.must_see, *((p,) for p in e.no_places)):
        out.extend(f"{i} is not an attraction" for i in alternatives(sight)
                   if kb.place(i) is not None and not isinstance(kb.place(i), Attraction))  # fmt: skip
    if e.lodging is not None:
        out.extend(f"{i} is not a lodging" for i in e.lodging.any_of
                   if kb.place(i) is not None and not isinstance(kb.place(i), Lodging))  # fmt: skip
    return [f"{req.id}: {p}" for p in out]


def satisfiable_problems(req: BenchRequest, kb: KnowledgeBase) -> list[str]:
    """A wish the knowledge cannot meet would only measure the knowledge base."""
    e, out = req.expect, list[str]()
    dests = [kb.destinations[d] for d in e.destinations]
    served = {c for d in dests for r in d.restaurants for c in r.cuisines}
    named = {c for f in e.food for c in f.cuisine if c.startswith("dish:")}
    served |= {t for d in dests for r in d.restaurants for t in (*DISH_TAGS, *named)
               if has_dish(r, t)}  # fmt: skip
    out.extend(f"no restaurant serves {f.cuisine}" for f in e.food if not served & set(f.cuisine))
    if e.lodging is not None and e.lodging.near:
        target, dest = kb.place(e.lodging.near), kb.destination_of(e.lodging.near)
        if target is not None and dest is not None:
            nearest = min(haversine_m(s.lat, s.lon, target.lat, target.lon) for s in dest.lodging)
            if nearest > e.lodging.within_m:
                out.append(f"nearest lodging {nearest:.0f} m from {e.lodging.near}")
    for moment in e.experiences:
        spots = [a for d in dests for a in d.attractions
                 if moment in a.tags or moment in {h.kind for h in a.highlights}]  # fmt: skip
        stays = [s for d in dests for s in d.lodging if moment in s.good_for]
        views = [v for d in dests for v in sunset_views(kb, d.id)] if moment == "sunset" else []
        if not spots and not stays and not views:
            out.append(f"no place for {moment}")
    return [f"{req.id}: {p}" for p in out]


def test_vocabulary() -> None:
    assert [p for r in REQUESTS for p in vocabulary_problems(r)] == []


def test_expectations_name_real_places(kb: KnowledgeBase) -> None:
    assert [p for r in REQUESTS if covered(r, kb) for p in reference_problems(r, kb)] == []


def test_wishes_can_be_honoured_with_the_knowledge(kb: KnowledgeBase) -> None:
    assert [p for r in REQUESTS if covered(r, kb) for p in satisfiable_problems(r, kb)] == []


def test_the_checks_catch_a_bad_expectation(kb: KnowledgeBase) -> None:
    """Break a request on purpose: each kind of mistake is reported."""
    req = next(r for r in REQUESTS if r.id == "sz-01")
    food = req.expect.food[0].model_copy(update={"cuisine": ("tibetan",)})
    lodging = req.expect.lodging.model_copy(update={"within_m": 10})  # type: ignore[union-attr]
    broken = req.model_copy(
        update={
            "expect": req.expect.model_copy(
                update={
                    "must_see": ("suzhou-no-such-garden", "hangzhou-leifeng-pagoda"),
                    "no_tags": ("gardens",),
                    "food": (food,),
                    "lodging": lodging,
                    "destination_days": {"suzhou": 5},
                }
            )
        }
    )
    assert len(vocabulary_problems(broken)) == 2
    assert len(reference_problems(broken, kb)) == 2
    assert len(satisfiable_problems(broken, kb)) == 2
