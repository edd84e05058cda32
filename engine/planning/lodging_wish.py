"""Lodging wishes against lodging records: where (near a place, on it), what kind, which features.

What the knowledge base can tell (and what it cannot):

- *where*: a named place resolves to a point (an attraction, a hub, a restaurant or a lodging
  area of the destination; a plain name matches lodging names). *On site* (「住在鼓浪屿上」,
  「住山顶」) means a lodging within `ON_SITE_M` of the place, or within `ON_SITE_NAMED_M` and
  named for it (its name, 山顶, 岛上) — not the nearest town across the water; *near* means
  within `NEAR_M`, else the nearest.
- *kind*: curated records are lodging areas, so a kind is read from the name (民宿/客栈,
  青旅, 度假), the ``good_for`` words (``luxury``, ``budget``) and the nightly price; `kind_fit`
  returns None when nothing says either way.
- *features*: data-pack hotels carry the pack's feature (ChinaTravel ``featurehoteltype``:
  免费停车, 泳池, 家庭房 … kept in the description); positions answer ``near-metro``,
  ``near-station`` and ``near-airport``; ``good_for`` answers ``view``, ``quiet`` and
  ``family-room``. `feature_fit` returns None when the records cannot tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.domain.request import LodgingWish, TripRequest, Wish
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Destination, Lodging
from engine.planning.centre import CENTRE_M, centre_of, is_centre_word

ON_SITE_M = 1000.0
ON_SITE_NAMED_M = 5000.0  # a lodging named for the place (「山顶酒店」, 「鼓浪屿岛上」) this far
ON_SITE_MARKS = ("山顶", "山上", "岛上", "景区内")
NEAR_M = 2000.0
ON_SITE_TIER_M = 300.0  # on site: those this near, or twice as near as the nearest, win
STATION_M = 2500.0
AIRPORT_M = 6000.0


@dataclass(frozen=True)
class Target:
    """A place to stay near: its name (zh, en), position, whether to sleep on it, the
    lodging record itself when the wish named one, and how near is near (metres; default
    `NEAR_M`)."""

    name_zh: str
    name_en: str
    lat: float
    lon: float
    on_site: bool
    lodging_id: str | None = None
    near_m: float = NEAR_M


def targets(destination: Destination, wish: LodgingWish) -> list[Target]:
    """The wish's places that lie in `destination` (ids of its places, or names found in its
    lodging or attraction names; 「市中心」/"downtown": the destination's centre,
    `engine.planning.centre`, within `CENTRE_M`)."""
    found: list[Target] = []
    places = [*destination.lodging, *destination.attractions, *destination.hubs,
              *destination.restaurants]  # fmt: skip
    for near in wish.near:
        if is_centre_word(near) and not any(near in p.name_zh for p in destination.lodging):
            c = centre_of(destination)
            found.append(Target(c.name_zh, c.name_en, c.lat, c.lon, False, near_m=CENTRE_M))
            continue
        place = next((p for p in places if p.id == near), None)
        if place is None:
            place = next((p for p in places if near and near in p.name_zh), None)
        if place is None:
            continue
        lodging_id = place.id if isinstance(place, Lodging) else None
        found.append(
            Target(place.name_zh, place.name_en, place.lat, place.lon, wish.on_site, lodging_id)
        )
    return found


def near_enough(lodging: Lodging, target: Target) -> bool:
    """Whether `lodging` answers `target`: the named lodging, else within `ON_SITE_M` (on site,
    or named after the place) or the target's `near_m`."""
    if target.lodging_id is not None:
        return lodging.id == target.lodging_id
    meters = haversine_m(lodging.lat, lodging.lon, target.lat, target.lon)
    if target.on_site:
        marks = (target.name_zh[:3], *ON_SITE_MARKS)
        return meters <= ON_SITE_M or (
            meters <= ON_SITE_NAMED_M and any(m in lodging.name_zh for m in marks)
        )
    return meters <= target.near_m


KIND_WORDS = {
    "homestay": ("民宿", "客栈", "木屋", "四合院"),
    "hostel": ("青旅", "青年旅舍", "hostel"),
    "resort": ("度假",),
    "design": ("设计", "精品", "网红"),
    "camp": ("蒙古包", "帐篷", "营地", "木屋"),
}


