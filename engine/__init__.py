"""Lvtu 旅途 engine: everything that is not Qt.

Hosts (the desktop app, scripts) use what this module exports, the event types of
`engine.events` and the edit operations of `engine.editing` (its docstring lists them);
everything else is internal and may move. Names are loaded on first use, so
``import engine`` stays light (the desktop imports it before its first paint).

What a host needs, by purpose:

- a conversation: `Agent`, `build_from_environment`, `CancellationToken`,
  `TurnInProgressError`, `BackgroundOwnerClosedError`;
- plans as jobs: `Database` (one per process, passed to the rest), `JobManager` with
  `default_runners`, `submit_plan` of a `PlanRequest` (words and `RequestOptions`; a
  `RequestProblem` when it cannot be understood), `JobInfo`, `JobNotFoundError`,
  `JobStateError`, `Event`;
- saved plans: `Library`, `ItinerarySummary`, `ItineraryNotFoundError`, `Itinerary`,
  `TripRequest`, `time_span`, and files: `export_bytes`, `EXPORT_FORMATS`, `to_markdown`;
- the place it runs in: `data_home`, `DataHomeError`, `resources_dir`, `log_path`,
  `system_lang`, `text_lang`, `installed_packs`, `PROVIDER_PRESETS`, `warm_up`,
  `close_databases`;
- text that did not come from us, on its way into a renderer (`engine.untrusted`): `clean`,
  `clean_name`, `safe_markdown`, `web_link`; logs without secrets: `RedactingFilter`,
  `add_secret`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "EXPORT_FORMATS",
    "PROVIDER_PRESETS",
    "Agent",
    "BackgroundOwnerClosedError",
    "CancellationToken",
    "DataHomeError",
    "Database",
    "Event",
    "Itinerary",
    "ItineraryNotFoundError",
    "ItinerarySummary",
    "JobInfo",
    "JobManager",
    "JobNotFoundError",
    "JobStateError",
    "Library",
    "PlanRequest",
    "RedactingFilter",
    "RequestOptions",
    "RequestProblem",
    "TripRequest",
    "TurnInProgressError",
    "add_secret",
    "build_from_environment",
    "clean",
    "clean_name",
    "close_databases",
    "data_home",
    "default_runners",
    "export_bytes",
    "installed_packs",
    "log_path",
    "resources_dir",
    "safe_markdown",
    "submit_plan",
    "system_lang",
    "text_lang",
    "time_span",
    "to_markdown",
    "warm_up",
    "web_link",
]

#: Public name → (module, name there).
_WHERE = {
    "Agent": ("engine.agent.agent", "Agent"),
    "build_from_environment": ("engine.agent.environment", "build_from_environment"),
    "CancellationToken": ("engine.cancellation", "CancellationToken"),
    "TurnInProgressError": ("engine.agent.errors", "TurnInProgressError"),
    "BackgroundOwnerClosedError": ("engine.agent.errors", "BackgroundOwnerClosedError"),
    "Database": ("engine.storage.database", "Database"),
    "close_databases": ("engine.storage.db", "close_all"),
    "JobManager": ("engine.jobs.manager", "JobManager"),
    "JobInfo": ("engine.jobs.states", "JobInfo"),
    "JobNotFoundError": ("engine.jobs.states", "JobNotFoundError"),
    "JobStateError": ("engine.jobs.states", "JobStateError"),
    "default_runners": ("engine.jobs.plan_runner", "default_runners"),
    "PlanRequest": ("engine.jobs.plan_request", "PlanRequest"),
    "RequestProblem": ("engine.jobs.plan_request", "RequestProblem"),
    "submit_plan": ("engine.jobs.plan_submit", "submit_plan"),
    "RequestOptions": ("engine.understanding.read", "RequestOptions"),
    "Event": ("engine.events", "Event"),
    "Library": ("engine.storage.library", "Library"),
    "ItinerarySummary": ("engine.storage.itineraries", "ItinerarySummary"),
    "ItineraryNotFoundError": ("engine.storage.itineraries", "NotFoundError"),
    "Itinerary": ("engine.domain.itinerary", "Itinerary"),
    "time_span": ("engine.domain.itinerary", "time_span"),
    "TripRequest": ("engine.domain.request", "TripRequest"),
    "export_bytes": ("engine.export.files", "export_bytes"),
    "EXPORT_FORMATS": ("engine.export.files", "FORMATS"),
    "to_markdown": ("engine.export.markdown", "to_markdown"),
    "data_home": ("engine.paths", "data_home"),
    "DataHomeError": ("engine.paths", "DataHomeError"),
    "resources_dir": ("engine.paths", "resources_dir"),
    "log_path": ("engine.paths", "log_path"),
    "system_lang": ("engine.i18n", "system_lang"),
    "text_lang": ("engine.i18n", "text_lang"),
    "installed_packs": ("engine.knowledge.packs", "installed_packs"),
    "PROVIDER_PRESETS": ("engine.providers.presets", "PRESETS"),
    "warm_up": ("engine.warmup", "warm_up"),
    "clean": ("engine.untrusted", "clean"),
    "clean_name": ("engine.untrusted", "clean_name"),
    "safe_markdown": ("engine.untrusted", "safe_markdown"),
    "web_link": ("engine.untrusted", "web_link"),
    "RedactingFilter": ("engine.redaction", "RedactingFilter"),
    "add_secret": ("engine.redaction", "add_secret"),
}

if TYPE_CHECKING:
    from engine.agent.agent import Agent
    from engine.agent.environment import build_from_environment
    from engine.agent.errors import BackgroundOwnerClosedError, TurnInProgressError
    from engine.cancellation import CancellationToken
    from engine.domain.itinerary import Itinerary, time_span
    from engine.domain.request import TripRequest
    from engine.events import Event
    from engine.export.files import FORMATS as EXPORT_FORMATS
    from engine.export.files import export_bytes
    from engine.export.markdown import to_markdown
    from engine.i18n import system_lang, text_lang
    from engine.jobs.manager import JobManager
    from engine.jobs.plan_request import PlanRequest, RequestProblem
    from engine.jobs.plan_runner import default_runners
    from engine.jobs.plan_submit import submit_plan
    from engine.jobs.states import JobInfo, JobNotFoundError, JobStateError
    from engine.knowledge.packs import installed_packs
    from engine.paths import DataHomeError, data_home, log_path, resources_dir
    from engine.providers.presets import PRESETS as PROVIDER_PRESETS
    from engine.redaction import RedactingFilter, add_secret
    from engine.storage.database import Database
    from engine.storage.db import close_all as close_databases
    from engine.storage.itineraries import ItinerarySummary
    from engine.storage.itineraries import NotFoundError as ItineraryNotFoundError
    from engine.storage.library import Library
    from engine.understanding.read import RequestOptions
    from engine.untrusted import clean, clean_name, safe_markdown, web_link
    from engine.warmup import warm_up


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
