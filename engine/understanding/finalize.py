"""finalize: a draft of a request checked — problems, defaults, names resolved to POI ids —
and, when all is well, the `TripRequest` with every wish in the person's words."""

from __future__ import annotations

import datetime as dt

from pydantic import ValidationError

from engine.domain.request import (
    MAX_DAYS,
    MAX_PEOPLE,
    MIN_DAYS,
    Avoid,
    Pace,
    Party,
    TripRequest,
    Wish,
    area_value,
)
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch, gazetteer_for
from engine.understanding.activities import activity_key, is_activity_words, resolve_activity
from engine.understanding.area_sights import area_sights
from engine.understanding.area_stays import district_stays
from engine.understanding.attractions import highlights_named
from engine.understanding.day_trips import find_day_trips
from engine.understanding.destination_ideas import destination_ideas
from engine.understanding.found import Found
from engine.understanding.gateways import drop_gateways
from engine.understanding.limits import MAX_BUDGET, MIN_BUDGET, date_range
from engine.understanding.moment_places import moment_area_sight
from engine.understanding.peak_dates import peak_start
from engine.understanding.place_find import place_wishes
from engine.understanding.region_trips import expand
from engine.understanding.resolve import (
    is_interest_words,
    lodging_wish,
    wishes,
    without_interest_words,
)
from engine.understanding.result import ParseProblem, ParseResult, RequestDraft
from engine.understanding.trip_hours import request_fields

#: Trip length used when the text gives none (recorded in `ParseResult.defaulted`).
DEFAULT_DAYS = 2