def kind_fit(lodging: Lodging, kind: str) -> bool | None:
    """Whether `lodging` is of `kind` (``homestay``, ``hostel``, ``resort``, ``design``,
    ``budget``, ``comfort``, ``luxury``, ``camp``); None when the record cannot tell."""
    text = lodging.name_zh + lodging.description_zh
    if kind in KIND_WORDS:
        if any(w in text for w in KIND_WORDS[kind]) or kind in lodging.good_for:
            return True
        return None
    if kind == "luxury":
        return "luxury" in lodging.good_for or lodging.price_max_cny >= 1500
    if kind == "budget":
        return "budget" in lodging.good_for or lodging.price_min_cny <= 200
    if kind == "comfort":
        return lodging.price_min_cny <= 500 <= lodging.price_max_cny
    return None


FEATURE_WORDS = {
    "parking": ("停车",),
    "pool": ("泳池",),
    "family-room": ("家庭房", "亲子"),
    "breakfast": ("早餐", "含早"),
    "hot-spring": ("温泉",),
    "elevator": ("电梯",),
    "accessible": ("无障碍",),
}
GOOD_FOR = {"view": ("lake-view", "sea", "night-view", "view", "beach"), "quiet": ("quiet",),
            "family-room": ("families", "kids")}  # fmt: skip


def feature_fit(lodging: Lodging, feature: str, destination: Destination) -> bool | None:
    """Whether `lodging` has `feature`; None when the records cannot tell (see the module
    docstring)."""
    if feature == "near-metro":
        if not destination.metro:
            return False
        reach = destination.radius_km * 1000 * 0.5
        return haversine_m(destination.lat, destination.lon, lodging.lat, lodging.lon) <= reach
    if feature in ("near-station", "near-airport"):
        kind, reach = ("rail", STATION_M) if feature == "near-station" else ("airport", AIRPORT_M)
        hubs = [h for h in destination.hubs if h.kind == kind]
        return any(haversine_m(h.lat, h.lon, lodging.lat, lodging.lon) <= reach for h in hubs)
    if any(w in lodging.description_zh for w in FEATURE_WORDS.get(feature, ())):
        return True
    if set(GOOD_FOR.get(feature, ())) & set(lodging.good_for):
        return True
    return None


def preferred(
    options: list[Lodging], destination: Destination, wish: LodgingWish
) -> tuple[list[Lodging], list[Target]]:
    """The lodgings of `options` that answer the wish best, and the wish's targets here.

    Where first: those that answer a target (`near_enough`; on site, the innermost of them:
    within `ON_SITE_TIER_M` or twice the nearest one's distance), else — when there is a
    target — the nearest to it. Then kind and features as soft filters: those that fit the most, when
    any fits at all; kinds and features to avoid are left out when something remains."""
    here = targets(destination, wish)
    pool = [lo for lo in options if not _avoided(lo, wish, destination)] or options
    if here:
        target = here[0]
        close = [lo for lo in pool if near_enough(lo, target)]
        if target.on_site and target.lodging_id is None and close:
            # "Inside Xizha": the lodging in the zone (22 m), not the one outside its gate
            # (615 m), though both are within `ON_SITE_M`.
            meters = {lo.id: haversine_m(lo.lat, lo.lon, target.lat, target.lon) for lo in close}
            inner = max(ON_SITE_TIER_M, 2 * min(meters.values()))
            close = [lo for lo in close if meters[lo.id] <= inner] or close
        if not close and target.lodging_id is None:
            close = [min(pool, key=lambda lo: haversine_m(lo.lat, lo.lon, target.lat, target.lon))]
        pool = close or pool
    # A cheap stay (穷游) is the low end of each area's prices (`economy`), not a move across
    # town: the knowledge holds areas, not hostels, so "from 200 a night" left 西安 only the
    # outlying 临潼 and 北站 areas, an hour from the sights, for two students on 1 000 CNY.
    wanted = [w for w in ((wish.kind,) if wish.kind else ()) if w and w != "budget"]
    if wanted or wish.features:

        def fit(lodging: Lodging) -> int:
            kinds = sum(1 for k in wanted if kind_fit(lodging, k))
            return kinds + sum(1 for f in wish.features if feature_fit(lodging, f, destination))

        best = max(fit(lo) for lo in pool)
        if best > 0:
            pool = [lo for lo in pool if fit(lo) == best]
    return pool, here


