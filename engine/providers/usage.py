"""Token estimates for servers that do not report usage.

The estimate, per text: one token per CJK character (Han, kana, hangul, full-width forms) plus
one token per four other characters, rounded up; each message adds 3 tokens and the reply
primer 3 more.

Sources and rationale: OpenAI's rule of thumb is about 4 characters of English per token
(OpenAI help centre, "What are tokens and how to count them"), and its cookbook
("How to count tokens with tiktoken") counts 3 tokens of overhead per chat message plus 3 to
prime the reply. DeepSeek documents about 0.3 token per English character and 0.6 per
Chinese character for its tokenizer (DeepSeek API docs, "Token & Token Usage"); older
byte-level BPE tokenizers spend one to two tokens per Han character. One per CJK character sits
between the two and errs high, which is the safe side for budgets and context limits.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from typing import Any

from engine.providers.base import ToolCall, Usage

_CJK = re.compile(
    "[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
    "\uf900-\ufaff\uff00-\uffef\U00020000-\U0003134f]"
)
MESSAGE_OVERHEAD = 3
REPLY_PRIMER = 3


def estimate_tokens(text: str) -> int:
    """Estimated tokens in `text` (see the module docstring)."""
    cjk = len(_CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # multi-part content: count the text parts
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return json.dumps(content, ensure_ascii=False)


def estimate_usage(
    messages: Iterable[dict[str, Any]],
    tools: list[dict[str, Any]] | None,
    output_text: str,
    tool_calls: Iterable[ToolCall] = (),
) -> Usage:
    """An estimated `Usage` for one call (``estimated=True``)."""
    prompt = REPLY_PRIMER
    for message in messages:
        prompt += MESSAGE_OVERHEAD + estimate_tokens(_content_text(message.get("content")))
        for call in message.get("tool_calls") or ():
            prompt += estimate_tokens(json.dumps(call, ensure_ascii=False))
    if tools:
        prompt += estimate_tokens(json.dumps(tools, ensure_ascii=False))
    output = estimate_tokens(output_text)
    for call in tool_calls:
        output += estimate_tokens(call.name + json.dumps(call.arguments, ensure_ascii=False))
    return Usage(input_tokens=prompt, output_tokens=output, estimated=True)
