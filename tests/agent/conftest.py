"""Fixtures for agent tests: an isolated database, the fake pipeline, agents closed after use."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.storage.db import close_all, open_database
from tests.agent.fakes import TODAY, FakePipeline


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LVTU_HOME", str(tmp_path / "lvtu-home"))
    yield
    close_all()


@pytest.fixture
def db(tmp_path: Path) -> Engine:
    return open_database(tmp_path / "agent.db")


@pytest.fixture
def fake() -> FakePipeline:
    return FakePipeline()


@pytest.fixture
def make_agent(tmp_path: Path, db: Engine, fake: FakePipeline) -> Iterator[Callable[..., Agent]]:
    """Build agents on the test database with the fake pipeline; each is closed at the end."""
    made: list[Agent] = []

    def make(**kwargs: Any) -> Agent:
        kwargs.setdefault("working_directory", tmp_path)
        kwargs.setdefault("database", db)
        kwargs.setdefault("pipeline", fake.pipeline())
        kwargs.setdefault("today", TODAY)
        agent = Agent(**kwargs)
        made.append(agent)
        return agent

    yield make
    for agent in made:
        agent.close()


@pytest.fixture
def agent(make_agent: Callable[..., Agent]) -> Agent:
    return make_agent()
