"""The timeline's visit and meal items: a sight or a restaurant from its start to its end, costed
(`engine.planning.visit_costs`) and with its note (tickets, inside transport, lunch inside,
booking, closed parts, the dishes to order)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind
from engine.domain.request import Party, TripRequest
from engine.i18n import pick
from engine.knowledge.hours import part_closures_on
from engine.knowledge.lunar_peaks import peak_words
from engine.knowledge.schema import Attraction, Restaurant
from engine.knowledge.ticket_words import (
    closure_text,
    entry_text,
    fare_rules_text,
    reservation_text,
)
from engine.planning import allergen_dishes, dish_fit, high_party, spice
from engine.planning.candidates import STEP_FREE, avoids_food, diets, gentle_climb, mild_order
from engine.planning.dishes import MEAT_NAMES, diet_order, meat_order
from engine.planning.frames import clock_time
from engine.planning.visit_costs import DINNER_INSIDE_CNY, lunch_and_dinner_inside, visit_cost


def exit_note(place: Attraction, lang: str) -> str:
    """Where a one-way visit comes out (「单程：在阳朔龙头山码头上岸，不回起点」), "" for others."""
    if place.exit is None:
        return ""
    e = place.exit
    return pick(lang, f"单程：终点在{e.name_zh}，不回起点", f"one way: it ends at {e.name_en}, "
                "not where it starts")  # fmt: skip


def gentle_note(place: Attraction, lang: str) -> str:
    """How someone with limited mobility does a climb (`gentle_climb`): by its cable cars, and
    only the gentle part on top."""
    cars = [pick(lang, h.name_zh, h.name_en) for h in place.highlights if h.kind == "cable_car"]
    names = pick(lang, "或", " or ").join(cars[:2]) if cars else pick(lang, "索道", "the cable car")
    return pick(
        lang,
        f"乘{names}上下山，只走山上平缓的一段，台阶多处量力而行",
        f"up and down by {names}; walk only the gentle part on top and skip the long stairways",
    )


def visit_note(
    place: Attraction,
    date: dt.date,
    party: Party,
    lang: str,
    *,
    lunch_inside: bool,
    inside_share: float = 1.0,
    park: Attraction | None = None,
    buys: bool = True,
) -> str:
    """The timeline note of a visit on `date`: how it gets in (`ticket_words.entry_text`: the
    ticket that day and its season, the party's concessions; for a sight inside `park`, the
    park's ticket, bought here when the visit `buys` it), inside transport, lunch inside, how to
    book, a part of the place closed that day."""
    parts = [entry_text(place, park, date, party, lang, buys=buys)]
    inside = place.transport_inside_cny * inside_share
    if inside and "ski" in place.tags:  # a ski area's spend is its lift pass and the gear
        parts.append(
            pick(
                lang,
                f"滑雪：雪票和雪具约{inside:.0f}元/人（估计，以雪场当日价为准）",
                f"skiing: lift pass and gear about {inside:.0f} CNY a person (estimated)",
            )
        )
    elif inside:
        parts.append(
            pick(
                lang,
                f"含景区交通/索道约{inside:.0f}元/人",
                f"incl. about {inside:.0f} CNY cable car/shuttle",
            )
        )
        if rules := fare_rules_text(place.inside_concessions, party, lang):
            parts[-1] += pick(lang, f"（{rules}）", f" ({rules})")
    if lunch_inside and place.meal_inside_cny:
        parts.append(
            pick(
                lang,
                f"午餐在景区内（约{place.meal_inside_cny:.0f}元/人）",
                f"lunch inside (about {place.meal_inside_cny:.0f} CNY)",
            )
        )
    elif lunch_inside:
        parts.append(pick(lang, "午餐在园内解决（价格以园内为准）", "lunch inside (prices there)"))
    parts.append(reservation_text(place, lang, how=False))
    parts += [closure_text(c, lang) for c in part_closures_on(place, date)]
    parts.append(peak_words(place, date, lang))  # 钱塘江大潮: how far the day is from 八月十八
    parts.append(exit_note(place, lang))
    return pick(lang, "；", "; ").join(p for p in parts if p)


def recommended(
    place: Restaurant, request: TripRequest, skip: frozenset[str] = frozenset()
) -> list[int]:
    """Indexes of `place`'s signature dishes to recommend (the first three are): only those
    known to fit the party's diet and the meats or seafood it refuses (`dish_fit.fitting`:
    no 肉夹馍 or 臊子面 for a vegetarian, no 卤菜粉 without pork) — none when no dish is; of
    those, without chili when the place has mild dishes too, and not in `skip` (zh names) —
    these two filters kept only while a dish is left."""
    shown = dish_fit.fitting(place, request)
    if "spicy" in request.avoid.cuisines and spice.mixed(place):  # what is not hot
        shown = [k for k in shown if k in spice.mild_dishes(place)] or shown
    return [k for k in shown if place.signature_dishes_zh[k] not in skip] or shown


def meal_note(place: Restaurant, request: TripRequest, skip: frozenset[str] = frozenset()) -> str:
    """A meal's note at `place`: how to order for what the person avoids or their diet, the
    price a head (CNY) and up to three signature dishes recommended (`recommended`: those known
    to fit the diet and the food avoided, and none of `skip` — zh dish names already
    recommended that day, see `engine.planning.meal_repeats.vary_dishes` — while another is
    left), or, when no dish is known to fit, that the traveller asks (`dish_fit.none_fit`)."""
    lang = request.lang
    shown = recommended(place, request, skip)
    meats = [t for t in request.avoid.cuisines if t in MEAT_NAMES]
    spicy_too = "spicy" in request.avoid.cuisines and spice.mixed(place)
    dishes = (
        "、".join(place.signature_dishes_zh[k] for k in shown[:3])
        if lang == "zh"
        else ", ".join(place.signature_dishes_en[k] for k in shown[:3])
    )
    price = pick(lang, f"人均约{place.price_per_person_cny:.0f}元",
                 f"about {place.price_per_person_cny:.0f} CNY per person")  # fmt: skip
    ordered = "" if avoids_food(place, request) else meat_order(place, meats, lang)
    tried = (pick(lang, f"推荐：{dishes}", f"try: {dishes}") if shown
             else dish_fit.none_fit(request, ask=not ordered))  # fmt: skip
    note = pick(lang, "；", "; ").join((price, tried))
    if avoids_food(place, request):  # kept for this trip's food wish (火锅 with 不吃辣)
        how = pick(lang, f"忌口：{mild_order(place, request, lang)}",
                   f"to avoid what you avoid: {mild_order(place, request, lang)}")  # fmt: skip
        note = pick(lang, "；", "; ").join((how, note))
    elif spicy_too:  # mild dishes beside hot ones (龙抄手: 原汤抄手, not 红油抄手)
        order = spice.order_mild(place, lang, dish_fit.fitting(place, request))
        note = pick(lang, "；", "; ").join((order, note))
    if ordered:  # 不吃猪肉 at a rice-noodle shop
        note = pick(lang, "；", "; ").join((ordered, note))
    for diet in (d for d in diets(request) if d not in place.cuisines):  # said per meal
        note = pick(lang, "；", "; ").join((diet_order(diet, lang), note))
    if warning := allergen_dishes.meal_warning(place, request.avoid.cuisines, lang):
        note = pick(lang, "；", "; ").join((warning, note))  # 「虾蟹贝类：别点金莎鲜虾红米肠」
    return note


def place_item(
    place: Attraction | Restaurant,
    meal: str | None,
    start: int,
    end: int,
    request: TripRequest,
    date: dt.date,
    *,
    lunch_inside: bool,
    inside_share: float = 1.0,
    park: Attraction | None = None,
) -> Item:
    """A visit or a meal at `place` from `start` to `end` (minutes); a sight inside `park` is
    costed and worded as the visit that buys the park's ticket (`engine.planning.park_tickets`
    settles which visit of the trip does)."""
    lang = request.lang
    if isinstance(place, Restaurant):
        note = meal_note(place, request)
        kind = ItemKind.MEAL
    else:
        kind = ItemKind.ATTRACTION
        if lunch_inside:
            meal = "lunch"
        note = visit_note(place, date, request.party, lang, lunch_inside=lunch_inside,
                          inside_share=inside_share, park=park)  # fmt: skip
        if meal == "dinner" or lunch_and_dinner_inside(meal, start, end):  # a long visit after
            price = place.meal_inside_cny or DINNER_INSIDE_CNY  # dark, or all day with lunch
            note = pick(lang, "；", "; ").join((note, pick(
                lang, f"晚餐在景区内解决（约{price:.0f}元/人，估计）",
                f"dinner inside (about {price:.0f} CNY a head, estimated)")))  # fmt: skip
        if gentle_climb(place, request):
            note = pick(lang, "；", "; ").join((gentle_note(place, lang), note))
        if place.step_free and STEP_FREE & set(request.access):  # its own access facts
            note = pick(lang, "；", "; ").join((pick(lang, place.access_note_zh,
                                                     place.access_note_en), note))  # fmt: skip
        if high := high_party.visit_note(place, request, lang):  # its low part only
            note = pick(lang, "；", "; ").join((high, note))
    return Item(
        kind=kind,
        name=place.name(lang),
        poi_id=place.id,
        start=clock_time(start),
        end=clock_time(end),
        lat=place.lat,
        lon=place.lon,
        cost_cny=visit_cost(
            place,
            request.party,
            date,
            lunch_inside=lunch_inside,
            inside_share=inside_share,
            park=park if isinstance(place, Attraction) else None,
            dinner_inside=meal == "dinner" or lunch_and_dinner_inside(meal, start, end),
        ),
        meal=meal,
        note=note,
    )
