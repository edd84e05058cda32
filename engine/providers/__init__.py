"""Model providers: the chat-provider interface and its OpenAI-compatible implementation."""

from engine.providers.base import (
    ChatProvider,
    ChatResult,
    Finish,
    StreamItem,
    TextDelta,
    ToolCall,
    Usage,
    collect,
)
from engine.providers.config import ProviderConfig, Secret, build_provider, load_config
from engine.providers.errors import (
    AuthError,
    BadRequestError,
    ConfigError,
    ConnectError,
    DeadlineExceeded,
    EmptyResponse,
    MalformedStream,
    NetworkError,
    NoAnswer,
    NotAnAnswer,
    ProtocolError,
    ProviderError,
    RateLimitError,
    ServerError,
    StreamInterrupted,
    StructuredOutputError,
)
from engine.providers.messages import assistant_message, tool_message
from engine.providers.openai_compat import OpenAICompatProvider
from engine.providers.presets import PRESETS, Preset, find_preset
from engine.providers.retry import RetryPolicy

__all__ = [
    "PRESETS",
    "AuthError",
    "BadRequestError",
    "ChatProvider",
    "ChatResult",
    "ConfigError",
    "ConnectError",
    "DeadlineExceeded",
    "EmptyResponse",
    "Finish",
    "MalformedStream",
    "NetworkError",
    "NoAnswer",
    "NotAnAnswer",
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
