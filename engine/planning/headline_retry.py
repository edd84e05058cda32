"""A second solve for the headline sights a stay's first solve left out.

The solver's search is time-limited and its prizes weigh a sight's hour (`visit_windows.NIGHT_BONUS`,
`visit_windows.DAY_PENALTY`): 西安 in three days from 广州 lit up 城墙 and 回民街 on the two evenings and
left out 大唐不夜城, whose point is after dark, although 回民街 by day and 大唐不夜城 by night fit
(they did, once the person named it). So when headline sights of the stay are missing, the stay
is solved once more with them required (as if named), and that plan is kept when it is better
for a traveller by `better`: it keeps every must-see the first had; its headline sights are
as many and worth more by the model's own ranking (故宫 above 天安门广场); as many night sights are
seen after dark; a forced sight whose point is after dark is seen after dark (大唐不夜城 at
17:00 before a child's bedtime is no visit); and no lunch or dinner is lost. A headline sight of
a family one of whose members is planned (八达岭 beside the 慕田峪 the person named: one Great
Wall) is not missing. Otherwise — the second solve finds no plan, or pays with a meal — the first
plan stands, and the validator says what is missing and why.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.knowledge.schema import Attraction, Destination
from engine.knowledge.sun import sun_times
from engine.planning import toptw
from engine.planning.candidates import ScoredAttraction, families
from engine.planning.frames import DayFrame
from engine.planning.model import TripModel
from engine.planning.pace import NIGHT_TAGS
from engine.planning.visit_windows import DUSK_MIN


@dataclass(frozen=True)
class Seen:
    """What a solution holds: the attractions visited (ids), those of them seen after dark
    (`lit`: ids), and its lunches and dinners."""

    sights: frozenset[str]
    meals: int
    lit: frozenset[str] = frozenset()


def _night(a: Attraction) -> bool:
    return a.best_time == "after_dark" or bool(NIGHT_TAGS & set(a.tags))


def seen(model: TripModel, solution: toptw.Solution, frames: list[DayFrame]) -> Seen:
    """The attractions and the meals of `solution` (a meal taken inside a sight counts); a
    night sight (`pace.NIGHT_TAGS`, or its point after dark) is lit when its visit lasts
    `visit_windows.DUSK_MIN` past that day's sunset. `frames` are the tours' days, in order."""
    sights, lit, meals = set(), set(), 0
    for k, tour in enumerate(solution.tours):
        for stop in tour:
            info = model.info[stop.visit]
            place = info.place
            if isinstance(place, Attraction):
                sights.add(place.id)
                down = sun_times(place.lat, place.lon, frames[k].date)[1]
                if _night(place) and stop.end >= down + DUSK_MIN:
                    lit.add(place.id)
            meals += info.meal is not None
    return Seen(frozenset(sights), meals, frozenset(lit))


def missing(scored: list[ScoredAttraction], first: Seen, destination: Destination) -> list[str]:
    """Ids of the headline sights among `scored` that `first` left out, highest first, one of a
    family (`candidates.families`) and none of a family already planned."""
    family = families(scored, destination)
    taken = {family.get(i, i) for i in first.sights}
    out = []
    for s in sorted(scored, key=lambda s: s.headline if s.headline is not None else 1 << 30):
        key = family.get(s.attraction.id, s.attraction.id)
        if s.headline is not None and key not in taken:
            out.append(s.attraction.id)
            taken.add(key)
    return out


def required(scored: list[ScoredAttraction], ids: list[str]) -> list[ScoredAttraction]:
    """`scored` with the sights `ids` made must-sees (required by the model)."""
    return [replace(s, must_see=True) if s.attraction.id in ids else s for s in scored]


def better(
    scored: list[ScoredAttraction], first: Seen, second: Seen, *, must: frozenset[str]
) -> bool:
    """Whether `second` is the plan to keep over `first`: every must-see of `first` (`must`, the
    ids the person named) is still there; it has as many headline sights, worth more, each
    weighed as the model weighs them (2 ** −rank: 故宫 more than 天安门广场 and 天坛 — but not
    故宫 and 颐和园 for 八达岭, 天坛 and 天安门广场); as many of them are lit (`Seen.lit`); each headline sight
    whose point is after dark that it adds is lit; and it has as many lunches and dinners."""
    rank = {s.attraction.id: s.headline for s in scored if s.headline is not None}
    dark = {s.attraction.id for s in scored if s.attraction.best_time == "after_dark"}

    def worth(seen: Seen) -> float:
        return sum(2.0 ** -rank[i] for i in seen.sights if i in rank)

    heads = set(rank)
    added = (heads & second.sights) - first.sights
    return (
        must & first.sights <= second.sights
        and worth(second) > worth(first)
        and len(heads & second.sights) >= len(heads & first.sights)
        and len(heads & second.lit) >= len(heads & first.lit)
        and added & dark <= second.lit
        and second.meals >= first.meals
    )
