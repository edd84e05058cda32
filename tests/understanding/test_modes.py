"""Modes wanted and refused, intercity and local, zh and en: request fields and wishes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.knowledge.base import KnowledgeBase
from engine.understanding import ParseResult
from engine.understanding.modes import find_modes
from engine.understanding.revision import parse_revision
from engine.understanding.revision_wishes import add_wishes

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "prefer", "avoid", "local"),
    [
        ("从杭州坐高铁去北京三天", ("hsr",), (), None),
        ("从杭州坐高铁去北京三天，不坐飞机", ("hsr",), ("flight",), None),
        ("杭州去北京三天，不坐飞机坐高铁", ("hsr",), ("flight",), None),
        ("杭州去北京三天，不想坐飞机，想坐动车", ("hsr",), ("flight",), None),
        ("上海飞过去北京玩三天", ("flight",), (), None),
        ("坐飞机去北京，玩三天", ("flight",), (), None),
        ("从上海自驾去黄山两天", ("drive",), (), "drive"),
        ("上海开车去黄山两天", ("drive",), (), "drive"),
        ("上海坐大巴去黄山两天", ("coach",), (), None),
        # their own car, a high-speed train refused: a drive, never read as a wish to fly
        ("我们开自己的车从上海去黄山，不坐高铁，玩两天", ("drive",), ("hsr",), "drive"),
        ("上海去黄山两天，开我们家的车去", ("drive",), (), "drive"),
        ("We'll drive ourselves from Shanghai to Huangshan, 2 days, no high-speed rail", ("drive",), ("hsr",), "drive"),
        ("2 days in Huangshan from Shanghai in our own car", ("drive",), (), "drive"),
        ("上海去杭州两天，不坐大巴也不坐飞机", (), ("coach", "flight"), None),
        ("去北京三天，坐地铁就行", (), (), "public"),
        ("去北京三天，公共交通出行", (), (), "public"),
        ("去北京三天，到了打车", (), (), "taxi"),
        ("去黄山两天，到了租车", (), (), "drive"),
        ("去北京三天，不打车", (), ("taxi",), None),
        # a low budget rides buses and the metro when planned (`meal_price.low_budget`), not
        # asked as a local mode of its own: one answer for the words
        ("去杭州三天，穷游", (), (), None), ("3 days in Hangzhou on a shoestring", (), (), None),
        ("3 days in Beijing from Hangzhou by high-speed train, no flights", ("hsr",), ("flight",), None),
        ("Fly to Beijing from Shanghai for 3 days", ("flight",), (), None),
        ("3 days in Beijing, we'd rather not fly, take the train", ("train",), ("flight",), None),
        ("Road trip from Shanghai to Huangshan, 2 days", ("drive",), (), "drive"),
        ("3 days in Beijing, getting around by metro", (), (), "public"),
        ("3 days in Beijing, taxis only", (), (), "taxi"),
        ("从北京飞上海玩3天", ("flight",), (), None),
        ("3 days in Beijing, flying from Shanghai", ("flight",), (), None),
        ("上海出发去黄山玩两天", (), (), None),
        ("去北京三天，住北京南站附近", (), (), None),
        # A mode asked for and then refused is refused (issue 12: 「✅自驾」 and 「❌开车」 together).
        ("上海出发黄山自驾？不，我们不会开车，玩两天", (), ("drive",), None),
        ("上海自驾去杭州两天？算了，不开车了", (), ("drive",), None),
        ("Road trip from Shanghai to Hangzhou for 2 days? No, we don't drive", (), ("drive",), None),
    ],
)  # fmt: skip
def test_modes(
    read: Read, text: str, prefer: tuple[str, ...], avoid: tuple[str, ...], local: str | None
) -> None:
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    assert request.prefer_transport == prefer
    assert request.avoid.transport == avoid
    assert request.local_transport == local
    kinds = {(w.kind, w.value) for w in request.wishes}
    assert {("transport", m) for m in prefer} <= kinds
    assert {("avoid_transport", m) for m in avoid} <= kinds
    assert (local is None) or ("local_transport", local) in kinds


def test_one_mode_asked_and_another_refused_is_planned_not_refused(read: Read) -> None:
    """Issue #12: 「坐高铁去，不坐飞机」 read as refusing both left no way to travel."""
    result = read("从杭州坐高铁去北京三天，不坐飞机")
    assert result.ok and result.request is not None
    wishes = {w.kind: w for w in result.request.wishes if "transport" in w.kind}
    assert wishes["transport"].value == "hsr" and "高铁" in wishes["transport"].said
    assert wishes["avoid_transport"].value == "flight" and "飞机" in wishes["avoid_transport"].said
    assert "hsr" not in result.request.avoid.transport


@pytest.mark.parametrize("text", ["去机场怎么走", "住火车站附近", "飞来峰", "高铁站旁边的酒店"])
def test_not_a_mode(text: str) -> None:
    found = find_modes(text)
    assert (found.prefer, found.avoid) == ([], [])


