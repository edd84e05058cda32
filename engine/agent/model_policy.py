"""The model policy: a model understands new requests and writes the guide; the solver plans.

New request → the offline parser and the model both read it (`model_understanding`); checked
and merged (`model_merge`: the parser wins what it recognised, the model fills the gaps) →
plan_trip (the solver decides feasibility, never the model) → itinerary → the model writes the
guide, streamed, from the plan and knowledge-base facts (`model_guide`) → every place it names
is checked (`grounding`); one in neither the plan nor the knowledge base becomes a
``guide_grounding`` warning in the feasibility report and is never added to the plan.

Weak answers are repaired where safe and otherwise replaced by the offline result, and the
progress says so (``thinking_step`` events, step ``model``). Provider faults (a rejected key,
a dead endpoint, a broken stream, the deadline) become an ``error`` event in the person's
language with ``recovered: true``; the turn goes on offline and keeps the plan. Cancellation
closes the model's stream (the turn's token is the provider's).

A follow-up on the open plan ("make day 2 less rushed and find somewhere for hotpot near the
hotel") is edited by the model through the edit operations as tools, in a loop bounded by the
turn's ``max_iterations``, the editing engine and the validator deciding what is feasible
(`model_edit`). When the model asks for no edit, or fails first, the offline rules take the words
(whole-trip revisions such as a new budget). Restores, edits asked directly (``lvtu edit``, the
timeline) and `Agent.write_guide_in_background` stay rule-based (`OfflinePolicy`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import logging
from pathlib import PurePath
from typing import Any

from engine.agent import grounding, model_edit, model_guide, model_texts
from engine.agent import model_understanding as reading
from engine.agent.model_merge import FIELDS, merge
from engine.agent.model_session import ModelSession
from engine.agent.offline_policy import OfflinePolicy, Workspace
from engine.agent.pool import in_pool
from engine.agent.turn import TurnContext
from engine.domain.itinerary import Itinerary
from engine.events import ErrorReported, GuideDelta, ThinkingStep
from engine.storage import itineraries
from engine.understanding.edits import says_new_trip
from engine.understanding.habits import extract_preferences
from engine.understanding.revision import wants_restore

log = logging.getLogger(__name__)

#: Longest guide (tokens) unless ``LVTU_MAX_TOKENS`` says otherwise; the request reading gets
#: at most `UNDERSTAND_TOKENS`.
GUIDE_TOKENS = 1500
UNDERSTAND_TOKENS = 400
#: The model's context (tokens) unless ``LVTU_CONTEXT`` says otherwise; the guide's facts get
#: what the reply and `PROMPT_OVERHEAD` leave.
CONTEXT_TOKENS = 8192
PROMPT_OVERHEAD = 200
#: Error codes that mean a weak answer rather than a fault: no ``error`` event, and the model is
#: asked again for the guide. After any other provider error it is not asked again this turn.
WEAK = frozenset({"structured_output", "protocol", "empty_response"})


class ModelPolicy(OfflinePolicy):
    """See the module docstring.

    Args:
        workspace: as for `OfflinePolicy`.
        model: the turn's `ModelSession`.
    """

    def __init__(self, workspace: Workspace, model: ModelSession) -> None:
        super().__init__(workspace)
        self.model = model
        self.faulted = False
        self._name: str | None = None
        self._told = False  # what was done about the settings has been said
        options = model.config.options
        self.guide_tokens = _int(options.get("LVTU_MAX_TOKENS"), GUIDE_TOKENS)
        self.understand_tokens = min(UNDERSTAND_TOKENS, self.guide_tokens)
        context = _int(options.get("LVTU_CONTEXT"), CONTEXT_TOKENS)
        self.fact_tokens = max(200, context - self.guide_tokens - PROMPT_OVERHEAD)

    async def model_name(self) -> str:
        """The model's name for progress lines (a file path shortened to the file's name).

        Raises:
            engine.providers.ConfigError: the provider cannot be built.
        """
        if self._name is None:
            self._name = PurePath(await self.model.model_name()).name
        return self._name

    async def run(self, ctx: TurnContext, text: str) -> None:
        try:
            if not await self._edit_with_model(ctx, text):
                await super().run(ctx, text)
            if self.faulted and ctx.error is None:
                ctx.say(model_texts.offline_note(ctx.lang))
        finally:
            await self._settle_usage(ctx)

    async def finish_guide(self, ctx: TurnContext, itinerary_id: int) -> None:
        try:
            await super().finish_guide(ctx, itinerary_id)
        finally:
            await self._settle_usage(ctx)

    async def _edit_with_model(self, ctx: TurnContext, text: str) -> bool:
        """A follow-up on the open plan, edited by the model with the edit operations as tools
        (`model_edit`); False when it is not one (no open plan, an edit asked directly, a
        restore, a new trip, a pipeline that cannot edit) or the model asked for no edit."""
        current = self.ws.current
        if (
            current is None or ctx.edit is not None or ctx.request is not None
            or self.ws.pipeline.edit is None or not self.model.available or not text.strip()
            or wants_restore(text) or says_new_trip(text)
        ):  # fmt: skip
            return False
        await self.load_knowledge()
        if await self._names_another_trip(text, current):
            return False
        ctx.preferences = [p for p in extract_preferences(text) if p.habit]
        return await model_edit.edit_with_model(self, ctx, text)

    # -- understanding ----------------------------------------------------------------------------

    async def understand(self, ctx: TurnContext, text: str) -> Any:
        today = self.ws.today or dt.date.today()
        offline = await super().understand(ctx, text)
        if not self.model.available or not text.strip():  # (a form alone: nothing to read)
            return offline
        self._tell_settings(ctx)
        call = ctx.call_tool("understand_request", {"text": text})
        try:
            self._note(ctx, model_texts.asking(await self.model_name(), ctx.lang))
            raw = await self.model.complete_json(
                reading.messages(text, today, ctx.lang), schema=reading.schema(ctx.lang),
                name="trip_request",
                max_tokens=self.understand_tokens,
            )  # fmt: skip
        except Exception as exc:
            code = self.fault(ctx, exc, "understand")
            ctx.tool_result(call, {"error": code})
            return offline
        draft = getattr(offline, "draft", None)
        if draft is None:  # a pipeline without drafts (test fakes): nothing to merge into
            ctx.tool_result(call, {"model": raw, "used": []})
            return offline
        found, (merged, notes) = await in_pool(self._read, raw, text, draft, today)
        ctx.tool_result(
            call,
            {"model": raw, "used": notes.filled, "ignored": [*found.dropped, *notes.unnamed],
             "repaired": found.repaired, "overruled": notes.overruled},
        )  # fmt: skip
        lang = ctx.lang
        dropped = sorted({*found.dropped, *notes.unnamed}, key=FIELDS.index)
        if found.repaired:
            self._note(ctx, model_texts.repaired(found.repaired, lang))
        if dropped:
            self._note(ctx, model_texts.dropped(dropped, lang))
        if notes.overruled:
            self._note(ctx, model_texts.overruled(notes.overruled, lang))
        if not notes.filled:
            if found.empty or dropped or notes.overruled:
                self._note(ctx, model_texts.fallback_parser(lang))
            return offline
        self._note(ctx, model_texts.filled(notes.filled, lang))
        result = await in_pool(_finalize, merged, self.kb)
        if result.request is not None:
            self._note(ctx, model_texts.understood(result.message(result.lang), lang))
        return result

    def _read(self, raw: dict[str, Any], text: str, draft: Any, today: dt.date) -> Any:
        """The model's answer checked and merged into the parser's draft (on the pool)."""
        from engine.knowledge.gazetteer import gazetteer_for

        found = reading.read(raw, text, gazetteer_for(self.kb), today)
        return found, merge(draft, found)

    # -- the guide ------------------------------------------------------------------------------

    async def write_guide(self, ctx: TurnContext, itinerary: Itinerary) -> Itinerary:
        if not self.model.available:
            if self.faulted:
                self._note(ctx, model_texts.service_down(itinerary.lang, "guide"))
            return await super().write_guide(ctx, itinerary)
        ctx.step("guide")
        self._tell_settings(ctx)
        text, problem = await self._stream_guide(ctx, itinerary)
        lang = itinerary.lang
        offline = self.ws.pipeline.iter_guide(itinerary, self.kb)
        if problem is not None:
            if problem != "failed":
                self._note(ctx, model_texts.guide_rejected(problem, lang))
            if text:
                ctx.emit(GuideDelta("", reset=True))
            return await self.store_guide(ctx, itinerary, offline)
        flagged = await in_pool(grounding.ungrounded_places, text, itinerary, self.kb)
        check = grounding.grounding_check(
            flagged, lang, model_texts.ungrounded(flagged, lang), model_texts.grounded(lang)
        )
        report = itinerary.feasibility
        if report is not None:
            kept = tuple(c for c in report.checks if c.code != grounding.CHECK_CODE)
            report = report.model_copy(update={"checks": (*kept, check)})
        if flagged:
            self._note(ctx, check.message)
        self._note(ctx, model_texts.guide_written(lang))
        # the offline sections (their feasibility one too) say what the stored report says
        checked = itinerary.model_copy(update={"feasibility": report})
        offline_sections = self.ws.pipeline.iter_guide(checked, self.kb)
        chunks = itertools.chain([model_guide.SEPARATOR], offline_sections)
        return await self.store_guide(ctx, itinerary, chunks, before=text, feasibility=report)

    async def _stream_guide(self, ctx: TurnContext, itinerary: Itinerary) -> tuple[str, str | None]:
        """Stream the model's guide as ``guide_delta`` events; returns (text, problem or None).
        Stops early once the text repeats itself."""
        messages = await in_pool(model_guide.messages, itinerary, self.kb, self.fact_tokens)
        parts: list[str] = []
        unchecked = 0
        try:
            name = await self.model_name()
            self._note(ctx, model_texts.writing_guide(name, itinerary.lang))
            stream = self.model.stream(messages, max_tokens=self.guide_tokens, temperature=0.3)
            async with contextlib.aclosing(stream):
                async for item in stream:
                    piece = getattr(item, "text", None)
                    if not isinstance(piece, str) or not piece:
                        continue
                    ctx.check()
                    parts.append(piece)
                    ctx.emit(GuideDelta(piece))
                    unchecked += len(piece)
                    if unchecked >= model_guide.CHECK_EVERY:
                        unchecked = 0
                        if model_guide.repetitive("".join(parts)):
                            return "".join(parts), "repetitive"
        except Exception as exc:
            self.fault(ctx, exc, "guide")
            return "".join(parts), "failed"
        text = "".join(parts)
        facts = messages[1]["content"]
        return text, await in_pool(model_guide.problem, text, itinerary, self.kb, facts)

    # -- faults, notes, usage ---------------------------------------------------------------------

    def fault(self, ctx: TurnContext, exc: Exception, stage: str) -> str:
        """Report a failed model call (cancellation and internal errors propagate); returns its
        error code."""
        code = getattr(exc, "code", None)
        message = getattr(exc, "message", None)
        if not isinstance(code, str) or not callable(message):
            raise exc  # cancellation, or a bug: not a provider error
        log.info("model call failed at %s: %s", stage, code)
        if code in WEAK:
            if stage == "edit":
                self._note(ctx, model_texts.edit_weak(ctx.lang))
            elif stage == "understand":
                self._note(ctx, model_texts.fallback_parser(ctx.lang))
            else:
                self._note(ctx, model_texts.guide_rejected("empty", ctx.lang))
            return code
        self.faulted = True
        self.model.available = False
        ctx.emit(ErrorReported(code, message(ctx.lang), recovered=True, stage=stage))
        self._note(ctx, model_texts.service_down(ctx.lang, stage))
        return code

    def _tell_settings(self, ctx: TurnContext) -> None:
        """Once a turn, before the first model call: what was done about the settings — a key
        written into LVTU_BASE_URL (``http://user:KEY@host``) is taken out of the address
        (`engine.providers.config.split_credentials`) and used as the API key."""
        if self._told:
            return
        self._told = True
        from engine.providers.config import notice, split_credentials

        config = self.model.config
        if split_credentials(config.base_url)[1] is not None:
            code = "url_key_dropped" if config.api_key else "url_key_used"
            self._note(ctx, notice(code, ctx.lang))

    def _note(self, ctx: TurnContext, message: str) -> None:
        ctx.emit(ThinkingStep("model", message))

    async def _settle_usage(self, ctx: TurnContext) -> None:
        """Hand the turn's token usage to the context (its ``usage`` event) and the stored
        version the turn produced."""
        used_in, used_out = self.model.input_tokens, self.model.output_tokens
        ctx.input_tokens += used_in
        ctx.output_tokens += used_out
        ctx.usage_estimated = ctx.usage_estimated or self.model.estimated
        if ctx.itinerary is not None and ctx.itinerary.id and (used_in or used_out):
            it = ctx.itinerary
            try:
                await self.ws.db.write(itineraries.add_usage, it.id, it.version, used_in, used_out)
            except Exception:
                log.exception("recording token usage failed")


def _finalize(merged: Any, kb: Any) -> Any:
    from engine.understanding.parser import finalize

    return finalize(merged, kb)


def _int(value: str | None, default: int) -> int:
    try:
        return max(16, int(value)) if value else default
    except ValueError:
        return default
