"""A sight inside a paid park is visited with the park's ticket (issue 13).

张家界's 十里画廊 lies behind the Wulingyuan ticket gate: a plan that showed it as a free sight of
its own cost nothing for a visit that needs the Forest Park ticket. It is a highlight of the
park's record, and the park answers to its name, so a wish for it is a visit priced by date.
"""

from __future__ import annotations

import datetime as dt

from engine.knowledge.base import load_curated
from engine.knowledge.prices import adult_price

KB = load_curated()


def test_ten_mile_gallery_is_visited_with_the_forest_park_ticket() -> None:
    zhangjiajie = KB.destinations["zhangjiajie"]
    named = [a for a in zhangjiajie.attractions if "十里画廊" in (a.name_zh, *a.aliases)]
    assert [a.id for a in named] == ["zhangjiajie-forest-park"]
    park = named[0]
    assert any(h.name_zh == "十里画廊" for h in park.highlights)
    assert adult_price(park, dt.date(2027, 7, 1)) == 225
    assert adult_price(park, dt.date(2027, 12, 12)) == 147