@pytest.mark.parametrize(
    ("text", "prefer", "home", "said"),
    [
        ("杭州坐高铁去北京玩5天，飞回来", ("hsr",), ("flight",), "飞回来"),
        ("杭州去北京玩4天，回程坐飞机", (), ("flight",), "回程坐飞机"),
        ("杭州去北京4天，坐飞机回杭州", (), ("flight",), "坐飞机回"),
        # a word between (tester F15.1: flew both ways for someone who never flies)
        ("杭州去北京玩4天，回程这次坐飞机吧", (), ("flight",), "回程这次坐飞机"),
        ("4 days in Beijing from Hangzhou, fly home", (), ("flight",), "fly home"),
        ("4 days in Beijing from Hangzhou, take the train back", (), ("train",), "take the train back"),
        # Both ways, or the mode a wish replaces, are no wish for the way home (issue 12).
        ("杭州去北京4天，往返都坐飞机", ("flight",), (), ""),
        ("Fly from Hangzhou to Beijing instead of the 5-hour train, 4 days", ("flight",), (), ""),
    ],
)  # fmt: skip
def test_a_mode_for_the_way_home_only(
    read: Read, text: str, prefer: tuple[str, ...], home: tuple[str, ...], said: str
) -> None:
    """「飞回来」, "fly home": the leg home, not the whole trip (issue 12: "Fly home from Chengdu"
    flew both ways and read "instead of the 9-hour train" as a wish for trains)."""
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    assert (request.prefer_transport, request.home_transport) == (prefer, home)
    homeward = [w for w in request.wishes if w.kind == "home_transport"]
    assert [(w.value, w.said) for w in homeward] == [(m, said) for m in home]
    assert not [w for w in request.wishes if (w.kind, w.value) == ("transport", "train")]


@pytest.mark.parametrize(
    ("first", "then", "lang"),
    [("上海坐高铁去黄山玩三天", "改成开自己的车去", "zh"),
     ("3 days in Huangshan from Shanghai by high-speed train", "let's drive our own car instead", "en")],
)  # fmt: skip
def test_a_way_there_said_in_a_follow_up_replaces_the_one_said_before(
    read: Read, wkb: KnowledgeBase, first: str, then: str, lang: str
) -> None:
    """「开自己的车去」 as a follow-up kept 高铁 first, so the plan still took the train."""
    request = read(first).request
    assert request is not None and request.prefer_transport == ("hsr",)
    new, changes = add_wishes(then, request, wkb, lang)
    assert new.prefer_transport == ("drive",) and new.local_transport == "drive"
    kinds = {(w.kind, w.value) for w in new.wishes}
    assert ("transport", "drive") in kinds and ("transport", "hsr") not in kinds
    assert changes


@pytest.mark.parametrize(
    ("text", "prefer", "between", "said"),
    [
        ("3 days in Beijing then 2 days in Xi'an, from Shanghai, train between the cities",
         (), ("train",), "train between the cities"),
        ("上海出发，先去北京三天，然后西安两天，城市之间坐火车", (), ("train",), "城市之间坐火车"),
        ("上海出发，北京3天西安2天，坐飞机去，两地之间坐高铁", ("flight",), ("hsr",), "两地之间坐高铁"),
        ("Fly from Shanghai, 2 days in Beijing and 2 in Xi'an, by rail between them",
         ("flight",), ("train",), "by rail between them"),
        # no scope said: the whole trip's mode
        ("上海出发，北京3天西安2天，坐火车", ("train",), (), ""),
    ],
)  # fmt: skip
def test_a_mode_for_the_legs_between_the_cities_only(
    read: Read, text: str, prefer: tuple[str, ...], between: tuple[str, ...], said: str
) -> None:
    """「城市之间坐火车」, "train between the cities": the legs between the destinations, not the
    legs out and home (issue 12: the 9 h 39 min train from 上海 to 成都 ate day 1)."""
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    assert (request.prefer_transport, request.between_transport) == (prefer, between)
    scoped = [w for w in request.wishes if w.kind == "between_transport"]
    assert [(w.value, w.said) for w in scoped] == [(m, said) for m in between]


def test_a_way_home_said_again_replaces_the_one_before(read: Read, wkb: KnowledgeBase) -> None:
    """ "take the train back instead" after "fly back": the train home, not the flight kept
    first with the train answered ❌ "another way suited that leg better"."""
    first = read("4 days in Beijing from Xi'an, fly back").request
    assert first is not None and first.home_transport == ("flight",)
    revision = parse_revision("take the train back instead", first, wkb, "en")
    assert revision is not None and revision.changes, revision
    assert revision.request.home_transport == ("train",)
    homeward = [(w.kind, w.value) for w in revision.request.wishes if w.kind == "home_transport"]
    assert homeward == [("home_transport", "train")]
