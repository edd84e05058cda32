"""Preferences: pace, interests, things to avoid, modes and food, must-see and excluded names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.domain.request import Pace
from engine.understanding import lexicon
from engine.understanding.access import crowd_words
from engine.understanding.food import FoodFind, find_food
from engine.understanding.found import Found, words_at
from engine.understanding.modes import ModesFind, find_modes
from engine.understanding.resolve import is_interest_words
from engine.understanding.text import (
    blank,
    clause_end,
    clause_start,
    has_cjk,
    negated,
    table_hits,
    words_pattern,
)

_SPLIT_NAMES = re.compile(r"\s*(?:和|、|,|，|及|与|以及|还有|\band\b|&)\s*", re.I)
_NAME_END = re.compile(
    r"[。.!！?？;；|\n]|(?:玩|逛|看看|一趟|走走|吧|呢|啊|了)(?=$|[,，。.!！?？;；|\s])|\bfor\b|\bon\b|\bwith\b|\bthen\b"
    # "see the Qinhuai river and have duck blood soup": a second verb starts another wish
    r"|\s+and\s+(?=(?:have|eat|try|taste|drink|go|do|take|ride|stay|sleep|watch|visit)\b)"
    # "see the pandas early in the morning": the hour is a wish of its own (`morning_visits`)
    r"|\s+(?:(?:early|late|right)\s+)?(?:in the (?:morning|afternoon|evening)|first thing\b|at "
    r"(?:night|opening|dusk|sunset|sunrise)\b|early\b|when (?:it|they) opens?\b|tonight\b)"
)


_POSTFIX_CUE = re.compile(
    r"^\s*(?:一定要去|一定要看|一定去|必须去|必去|必看|非去不可|不能错过|不可错过|务必去)\s*(?:[,，。.!！?？;；|]|$|的|吧|啊|哦)"
)
#: What comes before a name that a cue follows (北京三天故宫一定要去 → 故宫).
_LEAD = re.compile(r"^.*(?:[玩去到在游逛看|]|\d+\s*天|[一二三四五六七八九十两]+天)", re.S)
_EN_POSTFIX = re.compile(
    r"(?P<name>(?:the\s+)?(?:[A-Z][\w'’\-]*\s*){1,4}?)\s*(?:is|are)\s+(?:a\s+)?must(?:[- ]see|[- ]visit)?s?\b"
)


@dataclass
class Prefs:
    """Preference words found in a request (vocabulary values, in order of appearance).

    Attributes:
        pace: the pace said, and `pace_said` the words (「别太赶」, "take it easy").
        must_see, avoid_places: names after their cues (resolved by `finalize`).
        modes, food: the transport and food findings (`find_modes`, `find_food`).
        found: one `Found` per interest, avoided tag, must-see and excluded name.
        spans: where the must-see and excluded names stand.
    """

    pace: Pace | None = None
    pace_said: str = ""
    pace_span: tuple[int, int] = (0, 0)
    interests: list[str] = field(default_factory=list)
    avoid_cuisines: list[str] = field(default_factory=list)
    avoid_transport: list[str] = field(default_factory=list)
    avoid_tags: list[str] = field(default_factory=list)
    must_see: list[str] = field(default_factory=list)
    avoid_places: list[str] = field(default_factory=list)
    modes: ModesFind = field(default_factory=ModesFind)
    food: FoodFind = field(default_factory=FoodFind)
    found: list[Found] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)


def find_prefs(text: str) -> Prefs:
    """Pace, interests and avoid-lists from the keyword tables of `lexicon`, with negation
    (不要博物馆 → avoid museum; 不吃辣 → avoid spicy), modes and food wanted or refused
    (`find_modes`, `find_food`), plus must-see (一定要去X, X必去, "X is a must") and excluded
    names."""
    out = Prefs()
    out.pace, out.pace_said, out.pace_span = _pace(text)
    must, spans = _names_after(text, lexicon.MUST_SEE_CUES)
    avoid, more = _names_after(text, lexicon.AVOID_PLACE_CUES)
    # "avoid crowds" refuses crowds (`access.find_crowds`), not a place called "crowds"
    avoid = [(name, said) for name, said in avoid if not crowd_words(said)]
    out.must_see = [name for name, _ in must]
    out.avoid_places = [name for name, _ in avoid]
    out.spans = [*spans, *more]
    out.found += [Found("must_see", name, said, (0, 0)) for name, said in must]
    out.found += [Found("avoid_place", name, said, (0, 0)) for name, said in avoid]
    out.food = find_food(text)
    out.avoid_cuisines = list(out.food.avoid)
    out.modes = find_modes(text)
    out.avoid_transport = list(out.modes.avoid)
    # Names (屯溪老街) and food words ("spicy food") are not interests: blank them out.
    blanked = blank(text, [*spans, *more, *out.food.not_interests])
    words = (rx for rx, _tags in lexicon.INTEREST_WORDS)
    for start, end, neg, row in table_hits(blanked, words, lexicon.LIST_JOINERS):
        values = lexicon.INTEREST_WORDS[row][1]
        if neg and lexicon.ACTIVITY_TAGS & set(values):  # 不爬山: the climb, not the hills
            values = tuple(t for t in values if t in lexicon.ACTIVITY_TAGS)
        for tag in values:
            target = out.avoid_tags if neg else out.interests
            if tag not in target:
                target.append(tag)
            # every mention, not only the first: 「住海边，想去海边玩」 — the first is where to
            # sleep (`parser`), the second the interest answered
            if tag != values[0] and values[0] in lexicon.FIRST_TAG_ANSWERS:
                continue  # "art museums": answered by galleries, not by anything tagged art
            said, _span = words_at(text, start, end)
            out.found.append(Found("avoid_tag" if neg else "interest", tag, said, (start, end)))
    targets = {
        "transport": out.avoid_transport,
        "tags": out.avoid_tags,
        "cuisines": out.avoid_cuisines,
    }
    kinds = {"transport": "avoid_transport", "tags": "avoid_tag", "cuisines": "avoid_food"}
    for rx, kind, value in lexicon.INHERENT_AVOID:
        if (m := words_pattern(rx).search(text)) and value not in targets[kind]:
            targets[kind].append(value)
            out.found.append(Found(kinds[kind], value, m.group(0), m.span()))  # type: ignore[arg-type]
    out.interests = [tag for tag in out.interests if tag not in out.avoid_tags]
    out.found = [f for f in out.found if not (f.kind == "interest" and f.value in out.avoid_tags)]
    return out


def _pace(text: str) -> tuple[Pace | None, str, tuple[int, int]]:
    for rx, pace in (*lexicon.PACE_WORDS, *lexicon.ELDER_PACE_WORDS):
        for m in words_pattern(rx).finditer(text):
            if pace is Pace.PACKED and negated(text, m.start(), m.end()):
                return Pace.RELAXED, *_with_negator(text, m)  # 不要太紧凑, "not too busy"
            if pace is Pace.RELAXED or not negated(text, m.start(), m.end()):
                return pace, m.group(0), m.span()
    return None, "", (0, 0)


def _with_negator(text: str, m: re.Match[str]) -> tuple[str, tuple[int, int]]:
    lead = re.search(
        r"(?:不要太|别太|不太|不要|别|不|not too|not so|not)\s*$", text[: m.start()], re.I
    )
    start = lead.start() if lead else m.start()
    return text[start : m.end()], (start, m.end())


def _names_after(
    text: str, cues: tuple[str, ...]
) -> tuple[list[tuple[str, str]], list[tuple[int, int]]]:
    """Names listed after a cue (一定要去宏村和西递 → [宏村, 西递]) up to the clause end — or,
    when the cue ends its clause, the names before it (故宫一定要去, "the Bund is a must") — as
    (name, the words said), and the spans of the listed text."""
    names: list[tuple[str, str]] = []
    spans: list[tuple[int, int]] = []

    def take(chunk: str, said: str, span: tuple[int, int]) -> None:
        taken: list[tuple[int, int]] = []
        skipped = False
        parts = [p for p in _SPLIT_NAMES.split(chunk) if p.strip(" :：'\"“”")]
        at = 0
        for part in parts:
            at = chunk.find(part, at)
            where = (span[0] + at, span[0] + at + len(part))
            at += len(part)
            name = re.sub(r"^(?:the|a|an)\s+", "", part.strip(" :：'\"“”"), flags=re.I)
            if not name or not (has_cjk(name) or len(name) >= 3) or is_interest_words(name):
                skipped = True
                continue  # 想看日出: a moment, read as an interest
            if len(name) == 1:
                skipped = True
                continue  # 想看海: 看海 is the sea, an interest — no place is called 海
            taken.append(where)
            if all(n != name for n, _ in names):  # 想看长城和故宫: each answered by itself
                names.append((name, said if len(parts) == 1 else name))
        # 想看兵马俑和熊猫: only the names are taken from the rest, 熊猫 stays an interest
        spans.extend(taken if skipped else [span] if taken else [])

    for rx in cues:
        for m in words_pattern(rx).finditer(text):
            if _POSTFIX_CUE.match(text[m.start() :]):
                lo = clause_start(text, m.start())
                before = text[lo : m.start()]
                lead = _LEAD.match(before)
                chunk = before[lead.end() :] if lead else before
                span = (m.start() - len(chunk), m.start())
                take(chunk.strip(), text[span[0] : m.end()].strip(), span)
                continue
            if cues is lexicon.MUST_SEE_CUES and negated(text, m.start(), m.end()):
                continue  # "we don't want to visit any museums": a refusal, not a must-see
            # a list of names up to the clause's end: 40 characters of Chinese, more in English
            reach = 90 if text[m.end() : m.end() + 40].isascii() else 40
            stop = min(clause_end(text, m.end()), m.end() + reach)
            chunk = text[m.end() : stop]
            if chunk.isascii() and text[stop : stop + 1].isalnum() and " " in chunk.strip():
                chunk = chunk[: chunk.rstrip().rfind(" ")]  # never half a word ("have duc")
            end = _NAME_END.search(chunk)
            chunk = chunk[: end.start()] if end else chunk
            take(
                chunk,
                text[m.start() : m.end() + len(chunk)].strip(),
                (m.end(), m.end() + len(chunk)),
            )
    if cues is lexicon.MUST_SEE_CUES:
        for m in _EN_POSTFIX.finditer(text):
            take(m.group("name").strip(), m.group(0).strip(), m.span("name"))
    return names, spans
