"""A day planned again around a place or area (「第四天就在亚龙湾附近玩」, `RegenerateDay.near`):
the solver's day (`engine.editing.regen.fill`) from the area's sights (`engine.editing.day_area`)."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.domain.itinerary import clock_minutes
from engine.editing import regen
from engine.editing.day_area import Area, area_of, outside
from engine.editing.day_meals import give_meals
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import _best, _insert
from engine.editing.make_room import elsewhere
from engine.editing.ops import RegenerateDay
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.geo import haversine_m

#: A meal this close to a sight the route takes goes with it (喜洲四方街小吃 with 喜洲), metres.
MEAL_BY_M = 1500.0


def regenerate(draft: Draft, op: RegenerateDay) -> None:
    """`engine.editing.regen.regenerate`, or the day around `op.near` when it is said."""
    if op.near is None:
        regen.regenerate(draft, op)
    else:
        sk = draft.sketch_of(op.day)
        if op.start is not None:
            sk = replace(sk, starts_at=clock_minutes(op.start))
        area_day(draft, sk, op)


def area_day(draft: Draft, sk: Sketch, op: RegenerateDay) -> None:
    """Day `op.day` planned again around `op.near` (`engine.editing.day_area`), said with
    what it now holds and where the area's other sights are.

    Raises:
        EditRefused: the area is unknown, none of its sights is left for the day, or the day
            already holds only sights of it.
    """
    assert op.near is not None
    area = area_of(draft, sk, op.near, along=op.along)
    used = draft.used(except_day=sk.index)
    if not area.sights - used:
        raise outside(draft, area, op.day)
    moved = _take_route(draft, area, op) if op.along else {}
    new = regen.fill(draft, sk, variety=False, area=area)
    sights = [s.poi_id for s in new.stops if draft.kb.attraction(s.poi_id) is not None]
    before = [s.poi_id for s in sk.stops]
    if [s.poi_id for s in new.stops] == before or not sights:
        names = "、".join(draft.name(p)[0] for p in sights or before)
        raise EditRefused(
            "unchanged", f"第{op.day}天已经在{area.said}附近（{names}）",
            f"day {op.day} is already spent around {area.said}",
        )  # fmt: skip
    if draft.attempt(new).day is None:  # the solver's order the editor's timing refuses (a
        # lunch by 卡拉库里湖 after the 4-hour drive): as few stops dropped as make it time
        new, _ = draft.fit_by_dropping(new, meals_last=True)
    draft.retime(new)
    for day in sorted(set(moved.values())):  # the days the route took sights from
        give_meals(draft, day)
    kept = {s.poi_id for s in new.stops}
    left = [(d, p) for p, d in moved.items() if p not in kept]
    left += [(op.day, p) for p in before if p not in kept]
    left.sort(key=lambda dp: _rank(draft, dp[1]))  # the asked for and headline sights first
    _said(draft, op, area, sights)
    for p, day in moved.items():
        if p in kept and draft.kb.attraction(p) is not None:
            zh, en = draft.name(p)
            draft.note(f"{zh}从第{day}天移到第{op.day}天（环{area.said}路上）",
                       f"{en} moved from day {day} to day {op.day} (on the way round {area.said})")  # fmt: skip
    _elsewhere(draft, left, area, op.day, along=op.along)


def _take_route(draft: Draft, area: Area, op: RegenerateDay) -> dict[str, int]:
    """Take the sights along the route round `area` off the other days (a day gone round the
    lake passes them), with the meals next to them: {POI id: the day it was on}; a day with a
    locked stop, or that cannot be timed without them, keeps them."""
    moved: dict[str, int] = {}
    for sk in list(draft.sketches):
        if sk.index == op.day or any(s.locked for s in sk.stops):
            continue
        taken = {s.poi_id for s in sk.stops if s.poi_id in area.sights}
        spots = [p for p in map(draft.kb.attraction, taken) if p is not None]
        taken |= {s.poi_id for s in sk.stops if (r := draft.kb.restaurant(s.poi_id))
                  and any(haversine_m(r.lat, r.lon, a.lat, a.lon) <= MEAL_BY_M for a in spots)}  # fmt: skip
        if not spots:
            continue
        try:
            draft.retime(replace(sk, stops=[s for s in sk.stops if s.poi_id not in taken]))
        except EditRefused:
            continue
        moved.update({p: sk.index for p in taken})
    return moved


def _rank(draft: Draft, poi_id: str) -> tuple[bool, bool, int]:
    """Which sight given up is placed first: one asked for, then a headline, then the better
    known (苍山 before 双廊 when one day holds only one of them)."""
    dest = draft.kb.destination_of(poi_id)
    place = draft.kb.attraction(poi_id)
    return (poi_id not in draft.request.must_see,
            dest is None or poi_id not in dest.headline,
            -(place.popularity if place else 0))  # fmt: skip


def _elsewhere(
    draft: Draft, left: list[tuple[int, str]], area: Area, own: int, *, along: bool
) -> None:
    """The sights the day gave up (its own, or those the route took that it could not hold)
    each put on another day that holds it (said), else said left out."""
    for day, poi_id in left:
        if draft.kb.attraction(poi_id) is None or poi_id in draft.used():
            continue
        zh, en = draft.name(poi_id)
        if day != own and (back := _best(draft, _insert(draft.sketch_of(day), Stop(poi_id), None))):
            draft.retime(back[0])  # a sight the route took and could not hold: back on its day
            continue
        found = elsewhere(draft, day, Stop(poi_id))
        if found is not None:
            draft.retime(found)
            draft.note(f"{zh}改到第{found.index}天", f"{en} moved to day {found.index}")
        elif day == own:
            where = f"环{area.said}的路上" if along else f"{area.said}附近"
            draft.warnings.append((f"{zh}不在{where}，别的天也排不下，已去掉",
                                   f"{en} is not {'on the way round' if along else 'near'} "
                                   f"{area.said} and no other day holds it: left out"))  # fmt: skip
        else:
            draft.warnings.append(
                (f"{zh}别的天排不下，已去掉", f"no other day holds {en}: left out")
            )


def _said(draft: Draft, op: RegenerateDay, area: Area, sights: list[str]) -> None:
    """The note of a day spent around an area: what it holds, the area's sights left on other
    days, the day's sights given up, and — an activity said — that the legs are timed as rides
    by car or bus, not on the bike or on foot (what the day gave up is said by `_elsewhere`)."""
    names = [draft.name(p) for p in sights]
    elsewhere = [(draft.name(p), d.index) for d in draft.sketches if d.index != op.day
                 and not op.along
                 for p in (s.poi_id for s in d.stops) if p in area.sights]  # fmt: skip
    doing = re.sub(r"^(?:想|要|想要|打算|去)", "", op.activity or "")
    zh = (f"第{op.day}天{doing}{'环' if op.along else '就在'}{area.said}"
          f"{'' if op.along else '附近'}{'' if doing else '玩'}：{'、'.join(n for n, _ in names)}")  # fmt: skip
    en = f"day {op.day} {'round' if op.along else 'around'} {area.said}" + (
        f" ({op.activity})" if op.activity else "") + ": " + ", ".join(e for _, e in names)  # fmt: skip
    zh += "".join(f"；{n[0]}仍在第{d}天" for n, d in elsewhere)
    en += "".join(f"; {n[1]} stays on day {d}" for n, d in elsewhere)
    if op.activity:
        zh += "；各段路程按坐车估算，骑行或步行要更久，累了可以叫车接驳"
        en += "; the legs are timed by car or bus: riding or walking them takes longer"
    draft.note(zh, en)
