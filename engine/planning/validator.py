"""The feasibility validator: re-checks a finished itinerary against the knowledge base.

Checks follow the environment constraints of ChinaTravel (Shao et al., 2024, arXiv 2412.13682,
"commonsense constraints"): places exist; visits inside opening hours on that date; no repeated
attractions or restaurants; meals in their windows; activities in time order; a transit leg
whenever the position changes; lodging for every night; costs = price × people (the price on
that date, concessions applied person by person); plus the request's own constraints: pace,
budget, intercity legs, must-see places and things to avoid; and a warning for a visit inside
its booking lead time counted from the day the plan is made, and for days in a public holiday
(`engine.planning.holiday_check`).
Headline sights left out are a warning, with the reason. Every check is reported (passed or
not); a failed one names what to relax. The report's wishes section answers each wish the
person said (`engine.planning.wishes`).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.domain.feasibility import Check, FeasibilityReport
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import closure_on, fmt_minutes, place_windows
from engine.knowledge.schema import Attraction, Restaurant
from engine.knowledge.ticket_words import closure_text, lead_warning
from engine.planning import park_tickets
from engine.planning.candidates import avoided
from engine.planning.day_trips import day_trip_check
from engine.planning.holiday_check import holiday_check
from engine.planning.night_check import night_check
from engine.planning.pace import MEAL_CHECK_WINDOWS, day_profile, day_sightseeing
from engine.planning.schedule import dinner_inside, visit_cost
from engine.planning.wish_places import headline_check
from engine.planning.wishes import evaluate as evaluate_wishes
from engine.planning.wishes import spare_note

Problem = tuple[int | None, str, str]  # (day, message zh, message en)

MOVE_M = 200.0  # a position change needing a leg
COST_TOLERANCE = 0.6  # CNY, rounding


def validate(itinerary: Itinerary, kb: KnowledgeBase) -> FeasibilityReport:
    """Check `itinerary`; returns one `Check` per constraint (all of them, passed or not)."""
    lang = itinerary.lang
    checks = [
        _check(
            lang,
            "known_places",
            _unknown_places(itinerary, kb),
            "所有地点都在知识库中",
            "every place is in the knowledge base",
            "换成知识库中的地点",
            "use places from the knowledge base",
        ),
        _check(
            lang,
            "opening_hours",
            _hours(itinerary, kb),
            "所有游览都在开放时间内",
            "every visit is within opening hours",
            "调整日期或顺序，避开闭馆日",
            "move the visit to a day and time it is open",
        ),
        _check(
            lang,
            "no_repeats",
            _repeats(itinerary, kb),
            "景点和餐厅没有重复",
            "no attraction or restaurant is repeated",
            "删掉重复的地点",
            "drop the repeated place",
        ),
        _check(
            lang,
            "meal_windows",
            _meals(itinerary),
            "早中晚餐都在用餐时段内",
            "meals are within their time windows",
            "把用餐调到正常时段",
            "move the meal into its usual hours",
        ),
        _check(
            lang,
            "meals_per_day",
            _meal_counts(itinerary),
            "每天最多一顿早餐、午餐、晚餐",
            "at most one breakfast, lunch and dinner a day",
            "删掉多余的一餐",
            "drop the extra meal",
        ),
        _check(
            lang,
            "time_order",
            _order(itinerary),
            "活动按时间顺序且不重叠",
            "activities are in time order without overlap",
            "缩短停留或减少安排",
            "shorten a stay or drop an activity",
        ),
        _check(
            lang,
            "transit_legs",
            _legs(itinerary),
            "每次换地点都有交通安排",
            "every change of place has a transport leg",
            "补上交通",
            "add the missing leg",
        ),
        _check(
            lang,
            "lodging",
            _lodging(itinerary, kb),
            "每晚都有住宿",
            "there is lodging for every night",
            "为每晚安排住宿",
            "book lodging for every night",
        ),
        _check(
            lang,
            "costs",
            _costs(itinerary, kb),
            "费用按当天票价和单价×人数计算（含适用优惠）",
            "costs are that day's prices × people (concessions applied)",
            "按当天票价和单价×人数重算费用",
            "recompute costs from that day's prices × people",
        ),
        _check(
            lang,
            "pace",
            _pace(itinerary, kb),
            "每天的景点数量符合节奏",
            "each day's number of sights fits the pace",
            "减少景点或选择更紧凑的节奏",
            "drop sights or choose a faster pace",
        ),
        _check(
            lang,
            "intercity",
            _intercity(itinerary),
            "首尾有往返城际交通",
            "the trip starts and ends with intercity legs",
            "补上往返交通",
            "add the outbound and return legs",
        ),
        _check(
            lang,
            "avoid",
            _avoid(itinerary, kb),
            "避开了您不想要的",
            "everything you wanted to avoid is avoided",
            "去掉不想要的安排",
            "remove what you wanted to avoid",
        ),
        _check(
            lang,
            "meals_planned",
            _missing_meals(itinerary),
            "外出的日子都安排了午餐和晚餐",
            "lunch and dinner are planned on days out",
            "时间太紧：自备干粮，或放宽节奏",
            "the day is tight: bring food, or ease the pace",
        ).model_copy(update={"severity": "warning"}),
        _check(
            lang,
            "booking_lead",
            _booking_lead(itinerary, kb),
            "需要预约的景点都还来得及预约",
            "every booking can still be made in time",
            "马上预约，或把这些景点换到晚一些的日子",
            "book now, or move these sights to a later day",
        ).model_copy(update={"severity": "warning"}),
        _must_see(itinerary, kb),
        headline_check(itinerary, kb),
        night_check(itinerary, kb),
        day_trip_check(itinerary, kb),
        holiday_check(itinerary, kb),
        _budget(itinerary),
    ]
    return FeasibilityReport(checks=tuple(checks), wishes=evaluate_wishes(itinerary, kb))


def _check(
    lang: str,
    code: str,
    problems: list[Problem],
    ok_zh: str,
    ok_en: str,
    relax_zh: str,
    relax_en: str,
) -> Check:
    if not problems:
        return Check(code=code, passed=True, message=pick(lang, ok_zh, ok_en))
    day = problems[0][0]
    text = pick(lang, "；", "; ").join(pick(lang, zh, en) for _, zh, en in problems[:3])
    if len(problems) > 3:
        text += pick(lang, f"（另有{len(problems) - 3}处）", f" (and {len(problems) - 3} more)")
    return Check(
        code=code, passed=False, message=text, relax=pick(lang, relax_zh, relax_en), day=day
    )


def _items(itinerary: Itinerary) -> Iterator[tuple[Day, Item]]:
    for day in itinerary.days:
        for item in day.items:
            yield day, item


def _unknown_places(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    out: list[Problem] = []
    for day, item in _items(it):
        if item.kind in (ItemKind.ATTRACTION, ItemKind.LODGING) or (
            item.kind == ItemKind.MEAL and item.meal != "breakfast" and item.poi_id is not None
        ):  # a free meal (自选, `engine.planning.meal_groups`) names no place
            place = kb.place(item.poi_id or "")
            if place is None:
                out.append(
                    (
                        day.index,
                        f"第{day.index}天的“{item.name}”不在知识库中",
                        f"day {day.index}: {item.name!r} is not in the knowledge base",
                    )
                )
    return out


def _hours(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    out: list[Problem] = []
    for day, item in _items(it):
        place = kb.place(item.poi_id or "")
        if not isinstance(place, Attraction | Restaurant) or item.kind == ItemKind.TRANSIT:
            continue
        start, end = clock_minutes(item.start), clock_minutes(item.end)
        last_entry = place.last_entry if isinstance(place, Attraction) else 0
        windows = place_windows(place, day.date)
        ok = any(a <= start and end <= b and start <= b - last_entry for a, b in windows)
        if not ok:
            closure = closure_on(place, day.date)
            shown = "、".join(f"{fmt_minutes(a)}-{fmt_minutes(b)}" for a, b in windows) or (
                closure_text(closure, it.lang) if closure else pick(it.lang, "闭馆", "closed")
            )
            out.append(
                (
                    day.index,
                    f"第{day.index}天{item.name}在{fmt_minutes(start)}-{fmt_minutes(end)}不开放（当天{shown}）",
                    f"day {day.index}: {item.name} is not open {fmt_minutes(start)}-{fmt_minutes(end)} "
                    f"(that day: {shown})",
                )
            )
    return out


def _repeats(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Attractions and restaurants once per trip; a food street (many eateries) once per day."""
    seen: dict[str, int] = {}
    out: list[Problem] = []
    for day, item in _items(it):
        if item.kind not in (ItemKind.ATTRACTION, ItemKind.MEAL) or not item.poi_id:
            continue
        if item.meal == "breakfast" or (item.kind == ItemKind.MEAL and kb.lodging(item.poi_id)):
            continue  # breakfast, or dinner at one's (summit) hotel: eaten there every night
        place = kb.restaurant(item.poi_id)
        key = item.poi_id
        if item.kind == ItemKind.MEAL and place is not None and place.kind != "restaurant":
            key = f"{item.poi_id}@{day.index}"
        if key in seen:
            out.append(
                (
                    day.index,
                    f"{item.name}重复（第{seen[key]}天已安排）",
                    f"{item.name} is repeated (already on day {seen[key]})",
                )
            )
        seen.setdefault(key, day.index)
    return out


