"""Who a follow-up named and how each is counted: 「60岁及以上」 is said beside those counted as
seniors only — never of a wife counted as an adult (finding H14)."""

from __future__ import annotations

from engine.editing.party import _counted
from engine.understanding.trip_edits import _relatives


def test_sixty_and_over_is_said_of_the_senior_not_of_the_wife() -> None:
    _, named = _relatives("加上老婆和我妈", False)
    zh, en = _counted(named)
    assert "我妈按1位老人算（60岁及以上" in zh
    assert zh.endswith("老婆按1位成人算")
    assert "老婆 counted as 1 adult" in en and en.index("60 and over") < en.index("老婆")


def test_no_senior_named_says_no_age() -> None:
    _, named = _relatives("加上老婆", False)
    zh, _ = _counted(named)
    assert zh == "老婆按1位成人算"
