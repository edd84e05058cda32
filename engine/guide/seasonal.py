"""Notes tied to a festival (「中秋夜塔内点灯」, "lit on Mid-Autumn night") are shown only on a
trip near that festival: a December plan does not promise the Mid-Autumn lanterns."""

from __future__ import annotations

import datetime as dt
import re

from engine.knowledge.festivals import festival_start

#: Festival names as a note says them (zh/en, lower case) → `engine.knowledge.festivals`.
_NAMED = {
    "中秋": "autumn", "mid-autumn": "autumn", "mid autumn": "autumn", "春节": "spring",
    "spring festival": "spring", "chinese new year": "spring", "国庆": "national",
    "national day": "national", "端午": "dragon", "dragon boat": "dragon", "清明": "qingming",
    "元旦": "new-year", "圣诞": "christmas", "christmas": "christmas",
}  # fmt: skip
_WORDS = re.compile("|".join(re.escape(w) for w in sorted(_NAMED, key=len, reverse=True)))
#: A note about a festival is shown from this many days before its first day off to this many
#: after it (the holidays last up to 8 days; lanterns and fairs run a little around them).
BEFORE_DAYS = 7
AFTER_DAYS = 10


def timely(note: str, date: dt.date) -> bool:
    """Whether `note` suits a visit on `date`: it names no festival, or one whose first day off
    falls within `BEFORE_DAYS` after to `AFTER_DAYS` before `date`."""
    found = {_NAMED[m.group(0)] for m in _WORDS.finditer(note.lower())}
    for festival in found:
        start = festival_start(festival, date - dt.timedelta(days=AFTER_DAYS))
        if start is not None and start - dt.timedelta(days=BEFORE_DAYS) <= date:
            return True
    return not found
