"""An activity asked for in a follow-up that no sight of the trip offers (「第二天下午想去攀岩」 on a
阳朔 plan): answered with that reason, by the activity's name and the trip's cities, instead of
the generic "I can't do that yet" (`engine.understanding.unread`)."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.understanding.activities import (
    activity_key,
    activity_label,
    find_activities,
    resolve_activity,
)


def activity_answer(clause: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """Why the activity `clause` asks for cannot be planned: no sight of the trip's
    destinations offers it (`resolve_activity`); None when it names none, or one is offered."""
    dests = it.request.destinations
    for found in find_activities(clause):
        key = activity_key(found.value)
        if key is None or resolve_activity(key, kb, dests, found.said) is not None:
            continue
        cities = [d for x in dests if (d := kb.destinations.get(x)) is not None]
        zh = "、".join(d.name_zh for d in cities)
        en = ", ".join(d.name_en for d in cities)
        return pick(lang, f"{zh}的资料里没有可以{activity_label(key, 'zh')}的地方，没法安排；"
                    "行程没有改动",
                    f"the knowledge base has no place for {activity_label(key, 'en')} in {en}, "
                    "so I cannot plan it; the plan is unchanged")  # fmt: skip
    return None


__all__ = ["activity_answer"]
