"""The wishes section of the guide, the Markdown export and the command line: each wish the
person said, honoured (✅), partly (⚠️) or not (❌) — with where and when, or why and what to
relax — in one short list under 「你的要求」 / "Your wishes"."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary
from engine.domain.request import LIFT_PHRASES

HEADINGS = ("## 你的要求", "## Your wishes")
MARKS = {"honoured": "✅", "partly": "⚠️", "not": "❌"}


def wishes_markdown(itinerary: Itinerary) -> str:
    """The section as Markdown (starting with a blank line), or "" when nothing was wished."""
    report = itinerary.feasibility
    if report is None or not report.wishes:
        return ""
    zh = itinerary.lang == "zh"
    lines = ["\n" + HEADINGS[0 if zh else 1] + "\n\n"]
    for w in report.wishes:
        mark = (
            "❓"
            if w.kind == "other" and w.message.startswith(("没看懂", "Not understood"))
            else MARKS[w.status]
        )
        said = f"「{w.said}」" if zh else f"“{w.said}”"
        head = (
            w.message
            if w.message.startswith(("没看懂", "Not understood"))
            else f"{said}：{w.message}"
            if zh
            else f"{said}: {w.message}"
        )
        line = f"- {mark} {head}"
        if w.reason:
            line += f"（{w.reason}）" if zh else f" ({w.reason})"
        if w.remembered:
            zh_lift, en_lift = LIFT_PHRASES.get(w.value, ("", ""))
            line += (
                (f"（按你之前说的；不需要了就说「{zh_lift}」）" if zh_lift else "（按你之前说的；不需要了就说一声）")
                if zh
                else (f" (as you told me before; say “{en_lift}” to drop it)" if en_lift
                      else " (as you told me before; say so to drop it)")
            )  # fmt: skip
        elif w.habit:
            line += (
                "（已记住，以后的行程也照此安排；不需要了就说一声）"
                if zh
                else " (remembered for your later trips too; say so to drop it)"
            )
        lines.append(line + "\n")
    return "".join(lines)


def has_wishes_section(text: str) -> bool:
    """Whether `text` (a guide) already holds the section."""
    return any(h in text for h in HEADINGS)
