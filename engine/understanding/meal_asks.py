"""A meal asked for on every day that every day already has ("Please add dinner every day",
「每天都加上晚饭」 on a plan with a dinner each day): answered with where each day's is, not the
generic "I can't do that yet" (`engine.understanding.unread`; days without it get the meal:
`engine.understanding.edits`)."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.understanding.day_starts import every_day
from engine.understanding.edit_refs import day_number
from engine.understanding.meal_edits import meal_added, meal_of


def meal_every_day_answer(clause: str, it: Itinerary, lang: str) -> str | None:
    """Where each day's lunch or dinner is, when `clause` asks to add it on every day and each
    day has it (「每天都已经安排了晚饭：第1天 …」); None otherwise."""
    meal = meal_of(clause)
    if meal not in ("lunch", "dinner") or not every_day(clause):
        return None
    if day_number(clause, len(it.days)) is not None or meal_added(clause, it, 1) is None:
        return None
    where = []
    for d in it.days:
        item = next((i for i in d.items if i.kind == ItemKind.MEAL and i.meal == meal), None)
        if item is None:
            return None  # that day gets it (`engine.understanding.edits`)
        clock = item.start.strftime("%H:%M") if item.start else ""
        where.append(pick(lang, f"第{d.index}天 {clock} {item.name}",
                          f"day {d.index} {clock} {item.name}"))  # fmt: skip
    zh = "午饭" if meal == "lunch" else "晚饭"
    return pick(
        lang,
        f"每天都已经安排了{zh}，行程没有改动：" + "；".join(where),
        f"every day already has {meal}, so the plan is unchanged: " + "; ".join(where),
    )


__all__ = ["meal_every_day_answer"]
