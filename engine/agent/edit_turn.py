"""A turn that edits a saved itinerary (`engine.editing`): the words of a follow-up read as
edit operations, or an `EditOrder` asked directly (``lvtu edit``, the desktop's timeline).

The edit runs on the engine's pool (solver work), the new version is stored on the database's
writer with the version it was made on (optimistic concurrency: another change stored first →
the edit is applied again on the newest, or refused saying so), then shown and its guide
written like any plan. A refused edit is said with the reason and an alternative, and the plan
stays as it was: asked directly (an `EditOrder`: ``lvtu edit``, the timeline) it is the turn's
failure (code ``edit_refused``); asked in words (a follow-up in the conversation) it is the
turn's answer — the turn succeeds, its messages are kept, and the ``edit_itinerary`` tool result
carries ``refused`` (the code), ``reason`` and ``alternative`` for hosts that need to tell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.agent.pool import in_pool
from engine.agent.turn import TurnContext
from engine.editing.apply import EditResult
from engine.editing.errors import EditRefused
from engine.editing.kept_layout import keep_days
from engine.editing.ops import AddPlace, Edit, EditOrder, MoveStop, edit_to_json
from engine.editing.said import edit_words
from engine.editing.service import ATTEMPTS, stale, version_note
from engine.events import GuideWritten, SuggestedQuestions
from engine.i18n import pick
from engine.storage import itineraries

if TYPE_CHECKING:
    from engine.agent.offline_policy import OfflinePolicy
    from engine.domain.itinerary import Itinerary


async def run_order(policy: OfflinePolicy, ctx: TurnContext, order: EditOrder) -> None:
    """Apply an `EditOrder` (or restore the version it names)."""
    ctx.lang = order.lang
    try:
        current = await policy.ws.db.read(itineraries.load, order.itinerary_id)
    except itineraries.NotFoundError:
        ctx.fail("not_found", pick(ctx.lang, f"没有编号为 {order.itinerary_id} 的行程。",
                                   f"No itinerary #{order.itinerary_id}."))  # fmt: skip
        return
    if order.restore is not None:
        await restore(policy, ctx, current.id, order.restore, order.base_version)
    else:
        await apply(policy, ctx, current.id, order.edits, order.base_version)


async def apply(
    policy: OfflinePolicy,
    ctx: TurnContext,
    itinerary_id: int,
    edits: Sequence[Edit],
    base_version: int | None,
    *,
    prepared: EditResult | None = None,
    answer_refusal: bool = False,
    kept: bool = False,
) -> None:
    """Apply `edits` as one new version of the itinerary (see the module docstring).

    `answer_refusal`: a refusal is the turn's answer (a follow-up said in words), not its
    failure; `kept`: another change asked in the same words was stored just before (a refusal
    then says that one is kept). `prepared`: the edits already applied to `base_version` (the model's tool loop did, one
    call at a time); stored as it is while no other change landed since, else the edits are
    applied again on the newest version."""
    ctx.step("edit")
    db, kb, edit_with = policy.ws.db, policy.kb, policy.ws.pipeline.edit
    if edit_with is None:
        ctx.fail("edit_refused", pick(ctx.lang, "这个版本不能直接修改行程。",
                                      "This setup cannot edit plans in place."))  # fmt: skip
        return
    call = ctx.call_tool("edit_itinerary", {
        "itinerary_id": itinerary_id, "base_version": base_version,
        "edits": [edit_to_json(e) for e in edits]})  # fmt: skip
    for _ in range(ATTEMPTS):
        current = await db.read(itineraries.load, itinerary_id)
        base = base_version or current.version
        try:
            if prepared is not None and current.version == base:
                result = prepared
            else:
                # said in words, several changes at once: those that can be done are made
                extra = {"partial": True} if answer_refusal and len(edits) > 1 else {}
                result = await in_pool(edit_with, current, edits, kb, **extra)
        except EditRefused as exc:
            refusal = stale(exc, base, current.version) if base != current.version else exc
            said = refusal.message(ctx.lang)
            alternative = edit_to_json(refusal.alternative) if refusal.alternative else None
            ctx.tool_result(call, {"refused": refusal.code, "reason": said,
                                   "alternative": alternative})  # fmt: skip
            if answer_refusal:
                ctx.say(refused_answer(said, current.version, ctx.lang, kept=kept))
            else:
                ctx.fail("edit_refused", said)
            return
        ctx.check()
        note = version_note(result, ctx.lang, base, current.version)
        try:
            number = await db.write(itineraries.add_version, result.itinerary, change_note=note,
                                    base_version=current.version)  # fmt: skip
        except itineraries.StaleVersionError:
            continue  # another change landed first: apply the edit again on the newest
        itinerary = result.itinerary.model_copy(update={"version": number})
        await policy.show(ctx, call, itinerary)
        itinerary = await policy.write_guide(ctx, itinerary)
        said = pick(ctx.lang, f"已修改（第{number}版）：", f"Changed (version {number}): ") + note
        if warnings := result.warning_text(ctx.lang):
            said += pick(ctx.lang, f"。注意：{warnings}", f". Note: {warnings}")
        ctx.say(said + pick(ctx.lang, "。", "."))
        return
    ctx.close_open_calls({"refused": "stale"})
    ctx.fail("edit_refused", pick(ctx.lang, "行程正在被频繁修改，这个修改没能保存，请再试一次。",
                                  "The plan kept changing; this edit was not stored — try again."))  # fmt: skip


def refused_answer(said: str, version: int, lang: str, *, kept: bool = False) -> str:
    """The answer to a follow-up whose change cannot be done: why, what instead, and that the
    plan is as it was (`kept`: as the other change asked with it left it)."""
    said = said.rstrip("。.")
    if kept:
        return pick(lang, f"另一项修改做不了：{said}。其余的修改已保存（第{version}版）。",
                    f"The other change cannot be done: {said}. The rest is kept (version "
                    f"{version}).")  # fmt: skip
    return pick(lang, f"这个修改做不了：{said}。行程没有改动（仍是第{version}版）。",
                f"That change cannot be done: {said}. The plan is unchanged (still version "
                f"{version}).")  # fmt: skip


async def restore(
    policy: OfflinePolicy,
    ctx: TurnContext,
    itinerary_id: int,
    version: int,
    base_version: int | None,
) -> None:
    """Make `version` current again (as a new version), unless another change landed since
    `base_version`."""
    ctx.step("restore")
    db = policy.ws.db
    call = ctx.call_tool("restore_version", {"itinerary_id": itinerary_id, "version": version})
    try:
        number = await db.write(itineraries.restore_version, itinerary_id, version,
                                base_version=base_version)  # fmt: skip
    except itineraries.NotFoundError:
        ctx.tool_result(call, {"refused": "no_version"})
        ctx.fail("no_version", pick(ctx.lang, f"行程 #{itinerary_id} 没有第{version}版。",
                                    f"Itinerary #{itinerary_id} has no version {version}."))  # fmt: skip
        return
    except itineraries.StaleVersionError as exc:
        ctx.tool_result(call, {"refused": "stale"})
        ctx.fail("edit_refused", pick(
            ctx.lang, f"行程在第{exc.base}版之后又改过（现在是第{exc.current}版），没有恢复；"
            "请先查看最新版本再决定。", f"The plan changed after version {exc.base} (now "
            f"version {exc.current}); nothing was restored — look at the newest version first."))  # fmt: skip
        return
    itinerary = await db.read(itineraries.load, itinerary_id)
    await policy.show(ctx, call, itinerary)
    ctx.emit(GuideWritten(itinerary.id))  # the old version's guide came with it
    ctx.emit(SuggestedQuestions(tuple(itinerary.suggested_questions)))
    ctx.say(pick(ctx.lang, f"已恢复第{version}版（现在是第{number}版）。",
                 f"Version {version} restored (now version {number})."))  # fmt: skip


async def with_revision(
    policy: OfflinePolicy,
    ctx: TurnContext,
    current: Itinerary,
    planned: Itinerary,
    note: str,
    edits: Sequence[Edit],
) -> None:
    """Store `planned` (`current`'s trip planned again as a follow-up asked, not stored; `note`:
    what that changed) with `edits` asked in the same words made on it, as ONE new version (one
    follow-up, one version, one summary line). Edits that cannot be made on the new plan are
    said among the version's warnings with the reason; the new plan is kept.
    First the new plan gets `current`'s days back where they fit (`engine.editing.kept_layout`:
    an earlier day swap kept), said in the summary."""
    kb, edit_with = policy.kb, policy.ws.pipeline.edit
    base = planned.model_copy(update={"version": current.version})
    both: EditResult | None = None
    if edit_with is not None:
        base, kept = await in_pool(keep_days, current, base, kb)  # the days as they were
        note = pick(ctx.lang, "；", "; ").join([note, *(pick(ctx.lang, zh, en) for zh, en in kept)])
        edits = still(edits, planned)
        try:
            made = await in_pool(edit_with, base, edits, kb, partial=True)
            both = EditResult(made.itinerary, ((note, note), *made.notes), made.warnings)
        except EditRefused as exc:
            words = [edit_words(e, kb) for e in edits]
            zh, en = "、".join(w[0] for w in words), ", ".join(w[1] for w in words)
            both = EditResult(base, ((note, note),), ((f"没有做「{zh}」：{exc.message('zh')}",
                                                      f"not done ({en}): {exc.message('en')}"),))  # fmt: skip
    await apply(policy, ctx, current.id, edits, current.version, answer_refusal=True,
                prepared=both or EditResult(base, ((note, note),)))  # fmt: skip


def still(edits: Sequence[Edit], itinerary: Itinerary) -> list[Edit]:
    """`edits` for `itinerary` as planned again: a stop to move that the new plan left out is
    added on that day instead."""
    on = {i.poi_id for d in itinerary.days for i in d.items if i.poi_id}
    return [AddPlace(place=e.stop, day=e.day, position=e.position)
            if isinstance(e, MoveStop) and e.day and e.stop not in on else e
            for e in edits]  # fmt: skip
