"""The examples said back to a follow-up not understood name only days the trip has: a 2-day
trip was offered 「第三天下午加个适合孩子的景点」."""

from __future__ import annotations

import re

import pytest

from engine.agent.texts import capabilities


@pytest.mark.parametrize("days", [1, 2, 3, 5])
def test_the_examples_name_only_days_the_trip_has(days: int) -> None:
    zh = capabilities("zh", days=days, stop="拙政园")
    named = {"一二三".index(n) + 1 for n in re.findall(r"第([一二三])天", zh)}
    assert named and max(named) <= days, zh
    en = capabilities("en", days=days, stop="Humble Administrator's Garden")
    named = {int(n) for n in re.findall(r"\bday (\d)", en)}
    assert named and max(named) <= days, en
    assert "加一天" in zh and "“Humble Administrator's Garden”" in en