def _meals(it: Itinerary) -> list[Problem]:
    out: list[Problem] = []
    for day, item in _items(it):
        if item.kind != ItemKind.MEAL or not item.meal:
            continue
        lo, hi = MEAL_CHECK_WINDOWS[item.meal]
        if not lo <= clock_minutes(item.start) <= hi:
            out.append(
                (
                    day.index,
                    f"第{day.index}天{item.name}在{fmt_minutes(clock_minutes(item.start))}开始，不在用餐时段",
                    f"day {day.index}: {item.name} starts at {fmt_minutes(clock_minutes(item.start))}, "
                    "outside meal hours",
                )
            )
    return out


def _meal_counts(it: Itinerary) -> list[Problem]:
    """At most one breakfast, one lunch and one dinner a day."""
    out: list[Problem] = []
    names = {
        "breakfast": ("早餐", "breakfast"),
        "lunch": ("午餐", "lunch"),
        "dinner": ("晚餐", "dinner"),
    }
    for day in it.days:
        for meal, (zh, en) in names.items():
            count = sum(1 for i in day.items if i.meal == meal)
            if count > 1:
                out.append((day.index, f"第{day.index}天安排了{count}顿{zh}",
                            f"day {day.index} has {count} {en}s"))  # fmt: skip
    return out


