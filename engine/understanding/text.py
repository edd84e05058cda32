"""Text helpers shared by the extractors: normalisation, masking, clauses and negation."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from engine.understanding import lexicon

#: Replaces text an extractor has consumed, so later extractors neither see nor cross it.
MASK = "|"
_CJK = re.compile(r"[\u3400-\u9fff]")
_CLAUSE_BREAK = re.compile(r"[,，。.!！?？;；\n|]|但是|但|不过|but\b|however", re.I)


def normalize(text: str) -> str:
    """NFKC (full-width digits and punctuation to ASCII) and digit-group commas removed
    (3,400 → 3400); same length is not kept, so normalise before extracting."""
    text = unicodedata.normalize("NFKC", text)
    return re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)


def has_cjk(text: str) -> bool:
    """Whether `text` contains a CJK ideograph."""
    return _CJK.search(text) is not None


def mask(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """`text` with every (start, end) span replaced by `MASK` characters (same length)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = MASK * (end - start)
    return "".join(chars)


def clause_start(text: str, pos: int) -> int:
    """Index where the clause containing `pos` begins (after the last comma, full stop, "but")."""
    start = 0
    for match in _CLAUSE_BREAK.finditer(text, 0, pos):
        start = match.end()
    return start


def clause_end(text: str, pos: int) -> int:
    """Index where the clause containing `pos` ends."""
    match = _CLAUSE_BREAK.search(text, pos)
    return match.start() if match else len(text)


def negated(text: str, start: int, end: int) -> bool:
    """Whether the words at text[start:end] are negated in their clause: a negator shortly
    before (不吃辣, "no spicy", "don't want to fly") or a post-negator after (海鲜过敏)."""
    lo = max(clause_start(text, start), start - 6)
    before = text[lo:start]
    for word in lexicon.ZH_NOT_NEGATORS:
        before = before.replace(word, "")
    if any(neg in before for neg in lexicon.ZH_NEGATORS):
        return True
    after = text[end : min(clause_end(text, end), end + 6)]
    if any(
        after.startswith(neg) or after.lstrip("的").startswith(neg)
        for neg in lexicon.ZH_POST_NEGATORS
    ):
        return True
    words = re.findall(r"[a-z']+", text[clause_start(text, start) : start].lower())[-4:]
    joined = " ".join(words)
    return any(
        re.search(rf"(?:^|\s){re.escape(neg)}(?:\s|$)", joined) for neg in lexicon.EN_NEGATORS
    )
