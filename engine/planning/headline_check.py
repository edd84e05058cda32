"""The ``headline`` check (a warning): a destination's headline sights the plan leaves out, each
with its reason — declined by the person, closed on the trip's dates, over a tight budget, or
not fitting — and what would make room. Also which sights count as declined, for the wishes'
answers (`engine.planning.wish_places`, `engine.planning.wish_access`)."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import open_windows
from engine.knowledge.prices import adult_price
from engine.knowledge.schema import Attraction
from engine.knowledge.shows import days_words, shows_on
from engine.planning.candidates import access_excludes, same_thing
from engine.planning.full_days import WHOLE_DAY_MINUTES
from engine.planning.left_out import pace_reason

#: Tickets dearer than this (CNY) are what a tight budget leaves out (`planner.TIGHT_TICKET_CAP`).
BUDGET_TICKET = 60.0


def _planned(plan: Itinerary) -> set[str | None]:
    """The ids of the sights the plan visits."""
    return {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}


def missing_reason(place: Attraction, plan: Itinerary, lang: str) -> tuple[str, str]:
    """Why `place` is not in `plan`, and what would make room."""
    dates = [d.date for d in plan.days]
    if all(not open_windows(place.hours, day) for day in dates):
        return (
            pick(lang, f"{place.name_zh}在行程日期都不开放", f"{place.name_en} is closed on every "
                 "day of the trip"),
            pick(lang, "换个日期", "choose other dates"),
        )  # fmt: skip
    if place.shows and not any(shows_on(place, day) for day in dates):  # 钱江新城's light show
        when = pick(lang, "、", ", ").join(
            w for w in (days_words(s, lang) for s in place.shows) if w
        )
        return (
            pick(lang, f"{place.name_zh}的表演只在{when or '演出季'}上演，行程的日子都没有",
                 f"{place.name_en}'s show plays only on {when or 'its season'}, on none of the "
                 "trip's days"),
            pick(lang, "换个日期（包含演出的日子）", "choose dates that include a show day"),
        )  # fmt: skip
    price = adult_price(place, dates[0]) if dates else place.ticket_cny
    budget = plan.request.budget_cny
    if budget is not None and price > BUDGET_TICKET and plan.total_cost_cny > 0.8 * budget:
        people = plan.request.party.size
        return (
            pick(lang, f"预算较紧，没有安排{place.name_zh}（门票约{price:.0f}元/人）",
                 f"the budget is tight: {place.name_en} left out (ticket about {price:.0f} CNY)"),
            pick(lang, f"预算多留约{price * people:.0f}元", f"about {price * people:.0f} CNY more "
                 "in the budget"),
        )  # fmt: skip
    paced = pace_reason(place, plan)
    if paced is not None:  # the pace, not the time: a free afternoon is not 「排不下」
        return paced, pick(
            lang, "多留一天，或说「节奏紧凑一点」", "add a day, or ask for a faster pace"
        )
    hours = place.visit_minutes / 60
    given = join_names([pick(lang, f"第{k}天整天给了{name}", f"day {k} is given to {name}")
                        for k, name in _named_whole_days(plan)], lang)  # fmt: skip
    return (
        pick(lang, f"{place.name_zh}需约{hours:.1f}小时，行程排不下" + (f"（{given}）" if given else ""),
             f"{place.name_en} takes about {hours:.1f} h and does not fit"
             + (f" ({given})" if given else "")),
        pick(lang, "多留一天，或少去几个别的地方", "add a day, or drop another place"),
    )  # fmt: skip


def _named_whole_days(plan: Itinerary) -> list[tuple[int, str]]:
    """(day, name) of each day given to a place the person named that takes the whole day
    (`full_days.WHOLE_DAY_MINUTES`: 上海迪士尼 08:30–19:30) — why fewer headline sights fit."""
    return [(d.index, i.name) for d in plan.days for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.poi_id in plan.request.must_see
            and clock_minutes(i.end) - clock_minutes(i.start) >= WHOLE_DAY_MINUTES]  # fmt: skip


def headline_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """The ``headline`` check (a warning): headline sights of each destination that the plan
    leaves out (one of two that are the same thing at two places — 八达岭 or 慕田峪, one Great
    Wall: `candidates.same_thing` — is not left out when the other is planned), each with its reason — declined by the person, closed on the trip's dates, or
    not fitting — and what would make room."""
    lang = plan.lang
    request = plan.request
    planned = _planned(plan)
    declined, missing = [], []
    for dest_id in request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        seen = [a for a in dest.attractions if a.id in planned]
        for poi in dest.headline:
            place = kb.attraction(poi)
            if place is None or poi in planned:
                continue
            if any(same_thing(place, other, dest) for other in seen):  # 慕田峪 for 八达岭
                continue
            if is_declined(place, request):
                declined.append(place.name(lang))
            else:
                missing.append(place)
    if not declined and not missing:
        return Check(code="headline", passed=True, severity="warning",
                     message=pick(lang, "代表景点都已安排", "every headline sight is in the plan"))  # fmt: skip
    parts = []
    if declined:
        parts.append(pick(lang, f"按您的要求没有安排{join_names(declined, lang)}",
                          f"left out as you asked: {join_names(declined, lang)}"))  # fmt: skip
    relax = None
    for place in missing:
        reason, relax = missing_reason(place, plan, lang)
        parts.append(reason)
    return Check(code="headline", passed=not missing, severity="warning",
                 message=pick(lang, "；", "; ").join(parts), relax=relax or None)  # fmt: skip


def is_declined(place: Attraction, request: TripRequest) -> bool:
    """Whether the person declined `place`: by name, by a kind they avoid, or by their access
    needs (`candidates.access_excludes`)."""
    return (
        place.id in request.avoid.places
        or bool(set(request.avoid.tags) & set(place.tags))
        or access_excludes(place, request)
    )


def declined_headlines(plan: Itinerary, kb: KnowledgeBase, test: object) -> list[str]:
    """Names (in the plan's language) of the headline sights left out of `plan` that pass
    `test` (a callable on an `Attraction`)."""
    planned = _planned(plan)
    out = []
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        for poi in dest.headline if dest else ():
            place = kb.attraction(poi)
            if place and poi not in planned and callable(test) and test(place):
                out.append(place.name(plan.lang))
    return out


def is_headline(poi: str, kb: KnowledgeBase) -> bool:
    """Whether `poi` is a headline sight of its destination."""
    dest = kb.destination_of(poi)
    return dest is not None and poi in dest.headline