#: When someone on a train or plane has no dinner in town to miss (minutes after midnight).
_DINNER_TRAVEL = (17 * 60, 20 * 60)


def _sleeps_here_after_dinner(day: Day) -> bool:
    """A full day in town: a sight visited and a night's stay, with no intercity leg around
    dinner time — its dinner is part of the day even when the tour ends early (a relaxed day
    back at the hotel by 16:00 still eats)."""
    if not any(i.kind == ItemKind.ATTRACTION for i in day.items):
        return False
    if not any(i.kind == ItemKind.LODGING for i in day.items):
        return False
    lo, hi = _DINNER_TRAVEL
    for i in day.items:
        if i.kind != ItemKind.INTERCITY:
            continue
        start, end = clock_minutes(i.start), clock_minutes(i.end)
        if end < start or (start < hi and end > lo):
            return False
    return True


def _missing_meals(it: Itinerary) -> list[Problem]:
    """Days out and about at mealtime with no lunch or dinner, and full days in town with no
    dinner (`_sleeps_here_after_dinner`); shown as a warning: the day was too tight, e.g. a
    late arrival."""
    out: list[Problem] = []
    for day in it.days:
        out_at = [
            (clock_minutes(i.start), clock_minutes(i.end))
            for i in day.items
            if i.kind in (ItemKind.ATTRACTION, ItemKind.TRANSIT, ItemKind.MEAL)
        ]
        for meal, (lo, hi), zh, en in (
            ("lunch", (12 * 60, 13 * 60), "午餐", "lunch"),
            ("dinner", (18 * 60, 19 * 60), "晚餐", "dinner"),
        ):
            busy = any(a < hi and b > lo for a, b in out_at) or (
                meal == "dinner" and _sleeps_here_after_dinner(day)
            )
            eaten = any(i.meal == meal for i in day.items) or (
                meal == "dinner" and any(dinner_inside(i) for i in day.items)
            )
            if busy and not eaten:
                out.append(
                    (day.index, f"第{day.index}天没有安排{zh}", f"day {day.index} has no {en}")
                )
    return out


