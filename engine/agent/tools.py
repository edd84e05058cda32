"""The tools a turn drives, behind one adapter: understanding, planning, guide, knowledge, providers.

Integration with the pipeline modules happens here and only here; tests pass a fake `Pipeline`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.editing.apply import apply_edits
from engine.guide import iter_guide
from engine.guide.questions import suggested_questions
from engine.knowledge.base import default_knowledge
from engine.planning.planner import plan_trip
from engine.understanding import read_request
from engine.understanding.edits import parse_edits


class ParseProblemLike(Protocol):
    def message(self, lang: str) -> str: ...


class ParseResultLike(Protocol):
    """`engine.understanding.ParseResult`: a request, or a problem to tell the person."""

    @property
    def request(self) -> TripRequest | None: ...
    @property
    def problem(self) -> ParseProblemLike | None: ...
    @property
    def lang(self) -> str: ...


@dataclass(frozen=True)
class Pipeline:
    """The tools of the offline policy.

    Attributes:
        parse: ``(text, kb, *, today, options=None) -> ParseResult``
            (engine.understanding.read_request).
        plan: ``(request, kb, *, stop, today) -> Itinerary`` with feasibility set; raises an
            error with ``.message(lang)`` when nothing can be planned (engine.planning.plan_trip).
        iter_guide: ``(itinerary, kb) -> Iterator[str]``: the guide's Markdown in chunks.
        questions: ``(itinerary, kb) -> Sequence[str]``: 3-5 suggested follow-ups.
        knowledge: ``() -> KnowledgeBase``, loaded once.
        edit: ``(itinerary, edits, kb) -> EditResult`` (engine.editing.apply_edits), or None
            when the pipeline cannot edit a plan in place (follow-ups are then whole-trip
            revisions only).
        read_edits: ``(text, itinerary, kb, *, today) -> (edits, other clauses)``
            (engine.understanding.edits.parse_edits), or None.
    """

    parse: Callable[..., Any]  # -> ParseResultLike
    plan: Callable[..., Itinerary]
    iter_guide: Callable[[Itinerary, Any], Iterator[str]]
    questions: Callable[[Itinerary, Any], Sequence[str]]
    knowledge: Callable[[], Any]
    edit: Callable[..., Any] | None = None
    read_edits: Callable[..., Any] | None = None


def default_pipeline() -> Pipeline:
    """The real pipeline."""
    return Pipeline(
        parse=read_request,
        plan=plan_trip,
        iter_guide=iter_guide,
        questions=suggested_questions,
        knowledge=default_knowledge,
        edit=apply_edits,
        read_edits=parse_edits,
    )


def error_message(exc: BaseException, lang: str) -> str | None:
    """The user-facing message of a tool error (``exc.message(lang)``, e.g. PlanningError)."""
    message = getattr(exc, "message", None)
    if callable(message):
        try:
            text = message(lang)
        except Exception:
            return None
        return text if isinstance(text, str) and text else None
    return None


def error_code(exc: BaseException, default: str) -> str:
    """``exc.code`` when the tool error has one (PlanningError does), else `default`."""
    code = getattr(exc, "code", None)
    return code if isinstance(code, str) and code else default


@dataclass(frozen=True)
class ProviderConfig:
    """Which model provider a session uses (the agent's view; `create_provider` builds it).

    Attributes:
        name: ``offline`` (no model) or ``openai-compatible`` / a preset name (``deepseek``,
            ``qwen``, ``moonshot``, ``zhipu``, ``openai``, ``ollama``, ``llama.cpp``,
            ``lmstudio``).
        api_key, base_url, model: endpoint settings (``None`` = the preset's default). The key
            is left out of the repr.
        options: further ``LVTU_*`` settings as strings: ``LVTU_DEADLINE`` (seconds per call),
            ``LVTU_FIRST_BYTE_TIMEOUT`` (seconds to wait for the server's first answer),
            ``LVTU_MAX_ATTEMPTS``, ``LVTU_MAX_TOKENS`` (longest model reply, tokens),
            ``LVTU_TOOL_CALLS`` (``native`` or ``json``: tool calls as structured output).
    """

    name: str = "offline"
    api_key: str | None = field(default=None, repr=False)
    base_url: str | None = None
    model: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def offline(self) -> bool:
        return self.name == "offline"

    def environ(self) -> dict[str, str]:
        """The settings as ``LVTU_*`` variables (what `engine.providers.load_config` reads)."""
        values = {
            "LVTU_PROVIDER": self.name,
            "LVTU_BASE_URL": self.base_url or "",
            "LVTU_API_KEY": self.api_key or "",
            "LVTU_MODEL": self.model or "",
        }
        values.update(self.options)
        return {k: v for k, v in values.items() if v}


def create_provider(config: ProviderConfig, http_client: Any | None) -> Any:
    """The `engine.providers.ChatProvider` for `config`, sharing `http_client` when given
    (it stays the caller's; without one the provider creates and owns its own).

    Raises:
        engine.providers.ConfigError: offline, an unknown preset, a missing base URL, model or
            key, or a malformed option (the message says which, in zh and en).
    """
    from engine.providers import build_provider, load_config

    return build_provider(load_config(None, config.environ()), client=http_client)
