"""From what was found to what the planner acts on: names → POI ids (must-see, places to
avoid, where to stay) and every wish found → `TripRequest.wishes`, in the person's words."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any

from engine.domain.request import PARTY_ASSUMED, PARTY_SPLIT_ASSUMED, LodgingWish, Party, Wish
from engine.knowledge.gazetteer import Gazetteer
from engine.knowledge.geo import haversine_m
from engine.knowledge.place_names import HOTEL_NAME
from engine.understanding.access import MOMENT_WORDS
from engine.understanding.activities import ACTIVITIES
from engine.understanding.found import Found
from engine.understanding.lexicon import INTEREST_WORDS
from engine.understanding.lodging import LodgingFind
from engine.understanding.party import family_count_unsaid, family_split_unsaid, party_value
from engine.understanding.text import words_pattern
from engine.understanding.thrift import is_low

#: Generic lodging-area words (「住山顶」, 「住市中心」) → words of lodging-area names.
_AREA_WORDS: dict[str, tuple[str, ...]] = {
    "山顶": ("山顶", "山上", "金顶", "顶"), "山上": ("山顶", "山上", "金顶"), "岛上": ("岛上", "岛"),
    "景区里": ("景区内", "景区"), "景区内": ("景区内", "景区"), "市中心": ("市中心", "中心", "市区", "城区"),
    "市区": ("市区", "市中心", "城区"), "城区": ("城区", "市区"), "古城": ("古城",), "古城里": ("古城内", "古城"),
    "古城内": ("古城内", "古城"), "古镇": ("古镇",), "古镇里": ("古镇", "景区内"), "古镇上": ("古镇",), "老城": ("老城", "古城"),
    "老城区": ("老城", "古城"), "海边": ("海边", "海景", "海滨", "湾"), "湖边": ("湖边", "湖畔", "湖"),
    "江边": ("江边", "江景", "滨江"), "胡同": ("胡同", "四合院", "hutong"), "胡同里": ("胡同", "四合院", "hutong"),
    "四合院": ("四合院", "胡同", "hutong"), "胡同四合院": ("胡同", "四合院", "hutong"),
}  # fmt: skip


def without_interest_words(name: str) -> str:
    """`name` less the interest and moment words in it (天安门升旗 → 天安门)."""
    for rx, *_ in (*INTEREST_WORDS, *MOMENT_WORDS, *ACTIVITIES):
        name = words_pattern(rx).sub("", name)
    return name.strip(" 的")


def is_interest_words(name: str) -> bool:
    """Whether a "must-see" name is an interest, a moment or an activity (想看日出, 想看大熊猫,
    想看京剧), not a place
    (屯溪老街 is a place: 屯溪 is left once 老街 is taken out)."""
    rest = name
    for rx, *_ in (*INTEREST_WORDS, *MOMENT_WORDS, *ACTIVITIES):
        rest = words_pattern(rx).sub("", rest)
    if rest == name:
        return False
    rest = re.sub(  # 升旗仪式, "the flag-raising ceremony": the moment itself
        r"[的看去和\s]|仪式|\b(?:the|a|an|see|some|any|all|more|many|other|ceremony|ceremonies)\b",
        "",
        rest,
        flags=re.I,
    )
    return len(re.findall(r"[\u3400-\u9fff]", rest)) < 2 and len(re.findall(r"[A-Za-z]", rest)) < 3


def lodging_wish(
    found: LodgingFind, kb: Any, gaz: Gazetteer, dest_ids: Sequence[str]
) -> tuple[LodgingWish, dict[str, str]]:
    """The `LodgingWish`, with names resolved to lodging areas, attractions or hubs of the
    destinations (a name that matches none stays a name; a destination's own name is no
    lodging wish), and name → value for the wishes."""
    near: list[str] = []
    values: dict[str, str] = {}
    on_site = False
    for name in found.near:
        ids = _near_ids(name, kb, gaz, dest_ids)
        if ids == [] and HOTEL_NAME.search(name):  # 住迪士尼酒店: the lodging area named so
            ids = _hotel_area(name, kb, dest_ids)
        if ids is None or (not ids and name in found.maybe):
            continue  # 住在北京: the destination itself; 住一晚: no place
        near.extend(i for i in ids if i not in near)
        values[name] = ids[0] if ids else name
        on_site = on_site or name in found.on_site_names
        if not ids and name not in near:
            near.append(name)
    wish = LodgingWish(
        near=tuple(near),
        on_site=on_site,
        kind=found.kind,
        features=tuple(found.features),
        avoid=tuple(found.avoid),
        nights=found.nights,
        last=found.last,
    )
    return wish, values


def _hotel_area(name: str, kb: Any, dest_ids: Sequence[str]) -> list[str]:
    """Ids of the lodging areas of `dest_ids` whose name holds the hotel name `name` less its
    hotel word (迪士尼酒店 → 迪士尼度假区); none for a hotel of its own (西湖国宾馆)."""
    core = HOTEL_NAME.sub("", name).strip()
    if len(core) < 2 or kb is None:
        return []
    return [lo.id for d in dest_ids if (dest := kb.destinations.get(d)) is not None
            for lo in dest.lodging if core in lo.name_zh or core.lower() in lo.name_en.lower()]  # fmt: skip


def _near_ids(name: str, kb: Any, gaz: Gazetteer, dest_ids: Sequence[str]) -> list[str] | None:
    place = gaz.resolve(name)
    if (
        place is not None
        and place.destination_id in dest_ids
        and place.poi_id is None
        and place.level in ("province", "prefecture", "county")
    ):
        return None
    destinations = [kb.destinations[d] for d in dest_ids if kb is not None and d in kb.destinations]
    words = _AREA_WORDS.get(name, (name,))
    ids = [
        lodging.id
        for dest in destinations
        for lodging in dest.lodging
        if any(w in lodging.name_zh or w.lower() in lodging.name_en.lower() for w in words)
    ]
    if name in _AREA_WORDS:
        return ids or _waterside(name, destinations)
    if ids and (shore := _shore(name, ids, destinations)):  # 西湖: 湖滨 too, not 西湖西线 alone
        return shore
    hit = gaz.find_attraction(name, dest_ids or None)
    if hit is not None and hit.poi_id:
        if not ids:  # "inside Xizha": the lodging areas named after the sight (西栅…), as in zh
            core = re.sub(r"[（(].*", "", hit.name_zh)
            for dest in destinations:
                core = core.removeprefix(dest.name_zh)  # 乌镇西栅 → 西栅
            ids = [lodging.id for dest in destinations for lodging in dest.lodging
                   if len(core) >= 2 and core in lodging.name_zh]  # fmt: skip
        ids.append(hit.poi_id)
    for dest in destinations:
        for hub in dest.hubs:
            names = (hub.name_zh, hub.name_en.lower(), *hub.aliases)
            if name in names or name.lower() in names:
                ids.append(hub.id)
    return ids


#: Waterside words → the tags of the sights that make an area waterside, when no lodging area
#: is named for the water (厦门's 鼓浪屿岛上, 威海's 国际海水浴场—高区 are by the sea).
_WATER_TAGS: dict[str, frozenset[str]] = {
    "海边": frozenset({"sea", "beach"}), "湖边": frozenset({"lake"}), "江边": frozenset({"water"}),
}  # fmt: skip
#: A lodging area within this distance (metres, straight line) of such a sight is by the water.
WATERSIDE_M = 1500.0


#: A lake, sea or river named (西湖, "West Lake"): the tags of the sights by it (a lake may be
#: called 海: 洱海, 后海).
_WATER_NAMES = (
    (re.compile(r"湖$|\blake$", re.I), _WATER_TAGS["湖边"]),
    (re.compile(r"海$|\bsea$", re.I), _WATER_TAGS["海边"] | _WATER_TAGS["湖边"]),
    (re.compile(r"江$|河$|\briver$", re.I), _WATER_TAGS["江边"]),
)
#: Sights of that water within this distance (metres) of the area named after part of it are
#: its shore (杭州's 断桥, 三潭印月 for 西湖西线), not another lake's of the destination.
SHORE_M = 5000.0


def _shore(name: str, ids: Sequence[str], destinations: Sequence[Any]) -> list[str]:
    """A lake (sea, river) said that a lodging area is named after one side of (「住西湖边」:
    西湖西线·杨公堤, "West Lake west side", the dear west shore): every area within
    `WATERSIDE_M` of that water's sights (those within `SHORE_M` of the areas named after a side
    of it), nearest first — 湖滨 is by West Lake too; [] when `name` names no water, or no area
    is named after a side of it."""
    tags = next((tags for rx, tags in _WATER_NAMES if rx.search(name.strip())), None)
    said = re.escape(name.strip())
    side = re.compile(rf"{said}\s*[东西南北](?:线|岸|侧|边|畔)|{said}\s+(?:east|west|north|south)"
                      r"(?:ern)?\s+(?:side|shore|bank)", re.I)  # fmt: skip
    named = [lo for d in destinations for lo in d.lodging
             if lo.id in ids and (side.search(lo.name_zh) or side.search(lo.name_en))]  # fmt: skip
    if tags is None or not named:
        return []
    near: list[tuple[float, str]] = []
    for dest in destinations:
        sights = [a for a in dest.attractions if tags & set(a.tags)
                  and any(haversine_m(a.lat, a.lon, lo.lat, lo.lon) <= SHORE_M for lo in named)]  # fmt: skip
        if not sights:
            continue
        for lodging in dest.lodging:
            metres = min((haversine_m(lodging.lat, lodging.lon, a.lat, a.lon) for a in sights),
                         default=float("inf"))  # fmt: skip
            if metres <= WATERSIDE_M or lodging.id in ids:
                near.append((metres, lodging.id))
    return [poi for _, poi in sorted(near)]


def _waterside(name: str, destinations: Sequence[Any]) -> list[str]:
    """Lodging areas of `destinations` within `WATERSIDE_M` of a sight of the water `name` says
    (「住海边」: a sea or beach sight), nearest first; [] for other words or none near."""
    tags = _WATER_TAGS.get(name)
    if not tags:
        return []
    near: list[tuple[float, str]] = []
    for dest in destinations:
        sights = [a for a in dest.attractions if tags & set(a.tags)]
        for lodging in dest.lodging:
            metres = min((haversine_m(lodging.lat, lodging.lon, a.lat, a.lon) for a in sights),
                         default=float("inf"))  # fmt: skip
            if metres <= WATERSIDE_M:
                near.append((metres, lodging.id))
    return [poi for _, poi in sorted(near)]


def wishes(
    found: Sequence[Found],
    *,
    must_see: dict[str, str],
    avoid_places: dict[str, str],
    lodging: dict[str, str],
    party: Party | None,
    start_date: dt.date | None,
    budget_cny: int | None,
    days: str | None,
) -> tuple[Wish, ...]:
    """Every wish found, once per (kind, value), with names resolved (`must_see` …: name →
    POI id; a name that matches no POI keeps the name as its value, so the report can say
    it was not found) and the values of the said party, date, budget and days (the first date
    found is the start; a later one keeps its own day)."""
    out: list[Wish] = []
    for item in found:
        value: str | None = item.value
        if item.kind == "must_see":
            value = must_see.get(item.value)
        elif item.kind == "avoid_place":
            value = avoid_places.get(item.value)
        elif item.kind == "lodging_area":
            value = lodging.get(item.value)
        elif item.kind == "party":
            value = party_value(party) if party is not None else None
            if value is not None and family_count_unsaid(item.said):  # 全家: two adults taken
                value += PARTY_ASSUMED
            elif value is not None and party is not None and family_split_unsaid(item.said, party):
                value += PARTY_SPLIT_ASSUMED  # 一家六口: 2 adults + 4 children is a guess
        elif item.kind == "date" and any(w.kind == "date" for w in out):
            pass  # another date said (五月或者六月): its own day, answered as not the start
        elif item.kind == "date":
            value = start_date.isoformat() if start_date is not None else None
        elif item.kind == "budget" and not is_low(item.value):  # 穷游 keeps its value
            value = str(budget_cny) if budget_cny is not None else None
        elif item.kind == "days":
            value = days
        if value is None:
            continue
        wish = Wish(kind=item.kind, value=value, said=item.said)
        if all((w.kind, w.value) != (wish.kind, wish.value) for w in out):
            out.append(wish)
    return tuple(out)
