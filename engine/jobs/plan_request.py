"""What a plan job is asked: a person's words and the options over them — the one kind of
request that the command line and the desktop submit (``JobManager.submit(PlanRequest(…))``).

The turn reads it through the one understanding entry point
(`engine.understanding.read_request`: the offline parser, and the model alongside it when one
is configured). `check` reads it the same way before it is submitted
(`engine.jobs.plan_submit.submit_plan`), so a request that cannot be understood is said at
once, in the person's language, by either host.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dotenv import dotenv_values

from engine.domain.request import TripRequest

if TYPE_CHECKING:  # (imported when used: the job log must not load the parser and its data)
    from engine.editing.ops import EditOrder
    from engine.understanding import RequestOptions

#: The ``LVTU_*`` variables that choose a model provider (`engine.agent.environment`).
_PROVIDER_VARIABLES = ("LVTU_PROVIDER", "LVTU_BASE_URL")


class RequestProblem(Exception):
    """A request that cannot be understood or done.

    Attributes:
        message: for the person, in the request's language.
        code: the first problem's (`engine.understanding.ParseProblem.code`), or ``parse``.
    """

    def __init__(self, message: str, code: str = "parse") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class PlanRequest:
    """A new trip (or a follow-up) as the person asked it.

    Attributes:
        text: their words (may be empty when `options` say everything).
        options: form fields or command-line options over the text (each one given wins).
        edit: edits of a saved itinerary asked directly (the CLI's ``lvtu edit``, the
            desktop's timeline), applied by the turn as the words of a follow-up would be.
        about: the saved itinerary a follow-up in words is about (``lvtu revise ID``); None:
            the conversation's latest.
    """

    text: str = ""
    options: RequestOptions | None = None
    edit: EditOrder | None = None
    about: int | None = None

    def payload(self) -> dict[str, Any]:
        """The JSON stored in ``jobs.request``: ``{"text": …, "options": {…}, "edit": {…}}``."""
        stored: dict[str, Any] = {"text": self.text}
        if self.about is not None:
            stored["about"] = self.about
        if self.edit is not None:
            stored["edit"] = self.edit.model_dump(mode="json", exclude_none=True)
        if self.options is not None:
            fields = dataclasses.asdict(self.options)
            stored["options"] = {k: _json(v) for k, v in fields.items() if v not in (None, ())}
        return stored

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PlanRequest:
        """The request a `payload` stored (a ``{"text": …}`` row of an older release too)."""
        from engine.understanding import RequestOptions

        options = payload.get("options")
        order = None
        if isinstance(payload.get("edit"), dict):
            from engine.editing.ops import EditOrder

            order = EditOrder.model_validate(payload["edit"])
        about = payload.get("about") if isinstance(payload.get("about"), int) else None
        if not isinstance(options, dict):
            return cls(str(payload.get("text") or ""), edit=order, about=about)
        fields = {f.name for f in dataclasses.fields(RequestOptions)}
        given = {k: v for k, v in options.items() if k in fields}
        if "interests" in given:
            given["interests"] = tuple(given["interests"])
        return cls(str(payload.get("text") or ""), RequestOptions(**given), order, about)


def _json(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value if isinstance(value, str | int | float | bool | list) else str(value)


def check(request: PlanRequest, kb: Any, *, model_reads: bool) -> TripRequest | None:
    """Read `request` as its turn will (`read_request`), before it is submitted; blocking (the
    parser and the knowledge base `kb`).

    Returns:
        The request understood, or None when only a model could tell (`model_reads`: one is
        configured and plain words came with no options).

    Raises:
        RequestProblem: it cannot be understood (with suggestions for unknown places, the valid
            range for days …).
    """
    from engine.understanding import read_request

    result = read_request(request.text or None, kb, options=request.options)
    if result.request is not None:
        return result.request
    if model_reads and request.text.strip() and request.options is None:
        return None
    lang = (request.options.lang if request.options else None) or result.lang
    lang = lang if lang in ("zh", "en") else "zh"
    problem = result.problem
    raise RequestProblem(result.message(lang), problem.code if problem else "parse")


def model_configured(home: Path) -> bool:
    """Whether the next turn will have a model read requests: ``LVTU_PROVIDER`` names one, or
    ``LVTU_BASE_URL`` is set without it (in the environment, else `home`'s ``.env``) — as
    `engine.agent.environment.build_from_environment` reads them."""
    env = home / ".env"
    saved = {k: v for k, v in dotenv_values(env).items() if v} if env.is_file() else {}
    provider, base_url = (os.environ.get(n) or saved.get(n) or "" for n in _PROVIDER_VARIABLES)
    provider = provider.strip().lower()
    return provider not in ("", "offline") or (not provider and bool(base_url))


def check_now(request: PlanRequest) -> TripRequest | None:
    """`check` against the user's knowledge base and provider settings (blocking: it loads the
    knowledge base on first use).

    Raises:
        RequestProblem: as `check`.
    """
    from engine.knowledge.base import default_knowledge
    from engine.paths import data_home

    return check(request, default_knowledge(), model_reads=model_configured(data_home()))
