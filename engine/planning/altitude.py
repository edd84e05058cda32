"""Acclimatise first: a visit above `ACCLIMATISE_M` (`Attraction.altitude_m`: 亚丁's 牛奶海 at
about 4600 m, 玉龙雪山's glacier park at 4680 m) is not planned on the first day of a stay that
has another day — the body needs a night at altitude before exertion up there (the destination
notes: 「落地后别剧烈活动，先…适应」); a hard hike at 4000 m+ on the day of landing was planned.
The day of arrival is the stay's first day with a tour: after a night aboard a sleeper (青藏铁路
西宁→拉萨, about 21 h) it is the morning of arrival, not the evening of boarding, which holds no
tour (`DayFrame.travel_only`).

Where the nights themselves are spent high (every headline sight of the destination is at
`HIGH_FLOOR_M` or more: 拉萨 at 3650 m), a visit at `HIGHER_M` or more waits for two nights
there, when the stay has four touring days or more: 纳木错 (4718 m, over a 5190 m pass) was planned
on the morning after landing in 拉萨. Sources: "as long as you travel 1,000 m higher, spend a
night in this place"; "have a good rest during the first one or two days"
(mysterioustibet.com, 《Avoid High Altitude Sickness in Tibet》); acclimatisation "usually
takes about one to three days at a particular altitude" (tibet4fun.com, 《Avoid High Altitude
Sickness in Tibet》), both read 2026-12-03.
"""

from __future__ import annotations

from engine.knowledge.schema import Attraction, Destination
from engine.planning.frames import DayFrame

#: Metres above which a visit waits for a night at altitude.
ACCLIMATISE_M = 3500
#: Metres above which a visit waits for two nights where the nights are high (`sleeps_high`).
HIGHER_M = 4500
#: A destination whose headline sights are all this high or higher sleeps high.
HIGH_FLOOR_M = 3000


def sleeps_high(destination: Destination) -> bool:
    """Whether a stay at `destination` spends its nights high: every headline sight has an
    altitude of `HIGH_FLOOR_M` or more (拉萨, 稻城亚丁; not 丽江, whose old town is low)."""
    heights = [a.altitude_m or 0 for a in destination.attractions if a.id in destination.headline]
    return bool(heights) and min(heights) >= HIGH_FLOOR_M


def nights_first(attraction: Attraction, destination: Destination) -> int:
    """Nights at altitude before a visit to `attraction` at `destination` (0, 1 or 2)."""
    height = attraction.altitude_m or 0
    if height < ACCLIMATISE_M:
        return 0
    return 2 if height >= HIGHER_M and sleeps_high(destination) else 1


def too_high_today(attraction: Attraction, frame: DayFrame, frames: list[DayFrame]) -> bool:
    """Whether `attraction` waits for a later day than `frame` of the stay's `frames`: the
    stay's first touring day, and its second for a visit that waits two nights
    (`nights_first`) when the stay has four touring days or more — a shorter stay (稻城亚丁's
    three days between a day on the coach and the flight home) keeps one night's wait, so
    that 亚丁 is not pushed onto the morning of the flight."""
    wait = nights_first(attraction, frame.destination)
    touring = [f.index for f in frames if not f.travel_only]
    if wait > 1 and len(touring) < wait + 2:
        wait = 1
    return frame.index in touring[: min(wait, len(touring) - 1)]
