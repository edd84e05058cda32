"""What a sight's description says of its weekly closing day agrees with its `hours` (issue 13).

A description that says 「周一闭馆」, 「周二至周日开放」, "closed on Mondays" or "open Tuesday to
Sunday" is read by travellers beside the timeline, which follows `hours`: the two must name the
same closing day. Words in brackets are left out: they speak of something else
(「附近有运河博物馆（周一闭馆）」) or of an exception (「周二闭馆（法定节假日除外）」).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.hours import open_windows
from engine.knowledge.schema import Attraction
from tests.helpers.synthetic_kb import attraction

KB = load_curated()
ATTRACTIONS = sorted(
    (a for d in KB.destinations.values() for a in d.attractions), key=lambda a: a.id
)
DAYS_ZH = "一二三四五六日"
DAYS_EN = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_EN = r"(mon|tues|wednes|thurs|fri|satur|sun)day"
BRACKETS = re.compile(r"（[^）]*）|\([^)]*\)")
CLOSED_ZH = re.compile(r"(?:每)?周([一二三四五六日])(?:全天)?(?:闭馆|闭园|休馆|不开放)")
OPEN_ZH = re.compile(r"周([一二三四五六日])至周([一二三四五六日])开放")
CLOSED_EN = re.compile(rf"closed (?:on )?{_EN}s?\b", re.I)
OPEN_EN = re.compile(rf"open {_EN} (?:to|–|-) {_EN}", re.I)
#: A week of May and one of November 2027 without public holidays (Monday first).
WEEKS = (dt.date(2027, 5, 17), dt.date(2027, 11, 15))


def _span(first: int, last: int) -> set[int]:
    return {(first + i) % 7 for i in range((last - first) % 7 + 1)}


def said_closed(text: str) -> set[int]:
    """Weekdays (0 = Monday) on which `text` says the place is closed."""
    text = BRACKETS.sub("", text)
    closed = {DAYS_ZH.index(m.group(1)) for m in CLOSED_ZH.finditer(text)}
    closed |= {DAYS_EN.index(m.group(1)[:3].lower()) for m in CLOSED_EN.finditer(text)}
    for m in OPEN_ZH.finditer(text):
        closed |= set(range(7)) - _span(DAYS_ZH.index(m.group(1)), DAYS_ZH.index(m.group(2)))
    for m in OPEN_EN.finditer(text):
        first, last = (DAYS_EN.index(g[:3].lower()) for g in m.groups())
        closed |= set(range(7)) - _span(first, last)
    return closed


def disagreements(a: Attraction) -> list[str]:
    """Closing days a description names on which `hours` open the place both weeks."""
    found = []
    for field in ("description_zh", "description_en"):
        for weekday in sorted(said_closed(getattr(a, field))):
            days = [week + dt.timedelta(days=weekday) for week in WEEKS]
            if all(open_windows(a.hours, day) for day in days):
                found.append(f"{field} says closed on {DAYS_EN[weekday]}, hours '{a.hours}' open")
    return found


def test_a_wrong_closing_day_is_caught() -> None:
    tuesdays = "Mo,We-Su 09:00-17:00"  # closed on Tuesdays
    right = attraction(
        "t", 1, 34.2, 108.9, hours=tuesdays, description_zh="周二闭馆（节假日除外）。"
    )
    assert disagreements(right) == []
    wrong = attraction("t", 1, 34.2, 108.9, hours=tuesdays, description_zh="周二至周日开放。")
    assert disagreements(wrong) == [
        "description_zh says closed on mon, hours '" + tuesdays + "' open"
    ]
    english = attraction("t", 1, 34.2, 108.9, hours="09:00-17:00", description_en="Closed Mondays.")
    assert disagreements(english)
    aside = attraction(
        "t", 1, 30.3, 120.1, hours="24/7", description_zh="附近有博物馆（周一闭馆）。"
    )
    assert disagreements(aside) == []


@pytest.mark.parametrize("sight", ATTRACTIONS, ids=lambda a: a.id)
def test_described_closing_day_agrees_with_hours(sight: Attraction) -> None:
    assert disagreements(sight) == []
