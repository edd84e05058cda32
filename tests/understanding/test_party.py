"""Who travels — the speaker counts — and ages said: Party fields and the party wish."""

from __future__ import annotations

import pytest

from engine.understanding.party import find_party, resolve_party
from engine.understanding.text import normalize
from tests.helpers.reading import Read, read_trip, wish_of


@pytest.mark.parametrize(
    ("text", "party", "child_ages", "senior_ages"),
    [
        ("我带爸妈去杭州玩三天", (1, 0, 2), (), ()),
        ("我和老婆带孩子去杭州", (2, 1, 0), (), ()),
        ("我带老婆孩子去杭州", (2, 1, 0), (), ()),
        ("我们四个同事去杭州玩三天", (4, 0, 0), (), ()),
        # a rough head count is planned for (十几 → 15), not dropped to one traveller
        ("十几个同事去杭州两天", (15, 0, 0), (), ()),
        ("二十来个人去杭州两天", (20, 0, 0), (), ()),
        ("我们十多个人去杭州", (15, 0, 0), (), ()),
        ("我和三个朋友去杭州", (4, 0, 0), (), ()),
        ("带两个同事去杭州", (3, 0, 0), (), ()),
        ("两家人带3个孩子去杭州", (4, 3, 0), (), ()),
        ("两对夫妻去杭州", (4, 0, 0), (), ()),
        ("一家三口去杭州", (2, 1, 0), (), ()),
        ("一家三口带着奶奶去杭州", (2, 1, 1), (), ()),
        ("带3岁宝宝去杭州", (1, 1, 0), (3,), ()),
        ("一家三口去杭州，孩子5岁", (2, 1, 0), (5,), ()),
        ("带着5岁和8岁的孩子去杭州", (1, 2, 0), (5, 8), ()),
        ("带70岁的爸妈去杭州", (1, 0, 2), (), (70, 70)),
        ("我们俩去杭州", (2, 0, 0), (), ()),
        ("我们仨去杭州", (3, 0, 0), (), ()),
        ("带70多岁的爸妈去杭州", (1, 0, 2), (), (70, 70)),
        ("带两位七十多岁的老人去北京", (1, 0, 2), (), (70, 70)),  # was one senior
        ("带两个5岁的孩子去杭州", (1, 2, 0), (5, 5), ()),
        ("我们俩带1岁宝宝去杭州", (2, 1, 0), (1,), ()),
        ("3 days in Hangzhou with my parents in their 60s, we'd like a slow pace", (1, 0, 2), (), (60, 60)),
        ("2 days in Hangzhou with my elderly mother", (1, 0, 1), (), ()),
        ("Hangzhou 2 days, my mum is 72", (1, 0, 1), (), (72,)),
        ("4 days in Hangzhou with my parents", (1, 0, 2), (), ()),
        ("Me and my wife and our two kids, 3 days in Hangzhou", (2, 2, 0), (), ()),
        ("Four colleagues, 3 days in Hangzhou", (4, 0, 0), (), ()),
        ("3 days in Hangzhou with three friends", (4, 0, 0), (), ()),
        ("Two families with 3 kids, 3 days in Hangzhou", (4, 3, 0), (), ()),
        ("I'm bringing my 3-year-old to Hangzhou for 2 days", (1, 1, 0), (3,), ()),
        ("Hangzhou for 2 days with my kids aged 4 and 7", (1, 2, 0), (4, 7), ()),
        ("My 75-year-old mother and I, 2 days in Hangzhou", (1, 0, 1), (), (75,)),
        ("Huangshan 2 days with my parents, both 72, they have bad knees", (1, 0, 2), (), (72, 72)),
        ("Take my parents (both 72) to Hangzhou for 3 days", (1, 0, 2), (), (72, 72)),
        ("Hangzhou 3 days, mom and dad are both 68", (1, 0, 2), (), (68, 68)),
        ("3 days in Beijing, my mother uses a wheelchair", (1, 0, 1), (), ()),
        ("Hangzhou for 1 day, my father has bad knees", (1, 0, 1), (), ()),
        ("北京3天，我妈坐轮椅", (1, 0, 1), (), ()),
        ("Hangzhou 3 days, the two of us with our 6-year-old and a toddler", (2, 2, 0), (6, 2), ()),
        ("Hangzhou 3 days, the four of us", (4, 0, 0), (), ()),
        ("带我妈去北京3天，我妈腿脚不好", (1, 0, 1), (), ()),
        ("带爸妈去杭州，我妈腿脚不好", (1, 0, 2), (), ()),
        ("我70岁了，一个人去杭州玩两天", (0, 0, 1), (), (70,)),  # the speaker's own age
        ("我今年68，想去杭州玩两天", (0, 0, 1), (), (68,)),
        ("I'm 72, 2 days in Hangzhou on my own", (0, 0, 1), (), (72,)),
        ("I am 70 years old, 3 days in Hangzhou", (0, 0, 1), (), (70,)),
        ("我们两个人，我70岁了，去杭州", (1, 0, 1), (), (70,)),
        ("我70岁的妈妈和我去杭州", (1, 0, 1), (), (70,)),  # her age, not the speaker's
        ("我30岁，去杭州玩两天", (1, 0, 0), (), ()),
        ("I wanna go 去 Hangzhou for 三天 with my 爸妈", (1, 0, 2), (), ()),  # mixed languages
        ("Hangzhou 3 days, 带我妈", (1, 0, 1), (), ()),
        ("Hangzhou 3 days, 2 adults + mum", (2, 0, 1), (), ()),  # "+" brings her too
        ("Hangzhou 3 days, 2 adults + my parents", (2, 0, 2), (), ()),
        # Babies and toddlers said without an age are taken as under two (a toddler as two).
        ("带宝宝去杭州玩3天", (1, 1, 0), (1,), ()),
        ("My wife and I and our baby want 3 days in Hangzhou", (2, 1, 0), (1,), ()),
        ("A couple with a newborn, 2 days in Hangzhou", (2, 1, 0), (0,), ()),
        # Ages in months are a baby's, never the trip's length (it planned 240 days).
        ("带8个月大的宝宝去杭州", (1, 1, 0), (0,), ()),
        ("带一个3个月的宝宝去杭州玩2天", (1, 1, 0), (0,), ()),
        ("宝宝才10个月，我们俩带他去杭州玩两天", (2, 1, 0), (0,), ()),
        ("We're a family of four with a 10-month-old baby and a 4-year-old, 3 days in Hangzhou",
         (2, 2, 0), (0, 4), ()),
        # Ages listed apart from the children, or after them.
        ("带两个孩子，一个5岁一个10岁，去杭州玩4天", (1, 2, 0), (5, 10), ()),
        ("A family of five, kids 3, 7 and 12, 5 days in Hangzhou", (2, 3, 0), (3, 7, 12), ()),
        ("My parents (70 and 72) and I, 3 days in Hangzhou", (1, 0, 2), (), (70, 72)),
        ("我们俩带着双胞胎（4岁）去杭州玩2天", (2, 2, 0), (4, 4), ()),
        # Grandparents who take a grandchild are the party; a group by what they are.
        ("爷爷奶奶带孙子去杭州3天", (0, 1, 2), (), ()),
        ("外婆带外孙女去杭州2天", (0, 1, 1), (), ()),
        ("三个大学生去杭州玩3天", (3, 0, 0), (), ()),
        ("我们一家五口：爸妈、我、老婆和6岁女儿，去杭州玩2天", (2, 1, 2), (6,), ()),
        # Kin joined by 还有/加上/、, grown-up siblings, 俩老人 who take a child, a head count
        # over households, a one-month-old (满月).
        ("我和我老公还有我婆婆去杭州玩3天", (2, 0, 1), (), ()),
        ("带着老婆、丈母娘和两岁的儿子去杭州3天", (2, 1, 1), (2,), ()),
        ("我们一家三口加上孩子的爷爷奶奶去杭州3天", (2, 1, 2), (), ()),
        ("我跟我姐还有她的两个孩子去杭州3天", (2, 2, 0), (), ()),
        ("俩老人带一个孩子去杭州3天", (0, 1, 2), (), ()),
        ("我和我哥两家人一共7个人去杭州3天", (7, 0, 0), (), ()),
        ("我们夫妻俩带着3岁和刚满月的两个宝宝去杭州3天", (2, 2, 0), (3, 0), ()),
        # The spouse spoken of travels (「我老婆怀孕了，想带她去」), as "my wife" does.
        ("我老婆怀孕了，想带她去杭州轻松玩两天", (2, 0, 0), (), ()),
        ("带着孩子们（12岁、15岁）去杭州5天", (1, 2, 0), (12, 15), ()),
        ("暑假带两个孩子去杭州5天，老大13岁老二8岁", (1, 2, 0), (13, 8), ()),
        ("4 days in Hangzhou with the kids", (1, 2, 0), (), ()),
        # English grandparents leading, a teenager said as such, school stages for ages.
        ("Grandparents taking their grandson (10) to Hangzhou for 3 days", (0, 1, 2), (10,), ()),
        ("I'm travelling with my elderly father and my teenage son, 3 days in Hangzhou",
         (1, 1, 1), (15,), ()),
        ("我们是一家四口，孩子一个读初中一个读小学，去杭州4天", (2, 2, 0), (13, 9), ()),
        ("带初中生去杭州3天研学", (1, 1, 0), (13,), ()),
        # A partner without 我 (和女朋友去…), children's heights as ages (sights price by height).
        ("周五晚上出发，周日回来，和女朋友从上海去杭州", (2, 0, 0), (), ()),
        ("带孩子坐动车从上海去杭州2天，孩子1米2", (1, 1, 0), (6,), ()),
        ("带两个孩子去杭州，身高1.1米和1.4米，4天", (1, 2, 0), (4, 9), ()),
    ],
)  # fmt: skip
def test_the_speaker_counts(
    read: Read,
    text: str,
    party: tuple[int, int, int],
    child_ages: tuple[int, ...],
    senior_ages: tuple[int, ...],
) -> None:
    request = read_trip(read, text)
    got = request.party
    assert (got.adults, got.children, got.seniors) == party
    assert (got.child_ages, got.senior_ages) == (child_ages, senior_ages)
    wish = wish_of(request, "party")
    a, c, s = party
    assert wish.value == f"{a}+{c}" + (f"+{s}" if s else "")
    assert wish.said and all(part in normalize(text) for part in wish.said.split())


