"""The report's answers about the traveller's own hours (`engine.planning.own_hours`): the
arrival said (「早上6点到」), the departure home said ("my 20:00 flight home"), busy hours
(「第二天白天开会」, "only day 3 is free") and a night train asked for (卧铺, 夜车).

Each is judged on the plan's items: the leg out's arrival and the leg home's departure within
`own_hours.NEAR_MIN` minutes of the hour said; no sight inside busy hours (none at all on a day
busy all day); the leg overnight. Otherwise the row says what the plan does instead and why (the
services the legs data has, a night train it does not know).
"""

from __future__ import annotations

from engine.domain.busy_hours import busy_times
from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import fmt_minutes
from engine.planning import intercity
from engine.planning import wish_places as wp
from engine.planning.own_hours import MIN_NIGHT_MINUTES, NEAR_MIN

_MODE = {"hsr": ("高铁", "high-speed train"), "train": ("火车", "train"), "flight": ("航班", "flight"),
         "coach": ("大巴", "coach"), "drive": ("自驾", "drive")}  # fmt: skip


_MEALS = {"breakfast": ("早餐", "breakfast"), "lunch": ("午餐", "lunch"),
          "dinner": ("晚餐", "dinner"), "late": ("夜宵", "a late snack")}  # fmt: skip


def _said(value: str) -> int:
    hour, _, minute = value.partition(":")
    return int(hour) * 60 + int(minute)


def _legs(day: Day) -> list[Item]:
    return [i for i in day.items if i.kind == ItemKind.INTERCITY]


def _out_leg(plan: Itinerary) -> tuple[Item, int, int] | None:
    """The leg out, the 1-based day it arrives and its arrival (minutes), or None."""
    if not plan.days or plan.request.departure is None:
        return None
    legs = _legs(plan.days[0])
    if not legs:
        return None
    leg = legs[0]
    if leg.overnight == "depart" and len(plan.days) > 1:
        came = next((i for i in _legs(plan.days[1]) if i.overnight == "arrive"), None)
        if came is not None:
            return leg, 2, clock_minutes(came.start)
    return leg, 1, clock_minutes(leg.end)


def _home_leg(plan: Itinerary) -> tuple[Item, int] | None:
    """The leg home and the 1-based day it leaves, or None."""
    if plan.request.departure is None:
        return None
    for day in reversed(plan.days):
        legs = [i for i in _legs(day) if i.overnight != "arrive"]
        if legs:
            return legs[-1], day.index
    return None


def _mode(item: Item, lang: str) -> str:
    return pick(lang, *_MODE.get(item.mode.value if item.mode else "", ("车", "service")))


