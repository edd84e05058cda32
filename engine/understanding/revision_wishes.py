"""Wishes said in a follow-up (「想吃火锅」, 「住外滩附近」, "take the train") added to the current
request, read by the same extractors as a new request."""

from __future__ import annotations

from typing import Any

from engine.domain.request import TripRequest, Wish
from engine.i18n import pick
from engine.knowledge.gazetteer import gazetteer_for
from engine.planning.lodging_wish import replace_stay
from engine.understanding.access import find_access, find_moments
from engine.understanding.food import find_food
from engine.understanding.found import Found
from engine.understanding.leg_times import without_leg_times
from engine.understanding.leg_words import named_leg
from engine.understanding.lodging import find_lodging
from engine.understanding.modes import find_modes
from engine.understanding.morning_visits import find_morning_visits
from engine.understanding.mornings import find_late_start, start_minutes
from engine.understanding.resolve import lodging_wish
from engine.understanding.sights import named_sights
from engine.understanding.text import normalize
from engine.understanding.trip_hours import find_trip_hours, request_fields
from engine.understanding.weather import find_weather


def add_wishes(
    text: str, request: TripRequest, kb: Any, lang: str
) -> tuple[TripRequest, list[str]]:
    """`request` with the new wishes of `text` added (never removing what it had, except where
    to stay: a place said now replaces the one said before in its destination,
    `engine.planning.lodging_wish.replace_stay`), and one change description per wish added
    («记下了：想吃火锅»)."""
    text = normalize(text)
    modes = find_modes(without_leg_times(text))  # "my flight lands at 22:00": no wish to fly
    food, lodging = find_food(text), find_lodging(text)
    access, moments = find_access(text), find_moments(text)
    update: dict[str, Any] = {}
    added: list[Found] = []
    leg = named_leg(text, request, kb) if len(modes.prefer) == 1 and not modes.home else None
    if leg is not None:  # "train from Xi'an to Chengdu": that leg only, the others keep theirs
        mode, pair = modes.prefer[0], f"{leg[0]}>{leg[1]}"
        words = next(f.said for f in modes.found if f.kind == "transport")
        words = text.strip() if len(text.strip()) <= 60 else words
        kept_legs = [e for e in request.leg_transport if not e.startswith(f"{pair}:")]
        update["leg_transport"] = (*kept_legs, f"{pair}:{mode}")
        added.append(Found("leg_transport", f"{pair}:{mode}", words, (0, 0)))
        modes.prefer.clear()
        modes.found = [f for f in modes.found if f.kind != "transport"]

    def extend(field: str, values: list[str], items: list[Found], current: tuple[str, ...]) -> None:
        new = [v for v in values if v not in current]
        if new:
            update[field] = (*current, *new)
            added.extend(f for f in items if f.value in new)

    # A mode asked for now replaces the trip's modes said before ("fly from Shanghai and fly
    # back instead" after "by train"): what is asked last is what the person wants.
    dropped = [m for m in request.prefer_transport if modes.prefer and m not in modes.prefer]
    if modes.prefer and tuple(modes.prefer) != request.prefer_transport:
        update["prefer_transport"] = tuple(modes.prefer)
        added.extend(f for f in modes.found if f.kind == "transport")
    kept = _kept_between(modes.prefer, modes.home, dropped, request)
    if kept:  # "fly there and back instead": the legs between the cities stay as they were
        update["between_transport"] = kept
        added.extend(
            Found("between_transport", m, w.said, (0, 0))
            for m in kept
            for w in request.wishes
            if (w.kind, w.value) == ("transport", m)
        )
    # 「飞回去」; the way home said again replaces the one said before ("take the train back
    # instead" after "fly back")
    home_dropped = [m for m in request.home_transport if modes.home and m not in modes.home]
    if modes.home and tuple(modes.home) != request.home_transport:
        update["home_transport"] = tuple(modes.home)
        added.extend(f for f in modes.found if f.kind == "home_transport")
    extend("between_transport", modes.between, modes.found, request.between_transport)
    # A mode asked for now wins over the same mode refused before (「飞回去」 after 「不坐飞机」):
    # a refusal said for this trip is taken back; a remembered one stays a wish, answered as set
    # aside for this trip (`engine.understanding.remembered.asked_now`).
    freed = [m for m in modes.prefer if m in request.avoid.transport]
    kept_avoid = tuple(m for m in request.avoid.transport if m not in freed)
    avoid_transport = [m for m in modes.avoid if m not in kept_avoid]
    avoid_food = [c for c in food.avoid if c not in request.avoid.cuisines]
    if avoid_transport or avoid_food or freed:
        update["avoid"] = request.avoid.model_copy(
            update={
                "transport": (*kept_avoid, *avoid_transport),
                "cuisines": (*request.avoid.cuisines, *avoid_food),
            }
        )
        added += [
            f for f in modes.found if f.kind == "avoid_transport" and f.value in avoid_transport
        ]
        added += [f for f in food.found if f.kind == "avoid_food" and f.value in avoid_food]
    if modes.max_rail_minutes is not None and modes.max_rail_minutes != request.max_rail_minutes:
        update["max_rail_minutes"] = modes.max_rail_minutes  # 「火车别超过4小时」 as a follow-up
        added += [f for f in modes.found if f.kind == "max_rail"]
    if modes.local and modes.local != request.local_transport:
        update["local_transport"] = modes.local
        added += [f for f in modes.found if f.kind == "local_transport"]
    wanted = [f for f in food.food if all(f.cuisine != g.cuisine for g in request.food)]
    if wanted:
        update["food"] = (*request.food, *wanted)
        added += [
            f for f in food.found if f.kind == "food" and f.value in {w.cuisine for w in wanted}
        ]
    extend("access", [f.value for f in access], access, request.access)
    # 「熊猫基地一大早去」, "Hongyadong in the evening": a named sight at a part of the day
    sights = named_sights(text, gazetteer_for(kb), request.destinations, ())
    parts = find_morning_visits(text, [(f.value, f.span) for f in sights])
    for kind, field in (("morning", "mornings"), ("afternoon", "afternoons"),
                        ("evening", "evenings")):  # fmt: skip
        said = [f for f in parts if f.kind == kind]
        extend(field, [f.value for f in said], said, getattr(request, field))
    named = [f.value for f in parts if kb.attraction(f.value) is not None]
    if any(p not in request.must_see for p in named):  # a place named is a must-see
        update["must_see"] = (*request.must_see, *(p for p in named if p not in request.must_see))
    extend("experiences", [f.value for f in moments], moments, request.experiences)
    known = {w.value for w in request.wishes if w.kind == "weather"}
    added += [f for f in find_weather(text) if f.value not in known]  # 「孩子怕冷」 said later
    late = find_late_start(text)  # 「以后都不想早起」: days set out later from now on
    if late is not None and start_minutes(late.value) != request.earliest_start:
        update["earliest_start"] = start_minutes(late.value)
        added.append(late)
    own = [f for f in find_trip_hours(text)  # 「第二天要开会」, "my flight lands at 22:00"
           if all((w.kind, w.value) != (f.kind, f.value) for w in request.wishes)]  # fmt: skip
    added += own
    before = request.wishes
    if lodging.found:  # where to stay said again replaces where it was said before
        wish, values = lodging_wish(lodging, kb, gazetteer_for(kb), request.destinations)
        moved = replace_stay(request, wish, [], kb)
        update["lodging"], before = moved.lodging, moved.wishes
        added += [
            Found(f.kind, values.get(f.value, f.value), f.said, f.span)
            for f in lodging.found
            if f.kind != "lodging_area" or f.value in values
        ]
    if not added:
        return request, []
    replaced = {f.kind for f in added} & {"day_start", "max_rail", "arrival", "departure"}
    wishes = [w for w in before if w.kind not in replaced
              and not (w.kind == "avoid_transport" and w.value in freed and not w.remembered)
              and not (w.kind == "transport" and w.value in dropped)
              and not (w.kind == "home_transport" and w.value in home_dropped)]  # fmt: skip
    for item in added:
        if all((w.kind, w.value) != (item.kind, item.value) for w in wishes):
            wishes.append(Wish(kind=item.kind, value=item.value, said=item.said))
    update["wishes"] = tuple(wishes)
    if own:  # the hours said now with those said before (one arrival, one departure home)
        update.update(request_fields(wishes, request.days))
    changes = [
        pick(lang, f"城市之间仍按「{f.said}」", f"“{f.said}” kept between the cities")
        if f.kind == "between_transport" and f.value in kept
        else pick(lang, f"记下了：{f.said}", f"noted: {f.said}")
        for f in added
    ]
    return request.model_copy(update=update), list(dict.fromkeys(changes))


def _kept_between(
    prefer: list[str], home: list[str], dropped: list[str], request: TripRequest
) -> tuple[str, ...]:
    """The trip's modes said before that a follow-up asking new modes out and home (both
    said: "fly from Shanghai and fly back instead") leaves on the legs between the
    destinations — it named the ways to and from home, not those — else ()."""
    if not (prefer and home and dropped) or len(request.destinations) < 2:
        return ()
    if request.between_transport:
        return ()
    return tuple(dropped)
