"""怕冷 / 怕热 / 怕晒, "my wife hates the cold", "it will be very hot": read as one ``weather``
wish each, never 「❓没看懂」 (issue 12)."""

from __future__ import annotations

import pytest

from engine.domain.request import TripRequest
from engine.understanding import parse_request
from engine.understanding.revision_wishes import add_wishes
from tests.helpers.plans import KB


@pytest.mark.parametrize(
    ("text", "value"),
    [("寒假带两个孩子（6岁和10岁）从北京去哈尔滨玩4天，看冰雪大世界，孩子怕冷", "cold"),
     ("一月去长白山三天，我老婆特别怕冻", "cold"),
     ("Harbin 4 days from Beijing in January, my wife hates the cold", "cold"),
     ("七月带爸妈从上海去三亚5天，爸妈怕热", "heat"),
     ("Xi'an 3 days from Beijing in August, it will be very hot, keep us indoors at noon", "heat"),
     ("西安三天，天太热，中午待在室内", "heat"),
     ("五月去拉萨4天，我怕晒", "sun"),
     ("Guilin 3 days in July, I burn easily", "sun")],
)  # fmt: skip
def test_weather_felt_is_a_wish(text: str, value: str) -> None:
    request = parse_request(text, KB).request
    assert request is not None and not request.unrecognized
    assert [w.value for w in request.wishes if w.kind == "weather"] == [value]


@pytest.mark.parametrize(
    "text", ["武汉三天，想吃热干面", "延吉两天，想吃冷面", "Chengdu 3 days, we love hot pot"]
)
def test_food_words_are_no_weather(text: str) -> None:
    request = parse_request(text, KB).request
    assert request is not None
    assert not [w for w in request.wishes if w.kind == "weather"]


def test_a_follow_up_adds_the_weather_once() -> None:
    request = TripRequest(destinations=("harbin",), days=3)
    revised, changes = add_wishes("孩子怕冷", request, KB, "zh")
    assert [(w.kind, w.value) for w in revised.wishes] == [("weather", "cold")]
    assert changes == ["记下了：怕冷"]
    again, changes = add_wishes("孩子真的很怕冷", revised, KB, "zh")
    assert again.wishes == revised.wishes and not changes
