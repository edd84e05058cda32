"""`apply_edit`: one edit operation on an itinerary version → the next version (not stored)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.domain.itinerary import Day, ItemKind, Itinerary
from engine.editing import area_day, days, meal_add, party, placing, redate, stops
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit
from engine.editing.said import edit_words
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase

_APPLY: dict[str, Callable[[Draft, Any], None]] = {
    "move": stops.move,
    "add": stops.add,
    "remove": stops.remove,
    "lock": stops.lock,
    "time": stops.set_time,
    "day_times": stops.day_times,
    "swap_meal": meal_add.swap_or_add_meal,
    "add_meal": meal_add.add_meal,
    "swap_lodging": days.swap_lodging,
    "regen": area_day.regenerate,
    "add_day": days.add_day,
    "remove_day": days.remove_day,
    "swap_days": placing.swap_days,
    "dates": redate.change_dates,
    "party": party.change_party,
}


@dataclass(frozen=True)
class EditResult:
    """An edited itinerary, ready to be stored as a new version.

    Attributes:
        itinerary: the new version's content (`id` and `version` still the base's; feasibility
            checked; guide and suggested questions empty until written).
        notes: what changed, (zh, en) each.
        warnings: what the person should know, (zh, en) each (a soft check now failing, a stop
            dropped because it no longer fits).
    """

    itinerary: Itinerary
    notes: tuple[tuple[str, str], ...]
    warnings: tuple[tuple[str, str], ...] = ()

    def summary(self, lang: str) -> str:
        """The one-line summary of the change, in `lang` (the version's note)."""
        return pick(lang, "；", "; ").join(pick(lang, zh, en) for zh, en in self.notes)

    def warning_text(self, lang: str) -> str:
        """The warnings in one line ("" without any)."""
        return pick(lang, "；", "; ").join(pick(lang, zh, en) for zh, en in self.warnings)


def apply_edit(itinerary: Itinerary, edit: Edit, kb: KnowledgeBase) -> EditResult:
    """Apply `edit` to `itinerary`: the days it touches are re-timed on the planner's TOPTW model
    (`engine.editing.timing`) or planned again by the solver (`engine.editing.regen`), the
    others kept as they are; the result is checked by the validator. Blocking (solver work):
    call it off the event loop.

    Raises:
        EditRefused: the edit cannot be done (unknown stop or place, a day that does not exist,
            a timing that breaks opening hours, the pace or the day's legs …), with the reason
            and, where one exists, an alternative; ``unchanged`` when the plan would come out
            exactly as it is.
    """
    draft = Draft(itinerary, kb)
    _APPLY[edit.op](draft, edit)
    new = draft.finish()
    if _bare(new.days) == _bare(itinerary.days) and new.request == itinerary.request:
        zh, en = edit_words(edit, kb)  # no version that is the one before under a new number
        raise EditRefused("unchanged", f"行程里已经是这样了（{zh}）",
                          f"the plan is already so ({en})")  # fmt: skip
    return EditResult(new, tuple(draft.notes), tuple(draft.warnings))


def _bare(days: Sequence[Day]) -> list[Day]:
    """`days` without their free time (its wording follows the plan around it: a suggestion of
    a sight nearby), to tell a plan that did not change."""
    return [d.model_copy(update={"items": tuple(i for i in d.items if i.kind != ItemKind.FREE)})
            for d in days]  # fmt: skip


def apply_edits(
    itinerary: Itinerary, edits: Sequence[Edit], kb: KnowledgeBase, *, partial: bool = False
) -> EditResult:
    """`apply_edit` for each of `edits` in turn, as one change (one new version).

    One of several asked together that the plan already holds (refused as ``unchanged``: "make
    day 1 less rushed and find hotpot near the hotel" where day 1's dinner is at a hotpot place
    near it) is said among the notes and the others made; alone, or all so, it is refused.
    `partial` (several changes said in one sentence): one that cannot be done is left out and
    said among the warnings with its reason (「没有做「第3天换一家吃午餐」：…」), the others made.

    Raises:
        EditRefused: as `apply_edit`, for the first edit that cannot be done (none is kept;
            with `partial`, only when none of them can be done).
        ValueError: no edits.
    """
    if not edits:
        raise ValueError("no edits")
    notes: list[tuple[str, str]] = []
    warnings: list[tuple[str, str]] = []
    current, held = itinerary, None
    refusals: list[EditRefused] = []
    for edit in edits:
        try:
            result = apply_edit(current, edit, kb)
        except EditRefused as refused:
            if len(edits) < 2 or (refused.code != "unchanged" and not partial):
                raise
            held = held or refused
            refusals.append(refused)
            if refused.code == "unchanged":
                notes.append((refused.zh, refused.en))  # already so: said, not a refusal of all
            else:  # the others are made; this one is said with why not
                zh, en = edit_words(edit, kb)
                warnings.append((f"没有做「{zh}」：{refused.message('zh')}",
                                 f"not done ({en}): {refused.message('en')}"))  # fmt: skip
            continue
        notes += result.notes
        warnings += result.warnings
        current = result.itinerary
    if current is itinerary and held is not None:
        raise _all_of(refusals)
    return EditResult(current, tuple(notes), tuple(_still_true(warnings, current)))


def _still_true(warnings: list[tuple[str, str]], final: Itinerary) -> list[tuple[str, str]]:
    """`warnings` less a check that failed on the way and passes on the final plan (said once):
    「去掉第2天的双桥沟，第2天去海子沟」 said 「第2天比较空：还有海子沟…没有安排」 of the day
    between the two edits, with 海子沟 on it in the end. A check's warning is its message in
    both languages (`engine.editing.draft.Draft.finish`)."""
    failing = {c.message for c in final.feasibility.failures} if final.feasibility else set()
    out: list[tuple[str, str]] = []
    for zh, en in warnings:
        if (zh == en and zh not in failing) or (zh, en) in out:
            continue
        out.append((zh, en))
    return out


def try_edit(
    itinerary: Itinerary, edit: Edit, kb: KnowledgeBase | None = None
) -> EditResult | EditRefused:
    """`apply_edit` answering a refusal instead of raising it (a host's preview, e.g. while a
    stop is dragged); `kb` defaults to the knowledge base with the installed data packs.
    Blocking: call it off the event loop."""
    if kb is None:
        from engine.knowledge.base import default_knowledge

        kb = default_knowledge()
    try:
        return apply_edit(itinerary, edit, kb)
    except EditRefused as refused:
        return refused


def _all_of(refusals: list[EditRefused]) -> EditRefused:
    """One refusal saying each of several changes asked together, none of which can be done
    (「第二天下午想去双廊和喜洲」 where both are on day 2 already: both said, not 双廊 alone)."""
    zh = list(dict.fromkeys(r.zh for r in refusals))
    if len(zh) < 2:
        return refusals[0]
    en = list(dict.fromkeys(r.en for r in refusals))
    return EditRefused(refusals[0].code, "；".join(zh), "; ".join(en))