def arrival(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The leg out arriving at the hour said (or, with no leg out, day 1 starting then)."""
    lang, said = plan.lang, _said(w.value)
    out = _out_leg(plan)
    if out is None:
        first = _first_step(plan.days[0]) if plan.days else None
        if first is None or first >= said:
            return wp._ok(
                w, pick(lang, f"第1天从{w.value}以后才开始安排", f"day 1 starts after {w.value}")
            )
        return wp._not(w, pick(lang, f"第1天{fmt_minutes(first)}就开始了", f"day 1 starts at {fmt_minutes(first)}"),
                       "", pick(lang, "说「第一天晚一点开始」", 'say "start day 1 later"'))  # fmt: skip
    leg, day, at = out
    shown = pick(lang, f"第{day}天{fmt_minutes(at)}到（{leg.name}，{_mode(leg, lang)}）",
                 f"day {day}: arrives {fmt_minutes(at)} ({leg.name}, {_mode(leg, lang)})")  # fmt: skip
    if abs(at - said) <= NEAR_MIN:
        rest = pick(lang, "，当天之前不安排景点", ", nothing planned before it")
        return wp._ok(w, shown + rest)
    return wp._partly(
        w,
        shown,
        pick(lang, f"资料里这段路的{_mode(leg, lang)}班次到不了{w.value}，这是最接近的一班",
             f"no {_mode(leg, lang)} in the legs data arrives at {w.value}; this is the nearest"),
        pick(lang, "到车站/机场查实际班次后告诉我具体几点出发", "tell me the departure of the service you book"),
    )  # fmt: skip


def _first_step(day: Day) -> int | None:
    steps = [clock_minutes(i.start) for i in day.items
             if i.kind not in (ItemKind.LODGING, ItemKind.FREE) and i.meal != "breakfast"]  # fmt: skip
    return min(steps, default=None)


def departure(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The leg home leaving at the hour said (or, with no leg home, the last day ending by it)."""
    lang, said = plan.lang, _said(w.value)
    home = _home_leg(plan)
    if home is None:
        last = plan.days[-1] if plan.days else None
        ends = max((clock_minutes(i.end) for i in last.items), default=0) if last else 0
        if ends <= said:
            return wp._ok(
                w,
                pick(
                    lang, f"最后一天的安排在{w.value}前结束", f"the last day ends before {w.value}"
                ),
            )
        return wp._not(w, pick(lang, f"最后一天排到{fmt_minutes(ends)}", f"the last day runs to {fmt_minutes(ends)}"),
                       "", pick(lang, "说「最后一天早点结束」", 'say "end the last day earlier"'))  # fmt: skip
    leg, day = home
    at = clock_minutes(leg.start)
    shown = pick(lang, f"第{day}天{fmt_minutes(at)}出发（{leg.name}，{_mode(leg, lang)}）",
                 f"day {day}: leaves {fmt_minutes(at)} ({leg.name}, {_mode(leg, lang)})")  # fmt: skip
    if abs(at - said) <= NEAR_MIN:
        rest = pick(
            lang, "，之前的安排留足去车站/机场的时间", ", the day ends in time to get there"
        )
        return wp._ok(w, shown + rest)
    return wp._partly(
        w,
        shown,
        pick(lang, f"资料里这段路的{_mode(leg, lang)}班次没有{w.value}出发的，这是最接近的一班",
             f"no {_mode(leg, lang)} in the legs data leaves at {w.value}; this is the nearest"),
        "",
    )  # fmt: skip


def busy(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """No sight inside the busy hours (none at all on a day busy all day)."""
    lang = plan.lang
    kept: list[str] = []
    broken: list[str] = []
    for b in busy_times(w.value, len(plan.days)):
        day = plan.days[b.day - 1]
        sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION
                  and (b.all_day or (clock_minutes(i.start) < b.end and clock_minutes(i.end) > b.start))]  # fmt: skip
        if sights:
            broken.append(pick(lang, f"第{b.day}天的{join_names([s.name for s in sights], lang)}",
                               f"{join_names([s.name for s in sights], lang)} on day {b.day}"))  # fmt: skip
        elif b.all_day:
            meals = [i.meal for i in day.items if i.kind == ItemKind.MEAL and i.meal]
            names = join_names([pick(lang, *_MEALS.get(m, (m, m))) for m in meals], lang)
            kept.append(pick(lang, f"第{b.day}天不安排景点" + (f"（只有{names}）" if meals else ""),
                             f"day {b.day} has no sightseeing" + (f" (only {names})" if meals else "")))  # fmt: skip
        else:
            hours = f"{fmt_minutes(b.start)}–{fmt_minutes(b.end)}"
            kept.append(
                pick(lang, f"第{b.day}天{hours}不安排行程", f"day {b.day} {hours} left free")
            )
    if not kept and not broken:
        return wp._not(w, pick(lang, "行程里没有这一天", "the trip has no such day"), "", "")
    sep = pick(lang, "；", "; ")
    if not broken:
        return wp._ok(w, sep.join(kept))
    return wp._partly(w, sep.join(kept) or pick(lang, "没有空出来", "not kept free"),
                      pick(lang, f"还排着{join_names(broken, lang)}", f"still planned: {join_names(broken, lang)}"),
                      pick(lang, "说「那天不去了」", 'say "drop it"'))  # fmt: skip


def overnight(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The leg out (or home) taken overnight; else why not: the legs data has no night service
    between the two places, or one that does not fit the days."""
    lang = plan.lang
    home = w.value == "home"
    found = _home_leg(plan) if home else _out_leg(plan)
    if found is None:
        return wp._not(
            w, pick(lang, "这次行程没有城市间的长途交通", "this trip has no intercity leg"), "", ""
        )
    leg = found[0]
    way = pick(lang, "回程" if home else "去程", "the way home" if home else "the way out")
    if leg.overnight == "depart":
        return wp._ok(w, pick(lang, f"{way}坐夜车：{leg.name}，{fmt_minutes(clock_minutes(leg.start))}出发，车上过夜",
                              f"{way} overnight: {leg.name}, leaving {fmt_minutes(clock_minutes(leg.start))}, the night aboard"))  # fmt: skip
    shown = pick(lang, f"{way}是白天的{_mode(leg, lang)}：{leg.name} {fmt_minutes(clock_minutes(leg.start))}–{fmt_minutes(clock_minutes(leg.end))}",
                 f"{way} is a daytime {_mode(leg, lang)}: {leg.name} {fmt_minutes(clock_minutes(leg.start))}–{fmt_minutes(clock_minutes(leg.end))}")  # fmt: skip
    a, b = (
        kb.destinations.get(plan.request.departure or ""),
        kb.destinations.get(plan.request.destinations[-1 if home else 0]),
    )
    nights = []
    if a is not None and b is not None:
        nights = [o for o in intercity.options(kb, *((b, a) if home else (a, b)))
                  if o.mode == "train" and (o.minutes >= MIN_NIGHT_MINUTES)]  # fmt: skip
    if nights:
        return wp._not(w, shown, pick(lang, "有夜间火车，但排不进这几天的行程",
                                      "a night train runs, but it does not fit the days"),
                       pick(lang, "多加一天", "add a day"))  # fmt: skip
    names = (pick(lang, f"{a.name_zh}到{b.name_zh}", f"{a.name_en} to {b.name_en}") if a and b
             else pick(lang, "这段路", "this leg"))  # fmt: skip
    if a and b and home:
        names = pick(lang, f"{b.name_zh}到{a.name_zh}", f"{b.name_en} to {a.name_en}")
    return wp._not(w, shown, pick(lang, f"资料里{names}没有夜间卧铺车次（这段路白天几个小时就到）",
                                  f"the legs data has no night train from {names} (a few hours by day)"), "")  # fmt: skip
