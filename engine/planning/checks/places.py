"""Checks on the places of a plan: each known, open at its time, not repeated, a lodging every
night, nothing the person avoids, every must-see in (or why not), bookings still in time."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import closure_on, fmt_minutes, place_windows
from engine.knowledge.schema import Attraction, Restaurant
from engine.knowledge.ticket_words import closure_text, lead_warning
from engine.planning import park_tickets
from engine.planning.candidates import avoided
from engine.planning.checks import Problem, all_items


def unknown_places(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Sights, lodgings and named meals whose place is not in the knowledge base."""
    out: list[Problem] = []
    for day, item in all_items(it):
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


def opening_hours(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Visits and meals outside the place's opening hours that date (by its last entry too)."""
    out: list[Problem] = []
    for day, item in all_items(it):
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


def repeats(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Attractions and restaurants once per trip; a food street (many eateries) once per day."""
    seen: dict[str, int] = {}
    out: list[Problem] = []
    for day, item in all_items(it):
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


def missing_lodging(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Nights (all but the last) with no known lodging, unless spent aboard a sleeper train or
    a night flight."""
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


def booking_lead(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
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


def avoided_items(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Restaurants, sights and modes of transport the person said to avoid (a must-see is kept;
    the leg home by a mode asked for it, `TripRequest.home_transport`: 「飞回来」, is no fault)."""
    avoid = it.request.avoid
    home = it.home_leg()
    asked_home = (
        home is not None
        and home.mode is not None
        and (home.mode.value in it.request.home_transport)
    )
    out: list[Problem] = []
    for day, item in all_items(it):
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
        if (
            item.mode is not None
            and item.mode.value in avoid.transport
            and not (asked_home and item is home)
        ):
            out.append(
                (
                    day.index,
                    f"{item.name}用了您不想坐的交通方式",
                    f"{item.name} uses a mode you avoid",
                )
            )
    return out


def must_see_check(it: Itinerary, kb: KnowledgeBase) -> Check:
    """The must-see check: passed when every must-see is visited, else why each is not (closed on
    every day of the trip, or it does not fit) and what to relax."""
    lang = it.lang
    planned = {i.poi_id for _, i in all_items(it) if i.kind == ItemKind.ATTRACTION}
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
