"""A follow-up on the open plan, driven by the model: the edit operations as tools in a
bounded tool-calling loop ("make day 2 less rushed and find somewhere for hotpot near the
hotel").

The model sees the plan (`edit_tools.plan_view`) and the person's words, and calls tools
(`edit_tools.tools`). Each call is a ``tool_call`` event and its answer a ``tool_result`` event
(progress), and goes back to the model as the tool's message:

- an operation is applied to the working copy by the editing engine (solver re-timing,
  validator): done → what changed and the plan as it now is; cannot be done → ``refused`` with
  the reason and, where one exists, the alternative as a call the model can make;
- bad arguments or an unknown tool → ``error`` saying which field is wrong, for the model to
  correct;
- ``find_places`` → real places of the trip's destinations.

Servers that drop ``tools`` from the prompt (llama.cpp without its Jinja templates) can be
asked in structured mode instead (``LVTU_TOOL_CALLS=json``): each reply is one call, or the
answer, as JSON constrained by a schema (`edit_tools.call_schema`). The prompt lists the tools in
one line each either way, so a model may also write a call as JSON in its text.

The working copy only ever takes edits the validator passed, so the plan is never left
infeasible. The loop ends when the model answers without a tool call, or when the turn's
``max_iterations`` leaves only the steps that store the edits and write the guide (one model
call is one step). The edits made are then stored as ONE new version on the version the
person saw (`edit_turn.apply`: another change stored meanwhile → applied again on the newest).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.agent import edit_tools, edit_turn, model_texts
from engine.agent.pool import in_pool
from engine.agent.turn import TurnContext
from engine.cancellation import CancelledError
from engine.domain.itinerary import Itinerary
from engine.editing.apply import EditResult
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit
from engine.events import ThinkingStep
from engine.i18n import pick
from engine.providers.base import ChatResult, ToolCall
from engine.providers.messages import assistant_message, tool_message

if TYPE_CHECKING:
    from engine.agent.model_policy import ModelPolicy

log = logging.getLogger(__name__)

#: Steps kept back from ``max_iterations`` for storing the edits and writing the guide.
RESERVED_STEPS = 2
#: Longest model reply in the loop (tokens; less when ``LVTU_MAX_TOKENS`` says so).
REPLY_TOKENS = 400

SYSTEM = """You edit a saved travel itinerary for the person, using the tools. Today is {today}.
The plan now:
{plan}

