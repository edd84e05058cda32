"""Provider configuration from the environment and a ``.env`` file, with the key kept secret."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

import httpx
from dotenv import dotenv_values

from engine.providers.errors import ConfigError
from engine.providers.openai_compat import OpenAICompatProvider
from engine.providers.presets import Preset, find_preset
from engine.providers.retry import RetryPolicy
from engine.redaction import add_secret

OFFLINE = "offline"
#: Seconds a call waits for the server's first answer (its response headers) before giving up,
#: all attempts together — separate from the total `ProviderConfig.deadline`, so a dead or hung
#: endpoint falls back to the offline plan in about this long. ``LVTU_FIRST_BYTE_TIMEOUT``
#: overrides it (a slow local model that answers only after reading the prompt may need more).
DEFAULT_FIRST_BYTE = 15.0
CUSTOM = "openai-compatible"
_CUSTOM_ALIASES = {CUSTOM, "openai_compatible", "custom"}


class Secret:
    """A string that never shows itself: ``str``, ``repr`` and formatting give ``***``."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def get(self) -> str:
        """The secret itself — pass it on, never log it."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    def __str__(self) -> str:
        return "***"

    def __format__(self, spec: str) -> str:
        return "***"

    def __bool__(self) -> bool:
        return bool(self._value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)


@dataclass(frozen=True, slots=True)
class ProviderConfig:
    """Which model provider to use.

    Attributes:
        provider: ``offline``, ``openai-compatible`` (custom endpoint) or a preset name.
        base_url: overrides the preset's; required for ``openai-compatible``.
        model: overrides the preset's default model.
        api_key: the key, as a `Secret` (its repr is ``Secret('***')``).
        max_attempts: HTTP attempts per call (retries + 1).
        deadline: total seconds per call.
        first_byte: seconds a call waits for the server's first answer (`DEFAULT_FIRST_BYTE`).
        notices: what was done about the settings, for the person (`notice`): ``url_key_used``
            (the base URL carried a key: taken out and used as the API key), ``url_key_dropped``
            (it carried credentials beside LVTU_API_KEY: taken out, LVTU_API_KEY used).
    """

    provider: str = OFFLINE
    base_url: str | None = None
    model: str | None = None
    api_key: Secret | None = None
    max_attempts: int = 3
    deadline: float = 180.0
    first_byte: float | None = None
    notices: tuple[str, ...] = ()

    @property
    def offline(self) -> bool:
        return self.provider == OFFLINE

    @property
    def preset(self) -> Preset | None:
        return find_preset(self.provider)

    def check(self) -> None:
        """Raise `ConfigError` (with zh and en detail) if a provider cannot be built."""
        if self.offline:
            raise ConfigError(
                "the offline provider has no model endpoint",
                provider=OFFLINE,
                detail_zh="离线模式不使用模型服务。",
            )
        preset = self.preset
        if not (self.base_url or preset):
            raise ConfigError(
                "set LVTU_BASE_URL to the endpoint, e.g. http://localhost:8080/v1",
                provider=self.provider,
                detail_zh="请设置 LVTU_BASE_URL（例如 http://localhost:8080/v1）。",
            )
        if not (self.model or (preset and preset.default_model)):
            raise ConfigError(
                "set LVTU_MODEL to the model name",
                provider=self.provider,
                detail_zh="请设置 LVTU_MODEL（模型名称）。",
            )
        if preset and preset.needs_key and not self.base_url and not self.api_key:
            raise ConfigError(
                f"set LVTU_API_KEY to your {preset.label} API key",
                provider=self.provider,
                detail_zh=f"请设置 LVTU_API_KEY（{preset.label} 的 API 密钥）。",
            )


def load_config(
    directory: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> ProviderConfig:
    """Read ``LVTU_PROVIDER``, ``LVTU_BASE_URL``, ``LVTU_API_KEY``, ``LVTU_MODEL``
    (and ``LVTU_MAX_ATTEMPTS``, ``LVTU_DEADLINE`` in seconds).

    Values come from `environ` (default ``os.environ``), falling back to ``<directory>/.env``.
    With no ``LVTU_PROVIDER``: ``openai-compatible`` if ``LVTU_BASE_URL`` is set, else
    ``offline``.

    Raises:
        ConfigError: an unknown provider name or a malformed number.
    """
    values: dict[str, str] = {}
    if directory is not None and (Path(directory) / ".env").is_file():
        values = {k: v for k, v in dotenv_values(Path(directory) / ".env").items() if v}
    values.update({k: v for k, v in (os.environ if environ is None else environ).items() if v})

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    base_url, url_key = split_credentials(get("LVTU_BASE_URL"))
    name = (get("LVTU_PROVIDER") or (CUSTOM if base_url else OFFLINE)).lower()
    if name in _CUSTOM_ALIASES:
        name = CUSTOM
    elif name != OFFLINE:
        preset = find_preset(name)
        if preset is None:
            raise ConfigError(
                f"unknown LVTU_PROVIDER {name!r}",
                provider=name,
                detail_zh=f"未知的 LVTU_PROVIDER：{name}",
            )
        name = preset.name
    key = get("LVTU_API_KEY")
    notices: tuple[str, ...] = ()
    if url_key is not None:  # http://user:KEY@host: httpx would send it as Basic auth and log it
        add_secret(url_key)
        notices = ("url_key_dropped",) if key else ("url_key_used",)
        key = key or url_key
    add_secret(key)
    try:
        attempts = int(get("LVTU_MAX_ATTEMPTS") or 3)
        deadline = float(get("LVTU_DEADLINE") or 180.0)
        first_byte = float(found) if (found := get("LVTU_FIRST_BYTE_TIMEOUT")) else None
    except ValueError:
        raise ConfigError(
            "LVTU_MAX_ATTEMPTS, LVTU_DEADLINE and LVTU_FIRST_BYTE_TIMEOUT must be numbers",
            provider=name,
            detail_zh="LVTU_MAX_ATTEMPTS、LVTU_DEADLINE 和 LVTU_FIRST_BYTE_TIMEOUT 必须是数字。",
        ) from None
    return ProviderConfig(
        provider=name,
        base_url=base_url,
        model=get("LVTU_MODEL"),
        api_key=Secret(key) if key else None,
        max_attempts=max(1, attempts),
        deadline=deadline,
        first_byte=first_byte,
        notices=notices,
    )


def split_credentials(url: str | None) -> tuple[str | None, str | None]:
    """(`url` without user-info, the credential it carried — the password, else the user name —
    or None). ``http://user:KEY@host/v1`` → (``http://host/v1``, ``KEY``)."""
    if not url:
        return url, None
    try:
        parts = urlsplit(url)
    except ValueError:
        return url, None
    if "@" not in parts.netloc:
        return url, None
    userinfo, _, host = parts.netloc.rpartition("@")
    user, _, password = userinfo.partition(":")
    secret = unquote(password or user) or None
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment)), secret


