"""One turn's model calls, made from the turn's (synchronous) thread on the provider's loop.

Calls block the turn thread, never the loop. Cancellation goes one way only, through a token
the provider honours (it closes the stream, which frees the connection): cancelling the task
as well would interrupt that close half-way. Only a call still running `CANCEL_GRACE` seconds
after its token was cancelled gets its task cancelled. Token usage of every call is added up
here (the server's numbers, or an estimate when a stream ended without them).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import queue
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from engine.agent.cancellation import CancellationToken, CancelledError
from engine.agent.pool import STOP_TIMEOUT

log = logging.getLogger(__name__)
T = TypeVar("T")
#: Seconds a cancelled call may take to stop by itself before its task is cancelled.
CANCEL_GRACE = 2.0


class ModelSession:
    """A turn's handle on its provider.

    Attributes:
        config: the `engine.agent.tools.ProviderConfig` the turn started with.
        input_tokens, output_tokens: summed over the turn's calls so far.
        estimated: some of the numbers are estimates (`engine.providers.usage`).
        available: False once a fault showed the model cannot be used this turn.
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        provider: Callable[[], Awaitable[Any]],
        token: CancellationToken,
        config: Any,
    ) -> None:
        self._loop = loop
        self._make_provider = provider
        self._provider: Any | None = None
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

    def model_name(self) -> str:
        """The model the provider asks for (the server is asked when none was configured).

        Raises:
            engine.providers.ConfigError: the provider cannot be built.
            CancelledError: the turn was cancelled.
        """
        provider = self._wait(run_blocking(self._loop, self._ready, self._token))
        return str(provider.model)

    def complete_json(
        self, messages: list[dict[str, Any]], *, schema: dict[str, Any], name: str,
        max_tokens: int | None = None,
    ) -> dict[str, Any]:  # fmt: skip
        """`ChatProvider.complete_json`, blocking this thread.

        Raises:
            engine.providers.ProviderError: the provider failed (StructuredOutputError: the
                reply stayed invalid after the re-ask).
            CancelledError: the turn was cancelled.
        """
        usages: list[Any] = []

        async def call() -> dict[str, Any]:
            provider = await self._ready()
            result: dict[str, Any] = await provider.complete_json(
                messages, schema=schema, name=name, cancel=self._token,
                on_usage=usages.append, max_tokens=max_tokens,
            )  # fmt: skip
            return result

        try:
            return self._wait(run_blocking(self._loop, call, self._token))
        finally:
            for usage in list(usages):
                self.add_usage(usage)

    def stream(
        self, messages: list[dict[str, Any]], *, max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> Iterator[Any]:  # fmt: skip
        """`ChatProvider.stream_chat` as a blocking iterator of its items (`TextDelta`,
        `Usage`, `Finish` …). Leaving the loop early closes the stream.

        Raises:
            engine.providers.ProviderError, CancelledError: as `complete_json`.
        """
        items: queue.SimpleQueue[Any] = queue.SimpleQueue()
        done = object()
        call = CancellationToken()  # the turn's token, or this consumer leaving early
        unlink = self._token.on_cancel(call.cancel)

        async def pump() -> None:
            provider = await self._ready()
            stream = provider.stream_chat(
                messages, max_tokens=max_tokens, temperature=temperature, cancel=call
            )
            async with contextlib.aclosing(stream):
                async for item in stream:
                    items.put(item)

        future = run_blocking(self._loop, pump, call)
        future.add_done_callback(lambda _f: items.put(done))  # after every item
        text: list[str] = []
        usage_seen = False
        try:
            while (item := items.get()) is not done:
                if hasattr(item, "input_tokens"):
                    usage_seen = True
                    self.add_usage(item)
                elif isinstance(getattr(item, "text", None), str):
                    text.append(item.text)
                yield item
            self._wait(future)  # raises the stream's error, if any
        finally:
            unlink()
            if not future.done():
                call.cancel(self._token.reason or "stream closed")
                concurrent.futures.wait([future], timeout=STOP_TIMEOUT)
            if not usage_seen and text:  # cut short: the server never said; count what came
                from engine.providers.usage import estimate_usage

                self.add_usage(estimate_usage(messages, None, "".join(text)))

    # -- internals ------------------------------------------------------------------------------

    async def _ready(self) -> Any:
        if self._provider is None:
            self._provider = await self._make_provider()
        return self._provider

    def _wait(self, future: concurrent.futures.Future[T]) -> T:
        try:
            return future.result()
        except concurrent.futures.CancelledError:
            raise CancelledError(self._token.reason or "cancelled") from None
        except asyncio.CancelledError:  # the host's loop cancelled the task (it is closing)
            raise CancelledError(self._token.reason or "cancelled") from None


def run_blocking(
    loop: asyncio.AbstractEventLoop, make: Callable[[], Awaitable[T]], token: CancellationToken
) -> concurrent.futures.Future[T]:
    """Schedule ``make()`` on `loop` from another thread. Once `token` is cancelled the call
    has `CANCEL_GRACE` seconds to stop by itself; then its task is cancelled."""
    future = asyncio.run_coroutine_threadsafe(_awaited(make), loop)

    def later(_reason: str) -> None:
        try:
            loop.call_soon_threadsafe(loop.call_later, CANCEL_GRACE, future.cancel)
        except RuntimeError:  # the loop is closed: the call is over
            future.cancel()

    remove = token.on_cancel(later)
    future.add_done_callback(lambda _f: remove())
    return future


async def _awaited(make: Callable[[], Awaitable[T]]) -> T:
    return await make()
