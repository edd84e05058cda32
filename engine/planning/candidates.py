"""Candidate places for a stay: which attractions and restaurants, and how much each is worth.

Score of an attraction: ``popularity² × (1 + 0.5 × interest matches, at most +100 %)``, ×1.3 for
``kids`` places when children travel and for ``seniors-friendly`` places when seniors travel, ×0.6
for ``hiking`` places when seniors travel. Popularity is the knowledge base's 1–5 rating. Avoided
tags and places are removed, not down-weighted, and so is a sight planned only on request (tag
``on-request``: 攀岩, a jazz bar) that the person did not name; so are places the person's access needs rule out
(`access_excludes`: hiking without a cable car for limited mobility, any hiking for a wheelchair
or a pushchair, a place reached only by steps for each of them); a mountain with a cable car is visited by cable car in half its time
(`for_access`) by someone with limited mobility.

What to see first: a destination's *headline sights* (`Destination.headline`, e.g. 故宫 and the
Great Wall) carry their rank here; the TOPTW model gives them a prize above the sum of every other
sight's (`engine.planning.model`), so no set of minor sights outweighs one of them. Variety: the
k-th sight of one kind (`kind_of`: street, museum, temple, garden …) in score order is worth
`VARIETY_DECAY`^k of its score — the third museum is worth half the first — and two sights that
are the same thing at different places (`families`: 八达岭长城 and 慕田峪长城) exclude each other.

Only the best `MAX_ATTRACTIONS` (at least five a day; must-sees always) and the `MAX_RESTAURANTS`
nearest the stay's lodging and best sights go to the solver: a data pack adds hundreds of places
per city, and more candidates only slow the solver down without making plans better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.domain.request import FoodWish, TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Destination, Lodging, Place, Restaurant
from engine.planning import allergen_dishes, diet_places, high_party, weather
from engine.planning.dish_fit import DIETS, diets
from engine.planning.dishes import has_dish, known_for, meat_heavy, serves_said
from engine.planning.meal_price import FINE_DINING, FINE_DINING_CNY
from engine.planning.spice import too_hot

MAX_ATTRACTIONS = 30
MAX_RESTAURANTS = 20


VARIETY_DECAY = 0.8


@dataclass(frozen=True)
class ScoredAttraction:
    """An attraction and its worth for this request.

    Attributes:
        score: the worth (see the module docstring), variety decay included.
        must_see: the person named it.
        headline: its rank among the destination's headline sights (0 = most important), or
            None when it is not one.
        wished: it is the best here of a specific kind the person asked for (`wished_ids`:
            「想看熊猫」 → 北京动物园), so it beats minor sights (`model.sight_prizes`).
    """

    attraction: Attraction
    score: float
    must_see: bool
    headline: int | None = None
    wished: bool = False


#: Moments wished (`TripRequest.experiences`) count as interests in these tags.
MOMENT_TAGS = {"sunset": ("sunset",), "night-view": ("night-view", "nightlife"),
               "snow": ("snow",), "clouds": ("mountain",), "moon": ("night-view",)}  # fmt: skip


#: Where a sunset is watched in a destination with no sight tagged ``sunset``: an open-air
#: waterfront or viewpoint (外滩 on the Huangpu: ``outdoor`` and ``night-view``) open then.
SUNSET_VIEW_TAGS = frozenset({"sea", "beach", "lake", "water", "night-view"})


def watches_sunset(attraction: Attraction, destination: Destination) -> bool:
    """Whether a sunset wished is watched at `attraction`: a sight tagged ``sunset``, or, where
    `destination` has none, an ``outdoor`` sight with a tag of `SUNSET_VIEW_TAGS`."""
    tags = set(attraction.tags)
    if "sunset" in tags:
        return True
    if any("sunset" in a.tags for a in destination.attractions):
        return False
    return "outdoor" in tags and bool(SUNSET_VIEW_TAGS & tags)


def score(attraction: Attraction, request: TripRequest) -> float:
    """The prize of `attraction` for `request` (see the module docstring)."""
    value = float(attraction.popularity**2)
    wanted = set(request.interests) | {
        t for e in request.experiences for t in MOMENT_TAGS.get(e, ())
    }
    matches = len(set(attraction.tags) & wanted)
    value *= 1 + min(1.0, 0.5 * matches)
    party = request.party
    if party.children and "kids" in attraction.tags:
        value *= 1.3
    if party.seniors and "seniors-friendly" in attraction.tags:
        value *= 1.3
    if party.seniors and "hiking" in attraction.tags:
        value *= 0.6
    return round(value, 3)


#: Mobility needs that rule out climbs on foot (a hiking place without a cable car).
STEP_FREE = frozenset({"limited-mobility", "wheelchair", "pushchair"})
#: Needs that rule out every climb: even with a cable car, the paths on top are steps.
WHEELED = frozenset({"wheelchair", "pushchair"})
#: A climb with a cable car, for limited mobility: up and down by cable car and the gentle part
#: on top — this share of the usual visit, at least `GENTLE_CLIMB_MIN` minutes.
GENTLE_CLIMB_SHARE = 0.5
GENTLE_CLIMB_MIN = 150
#: A walking limit (``short-walks``: 「孩子走不了太久」, "can walk but not for 6 hours"): no
#: visit on foot longer than this (minutes) — a longer hike without a cable car is left out, a
#: climb with one is made by cable car (`gentle_climb`), any other visit is cut to its main
#: part of this length (`for_access`). A planning convention: the relaxed pace's day of sights.
SHORT_WALK_MINUTES = 240
#: ... and a day's sights together at most this long (minutes; `engine.planning.layout.gentle`).
SHORT_WALK_DAY_MINUTES = 300
#: A wheelchair or a pushchair at a place only partly step-free (`Attraction.step_free`
#: ``partly``): this share of the usual visit, at least `WHEELED_PART_MIN` minutes — the part
#: reached without steps (a planning convention: the record's access note says which part).
WHEELED_PART_SHARE = 0.5
WHEELED_PART_MIN = 30
#: Needs that make a climb with a cable car a ride up and the gentle part on top.
BY_CABLE_CAR = frozenset({"limited-mobility", "short-walks"})


def access_excludes(attraction: Attraction, request: TripRequest) -> bool:
    """Whether the person's access needs rule `attraction` out: a ``hiking`` place without a
    ``cable-car`` for limited mobility, any ``hiking`` place for a wheelchair or a pushchair (a
    mountain with a cable car stays for limited mobility: `gentle_climb`), and for each of them
    a place reached only by flights of steps (`Attraction.step_free` ``no``: 景山's summit); and
    a high place without a low part for a party that should not go up (`high_party.excluded`).
    A climb whose own record says part of it is step-free (``yes``/``partly``: 八达岭's ramp and
    lifts up to its first towers) stays for those needs: that part is seen (`for_access`)."""
    tags = set(attraction.tags)
    needs = set(request.access)
    if high_party.excluded(attraction, request):
        return True
    if attraction.step_free == "no" and STEP_FREE & needs:
        return True
    if "hiking" not in tags:
        return False
    if (
        attraction.step_free in ("yes", "partly")
        and STEP_FREE & needs
        and "short-walks" not in needs
    ):
        return False  # its own facts say what is step-free (八达岭's ramp and lifts)
    if "short-walks" in needs and "cable-car" not in tags:
        return attraction.visit_minutes > SHORT_WALK_MINUTES or bool(STEP_FREE & needs)
    return bool(WHEELED & needs) or (bool(STEP_FREE & needs) and "cable-car" not in tags)


def gentle_climb(attraction: Attraction, request: TripRequest) -> bool:
    """Whether `attraction` is a climb the person makes by cable car only: a ``hiking`` place
    with a ``cable-car``, for someone with limited mobility or a walking limit."""
    tags = set(attraction.tags)
    return bool(BY_CABLE_CAR & set(request.access)) and {"hiking", "cable-car"} <= tags


def for_access(attraction: Attraction, request: TripRequest) -> Attraction:
    """`attraction` as this person visits it: a `gentle_climb` takes `GENTLE_CLIMB_SHARE` of
    its usual time (cable car up and down, the gentle part on top); with a walking limit any
    other visit is cut to `SHORT_WALK_MINUTES`; a wheelchair or a pushchair sees only the
    step-free part of a place partly step-free (`WHEELED_PART_SHARE` of the visit, at least
    `WHEELED_PART_MIN` minutes: 苏堤's flat stretch, 鼓浪屿's level lanes); a high place is its low
    part for a party that should not go up (`high_party.lowered`); else unchanged."""
    attraction = high_party.lowered(attraction, request)
    if attraction.step_free == "partly" and WHEELED & set(request.access):
        part = max(WHEELED_PART_MIN, round(attraction.visit_minutes * WHEELED_PART_SHARE))
        attraction = attraction.model_copy(
            update={"visit_minutes": min(part, attraction.visit_minutes)}
        )
    if not gentle_climb(attraction, request):
        if "short-walks" in request.access and attraction.visit_minutes > SHORT_WALK_MINUTES:
            return attraction.model_copy(update={"visit_minutes": SHORT_WALK_MINUTES})
        return attraction
    minutes = max(GENTLE_CLIMB_MIN, round(attraction.visit_minutes * GENTLE_CLIMB_SHARE))
    return attraction.model_copy(update={"visit_minutes": min(minutes, attraction.visit_minutes)})


def declined(attraction: Attraction, request: TripRequest) -> bool:
    """Whether the person declined `attraction`: named it, or one of its tags, as unwanted, or
    their access needs rule it out (a must-see is never declined)."""
    if attraction.id in request.must_see:
        return False
    return (
        attraction.id in request.avoid.places
        or bool(set(request.avoid.tags) & set(attraction.tags))
        or access_excludes(attraction, request)
    )


#: Tags of a place whose visit is an activity one does or not (a ski day: lift pass and gear,
#: five hours on the slopes), planned only when asked for (`unasked_activity`).
ASKED_ONLY_TAGS = frozenset({"ski"})


def unasked_activity(
    attraction: Attraction, request: TripRequest, headline: dict[str, int]
) -> bool:
    """Whether `attraction` is such an activity (`ASKED_ONLY_TAGS`) that nobody asked for: not
    wished by kind (「想滑雪」), not named, not a headline sight of its destination (亚布力 for
    雪乡). A winter 长白山 trip for the lake is not given a ski day at ~400 CNY a head."""
    tags = ASKED_ONLY_TAGS & set(attraction.tags)
    return bool(tags) and not (
        tags & set(request.interests)
        or attraction.id in request.must_see
        or attraction.id in headline
    )


#: Kinds of sight for variety, first match wins: (kind, tags that make it).
KINDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("theme-park", frozenset({"theme-park"})),
    ("museum", frozenset({"museum"})),
    ("temple", frozenset({"temple", "religion"})),
    ("street", frozenset({"shopping", "food", "nightlife"})),
    ("old-town", frozenset({"old-town", "water-town", "village"})),
    ("mountain", frozenset({"mountain", "hiking"})),
    ("garden", frozenset({"garden", "park", "zoo"})),
    ("water", frozenset({"lake", "sea", "beach", "water"})),
)


def kind_of(attraction: Attraction) -> str:
    """The sight's kind for variety (`KINDS`), else its first tag."""
    tags = set(attraction.tags)
    if "heritage" in tags and tags & {"shopping", "food"}:
        tags -= {"shopping", "food"}  # an old quarter that is a heritage site is not a mall
    for kind, marks in KINDS:
        if tags & marks:
            return kind
    return attraction.tags[0]


def attractions(destination: Destination, request: TripRequest) -> list[ScoredAttraction]:
    """Attractions of `destination` not declined (`declined`), best first, with variety decay
    and headline ranks (see the module docstring)."""
    must = set(request.must_see)
    headline = {poi: rank for rank, poi in enumerate(destination.headline)}
    felt = weather.applies(request, destination)  # 怕冷 in a freezing winter: shorter visits
    found = [
        ScoredAttraction(
            weather.for_weather(for_access(a, request), felt),
            weather.weather_score(a, score(a, request), felt),
            a.id in must,
            headline.get(a.id),
        )
        for a in destination.attractions
        if not declined(a, request)
        and ("on-request" not in a.tags or a.id in must)
        and not unasked_activity(a, request, headline)
    ]
    found.sort(key=lambda s: (-s.score, s.attraction.id))
    seen: dict[str, int] = {}
    decayed = []
    for s in found:
        kind = kind_of(s.attraction)
        k = seen.get(kind, 0)
        seen[kind] = k + 1
        decayed.append(ScoredAttraction(s.attraction, round(s.score * VARIETY_DECAY**k, 3),
                                        s.must_see, s.headline))  # fmt: skip
    wished = wished_ids(decayed, request)
    decayed = [replace(s, wished=True) if s.attraction.id in wished else s for s in decayed]
    decayed.sort(key=lambda s: (-s.must_see, s.headline is None, not s.wished, -s.score,
                                s.attraction.id))  # fmt: skip
    keep = max(MAX_ATTRACTIONS, 5 * request.days, len(must))
    return decayed[:keep]


#: An interest held by at most this many sights of a destination is a specific wish (大熊猫,
#: 动物园, 温泉), not a taste (历史, 美食): the best sight holding it is wished for.
SPECIFIC_INTEREST_MAX = 2


def wished_ids(scored: Sequence[ScoredAttraction], request: TripRequest) -> set[str]:
    """Ids of the sights the person asked for by kind: for each interest of `request` held
    by 1..`SPECIFIC_INTEREST_MAX` of the `scored` sights (「北京四天，想看熊猫」: only 北京动物园
    keeps pandas), the best-scored of them; none for a taste many sights share. A sight already
    named (a must-see) or a headline one answers the wish itself."""
    out: set[str] = set()
    for tag in request.interests:
        holders = [s for s in scored if tag in s.attraction.tags]
        if not 1 <= len(holders) <= SPECIFIC_INTEREST_MAX:
            continue
        if any(s.must_see or s.headline is not None for s in holders):
            continue
        best = max(holders, key=lambda s: (s.score, s.attraction.id))
        out.add(best.attraction.id)
    return out


#: Name parts too common to make two places the same thing (「故居」, 「博物馆」 …).
GENERIC_NAME_PARTS = frozenset(
    "公园 博物 物馆 博物馆 古镇 老街 景区 风景 风景区 广场 步行 步行街 古城 海滩 湿地 遗址 大桥 "
    "文化 旅游 国家 森林 中心 夜游 游船 观景 观景台 故居 教堂 纪念 纪念馆 大道".split()
)


def families(scored: list[ScoredAttraction], destination: Destination) -> dict[str, str]:
    """Attraction id -> family id for sights that are the same thing at two places (八达岭长城
    and 慕田峪长城): names sharing a part of two or more characters that is neither a common
    word (`GENERIC_NAME_PARTS`), the destination's name, nor a place-name prefix of both
    (旅顺…), and tags at least 70 %
    alike. The family id is the best-scored member's; sights in no family are left out.
    Two must-sees are never one family."""
    out: dict[str, str] = {}
    for i, a in enumerate(scored):
        for b in scored[i + 1 :]:
            if b.attraction.id in out or (a.must_see and b.must_see):
                continue
            if _same_thing(a.attraction, b.attraction, destination):
                out.setdefault(a.attraction.id, a.attraction.id)
                out[b.attraction.id] = out[a.attraction.id]
    return out


def same_thing(a: Attraction, b: Attraction, destination: Destination) -> bool:
    """Whether `a` and `b` are the same thing at two places (八达岭长城 and 慕田峪长城), by the
    rule of `families`."""
    return _same_thing(a, b, destination)


def _same_thing(a: Attraction, b: Attraction, destination: Destination) -> bool:
    ta, tb = set(a.tags), set(b.tags)
    if len(ta & tb) / len(ta | tb) < 0.7:
        return False
    city = destination.name_zh
    na, nb = _bare(a.name_zh).replace(city, ""), _bare(b.name_zh).replace(city, "")
    for size in range(min(len(na), len(nb)), 1, -1):
        for start in range(len(na) - size + 1):
            part = na[start : start + size]
            if part not in nb or part in GENERIC_NAME_PARTS:
                continue
            if na.startswith(part) and nb.startswith(part):
                continue  # a shared place name (旅顺博物馆, 旅顺监狱)
            return True
    return False


def _bare(name: str) -> str:
    """A name without brackets and punctuation (「慕田峪长城（东段）」 → 「慕田峪长城」)."""
    for opening, closing in (("（", "）"), ("(", ")")):
        while opening in name and closing in name:
            name = name[: name.index(opening)] + name[name.index(closing) + 1 :]
    return "".join(ch for ch in name if ch not in "·—-《》 ")


#: Places tagged only with these serve no lunch or dinner (a milk-tea shop, a bakery).
NOT_A_MEAL = frozenset({"dessert", "tea-house"})


def serves_meal(restaurant: Restaurant) -> bool:
    """Whether a lunch or dinner may be eaten at `restaurant`: not at a shop of sweets, drinks
    or one treat (`Restaurant.serves_meals` false: 马迭尔冰棍, 十八街麻花, 赖汤圆 were a whole
    lunch) nor at one tagged only `NOT_A_MEAL`."""
    return restaurant.serves_meals and not (
        restaurant.cuisines and set(restaurant.cuisines) <= NOT_A_MEAL
    )


def restaurants(
    destination: Destination,
    request: TripRequest,
    *,
    max_price: float | None = None,
    near: list[Place] | None = None,
) -> list[Restaurant]:
    """Restaurants of `destination` without avoided cuisines (and within `max_price` per person),
    leaving out places that serve no meal (`serves_meal`) and those inside an attraction (eaten
    there as the attraction's inside meal); only those that fit a diet (`diets`) when there are
    `DIET_ENOUGH` a day of the trip — else all, the fitting ones first (the model weights them
    up, `engine.planning.model.DIET_BONUS`; a meal elsewhere is said as one where vegetarian or
    halal dishes are ordered, never left out: one 素面 shop must not take every dinner away);
    when there are more than `MAX_RESTAURANTS`, the ones nearest any of `near` (the lodging, the
    best sights), those fitting a diet first and one with few or no dishes known to fit the
    party counted farther (`diet_places.extra_m`)."""
    found = [
        r
        for r in destination.restaurants
        if not avoided(r, request, destination.restaurants)
        and r.id not in request.avoid.places
        and r.inside is None
        and (max_price is None or r.price_per_person_cny <= max_price)
        and serves_meal(r)
    ]
    for diet in diets(request):  # every meal fits the diet when enough places here do
        fitting = [r for r in found if diet in r.cuisines]
        if len(fitting) >= DIET_ENOUGH * request.days:
            found = fitting
    if near and len(found) > MAX_RESTAURANTS:
        found.sort(key=lambda r: (not fits_diet(r, request),
                                  min(haversine_m(r.lat, r.lon, p.lat, p.lon) for p in near)
                                  + diet_places.extra_m(r, request)))  # fmt: skip
        found = found[:MAX_RESTAURANTS]
    return sorted(found, key=lambda r: r.id)


#: Places fitting a diet a day of the trip that make them the only candidates (lunch and dinner).
DIET_ENOUGH = 2


def fits_diet(restaurant: Restaurant, request: TripRequest) -> bool:
    """Whether `restaurant` serves one of the request's diets (`diets`)."""
    return any(diet in restaurant.cuisines for diet in diets(request))


#: Foods whose wish any street-food place answers (a food street stands for many stalls).
STREET = frozenset({"street-food", "snacks", "bbq"})


def serves(restaurant: Restaurant, cuisine: str) -> bool:
    """Whether `restaurant` serves `cuisine` (a tea house serves 早茶; a food street or snack
    cluster serves street food)."""
    tags = set(restaurant.cuisines)
    if cuisine in tags or has_dish(restaurant, cuisine):
        return True
    if cuisine == FINE_DINING:  # a fine meal: a restaurant of its price
        return (
            restaurant.kind == "restaurant" and restaurant.price_per_person_cny >= FINE_DINING_CNY
        )
    if cuisine == "dim-sum" and "tea-house" in tags and tags & {"cantonese", "dim-sum"}:
        return True
    return cuisine in STREET and (restaurant.kind != "restaurant" or bool(tags & STREET))


def wish_servers(wish: FoodWish, places: Sequence[Restaurant]) -> set[str]:
    """Ids of `places` that answer `wish`: those with the dish it names on the menu
    (`dishes.serves_said`: 「想吃肉夹馍」 → 一真楼's 腊牛肉夹馍, not 同盛祥's 泡馍, though both are
    西北 food) and of its food when any of `places` are — else those with the dish (樊记腊汁肉夹馍,
    a snack shop), else those serving its food (`serves`). (「炸酱面」 went to 四季民福, a duck
    house with 炸酱面 among its dishes, rather than a noodle house.)"""
    food = {r.id for r in places if serves(r, wish.cuisine)}
    said = {r.id for r in places if serves_said(r, wish)}
    return (said & food) or said or food


#: Restaurants of a wished food kept beside the nearest ones, per wish.
WISHED_PER_FOOD = 3


def wished_restaurants(
    destination: Destination,
    request: TripRequest,
    chosen: list[Restaurant],
    *,
    near: list[Place],
    cap: float | None,
    lean: bool = False,
) -> list[Restaurant]:
    """Restaurants serving a lunch or dinner food wish (火锅, 烤鸭) that `chosen` lacks: the
    `WISHED_PER_FOOD` nearest `near` within twice the price cap (any price for a fine meal,
    `meal_price.FINE_DINING`; a named dish's own house,
    `dishes.known_for`, first), else the cheapest one (the person asked for it; not for a diet);
    none when `chosen` already serves the wish enough. `lean` (a plan leaner for the budget): one
    place serving the wish is enough, and none over twice the cap (南京's 盐水鸭 at 90 CNY a head
    and 50-yuan food streets for 鸭血粉丝汤 where 小潘记 serves it at 25 kept a 700 CNY trip over
    its budget; `dish_budget.serve_within` gives the dish back when the money left pays, else the
    wish says the budget)."""
    have = {r.id for r in chosen}
    extra: list[Restaurant] = []
    for wish in request.food:
        if wish.meal in ("breakfast", "late"):
            continue
        pool = restaurants(destination, request)
        if wish.cuisine in NOT_A_MEAL:  # 去茶馆喝茶: a tea house stands in for a lunch
            pool = [r for r in destination.restaurants if r.inside is None
                    and r.id not in request.avoid.places]  # fmt: skip
        servers = wish_servers(wish, pool)
        if sum(1 for r in chosen if r.id in servers) >= (1 if lean else WISHED_PER_FOOD):
            continue
        serving = [r for r in pool if r.id in servers and r.id not in have]
        fit = [r for r in serving if cap is None or r.price_per_person_cny <= 2 * cap
               or wish.cuisine == FINE_DINING]  # fmt: skip
        if near:
            fit.sort(key=lambda r: min(haversine_m(r.lat, r.lon, p.lat, p.lon) for p in near))
        fit.sort(key=lambda r: not known_for(r, wish.cuisine))  # a dish's own house first
        fit = fit[: 1 if lean else WISHED_PER_FOOD]
        if serving and not fit and not lean and wish.cuisine not in DIETS:
            # over the price cap: still the cheapest one, as asked (not for a diet: its meals are
            # ordered so at ordinary places — 北京's only vegetarian house costs 820 CNY a head)
            fit = [min(serving, key=lambda r: (r.price_per_person_cny, r.id))]
        for r in fit:
            extra.append(r)
            have.add(r.id)
    return extra


def avoids_food(restaurant: Restaurant, request: TripRequest) -> bool:
    """Whether `restaurant` serves a cuisine the person avoids (`serves_avoided`); with a
    halal diet, a place that is not halal and serves pork too (西安's 清真 trip ate at a
    葫芦头 pork-intestine house, "ordering halal dishes"); with a vegetarian one, a place whose
    dishes are mostly meat (`dishes.meat_heavy`) — these three `refuses`; with any diet or meat
    refused, a place with no dish known to fit and most of its dishes known not to
    (`diet_places.UNFIT`: a 蹄花 house for a vegetarian, a 抄手 house without pork)."""
    if refuses(restaurant, request):
        return True
    return diet_places.standing(restaurant, request) == diet_places.UNFIT


def refuses(restaurant: Restaurant, request: TripRequest) -> bool:
    """Whether `restaurant` serves a cuisine the person avoids (`serves_avoided`), pork for a
    halal diet at a place that is not halal, or is a meat house for a vegetarian
    (`dishes.meat_heavy`) — left out wherever it is."""
    if "vegetarian" in diets(request) and meat_heavy(restaurant):
        return True  # a 葫芦头 or 红肠 house: nothing to order
    refused = set(request.avoid.cuisines)
    if "halal" in diets(request) and "halal" not in restaurant.cuisines:
        refused.add("pork")
    return any(serves_avoided(restaurant, cuisine) for cuisine in refused)


def serves_avoided(restaurant: Restaurant, cuisine: str) -> bool:
    """Whether `restaurant` serves `cuisine`, a food refused: by its cuisine tags or its dishes
    (``lamb``, ``pork``, ``offal`` …: `dishes.DISH_WORDS`); ``spicy`` where its food is mostly
    hot (`spice.too_hot`: a place with mild dishes is kept, and its meal says what to order); an
    ingredient avoided (花生, 虾蟹) by `allergen_dishes.serves_allergen`."""
    if cuisine == "spicy":
        return too_hot(restaurant)
    if cuisine in allergen_dishes.TAGS:  # 花生, 虾蟹, 奶 …: its kind, its name or most dishes
        return allergen_dishes.serves_allergen(restaurant, cuisine)
    return cuisine in restaurant.cuisines or has_dish(restaurant, cuisine)


def trip_foods(request: TripRequest) -> list[str]:
    """Cuisines wished for this trip (「想吃火锅」), not remembered diets."""
    remembered = {w.value for w in request.wishes if w.kind == "food" and w.remembered}
    return [f.cuisine for f in request.food if f.cuisine not in remembered | DIETS]


def overriding(restaurant: Restaurant, request: TripRequest, places: Sequence[Restaurant]) -> str:
    """The food wished for this trip that `restaurant` is kept for although it serves food the
    person avoids — when no place of `places` serves that food without it (不吃辣 + 想吃火锅:
    every hotpot place is spicy, so the trip's wish wins and the meal is ordered mild) — or ""."""
    if not avoids_food(restaurant, request):
        return ""
    for cuisine in trip_foods(request):
        if serves(restaurant, cuisine) and not any(
            serves(r, cuisine) and not avoids_food(r, request) for r in places
        ):
            return cuisine
    return ""


def avoided(restaurant: Restaurant, request: TripRequest, places: Sequence[Restaurant]) -> bool:
    """Whether `restaurant` is left out for food the person avoids (`avoids_food`), unless
    this trip's food wish needs it (`overriding`) or, left out only for the party's diet
    (`diet_places.UNFIT`), no other place of `places` that serves a meal and is not left out
    lies within `diet_places.REACH_M` of it (a scenic area's one eatery: its meal says to ask),
    or fewer than `DIET_ENOUGH` a day of the trip are (广州 with a halal diet: four places for
    six meals, and no place twice)."""
    if not avoids_food(restaurant, request) or overriding(restaurant, request, places):
        return False
    if refuses(restaurant, request):
        return True
    fitting = [r for r in places if r.id != restaurant.id and r.inside is None and serves_meal(r)
               and r.id not in request.avoid.places and not avoids_food(r, request)]  # fmt: skip
    return len(fitting) + 1 >= DIET_ENOUGH * request.days and any(
        haversine_m(r.lat, r.lon, restaurant.lat, restaurant.lon) <= diet_places.REACH_M
        for r in fitting
    )


def mild_order(restaurant: Restaurant, request: TripRequest, lang: str) -> str:
    """How to order at a place kept although it serves food the person avoids (`overriding`):
    a split pot with a clear broth at hotpot, dishes without chili elsewhere."""
    if "spicy" in request.avoid.cuisines and "hotpot" in restaurant.cuisines:
        return pick(lang, "点鸳鸯锅或清汤锅", "order a split pot with a clear broth")
    if "spicy" in request.avoid.cuisines:
        return pick(lang, "点菜时说不要辣", "ask for dishes without chili")
    return pick(lang, "点菜时说明忌口", "tell them what you avoid when ordering")


#: People a room sleeps: two grown-ups, and with children up to four (a family or twin-bed
#: room: two grown-ups and two children); babies under two need no bed (a cot, a parent's).
ROOM_GROWN = 2
ROOM_PEOPLE = 4


def rooms(request: TripRequest) -> int:
    """Rooms needed: two adults or seniors per room, and no more than `ROOM_PEOPLE` people with
    the children of two or more (2 adults + 3 children = 2 rooms; a baby needs no bed); at
    least one room."""
    party = request.party
    grown = party.adults + party.seniors
    babies = sum(1 for age in party.child_ages[: party.children] if age < 2)
    beds = grown + party.children - babies
    return max(1, -(-grown // ROOM_GROWN), -(-beds // ROOM_PEOPLE))


def nightly_price(lodging: Lodging, *, economy: bool) -> float:
    """Price per room-night (CNY): the low end in economy mode, else a third of the way up."""
    if economy:
        return lodging.price_min_cny
    return round(lodging.price_min_cny + (lodging.price_max_cny - lodging.price_min_cny) / 3, -1)