def _order(it: Itinerary) -> list[Problem]:
    out: list[Problem] = []
    for day in it.days:
        previous: Item | None = None
        for item in day.items:
            if item.end < item.start:
                out.append(
                    (
                        day.index,
                        f"第{day.index}天{item.name}结束早于开始",
                        f"day {day.index}: {item.name} ends before it starts",
                    )
                )
            if previous is not None and item.start < previous.end:
                out.append(
                    (
                        day.index,
                        f"第{day.index}天{item.name}与{previous.name}时间重叠",
                        f"day {day.index}: {item.name} overlaps {previous.name}",
                    )
                )
            previous = item
    return out


def _legs(it: Itinerary) -> list[Problem]:
    out: list[Problem] = []
    for day in it.days:
        here: Item | None = None
        for item in day.items:
            if item.kind in (ItemKind.TRANSIT, ItemKind.INTERCITY):
                here = item
                continue
            if item.lat is None or item.lon is None:
                continue
            if here is not None and here.lat is not None and here.lon is not None:
                moved = haversine_m(here.lat, here.lon, item.lat, item.lon) > MOVE_M
                if moved:
                    out.append(
                        (
                            day.index,
                            f"第{day.index}天从{here.name}到{item.name}缺少交通",
                            f"day {day.index}: no leg from {here.name} to {item.name}",
                        )
                    )
            here = item
    return out


