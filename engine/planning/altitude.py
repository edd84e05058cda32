"""Acclimatise first: a visit above `ACCLIMATISE_M` (`Attraction.altitude_m`: 亚丁's 牛奶海 at
about 4600 m, 玉龙雪山's glacier park at 4680 m) is not planned on the first day of a stay that
has another day — the body needs a night at altitude before exertion up there (the destination
notes: 「落地后别剧烈活动，先…适应」); a hard hike at 4000 m+ on the day of landing was planned.
The day of arrival is the stay's first day with a tour: after a night aboard a sleeper (青藏铁路
西宁→拉萨, about 21 h) it is the morning of arrival, not the evening of boarding, which holds no
tour (`DayFrame.travel_only`).
"""

from __future__ import annotations

from engine.knowledge.schema import Attraction
from engine.planning.frames import DayFrame

#: Metres above which a visit waits for a night at altitude.
ACCLIMATISE_M = 3500


def too_high_today(attraction: Attraction, frame: DayFrame, frames: list[DayFrame]) -> bool:
    """Whether `attraction` waits for a later day than `frame` of the stay's `frames`."""
    if (attraction.altitude_m or 0) < ACCLIMATISE_M:
        return False
    touring = [f for f in frames if not f.travel_only]
    return len(touring) > 1 and frame.index == touring[0].index
