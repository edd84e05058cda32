"""Refusals of stop edits, each with the reason and an alternative checked to work
(`engine.editing.fitting._works`): another place in the day, another day, a sight left out,
another restaurant or meal — else what stays as it is, with its time."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from engine.domain.itinerary import clock_minutes
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.fitting import (
    _CHECKING,
    SWAP_TRIES,
    _best,
    _insert,
    _landing,
    _other_restaurants,
    _when,
    _works,
)
from engine.editing.ops import AddDay, AddPlace, Edit, MoveStop, RemoveStop, SwapMeal
from engine.editing.sketch import Sketch, Stop
from engine.editing.timing import reason_text
from engine.i18n import pick
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.schema import Attraction

#: A latest start (minutes after midnight) before which a sight's opening hours are what keeps
#: it out of a full day, and are said (later ones: the day is simply full).
LATE_START = 18 * 60


def _move_instead(
    draft: Draft,
    op: MoveStop,
    stop: Stop,
    source: Sketch,
    into: Sketch,
    target_day: int,
    *,
    lighter: bool = True,
) -> Iterator[tuple[list[Edit], str, str]]:
    """Moves that may be done instead of `op`, nearest what was asked first, each as (the edits
    to check in turn, the first being the one offered; words zh, en): the day asked at another
    position, another day of that city, the day asked with one sight left out."""
    zh, en = draft.name(stop.poi_id)
    here = [s.poi_id for s in source.stops] if target_day == source.index else None
    if op.position is not None:  # other positions of the day asked that time, least travel first
        timed = []
        for o in _insert(into, stop, None):
            if [s.poi_id for s in o.stops] != here and (t := draft.attempt(o)).day is not None:
                timed.append((o, t.travel))
        for option, _ in sorted(timed, key=lambda x: x[1]):
            at = (option.position_of(stop.poi_id) or 0) + 1
            when = _landing(draft, option, stop.poi_id)
            move = MoveStop(stop=op.stop, day=target_day, position=at)
            yield [move], f"放在第{target_day}天的第{at}站（{when}）", \
                f"put it as stop {at} of day {target_day} ({when})"  # fmt: skip
    for sk in draft.sketches:  # another day of that city where it fits
        if sk.index in (source.index, target_day) or sk.travel_only:
            continue
        if sk.destination == source.destination and (alt := _best(draft, _insert(sk, stop, None))):
            when = _landing(draft, alt[0], stop.poi_id)
            yield [MoveStop(stop=op.stop, day=sk.index)], f"移到第{sk.index}天（{when}）", \
                f"move it to day {sk.index} ({when})"  # fmt: skip
    if not lighter:
        return
    loose = [i for i, s in enumerate(into.stops) if not s.locked and s.meal is None
             and s.poi_id not in draft.request.must_see]  # fmt: skip
    for i in loose:  # room on the day asked, made by leaving one sight out
        fewer = replace(into, stops=[x for j, x in enumerate(into.stops) if j != i])
        if alt := _best(draft, _insert(fewer, stop, op.position), strict_pace=False):
            out = into.stops[i].poi_id
            (o_zh, o_en), when = (
                draft.name(out),
                _landing(draft, alt[0], stop.poi_id, strict_pace=False),
            )
            yield [RemoveStop(stop=out), MoveStop(stop=op.stop, day=target_day, position=op.position)], \
                f"去掉第{target_day}天的{o_zh}，{zh}就能排在第{target_day}天{when}", \
                f"drop {o_en} from day {target_day}, and {en} fits day {target_day} at {when}"  # fmt: skip


def _add_refusal(draft: Draft, days: list[Sketch], stop: Stop, op: AddPlace) -> EditRefused:
    """Why the place fits no day asked, and what would make it fit, named with the day and the
    time it would take there: another day as it is, a day asked that passes its pace, one or
    two sights left out (on the day asked first), else a day more."""
    zh, en = draft.name(stop.poi_id)
    refusal = _why_not_added(draft, days, stop, op)
    same_city = [sk for sk in draft.sketches
                 if not sk.travel_only and sk.destination == days[0].destination]  # fmt: skip
    others = [sk for sk in same_city if sk.index != op.day] if op.day else []
    for sk in others:  # another day where it fits as it is
        if found := _best(draft, _insert(sk, stop, None)):
            when = _landing(draft, found[0], stop.poi_id)
            return _offer(refusal, AddPlace(place=stop.poi_id, day=sk.index),
                          f"把{zh}加在第{sk.index}天（{when}）",
                          f"add {en} to day {sk.index} ({when})")  # fmt: skip
    if not op.day:  # every day keeps its pace: one that would pass it, said so
        for sk in days:
            if found := _best(draft, _insert(sk, stop, None), strict_pace=False):
                when = _landing(draft, found[0], stop.poi_id, strict_pace=False)
                return _offer(refusal, AddPlace(place=stop.poi_id, day=sk.index),
                              f"加在第{sk.index}天（{when}），那天会比较累",
                              f"add it to day {sk.index} ({when}), a long day")  # fmt: skip
    ordered = days + [sk for sk in same_city if sk not in days]
    for size in (1, 2):  # room made by leaving one or two sights out (not locked, not wished)
        for sk in ordered:
            strict = op.day is None or sk.index != op.day
            loose = [i for i, s in enumerate(sk.stops) if not s.locked and s.meal is None
                     and s.poi_id not in draft.request.must_see]  # fmt: skip
            for out in itertools.combinations(loose, size):
                lighter = replace(sk, stops=[x for j, x in enumerate(sk.stops) if j not in out])
                if found := _best(draft, _insert(lighter, stop, None), strict_pace=strict):
                    names = [draft.name(sk.stops[i].poi_id) for i in out]
                    when = _landing(draft, found[0], stop.poi_id, strict_pace=strict)
                    gone_zh, gone_en = (
                        "、".join(a for a, _ in names),
                        ", ".join(b for _, b in names),
                    )
                    alternative = RemoveStop(stop=sk.stops[out[0]].poi_id) if size == 1 else None
                    return _offer(refusal, alternative,
                                  f"去掉第{sk.index}天的{gone_zh}，{zh}就能排在第{sk.index}天{when}",
                                  f"drop {gone_en} from day {sk.index}, and {en} fits day "
                                  f"{sk.index} at {when}")  # fmt: skip
    day = AddDay(at="end", place=stop.poi_id)  # a day given to it, checked in full
    if _works(draft, day):
        return _offer(refusal, day, f"加一天，把{zh}排进新的一天", f"add a day for {en}")
    if whole := _whole_day(draft, ordered, stop):
        return _offer(refusal, None, *whole)
    return refusal


def _whole_day(draft: Draft, days: list[Sketch], stop: Stop) -> tuple[str, str] | None:
    """A sight that takes a whole day (长隆, a theme park: 7 h): the first of `days` it fits
    once the day's other sights are left out (not locked, not wished) — and its lunch, when the
    sight has food inside — as words (zh, en) naming what goes and when it would be; else None.
    The day's evening sights (after dinner) stay when they still fit; the day may pass its
    pace (one long visit)."""
    place = draft.kb.place(stop.poi_id)
    inside = isinstance(place, Attraction) and place.meal_inside_cny is not None
    zh, en = draft.name(stop.poi_id)
    for sk in days:
        out = [s for s in sk.stops if not s.locked and s.poi_id not in draft.request.must_see
               and (s.meal is None or (inside and s.meal == "lunch"))]  # fmt: skip
        sights = [s for s in out if s.meal is None]
        if len(sights) < 3:
            continue  # one or two were tried on their own
        kept = [s for s in sk.stops if s not in out]
        found = _best(draft, _insert(replace(sk, stops=kept), stop, None), strict_pace=False)
        if found is None:
            continue
        dinner = next((i for i, s in enumerate(sk.stops) if s.meal == "dinner"), len(sk.stops))
        for evening in [s for s in sights if sk.stops.index(s) > dinner]:  # 夜游 after dinner
            if more := _best(draft, _insert(found[0], evening, None), strict_pace=False):
                found = more
                sights.remove(evening)
        when = _landing(draft, found[0], stop.poi_id, strict_pace=False)
        names = [draft.name(s.poi_id) for s in sights]
        lunch_zh, lunch_en = (
            ("，午饭在园内吃", ", lunch inside") if len(out) > len(sights) else ("", "")
        )
        return (
            f"把第{sk.index}天整天留给{zh}（{when}{lunch_zh}），"
            f"不去那天的{'、'.join(a for a, _ in names)}",
            f"give day {sk.index} to {en} ({when}{lunch_en}) and leave out that day's "
            f"{', '.join(b for _, b in names)}",
        )
    return None


def _offer(refusal: EditRefused, edit: Edit | None, zh: str, en: str) -> EditRefused:
    refusal.alternative, refusal.alternative_zh, refusal.alternative_en = edit, zh, en
    return refusal


def _why_not_added(draft: Draft, days: list[Sketch], stop: Stop, op: AddPlace) -> EditRefused:
    """The reason an added sight fits none of `days`: the pace when only the pace stands in
    the way; else, for a sight with opening hours that day, the hours, the visit's length and
    the day's free time; else what the closest order breaks."""
    zh, en = draft.name(stop.poi_id)
    place = draft.kb.place(stop.poi_id)
    sk = days[0]
    if not op.day and any(_best(draft, _insert(d, stop, None), strict_pace=False) for d in days):
        return EditRefused("does_not_fit",
                           f"每天都已按节奏排满，放不下{zh}" if len(days) > 1
                           else f"第{sk.index}天已按节奏排满，放不下{zh}",
                           f"every day is full for its pace; {en} does not fit" if len(days) > 1
                           else f"day {sk.index} is full for its pace; {en} does not fit")  # fmt: skip
    if not isinstance(place, Attraction) or not (windows := place_windows(place, sk.date)):
        return _closest_refusal(draft, _insert(sk, stop, op.position))
    need = stop.minutes or place.visit_minutes
    free = max(_idle(draft.days[d.index - 1].items) for d in days)  # every day tried: said so
    which_zh = f"第{sk.index}天" if len(days) == 1 else _days_zh(days)
    which_en = f"day {sk.index}" if len(days) == 1 else _days_en(days)
    most_zh, most_en = ("", "") if len(days) == 1 else ("最多", "at most ")
    free_zh = f"{most_zh}只有约{free}分钟空闲" if free else "没有空闲"
    free_en = f"{'have' if len(days) > 1 else 'has'} {most_en or 'about '}{free} min free" if free \
        else f"{'have' if len(days) > 1 else 'has'} no free time"  # fmt: skip
    full_zh, full_en = ("已经", "is") if len(days) == 1 else ("都已经", "are")
    latest = max(b for _, b in windows) - need
    if latest < LATE_START:  # its hours bind: said with them
        hours = "、".join(f"{fmt_minutes(a)}–{fmt_minutes(b)}" for a, b in windows)
        return EditRefused(
            "does_not_fit",
            f"{zh}需游览约{_h(need)}，{sk.date.month}月{sk.date.day}日开放{hours}"
            f"（最晚{fmt_minutes(latest)}开始）；{which_zh}在那之前{full_zh}排满，{free_zh}",
            f"{en} needs about {_h(need, 'en')} and is open {hours} on {sk.date:%b} {sk.date.day} "
            f"(start by {fmt_minutes(latest)}); {which_en} {full_en} full before then and "
            f"{free_en}",
        )
    return EditRefused(
        "does_not_fit",
        f"{zh}需游览约{_h(need)}，{which_zh}{full_zh}排满，{free_zh}",
        f"{en} needs about {_h(need, 'en')}; {which_en} {full_en} full and {free_en}",
    )