def finalize(draft: RequestDraft, kb: KnowledgeBase | None) -> ParseResult:
    """Validate a draft: problems, defaults, attraction ids; the request when all is well."""
    gaz = gazetteer_for(kb)
    problems: list[ParseProblem] = []
    defaulted: set[str] = set()
    if kb is not None:
        drop_gateways(draft, kb)  # 青海湖3天，从西安坐高铁到西宁: 西宁 is the way in
    _route_regions(draft, gaz)
    for option, value in draft.bad_options:
        problems.append(ParseProblem("bad_option", name=option, value=value))
    if not draft.destinations:
        if draft.unknown_places:
            name = draft.unknown_places[0]
            problems.append(
                ParseProblem(
                    "unknown_place", name=name, suggestions=tuple(gaz.suggest(name, limit=3))
                )
            )
        else:  # "somewhere warm in January": destinations offered for what was said
            origin = draft.departure
            ideas = destination_ideas(
                draft.text,
                kb.destinations.values() if kb is not None else (),
                draft.start_date.month if draft.start_date else None,
                (origin.lat, origin.lon) if origin and origin.lat and origin.lon else None,
            )
            problems.append(ParseProblem("no_destination", ideas=ideas, days=draft.days))
    uncovered = [place for place in draft.destinations if not place.covered]
    if uncovered:  # one problem for all: 我们还没有大理、丽江的景点数据…
        names = ("、" if draft.lang == "zh" else ", ").join(p.label(draft.lang) for p in uncovered)
        nearby = tuple(gaz.nearest_covered(uncovered[0], limit=3))
        problems.append(ParseProblem("uncovered_place", name=names, nearby=nearby))
    days = draft.days
    if days is None or draft.days_approximate:
        days = days or DEFAULT_DAYS
        defaulted.add("days")
    if not MIN_DAYS <= days <= MAX_DAYS:
        problems.append(ParseProblem("bad_days", value=days, valid_range=(MIN_DAYS, MAX_DAYS)))
    adults, children, seniors = draft.party or (1, 0, 0)
    if draft.party is None:
        defaulted.add("party")
    if max(adults, children, seniors) > MAX_PEOPLE or adults + children + seniors < 1:
        problems.append(
            ParseProblem(
                "bad_people", value=adults + children + seniors, valid_range=(1, MAX_PEOPLE)
            )
        )
    if draft.invalid_date is not None:
        problems.append(ParseProblem("bad_date", name=draft.invalid_date))
    if draft.budget_cny is not None and not MIN_BUDGET <= draft.budget_cny <= MAX_BUDGET:
        problems.append(
            ParseProblem("bad_budget", value=draft.budget_cny, valid_range=(MIN_BUDGET, MAX_BUDGET))
        )
    allowed = date_range(draft.today or dt.date.today())
    if draft.start_date is not None and not allowed[0] <= draft.start_date <= allowed[1]:
        problems.append(
            ParseProblem("bad_start_date", value=draft.start_date.isoformat(), date_range=allowed)
        )
    if draft.start_date is None:
        defaulted.add("start_date")
    dest_ids = tuple(
        dict.fromkeys(p.destination_id for p in draft.destinations if p.destination_id)
    )
    must_see = list(draft.place_attractions)
    unmatched: list[str] = []
    must_ids = {poi_id: poi_id for poi_id in must_see}
    spots = highlights_named(draft.text, kb, dest_ids)  # 牛奶海: a spot of 亚丁景区
    for spot in spots:  # (a spot that is a moment, 升旗仪式, is answered at its hour)
        if is_interest_words(spot) and draft.experiences:
            continue
        if not any(spot in name or name in spot for name in draft.must_see):
            draft.must_see.append(spot)
            draft.found.append(Found("must_see", spot, spot, (0, 0)))
    for name in draft.must_see:
        if is_activity_words(name):
            continue  # 想看京剧: an activity (`_activities`), not a place's name
        if _is_trip_itself(gaz, name, dest_ids):
            continue  # "want to visit Beijing": the trip itself, not a sight of it
        if _names_run_together(name, draft.found):
            continue  # 「天坛长城颐」 (颐和园 cut at 和): each sight in it has its own row
        inside = next((spots[s] for s in spots if s in name), None)
        if inside is not None:
            must_see.append(inside)
            must_ids[name] = inside
            continue
        hit = gaz.find_attraction(name, dest_ids or None)
        if hit is None and (bare := without_interest_words(name)) and bare != name:
            hit = gaz.find_attraction(bare, dest_ids or None)  # 想看天安门升旗 → 天安门
        if hit is None and dest_ids:  # 长城 on a Beijing trip: its Great Wall, not 丹东's 虎山
            hit = gaz.partial(name, dest_ids)
        if (
            hit is not None
            and dest_ids
            and hit.destination_id not in dest_ids
            and (is_interest_words(name))
        ):  # 「住在能看到夜景的酒店」 in 重庆: a moment here, not 西江's 观景台（夜景）
            hit = None
        named = _named_as_place(name, draft)  # 「一定要去长城」: 长城 was read as a place
        area = moment_area_sight(name, kb, dest_ids) if hit is None and named is None else None
        if hit is None and named is not None:
            must_ids[name] = named
        elif area is not None:  # 西湖日落: the moment at 雷峰塔, not an unknown place
            must_see.append(area)
            must_ids[name] = area
        elif hit is not None and hit.poi_id:
            must_see.append(hit.poi_id)
            must_ids[name] = hit.poi_id
        elif not is_interest_words(name) and len(name.strip()) > 1:  # 想看日出, 想看雪: no place
            unmatched.append(name)
            must_ids[name] = name
    _activities(draft, kb, dest_ids, must_see)
    trips = find_day_trips(draft.text, kb, dest_ids)  # 当天往返涠洲岛: seen, no night there
    for trip in trips:
        if trip.poi not in must_see:
            must_see.append(trip.poi)
            draft.found.append(Found("must_see", trip.poi, trip.said, (0, 0)))
    must_ids.update({poi: poi for poi in must_see if poi not in must_ids})
    avoid_ids = {
        name: hit.poi_id
        for name in draft.avoid_places
        if (hit := gaz.find_attraction(name, dest_ids or None)) and hit.poi_id
    }
    avoid_places = list(avoid_ids.values())
    for poi in _refused_places(draft, avoid_places):  # 不去环球影城: the place, not a goal
        avoid_places.append(poi)
        avoid_ids[poi] = poi
    for name in draft.avoid_places:  # 不去西湖: an area of several sights, none of them planned
        if name not in avoid_ids and (in_area := area_sights(name, kb, dest_ids)):
            in_area = [poi for poi in in_area if poi not in must_see]  # 不去西湖，想看雷峰塔
            if not in_area:
                continue
            avoid_places.extend(poi for poi in in_area if poi not in avoid_places)
            avoid_ids[name] = area_value(name, in_area)
    for name in draft.avoid_places:  # 不去X where X is no place we know: answered, not dropped
        avoid_ids.setdefault(name, name)
    lodging, lodging_values = lodging_wish(draft.lodging, kb, gaz, dest_ids)
    if trips:  # no night there (`LodgingWish.day_trip`); answered by where the nights are
        lodging = lodging.model_copy(update={"day_trip": tuple(t.area for t in trips)})
    for trip in trips:
        lodging_values[f"day-trip:{trip.area}"] = f"day-trip:{trip.area}"
        draft.found.append(Found("lodging_area", f"day-trip:{trip.area}", trip.said, (0, 0)))
    if (
        not lodging.near and days > 1
    ):  # 「去顺德吃两天」: the nights in 顺德 (大良), not in 佛山's centre
        for said, stay in district_stays(draft.text, kb, dest_ids):
            lodging = lodging.model_copy(update={"near": (*lodging.near, stay)})
            lodging_values[said] = stay
            draft.found.append(Found("lodging_area", said, said, (0, 0)))
    if (peak := peak_start(draft.start_date, draft.found, must_see, kb, days)) is not None:
        draft.start_date = peak  # 「九月看钱塘江大潮」: on 八月十八, not the month's first Saturday
    request = None
    if not problems:
        party = Party(
            adults=adults,
            children=children,
            seniors=seniors,
            child_ages=tuple(draft.child_ages),
            senior_ages=tuple(draft.senior_ages),
        )
        per_dest = _destination_days(draft, dest_ids, days)
        said_days = (
            ",".join(f"{d}:{n}" for d, n in zip(dest_ids, per_dest, strict=True) if n)
            if per_dest
            else str(days)
        )
        places_said = place_wishes(draft, avoid_places)  # 去鼓浪屿, a region's route
        if any(w.kind == "days" for w in places_said):
            draft.found = [f for f in draft.found if f.kind != "days"]
        found_wishes = wishes(
            [*draft.found, *(Found(w.kind, w.value, w.said, (0, 0)) for w in places_said)],
            must_see=must_ids,
            avoid_places=avoid_ids,
            lodging=lodging_values,
            party=party,
            start_date=draft.start_date,
            budget_cny=draft.budget_cny,
            days=said_days,
        )
        found_wishes = _one_row_per_place(found_wishes, avoid_places)
        try:
            request = TripRequest(
                departure=_departure_value(draft.departure),
                destinations=dest_ids,
                days=days,
                start_date=draft.start_date,
                party=party,
                budget_cny=draft.budget_cny,
                pace=draft.pace or Pace.NORMAL,
                earliest_start=draft.earliest_start,
                interests=tuple(draft.interests),
                avoid=Avoid(
                    cuisines=tuple(draft.avoid_cuisines),
                    transport=tuple(draft.avoid_transport),
                    tags=tuple(draft.avoid_tags),
                    places=tuple(dict.fromkeys(avoid_places)),
                ),
                must_see=tuple(dict.fromkeys(p for p in must_see if p not in avoid_places)),
                mornings=tuple(w.value for w in found_wishes if w.kind == "morning"),
                afternoons=tuple(w.value for w in found_wishes if w.kind == "afternoon"),
                evenings=tuple(w.value for w in found_wishes if w.kind == "evening"),
                prefer_transport=tuple(draft.prefer_transport),
                home_transport=tuple(draft.home_transport),
                between_transport=tuple(draft.between_transport),
                local_transport=draft.local_transport,
                max_rail_minutes=draft.max_rail_minutes,
                food=tuple(draft.food),
                lodging=lodging,
                access=tuple(draft.access),
                experiences=tuple(draft.experiences),
                destination_days=per_dest,
                wishes=found_wishes,
                unrecognized=_unrecognized(draft),
                lang=draft.lang,
                text=draft.text or None,
            )
            request = request.model_copy(update=request_fields(found_wishes, days))
        except ValidationError:  # a value outside the model's bounds that no check above caught
            problems.append(ParseProblem("bad_option", name="request", value=draft.text[:40]))
    return ParseResult(
        request=request,
        problems=tuple(problems),
        draft=draft,
        departure=draft.departure,
        destinations=tuple(draft.destinations),
        defaulted=frozenset(defaulted),
        unmatched_must_see=tuple(unmatched),
        lang=draft.lang,
    )


