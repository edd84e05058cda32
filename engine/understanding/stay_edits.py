"""Where to stay, said in a follow-up (「住江北嘴」, 「住解放碑附近」, "we'd like to stay near the
Bund"): the place named read as a lodging of the trip, and the stay moved there in place
(`engine.editing.ops.SwapLodging`: the days kept, re-timed from the new lodging) — or, when the
knowledge base knows no lodging there, an answer that says so with the areas it does know.

A kind of stay (「住民宿」, "a nicer hotel") or a destination (「住阳朔」) is none of these: those
stay wishes for the whole trip (`engine.understanding.revision_wishes`) or a night elsewhere
(`engine.understanding.place_edits.night_stay`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.domain.itinerary import Itinerary
from engine.editing.ops import SwapLodging
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import gazetteer_for
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Lodging
from engine.planning.lodging_wish import near_enough, targets
from engine.understanding.lodging import find_lodging
from engine.understanding.resolve import lodging_wish
from engine.understanding.text import normalize

#: A stay moved in other words — 「酒店换到观音桥」, 「换到观音桥住」, 「住宿改到江北嘴」 — read as
#: 「住观音桥」 (the place is the group ``a`` or ``b``).
_MOVED = re.compile(
    r"^(?:把)?(?:酒店|住处|住宿|宾馆|旅馆|住的地方)(?:换|改|搬)(?:到|成|去)(?P<a>.+?)(?:吧|呢)?$"
    r"|^(?:换|改|搬)(?:到|去)(?P<b>.+?)(?:去)?住(?:吧|呢)?$"
)

#: How far from a destination's centre its lodging areas are offered as "in town", metres.
IN_TOWN_M = 40_000


@dataclass(frozen=True)
class _Stay:
    """A place to stay named in a clause: the words, and the lodging of the trip it comes to
    (None: no lodging known there), with the trip's destination it lies in (None: none)."""

    name: str
    lodging: Lodging | None
    destination: Destination | None
    said: str = ""
    nights: int = 0
    last: bool = False


def stay_edit(clause: str, it: Itinerary, kb: KnowledgeBase) -> SwapLodging | None:
    """The lodging move `clause` asks for on `it`, from the first night spent in the place's
    destination to the end of that stay, with the words said (they replace the where-to-stay
    wish said before: `SwapLodging.said`); None when fewer nights than the stay's are said
    (「在山顶住一晚」: a revision plans them, `engine.understanding.revision_wishes`), when it
    names no place to stay, or one with no lodging known (`stay_unknown` answers that)."""
    stay = _stay(clause, it, kb)
    if stay is None or stay.lodging is None or stay.destination is None:
        return None
    dest = stay.destination.id
    nights = [d.index for d in it.days if d.lodging_id and d.destination == dest]
    if not nights:
        return None
    if 0 < stay.nights < len(nights):
        return None  # 「在山顶住一晚」: the trip planned again with the count (`add_wishes`)
    return SwapLodging(day=nights[0], lodging=stay.lodging.id, said=stay.said)


def stays_here(clause: str, it: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether `clause` names a place to stay with a lodging of `it`'s destinations known there
    (「在山顶住一晚」 on a 黄山 plan: its summit, not a trip to 太平山顶)."""
    stay = _stay(clause, it, kb)
    return stay is not None and stay.lodging is not None


def stay_unknown(clause: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """What to answer when `clause` names a place to stay where no lodging of the trip is known
    (「住江北嘴」): that it is not known, and the lodging areas of the trip's destinations that
    are (the nearest first, with the distance, when the place's position is known); None when
    `clause` says no such place."""
    stay = _stay(clause, it, kb)
    if stay is None or stay.lodging is not None:
        return None
    dests = [d for i in it.request.destinations if (d := kb.destinations.get(i)) is not None]
    at = gazetteer_for(kb).resolve(stay.name)
    areas: list[str] = []
    for dest in dests:
        lodgings = [lo for lo in dest.lodging  # in town: not 仙女山 for 重庆
                    if haversine_m(lo.lat, lo.lon, dest.lat, dest.lon) <= IN_TOWN_M]  # fmt: skip
        if at is not None and at.lat is not None and at.lon is not None:
            lat, lon = at.lat, at.lon
            lodgings.sort(key=lambda lo: haversine_m(lo.lat, lo.lon, lat, lon))
            areas += [f"{lo.name(lang)}{_km(lo, lat, lon, lang)}" for lo in lodgings[:3]]
        else:
            areas += [lo.name(lang) for lo in lodgings]
    where = pick(lang, "、", ", ").join(areas)
    return pick(
        lang,
        f"「{stay.name}」一带资料里没有可安排的住处；可以住：{where}",
        f"no lodging is known around “{stay.name}”; places to stay are: {where}",
    )


def _km(lodging: Lodging, lat: float, lon: float, lang: str) -> str:
    km = haversine_m(lodging.lat, lodging.lon, lat, lon) / 1000
    return pick(lang, f"（约{km:.1f}公里）", f" (about {km:.1f} km)")


def _stay(clause: str, it: Itinerary, kb: KnowledgeBase) -> _Stay | None:
    """The place to stay `clause` names (a lodging area, or a sight to stay near), or None
    when it names none, names a kind of stay too, or names a destination (「住重庆」)."""
    text = normalize(clause).strip(" ，,。.！!")
    moved = _MOVED.match(text)
    found = find_lodging(f"住{moved.group('a') or moved.group('b')}" if moved else text)
    if len(found.near) != 1 or found.kind or found.features or found.avoid:
        return None
    name = found.near[0]
    gaz = gazetteer_for(kb)
    place = gaz.resolve(name)
    if (
        place is not None
        and place.poi_id is None
        and (
            place.destination_id is not None or place.level in ("province", "prefecture", "county")
        )
    ):
        return None  # 住重庆, 住阳朔: a town, not a place in it
    if len(name) < 2 or name in it.request.destinations:
        return None
    wish, _ = lodging_wish(found, kb, gaz, it.request.destinations)
    for dest_id in it.request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        for target in targets(dest, wish)[:1]:
            near = sorted(
                (lo for lo in dest.lodging if near_enough(lo, target)),
                key=lambda lo: haversine_m(lo.lat, lo.lon, target.lat, target.lon),
            )
            said = next((f.said for f in found.found if f.kind == "lodging_area"), name)
            said = text if moved else said  # the person's words: 「酒店换到观音桥」
            return _Stay(name, near[0] if near else None, dest, said, found.nights, found.last)
    return _Stay(name, None, None)