def _days_zh(days: list[Sketch]) -> str:
    """「第1–3天」 for days in a row, else 「第1、3天」."""
    n = [d.index for d in days]
    if n == list(range(n[0], n[0] + len(n))):
        return f"第{n[0]}–{n[-1]}天"
    return "第" + "、".join(map(str, n)) + "天"


def _days_en(days: list[Sketch]) -> str:
    """ "days 1–3" for days in a row, else "days 1, 3"."""
    n = [d.index for d in days]
    if n == list(range(n[0], n[0] + len(n))):
        return f"days {n[0]}–{n[-1]}"
    return "days " + ", ".join(map(str, n))


def _idle(items: Any) -> int:
    """Minutes of a day's tour not spent at a stop or on the way: free time and waits."""
    timed = [i for i in items if i.start is not None and i.end is not None
             and i.kind.value in ("attraction", "meal", "transit", "free")]  # fmt: skip
    free = sum(clock_minutes(i.end) - clock_minutes(i.start) for i in timed
               if i.kind.value == "free")  # fmt: skip
    waits = sum(max(0, clock_minutes(b.start) - clock_minutes(a.end))
                for a, b in itertools.pairwise(timed))  # fmt: skip
    return free + waits


def _h(minutes: int, lang: str = "zh") -> str:
    """A visit's length in words ("45分钟", "1.5小时"; "45 min", "1.5 h")."""
    if minutes % 30:
        return pick(lang, f"{minutes}分钟", f"{minutes} min")
    return pick(lang, f"{minutes / 60:g}小时", f"{minutes / 60:g} h")


