"""`Draft`: an itinerary being edited — its days taken apart, re-timed where touched, checked."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest, Wish
from engine.editing.errors import EditRefused
from engine.editing.rests import say_short_waits
from engine.editing.sketch import Sketch, Stop, sketch
from engine.editing.timing import Reason, Timed, reason_text, time_day
from engine.knowledge.base import KnowledgeBase
from engine.planning import park_tickets
from engine.planning.free_time import fill_gaps
from engine.planning.validator import validate

#: Checks an edit may newly fail and still be stored (said as warnings): the person chose it.
SOFT_CHECKS = frozenset({"budget", "must_see", "meals_planned", "booking_lead", "pace", "avoid"})


@dataclass
class Draft:
    """An itinerary under edit.

    Attributes:
        base: the version edited.
        kb: the knowledge base (with data packs).
        request: the request the new version answers (edits that add or skip places, change
            days, dates or party update it).
        sketches: the days taken apart (`engine.editing.sketch`), in order.
        days: the days as they will be stored; a touched day is re-timed by `retime`.
        notes: what the edit did, (zh, en) each, for the version's one-line summary.
        warnings: what the person should know (zh, en): soft checks now failing, stops dropped.
        chosen: restaurants the person named in this edit (kept where they asked for them).
        lightened: days the person asked lighter in this edit (「第二天轻松一点」): a day left
            light is what they asked for, no warning (the ``day_trips`` check's 「比较空」).
    """

    base: Itinerary
    kb: KnowledgeBase
    request: TripRequest = field(init=False)
    sketches: list[Sketch] = field(init=False)
    days: list[Day] = field(init=False)
    notes: list[Reason] = field(default_factory=list)
    warnings: list[Reason] = field(default_factory=list)
    chosen: set[str] = field(default_factory=set)
    lightened: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.request = self.base.request
        self.days = list(self.base.days)
        self.sketches = []
        previous = None
        for day in self.base.days:
            self.sketches.append(sketch(day, self.kb, previous))
            previous = day
        self._base_sketches = list(self.sketches)

    @property
    def lang(self) -> str:
        return self.base.lang

    def sketch_of(self, day: int) -> Sketch:
        """The sketch of 1-based `day` (a day with a tour to edit).

        Raises:
            EditRefused: ``bad_day`` — no such day, or one that holds only an overnight leg.
        """
        if not 1 <= day <= len(self.sketches):
            n = len(self.sketches)
            raise EditRefused("bad_day", f"行程只有{n}天，没有第{day}天",
                              f"the plan has {n} day(s), there is no day {day}")  # fmt: skip
        sk = self.sketches[day - 1]
        if sk.travel_only:
            raise EditRefused("bad_day", f"第{day}天只有夜车/夜航班，没有可安排的时间",
                              f"day {day} holds only an overnight leg")  # fmt: skip
        return sk

    def used(self, *, except_day: int | None = None) -> set[str]:
        """POI ids of the stops of every day (but `except_day`)."""
        return {s.poi_id for sk in self.sketches if sk.index != except_day for s in sk.stops}

    def attempt(self, sk: Sketch, *, strict_pace: bool = True, like: int | None = None) -> Timed:
        """Time `sk` (not stored); `strict_pace`: see `engine.editing.timing.time_day`.

        A day that holds no sight the plan did not already have there (its meals may change)
        is judged on what the edit changes, not on what the planner allowed it (an evening outing after the pace's
        day end, the pace's hours passed): when it fails the editor's limits, it is timed again
        within the day's own — its return as late as planned, the pace lifted — and passing
        them is no warning (it is not this edit's doing). A day with a new sight keeps the
        editor's limits, save that it may come back as late as it did. `like`: the day whose sights and
        limits these are (two days traded: `engine.editing.placing.swap_days`), else its own.
        """
        timed = time_day(sk, self.request, self.kb, strict_pace=strict_pace)
        at = like or sk.index
        base = self._base_sketches[at - 1] if at <= len(self._base_sketches) else None
        if timed.day is not None or base is None or sk.destination != base.destination:
            return timed
        if not self._sights(sk) <= self._sights(base):
            # it holds a sight it did not: the editor's limits bind — but the day may come
            # back as late as it already did (虎丘 added to an afternoon left free was refused
            # for a return at 20:42 that the evening on 平江路 had before the edit)
            late = time_day(sk, self.request, self.kb, strict_pace=strict_pace, back_by=_back(base))
            return late if late.day is not None else timed
        own = time_day(sk, self.request, self.kb, strict_pace=False, back_by=_back(base))
        return replace(own, over_pace=None) if own.day is not None else timed

    def _sights(self, sk: Sketch) -> set[str]:
        return {s.poi_id for s in sk.stops if self.kb.restaurant(s.poi_id) is None}

    def retime(self, sk: Sketch, *, strict_pace: bool = True, like: int | None = None) -> Day:
        """Time `sk` and make it the day stored at its place. With `strict_pace` False (a
        place the person put on that day), the pace's limits may be passed: said as a warning.
        `like`: as `attempt`.

        Raises:
            EditRefused: ``does_not_fit``, with the reason.
        """
        timed = self.attempt(sk, strict_pace=strict_pace, like=like)
        if timed.over_pace is not None:
            zh, en = timed.over_pace
            self.warnings.append((f"{zh}，会比较累", f"{en}: a long day"))
        if timed.day is None:
            raise EditRefused(
                "does_not_fit",
                reason_text(timed.reasons, "zh"),
                reason_text(timed.reasons, "en"),
            )
        self.sketches[sk.index - 1] = sk
        self.days[sk.index - 1] = timed.day
        return timed.day

    def fit_by_dropping(self, sk: Sketch, *, meals_last: bool = False) -> tuple[Sketch, list[Stop]]:
        """`sk` with as few unlocked stops dropped as make it fit: one (a meal before a sight,
        later ones first; with `meals_last`, a sight before a meal: a day that must keep its
        lunch), else two, else the last sights one by one.

        Raises:
            EditRefused: ``does_not_fit`` — not even the locked stops fit.
        """
        if self.attempt(sk).day is not None:
            return sk, []
        loose = [i for i, s in enumerate(sk.stops) if not s.locked]
        loose.sort(key=lambda i: ((sk.stops[i].meal is None) != meals_last, -i))
        for size in (1, 2):
            for out in itertools.combinations(loose, size):
                option = replace(sk, stops=[s for i, s in enumerate(sk.stops) if i not in out])
                if self.attempt(option).day is not None:
                    return option, [sk.stops[i] for i in out]
        if not loose:
            self.retime(sk)  # raises with the reason
        at = max((i for i in loose if sk.stops[i].meal is None), default=loose[0])
        rest, dropped = self.fit_by_dropping(
            replace(sk, stops=[s for i, s in enumerate(sk.stops) if i != at]),
            meals_last=meals_last,
        )
        return rest, [sk.stops[at], *dropped]

    def name(self, poi_id: str) -> tuple[str, str]:
        """A place's name (zh, en)."""
        place = self.kb.place(poi_id)
        if place is None:
            return poi_id, poi_id
        return place.name_zh, place.name_en

    def note(self, zh: str, en: str) -> None:
        self.notes.append((zh, en))

    def vary_meals(self) -> None:
        """Two meals in a row at one place (dinner, then the next day's lunch at the same food
        street) that the edit brought about: the meal the edit put there eats elsewhere
        (`engine.editing.meal_swap.swap_meal`, said in the notes) — the other one when the person
        named this place for it.

        Raises:
            EditRefused: ``does_not_fit`` — no other restaurant fits that meal.
        """
        from engine.editing.meal_swap import swap_meal
        from engine.editing.ops import SwapMeal

        before = {a[2] for a, _ in repeated_meals(self.base.days)}
        for pair in repeated_meals(self.days):
            (d1, m1, poi), (d2, m2, _) = pair
            if poi in before or self.kb.lodging(poi) is not None:
                continue  # the plan's own, or dinner at one's (summit) hotel
            was = {(d, m) for d, m, p in meals_in_order(self.base.days) if p == poi}
            new = [(d, m) for d, m in ((d1, m1), (d2, m2)) if (d, m) not in was] or [(d2, m2)]
            day, meal = new[-1]
            if poi in self.chosen and len(new) == 1:
                day, meal = (d1, m1) if (day, meal) == (d2, m2) else (d2, m2)
            swap_meal(self, SwapMeal(day=day, meal=meal))

    def finish(self) -> Itinerary:
        """The new version (not stored): days renumbered, title and feasibility updated; a meal
        the edit made a repeat of the one before it moved elsewhere (`vary_meals`).

        Raises:
            EditRefused: ``does_not_fit`` — the validator finds a constraint broken that held
                before (opening hours, meal windows, lodging …), with its message.
        """
        self.vary_meals()
        days = tuple(
            d if d.index == i + 1 else d.model_copy(update={"index": i + 1})
            for i, d in enumerate(_with_free_time(self.days, self.base.days, self.request, self.kb))
        )
        days = tuple(say_short_waits(d, self.kb, self.lang) if d.index in self.lightened else d
                     for d in days)  # fmt: skip
        request = self.request
        if request.days != len(days):  # the length said at first is no longer a wish to report
            request = request.model_copy(update={"days": len(days),
                                                 "wishes": _without(request.wishes, "days")})  # fmt: skip
        if days and request.start_date != days[0].date:
            request = request.model_copy(update={"start_date": days[0].date,
                                                 "wishes": _without(request.wishes, "date")})  # fmt: skip
        itinerary = self.base.model_copy(
            update={
                "days": days,
                "request": request,
                "title": _retitle(self.base.title, len(self.base.days), len(days)),
                "guide": "",
                "suggested_questions": (),
            }
        )
        itinerary = park_tickets.settle(itinerary, self.kb)  # who buys a park's ticket may move
        report = validate(itinerary, self.kb)
        before = (
            {c.code for c in self.base.feasibility.failures} if self.base.feasibility else set()
        )
        for check in report.failures:
            if check.code in before or (check.code == "day_trips" and check.day in self.lightened):
                continue
            if check.code in SOFT_CHECKS or check.severity != "error":
                self.warnings.append((check.message, check.message))
                continue
            raise EditRefused("does_not_fit", check.message, check.message)
        return itinerary.model_copy(update={"feasibility": report})


def _with_free_time(
    days: list[Day], before: Sequence[Day], request: TripRequest, kb: KnowledgeBase
) -> list[Day]:
    """`days` with each long wait of a day the edit changed shown as free time, as the planner
    shows it (`engine.planning.free_time.fill_gaps`: 「自由活动」 with something nearby, or why
    the time is free) — a sight removed left 3.5 hours with no line at all. Only waits between
    the day's stops: the fixed items around the tour stay as the next edit reads them."""
    out = list(days)
    for k, day in enumerate(days):
        if day in before or day.destination not in kb.destinations:
            continue
        filled = fill_gaps(out, kb.destinations[day.destination], request)[k]
        if filled is day:
            continue
        previous = out[k - 1] if k else None
        was, now = sketch(day, kb, previous), sketch(filled, kb, previous)
        if (now.head, now.tail, now.stops) == (was.head, was.tail, was.stops):
            out[k] = filled
    return out


def _retitle(title: str, old: int, new: int) -> str:
    """The title with the number of days changed (「黄山2日游」, "Huangshan in 2 days")."""
    if old == new:
        return title
    title = re.sub(rf"{old}日游", f"{new}日游", title)
    return re.sub(rf"\bin {old} days?\b", f"in {new} day{'s' * (new != 1)}", title)


MealSlot = tuple[int, str, str]  # (day number, lunch/dinner/late, POI id)


def meals_in_order(days: Sequence[Day]) -> list[MealSlot]:
    """The trip's lunches, dinners and late snacks at restaurants, in time order."""
    return [(d.index, i.meal, i.poi_id) for d in days for i in d.items
            if i.kind == ItemKind.MEAL and i.poi_id and i.meal in ("lunch", "dinner", "late")]  # fmt: skip


def repeated_meals(days: Sequence[Day]) -> list[tuple[MealSlot, MealSlot]]:
    """Pairs of meals in a row at the same place (a food street may be visited again, just
    not for the very next meal)."""
    order = meals_in_order(days)
    return [(a, b) for a, b in itertools.pairwise(order) if a[2] == b[2]]


def _back(sk: Sketch) -> int | None:
    """When the day as planned is back at its lodging (minutes after midnight), or None."""
    first = sk.tail[0] if sk.tail else None
    if first is None or first.kind != ItemKind.LODGING or first.start is None:
        return None
    return clock_minutes(first.start)


def _without(wishes: tuple[Wish, ...], kind: str) -> tuple[Wish, ...]:
    """`wishes` less those of `kind`: a length or a date said at first that an edit the person
    asked for has changed (「5天」 after 「加一天」 is not a wish missed: the change is said)."""
    return tuple(w for w in wishes if w.kind != kind)
