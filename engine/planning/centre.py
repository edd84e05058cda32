"""Where a destination's centre is, for 「住市中心」 / "stay downtown".

The centre is the destination's own centre point (`Destination.lat`/`lon`: the city centre of a
city) when a lodging area lies within `CENTRE_M` of it; otherwise — a scenic area or a county
whose centre point has nowhere to sleep — the densest cluster of its sights: the sight with the
most sights within `CLUSTER_M` (headline sights count three times, as in
`engine.planning.stays.choose_lodging`), and the mean position of that cluster. A lodging
*answers* a centre wish when it lies within `CENTRE_M` of that point.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination

CENTRE_M = 3000.0  # a walk or one or two metro stops from the centre
CLUSTER_M = 2500.0
#: Words people use for the centre (values of `LodgingWish.near` read by
#: `engine.understanding.lodging`).
CENTRE_WORDS = frozenset(
    {"市中心", "市区", "城区", "城中心", "中心城区", "downtown", "city centre"}
)


@dataclass(frozen=True)
class Centre:
    """A destination's centre: position (WGS-84), names (zh, en) for the report."""

    lat: float
    lon: float
    name_zh: str
    name_en: str


def is_centre_word(name: str) -> bool:
    return name.strip().lower() in CENTRE_WORDS


def centre_of(destination: Destination) -> Centre:
    """The centre of `destination` (see the module docstring)."""
    lat, lon = destination.lat, destination.lon
    if not destination.attractions or any(
        haversine_m(lat, lon, lo.lat, lo.lon) <= CENTRE_M for lo in destination.lodging
    ):
        return Centre(lat, lon, f"{destination.name_zh}市中心", f"central {destination.name_en}")
    sights = destination.attractions
    headline = set(destination.headline)

    def weight(sight_id: str) -> int:
        return 3 if sight_id in headline else 1

    def cluster(i: int) -> list[int]:
        a = sights[i]
        return [j for j, b in enumerate(sights)
                if haversine_m(a.lat, a.lon, b.lat, b.lon) <= CLUSTER_M]  # fmt: skip

    best = max(
        range(len(sights)),
        key=lambda i: (
            sum(weight(sights[j].id) for j in cluster(i)),
            -haversine_m(lat, lon, sights[i].lat, sights[i].lon),
        ),
    )
    members = cluster(best)
    core = sights[best]
    return Centre(
        sum(sights[j].lat for j in members) / len(members),
        sum(sights[j].lon for j in members) / len(members),
        f"{core.name_zh}一带（景点最集中处）",
        f"around {core.name_en} (where the sights are densest)",
    )
