"""build_from_environment: an Agent configured from ``LVTU_*`` variables and a ``.env`` file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dotenv import dotenv_values

from engine.agent.agent import Agent

#: The variables read, and the Agent argument each one sets.
VARIABLES = {
    "LVTU_PROVIDER": "provider",
    "LVTU_BASE_URL": "base_url",
    "LVTU_API_KEY": "api_key",
    "LVTU_MODEL": "model",
}
#: Further model settings, handed to the Agent as `provider_options` (strings; checked when the
#: provider is built): seconds per call, HTTP attempts, longest reply and the context (tokens),
#: seconds to wait for the server's first answer, and how the model calls tools (``native``, or
#: ``json``: structured output, `model_edit`).
OPTIONS = (
    "LVTU_DEADLINE",
    "LVTU_MAX_ATTEMPTS",
    "LVTU_MAX_TOKENS",
    "LVTU_CONTEXT",
    "LVTU_FIRST_BYTE_TIMEOUT",
    "LVTU_TOOL_CALLS",
)


def build_from_environment(*, working_directory: str | Path, **overrides: Any) -> Agent:
    """An `Agent` for `working_directory`, configured like the CLI.

    Reads ``LVTU_PROVIDER`` (default ``offline``; ``openai-compatible`` when only
    ``LVTU_BASE_URL`` is set), ``LVTU_BASE_URL``, ``LVTU_API_KEY``, ``LVTU_MODEL`` and the
    `OPTIONS` from the process environment, falling back to ``<working_directory>/.env`` (the
    environment wins). Keyword `overrides` (e.g. ``transport=``, ``database=``) win over both.
    A bad value (an unknown provider, say) is reported by the first turn, in the person's
    language, which then plans offline.
    """
    directory = Path(working_directory).expanduser().resolve()
    dotenv = dotenv_values(directory / ".env") if (directory / ".env").is_file() else {}

    def value(variable: str) -> str | None:
        return os.environ.get(variable) or dotenv.get(variable) or None

    settings: dict[str, Any] = {}
    for variable, argument in VARIABLES.items():
        if found := value(variable):
            settings[argument] = found
    default = "openai-compatible" if "base_url" in settings else "offline"
    settings.setdefault("provider", default)
    options = {name: found for name in OPTIONS if (found := value(name))}
    if options:
        settings["provider_options"] = options
    settings.update(overrides)
    return Agent(working_directory=directory, **settings)
