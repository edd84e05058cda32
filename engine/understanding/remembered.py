"""Preferences merged into a request, each recorded as a `Wish` so the report can show it."""

from __future__ import annotations

from collections.abc import Iterable

from engine.domain.diets import set_aside
from engine.domain.request import FoodWish, Pace, TripRequest, Wish, WishKind
from engine.understanding.habits import PreferenceLike, label
from engine.understanding.party import party_value

#: Preferences that hold for every trip ("我不吃辣", "我从来不坐飞机", "I'm vegetarian") and are
#: applied to later plans. Who travels and how fast ("带着老人", "轻松点") belong to one trip:
#: they apply to later trips only when a request does not say who travels.
DURABLE_KINDS = frozenset({"avoid_cuisine", "avoid_transport", "diet"})

#: Preference kind → the `Wish` kind it becomes.
_WISH_KIND: dict[str, WishKind] = {
    "avoid_cuisine": "avoid_food",
    "avoid_transport": "avoid_transport",
    "diet": "food",
    "party": "party",
    "pace": "pace",
}


def asked_now(request: TripRequest, pref: PreferenceLike) -> str | None:
    """The words of `request` that ask for what a remembered `pref` refuses, or None.

    What is asked now wins over a habit: a remembered 「不坐飞机」 meets 「这次飞回去」 / "Fly home
    from Chengdu" (`TripRequest.prefer_transport` holds ``flight``); a remembered 「不吃辣」 meets a
    food wish of that very cuisine ("I love spicy hotpot": ``spicy``). The habit stays remembered
    for later trips; this trip's report says it was set aside and why.
    """
    if pref.kind == "avoid_cuisine":  # 「不吃辣」 remembered, "I love spicy hotpot" now
        return next((f.said or pref.key for f in request.food if f.cuisine == pref.key), None)
    if pref.kind != "avoid_transport" or pref.key not in request.prefer_transport:
        return None
    return next(
        (w.said for w in request.wishes if (w.kind, w.value) == ("transport", pref.key)),
        pref.key,
    )


def mark_habits(request: TripRequest, habits: Iterable[PreferenceLike]) -> TripRequest:
    """`request` with the wishes that `habits` (said with it as habits, kept in long-term
    memory: 「我从来不坐飞机」) come from marked `Wish.habit`, so the report says what was
    remembered. Only the durable kinds (`DURABLE_KINDS`) are marked: they are the ones later
    trips apply."""
    marks = {(_WISH_KIND[p.kind], p.key) for p in habits if p.kind in DURABLE_KINDS}
    if not marks:
        return request
    wishes = tuple(
        w.model_copy(update={"habit": True})
        if (w.kind, w.value) in marks and not w.remembered
        else w
        for w in request.wishes
    )
    return request.model_copy(update={"wishes": wishes})


def apply_preferences(
    request: TripRequest, preferences: Iterable[PreferenceLike], *, remembered: bool = True
) -> TripRequest:
    """`request` with `preferences` merged in (never removes what the request already says).

    Each preference that changes the request adds a `Wish` (`remembered` True for long-term
    memory, False for words said in a follow-up), so the feasibility report shows it and the
    person can take it back (「可以坐飞机」). A remembered diet that this request sets aside
    (`engine.domain.diets.set_aside`: 「想吃火锅」, a company outing) is a wish without its
    `FoodWish`: the report says why it is not applied; so is a remembered mode this request asks
    for (`asked_now`: 「不坐飞机」 meets 「飞回去」). A wish said now keeps its words; a remembered one is
    said as the habit's label in the request's language (`habits.label`: 「素食」, not the "I'm
    vegetarian" of an English conversation weeks ago quoted in a Chinese plan).
    """
    avoid_cuisines = list(request.avoid.cuisines)
    avoid_transport = list(request.avoid.transport)
    food = list(request.food)
    party = request.party
    pace = request.pace
    wishes = list(request.wishes)
    changed = False

    def words(pref: PreferenceLike) -> str:
        return label(pref, request.lang) if remembered else pref.content

    def note(pref: PreferenceLike, value: str) -> None:
        nonlocal changed
        changed = True
        kind = _WISH_KIND[pref.kind]
        if all((w.kind, w.value) != (kind, value) for w in wishes):
            wishes.append(Wish(kind=kind, value=value, said=words(pref), remembered=remembered))

    for pref in preferences:
        if pref.kind == "avoid_cuisine" and pref.key not in avoid_cuisines:
            if not (remembered and asked_now(request, pref)):
                avoid_cuisines.append(pref.key)
            note(pref, pref.key)  # set aside for this trip ("I love spicy food"): its line says why
        elif pref.kind == "avoid_transport" and pref.key not in avoid_transport:
            if not (remembered and asked_now(request, pref)):
                avoid_transport.append(pref.key)
            note(pref, pref.key)  # set aside for this trip (「飞回去」): its line says why
        elif pref.kind == "diet" and all(f.cuisine != pref.key for f in food):
            if not (remembered and set_aside(request, pref.key)):
                food.append(FoodWish(cuisine=pref.key, said=words(pref)))
            note(pref, pref.key)  # set aside for this trip (想吃火锅, 团建): its line says why
        elif pref.kind == "party" and pref.key == "seniors" and party.seniors == 0:
            party = party.model_copy(update={"seniors": 1})
            note(pref, party_value(party))
        elif pref.kind == "party" and pref.key == "children" and party.children == 0:
            party = party.model_copy(update={"children": 1})
            note(pref, party_value(party))
        elif pref.kind == "pace" and pref.key == "relaxed" and pace == Pace.NORMAL:
            pace = Pace.RELAXED
            note(pref, pace.value)
    if not changed:
        return request
    avoid = request.avoid.model_copy(
        update={"cuisines": tuple(avoid_cuisines), "transport": tuple(avoid_transport)}
    )
    return request.model_copy(
        update={
            "avoid": avoid,
            "food": tuple(food),
            "party": party,
            "pace": pace,
            "wishes": tuple(wishes),
        }
    )
