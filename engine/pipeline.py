"""The offline planning pipeline in one call: plan → validate → guide → save."""

from __future__ import annotations

from collections.abc import Callable

from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.guide import write_guide
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.storage import conversations, itineraries
from engine.storage.db import open_database


def run_plan(
    request: TripRequest,
    kb: KnowledgeBase,
    *,
    text: str = "",
    on_progress: Callable[[str], None] = lambda _m: None,
) -> Itinerary:
    """Plan, write the guide and save itinerary + conversation; returns the saved itinerary.

    Raises:
        PlanningError: the request cannot be planned.
    """
    lang = request.lang
    on_progress(pick(lang, "规划路线（TOPTW 求解）…", "planning the route (TOPTW)…"))
    itinerary = plan_trip(request, kb)
    report = itinerary.feasibility
    if report is not None:
        on_progress(
            pick(lang, "可行性检查通过", "feasibility checks passed")
            if report.passed
            else pick(
                lang,
                f"可行性检查：{len(report.failures)}项未通过",
                f"feasibility: {len(report.failures)} check(s) failed",
            )
        )
    on_progress(pick(lang, "撰写攻略…", "writing the guide…"))
    guide = write_guide(itinerary, kb)
    itinerary = itinerary.model_copy(
        update={"guide": guide.markdown, "suggested_questions": guide.questions}
    )
    engine = open_database()
    conversation_id = conversations.create_conversation(engine, title=itinerary.title, lang=lang)
    itinerary_id = itineraries.save_new(engine, itinerary, conversation_id=conversation_id)
    itinerary = itinerary.model_copy(update={"id": itinerary_id})
    conversations.append_messages(
        engine,
        conversation_id,
        [
            {"role": "user", "content": text or request.text or itinerary.title},
            {"role": "assistant", "content": itinerary.title, "itinerary_id": itinerary_id},
        ],
    )
    return itinerary
