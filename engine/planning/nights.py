"""Where each night of a stay is spent: the lodging wish, a night on site for a sunrise, and a
move between two far-apart areas (汤口 for the mountain, 屯溪 for the old town).

Rules, in order:

1. A lodging wish that names a place in the destination (「住在鼓浪屿上」, "near the station"),
   or asks for a kind or features, picks among the lodgings that answer it
   (`engine.planning.lodging_wish.preferred`), every night; a sunrise wish (rule 2) is then
   seen from it (a walk from a summit hotel, else a ride at dawn). A wish for some nights
   (「在山顶住一晚」, 「最后一晚住机场附近」: `LodgingWish.nights`) holds those nights only (the
   stay's first ones, or the trip's last ones); the others are chosen by rules 2–3.
2. A sunrise wish (`TripRequest.experiences`; or a flag-raising, 升旗, at sunrise, from the
   usual lodging) with a sunrise spot in the destination — the best
   candidate tagged ``sunrise`` or with a sunrise highlight — spends the stay's first night on
   site when a lodging is there (a summit hotel, the island) and the stay has a morning after it
   (`Stay.sunrise`: that morning and the spot; `engine.planning.moments.dawn`); the other nights
   stay where rule 3 says.
3. Otherwise one lodging (`stays.choose_lodging`; by the stay's full-day place only for a stay
   of at most `ANCHOR_STAY_DAYS` days), unless the stay has at least `SPLIT_MIN_DAYS`
   days and its best sights lie in two areas at least `SPLIT_KM` apart, each worth at least
   `SPLIT_SHARE` of the whole and each with its own lodging (not a summit hotel; candidates are
   the lodgings nearest each of the best sights): then the first nights are spent in
   the area of the stay's full-day place (a mountain), else nearer the station, and the rest in
   the other, in proportion to their worth (at least one night each), when that
   cuts the weighted distance to the sights by at least `SPLIT_GAIN` (not in economy mode, where
   one cheap lodging is kept). Seniors, small children and access needs move for a single
   night only for a larger gain (`SPLIT_GAIN_COMFORT`).
"""

from __future__ import annotations

from engine.domain.request import TripRequest
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Lodging
from engine.planning import lodging_wish, transit
from engine.planning.candidates import ScoredAttraction, nightly_price
from engine.planning.frames import trip_dates
from engine.planning.full_days import full_day_anchor
from engine.planning.pace import profile
from engine.planning.stays import Stay, choose_lodging
from engine.planning.summit import is_summit

SPLIT_MIN_DAYS = 3
#: A stay this short sleeps by its full-day place (the mountain is the trip); a longer one sleeps
#: where its days are (one early ride to 青城山, not four days of 70 km rides back to 成都's
#: sights), or moves there (rule 3).
ANCHOR_STAY_DAYS = 2
SUNRISE_NEAR_M = 8000.0
SUMMIT_KM = 30.0
SPLIT_KM = 20.0
SPLIT_SHARE = 0.25
SPLIT_GAIN = 0.3
SPLIT_GAIN_COMFORT = 0.45


