"""Configuration, presets, the public API list and the error messages."""

from __future__ import annotations

import re

import httpx
import pytest

import engine.providers as providers
from engine.providers import (
    PRESETS,
    ChatProvider,
    ConfigError,
    OpenAICompatProvider,
    ProviderConfig,
    Secret,
    build_provider,
    errors,
    find_preset,
    load_config,
)
from engine.providers.errors import ProviderError, redact, safe_url

EXPECTED_PRESETS = {
    "deepseek": ("https://api.deepseek.com/v1", "deepseek-chat"),
    "qwen": ("https://dashscope.aliyuncs.com/compatible-mode/v1", "qwen-plus"),
    "moonshot": ("https://api.moonshot.cn/v1", "moonshot-v1-8k"),
    "zhipu": ("https://open.bigmodel.cn/api/paas/v4", "glm-4-flash"),
    "openai": ("https://api.openai.com/v1", "gpt-4o-mini"),
    "ollama": ("http://localhost:11434/v1", "qwen2.5:7b"),
    "llama.cpp": ("http://127.0.0.1:8080/v1", "default"),
    "lmstudio": ("http://localhost:1234/v1", None),
}


def test_public_api_is_locked():
    assert sorted(providers.__all__) == sorted(
        [
            "PRESETS",
            "AuthError",
            "BadRequestError",
            "ChatProvider",
            "ChatResult",
            "ConfigError",
            "ConnectError",
            "MalformedStream",
            "NoAnswer",
            "NotAnAnswer",
            "DeadlineExceeded",
            "EmptyResponse",
            "Finish",
            "NetworkError",
            "OpenAICompatProvider",
            "Preset",
            "ProtocolError",
            "ProviderConfig",
            "ProviderError",
            "RateLimitError",
            "RetryPolicy",
            "Secret",
            "ServerError",
            "StreamInterrupted",
            "StreamItem",
            "StructuredOutputError",
            "TextDelta",
            "ToolCall",
            "Usage",
            "assistant_message",
            "build_provider",
            "collect",
            "find_preset",
            "load_config",
            "tool_message",
        ]
    )


def test_presets():
    assert {n: (p.base_url, p.default_model) for n, p in PRESETS.items()} == EXPECTED_PRESETS
    assert find_preset("Kimi") is PRESETS["moonshot"]
    assert find_preset("llamacpp") is PRESETS["llama.cpp"]
    assert find_preset("nope") is None
    assert not PRESETS["ollama"].needs_key and PRESETS["deepseek"].needs_key


def test_default_is_offline():
    config = load_config(environ={})
    assert config.offline and config.provider == "offline"
    with pytest.raises(ConfigError):
        build_provider(config)


def test_env_wins_over_dotenv(tmp_path):
    (tmp_path / ".env").write_text(
        "LVTU_PROVIDER=deepseek\nLVTU_API_KEY=from-file\nLVTU_MODEL=deepseek-reasoner\n"
    )
    config = load_config(tmp_path, environ={"LVTU_MODEL": "deepseek-chat", "LVTU_DEADLINE": "30"})
    assert config.provider == "deepseek"
    assert config.model == "deepseek-chat"
    assert config.api_key == Secret("from-file")
    assert config.deadline == 30.0


async def test_build_from_a_preset_uses_its_url_model_and_json_mode(tmp_path):
    config = load_config(environ={"LVTU_PROVIDER": "Qwen", "LVTU_API_KEY": "k"})
    provider = build_provider(config)
    try:
        assert (provider.name, provider.base_url, provider.model) == (
            "qwen",
            "https://dashscope.aliyuncs.com/compatible-mode/v1",
            "qwen-plus",
        )
        assert provider.json_mode == "json_object"
    finally:
        await provider.aclose()


async def test_a_custom_base_url_always_works():
    config = load_config(environ={"LVTU_BASE_URL": "http://10.0.0.5:9000/v1/", "LVTU_MODEL": "x"})
    assert config.provider == "openai-compatible"
    provider = build_provider(config)
    assert (provider.base_url, provider.model) == ("http://10.0.0.5:9000/v1", "x")
    await provider.aclose()
    over = load_config(environ={"LVTU_PROVIDER": "ollama", "LVTU_BASE_URL": "http://box:11434/v1"})
    provider = build_provider(over)
    assert (provider.base_url, provider.model) == ("http://box:11434/v1", "qwen2.5:7b")
    await provider.aclose()


@pytest.mark.parametrize(
    ("environ", "hint"),
    [
        ({"LVTU_PROVIDER": "deepseek"}, "LVTU_API_KEY"),
        ({"LVTU_PROVIDER": "openai-compatible"}, "LVTU_BASE_URL"),
        ({"LVTU_PROVIDER": "lmstudio"}, "LVTU_MODEL"),
    ],
)
def test_missing_settings_say_what_to_set(environ, hint):
    with pytest.raises(ConfigError) as caught:
        build_provider(load_config(environ=environ))
    assert hint in caught.value.message("en") and hint in caught.value.message("zh")


def test_unknown_provider_and_bad_numbers_are_config_errors():
    with pytest.raises(ConfigError, match="unknown LVTU_PROVIDER"):
        load_config(environ={"LVTU_PROVIDER": "skynet"})
    with pytest.raises(ConfigError):
        load_config(environ={"LVTU_PROVIDER": "ollama", "LVTU_MAX_ATTEMPTS": "many"})


def test_secret_never_shows():
    secret = Secret("sk-abc")
    config = ProviderConfig(provider="openai", api_key=secret)
    shown = f"{secret} {secret!r} {secret!s} {config!r} {config}"
    assert "sk-abc" not in shown and secret.get() == "sk-abc"


async def test_the_provider_meets_the_interface():
    async with OpenAICompatProvider(base_url="http://x/v1", model="m") as provider:
        assert isinstance(provider, ChatProvider)


async def test_only_a_client_the_provider_created_is_closed():
    async with httpx.AsyncClient() as shared:
        provider = OpenAICompatProvider(base_url="http://x/v1", model="m", client=shared)
        await provider.aclose()
        assert not shared.is_closed
    own = OpenAICompatProvider(base_url="http://x/v1", model="m")
    async with own:
        pass
    assert own._client.is_closed


def test_missing_ssl_cert_file_is_a_clear_config_error(monkeypatch, tmp_path):
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "missing.pem"))
    with pytest.raises(ConfigError, match="SSL_CERT_FILE"):
        OpenAICompatProvider(base_url="http://x/v1", model="m")


ALL_ERRORS = [
    cls for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, ProviderError)
]


@pytest.mark.parametrize("cls", ALL_ERRORS, ids=lambda c: c.__name__)
def test_every_error_has_a_zh_and_an_en_message(cls):
    error = cls("detail", provider="deepseek")
    zh, en = error.message("zh_CN"), error.message("en")
    assert re.search(r"[\u4e00-\u9fff]", zh) and not re.search(r"[\u4e00-\u9fff]", en)
    assert "{" not in zh + en and "Traceback" not in zh + en
    assert str(error).startswith(en.split(" (")[0][:20])


def test_error_codes_are_unique():
    assert len({cls.code for cls in ALL_ERRORS}) == len(ALL_ERRORS)


def test_redact_and_safe_url():
    assert redact("key sk-1 and Bearer abc.def", "sk-1") == "key *** and Bearer ***"
    assert safe_url("https://u:p@host:8443/v1?key=s#f") == "https://host:8443/v1"