Rules: change only what the person asks. Call one tool per change (several in one reply are
fine). Name stops and places by the POI id in [brackets] or by name; days by number. Use
find_places to find a real restaurant, sight or lodging before naming one. A tool result says
whether the change was made; "refused" means the solver or the validator found it infeasible:
try the alternative it gives or tell the person why. An "error" means your arguments were
wrong: correct them. When done, answer in one or two short sentences in {language} without
calling a tool.
Tools (? = optional): {tools}
If you cannot call a tool natively, write the call as JSON:
{{"name": "regenerate_day", "arguments": {{"day": 2, "pace": "relaxed"}}}}"""


@dataclass
class Loop:
    """What the loop has done so far.

    Attributes:
        working: the plan with every edit made so far (each passed the validator).
        edits: those edits, in order.
        notes, warnings: what they changed, what the person should know ((zh, en) each).
        refusals: reasons given for edits that could not be made (the person's language).
        calls: tool calls the model made.
        model_calls: model replies asked for.
        limited: the loop stopped at the iteration bound.
    """

    working: Itinerary
    edits: list[Edit] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[str, str]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    calls: int = 0
    model_calls: int = 0
    limited: bool = False


async def edit_with_model(policy: ModelPolicy, ctx: TurnContext, text: str) -> bool:
    """Run the loop on the open plan (`policy.ws.current`); returns False when the model made
    no tool call (it answered in words, or its service failed first): the offline rules then
    take the words."""
    current = policy.ws.current
    assert current is not None
    today = policy.ws.today or dt.date.today()
    plan = await in_pool(edit_tools.plan_view, current)
    tools = edit_tools.tools()
    language = "Chinese" if ctx.lang == "zh" else "English"
    messages: list[dict[str, Any]] = [
        {
            "role": "system",
            "content": SYSTEM.format(
                today=today, plan=plan, language=language, tools=edit_tools.signatures(tools)
            ),
        },
        {"role": "user", "content": text},
    ]
    loop = Loop(current)
    tokens = min(REPLY_TOKENS, policy.guide_tokens)  # (LVTU_MAX_TOKENS caps it too)
    name = await policy.model_name()
    ctx.emit(ThinkingStep("model", model_texts.editing(name, ctx.lang)))
    while True:
        if ctx.max_iterations - ctx.iterations <= RESERVED_STEPS:
            loop.limited = True
            break
        ctx.step("edit_model")
        loop.model_calls += 1
        try:
            reply = await _ask(policy, messages, tools, tokens, loop.model_calls)
        except Exception as exc:
            policy.fault(ctx, exc, "edit")  # cancellation and bugs propagate
            break
        if not reply.tool_calls:  # its words are not repeated: the summary says what was done
            break
        messages.append(assistant_message(reply.text, reply.tool_calls))
        for call in reply.tool_calls:
            loop.calls += 1
            event_id = ctx.call_tool(call.name, call.arguments)
            result = await _run_tool(policy, ctx, loop, call.name, call.arguments)
            ctx.tool_result(event_id, result)
            messages.append(tool_message(call.id, result))
    if not loop.edits:
        if loop.calls == 0:
            return False  # nothing asked of the plan: the offline rules read the words
        if loop.limited:
            ctx.fail("max_iterations", model_texts.edit_limit(ctx.lang, stored=False))
        else:
            ctx.say(model_texts.nothing_changed(loop.refusals, ctx.lang))
        return True
    prepared = EditResult(loop.working, tuple(loop.notes), tuple(loop.warnings))
    await edit_turn.apply(
        policy, ctx, current.id, loop.edits, current.version, prepared=prepared,
        answer_refusal=True,
    )  # fmt: skip
    if ctx.error is None and loop.limited:
        ctx.say(model_texts.edit_limit(ctx.lang, stored=True))
    return True


async def _ask(
    policy: ModelPolicy, messages: list[dict[str, Any]], tools: list[dict[str, Any]],
    tokens: int, number: int,
) -> ChatResult:  # fmt: skip
    """The model's next reply: native tool calls, or with ``LVTU_TOOL_CALLS=json`` one call
    (or the answer) as structured output (`edit_tools.call_schema`)."""
    if policy.model.config.options.get("LVTU_TOOL_CALLS", "native") != "json":
        result: ChatResult = await policy.model.chat(messages, tools=tools, max_tokens=tokens)
        return result
    schema = edit_tools.call_schema(tools)
    data = await policy.model.complete_json(
        messages, schema=schema, name="tool_call", max_tokens=tokens
    )
    name = str(data.get("tool"))
    if name == edit_tools.ANSWER:
        return ChatResult(text=str(data.get("text") or ""))
    arguments = data.get("arguments")
    call = ToolCall(f"json-{number}", name, arguments if isinstance(arguments, dict) else {},
                    source="text")  # fmt: skip
    return ChatResult(tool_calls=[call])


async def _run_tool(
    policy: ModelPolicy, ctx: TurnContext, loop: Loop, name: str, arguments: dict[str, Any]
) -> dict[str, Any]:
    """One tool call's answer (see the module docstring); applies an accepted edit to
    `loop.working`."""
    kb, edit_with = policy.kb, policy.ws.pipeline.edit
    assert edit_with is not None
    try:
        if name == edit_tools.FIND_PLACES:
            return await in_pool(edit_tools.find_places, loop.working, kb, arguments)
        edit = edit_tools.to_edit(name, arguments)
    except edit_tools.BadArguments as exc:
        return {"error": "bad_arguments", "message": str(exc)}
    try:
        result = await in_pool(edit_with, loop.working, [edit], kb)
    except EditRefused as exc:
        reason = exc.message(ctx.lang)
        loop.refusals.append(reason)
        answer: dict[str, Any] = {"refused": exc.code, "reason": reason}
        if exc.alternative is not None:
            answer["alternative"] = edit_tools.as_call(exc.alternative)
        return answer
    except CancelledError:
        raise
    except Exception:  # a bug in one operation: the model hears it failed; the plan is kept
        log.exception("edit %s failed", edit.op)
        return {"error": "internal", "message": f"{name} failed; the plan is unchanged"}
    ctx.check()
    report = result.itinerary.feasibility
    if report is not None and not report.passed:  # the editing engine refuses these; kept safe
        failed = [c.message for c in report.failures if c.severity == "error"]
        reason = pick(ctx.lang, "改后行程不可行：", "the edited plan is not feasible: ")
        reason += "; ".join(failed)
        loop.refusals.append(reason)
        log.warning("an edit passed the editing engine but not the validator: %s", failed)
        return {"refused": "does_not_fit", "reason": reason}
    loop.working = result.itinerary
    loop.edits.append(edit)
    loop.notes += result.notes
    loop.warnings += result.warnings
    answer = {"done": result.summary(ctx.lang), "plan": edit_tools.plan_view(loop.working)}
    if warnings := result.warning_text(ctx.lang):
        answer["warnings"] = warnings
    return answer
