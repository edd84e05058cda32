"""One turn's model calls, awaited on the turn's loop.

A `ModelSession` builds its provider on the first call (a turn that never asks the model —
a follow-up change, say — builds none) and adds up the turn's token usage (the server's numbers,
or an estimate when a stream ended without them). Cancellation goes through the turn's token,
which the provider honours (it closes the stream, which frees the connection); a call that
still runs `CANCEL_GRACE` seconds after that has its task cancelled by the agent.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Any

from engine.cancellation import CancellationToken, CancelledError

#: Seconds a call may take to stop by itself after its token was cancelled.
CANCEL_GRACE = 2.0


class ModelSession:
    """A turn's handle on its provider.

    Args:
        provider: makes the provider (awaited once, on the turn's loop).
        token: the turn's cancellation token (handed to every call).
        config: the `engine.agent.tools.ProviderConfig` the turn started with.
        owned: the provider is the session's (closed by `aclose`), not the host's.

    Attributes:
        config: as given.
        input_tokens, output_tokens: summed over the turn's calls so far.
        estimated: some of the numbers are estimates (`engine.providers.usage`).
        available: False once a fault showed the model cannot be used this turn.
    """

    def __init__(
        self,
        provider: Callable[[], Awaitable[Any]],
        token: CancellationToken,
        config: Any,
        *,
        owned: bool,
    ) -> None:
        self._make_provider = provider
        self._provider: Any | None = None
        self._owned = owned
        self._token = token
        self.config = config
        self.input_tokens = 0
        self.output_tokens = 0
        self.estimated = False
        self.available = True

    def add_usage(self, usage: Any) -> None:
        """Add an `engine.providers.Usage`."""
        self.input_tokens += usage.input_tokens
        self.output_tokens += usage.output_tokens
        self.estimated = self.estimated or usage.estimated

    async def model_name(self) -> str:
        """The model the provider asks for (the server is asked when none was configured).

        Raises:
            engine.providers.ConfigError: the provider cannot be built.
        """
        return str((await self._ready()).model)

    async def complete_json(
        self, messages: list[dict[str, Any]], *, schema: dict[str, Any], name: str,
        max_tokens: int | None = None,
    ) -> dict[str, Any]:  # fmt: skip
        """`ChatProvider.complete_json`.

        Raises:
            engine.providers.ProviderError: the provider failed (StructuredOutputError: the
                reply stayed invalid after the re-ask).
            CancelledError: the turn was cancelled.
        """
        provider = await self._ready()
        usages: list[Any] = []
        try:
            result: dict[str, Any] = await provider.complete_json(
                messages, schema=schema, name=name, cancel=self._token,
                on_usage=usages.append, max_tokens=max_tokens,
            )  # fmt: skip
        finally:
            for usage in usages:
                self.add_usage(usage)
        self._token.check()
        return result

    async def stream(
        self, messages: list[dict[str, Any]], *, max_tokens: int | None = None,
        temperature: float | None = None, tools: list[dict[str, Any]] | None = None,
    ) -> AsyncGenerator[Any, None]:  # fmt: skip
        """`ChatProvider.stream_chat`'s items (`TextDelta`, `Usage`, `Finish` …). Closing this
        generator early closes the stream.

        Raises:
            engine.providers.ProviderError, CancelledError: as `complete_json`.
        """
        provider = await self._ready()
        text: list[str] = []
        usage_seen = False
        extra = {"tools": tools} if tools else {}  # (a provider without tools is asked without)
        stream = provider.stream_chat(
            messages, max_tokens=max_tokens, temperature=temperature, cancel=self._token, **extra
        )
        try:
            async with contextlib.aclosing(stream):
                async for item in stream:
                    if hasattr(item, "input_tokens"):
                        usage_seen = True
                        self.add_usage(item)
                    elif isinstance(getattr(item, "text", None), str):
                        text.append(item.text)
                    yield item
            self._token.check()
        finally:
            if not usage_seen and text:  # cut short: the server never said; count what came
                from engine.providers.usage import estimate_usage

                self.add_usage(estimate_usage(messages, None, "".join(text)))

    async def chat(
        self, messages: list[dict[str, Any]], *, tools: list[dict[str, Any]],
        max_tokens: int | None = None, temperature: float | None = None,
    ) -> Any:  # fmt: skip
        """One whole reply that may call `tools`: an `engine.providers.ChatResult` (text and
        `ToolCall`s, native or written as JSON in the text).

        Raises:
            engine.providers.ProviderError, CancelledError: as `complete_json`.
        """
        from engine.providers import collect

        stream = self.stream(messages, max_tokens=max_tokens, temperature=temperature, tools=tools)
        return await collect(stream)

    async def aclose(self) -> None:
        """Close the provider if it is the session's own."""
        provider, self._provider = self._provider, None
        if provider is not None and self._owned:
            await provider.aclose()

    async def _ready(self) -> Any:
        self._token.check()
        if self._provider is None:
            self._provider = await self._make_provider()
        return self._provider


__all__ = ["CANCEL_GRACE", "CancelledError", "ModelSession"]