def _closest_refusal(
    draft: Draft, options: list[Sketch], *, strict_pace: bool = True
) -> EditRefused:
    """The refusal of the option that fails the least (fewest reasons; the earliest of those):
    what truly stands in the way, not what the last place tried happened to break."""
    tried = [(draft.attempt(o, strict_pace=strict_pace), n) for n, o in enumerate(options)]
    timed, _ = min(tried, key=lambda t: (len(t[0].reasons), t[1]))
    return EditRefused("does_not_fit", reason_text(timed.reasons, "zh"),
                       reason_text(timed.reasons, "en"))  # fmt: skip


def _refusal(draft: Draft, sk: Sketch) -> EditRefused:
    reasons = draft.attempt(sk).reasons
    return EditRefused("does_not_fit", reason_text(reasons, "zh"), reason_text(reasons, "en"))


def _asked(draft: Draft, op: SwapMeal) -> tuple[str, str]:
    """What the swap asked, said after the meal offered instead: （在王府井附近吃） / (near
    Wangfujing); ("", "") when it asked only for somewhere else."""
    if op.near is not None:
        zh, en = draft.name(op.near)
        return f"（在{zh}附近吃）", f" (near {en})"
    if op.dish:
        return f"（吃{op.dish}）", f" ({op.dish})"
    return "", ""


