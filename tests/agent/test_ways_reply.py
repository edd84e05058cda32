"""The reply to a follow-up that changes how the trip travels between places says so (issue 12:
「开自己的车去」 answered only 「记下了：开自己的车去」, whatever the plan then did)."""

from __future__ import annotations

from engine.agent import texts
from engine.domain.request import Wish
from tests.helpers import plans


def test_a_revision_that_drives_instead_says_the_new_way() -> None:
    by_rail = plans.plan(destinations=("huangshan",), days=3)
    driven = plans.plan(destinations=("huangshan",), days=3, prefer_transport=("drive",),
                        local_transport="drive",
                        wishes=(Wish(kind="transport", value="drive", said="开自己的车去"),))  # fmt: skip
    reply = texts.revision_summary(by_rail, driven, ["记下了：开自己的车去"], "zh")
    assert "城际交通改为自驾" in reply and "上海 →" in reply
    assert texts.ways_changed(driven, driven, "zh") == []  # the same ways: nothing said
    assert "driving" in texts.revision_summary(by_rail, driven, ["noted"], "en")
