"""`submit_plan`: the hosts' one way to ask for a plan (the desktop's send, ``lvtu plan``)."""

from __future__ import annotations

from engine.agent.pool import in_pool
from engine.domain.request import TripRequest
from engine.jobs.manager import JobManager
from engine.jobs.plan_request import PlanRequest, check_now
from engine.jobs.states import JobInfo


async def submit_plan(
    jobs: JobManager,
    request: PlanRequest,
    *,
    conversation_id: int | None = None,
    idempotency_key: str | None = None,
) -> tuple[JobInfo, TripRequest | None]:
    """The hosts' one way to ask for a plan: a new trip is checked first (`check_now`, on the
    engine's pool), then submitted to `jobs` as the person asked it; a follow-up
    (`conversation_id`) is submitted as it is (its turn reads it against the plan it changes).

    Returns:
        (the job, the request as understood now — None for a follow-up, or for words only a
        model can read).

    Raises:
        RequestProblem: a new trip that cannot be understood (nothing was submitted).
    """
    understood = None
    if conversation_id is None:
        understood = await in_pool(check_now, request)
    info = await jobs.submit(
        request, conversation_id=conversation_id, idempotency_key=idempotency_key
    )
    return info, understood
