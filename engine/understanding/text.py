"""Text helpers shared by the extractors: normalisation, masking, clauses and negation."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator

from engine.i18n import text_lang
from engine.understanding import lexicon

#: Replaces text an extractor has consumed, so later extractors neither see nor cross it.
MASK = "|"
_CJK = re.compile(r"[\u3400-\u9fff]")
_ARROW = re.compile(r"\s*(?:->|=>|-->|—>|→|⇒|➡|➔)\s*")
_CLAUSE_BREAK = re.compile(r"[,，。.!！?？;；\n|]|但是|但|不过|but\b|however", re.I)


def normalize(text: str) -> str:
    """NFKC (full-width digits and punctuation to ASCII), arrows as "to" (上海→杭州 → 上海到杭州,
    "Shanghai -> Hangzhou" → "Shanghai to Hangzhou") and digit-group commas removed (3,400 →
    3400); the length changes, so normalise before extracting."""
    text = unicodedata.normalize("NFKC", text)
    text = _ARROW.sub("到" if text_lang(text) == "zh" else " to ", text)
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


def blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """`text` with every (start, end) span replaced by spaces (same length, no clause break)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def overlaps(span: tuple[int, int], spans: Iterable[tuple[int, int]]) -> bool:
    """Whether `span` (start, end) shares a character with any of `spans`."""
    return any(span[0] < end and start < span[1] for start, end in spans)


def unclaimed(
    rx: re.Pattern[str], text: str, spans: list[tuple[int, int]]
) -> Iterator[re.Match[str]]:
    """The matches of `rx` in `text` that overlap none of `spans`, the (start, end) spans
    already read: each match is checked when it is reached, so a span the caller claims for an
    earlier match (appended to `spans`) keeps a later one out."""
    for match in rx.finditer(text):
        if not overlaps(match.span(), spans):
            yield match


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


_NOT_WANT_EN = re.compile(
    r"\b(?:don't|dont|do not|doesn't|does not|never|would rather not|'d rather not)\s+"
    r"(?:want|wanna|like|wish|plan|need|intend)(?:\s+to)?\b"
)


#: After a post-negator, a degree word and a taste make it a limit on how a food comes, not a
#: refusal: 「火锅不要太辣」 wants hotpot, not too spicy (「博物馆不要太多」 still refuses).
_DEGREE = re.compile(r"(?:太|那么|这么|很|过于)[辣麻咸甜油腻]")


def negated(text: str, start: int, end: int, floor: int = 0) -> bool:
    """Whether the words at text[start:end] are negated in their clause: a negator shortly
    before (不吃辣, "no spicy", "don't want to fly") or a post-negator after (海鲜过敏) — not
    one that limits a quality (「火锅不要太辣」: hotpot, not too spicy).

    A negator before `floor` (the end of the previous word of the same list) does not count:
    in 「不坐飞机坐高铁」 the 不 belongs to 飞机, not to 高铁."""
    lo = max(clause_start(text, start), start - 6, floor)
    # the words that negate nothing are masked over a wider span (「能不能改坐卧铺」: 能不能 starts
    # before the window), then the window kept
    wide = text[max(clause_start(text, start), start - 12, floor) : start]
    for word in lexicon.ZH_NOT_NEGATORS:
        wide = wide.replace(word, " " * len(word))
    before = wide[len(wide) - (start - lo) :] if start > lo else ""
    if any(neg in before for neg in lexicon.ZH_NEGATORS):
        return True
    after = text[end : min(clause_end(text, end), end + 6)].lstrip("的")
    if any(
        after.startswith(neg) and not _DEGREE.match(after[len(neg) :])
        for neg in lexicon.ZH_POST_NEGATORS
    ):
        return True
    words = re.findall(r"[a-z']+", text[max(clause_start(text, start), floor) : start].lower())
    if _NOT_WANT_EN.search(" ".join(words[-7:])):
        return True  # "I don't want to take the plane": the refusal reaches past four words
    joined = " ".join(words[-4:])
    return any(
        re.search(rf"(?:^|\s){re.escape(neg)}(?:\s|$)", joined) for neg in lexicon.EN_NEGATORS
    )


def table_hits(
    text: str, patterns: Iterable[str], joiners: str
) -> list[tuple[int, int, bool, int]]:
    """Every match of a keyword table's `patterns` (`words_pattern` regexes) in `text`, in text
    order, as (start, end, negated, row: the pattern's index); where two overlap, the pattern
    listed first wins. A word joined to a negated one by `joiners` (a regex the whole text
    between them must match) inherits the negation (不要博物馆和寺庙), and a negator before the
    previous word does not reach past it (不坐飞机坐高铁)."""
    found: list[tuple[int, int, int]] = []
    for row, rx in enumerate(patterns):
        for m in words_pattern(rx).finditer(text):
            if not any(m.start() < e and s < m.end() for s, e, _ in found):
                found.append((m.start(), m.end(), row))
    found.sort()
    out: list[tuple[int, int, bool, int]] = []
    previous_end, previous_negated = 0, False
    for start, end, row in found:
        neg = negated(text, start, end, floor=previous_end) or (
            previous_negated and re.match(joiners, text[previous_end:start], re.I) is not None
        )
        out.append((start, end, neg, row))
        previous_end, previous_negated = end, neg
    return out


@functools.cache
def words_pattern(rx: str) -> re.Pattern[str]:
    """Compile a keyword table entry, case-insensitive, with English alternatives bounded by
    word boundaries (``art`` must not match "start", ``hot`` not "photography")."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(rx):
        ch = rx[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(rx[start:i])
            start = i + 1
        i += 1
    parts.append(rx[start:])
    bounded = [p if _CJK.search(p) else rf"\b(?:{p})\b" for p in parts]
    return re.compile("|".join(bounded), re.I)
