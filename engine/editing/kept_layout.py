"""The days as the traveller left them, kept through a whole-trip revision: a follow-up such as
「回程想坐高铁」 plans the trip again from its request, and the solver's fresh layout would undo
the earlier day swaps and moves (「把第三天和第四天换一下」) that live only in the plan. The
edits here put the sights the new plan still has back on the days the current version has them,
unless the revision reshapes the days itself (another number of days, other cities per day,
another pace).
"""

from __future__ import annotations

from collections import Counter

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.apply import apply_edits
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit, MoveStop, SwapDays
from engine.knowledge.base import KnowledgeBase


def kept_layout(before: Itinerary, after: Itinerary) -> list[Edit]:
    """Edits that give `after` (`before`'s trip planned again for a revision) the days of
    `before`: a `SwapDays` for each pair of days whose sights traded places, then a `MoveStop`
    for each sight still on another day than in `before`. Empty when nothing moved, or when the
    revision reshaped the days (day count, each day's city, the pace)."""
    if len(before.days) != len(after.days) or any(
        a.destination != b.destination for a, b in zip(before.days, after.days, strict=True)
    ):
        return []
    if (before.request.pace, before.request.day_pace) != (
        after.request.pace,
        after.request.day_pace,
    ):
        return []
    was = _days_of(before)
    now = _days_of(after)
    edits: list[Edit] = []
    for a, b in _traded(was, now, len(after.days)):
        edits.append(SwapDays(a=a, b=b))
        now = {p: b if d == a else a if d == b else d for p, d in now.items()}
    edits += [MoveStop(stop=p, day=was[p]) for p, d in now.items() if p in was and was[p] != d]
    return edits


def _days_of(it: Itinerary) -> dict[str, int]:
    """Each sight of `it` (POI id) and its day."""
    return {
        i.poi_id: d.index
        for d in it.days
        for i in d.items
        if i.kind == ItemKind.ATTRACTION and i.poi_id
    }


def _traded(was: dict[str, int], now: dict[str, int], days: int) -> list[tuple[int, int]]:
    """Pairs of days (a < b) whose sights sit mostly on each other's day in `was`: day a of
    `now` holds b's sights and day b holds a's."""
    home: dict[int, int] = {}
    for day in range(1, days + 1):
        count = Counter(was[p] for p, d in now.items() if d == day and p in was)
        if count:
            home[day] = count.most_common(1)[0][0]
    return [
        (a, b)
        for a, b in ((a, b) for a in home for b in home if a < b)
        if home[a] == b and home[b] == a
    ]


#: Sights moved back at most, one edit each: a revision that moved more reshaped the trip (a
#: late-night meal wished every evening), and moving them all back one by one fails as often
#: as not; what moved is said instead.
MOVES_MAX = 4


def keep_days(
    before: Itinerary, after: Itinerary, kb: KnowledgeBase
) -> tuple[Itinerary, list[tuple[str, str]]]:
    """`after` (`before`'s trip planned again for a revision) with `before`'s days given back
    where they still fit (`kept_layout`), and what to say (zh, en): that the sights stay on
    their days, else each sight that is now on another day. Blocking (solver work)."""
    edits = kept_layout(before, after)
    if not edits:
        return after, []
    moves = [e for e in edits if isinstance(e, MoveStop)]
    tried: list[Edit] = [e for e in edits if isinstance(e, SwapDays)]
    tried += moves if len(moves) <= MOVES_MAX else []
    plan = after
    for edit in tried:
        try:
            plan = apply_edits(plan, [edit], kb).itinerary
        except EditRefused:
            continue
    was, now = _days_of(before), _days_of(plan)
    moved = [(p, was[p], d) for p, d in now.items() if p in was and was[p] != d]
    if not moved:
        return plan, [("各天的景点按上一版保留", "the sights stay on the days they had")]
    names = [(kb.attraction(p), a, b) for p, a, b in moved]
    zh = "、".join(f"{x.name_zh}（第{a}天→第{b}天）" for x, a, b in names if x)
    en = ", ".join(f"{x.name_en} (day {a} → day {b})" for x, a, b in names if x)
    return plan, [
        (f"重新安排后，这些景点换了一天：{zh}", f"planned again, these sights moved: {en}")
    ]
