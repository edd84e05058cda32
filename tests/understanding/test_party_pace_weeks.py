"""Who travels, at what pace and in which week, as a traveller says it (issue #12, fresh-user
findings F1, F2, F4, F19): the speaker who describes the parents still travels, "for two" is
two, 节奏慢一点 and "take our time" are a relaxed pace, an elder who comes along slows the
days unless a pace is said, and "the first week of May" is that week."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.helpers.reading import Read, read_trip, wish_of


@pytest.mark.parametrize(
    ("text", "party", "senior_ages", "words"),
    [
        # Describing the parents brought (两位老人) does not drop the speaker who brings them.
        ("北京出发去西安玩4天，带爸妈，两位老人腿脚不好", (1, 0, 2), (), ("带爸妈", "两位老人")),
        ("带着父母去西安玩3天，两个老人都怕累", (1, 0, 2), (), ("带着父母", "两个老人")),
        # Each parent's own age, neither lost nor given to the other.
        ("我带爸妈去西安玩3天，爸爸70岁妈妈65岁", (1, 0, 2), (70, 65), ("爸爸70岁", "妈妈65岁")),
        ("带着爷爷奶奶去西安，爷爷82岁奶奶78岁", (1, 0, 2), (82, 78), ("爷爷82岁", "奶奶78岁")),
        # Seniors counted after a word that brings them (带, 陪, 和, "with") are brought.
        ("带两位老人去西安玩3天", (1, 0, 2), (), ("两位老人",)),
        ("我和老公陪着两个老人去西安4天", (2, 0, 2), (), ("我和老公", "两个老人")),
        ("我和两位老人去西安", (1, 0, 2), (), ("两位老人",)),
        ("Xi'an 3 days with two seniors", (1, 0, 2), (), ("two seniors",)),
        # Seniors who speak for themselves are the whole party.
        ("我们三个老人去西安玩3天", (0, 0, 3), (), ("三个老人",)),
        ("Xi'an 3 days, two seniors", (0, 0, 2), (), ("two seniors",)),
        ("我们老两口去西安玩3天", (0, 0, 2), (), ("老两口",)),
        ("我和老伴带着孙子去西安玩3天", (0, 1, 2), (), ("我和老伴", "带着孙子")),
        # English head counts after "for", and couples said every way.
        ("5 days in Xi'an from Beijing for two", (2, 0, 0), (), ("for two",)),
        ("Xi'an 3 days, budget 9000 for 2, nice hotels", (2, 0, 0), (), ("for 2",)),
        ("A trip for four to Xi'an, 3 days", (4, 0, 0), (), ("for four",)),
        ("My husband and I want 3 days in Xi'an", (2, 0, 0), (), ("My husband",)),
        ("Me and my wife, 3 days in Xi'an", (2, 0, 0), (), ("my wife",)),
        ("The two of us, 3 days in Xi'an", (2, 0, 0), (), ("two of us",)),
        ("3 days in Xi'an with my 2 kids", (1, 2, 0), (), ("2 kids",)),
    ],
)  # fmt: skip
def test_who_travels(
    read: Read,
    text: str,
    party: tuple[int, int, int],
    senior_ages: tuple[int, ...],
    words: tuple[str, ...],
) -> None:
    request = read_trip(read, text)
    got = request.party
    assert (got.adults, got.children, got.seniors) == party
    assert got.senior_ages == senior_ages
    wish = wish_of(request, "party")
    assert all(word in wish.said for word in words), wish.said


@pytest.mark.parametrize(
    "text",
    [
        "Xi'an for two days",
        "Xi'an for 2-3 days",
        "Xi'an for two or three days",
        "Xi'an for two full days",
        "Budget 3000 for 3 cities, Xi'an 3 days",
    ],
)
def test_a_count_of_days_or_things_after_for_is_no_party(read: Read, text: str) -> None:
    request = read_trip(read, text)
    assert request.party.size == 1
    assert all(w.kind != "party" for w in request.wishes)


@pytest.mark.parametrize(
    ("text", "pace", "said"),
    [
        ("从广州去西安玩3天，节奏慢一点", "relaxed", "节奏慢一点"),
        ("西安玩5天，担心累着，节奏放慢", "relaxed", "节奏放慢"),
        ("西安3天，放慢节奏", "relaxed", "放慢节奏"),
        ("西安3天，步调缓一些", "relaxed", "步调缓一些"),
        ("西安3天，节奏不要太快", "relaxed", "节奏不要太快"),
        ("西安3天，节奏快一点", "packed", "节奏快一点"),
        ("西安3天，快节奏", "packed", "快节奏"),
        ("3 days in Xi'an, we'd like to take our time", "relaxed", "take our time"),
        ("3 days in Xi'an at our own pace", "relaxed", "at our own pace"),
        ("3 days in Xi'an, nothing rushed", "relaxed", "nothing rushed"),
        ("3 days in Xi'an at a brisk pace", "packed", "brisk pace"),
    ],
)
def test_pace_said(read: Read, text: str, pace: str, said: str) -> None:
    request = read_trip(read, text)
    assert request.pace.value == pace
    assert said in wish_of(request, "pace").said
    assert not request.unrecognized


@pytest.mark.parametrize(
    ("text", "words", "gentler"),
    [
        ("Two days in Xi'an, I'm 28 and my grandma is 80", "grandma is 80", "at a gentler pace"),
        (
            "3 days in Xi'an with my grandfather, he uses a wheelchair",
            "with my grandfather",
            "at a gentler pace",
        ),
        ("4 days in Xi'an, me, my wife and my dad who is 74", "dad who is 74", "at a gentler pace"),
        ("带着孩子和奶奶去西安，孩子5岁奶奶70岁", "奶奶70岁", "放慢节奏"),
    ],
)
def test_an_elder_along_slows_the_days_and_says_why(
    read: Read, text: str, words: str, gentler: str
) -> None:
    """As 带爸妈 does: an elder who comes along (said any way) sets a relaxed pace, shown with
    the words that set it."""
    request = read_trip(read, text)
    assert request.pace.value == "relaxed"
    said = wish_of(request, "pace").said
    assert words in said and gentler in said


@pytest.mark.parametrize(
    ("text", "pace"),
    [
        ("Xi'an 3 days with my grandma, fast pace", "packed"),  # the pace said wins
        ("带爸妈去西安3天，节奏紧凑一点", "packed"),
        ("我们三个老人去西安玩3天", "normal"),  # seniors who speak for themselves
        ("我70岁了，一个人去西安玩两天", "normal"),
        # one parent said without an age: their pace is not known (泰山一日游，我妈膝盖不好)
        ("Xi'an for 1 day, my father has bad knees", "normal"),
        ("西安一日游，我妈膝盖不好", "normal"),
    ],
)
def test_a_pace_said_or_seniors_on_their_own_keep_their_pace(
    read: Read, text: str, pace: str
) -> None:
    assert read_trip(read, text).pace.value == pace


@pytest.mark.parametrize(
    ("text", "said", "start", "days"),
    [
        # today is 2026-03-10; a week's trip starts on its Saturday, as "early May" does
        ("Two days in Xi'an from Beijing in the first week of May", "the first week of May",
         "2026-05-02", 2),
        ("Xi'an 3 days in the second week of June", "the second week of June", "2026-06-13", 3),
        ("Xi'an 3 days in the fourth week of June", "the fourth week of June", "2026-06-27", 3),
        ("Xi'an 3 days in the last week of June", "the last week of June", "2026-06-27", 3),
        ("Xi'an the first weekend of May", "the first weekend of May", "2026-05-02", 2),
        ("五月第二周从北京去西安玩两天", "五月第二周", "2026-05-09", 2),
        ("10月最后一个周末去西安", "10月最后一个周末", "2026-10-31", 2),
        ("5月的第一个周末去西安", "5月的第一个周末", "2026-05-02", 2),
    ],
)  # fmt: skip
def test_a_week_of_a_month(read: Read, text: str, said: str, start: str, days: int) -> None:
    request = read_trip(read, text)
    assert request.start_date == dt.date.fromisoformat(start)
    assert request.days == days
    wish = wish_of(request, "date")
    assert wish.said == said and wish.value == start


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("带1岁宝宝去西安玩5天，每天都要午睡", "每天都要午睡"),
        ("西安3天，我们中午要睡个午觉", "中午要睡个午觉"),
        ("3 days in Xi'an, we need a nap after lunch", "a nap after lunch"),
    ],
)
def test_a_nap_asked_for(read: Read, text: str, said: str) -> None:
    request = read_trip(read, text)
    assert "nap" in request.access
    assert wish_of(request, "access").said == said
    assert not request.unrecognized


def test_a_nap_refused_is_no_nap(read: Read) -> None:
    assert "nap" not in read_trip(read, "西安3天，不用午睡").access
