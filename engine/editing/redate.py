"""The whole trip moved to other dates (`ChangeDates`): each day re-timed on its new date —
tickets priced and opening hours checked for that date, a dawn moment at that date's sunrise —
and a sight the new date closes (a weekly closing day) moved to another day of its city where
it fits, else dropped with the reason. The legs keep their times."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.domain.request import Wish
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import _best, _insert
from engine.editing.ops import ChangeDates
from engine.editing.sketch import Sketch, Stop, point
from engine.editing.timing import frame_for
from engine.i18n import pick
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Restaurant
from engine.knowledge.sun import sun_times
from engine.planning import moments


def change_dates(draft: Draft, op: ChangeDates) -> None:
    shift = op.start - draft.sketches[0].date
    if not shift:
        raise EditRefused(
            "unchanged", f"行程已经从{op.start}开始", f"the plan already starts on {op.start}"
        )
    dropped_all = []
    for i, sk in enumerate(list(draft.sketches)):
        moved = _dawn_again(draft, i, replace(sk, date=sk.date + shift))
        draft.days[i] = draft.days[i].model_copy(update={"date": moved.date})
        draft.sketches[i] = moved
        if moved.travel_only:
            continue
        fitted, dropped = draft.fit_by_dropping(moved)
        dropped_all += [(sk.index, s) for s in dropped]
        draft.retime(fitted)
    said = pick(draft.lang, f"{op.start.month}月{op.start.day}日出发", f"starting {op.start:%b} "
                f"{op.start.day}")  # fmt: skip
    wishes = (
        *(w for w in draft.request.wishes if w.kind != "date"),  # the old date wish is
        Wish(kind="date", value=op.start.isoformat(), said=said),
    )  # replaced, not kept ❌
    draft.request = draft.request.model_copy(update={"start_date": op.start, "wishes": wishes})
    draft.note(f"出发日期改为{op.start.isoformat()}", f"now starting on {op.start.isoformat()}")
    for day, stop in dropped_all:
        _place_again(draft, day, stop)


def _place_again(draft: Draft, day: int, stop: Stop) -> None:
    """A sight the new dates dropped from `day`: to another day of its city where it fits (the
    least travel added, every day's pace kept), said; else a warning with the reason (closed
    that date, or no room). A meal dropped is only said (`vary_meals` and the day keep theirs)."""
    zh, en = draft.name(stop.poi_id)
    place = draft.kb.place(stop.poi_id)
    date = draft.sketches[day - 1].date
    best: tuple[Sketch, int] | None = None
    if place is not None and not isinstance(place, Restaurant) and stop.meal is None:
        for sk in draft.sketches:
            if (
                sk.travel_only
                or sk.index == day
                or sk.destination != draft.sketches[day - 1].destination
            ):
                continue
            before = draft.attempt(sk).travel
            found = _best(draft, _insert(sk, replace(stop, start=None, locked=False), None))
            if found and (best is None or found[1] - before < best[1]):
                best = (found[0], found[1] - before)
    traded: list[Stop] = []
    if best is None and isinstance(place, Attraction):  # a lesser sight of another day makes room
        found_trade = _trade(draft, day, stop, place)
        if found_trade is not None:
            best, traded = found_trade
    closed = isinstance(place, Attraction | Restaurant) and not place_windows(place, date)
    why_zh = f"{date:%m月%d日}不开放" if closed else "在新日期排不下"
    why_en = f"closed on {date:%b %d}" if closed else "does not fit on the new date"
    if best is not None:
        draft.retime(best[0])
        traded = _into_gap(draft, day, traded)
        gone = [draft.name(t.poi_id) for t in traded]
        gone_zh, gone_en = "、".join(a for a, _ in gone), ", ".join(b for _, b in gone)
        draft.note(f"{zh}第{day}天{why_zh}，改到第{best[0].index}天"
                   + (f"（不再去：{gone_zh}）" if traded else ""),
                   f"{en} {why_en} (day {day}): moved to day {best[0].index}"
                   + (f" (no longer visiting {gone_en})" if traded else ""))  # fmt: skip
        return
    draft.warnings.append((f"第{day}天的{zh}{why_zh}，已去掉",
                           f"{en} {why_en} (day {day}) and was dropped"))  # fmt: skip


def _into_gap(draft: Draft, day: int, traded: list[Stop]) -> list[Stop]:
    """The sights given up for a closed one put into the time it leaves on `day` where they
    fit (said); returns those that did not."""
    left = []
    for stop in traded:
        found = _best(draft, _insert(draft.sketches[day - 1], stop, None))
        if found is None:
            left.append(stop)
            continue
        draft.retime(found[0])
        zh, en = draft.name(stop.poi_id)
        draft.note(f"{zh}改到第{day}天", f"{en} moved to day {day}")
    return left


def _popularity(draft: Draft, poi_id: str) -> int:
    place = draft.kb.attraction(poi_id)
    return place.popularity if place is not None else 0


def _trade(
    draft: Draft, day: int, stop: Stop, place: Attraction
) -> tuple[tuple[Sketch, int], list[Stop]] | None:
    """Another day of the city with one of its sights less popular than `place` (not locked,
    not named by the person, not a headline) given up for it — else two of them: the fewest
    given up, the least popular, then the least travel; None when no such trade fits."""
    city = draft.kb.destinations[draft.sketches[day - 1].destination]
    keep = {*draft.request.must_see, *city.headline}
    moved = replace(stop, start=None, locked=False)
    for size in (1, 2):
        best: tuple[tuple[int, int], tuple[Sketch, int], list[Stop]] | None = None
        for sk in draft.sketches:
            if sk.travel_only or sk.index == day or sk.destination != city.id:
                continue
            lesser = [s for s in sk.stops if not (s.locked or s.meal or s.poi_id in keep)
                      and (a := draft.kb.attraction(s.poi_id)) is not None
                      and a.popularity < place.popularity]  # fmt: skip
            for out in itertools.combinations(lesser, size):
                less = replace(sk, stops=[s for s in sk.stops if all(s is not o for o in out)])
                found = _best(draft, _insert(less, moved, None))
                lost = sum(_popularity(draft, o.poi_id) for o in out)
                if found and (best is None or (lost, found[1]) < best[0]):
                    best = ((lost, found[1]), found, list(out))
        if best is not None:
            return best[1], best[2]
    return None


#: Minutes the sun is watched after it rises for a planned dawn moment to be kept as it is.
DAWN_SEEN_MIN = 10
#: The dawn moment's name as `engine.planning.moments.dawn` gives it: (what, the spot's name).
_DAWN = re.compile(r"^(?:看(日出|升旗) · |(Sunrise|Flag-raising) at )(.+)$")


def _dawn_again(draft: Draft, i: int, sk: Sketch) -> Sketch:
    """`sk` (on its new date) with a morning that starts with a sunrise or the flag raised at
    sunrise at that date's sunrise: kept, its time said anew, when the moment still holds it
    (the day's times and sights unchanged); else laid out again (`engine.planning.moments.
    dawn`: leave, watch, breakfast). As it is when its morning has none, or holds a visit."""
    dawn = next((x for x in sk.head if x.kind == ItemKind.FREE and _DAWN.match(x.name)), None)
    kinds = {ItemKind.TRANSIT, ItemKind.FREE, ItemKind.MEAL}
    if dawn is None or i == 0 or any(x.kind not in kinds for x in sk.head):
        return sk
    home = point(draft.kb, draft.sketches[i - 1].lodging_id)
    m = _DAWN.match(dawn.name)
    if home is None or m is None or dawn.lat is None or dawn.lon is None:
        return sk
    rise, _ = sun_times(dawn.lat, dawn.lon, sk.date)
    kept = None
    if clock_minutes(dawn.start) <= rise <= clock_minutes(dawn.end):  # there in time:
        said = f"{rise // 60:02d}:{rise % 60:02d}"  # the morning kept, the hour said anew
        note = re.sub(r"(日出约|sunrise about )\d{2}:\d{2}", rf"\g<1>{said}", dawn.note or "")
        kept = replace(sk, head=[x.model_copy(update={"note": note}) if x is dawn else x
                                 for x in sk.head])  # fmt: skip
        if rise + DAWN_SEEN_MIN <= clock_minutes(dawn.end):
            return kept
    what = "flag-raising" if (m.group(1) or m.group(2)) in ("升旗", "Flag-raising") else "sunrise"
    frame = frame_for(replace(sk, head=[]), draft.request, draft.kb)
    frame.start = home
    spot = (m.group(3), m.group(3), dawn.lat, dawn.lon)
    if moments.dawn(frame, spot, draft.request, what=what) is None:
        return kept or sk
    again = replace(sk, head=frame.before, start=frame.start, start_time=frame.start_time)
    if kept is not None and draft.attempt(again).day is None and draft.attempt(kept).day:
        return kept  # the sun seen just as it rises rather than a sight of the day lost
    return again
