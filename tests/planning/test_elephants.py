"""「想看大象」 is a kind of sight, answered by 西双版纳's 野象谷 (tester F17.1: it was read as a
place named 大象 and answered ❌ 「知识库里没有这个地方」 while 野象谷 was on day 3)."""

from __future__ import annotations

import pytest

from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


@pytest.mark.parametrize(
    "text",
    ["元旦带10岁的女儿和6岁的儿子从杭州去西双版纳玩4天，想看大象，孩子不能吃辣",
     "4 days in Xishuangbanna from Shanghai, we want to see elephants"],
)  # fmt: skip
def test_elephants_wished_are_seen_at_the_wild_elephant_valley(text: str) -> None:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    assert parsed.request.interests == ("elephant",) and not parsed.request.must_see
    p = plan_trip(parsed.request, KB)
    assert p.feasibility is not None
    seen = {i.poi_id for d in p.days for i in d.items}
    assert "xishuangbanna-wild-elephant-valley" in seen
    (row,) = [w for w in p.feasibility.wishes if w.kind == "interest"]
    assert row.status == "honoured" and ("野象谷" in row.message or "Elephant" in row.message)
