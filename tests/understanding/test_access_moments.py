"""Access needs, moments at their hour and pace words, zh and en."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.domain.request import Pace
from engine.understanding import ParseResult

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "access"),
    [
        ("杭州两天，坐轮椅", ("wheelchair",)), ("杭州两天，老人腿脚不好", ("limited-mobility",)),
        ("杭州两天，推婴儿车", ("pushchair",)), ("黄山两天，不爬山", ("limited-mobility",)),
        ("杭州两天，不想爬楼梯", ("limited-mobility",)), ("杭州两天，怕高原反应", ("altitude",)),
        ("2 days in Hangzhou, no stairs", ("limited-mobility",)),
        ("2 days in Huangshan, avoid steep climbs", ("limited-mobility",)),
        # Pregnancy: no steep climbs, shorter walks (it was dropped silently).
        ("杭州两天，我老婆怀孕了", ("limited-mobility",)), ("2 days in Hangzhou, my wife is pregnant", ("limited-mobility",)),
        ("Hangzhou 2 days, my parents can't climb stairs", ("limited-mobility",)),
        ("Hangzhou 3 days, my mum is 72 and walks slowly", ("limited-mobility",)),
        ("Beijing 3 days, dad walks with a cane", ("limited-mobility",)),
        ("Hangzhou 3 days with my grandparents, no steep steps", ("limited-mobility",)),
        ("北京3天，我爸走路慢，要拄拐", ("limited-mobility",)),
        ("2 days in Hangzhou with a stroller", ("pushchair",)),
        ("2 days in Hangzhou, my dad uses a wheelchair", ("wheelchair",)),
        # Issue 12: said in everyday words (they showed as 「❓没看懂」).
        ("上海出发去黄山玩两天，老人不想爬太多台阶", ("limited-mobility",)),
        ("黄山两天，我妈台阶爬不动", ("limited-mobility",)), ("杭州三天，怕爬台阶", ("limited-mobility",)),
        ("Huangshan from Shanghai, 2 days; my dad can't do stairs", ("limited-mobility",)),
        ("Hangzhou 2 days, grandma has trouble with stairs", ("limited-mobility",)),
        ("杭州两天，喜欢爬山", ()),
        # Issue 12: a walking limit is its own need (on their feet for a while, not all day).
        ("带孩子去杭州三天，孩子走不了太久", ("short-walks",)), ("北京三天，孩子走不了一整天", ("short-walks",)),
        ("北京两天，孩子走太久会累", ("short-walks",)), ("杭州两天，爸爸走路不能超过6小时", ("short-walks",)),
        ("3 days in Beijing with two kids, 7 and 9. The kids can walk but not for 6 hours", ("short-walks",)),
        ("Beijing 3 days, my son can't walk for long", ("short-walks",)),
        ("黄山两天，老人走不了多少路", ("limited-mobility",)), ("Hangzhou 2 days, my mum can't walk far", ("limited-mobility",)),
        ("北京两天，不要爬楼梯", ("limited-mobility",)), ("北京两天，老人膝盖不好", ("limited-mobility",)),
        # Issue 12 (tester F4.3): "any" before the stairs, and places named by their steps.
        ("Hangzhou 2 days, my mum can't climb any stairs", ("limited-mobility",)),
        ("Hangzhou 2 days, skip anything with steps", ("limited-mobility",)),
        ("杭州两天，不去有台阶的地方", ("limited-mobility",)),
    ],
)  # fmt: skip
def test_access(read: Read, text: str, access: tuple[str, ...]) -> None:
    request = read(text).request
    assert request is not None
    assert request.access == access
    assert [w.value for w in request.wishes if w.kind == "access"] == list(access)


@pytest.mark.parametrize(
    ("text", "moments"),
    [
        ("黄山两天，想看日出", ("sunrise",)), ("黄山两天，看日出和云海", ("sunrise", "clouds")),
        ("上海两天，看夜景", ("night-view",)), ("杭州两天，看日落", ("sunset",)),
        ("黄山两天，想看雪", ("snow",)), ("2 days in Huangshan, watch the sunrise", ("sunrise",)),
        ("2 days in Shanghai, night views", ("night-view",)), ("黄山两天，不看日出", ()),
    ],
)  # fmt: skip
def test_moments(read: Read, text: str, moments: tuple[str, ...]) -> None:
    request = read(text).request
    assert request is not None
    assert request.experiences == moments
    assert [w.value for w in request.wishes if w.kind == "experience"] == list(moments)
    assert request.must_see == ()  # 想看日出 is no place


@pytest.mark.parametrize(
    ("text", "pace", "said"),
    [
        ("杭州两天，别太赶", Pace.RELAXED, "别太赶"), ("杭州两天，悠闲一点", Pace.RELAXED, "悠闲"),
        ("带70多岁的爸妈去杭州两天", Pace.RELAXED, "带70多岁的爸妈（放慢节奏）"),
        ("陪外公外婆去杭州逛两天", Pace.RELAXED, "陪外公外婆（放慢节奏）"),
        ("杭州两天，不着急", Pace.RELAXED, "不着急"), ("2 days in Hangzhou, an easy trip", Pace.RELAXED, "an easy trip"),
        ("2 days in Hangzhou, gentle pace", Pace.RELAXED, "gentle pace"),
        ("杭州两天，慢慢玩", Pace.RELAXED, "慢慢玩"), ("杭州两天，体力一般", Pace.RELAXED, "体力一般"),
        ("杭州两天，特种兵", Pace.PACKED, "特种兵"), ("杭州两天，暴走", Pace.PACKED, "暴走"),
        ("2 days in Hangzhou, take it easy", Pace.RELAXED, "take it easy"),
        ("2 days in Hangzhou, packed", Pace.PACKED, "packed"),
        ("杭州两天，不要太紧凑", Pace.RELAXED, "不要太紧凑"),
    ],
)  # fmt: skip
def test_pace_words(read: Read, text: str, pace: Pace, said: str) -> None:
    request = read(text).request
    assert request is not None and request.pace is pace
    wish = next(w for w in request.wishes if w.kind == "pace")
    assert (wish.value, wish.said) == (pace.value, said)