def _departure_value(place: PlaceMatch | None) -> str | None:
    if place is None:
        return None
    return place.destination_id if place.destination_id and place.poi_id is None else place.name_zh


def _destination_days(draft: RequestDraft, dest_ids: tuple[str, ...], days: int) -> tuple[int, ...]:
    """`draft.destination_days` aligned with the request's destinations (a place named twice
    or not covered drops out of both), or () when not said or when they do not fit the trip's
    `days` (all said: they add up to it; some left to the planner, 0: they stay under it)."""
    if not draft.destination_days or len(draft.destination_days) != len(draft.destinations):
        return ()
    per: dict[str, int] = {}
    for place, n in zip(draft.destinations, draft.destination_days, strict=True):
        if place.destination_id and place.destination_id not in per:
            per[place.destination_id] = n
    aligned = tuple(per.get(d, 0) for d in dest_ids)
    fits = sum(aligned) == days or (0 in aligned and sum(aligned) < days)
    return aligned if any(aligned) and fits else ()


def _route_regions(draft: RequestDraft, gaz: Gazetteer) -> None:
    """Regions become routes once the days and the departure are final (云南7天 → 昆明 → 大理 →
    丽江); a region named without days gets a route's length, marked approximate."""
    vague = draft.days is None or draft.days_approximate
    refused = {
        place.destination_id
        for name in draft.avoid_places
        if (place := gaz.resolve(name)) is not None
        and place.destination_id
        and gaz.is_destination(place)
    }  # 「川西7天，不去九寨沟」: no stop there
    routed = expand(
        draft.destinations,
        draft.place_named,
        None if vague else draft.days,
        draft.departure,
        gaz,
        refused=refused,
    )
    if routed.routes:
        draft.destinations, draft.destination_days = routed.destinations, routed.days
        draft.place_routes = routed.routes
        draft.notes.extend(routed.routes)
        if vague:
            draft.days, draft.days_approximate = routed.trip_days, True