#: Notices about the settings (`ProviderConfig.notices`) → (zh, en).
NOTICES = {
    "url_key_used": (
        "LVTU_BASE_URL 里带着用户名和密码；已从地址中去掉，改作 API 密钥使用（以后请用 LVTU_API_KEY）。",
        "LVTU_BASE_URL carried a user name and password; they were taken out of the address "
        "and used as the API key (set LVTU_API_KEY instead).",
    ),
    "url_key_dropped": (
        "LVTU_BASE_URL 里带着用户名和密码；已从地址中去掉，使用 LVTU_API_KEY 的密钥。",
        "LVTU_BASE_URL carried a user name and password; they were taken out of the address; "
        "the key in LVTU_API_KEY is used.",
    ),
}


def notice(code: str, lang: str) -> str:
    """A `ProviderConfig.notices` entry in ``zh`` or ``en``."""
    zh, en = NOTICES[code]
    return zh if lang == "zh" else en


def build_provider(
    config: ProviderConfig, *, client: httpx.AsyncClient | None = None
) -> OpenAICompatProvider:
    """The provider `config` describes (`client`, if given, stays the caller's).

    Raises:
        ConfigError: offline, or something is missing (`ProviderConfig.check`).
    """
    config.check()
    preset = config.preset
    base_url = config.base_url or (preset.base_url if preset else "")
    model = config.model or (preset.default_model if preset else None) or ""
    return OpenAICompatProvider(
        base_url=base_url,
        model=model,
        api_key=config.api_key.get() if config.api_key else None,
        name=config.provider,
        client=client,
        retry=RetryPolicy(max_attempts=config.max_attempts),
        deadline=config.deadline,
        first_byte=config.first_byte if config.first_byte is not None else DEFAULT_FIRST_BYTE,
        json_mode=preset.json_mode if preset else "json_schema",
    )
