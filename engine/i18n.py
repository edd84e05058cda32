"""Tiny helpers for the engine's bilingual (zh/en) user-facing text."""

from __future__ import annotations


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