def _is_trip_itself(gaz: Gazetteer, name: str, dest_ids: tuple[str, ...]) -> bool:
    """Whether a name said as a must-see is one of the trip's destinations itself ("want to
    visit Beijing" on a Beijing trip): a place, not a sight to look up (never 北京动物园)."""
    place = gaz.resolve(name.strip())
    return place is not None and place.destination_id in dest_ids and gaz.is_destination(place)


def _names_run_together(name: str, found: list[Found]) -> bool:
    """Whether a name read after a cue holds two or more sights found by name on their own
    (「想看天坛长城颐和园」 read as 「天坛长城颐」: 天坛 and 长城): a run of names, not one."""
    inside = {f.value for f in found if f.kind == "must_see" and f.said != name and f.said in name}
    return len(inside) >= 2


def _named_as_place(name: str, draft: RequestDraft) -> str | None:
    """The sight read from the same words as a place to go (去长城 → 八达岭长城), if any."""
    for poi_id in draft.place_attractions:
        said = draft.place_said.get(poi_id, "")
        if said and (said in name or name in said):
            return poi_id
    return None


def _one_row_per_place(found: tuple[Wish, ...], avoided: list[str]) -> tuple[Wish, ...]:
    """The wishes less a must-see of a refused place, less a kind of sight read from the words
    that name a must-see (「一定要去环球影城」: the place is the wish, answered once; the kind
    stays an interest for the planner), and less a must-see read from where to sleep (「住亚龙湾」
    is answered by the nights; the beach stays a must-see for the planner)."""
    places = [w.said for w in found if w.kind == "must_see" and w.value not in avoided and w.said]
    stays = [w.said for w in found if w.kind == "lodging_area" and w.said]
    return tuple(
        w for w in found
        if not (w.kind == "must_see" and w.value in avoided)
        and not (w.kind == "interest" and any(p in w.said or w.said in p for p in places))
        and not (w.kind == "must_see" and w.said and any(w.said in s for s in stays))
    )  # fmt: skip


