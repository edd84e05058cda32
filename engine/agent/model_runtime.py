"""Where a session's model calls run: its provider, and the event loop that drives it.

Turns run synchronously on pool threads; providers are async (httpx). A `ModelRuntime` owns a
private event loop on its own thread (``lvtu-model-N``) and a provider with its own HTTP client,
both kept for the agent's life so connections are reused across turns. When the host passed its
own ``httpx.AsyncClient`` or provider object and the turn was started from an async host
(`Agent.arun`, `Agent.astream`), calls run on the host's loop instead, where that client lives;
a turn started by the blocking `Agent.chat` never touches a client the host passed in (it
belongs to another loop) and uses the runtime's own.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import threading
from typing import Any

import httpx

from engine.agent.model_session import ModelSession
from engine.agent.pool import STOP_TIMEOUT
from engine.agent.tools import ProviderConfig, create_provider

log = logging.getLogger(__name__)
_numbers = itertools.count(1)
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
        self._own: Any | None = None  # the provider built on the private loop
        self._own_config: ProviderConfig | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

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
        """Use `config` from the next call on. A host's provider object gets its model, or is
        let go (`keep_given` False: the session switched to an endpoint)."""
        with self._lock:
            self._config = config
            if not keep_given:
                self._given = None
            elif self._given is not None and config.model:
                self._given.model = config.model

    def session(self, token: Any, host_loop: asyncio.AbstractEventLoop | None) -> ModelSession:
        """A per-turn handle whose calls run where this turn's provider lives.

        `host_loop` is the loop of an async host that started the turn (None for `chat`).
        """
        with self._lock:
            config = self._config
            use_host = host_loop is not None and (self._given is not None or self._client)
        if use_host:
            assert host_loop is not None
            return ModelSession(host_loop, lambda: self._host_provider(config), token, config)
        return ModelSession(self._private_loop(), lambda: self._own_provider(config), token, config)

    def close(self) -> None:
        """Close the runtime's own provider and stop its loop (waits up to 5 s). Idempotent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, thread, own = self._loop, self._thread, self._own
            self._own = None
        if loop is None or thread is None:
            return
        if own is not None:
            done = asyncio.run_coroutine_threadsafe(own.aclose(), loop)
            try:
                done.result(timeout=STOP_TIMEOUT)
            except Exception:
                log.exception("closing the model provider failed")
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=STOP_TIMEOUT)
        if not thread.is_alive():
            loop.close()

    # -- internals ------------------------------------------------------------------------------

    def _private_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._closed:
                raise RuntimeError("the model runtime is closed")
            if self._loop is None:
                loop = asyncio.new_event_loop()
                started = threading.Event()

                def run() -> None:
                    asyncio.set_event_loop(loop)
                    loop.call_soon(started.set)
                    loop.run_forever()

                name = f"lvtu-model-{next(_numbers)}"
                self._thread = threading.Thread(target=run, name=name, daemon=True)
                self._thread.start()
                started.wait()
                self._loop = loop
            return self._loop

    async def _own_provider(self, config: ProviderConfig) -> Any:
        """On the private loop: the runtime's provider for `config` (rebuilt when it changed)."""
        with self._lock:
            given, own, own_config = self._given, self._own, self._own_config
        if given is not None:
            return given
        if own is not None and own_config == config:
            return own
        provider = await build(config, None)
        with self._lock:
            old, self._own, self._own_config = self._own, provider, config
        if old is not None:
            await old.aclose()
        return provider

    async def _host_provider(self, config: ProviderConfig) -> Any:
        """On the host's loop: the host's provider object, or a provider on the host's client."""
        if self._given is not None:
            return self._given
        return await build(config, self._client)


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
