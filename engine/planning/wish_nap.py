"""A rest after lunch each day, asked for (每天都要午睡, "a nap after lunch": access ``nap``),
answered in the wishes section: the days whose lunch is followed by the rest (`NAP_NAME`,
`NAP_MINUTES` long), and those where it is not, with where that lunch is (inside a long visit,
where the planner keeps no rest: `engine.planning.schedule`)."""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import pick
from engine.planning import wish_places as wp
from engine.planning.frames import NAP_MINUTES, NAP_NAME


def nap(w: Wish, plan: Itinerary) -> WishCheck:
    """``honoured`` when every day with a lunch has the rest after it; ``partly`` naming the
    first day without one and its lunch (eaten inside a sight, or on the way: no time kept)."""
    lang = plan.lang
    lunches = [(day, lunch) for day in plan.days if (lunch := _lunch(day)) is not None]
    without = [(day, lunch) for day, lunch in lunches if not _rested(day)]
    rested = len(lunches) - len(without)
    hour = NAP_MINUTES // 60
    if not without:
        return wp._ok(w, pick(lang, f"每天午饭后留出约{hour}小时午休",
                              f"about {hour} h of rest after lunch each day"))  # fmt: skip
    day, lunch = without[0]
    days = pick(lang, "、", ", ").join(str(d.index) for d, _ in without)
    shown = pick(lang, f"{len(lunches)}天里{rested}天午饭后有午休，第{days}天没有",
                 f"a rest after lunch on {rested} of {len(lunches)} days, none on day {days}")  # fmt: skip
    if lunch.kind == ItemKind.ATTRACTION:  # lunch eaten inside a long visit (蜈支洲岛 08:00–14:00)
        until = lunch.end.strftime("%H:%M")
        reason = pick(lang, f"第{day.index}天午饭在{lunch.name}景区里吃，游览到{until}，中间没有留出午休",
                      f"day {day.index}: lunch is eaten inside {lunch.name}, visited until "
                      f"{until}, with no rest kept")  # fmt: skip
    else:
        reason = pick(lang, f"第{day.index}天午饭在「{lunch.name}」，之后紧接着还有安排",
                      f"day {day.index}: lunch at {lunch.name}, with the next stop right after")  # fmt: skip
    relax = pick(lang, "那天找地方坐下歇一会儿，或少排一个景点",
                 "rest where you are that day, or drop a sight from it")  # fmt: skip
    return wp._partly(w, shown, reason, relax)


def _lunch(day: Day) -> Item | None:
    """The day's lunch: a meal, or a visit that lunch is eaten inside (``meal`` ``lunch``)."""
    return next((i for i in day.items if i.meal == "lunch"), None)


def _rested(day: Day) -> bool:
    return any(i.kind == ItemKind.FREE and i.name.startswith(NAP_NAME) for i in day.items)
