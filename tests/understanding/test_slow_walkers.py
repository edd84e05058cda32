"""Walking slowly read like 老人腿脚不好 (issue 12): limited mobility — gentler days, shorter
walks — in the person's words, whichever way it is said."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("带爸妈去北京3天，爸妈走得慢", "走得慢"),
        ("带爸妈去北京3天，爸妈走得比较慢", "走得比较慢"),
        ("带爸妈去北京3天，他们走不快", "走不快"),
        ("3 days in Beijing with my parents, they walk slowly", "walk slowly"),
        ("3 days in Beijing with my parents, they walk quite slow", "walk quite slow"),
        ("3 days in Beijing with my parents, they can't walk fast", "can't walk fast"),
        ("3 days in Beijing with my mum, she is slow on her feet", "slow on her feet"),
    ],
)
def test_slow_walkers_need_gentle_days(read, text: str, said: str) -> None:  # type: ignore[no-untyped-def]
    request = read(text).request
    assert request is not None
    assert request.access == ("limited-mobility",)
    (wish,) = [w for w in request.wishes if w.kind == "access"]
    assert wish.said == said
    assert request.unrecognized == ()
