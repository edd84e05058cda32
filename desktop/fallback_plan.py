"""The work of one in-process plan job (worker thread): understand → plan → save → guide.

Temporary, like `desktop.fallback_jobs`; the real Agent turn replaces it. Follow-ups on a
conversation re-plan its itinerary as a new version for the few edits understood offline:
「第N天轻松/紧凑一点」, 「加一天」, 「少一天」, 「预算N元」.
"""

from __future__ import annotations

import re
from typing import Any

from desktop.engine_port import build_request
from desktop.fallback_jobs import Emit, JobInfo
from desktop.fallback_parse import RequestProblem, cn_number
from engine.agent.cancellation import CancellationToken
from engine.agent.cancellation import CancelledError as TokenCancelled
from engine.domain.itinerary import Itinerary
from engine.domain.request import Pace, TripRequest
from engine.events import EventType
from engine.i18n import pick
from engine.storage import conversations, itineraries
from engine.storage.db import open_database

_DAY_PACE = re.compile(r"第(\d+|[一二两三四五六七八九十]+)天.*?(轻松|宽松|悠闲|紧凑|多玩)")


def run_plan_job(job: JobInfo, emit: Emit, token: CancellationToken) -> None:
    """Run `job` to its ``done`` event (never raises)."""
    from engine.knowledge.base import default_knowledge

    text = str(job.request.get("text") or "")
    lang = "en" if text and not any("\u4e00" <= c <= "\u9fff" for c in text) else "zh"
    emit(EventType.STATE_CHANGED, {"state": "running", "previous": "queued"})
    try:
        kb = default_knowledge()
        emit(
            EventType.THINKING_STEP,
            {"step": "understand", "message": pick(lang, "理解需求…", "reading the request…")},
        )
        previous = _previous(job)
        request = _request(job, text, previous)
        lang = request.lang
        itinerary_id = _plan(job, request, kb, previous, emit, token)
        emit(EventType.DONE, {"status": "succeeded", "itinerary_id": itinerary_id})
    except TokenCancelled as exc:
        emit(EventType.DONE, {"status": "cancelled", "reason": exc.reason})
    except RequestProblem as problem:
        emit(EventType.ERROR, {"code": "request", "message": problem.message})
        emit(EventType.DONE, {"status": "failed"})
    except Exception as exc:
        message = getattr(exc, "message", None)
        text_msg = (
            message(lang)
            if callable(message)
            else pick(lang, "规划失败：", "planning failed: ") + str(exc)
        )
        emit(EventType.ERROR, {"code": type(exc).__name__, "message": text_msg})
        emit(EventType.DONE, {"status": "failed"})


def _previous(job: JobInfo) -> Itinerary | None:
    if job.conversation_id is None:
        return None
    for message in reversed(conversations.load_messages(open_database(), job.conversation_id)):
        if message.get("itinerary_id"):
            try:
                return itineraries.load(open_database(), int(message["itinerary_id"]))
            except itineraries.NotFoundError:
                return None
    return None


def _request(job: JobInfo, text: str, previous: Itinerary | None) -> TripRequest:
    if "trip_request" in job.request:
        return TripRequest.model_validate(job.request["trip_request"])
    if previous is not None:
        revised = _revise(previous.request, text)
        if revised is not None:
            return revised
        try:
            return build_request(text, {})
        except RequestProblem:
            raise RequestProblem(
                pick(
                    previous.lang,
                    "离线模式能理解的修改：第N天轻松/紧凑一点、加一天、少一天、预算N元。",
                    "Offline I understand: day N relaxed/packed, one day more/less, budget N.",
                )
            ) from None
    return build_request(text, {})


def _revise(request: TripRequest, text: str) -> TripRequest | None:
    update: dict[str, Any] = {}
    if match := _DAY_PACE.search(text):
        day = cn_number(match.group(1))
        pace = Pace.PACKED if match.group(2) in ("紧凑", "多玩") else Pace.RELAXED
        update["day_pace"] = {**request.day_pace, day: pace}
    if "加一天" in text or "多一天" in text:
        update["days"] = request.days + 1
    if ("少一天" in text or "减一天" in text) and request.days > 1:
        update["days"] = request.days - 1
    if match := re.search(r"预算\D{0,4}(\d+)", text):
        update["budget_cny"] = int(match.group(1))
    return request.model_copy(update=update) if update else None


def _plan(
    job: JobInfo,
    request: TripRequest,
    kb: Any,
    previous: Itinerary | None,
    emit: Emit,
    token: CancellationToken,
) -> int:
    from engine.guide import iter_guide
    from engine.guide.questions import suggested_questions
    from engine.planning import plan_trip

    lang = request.lang
    emit(
        EventType.THINKING_STEP,
        {
            "step": "plan",
            "message": pick(lang, "规划路线（TOPTW 求解）…", "planning the route (TOPTW)…"),
        },
    )
    itinerary = plan_trip(request, kb, stop=lambda: token.is_cancelled)
    token.check()
    db = open_database()
    if previous is not None:
        itinerary = itinerary.model_copy(update={"id": previous.id, "title": previous.title})
        number = itineraries.add_version(
            db, itinerary, change_note=str(job.request.get("text") or "")
        )
        itinerary = itinerary.model_copy(update={"version": number})
        conversation_id = job.conversation_id
    else:
        conversation_id = job.conversation_id or conversations.create_conversation(
            db, title=itinerary.title, lang=lang
        )
        itinerary = itinerary.model_copy(
            update={"id": itineraries.save_new(db, itinerary, conversation_id=conversation_id)}
        )
    snapshot = itinerary.model_dump(mode="json")
    emit(
        EventType.ITINERARY,
        {"itinerary_id": itinerary.id, "itinerary": snapshot, "conversation_id": conversation_id},
    )
    if itinerary.feasibility is not None:
        emit(EventType.FEASIBILITY, itinerary.feasibility.model_dump(mode="json"))
    emit(
        EventType.THINKING_STEP,
        {"step": "guide", "message": pick(lang, "撰写攻略…", "writing the guide…")},
    )
    chunks = []
    for chunk in iter_guide(itinerary, kb):
        token.check()
        chunks.append(chunk)
        emit(EventType.GUIDE_DELTA, {"text": chunk})
    questions = tuple(suggested_questions(itinerary, kb))
    itinerary = itinerary.model_copy(
        update={"guide": "".join(chunks), "suggested_questions": questions}
    )
    itineraries.update_current(db, itinerary)
    assert conversation_id is not None
    conversations.append_messages(
        db,
        conversation_id,
        [
            {
                "role": "user",
                "content": str(job.request.get("text") or request.text or itinerary.title),
            },
            {"role": "assistant", "content": itinerary.title, "itinerary_id": itinerary.id},
        ],
    )
    emit(EventType.GUIDE_WRITTEN, {"itinerary_id": itinerary.id})
    emit(EventType.SUGGESTED_QUESTIONS, {"questions": list(questions)})
    return itinerary.id
