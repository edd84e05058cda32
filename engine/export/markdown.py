"""Markdown export: the written guide, or a day-by-day outline while the guide is pending."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary, time_span
from engine.guide.wishes_section import has_wishes_section, wishes_markdown
from engine.i18n import pick
from engine.untrusted import markdown_text, safe_markdown


def to_markdown(itinerary: Itinerary) -> str:
    """The itinerary as one Markdown document (UTF-8 text, ends with a newline).

    The guide already holds the overview, the wishes section and the day-by-day plan; suggested
    questions follow it. Without a guide yet, an outline of the days (times, places, legs, costs
    in CNY) is written, then how each wish is answered. Text from outside (a model's guide and
    questions, place names from data packs, the person's wishes) goes through
    `engine.untrusted`: no raw HTML, image or non-web link, no control character or line break
    inside a value.
    """
    lang = itinerary.lang
    if itinerary.guide.strip():
        text = safe_markdown(itinerary.guide).rstrip() + "\n"
        if not has_wishes_section(text):  # a guide written by a model: the answers still show
            text += safe_markdown(wishes_markdown(itinerary))
    else:
        text = _outline(itinerary) + safe_markdown(wishes_markdown(itinerary))
    if itinerary.suggested_questions:
        text += "\n## " + pick(lang, "你还可以问", "You could ask next") + "\n\n"
        text += "".join(f"- {markdown_text(q)}\n" for q in itinerary.suggested_questions)
    return text


def _outline(it: Itinerary) -> str:
    lang = it.lang
    lines = [f"# {markdown_text(it.title)}", ""]
    lines.append(
        pick(
            lang,
            f"预计总花费约{it.total_cost_cny:.0f}元",
            f"Estimated total: CNY {it.total_cost_cny:.0f}",
        )
    )
    for day in it.days:
        next_day = it.day_after(day)
        lines += [
            "",
            "## " + pick(lang, f"第{day.index}天 · {day.date}", f"Day {day.index} · {day.date}"),
            "",
        ]
        for item in day.items:
            then = it.day_after(next_day) if next_day is not None else None
            span = time_span(item, lang, next_day, then)
            cost = f" — {item.cost_cny:.0f}" + pick(lang, "元", " CNY") if item.cost_cny else ""
            prefix = "→ " if item.kind in (ItemKind.TRANSIT, ItemKind.INTERCITY) else ""
            lines.append(f"- **{span}** {prefix}{markdown_text(item.name)}{cost}")
    return "\n".join(lines) + "\n"
