"""A person said with their body (「带坐轮椅的爸爸」, 「和推婴儿车的宝宝」) is counted as if said
bare (「带爸爸」), and the need is read too (issue 12: the wheelchair user was not counted)."""

from __future__ import annotations

import pytest

from engine.understanding.access import find_access
from engine.understanding.party import find_party, resolve_party


@pytest.mark.parametrize(
    ("text", "party", "need"),
    [
        ("下个月带坐轮椅的爸爸从上海去苏州玩两天", (1, 0, 1), "wheelchair"),
        ("下个月和坐轮椅的妈妈从上海去杭州玩两天", (1, 0, 1), "wheelchair"),
        ("带推婴儿车的宝宝从福州去厦门玩三天", (1, 1, 0), "pushchair"),
        ("陪腿脚不好的奶奶去杭州玩两天", (1, 0, 1), "limited-mobility"),
        ("推着坐轮椅的外婆去苏州玩两天", (1, 0, 1), "wheelchair"),
    ],
)
def test_a_person_said_with_their_body_is_counted(
    text: str, party: tuple[int, int, int], need: str
) -> None:
    assert resolve_party(find_party(text)) == party
    assert need in {f.value for f in find_access(text)}