def plan_nights(
    stay: Stay,
    scored: list[ScoredAttraction],
    request: TripRequest,
    *,
    economy: bool,
    budget_per_night: float | None,
    last_day: int,
) -> None:
    """Set `stay.lodging` and `stay.nights` (see the module docstring). `last_day`: the trip's
    last day index (no night after it)."""
    destination = stay.destination
    stay.nights, stay.sunrise = {}, None  # the stay is planned again for the economy passes
    top = len(stay.days) * 4
    kwargs = {"top": top, "economy": economy, "budget_per_night": budget_per_night,
              "party": request.party.size}  # fmt: skip
    wish = request.lodging
    wished = False  # the lodging wished is kept every night; a sunrise is reached from it
    here: list[lodging_wish.Target] = []
    # 经济型 is a level of room in whatever area (`room_level`), not an area to move to: it
    # moved 婺源's nights from 江湾 (300 a night) to 篁岭 (400, 经济型)
    placed = wish.kind is not None and wish.kind != "budget"
    if wish.near or placed or wish.features or wish.avoid:
        pool, here = lodging_wish.preferred(list(destination.lodging), destination, wish)
        if here or placed or wish.features or wish.avoid:
            stay.lodging = choose_lodging(destination, scored, only=pool, **kwargs)  # type: ignore[arg-type]
            wished = True
    anchor = None
    wished_at = stay.lodging if wished else None
    counted = _counted_nights(stay, request, last_day, bool(wished and here))
    if counted is not None:  # 「在山顶住一晚」: those nights there, the others as without it
        wished = False
    if not wished:
        dates = [trip_dates(request)[d] for d in stay.days]
        anchor = full_day_anchor(
            scored, len(stay.days), dates, day_minutes=profile(request.pace).max_visit_minutes
        )
        near = anchor if len(stay.days) <= ANCHOR_STAY_DAYS else None
        stay.lodging = choose_lodging(destination, scored, anchor=near, **kwargs)  # type: ignore[arg-type]
    nights = [d for d in stay.days if d < last_day]
    if counted and wished_at is not None and wished_at != stay.lodging:
        stay.nights = dict.fromkeys(counted, wished_at)
        wished = True  # no sunrise move nor split across the nights wished
    flag = "flag-raising" in request.experiences
    if ("sunrise" in request.experiences or flag) and len(stay.days) >= 2 and nights:
        spot = sunrise_spot(scored, flag=flag)
        if spot is not None:
            place, lat, lon = spot
            summit = summit_for(stay, place)
            at_known = any(h.kind == "sunrise" and h.lat is not None for h in place.highlights)
            if summit is not None and not at_known:  # no position for the spot: the summit's
                lat, lon = summit.lat, summit.lon
            name = next((h for h in place.highlights
                         if h.kind == "sunrise" and (not flag or "升旗" in h.name_zh)), None)  # fmt: skip
            label = (place.name_zh, place.name_en) if flag or name is None else (
                name.name_zh, name.name_en)  # fmt: skip
            what = "flag-raising" if flag else "sunrise"
            stay.sunrise = (nights[0] + 1, (*label, lat, lon), what, place.id)
        elif not flag and stay.lodging is not None and "sunrise" in stay.lodging.good_for:
            # no known spot, but the lodging is where one watches it (天子山's inns): from there
            at = stay.lodging
            stay.sunrise = (nights[0] + 1, (at.name_zh, at.name_en, at.lat, at.lon), "sunrise", "")
        night = None if flag or wished else sunrise_lodging(stay, scored)
        if night is not None:
            stay.nights[nights[0]] = night
            return
    if len(stay.days) >= SPLIT_MIN_DAYS and len(nights) >= 2 and not economy and not wished:
        comfort = transit.style_of(request).comfort
        _split(stay, scored, nights, anchor.attraction if anchor else None, comfort=comfort,
               budget_per_night=budget_per_night)  # fmt: skip


def _counted_nights(
    stay: Stay, request: TripRequest, last_day: int, here: bool
) -> list[int] | None:
    """The nights (0-based days) a lodging wish with a count holds in `stay`
    (`LodgingWish.nights`: the stay's first ones, or the trip's last ones); None: every night
    (no count, or no fewer nights than the stay has). A place wished counts in its own stay
    (`here`); a kind or feature only (「最后一晚住机场附近」) in the trip's last stay, or first
    ([] in the others: no night there holds it)."""
    wish = request.lodging
    nights = [d for d in stay.days if d < last_day]
    if not wish.nights:
        return None
    if not here:
        if wish.near:
            return None  # the place is another stay's: this one keeps what else was wished
        if (last_day - 1 not in nights) if wish.last else (0 not in stay.days):
            return []
    if wish.nights >= len(nights):
        return None
    return nights[-wish.nights :] if wish.last else nights[: wish.nights]


def sunrise_spot(
    scored: list[ScoredAttraction], *, flag: bool = False
) -> tuple[Attraction, float, float] | None:
    """The stay's sunrise spot: the best candidate (must-sees, headline sights, then score)
    tagged ``sunrise`` or with a sunrise highlight — with `flag`, one whose highlight is a
    flag-raising (升旗, at sunrise) — and where the sunrise is seen (the highlight's position
    when known)."""
    for s in sorted(scored, key=lambda s: (not s.must_see, s.headline is None, -s.score)):
        a = s.attraction
        spots = [h for h in a.highlights if h.kind == "sunrise"]
        if flag and not any("升旗" in h.name_zh for h in a.highlights):
            continue
        if spots or "sunrise" in a.tags:
            at = next((h for h in spots if h.lat is not None and h.lon is not None), None)
            if at is not None and at.lat is not None and at.lon is not None:
                return a, at.lat, at.lon
            return a, a.lat, a.lon
    return None


def summit_for(stay: Stay, place: Attraction) -> Lodging | None:
    """The summit lodging of a mountain sight (its name says 山顶), within `SUMMIT_KM`."""
    if "mountain" not in place.tags:
        return None
    tops = [
        lo
        for lo in stay.destination.lodging
        if is_summit(lo) and haversine_m(lo.lat, lo.lon, place.lat, place.lon) <= SUMMIT_KM * 1000
    ]
    return min(tops, key=lambda lo: haversine_m(lo.lat, lo.lon, place.lat, place.lon), default=None)