def _refused_places(draft: RequestDraft, avoided: list[str]) -> list[str]:
    """Sights read as places to go whose words stand inside a refusal (「不去环球影城」: 环球影城
    is also a kind-of-sight word, theme parks): the place is refused — never a must-see — and
    the refusal is of that place, not of every sight of the kind (Happy Valley stays).

    The refusals found are rewritten in `draft.found` (``avoid_tag`` → ``avoid_place`` of the
    POI id) and the kind leaves `draft.avoid_tags` unless other words refuse it too.
    """
    out: list[str] = []
    found: list[Found] = []
    for f in draft.found:
        hits = [poi for poi in draft.place_attractions
                if f.kind in ("avoid_tag", "avoid_place") and f.said
                and (said := draft.place_said.get(poi, "")) and said in f.said]  # fmt: skip
        if not hits:
            found.append(f)
            continue
        for poi in hits:
            if poi not in avoided and poi not in out:
                out.append(poi)
            found.append(Found("avoid_place", poi, f.said, f.span))
    draft.found = found
    tags = {f.value for f in found if f.kind == "avoid_tag"}
    draft.avoid_tags = [t for t in draft.avoid_tags if t in tags]
    return out


def _unrecognized(draft: RequestDraft) -> tuple[str, ...]:
    """What was not understood, once each, leaving out words that a wish was read from (「不要太赶」
    said four times is one relaxed pace, not three 「没看懂」)."""
    said = {f.said.strip() for f in draft.found if f.said}
    return tuple(u for u in dict.fromkeys(draft.unrecognized) if u.strip() not in said)


def _activities(
    draft: RequestDraft, kb: KnowledgeBase | None, dest_ids: tuple[str, ...], must_see: list[str]
) -> None:
    """Activities wished (想听相声) that a sight of the destinations offers become must-sees in
    the person's words (added to `must_see`); the others stay ``other`` wishes, answered ❌."""
    found = []
    for f in draft.found:
        key = activity_key(f.value) if f.kind == "other" else None
        poi = resolve_activity(key, kb, dest_ids, f.said) if key else None
        if poi is None:
            found.append(f)
        elif poi not in must_see:
            must_see.append(poi)
            found.append(Found("must_see", poi, f.said, f.span))
        else:  # 环岛路骑车: the sight named is where it is done; the activity is said with it
            at = next(
                (i for i, g in enumerate(found) if (g.kind, g.value) == ("must_see", poi)), None
            )
            if at is None:
                place = draft.place_said.get(poi, "")
                said = f"{place} · {f.said}" if place and place not in f.said else f.said
                found.append(Found("must_see", poi, said, f.span))
            elif f.said not in found[at].said:
                g = found[at]
                found[at] = Found("must_see", poi, f"{g.said} · {f.said}", g.span)
    draft.found = found
