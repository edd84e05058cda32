"""No early mornings: 「不想早起」, 「睡到自然醒」, "I hate early mornings", 「每天9点以后再出门」,
"not before 10am" → the earliest hour the days set out (`TripRequest.earliest_start`)."""

from __future__ import annotations

import re

from engine.understanding.found import Found, words_at
from engine.understanding.numbers import parse_int
from engine.understanding.text import words_pattern

#: Where days set out for a person who only said "no early mornings", minutes after midnight:
#: an hour after the normal pace's 08:30 start, breakfast from 09:00 (a planning convention,
#: not a fact: late enough to sleep in, early enough to keep a full day of sights).
LATE_START = 9 * 60 + 30
#: Hours said are kept within these bounds (minutes): "not before 7" is no late start, and
#: after 10:30 breakfast is over (「睡到11点」 sets out at 10:30, breakfast at 10:00).
SAID_RANGE = (8 * 60, 10 * 60 + 30)

#: Words that say no early mornings, without an hour.
_LATE_WORDS = (
    r"不(?:想|愿意?|要|喜欢|爱|用)早起|讨厌早起|怕早起|起不了早|起不来(?:床)?|早上起不来|不(?:想|要)起(?:太|那么)?早"
    r"|别(?:太|那么)?早(?:起|出门|出发)|不(?:要|想)?(?:太|那么)早(?:出门|出发|起床|起)|睡个?懒觉|睡到自然醒|赖床"
    r"|晚(?:一)?点(?:起床|起|出门|出发)|早上(?:不(?:想|要)|别)(?:太|那么)?早"
    r"|hate (?:early mornings|mornings|getting up early|waking up early|early starts|early wake[- ]?ups)"
    r"|no early (?:mornings?|starts?|alarms?|wake[- ]?ups?)|not (?:an? )?(?:early risers?|morning (?:people|person))"
    r"|(?:don'?t|do not|never) (?:want to |like to |like |love )?(?:get(?:ting)? up|wak(?:e|ing) up|start(?:ing)?) early"
    r"|(?:sleep|lie) in(?=\s*(?:$|[,.;!?]|and\b|on\b|every|each|a (?:bit|little)|late|till|until|in the mornings?))"
    r"|late (?:starts?|risers?|mornings?)|nothing too early"
)
_HOUR_ZH = re.compile(
    r"(?<!下午)(?<!晚上)(?<!中午)(?<!傍晚)(?P<h>\d{1,2}|[七八九十]|十[一二])\s*(?:点|:00|：00)(?P<half>半|30)?\s*(?:以后|之后|后|过后|再)\s*"
    r"(?:再)?(?P<what>出门|出发|开始|起床|起)"
)
_HOUR_EN = re.compile(
    r"(?:(?:not|no|don'?t)\s+(?:start(?:ing)?|leav(?:e|ing)|go(?:ing)? out|head(?:ing)? out|set(?:ting)? out)"
    r"(?:\s+(?:the|each|every|our)\s+days?)?\s+(?:before|until)"
    r"|(?:start(?:ing)?|leav(?:e|ing)|head(?:ing)? out|set(?:ting)? out)(?:\s+(?:the|each|every|our)\s+days?)?"
    r"\s+(?:at|after|from|around)"
    r"|(?:sleep(?:ing)?|lie|lying) in (?:until|till))"
    r"\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<am>am|a\.m\.)?",
    re.I,
)


def find_late_start(text: str) -> Found | None:
    """The earliest hour to set out, as a ``day_start`` wish (value ``"HH:MM"``), or None.

    An hour said wins (「10点以后出门」 → 10:00; 「9点以后起床」 → an hour later, 10:00, for
    breakfast); the words alone give `LATE_START`. Hours outside `SAID_RANGE` are clamped.
    """
    for m in _HOUR_ZH.finditer(text):
        minutes = _minutes(parse_int(m.group("h")), 30 if m.group("half") else 0)
        if minutes is None or not 6 * 60 <= minutes <= 12 * 60:
            continue  # 下午2点以后出发: a travel day's hour, not the mornings
        if m.group("what").startswith("起"):
            minutes += 60  # up at 9: breakfast, out at 10
        return _found(text, m, minutes)
    for m in _HOUR_EN.finditer(text):
        hour = int(m.group("h"))
        if not m.group("am") and not 6 <= hour <= 12:
            continue  # "start at 2" is no morning hour
        minutes = _minutes(hour, int(m.group("m") or 0))
        if minutes is not None:
            if m.group(0).lower().startswith(("sleep", "lie", "lying")):
                minutes += 60
            return _found(text, m, minutes)
    said = words_pattern(_LATE_WORDS).search(text)
    return _found(text, said, LATE_START) if said else None


def _minutes(hour: int | None, minute: int) -> int | None:
    if hour is None or not 0 <= hour <= 23 or not 0 <= minute < 60:
        return None
    return hour * 60 + minute


def _found(text: str, m: re.Match[str], minutes: int) -> Found:
    low, high = SAID_RANGE
    minutes = min(max(minutes, low), high)
    said, span = words_at(text, m.start(), m.end())
    return Found("day_start", f"{minutes // 60:02d}:{minutes % 60:02d}", said, span)


def start_minutes(value: str) -> int | None:
    """Minutes after midnight of a ``day_start`` wish's value (``"09:30"`` → 570), or None."""
    hour, _, minute = value.partition(":")
    return int(hour) * 60 + int(minute) if hour.isdigit() and minute.isdigit() else None