def sunrise_lodging(stay: Stay, scored: list[ScoredAttraction]) -> Lodging | None:
    """A lodging on site at the stay's sunrise spot, else the nearest within `SUNRISE_NEAR_M`,
    if the knowledge base has one."""
    spot = sunrise_spot(scored)
    if spot is None:
        return None
    place, lat, lon = spot
    top = summit_for(stay, place)
    if top is not None:  # a mountain's sunrise is seen from the top: sleep there
        return top
    targets = [
        lodging_wish.Target(place.name_zh, place.name_en, lat, lon, True),
        lodging_wish.Target(place.name_zh, place.name_en, place.lat, place.lon, True),
    ]
    found = [
        lo
        for lo in stay.destination.lodging
        if any(lodging_wish.near_enough(lo, t) for t in targets)
    ] or [  # no lodging on site: the nearest one close enough for a short ride at dawn
        lo
        for lo in stay.destination.lodging
        if haversine_m(lo.lat, lo.lon, lat, lon) <= SUNRISE_NEAR_M
    ]
    return min(found, key=lambda lo: haversine_m(lo.lat, lo.lon, lat, lon)) if found else None


def _split(
    stay: Stay,
    scored: list[ScoredAttraction],
    nights: list[int],
    anchor: Attraction | None,
    *,
    comfort: bool = False,
    budget_per_night: float | None = None,
) -> None:
    """Rule 3 of the module docstring; a `comfort` party (seniors, small children, access
    needs: `engine.planning.transit.Style`) moves for a single night only for a gain of
    `SPLIT_GAIN_COMFORT` — packing up for one night costs them a morning. With a
    `budget_per_night` (CNY a room-night), only lodgings within it are moved to."""
    best = scored[: len(stay.days) * 4]
    if not best or stay.lodging is None:
        return
    every = [lo for lo in stay.destination.lodging if not is_summit(lo)]
    if budget_per_night is not None:
        every = [lo for lo in every if nightly_price(lo, economy=False) <= budget_per_night]
    # Candidates: the lodging nearest each of the best sights (a data pack has hundreds).
    nearest: dict[str, Lodging] = {}
    for sight in best if every else []:
        lodging = min(every, key=lambda lo, a=sight.attraction: _m(lo, a))  # type: ignore[misc]
        nearest[lodging.id] = lodging
    lodgings = list(nearest.values())
    if len(lodgings) < 2:
        return
    table = {(lo.id, s.attraction.id): _m(lo, s.attraction) / 1000
             for lo in [*lodgings, stay.lodging] for s in best}  # fmt: skip

    def weight(s: ScoredAttraction) -> float:
        return s.score * (3 if s.headline is not None else 1)

    def km(lo: Lodging, a: Attraction) -> float:
        return table[(lo.id, a.id)]

    single = sum(weight(s) * km(stay.lodging, s.attraction) for s in best)
    total = sum(weight(s) for s in best) or 1.0
    choice: tuple[float, Lodging, Lodging] | None = None
    for i, a in enumerate(lodgings):
        for b in lodgings[i + 1 :]:
            if haversine_m(a.lat, a.lon, b.lat, b.lon) < SPLIT_KM * 1000:
                continue
            near_a = [s for s in best if km(a, s.attraction) <= km(b, s.attraction)]
            share = sum(weight(s) for s in near_a) / total
            if not SPLIT_SHARE <= share <= 1 - SPLIT_SHARE:
                continue
            cost = sum(weight(s) * min(km(a, s.attraction), km(b, s.attraction)) for s in best)
            if choice is None or cost < choice[0]:
                choice = (cost, a, b)
    if choice is None or choice[0] > (1 - SPLIT_GAIN) * single:
        return
    _, a, b = choice
    share_a = sum(weight(s) for s in best if km(a, s.attraction) <= km(b, s.attraction)) / total
    if anchor is not None:  # the mountain's side first: its day starts from a night near it
        if km(b, anchor) < km(a, anchor):
            a, b, share_a = b, a, 1 - share_a
    else:  # the side nearer where the stay begins (the station) first
        hubs = [h for h in stay.destination.hubs if h.kind == "rail"] or stay.destination.hubs
        if hubs and haversine_m(b.lat, b.lon, hubs[0].lat, hubs[0].lon) < haversine_m(
            a.lat, a.lon, hubs[0].lat, hubs[0].lon
        ):
            a, b, share_a = b, a, 1 - share_a
    first = max(1, min(len(nights) - 1, round(len(nights) * share_a)))
    if (
        comfort
        and min(first, len(nights) - first) == 1
        and choice[0] > (1 - SPLIT_GAIN_COMFORT) * single
    ):
        return
    for k, day in enumerate(nights):
        stay.nights[day] = a if k < first else b
    stay.lodging = a


def _m(lodging: Lodging, place: Attraction) -> float:
    return haversine_m(lodging.lat, lodging.lon, place.lat, place.lon)
