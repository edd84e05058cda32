"""A stop left out with its days given to another when the days per stop were never said
(issue 12): 「不去香格里拉了，多在丽江待一天」 on 大理、丽江、香格里拉、泸沽湖 in 8 days left
丽江's days to the planner (it could come out no longer) and said 「没看懂：多在丽江待一天」
for the words it had just read."""

from __future__ import annotations

from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.understanding.revision import parse_revision


def test_the_stop_given_a_day_more_has_its_share_and_that_day(kb: KnowledgeBase) -> None:
    request = TripRequest(
        departure="kunming", destinations=("dali", "lijiang", "shangrila", "lugu-lake"), days=8,
        party=Party(adults=1), lang="zh",
    )  # fmt: skip
    revision = parse_revision("不去香格里拉了，多在丽江待一天", request, kb, "zh")
    assert revision is not None
    new = revision.request
    assert new.destinations == ("dali", "lijiang", "lugu-lake") and new.days == 7
    assert new.destination_days == (0, 3, 0)  # 丽江 fixed at its share + 1, the rest free
    assert any("丽江多玩1天（共3天）" in c for c in revision.changes), revision.changes


async def test_the_days_given_are_not_said_back_as_unread(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("从昆明出发去大理、丽江、香格里拉、泸沽湖玩8天，12月10日出发")
    reply = await agent.arun("不去香格里拉了，多在丽江待一天")
    assert "没看懂" not in reply, reply
    plan = itineraries.load(open_database(tmp_path / "a.db"), 1)
    assert plan.version == 2, reply
    assert [d.destination for d in plan.days].count("lijiang") == 3, reply
