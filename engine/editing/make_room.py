"""Room for a stop's time asked for a moment (「第二天在鼓浪屿看日落」): when the day cannot hold
the stop at that time with all its other sights, the sight that blocks it — the one whose
leaving out lets the day fit, those after the stop first — moves to the other day that holds
it with the least travel, or, when none does, is left out; either is said
(`SetStopTime.make_room`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.editing.draft import Draft
from engine.editing.sketch import Sketch, Stop


def make_room(draft: Draft, option: Sketch, p: int, *, strict_pace: bool = True) -> bool:
    """Fit `option` (a day whose stop `p` now has a pinned start) by moving or leaving out one
    other sight (not a meal, not a locked stop); the days changed are re-timed and the change
    is said in the notes (moved) or warnings (left out). False when no single sight does.
    `strict_pace`: see `engine.editing.timing.time_day` (False: a day the person chose)."""
    after = list(range(p + 1, len(option.stops)))
    before = list(range(p - 1, -1, -1))
    for q in after + before:
        stop = option.stops[q]
        if stop.meal is not None or stop.locked:
            continue
        without = replace(option, stops=[s for k, s in enumerate(option.stops) if k != q])
        if draft.attempt(without, strict_pace=strict_pace).day is None:
            continue
        moved = elsewhere(draft, option.index, stop)
        draft.retime(without, strict_pace=strict_pace)
        zh, en = draft.name(stop.poi_id)
        if moved is not None:
            draft.retime(moved)
            draft.note(f"第{option.index}天放不下{zh}了，改到第{moved.index}天",
                       f"{en} no longer fits day {option.index}: moved to day {moved.index}")  # fmt: skip
        else:
            draft.warnings.append((f"第{option.index}天放不下{zh}了，别的天也排不进，已去掉",
                                   f"{en} no longer fits day {option.index}, nor another "
                                   f"day: left out"))  # fmt: skip
        return True
    return False


def elsewhere(draft: Draft, day: int, stop: Stop) -> Sketch | None:
    """Another day of the same destination with `stop` put where it times with the least
    travel, or None when no day holds it."""
    here = draft.sketch_of(day).destination
    best: tuple[int, Sketch] | None = None
    for sk in draft.sketches:
        if sk.index == day or sk.travel_only or sk.destination != here:
            continue
        for i in range(len(sk.stops) + 1):
            option = replace(sk, stops=[*sk.stops[:i], replace(stop, start=None), *sk.stops[i:]])
            timed = draft.attempt(option)
            if timed.day is not None and (best is None or timed.travel < best[0]):
                best = (timed.travel, option)
    return best[1] if best else None
