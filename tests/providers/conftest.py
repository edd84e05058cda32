"""Fixtures for provider tests: the scripted server, a shared client, a provider factory."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from engine.providers import OpenAICompatProvider, RetryPolicy
from tests.helpers.scripted_server import ScriptedServer

SENTINEL_KEY = "sk-SENTINEL-9f8e7d6c5b4a"


@pytest.fixture
async def server() -> AsyncIterator[ScriptedServer]:
    srv = ScriptedServer()
    await srv.start()
    yield srv
    await srv.close()


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    # A small pool, so a leaked connection shows up as a pool timeout.
    limits = httpx.Limits(max_connections=2, max_keepalive_connections=2)
    async with httpx.AsyncClient(timeout=httpx.Timeout(5.0), limits=limits) as c:
        yield c


@pytest.fixture
def sleeps() -> list[float]:
    """Back-off waits the provider asked for (the injected sleep records them)."""
    return []


@pytest.fixture
def make_provider(
    server: ScriptedServer, client: httpx.AsyncClient, sleeps: list[float]
) -> Callable[..., OpenAICompatProvider]:
    async def record_sleep(seconds: float) -> None:
        sleeps.append(seconds)
        await asyncio.sleep(0)

    def make(**overrides: Any) -> OpenAICompatProvider:
        options: dict[str, Any] = {
            "base_url": server.base_url,
            "model": "test-model",
            "api_key": SENTINEL_KEY,
            "name": "scripted",
            "client": client,
            "retry": RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05),
            "deadline": 5.0,
            "sleep": record_sleep,
        }
        options.update(overrides)
        return OpenAICompatProvider(**options)

    return make
