"""A wish said again in a follow-up that the plan already has (「能坐卧铺吗」, "Can we take the
overnight sleeper train instead?" after "Overnight sleeper train from Beijing to Xi'an"):
nothing new to plan, so the answer is how the plan answers it now — its line of the report's
wishes section, with the reason when it is not honoured — not the generic "I can't do that"."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary
from engine.i18n import pick
from engine.understanding.food import find_food
from engine.understanding.found import Found
from engine.understanding.modes import find_modes
from engine.understanding.text import normalize
from engine.understanding.trip_hours import find_trip_hours, own_hours


def wish_again_answer(clause: str, it: Itinerary, lang: str) -> str | None:
    """How the plan answers the wishes `clause` says again (each one the request has, each
    answered in the report: 「已经按你的要求安排：❌「卧铺」：…（…）」); None when it says none,
    or one the plan does not have yet (a change, for the revision)."""
    report = it.feasibility
    text = normalize(clause)
    modes = find_modes(text)
    found: list[Found] = list(modes.found)
    found = [*own_hours(text, found), *found]  # 卧铺: the night train, not any train
    found += [f for f in find_trip_hours(text) if f not in found]
    found += find_food(text).found
    if report is None or not found:
        return None
    lines = []
    for f in found:
        check = next((w for w in report.wishes if (w.kind, w.value) == (f.kind, f.value)), None)
        if check is None:
            return None
        mark = {"honoured": "✅", "partly": "⚠️", "not": "❌"}[check.status]
        why = pick(lang, f"（{check.reason}）", f" ({check.reason})") if check.reason else ""
        line = pick(lang, f"{mark}「{check.said}」：{check.message}{why}",
                    f"{mark} “{check.said}”: {check.message}{why}")  # fmt: skip
        if line not in lines:
            lines.append(line)
    return pick(lang, "这个已经在你的要求里了，行程没有改动：", "That is already one of your "
                "wishes, and the plan is unchanged: ") + pick(lang, "；", "; ").join(lines)  # fmt: skip


__all__ = ["wish_again_answer"]
