"""Stays: how the trip's days are split among destinations, and where each stay sleeps."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Destination, Lodging
from engine.knowledge.sun import sun_times
from engine.planning import transit
from engine.planning.candidates import ScoredAttraction, nightly_price
from engine.planning.errors import PlanningError
from engine.planning.frames import BUFFER_MIN, return_departure
from engine.planning.full_days import is_full_day
from engine.planning.intercity import IntercityOption
from engine.planning.pace import FULL_DAY_START
from engine.planning.summit import is_summit
from engine.planning.visit_windows import AFTER_DARK_MIN, DUSK_MIN, way_out_minutes

ANCHOR_KM = 15.0
ECONOMY_SLACK_MIN = 40  # extra minutes of rides a day a cheaper lodging may cost
#: An evening before the ride home holds the lights with this to spare (dinner, a queue, a
#: late taxi): not a plan that boards the minute the ride from 乌镇西栅 reaches 桐乡站.
HOME_SLACK_MIN = 30


@dataclass
class Stay:
    """Consecutive days in one destination (0-based day indexes) and its lodging.

    `nights` (day index -> lodging) overrides `lodging` for some nights: the stay moves, e.g.
    a night on the summit for the sunrise, or 汤口 for the mountain and 屯溪 for the old town
    (`engine.planning.nights`)."""

    destination: Destination
    days: list[int]
    lodging: Lodging | None = None
    nights: dict[int, Lodging] = field(default_factory=dict)
    #: (day, spot (name zh, name en, lat, lon), ``sunrise`` or ``flag-raising``, the sight's id)
    #: of a dawn outing
    sunrise: tuple[int, tuple[str, str, float, float], str, str] | None = None

    def night(self, day: int) -> Lodging | None:
        """The lodging of the night after `day` (0-based trip day)."""
        return self.nights.get(day, self.lodging)


def allocate(
    destinations: list[Destination],
    days: int,
    weights: list[float],
    fixed: tuple[int, ...] = (),
    needs: list[int] | None = None,
) -> list[Stay]:
    """Split `days` among destinations in order, proportionally to `weights`, at least one each.
    `fixed` (aligned with `destinations`, 0 = free) gives the days the person asked for in a
    destination (「北京2天然后天津1天」); they are kept exactly when they fit in `days`, and the
    remaining days go to the others. `needs` (aligned, see `days_needed`) are floors for the
    destinations not fixed: when all of them fit in `days`, a destination below its floor takes
    days from the one with the most days above its own (five days in 成都 and 九寨沟: the
    valley's full day and the ride there are not squeezed into one day because 成都 has more
    sights).

    Raises:
        PlanningError: fewer days than destinations.
    """
    n = len(destinations)
    if days < n:
        raise PlanningError(
            "too_few_days",
            f"{n}个目的地至少需要{n}天，请增加天数或减少目的地。",
            f"{n} destinations need at least {n} days: add days or drop a destination.",
        )
    asked = [max(0, fixed[i]) if i < len(fixed) else 0 for i in range(n)]
    free = [i for i in range(n) if asked[i] <= 0]
    if any(asked) and sum(asked) + len(free) <= days and (free or sum(asked) == days):
        shares = list(asked)
        left = days - sum(asked)
        if free:
            sub = _split(left, [weights[i] for i in free])
            for i, share in zip(free, sub, strict=True):
                shares[i] = share
    else:
        shares = _split(days, weights)
    if needs is not None:
        _raise_to_needs(shares, needs, [asked[i] <= 0 for i in range(n)], days)
    stays, first = [], 0
    for destination, share in zip(destinations, shares, strict=True):
        stays.append(Stay(destination, list(range(first, first + share))))
        first += share
    return stays


def _raise_to_needs(shares: list[int], needs: list[int], free: list[bool], days: int) -> None:
    """Move days (in place) to the free destinations below their need, from those above theirs."""
    floors = [max(1, need) if is_free else share
              for share, need, is_free in zip(shares, needs, free, strict=True)]  # fmt: skip
    if sum(floors) > days:
        return  # the needs do not fit: the split by weight stands, and the plan says what is left out
    while True:
        short = [i for i, floor in enumerate(floors) if shares[i] < floor]
        spare = [i for i, floor in enumerate(floors) if shares[i] > floor]
        if not short or not spare:
            return
        giver = max(spare, key=lambda i: (shares[i] - floors[i], -i))
        shares[giver] -= 1
        shares[short[0]] += 1


def days_needed(
    candidates: list[ScoredAttraction],
    *,
    arriving: bool,
    last_evening: bool = True,
    home_day: bool = True,
) -> int:
    """The days a stay needs for its full-day must-sees and headline sights (`is_full_day`:
    九寨沟, 黄山风景区, a theme park): one each, and one more for the day of arrival when the stay
    is reached by an intercity leg (`arriving`): the ride there leaves no full day, and one more
    when the trip's last day holds no such place either (`home_day` False: neither the ride
    home, `full_day_before_home`, nor the day of arrival, `full_day_on_arrival`, leaves room —
    峨眉山's 金顶 after 乐山, then a flight home from 成都). At least 1.

    A stay whose headline sight is seen after dark (`night_sights`: 重庆's 洪崖洞 and 长江索道)
    needs an evening: 2 days when its last day has none (`last_evening` False: the ride home
    leaves before dark, `evening_before_home`) — half a day in 重庆 before the train home shows
    洪崖洞 by day and leaves out 解放碑."""
    full = sum(1 for s in candidates if is_full_day(s) and (s.must_see or s.headline is not None))
    need = max(1, full + (1 if full and arriving else 0) + (1 if full and not home_day else 0))
    if not last_evening and night_sights(candidates):
        need = max(need, 2)
    return need


def _first_full_day(candidates: list[ScoredAttraction]) -> ScoredAttraction | None:
    """The first full-day must-see or headline sight (`is_full_day`) of a stay, if any."""
    full = [s for s in candidates if is_full_day(s) and (s.must_see or s.headline is not None)]
    return full[0] if full else None


def full_day_before_home(
    destination: Destination,
    candidates: list[ScoredAttraction],
    home: list[IntercityOption],
    date: dt.date,
) -> bool:
    """Whether the trip's last day, in `destination` with its `candidates`, can still hold its
    first full-day must-see or headline sight (`_first_full_day`) before the ride home: set out
    at `FULL_DAY_START` (07:00) from a night at its foot, go up (`visit_windows.way_out_minutes`: the
    way through a car-free area such as 峨眉山's bus and cable car, about three hours), the
    visit from its opening on `date`, then the ride from the place to the station or airport
    (`transit.between`: down through the area, then by road) and boarding time
    (`frames.BUFFER_MIN`) with `HOME_SLACK_MIN` to spare, before some option of `home` departs
    (its latest usual departure, `frames.return_departure`, or a timetabled service's time).
    True when the stay has no such sight or there is no option (nothing to decide)."""
    first = _first_full_day(candidates)
    if first is None or not home:
        return True
    sight = first.attraction
    opens = min((start for start, _ in place_windows(sight, date)), default=FULL_DAY_START)
    up = way_out_minutes(destination, sight)  # the way up is as long as the way down

    def leaves_after(option: IntercityOption) -> bool:
        depart = option.first_departure if option.scheduled else return_departure(option)
        hub = option.a_hub
        ride = transit.between(destination, (sight.lat, sight.lon), (hub.lat, hub.lon), party=1)
        done = max(FULL_DAY_START + up, opens) + sight.visit_minutes
        boarding = BUFFER_MIN.get(option.mode, 30)
        return depart - boarding - ride.minutes - HOME_SLACK_MIN >= done

    return any(leaves_after(o) for o in home)


#: Breakfast and the ride to the station before the earliest leg of a day that moves on
#: (breakfast from 06:30, `pace.BREAKFAST_WINDOW`, half an hour, then about half an hour's ride).
SET_OUT_MIN = 6 * 60 + 30 + 30 + 30


def full_day_on_arrival(
    destination: Destination,
    candidates: list[ScoredAttraction],
    arrivals: list[IntercityOption],
    date: dt.date,
) -> bool:
    """Whether the day a stay is reached can still hold its first full-day must-see or headline
    sight (`_first_full_day`): the earliest leg of `arrivals` (its first departure, not before
    `SET_OUT_MIN` and boarding time, `frames.BUFFER_MIN`), then the ride from the station to the
    place (`transit.between`, up through a car-free area) and the whole visit, over in its hours
    on `date` with the way out before closing (`visit_windows.way_out_minutes`, as the solver's windows
    want). 华山 an hour from 西安 by train: yes; 峨眉山's 金顶, three hours above the station's
    town: no. False when there is no such option; True when the stay has no such sight."""
    first = _first_full_day(candidates)
    if first is None:
        return True
    sight = first.attraction
    down = way_out_minutes(destination, sight)

    def holds(option: IntercityOption) -> bool:
        depart = max(option.first_departure, SET_OUT_MIN + BUFFER_MIN.get(option.mode, 30))
        hub = option.b_hub
        ride = transit.between(destination, (hub.lat, hub.lon), (sight.lat, sight.lon), party=1)
        start = depart + option.minutes + ride.minutes
        return any(
            max(start, open_at) + sight.visit_minutes <= close - down
            for open_at, close in place_windows(sight, date)
        )

    return any(holds(o) for o in arrivals)


def night_sights(candidates: list[ScoredAttraction]) -> list[ScoredAttraction]:
    """The headline sights whose point is after dark (`Attraction.best_time` ``after_dark``:
    洪崖洞's lit stilt houses, 外滩's illuminations), most important first."""
    night = [
        s for s in candidates if s.headline is not None and s.attraction.best_time == "after_dark"
    ]
    return sorted(night, key=lambda s: s.headline or 0)


def evening_before_home(
    candidates: list[ScoredAttraction],
    home: list[IntercityOption],
    date: dt.date,
) -> bool:
    """Whether the trip's last day, in the stay of `candidates`, can still show its first
    after-dark headline sight (`night_sights`) before the ride home: some option of `home`
    (`engine.planning.leg_frames.home_options`) boards late enough — its latest usual
    departure (`frames.return_departure`, or a timetabled service's time) less boarding time
    and the ride from the sight to its station (`transit.leg` by taxi) and `HOME_SLACK_MIN` —
    to leave the visit its time after dusk on `date` (sunset + `DUSK_MIN`, then the visit's first
    `AFTER_DARK_MIN` minutes). True when the stay has no such sight or there is no option
    (nothing to decide)."""
    night = night_sights(candidates)
    if not night or not home:
        return True
    sight = night[0].attraction
    _, sunset = sun_times(sight.lat, sight.lon, date)
    lit_until = sunset + DUSK_MIN + min(AFTER_DARK_MIN, sight.visit_minutes)

    def leaves_after(option: IntercityOption) -> bool:
        depart = option.first_departure if option.scheduled else return_departure(option)
        hub = option.a_hub
        ride = transit.leg(
            haversine_m(sight.lat, sight.lon, hub.lat, hub.lon), metro=False, party=1
        )
        return depart - BUFFER_MIN.get(option.mode, 30) - ride.minutes - HOME_SLACK_MIN >= lit_until

    return any(leaves_after(o) for o in home)


def _split(days: int, weights: list[float]) -> list[int]:
    """`days` in proportion to `weights`, at least one each."""
    total = sum(weights) or 1.0
    shares = [max(1, round(days * w / total)) for w in weights]
    while sum(shares) > days:
        shares[shares.index(max(shares))] -= 1
    while sum(shares) < days:
        shares[weights.index(max(weights))] += 1
    return shares


def choose_lodging(
    destination: Destination,
    candidates: list[ScoredAttraction],
    *,
    top: int,
    economy: bool,
    budget_per_night: float | None,
    anchor: ScoredAttraction | None = None,
    party: int = 1,
    only: list[Lodging] | None = None,
) -> Lodging | None:
    """The lodging that minimises score-weighted distance to the `top` best candidates.

    Each candidate lodging's cost is ``Σ score × km`` to those attractions, times
    ``1 + nightly price / 1500`` so that a far cheaper area wins over a marginally closer luxury one.
    In economy mode, or when `budget_per_night` is set, lodgings whose nightly price exceeds
    the budget are avoided when any other fits. With an `anchor` (a full-day place such as a
    mountain, whose day starts at opening time) only lodgings within `ANCHOR_KM` of it are
    considered when there are any (in economy mode, any within `budget_per_night`: not a
    1 000-CNY room by 蜈支洲岛 that then costs the trip its tickets). In economy mode the choice is by money instead: the nightly
    price plus two rides a day (`engine.planning.transit`, for the `party`) to the mean distance
    of those attractions — a cheap room an hour's taxi out loses to a slightly dearer central one
    — among the lodgings whose two rides a day take at most `ECONOMY_SLACK_MIN` more than the
    quickest's (a day's time is worth more than the saving).
    `only`: choose among these (the ones a lodging wish allows), whatever the budget. Headline
    sights weigh three times their score. Summit hotels are left out unless `only` names them
    (a sunrise night is placed there by `engine.planning.nights`).
    """
    if not destination.lodging:
        return None
    best = candidates[:top] or []

    def cost(lodging: Lodging) -> float:
        spread = (
            sum(
                s.score
                * (3 if s.headline is not None else 1)
                * haversine_m(lodging.lat, lodging.lon, s.attraction.lat, s.attraction.lon)
                for s in best
            )
            / 1000
        )
        return (spread + 1) * (1 + nightly_price(lodging, economy=economy) / 1500)

    # A summit hotel is for the night of a sunrise (`engine.planning.nights`) or when asked
    # (`only`): as the base it would start and end every day up the mountain.
    options = [lo for lo in destination.lodging if not is_summit(lo)] or list(destination.lodging)
    if only:
        options, anchor = list(only), None
    elif budget_per_night is not None and not economy:
        fitting = [lo for lo in options if nightly_price(lo, economy=economy) <= budget_per_night]
        options = fitting or sorted(options, key=lambda lo: lo.price_min_cny)[:1]
    if anchor is not None:
        a = anchor.attraction
        near = [
            lo for lo in options if haversine_m(lo.lat, lo.lon, a.lat, a.lon) <= ANCHOR_KM * 1000
        ]
        if economy and budget_per_night is not None:  # a budget said beats a shorter ride
            near = [lo for lo in near if nightly_price(lo, economy=True) <= budget_per_night]
        options = near or options
    if economy and best:

        def ride(lodging: Lodging) -> transit.Leg:
            meters = sum(
                haversine_m(lodging.lat, lodging.lon, s.attraction.lat, s.attraction.lon)
                for s in best
            ) / len(best)
            metro = transit.metro_between(
                destination,
                (lodging.lat, lodging.lon),
                (best[0].attraction.lat, best[0].attraction.lon),
            )
            return transit.leg(meters, metro=metro, party=party)

        def spend(lodging: Lodging) -> float:
            return nightly_price(lodging, economy=True) + 2 * ride(lodging).cost_cny

        # Never dearer than the low end of the area an ordinary stay would take: 「住经济型」 in
        # 婺源 moved from 江湾 (from 150 a night) to 篁岭 (from 400), the nearer to the sights.
        usual = min(options, key=lambda lo: (cost(lo), lo.id))
        options = [lo for lo in options if nightly_price(lo, economy=True)
                   <= nightly_price(usual, economy=True)]  # fmt: skip
        # Cheap, but not far from where the days are spent: a room an hour out (临潼 for a
        # Xi'an trip whose days are in the city) saves 150 CNY a night and costs two hours a day.
        quickest = min(ride(lo).minutes for lo in options)
        options = [lo for lo in options if 2 * (ride(lo).minutes - quickest) <= ECONOMY_SLACK_MIN]
        return min(options, key=lambda lo: (spend(lo), cost(lo), lo.id))
    return min(options, key=lambda lo: (cost(lo), lo.id))


def stay_weight(candidates: list[ScoredAttraction]) -> float:
    """How many days a destination deserves: the sum of its ten best scores."""
    return sum(s.score for s in candidates[:10])
