"""The model side of one agent: its provider settings, and the provider of each turn.

A turn runs on an event loop and awaits its provider there. An ``httpx.AsyncClient`` or
provider object the host passed in belongs to the host's loop: turns started by the async entry
points (`Agent.arun`, `Agent.astream`) run on that loop and use it. A turn of the blocking
`Agent.chat` runs on a loop of its own (on the engine's pool) and never touches a client the
host passed in: it builds a provider with its own HTTP client, closed when the turn ends.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from typing import Any

import httpx

from engine.agent.model_session import ModelSession
from engine.agent.tools import ProviderConfig, create_provider
from engine.cancellation import CancellationToken

log = logging.getLogger(__name__)
#: Seconds allowed for asking a server which models it serves (``GET /models``).
DISCOVERY_TIMEOUT = 10.0


class ModelRuntime:
    """The model side of one agent (thread-safe).

    Args:
        config: the provider settings.
        provider: a ChatProvider object given by the host (it stays the host's).
        client: an ``httpx.AsyncClient`` given by the host (it stays the host's).
    """

    def __init__(
        self, config: ProviderConfig, *, provider: Any | None = None, client: Any | None = None
    ) -> None:
        self._lock = threading.Lock()
        self._config = config
        self._given = provider
        self._client = client

    @property
    def offline(self) -> bool:
        """No model: the offline policy runs."""
        with self._lock:
            return self._given is None and self._config.offline

    @property
    def config(self) -> ProviderConfig:
        with self._lock:
            return self._config

    def configure(self, config: ProviderConfig, *, keep_given: bool = True) -> None:
        """Use `config` from the next turn on. A host's provider object gets its model, or is
        let go (`keep_given` False: the session switched to an endpoint)."""
        with self._lock:
            self._config = config
            if not keep_given:
                self._given = None
            elif self._given is not None and config.model:
                self._given.model = config.model

    def session(self, token: CancellationToken, *, hosted: bool) -> ModelSession:
        """A turn's `ModelSession`; `hosted`: the turn runs on the host's loop (arun,
        astream), where what the host passed in may be used. Close it with ``aclose``."""
        with self._lock:
            config, given, client = self._config, self._given, self._client
        if given is not None:  # the host's object: used as it is, never closed here
            return ModelSession(_given(given), token, config, owned=False)
        own = hosted and client is not None  # a provider on the host's client: still ours
        return ModelSession(
            lambda: build(config, client if own else None), token, config, owned=True
        )


def _given(provider: Any) -> Any:
    async def make() -> Any:
        return provider

    return make


async def build(config: ProviderConfig, client: Any | None) -> Any:
    """`create_provider`, asking the server for its model when a custom endpoint names none.

    Raises:
        engine.providers.ConfigError: as `create_provider` (the model could not be found either).
    """
    from engine.providers import ConfigError

    try:
        return create_provider(config, client)
    except ConfigError:
        if config.model or not config.base_url:
            raise
        model = await discover_model(config, client)
        if model is None:
            raise
        log.info("no model configured; using %r, the first one the server lists", model)
        return create_provider(dataclasses.replace(config, model=model), client)


async def discover_model(config: ProviderConfig, client: Any | None) -> str | None:
    """The first model ``GET <base_url>/models`` lists (llama.cpp, Ollama, LM Studio and most
    hosted services answer it), or None when the server does not say."""
    from engine.providers.config import split_credentials

    base_url, url_key = split_credentials(config.base_url)  # (never user-info on the wire)
    url = f"{(base_url or '').rstrip('/')}/models"
    key = config.api_key or url_key
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    try:
        if client is not None:
            response = await client.get(url, headers=headers, timeout=DISCOVERY_TIMEOUT)
        else:
            async with httpx.AsyncClient(timeout=DISCOVERY_TIMEOUT) as own:
                response = await own.get(url, headers=headers)
        data = response.json() if response.status_code == 200 else {}
    except (httpx.HTTPError, ValueError):
        return None
    entries = (data.get("data") or data.get("models") or ()) if isinstance(data, dict) else ()
    for entry in entries:
        if isinstance(entry, dict):
            name = entry.get("id") or entry.get("model") or entry.get("name")
            if isinstance(name, str) and name:
                return name
    return None
