"""Preferences: pace, interests, things to avoid, must-see and excluded place names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.domain.request import Pace
from engine.understanding import lexicon
from engine.understanding.text import blank, clause_end, has_cjk, negated, words_pattern

_SPLIT_NAMES = re.compile(r"\s*(?:和|、|,|，|及|与|以及|还有|\band\b|&)\s*", re.I)
_NAME_END = re.compile(
    r"[。.!！?？;；|\n]|(?:玩|逛|看看|一趟|走走|吧|呢|啊|了)(?=$|[,，。.!！?？;；|\s])|\bfor\b|\bon\b|\bwith\b|\bthen\b"
)


@dataclass
class Prefs:
    """Preference words found in a request (vocabulary values, in order of appearance)."""

    pace: Pace | None = None
    interests: list[str] = field(default_factory=list)
    avoid_cuisines: list[str] = field(default_factory=list)
    avoid_transport: list[str] = field(default_factory=list)
    avoid_tags: list[str] = field(default_factory=list)
    must_see: list[str] = field(default_factory=list)
    avoid_places: list[str] = field(default_factory=list)


def find_prefs(text: str) -> Prefs:
    """Pace, interests and avoid-lists from the keyword tables of `lexicon`, with negation
    (不要博物馆 → avoid museum; 不吃辣 → avoid spicy), plus must-see and excluded names."""
    out = Prefs()
    out.pace = _pace(text)
    out.must_see, spans = _names_after(text, lexicon.MUST_SEE_CUES)
    out.avoid_places, more = _names_after(text, lexicon.AVOID_PLACE_CUES)
    cuisine_hits = _hits(text, lexicon.CUISINE_WORDS)
    for _s, _e, neg, values in cuisine_hits:
        if neg:
            _extend(out.avoid_cuisines, values)
    # Names (屯溪老街) and food words ("spicy food") are not interests: blank them out.
    blanked = blank(text, [*spans, *more, *((s, e) for s, e, _n, _v in cuisine_hits)])
    for _s, _e, neg, values in _hits(blanked, lexicon.INTEREST_WORDS):
        _extend(out.avoid_tags if neg else out.interests, values)
    for _s, _e, neg, values in _hits(
        text, tuple((rx, (mode,)) for rx, mode in lexicon.TRANSPORT_WORDS)
    ):
        if neg:
            _extend(out.avoid_transport, values)
    targets = {
        "transport": out.avoid_transport,
        "tags": out.avoid_tags,
        "cuisines": out.avoid_cuisines,
    }
    for rx, kind, value in lexicon.INHERENT_AVOID:
        if words_pattern(rx).search(text):
            _extend(targets[kind], (value,))
    out.interests = [tag for tag in out.interests if tag not in out.avoid_tags]
    return out


def _pace(text: str) -> Pace | None:
    for rx, pace in lexicon.PACE_WORDS:
        for m in words_pattern(rx).finditer(text):
            if pace is Pace.PACKED and negated(text, m.start(), m.end()):
                return Pace.RELAXED  # 不要太紧凑, "not too busy"
            if pace is Pace.RELAXED or not negated(text, m.start(), m.end()):
                return pace
    return None


def _hits(
    text: str, table: tuple[tuple[str, tuple[str, ...]], ...]
) -> list[tuple[int, int, bool, tuple[str, ...]]]:
    """Every match of the table's words, in text order, as (start, end, negated, values);
    a word joined to a negated one by 和/、/"and" inherits the negation (不要博物馆和寺庙)."""
    found: list[tuple[int, int, tuple[str, ...]]] = []
    for rx, values in table:
        for m in words_pattern(rx).finditer(text):
            if not any(m.start() < e and s < m.end() for s, e, _ in found):
                found.append((m.start(), m.end(), values))
    found.sort()
    out: list[tuple[int, int, bool, tuple[str, ...]]] = []
    for start, end, values in found:
        neg = negated(text, start, end)
        if (
            not neg
            and out
            and out[-1][2]
            and re.match(lexicon.LIST_JOINERS, text[out[-1][1] : start], re.I)
        ):
            neg = True
        out.append((start, end, neg, values))
    return out


def _names_after(text: str, cues: tuple[str, ...]) -> tuple[list[str], list[tuple[int, int]]]:
    """Names listed after a cue (一定要去宏村和西递 → [宏村, 西递]) up to the clause end,
    and the spans of the listed text."""
    names: list[str] = []
    spans: list[tuple[int, int]] = []
    for rx in cues:
        for m in words_pattern(rx).finditer(text):
            stop = min(clause_end(text, m.end()), m.end() + 40)
            chunk = text[m.end() : stop]
            end = _NAME_END.search(chunk)
            chunk = chunk[: end.start()] if end else chunk
            spans.append((m.end(), m.end() + len(chunk)))
            for name in _SPLIT_NAMES.split(chunk):
                name = re.sub(r"^(?:the|a|an)\s+", "", name.strip(" :：'\"“”"), flags=re.I)
                if name and (has_cjk(name) or len(name) >= 3) and name not in names:
                    names.append(name)
    return names, spans


def _extend(target: list[str], values: tuple[str, ...]) -> None:
    for value in values:
        if value not in target:
            target.append(value)
