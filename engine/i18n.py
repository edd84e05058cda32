"""Tiny helpers for the engine's bilingual (zh/en) user-facing text: picking, joining, and
deciding which language a text or the system speaks."""

from __future__ import annotations

import functools
import os
import re
from typing import Literal

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
_PINYIN_SYLLABLE = (
    r"(?:[zcs]h|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo"
    r"|ue|ui|er|a|o|e|i|u|v)"
)


@functools.cache
def _pinyin_word() -> re.Pattern[str]:
    """Two or more pinyin syllables (compiled when first needed: ~5 ms, not at start-up)."""
    return re.compile(rf"(?:{_PINYIN_SYLLABLE}){{2,}}")


def pick(lang: str, zh: str, en: str) -> str:
    """`zh` when `lang` is ``zh``, else `en`."""
    return zh if lang == "zh" else en


def join_names(names: list[str], lang: str) -> str:
    """「a、b、c」 in Chinese, "a, b and c" in English."""
    if lang == "zh":
        return "、".join(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def text_lang(text: str) -> Literal["zh", "en"]:
    """The language to answer `text` in — the one rule the parser, the CLI and jobs share.

    ``en`` when the text has no Chinese character, or when it is mostly English words with a
    few Chinese place names: at least two English words, more than half as many as there are
    Chinese characters ("I want to go to 黄山 for two days from 上海", "3 days in 杭州").
    English words are Latin words that are not names — not capitalised (except "I") and not
    two or more pinyin syllables (hangzhou) — so 「我想去Hangzhou玩三天」 stays ``zh``. An empty
    text is ``zh`` (the product's first language).
    """
    cjk = len(_CJK.findall(text))
    if cjk == 0:
        return "en" if text.strip() else "zh"
    english = sum(
        1
        for word in _LATIN_WORD.findall(text)
        if word == "I" or (word[0].islower() and not _pinyin_word().fullmatch(word))
    )
    return "en" if english >= 2 and english * 2 > cjk else "zh"


def system_lang() -> Literal["zh", "en"]:
    """``LVTU_LANG`` if set, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``): ``zh`` for a
    Chinese locale, else ``en``. For messages that answer no text (``lvtu jobs``, ``lvtu list``)."""
    lang = os.environ.get("LVTU_LANG") or ""
    if not lang:
        for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
            lang = os.environ.get(name) or ""
            if lang:
                break
    if not lang:
        import locale  # (only here: the desktop imports this module before its first paint)

        lang = locale.getlocale()[0] or ""
    return "zh" if lang.lower().startswith("zh") else "en"