def _meal_instead(draft: Draft, op: SwapMeal, old: str | None, refusal: EditRefused) -> EditRefused:
    """`refusal` with a change of meal that works (checked in full, `_works`): another
    restaurant for that meal beyond the nearest tried, else the day's other meal, else the same
    meal on another day; else the meal is kept, said with where and when."""
    meal_zh = "午饭" if op.meal == "lunch" else "晚饭"
    if _CHECKING.get():
        return refusal
    if op.restaurant is None and old is not None:  # the city's farther restaurants
        sk = draft.sketch_of(op.day)
        for r in _other_restaurants(draft, sk, old, limit=None, op=op)[SWAP_TRIES:]:
            alt = SwapMeal(day=op.day, meal=op.meal, restaurant=r.id)
            if _works(draft, alt):
                return _offer(refusal, alt, f"第{op.day}天{meal_zh}改在{r.name_zh}",
                              f"have day {op.day}'s {op.meal} at {r.name_en}")  # fmt: skip
    other = "dinner" if op.meal == "lunch" else "lunch"
    tries = [(op.day, other)] + [(sk.index, op.meal) for sk in draft.sketches
                                 if sk.index != op.day and not sk.travel_only]  # fmt: skip
    for day, meal in tries:
        alt = op.model_copy(update={"day": day, "meal": meal})
        if _works(draft, alt):
            m_zh = "午饭" if meal == "lunch" else "晚饭"
            zh, en = _asked(draft, op)
            return _offer(refusal, alt, f"换第{day}天的{m_zh}{zh}",
                          f"change day {day}'s {meal} instead{en}")  # fmt: skip
    if old is None:
        return refusal
    (o_zh, o_en), when = draft.name(old), _when(draft, op.day, old)
    return _offer(refusal, None, f"第{op.day}天{meal_zh}还在{o_zh}（{when}）",
                  f"keep day {op.day}'s {op.meal} at {o_en} ({when})")  # fmt: skip
