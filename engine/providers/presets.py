"""Presets for well-known OpenAI-compatible endpoints: base URL, default model, quirks.

Base URLs and models as documented by each vendor (checked 2025): DeepSeek API docs; Alibaba
Cloud Model Studio "OpenAI compatible" (DashScope compatible mode); Moonshot AI platform docs;
Zhipu BigModel open platform (API v4); OpenAI API reference; Ollama "OpenAI compatibility";
llama.cpp ``llama-server`` README; LM Studio "OpenAI Compatibility API". ``json_mode`` is
``json_object`` where the vendor documents only JSON mode (``response_format`` of type
``json_object``), else ``json_schema``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Preset:
    """A known endpoint.

    Attributes:
        name: the `LVTU_PROVIDER` value.
        label: display name.
        base_url: the OpenAI-compatible base URL (``…/v1``).
        default_model: used when `LVTU_MODEL` is unset; None = the user must name one.
        needs_key: hosted services need an API key; local servers do not.
        json_mode: what structured output asks for (``json_schema`` or ``json_object``).
    """

    name: str
    label: str
    base_url: str
    default_model: str | None
    needs_key: bool = True
    json_mode: str = "json_schema"


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "deepseek",
            "DeepSeek",
            "https://api.deepseek.com/v1",
            "deepseek-chat",
            json_mode="json_object",
        ),
        Preset(
            "qwen",
            "通义千问 Qwen (DashScope)",
            "https://dashscope.aliyuncs.com/compatible-mode/v1",
            "qwen-plus",
            json_mode="json_object",
        ),
        Preset(
            "moonshot",
            "Moonshot Kimi",
            "https://api.moonshot.cn/v1",
            "moonshot-v1-8k",
            json_mode="json_object",
        ),
        Preset(
            "zhipu",
            "智谱 GLM",
            "https://open.bigmodel.cn/api/paas/v4",
            "glm-4-flash",
            json_mode="json_object",
        ),
        Preset("openai", "OpenAI", "https://api.openai.com/v1", "gpt-4o-mini"),
        Preset("ollama", "Ollama", "http://localhost:11434/v1", "qwen2.5:7b", needs_key=False),
        Preset(
            "llama.cpp", "llama.cpp server", "http://127.0.0.1:8080/v1", "default", needs_key=False
        ),
        Preset("lmstudio", "LM Studio", "http://localhost:1234/v1", None, needs_key=False),
    )
}

ALIASES: dict[str, str] = {
    "dashscope": "qwen",
    "tongyi": "qwen",
    "kimi": "moonshot",
    "glm": "zhipu",
    "bigmodel": "zhipu",
    "llamacpp": "llama.cpp",
    "llama-cpp": "llama.cpp",
    "lm-studio": "lmstudio",
    "lm studio": "lmstudio",
}


def find_preset(name: str) -> Preset | None:
    """The preset called `name` (case-insensitive; aliases such as ``kimi``), or None."""
    key = name.strip().lower()
    return PRESETS.get(ALIASES.get(key, key))