def _lodging(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    out: list[Problem] = []
    for day in it.days[:-1]:
        if any(i.overnight == "depart" for i in day.items):
            continue  # the night is spent aboard a sleeper train or a night flight
        stays = [i for i in day.items if i.kind == ItemKind.LODGING]
        if not day.lodging_id or not stays or kb.lodging(day.lodging_id) is None:
            out.append(
                (day.index, f"第{day.index}天晚上没有住宿", f"no lodging for night {day.index}")
            )
    return out


def _costs(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Each visit costs what it costs on its date for the party (`schedule.visit_cost`), a
    park's ticket on the visit that buys it (`park_tickets.purchases`), or its single ticket
    where those beat the pass (`park_tickets.singles`)."""
    out: list[Problem] = []
    planned = list(park_tickets.visits(it, kb))
    buys = park_tickets.purchases(planned)
    alone = park_tickets.singles(planned, it.request.party)
    visits = {(v.day.index, v.at): (v, b) for v, b in zip(planned, buys, strict=True)}
    for day in it.days:
        for at, item in enumerate(day.items):
            place = kb.place(item.poi_id or "")
            if (day.index, at) in visits:
                visit, buying = visits[day.index, at]
                expected = park_tickets.planned_cost(it, kb, visit, buys=buying,
                                                     single=visit.holder.id in alone)  # fmt: skip
            elif item.kind == ItemKind.MEAL and isinstance(place, Restaurant):
                expected = visit_cost(place, it.request.party, day.date, lunch_inside=False)
            else:
                continue
            if abs(expected - item.cost_cny) > COST_TOLERANCE:
                out.append(_wrong_cost(day, item, expected))
    return out


def _wrong_cost(day: Day, item: Item, expected: float) -> Problem:
    return (
        day.index,
        f"{item.name}费用应为{expected:.0f}元，实际{item.cost_cny:.0f}元",
        f"{item.name} should cost {expected:.0f} CNY, not {item.cost_cny:.0f}",
    )


def _booking_lead(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Visits inside their booking lead time (`reservation_lead_days`) counted from the day the
    plan is made (a warning: the tickets may be gone); a sight inside a park that buys the
    park's ticket (`park_tickets.purchases`) by the park's lead time too."""
    today = it.created_at.astimezone().date()
    out: list[Problem] = []
    planned = list(park_tickets.visits(it, kb))
    for visit, buys in zip(planned, park_tickets.purchases(planned), strict=True):
        date = visit.day.date
        booked = (visit.place, visit.park) if visit.park is not None and buys else (visit.place,)
        out += [
            (
                visit.day.index,
                lead_warning(p, date, today, "zh"),
                lead_warning(p, date, today, "en"),
            )
            for p in booked
            if lead_warning(p, date, today, "zh")
        ]
    return out


def _pace(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Sights per day and sightseeing hours within the day's pace (`pace.day_sightseeing`: a
    meal inside a visit or an evening outing to a night view is not in the hours; a full day
    given to one long place — lunch eaten inside — may exceed them)."""
    out: list[Problem] = []
    request = it.request
    for day in it.days:
        pace = day_profile(request, day.index)
        sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
        if len(sights) > pace.max_attractions:
            out.append((day.index, f"第{day.index}天安排了{len(sights)}个景点，超过该节奏的{pace.max_attractions}个",
                        f"day {day.index} has {len(sights)} sights, more than the pace's {pace.max_attractions}"))  # fmt: skip
        minutes = day_sightseeing(day, kb, pace)
        full_day = any(i.meal == "lunch" for i in sights)
        if minutes > pace.max_visit_minutes and not full_day:
            out.append((day.index, f"第{day.index}天游览{minutes / 60:.1f}小时，超过该节奏的{pace.max_visit_minutes / 60:.1f}小时",
                        f"day {day.index} has {minutes / 60:.1f} h of sightseeing, more than the pace's "
                        f"{pace.max_visit_minutes / 60:.1f} h"))  # fmt: skip
    return out


def _intercity(it: Itinerary) -> list[Problem]:
    request = it.request
    if not request.departure or request.departure in request.destinations[:1] or not it.days:
        return []
    out: list[Problem] = []
    first = [i for i in it.days[0].items if i.kind != ItemKind.MEAL]
    last = [i for i in it.days[-1].items if i.kind != ItemKind.MEAL]
    if not first or first[0].kind != ItemKind.INTERCITY:
        out.append((1, "第1天没有去程交通", "day 1 has no outbound leg"))
    if not last or last[-1].kind != ItemKind.INTERCITY:
        out.append((len(it.days), "最后一天没有返程交通", "the last day has no return leg"))
    return out


def _avoid(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    avoid = it.request.avoid
    out: list[Problem] = []
    for day, item in _items(it):
        place = kb.place(item.poi_id or "")
        dest = kb.destinations.get(day.destination)
        if isinstance(place, Restaurant) and avoided(
            place, it.request, dest.restaurants if dest else (place,)
        ):
            out.append(
                (day.index, f"{item.name}是您不想吃的口味", f"{item.name} serves food you avoid")
            )
        if (
            isinstance(place, Attraction)
            and place.id not in it.request.must_see
            and (set(place.tags) & set(avoid.tags) or place.id in avoid.places)
        ):
            out.append(
                (day.index, f"{item.name}是您不想去的", f"{item.name} is something you avoid")
            )
        if item.mode is not None and item.mode.value in avoid.transport:
            out.append(
                (
                    day.index,
                    f"{item.name}用了您不想坐的交通方式",
                    f"{item.name} uses a mode you avoid",
                )
            )
    return out


def _must_see(it: Itinerary, kb: KnowledgeBase) -> Check:
    lang = it.lang
    planned = {i.poi_id for _, i in _items(it) if i.kind == ItemKind.ATTRACTION}
    missing = [m for m in it.request.must_see if m not in planned]
    if not missing:
        return Check(
            code="must_see",
            passed=True,
            message=pick(lang, "必去景点都已安排", "every must-see is in the plan"),
        )
    reasons_zh, reasons_en = [], []
    for poi_id in missing:
        place = kb.attraction(poi_id)
        if place is None:
            reasons_zh.append(f"{poi_id}不在知识库中")
            reasons_en.append(f"{poi_id} is unknown")
            continue
        closed = all(not place_windows(place, d.date) for d in it.days)
        if closed:
            closure = next((c for d in it.days if (c := closure_on(place, d.date))), None)
            why_zh = f"（{closure_text(closure, 'zh')}）" if closure else ""
            why_en = f" ({closure_text(closure, 'en')})" if closure else ""
            reasons_zh.append(f"{place.name_zh}在行程日期都不开放{why_zh}")
            reasons_en.append(f"{place.name_en} is closed on every day of the trip{why_en}")
        else:
            reasons_zh.append(
                f"{place.name_zh}（需约{place.visit_minutes // 60}小时{place.visit_minutes % 60}分）排不进"
            )
            reasons_en.append(f"{place.name_en} (about {place.visit_minutes} min) does not fit")
    names = [kb.place(m).name(lang) if kb.place(m) else m for m in missing]  # type: ignore[union-attr]
    return Check(
        code="must_see",
        passed=False,
        message=pick(lang, "；".join(reasons_zh), "; ".join(reasons_en)),
        relax=pick(
            lang,
            f"增加天数、换个日期，或减少必去景点（{join_names(names, lang)}）",
            f"add a day, change the dates, or drop a must-see ({join_names(names, lang)})",
        ),
    )


def _budget(it: Itinerary) -> Check:
    lang = it.lang
    budget = it.request.budget_cny
    total = it.total_cost_cny
    if budget is None:
        return Check(
            code="budget",
            passed=True,
            severity="warning",
            message=pick(
                lang,
                f"预计总花费约{total:.0f}元（未设预算）",
                f"estimated total {total:.0f} CNY (no budget set)",
            ),
        )
    if total <= budget:
        return Check(
            code="budget",
            passed=True,
            message=pick(
                lang,
                f"预计{total:.0f}元，在预算{budget}元内",
                f"estimated {total:.0f} CNY, within the {budget} CNY budget",
            )
            + spare_note(total, budget, lang),
        )
    fixed = sum(
        i.cost_cny for _, i in _items(it) if i.kind in (ItemKind.INTERCITY, ItemKind.LODGING)
    )
    return Check(
        code="budget",
        passed=False,
        message=pick(
            lang,
            f"预计花费{total:.0f}元，超出预算{budget}元（其中往返交通和住宿{fixed:.0f}元）",
            f"estimated {total:.0f} CNY exceeds the {budget} CNY budget "
            f"(transport and lodging alone {fixed:.0f} CNY)",
        ),
        relax=pick(
            lang,
            f"把预算提高到约{total:.0f}元，或减少天数、人数",
            f"raise the budget to about {total:.0f} CNY, or shorten the trip",
        ),
    )