def _avoided(lodging: Lodging, wish: LodgingWish, destination: Destination) -> bool:
    return any(
        kind_fit(lodging, a) is True or feature_fit(lodging, a, destination) is True
        for a in wish.avoid
    )


def off_day_trips(destination: Destination, wish: LodgingWish) -> Destination:
    """`destination` without the lodgings inside the access areas the person sees in a day
    (`LodgingWish.day_trip`: 「当天往返涠洲岛」 sleeps in 北海, not on the island); as it is when
    there are none, or when nothing would be left."""
    areas = [a for a in destination.access_areas if a.id in wish.day_trip]
    if not areas:
        return destination
    kept = tuple(
        lo for lo in destination.lodging
        if all(haversine_m(a.lat, a.lon, lo.lat, lo.lon) > a.radius_m for a in areas)
    )  # fmt: skip
    return destination.model_copy(update={"lodging": kept}) if kept else destination


def stayed_in(
    destination: Destination,
    lodgings: list[Lodging],
    sights: list[Attraction],
    wish: LodgingWish,
) -> set[str]:
    """Ids of the sights the person sleeps in: for each of `lodgings` that answers a place the
    wish sleeps on (`Target.on_site`, `near_enough`: 「想住古镇里」 → 周庄古镇民宿), the nearest of
    `sights` within `ON_SITE_M` of it (周庄 itself, 146 m away). A stay chosen to sleep in a
    water town visits it: 周庄's two nights once came with no 周庄 at all and 40 km of car a
    day to 苏州's gardens."""
    here = targets(destination, wish)
    out: set[str] = set()
    for lodging in lodgings:
        if not any(t.on_site and near_enough(lodging, t) for t in here):
            continue
        near = [(haversine_m(lodging.lat, lodging.lon, a.lat, a.lon), a.id) for a in sights]
        near = [(m, i) for m, i in near if m <= ON_SITE_M]
        if near:
            out.add(min(near)[1])
    return out


def replace_stay(request: TripRequest, new: LodgingWish, said: list[Wish], kb: Any) -> TripRequest:
    """`request` with where to stay said again (「住曾厝垵附近」 after 「住在鼓浪屿上」): the places of
    `new` replace the places wished before in the same destinations (`LodgingWish.near`, with
    its ``on_site`` and night count) and the ``lodging_area`` wishes `said` replace theirs (the
    report answers the new words, not the old ones); places in other destinations, day trips
    (``day-trip:``), kinds and features are kept, the new kinds and features added. A name that
    is no place id belongs to the trip's only destination (else to none)."""

    def town(value: str) -> str | None:
        dest = kb.destination_of(value)
        if dest is not None:
            return str(dest.id)
        return request.destinations[0] if len(request.destinations) == 1 else None

    old = request.lodging
    towns = {town(v) for v in new.near} - {None}
    kept = tuple(v for v in old.near if town(v) not in towns)
    moved = bool(new.near)
    lodging = old.model_copy(
        update={
            "near": tuple(dict.fromkeys((*new.near, *kept))),
            "on_site": new.on_site if moved else old.on_site,
            "kind": new.kind or old.kind,
            "features": tuple(dict.fromkeys((*old.features, *new.features))),
            "avoid": tuple(dict.fromkeys((*old.avoid, *new.avoid))),
            "nights": new.nights if moved or new.nights else old.nights,
            "last": new.last if moved or new.nights else old.last,
        }
    )
    gone = {
        w.value for w in request.wishes
        if w.kind == "lodging_area" and not w.value.startswith("day-trip:") and town(w.value) in towns
    }  # fmt: skip
    wishes = [w for w in request.wishes if not (w.kind == "lodging_area" and w.value in gone)]
    for wish in said:
        if all((w.kind, w.value) != (wish.kind, wish.value) for w in wishes):
            wishes.append(wish)
    return request.model_copy(update={"lodging": lodging, "wishes": tuple(wishes)})
