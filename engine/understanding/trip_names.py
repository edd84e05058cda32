"""A place said in a follow-up, looked up inside the trip's own destinations first.

A follow-up speaks of the trip: 「第三天晚上想去解放西酒吧街」 on a 长沙 plan means 长沙's 解放西路
(not 解放区 of 焦作, near 云台山); "does Panxi Restaurant use peanuts?" on a 广州 plan means the
day's 泮溪酒家 (not 大理's Panxi bend of the Erhai path); 「山顶住宿太贵了」 on a 泰山 plan means
泰山's summit (not 香港's 太平山顶); "Nanshan" on a 三亚 plan means 三亚's 南山 (not 深圳's 南山区).
Only words that name nothing of the trip are read as a place elsewhere.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.editing.places import place_names
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import gazetteer_for
from engine.knowledge.schema import Attraction, Destination, Restaurant
from engine.understanding.generic_places import generic_word
from engine.understanding.text import has_cjk

__all__ = [
    "TripName",
    "full_words",
    "here_in_trip",
    "here_note",
    "in_trip",
    "restated",
    "said_here",
]

#: The shortest words looked for inside a record's names or descriptions: two Chinese
#: characters (解放西 in 「解放西路」), four Latin letters ("Panxi").
_MIN_ZH, _MIN_LATIN = 2, 4
#: Words that end a place's kind rather than its name (解放西酒吧街 → 解放西, "Panxi Restaurant"
#: → Panxi): tried after the whole words.
_KIND_TAIL = re.compile(
    r"(?:酒吧街|酒吧|美食街|小吃街|步行街|夜市|商业街|老街|一条街|街|路|餐厅|饭店|酒家|酒楼|景区|"
    r"\s+(?:restaurant|bar street|bars?|street|road|temple|area|scenic area))$",
    re.I,
)


#: The items that are a visit to a place (not the leg that goes there).
_VISITS = (ItemKind.ATTRACTION, ItemKind.MEAL)


@dataclass(frozen=True)
class TripName:
    """Words of a follow-up read inside one of the trip's destinations.

    Attributes:
        said: the words as written (「解放西酒吧街」, "Panxi Restaurant").
        destination: the trip's destination they belong to.
        place: the attraction or restaurant they name or that mentions them (太平老街 for
            解放西, its description says 「连着坡子街、解放西路」), or None for a generic word
            (山顶: this trip's summit).
        named: whether `said` is `place`'s own name (False: only its description mentions it).
    """

    said: str
    destination: Destination
    place: Attraction | Restaurant | None
    named: bool


def in_trip(said: str, destination_ids: Sequence[str], kb: KnowledgeBase) -> TripName | None:
    """The trip's own place that the words `said` name, or None when they name none of
    `destination_ids`.

    Tried in order: the name of an attraction or restaurant (Chinese, English, aliases; the
    words inside a longer name count: "Panxi Restaurant" of "Panxi Restaurant (Lizhiwan)"),
    its pinyin ("Nanshan"), a generic word (山顶), then a mention in a record's description
    (解放西 of 「…连着坡子街、解放西路」); each first with the words whole, then without a
    kind word at their end (解放西酒吧街 → 解放西)."""
    dests = [d for i in destination_ids if (d := kb.destinations.get(i)) is not None]
    words = said.strip()
    if not dests or not words:
        return None
    if generic_word(words) is not None:
        return TripName(words, dests[0], None, named=False)
    tries = [words]
    if (short := _KIND_TAIL.sub("", words).strip()) and short != words:
        tries.append(short)
    for query in tries:
        if not _long_enough(query):
            continue
        for dest in dests:
            if (place := _named(query, dest)) is not None:
                return TripName(words, dest, place, named=True)
        hit = gazetteer_for(kb).find_attraction(query, [d.id for d in dests])
        if hit is not None and hit.how in ("exact", "alias", "pinyin"):
            dest = next(d for d in dests if d.id == hit.destination_id)
            place = next((a for a in dest.attractions if a.id == hit.poi_id), None)
            return TripName(words, dest, place, named=True)
    for query in tries:
        if _long_enough(query):
            for dest in dests:
                if (place := _mentioned(query, dest)) is not None:
                    return TripName(words, dest, place, named=False)
    return None


def said_here(
    words: Iterable[str], destination_ids: Sequence[str], kb: KnowledgeBase
) -> TripName | None:
    """The first of `words` (each naming a place the request read outside the trip) that names
    a place of the trip instead (`in_trip`); None when none does."""
    for said in words:
        if (found := in_trip(said, destination_ids, kb)) is not None:
            return found
    return None


def _long_enough(words: str) -> bool:
    return len(words) >= (_MIN_ZH if has_cjk(words) else _MIN_LATIN)


def _named(query: str, dest: Destination) -> Attraction | Restaurant | None:
    """The place of `dest` whose name is `query` or holds it as whole words, the shortest
    such name first (the place most nearly named)."""
    q = query.lower()
    best: tuple[int, Attraction | Restaurant] | None = None
    places: tuple[Attraction | Restaurant, ...] = (*dest.attractions, *dest.restaurants)
    for place in places:
        for name in place_names(place):
            if _holds(name, q) and (best is None or len(name) < best[0]):
                best = (len(name), place)
    return best[1] if best else None


def _holds(name: str, query: str) -> bool:
    """Whether the (lower-case) name `name` is `query` or holds it (Latin: as whole words)."""
    if name == query:
        return True
    if has_cjk(query):
        return query in name
    return re.search(rf"(?<![a-z]){re.escape(query)}(?![a-z])", name) is not None


def _mentioned(query: str, dest: Destination) -> Attraction | Restaurant | None:
    """The attraction (else restaurant) of `dest` whose description names `query`."""
    q = query.lower()
    places: tuple[Attraction | Restaurant, ...] = (*dest.attractions, *dest.restaurants)
    for place in places:
        for text in (place.description_zh, place.description_en):
            if text and _holds(text.lower(), q):
                return place
    return None


def full_words(text: str, said: str) -> str:
    """`said` with the Chinese name it starts carried on to its end in `text` (解放 of
    「想去解放西酒吧街」 → 解放西酒吧街): the gazetteer read only a county's name inside it."""
    at = text.find(said)
    if at < 0:
        return said
    rest = text[at + len(said) :]
    if not has_cjk(said):  # "Panxi Restaurant": the capitalised words that go on
        latin = re.match(r"(?:\s+[A-Z][A-Za-z'’\-]*)*", rest)
        return said + (latin.group(0) if latin else "")
    tail = re.match(r"[\u3400-\u9fff]{0,8}", rest)
    more = tail.group(0) if tail else ""
    cut = re.search(r"[吗呢了的啊呀]|怎么|好不好|可以|行不行|能不能|太贵|玩|住|吃|看", more)
    more = more[: cut.start()] if cut else more
    return said + re.sub(r"吧+$", "", more)  # 酒吧街, not the particle of 「去解放西吧」


def here_note(found: TripName, current: Itinerary, lang: str) -> str:
    """What to say when a follow-up named a place of this trip (`current`) that was first read
    as one elsewhere (`in_trip`): where it is in this trip, when the plan goes there, and what
    it is — or the record nearest to it when the data has no record of its own."""
    dest, place = found.destination, found.place
    zh = lang == "zh"
    if place is None:
        return (
            f"「{found.said}」说的是这次行程{dest.name_zh}的，不是别的城市的地方。"
            if zh
            else f'"{found.said}" is taken as {dest.name_en}\'s, on this trip, not a place '
            "in another city. "
        )
    visit = next(((d.index, i.start) for d in current.days for i in d.items
                  if i.poi_id == place.id and i.kind in _VISITS), None)  # fmt: skip
    when = ""
    if visit is not None:
        when = (
            f"，行程里在第{visit[0]}天 {visit[1]:%H:%M}"
            if zh
            else f", in the plan on day {visit[0]} at {visit[1]:%H:%M}"
        )
    about = (place.description_zh if zh else place.description_en).rstrip("。. ")
    if found.named:
        return (
            f"「{found.said}」就在这次行程的{dest.name_zh}：{place.name_zh}{when}。{about}。"
            if zh
            else f'"{found.said}" is in {dest.name_en}, on this trip: {place.name_en}{when}. '
            f"{about}. "
        )
    return (
        f"「{found.said}」在这次行程的{dest.name_zh}；资料里没有单独收这个地方，离它最近的是"
        f"{place.name_zh}{when}（{about}）。"
        if zh
        else f'"{found.said}" is in {dest.name_en}, on this trip; it is not a place of its own '
        f"in my data, the nearest one is {place.name_en}{when} ({about}). "
    )


def here_in_trip(result: Any, current: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """What to say when a follow-up, read as a whole request (`result`, a `ParseResult`), took
    a place of the trip `current` for one elsewhere (解放西 → 解放区 near 云台山, 山顶 → 香港's
    太平山顶): `here_note` of the first such place; None when the places it read outside the
    trip name nothing of it (the request really names another city's place)."""
    request, draft = getattr(result, "request", None), getattr(result, "draft", None)
    if request is None or draft is None:
        return None
    ours = current.request.destinations
    if all(d in ours for d in request.destinations):
        return None
    words = [full_words(draft.text, w) for w in dict.fromkeys(draft.place_named.values()) if w]
    found = said_here(words, ours, kb)
    return here_note(found, current, lang) if found is not None else None


def restated(result: Any, current: TripRequest) -> Any:
    """`result` (a `ParseResult`) of a follow-up planned afresh that names the same places as
    the open trip `current` ("we want 3 days in Beijing and then 3 days in Shanghai, we start in
    Beijing"), with `current`'s start date and party where the follow-up said none: it restates
    the trip, and mid-April 2027 for two is not reset to next Saturday for one."""
    request = getattr(result, "request", None)
    defaulted: frozenset[str] = getattr(result, "defaulted", frozenset())
    if request is None or set(request.destinations) != set(current.destinations):
        return result
    kept: dict[str, Any] = {}
    if "start_date" in defaulted and current.start_date is not None:
        kept["start_date"] = current.start_date
    if "party" in defaulted:
        kept["party"] = current.party
    if not kept:
        return result
    return dataclasses.replace(
        result,
        request=request.model_copy(update=kept),
        defaulted=frozenset(defaulted - set(kept)),
    )
