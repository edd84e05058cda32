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


def build_from_environment(*, working_directory: str | Path, **overrides: Any) -> Agent:
    """An `Agent` for `working_directory`, configured like the CLI.

    Reads ``LVTU_PROVIDER`` (default ``offline``), ``LVTU_BASE_URL``, ``LVTU_API_KEY`` and
    ``LVTU_MODEL`` from the process environment, falling back to ``<working_directory>/.env``
    (the environment wins). Keyword `overrides` (e.g. ``transport=``, ``database=``) win over both.
    """
    directory = Path(working_directory).expanduser().resolve()
    dotenv = dotenv_values(directory / ".env") if (directory / ".env").is_file() else {}
    settings: dict[str, Any] = {}
    for variable, argument in VARIABLES.items():
        value = os.environ.get(variable) or dotenv.get(variable)
        if value:
            settings[argument] = value
    settings.setdefault("provider", "offline")
    settings.update(overrides)
    return Agent(working_directory=directory, **settings)
