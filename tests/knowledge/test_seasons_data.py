"""Seasonal prices of the curated knowledge base are data, not only note text (issue #13).

A ticketed attraction whose ticket note speaks of a peak or low season (旺季/淡季, "peak season",
"low season") must carry `seasons`, or say in its `source` why it has none ("no season table:
…", e.g. the low-season price is not known). Season periods of one attraction must not overlap,
since `prices.adult_price` takes the first period holding a date.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from bench.kb_facts import says_one_price
from engine.knowledge.base import load_curated
from engine.knowledge.prices import adult_price, alone_cny, in_period
from engine.knowledge.schema import Attraction, SeasonPrice

KB = load_curated()
ATTRACTIONS = sorted(
    (p for p, _ in KB.all_places() if isinstance(p, Attraction)), key=lambda a: a.id
)
SEASON_WORDS = re.compile(r"旺季|淡季|peak season|low season|off[- ]season|high season", re.I)
NO_TABLE = "no season table:"
#: Every day of a leap year, so that "02-29" periods are covered.
#: Destinations whose seasons are being added on another branch (kbfixa, issue #13): remove
#: each id once its records carry `seasons`.
PENDING: set[str] = set()
LEAP_YEAR = [dt.date(2024, 1, 1) + dt.timedelta(days=i) for i in range(366)]


def mentions_seasons(attraction: Attraction) -> bool:
    return bool(SEASON_WORDS.search(f"{attraction.ticket_note_zh} {attraction.ticket_note_en}"))


def overlapping_days(a: SeasonPrice, b: SeasonPrice) -> list[dt.date]:
    return [d for d in LEAP_YEAR if in_period(d, a.start, a.end) and in_period(d, b.start, b.end)]


SEASONAL = [a for a in ATTRACTIONS if a.ticket_cny > 0 and mentions_seasons(a)]
WITH_SEASONS = [a for a in ATTRACTIONS if a.seasons]


@pytest.mark.parametrize("attraction", SEASONAL, ids=lambda a: a.id)
def test_seasonal_note_has_season_table_or_reason(attraction: Attraction) -> None:
    dest = KB.destination_of(attraction.id)
    if dest is not None and dest.id in PENDING:
        pytest.skip(f"{dest.id}: seasons pending on the kbfixa branch (issue #13)")
    assert attraction.seasons or NO_TABLE in attraction.source, (
        "the ticket note speaks of 旺季/淡季 but there are no `seasons`; add them, or say "
        f"why not in `source` ('{NO_TABLE} …')"
    )


@pytest.mark.parametrize("attraction", WITH_SEASONS, ids=lambda a: a.id)
def test_season_periods_do_not_overlap_and_change_the_price(attraction: Attraction) -> None:
    seasons = attraction.seasons
    for i, first in enumerate(seasons):
        for second in seasons[i + 1 :]:
            days = overlapping_days(first, second)
            assert not days, (
                f"{first.start}..{first.end} and {second.start}..{second.end} share {days[0]:%m-%d}"
            )
    # Each period is reachable and priced as stated: its start date costs its adult price.
    for season in seasons:
        start = dt.date(2024, int(season.start[:2]), int(season.start[3:]))
        assert adult_price(attraction, start) == season.adult_cny
    assert any(s.adult_cny != attraction.ticket_cny for s in seasons), "seasons repeat ticket_cny"


def test_headline_mountains_and_palaces_are_priced_by_date() -> None:
    """Spot checks of issue #13's examples: the December price is the low-season one."""
    expected = {
        "huangshan-scenic-area": (dt.date(2026, 12, 10), 150, dt.date(2026, 10, 1), 190),
        "lhasa-potala": (dt.date(2027, 1, 15), 100, dt.date(2026, 7, 1), 200),
        "jiuzhaigou-scenic-area": (dt.date(2027, 1, 15), 80, dt.date(2026, 10, 1), 169),
        "dunhuang-mogao-caves": (dt.date(2027, 1, 15), 140, dt.date(2026, 4, 15), 238),
    }
    for attraction_id, (low_day, low, high_day, high) in expected.items():
        attraction = KB.attraction(attraction_id)
        assert attraction is not None, attraction_id
        assert adult_price(attraction, low_day) == low, attraction_id
        assert adult_price(attraction, high_day) == high, attraction_id


@pytest.mark.parametrize(
    "attraction", [a for a in ATTRACTIONS if says_one_price(a.source)], ids=lambda a: a.id
)
def test_a_sourced_all_year_price_has_no_season_table(attraction: Attraction) -> None:
    assert not attraction.seasons, "the source says one price all year, but `seasons` differ"
    # a sight on a regional pass (`Attraction.on_pass`) charges 0 on top of it: its own price
    # is its single ticket
    assert alone_cny(attraction) > 0, "an all-year price is claimed for a free sight"
