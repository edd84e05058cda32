"""Free time is spent where one can spend it (issue 12): a free afternoon suggested 「附近可以逛逛
门框胡同百年卤煮」 (a 卤煮 shop), "stroll around Chongshan Rice Noodles" and 「附近可以逛逛大雁塔·
大唐不夜城餐馆集中区」 — eateries, not places to stroll. A food street or night market by its name
is one; a restaurant, snack shop or cluster of eateries is not."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind
from engine.knowledge.schema import Restaurant
from engine.planning import plan_trip
from engine.planning.free_time import strollable
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _named(destination: str, name: str) -> Restaurant:
    return next(r for r in KB.destinations[destination].restaurants if r.name_zh.startswith(name))


@pytest.mark.parametrize(
    ("destination", "name", "stroll"),
    [("hangzhou", "河坊街小吃", True), ("qingdao", "台东夜市", True),
     ("xiamen", "曾厝垵小吃街", True), ("beijing", "门框胡同百年卤煮", False),
     ("xiamen", "1980烧肉粽", False), ("xian", "大雁塔·大唐不夜城餐馆集中区", False),
     ("huashan", "华阴城区面馆", False), ("guilin", "崇善米粉", False)],
)  # fmt: skip
def test_a_place_to_stroll_is_a_street_not_an_eatery(
    destination: str, name: str, stroll: bool
) -> None:
    assert strollable(_named(destination, name)) is stroll


@pytest.mark.parametrize(
    "text",
    [
        "北京3天，想吃涮羊肉和炸酱面，不要太累",
        "Guilin 3 days, we'd like rice noodles for breakfast",
    ],
)
def test_free_time_suggests_no_eatery(text: str) -> None:
    request = parse_request(text, KB, today=SATURDAY).request
    assert request is not None
    p = plan_trip(request, KB, today=SATURDAY)
    eateries = [r for d in p.request.destinations for r in KB.destinations[d].restaurants
                if not strollable(r)]  # fmt: skip
    free = [i for d in p.days for i in d.items if i.kind is ItemKind.FREE]
    for item in free:
        text_shown = f"{item.name} {item.note or ''}"
        assert not [r.name(p.lang) for r in eateries if r.name(p.lang) in text_shown], item