def test_a_child_said_by_age_is_planned_for(read: Read) -> None:
    """Issue #12: 「带3岁宝宝去杭州」 was planned for one adult."""
    request = read_trip(read, "带3岁宝宝去杭州")
    assert request.party.size == 2
    assert request.party.child_ages == (3,)


@pytest.mark.parametrize(
    "text",
    [
        "三大名胜",
        "两小时",
        "老师说",
        "3个月",
        "我们三个城市都想去",
        "我今年3月去",
        "我3000左右",
        "我2026年去",
    ],
)
def test_not_party(text: str) -> None:
    found = find_party(normalize(text))
    assert not found.spans or resolve_party(found) == (2, 0, 0)


@pytest.mark.parametrize(
    "text",
    [
        "爷爷奶奶带孙子去杭州3天",
        "俩老人带一个孩子去杭州3天",
        "My parents (70 and 72) and I, 3 days in Hangzhou",
        "Grandparents taking their grandson (10) to Hangzhou for 3 days",
    ],
)
def test_seniors_who_travel_set_a_gentle_pace(read: Read, text: str) -> None:
    """Like 带爸妈: grandparents who take a grandchild, or "my parents and I", go gently."""
    request = read_trip(read, text)
    assert request.party.seniors >= 1
    assert request.pace.value == "relaxed"


def test_months_pregnant_are_no_trip_length(read: Read) -> None:
    """「怀孕五个月」 is how far along, not 150 days; the trip keeps its default length."""
    request = read_trip(read, "我老婆怀孕五个月，想带她去杭州")
    assert request.days != 150 and (request.party.adults, request.party.children) == (2, 0)
    assert "limited-mobility" in request.access
