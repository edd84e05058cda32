"""The ranges every number of a request is checked against — one rule whether it was typed as an
option (``--days``, a form field) or said in the text (「玩-1天」, "for 0 people"), with the
same message (`engine.understanding.result.ParseProblem`). Readers report numbers as written,
sign and size included; `finalize` checks them here.
"""

from __future__ import annotations

import datetime as dt

from engine.domain.request import MAX_DAYS, MAX_PEOPLE, MIN_DAYS

__all__ = [
    "MAX_BUDGET",
    "MAX_DAYS",
    "MAX_PEOPLE",
    "MIN_BUDGET",
    "MIN_DAYS",
    "date_range",
]

#: A trip budget below this (CNY, the whole party) is no plan's budget (3块 is a bus fare);
#: said without a budget word (预算, "budget") such an amount is not read as one at all.
MIN_BUDGET = 50
#: Ten million CNY: above it a budget is a typo (and no check of ours could use it).
MAX_BUDGET = 10_000_000
#: How far back a start date may be (a past date is planned as asked, with a warning: to see
#: a trip as it was) and how far ahead (opening hours, prices and timetables further out are
#: guesswork), in days: ten years back, two years ahead.
PAST_DAYS = 3653
FUTURE_DAYS = 731


def date_range(today: dt.date) -> tuple[dt.date, dt.date]:
    """The first and last start date a request may have, relative to `today`."""
    return today - dt.timedelta(days=PAST_DAYS), today + dt.timedelta(days=FUTURE_DAYS)
