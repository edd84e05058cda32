"""The rest of the session API: environment, provider switch, history restore, subscribers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.agent.environment import build_from_environment
from engine.agent.transport import CallbackTransport
from engine.events import Event, EventType
from engine.storage import conversations, itineraries
from tests.agent.fakes import SEED, TODAY, FakePipeline
from tests.agent.helpers import stored


def test_build_from_environment(
    tmp_path: Path, db: Engine, fake: FakePipeline, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LVTU_PROVIDER", "LVTU_BASE_URL", "LVTU_API_KEY", "LVTU_MODEL"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text(
        "LVTU_MODEL=from-dotenv\nLVTU_BASE_URL=http://localhost:8080/v1\n"
    )
    with build_from_environment(working_directory=tmp_path, database=db) as agent:
        assert agent.get_current_model() == "from-dotenv"
        assert agent.working_directory == tmp_path.resolve()
    monkeypatch.setenv("LVTU_MODEL", "from-env")
    with build_from_environment(working_directory=tmp_path, database=db) as agent:
        assert agent.get_current_model() == "from-env"  # the environment wins over .env
    (tmp_path / ".env").unlink()
    monkeypatch.delenv("LVTU_MODEL")
    with build_from_environment(
        working_directory=tmp_path, database=db, pipeline=fake.pipeline(), today=TODAY
    ) as agent:
        assert agent.get_current_model() == "offline"
        assert agent.chat(SEED).startswith("已为你规划好")


def test_switching_provider_or_model_keeps_history(agent: Agent) -> None:
    agent.chat(SEED)
    before = agent.messages
    agent.set_provider(
        api_key="sk-test", base_url="https://api.deepseek.com/v1", model="deepseek-chat"
    )
    assert agent.get_current_model() == "deepseek-chat"
    agent.set_model("deepseek-reasoner")
    assert agent.get_current_model() == "deepseek-reasoner"
    assert agent.messages == before


def test_add_message_restores_a_saved_conversation(
    make_agent: Callable[..., Agent], db: Engine
) -> None:
    first = make_agent()
    first.chat(SEED)
    conversation_id = stored(db)[0].conversation_id
    saved = conversations.load_messages(db, conversation_id)

    second = make_agent()
    for message in saved:
        extra = {k: v for k, v in message.items() if k not in ("role", "content")}
        second.add_message(message["role"], message["content"], **extra)
    assert second.messages == saved
    assert second.chat("加一天").startswith("已调整（第2版）")  # follows up on the restored plan
    with pytest.raises(ValueError):
        second.add_message("robot", "beep")


def test_continue_a_stored_conversation_without_copying_it(
    make_agent: Callable[..., Agent], db: Engine
) -> None:
    first = make_agent()
    first.chat(SEED)
    first.close()
    conversation_id = stored(db)[0].conversation_id
    again = make_agent(conversation_id=conversation_id)
    assert [m["content"] for m in again.messages if m["role"] == "user"] == [SEED]
    again.chat("加一天")
    again.close()
    rows = [r for r in stored(db) if r.conversation_id == conversation_id]
    assert [r.content for r in rows if r.role == "user"] == [SEED, "加一天"]
    assert len(stored(db)) == len(rows)  # nothing copied into another conversation
    with pytest.raises(ValueError):
        make_agent(conversation_id=999)


def test_clear_history_starts_a_new_conversation(agent: Agent, db: Engine) -> None:
    agent.chat(SEED)
    agent.clear_history()
    assert agent.messages == []
    reply = agent.chat("加一天")  # no current plan any more: not understood as a revision
    assert agent.last_turn is not None and agent.last_turn.status == "failed", reply
    agent.close()
    assert len({r.conversation_id for r in stored(db)}) == 2


def test_conversation_summary(agent: Agent) -> None:
    agent.chat("我不吃辣")
    agent.chat(SEED)
    summary = agent.get_conversation_summary()
    assert summary.startswith("2轮对话") and "黄山2日游" in summary and "不吃辣" in summary


def test_transport_and_subscribers_get_every_event(
    make_agent: Callable[..., Agent], caplog: pytest.LogCaptureFixture
) -> None:
    via_transport: list[Event] = []
    agent = make_agent(transport=CallbackTransport(via_transport.append))
    via_subscriber: list[Event] = []
    unsubscribe = agent.subscribe(via_subscriber.append)

    def broken(_event: Event) -> None:
        raise RuntimeError("subscriber bug")

    agent.subscribe(broken)
    assert agent.chat(SEED).startswith("已为你规划好")  # a failing subscriber breaks nothing
    assert via_transport == via_subscriber and via_transport[-1].type is EventType.DONE
    assert "subscriber bug" in caplog.text
    unsubscribe()
    agent.chat("加一天")
    assert len(via_transport) > len(via_subscriber)


def test_working_directory_is_absolute_and_frozen(
    make_agent: Callable[..., Agent], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    agent = make_agent(working_directory="session")
    monkeypatch.chdir("/")
    assert agent.working_directory == tmp_path / "session"


def test_itinerary_is_linked_to_the_conversation(agent: Agent, db: Engine) -> None:
    agent.chat(SEED)
    summary = itineraries.list_summaries(db)[0]
    assert summary.title == "黄山2日游" and summary.has_guide
