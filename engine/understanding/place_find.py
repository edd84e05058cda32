"""What a request's places come to: each name re-read in context, sights as must-sees, wishes."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.domain.request import Wish
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.understanding.generic_places import GenericChoice, generic_word, read_generic
from engine.understanding.place_context import PlaceChoice, alternative, choose


@dataclass
class PlaceFind:
    """Places in a request.

    Attributes:
        departure: where the trip starts, if said.
        destinations: where it goes, in order of mention, without repeats (a sight named as
            the goal is replaced by its destination: 去鼓浪屿 → 厦门).
        unknown: names after a clear cue (去X, "to X") that no place matches.
        attractions: ids of knowledge-base attractions named as places (去宏村, 黄山+宏村,
            去黄山 for the mountain), in order.
        said: the words each of `attractions` came from (id → words).
        named: the words each destination came from (its name_zh → words).
        choices: names read as one of several places (`PlaceChoice`), or generic words read
            inside the trip's places (`GenericChoice`: 山顶 of 黄山), to say back.
        unplaced: names listed among the places (去布达拉宫、纳木错) that no place matches:
            answered as must-sees, never dropped.
        arrivals: `identity` of the places named as where a journey arrives (坐高铁到西宁,
            飞成都, "flying into Chengdu"): a gateway, perhaps, rather than a stay.
    """

    departure: PlaceMatch | None = None
    destinations: list[PlaceMatch] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    attractions: list[str] = field(default_factory=list)
    departure_span: tuple[int, int] | None = None
    said: dict[str, str] = field(default_factory=dict)
    named: dict[str, str] = field(default_factory=dict)
    choices: list[PlaceChoice | GenericChoice] = field(default_factory=list)
    departure_said: str = ""
    mentions: list[tuple[PlaceMatch, str, bool]] = field(default_factory=list)
    arrivals: set[str] = field(default_factory=set)
    unplaced: list[str] = field(default_factory=list)

    def add(self, match: PlaceMatch, said: str = "", fixed: bool = False) -> None:
        """Record a destination as named; `fixed` when its context already decided it (a
        place right after its city: 南京鼓楼)."""
        self.mentions.append((match, said, fixed))
        if match.poi_id:
            self.sight(match.poi_id, said)
        self.place(match)

    def sight(self, poi_id: str, said: str) -> None:
        if poi_id not in self.attractions:
            self.attractions.append(poi_id)
            self.said.setdefault(poi_id, said)

    def place(self, match: PlaceMatch) -> None:
        if all(identity(d) != identity(match) for d in self.destinations):
            self.destinations.append(match)


def identity(match: PlaceMatch) -> str:
    """One key per place to plan: its destination, its region, else its division."""
    return match.destination_id or match.region_id or f"{match.full_name_zh}@{match.prefecture}"


def settle(out: PlaceFind, gaz: Gazetteer) -> None:
    """Re-read each name in the light of the others (`place_context.choose`); a sight becomes
    its destination plus a must-see; a destination named as one of its own sights (去黄山 for
    the mountain, 去九寨沟) gets that sight as a must-see too."""
    mentions, out.destinations, out.attractions, out.said = out.mentions, [], [], {}
    named = [m for m, _w, _f in mentions]
    if out.departure is not None and out.departure_said:
        cands = gaz.candidates(out.departure_said)
        if len(cands) > 1:
            out.departure = choose(cands, departure=True, context=named)
            _note(out, out.departure_said, out.departure, cands)
    named_ids = {m.destination_id for m in named if m.destination_id and m.poi_id is None}
    by_name = [  # the places named by their own names, not by a generic word (山顶, 古镇)
        gaz.destination(m.destination_id) or m
        for m, said, _f in mentions
        if m.destination_id and not generic_word(said)
    ]
    sights: dict[str, PlaceMatch] = {}
    for match, said, fixed in mentions:
        if not fixed and said and (inside := _sight_of_named(match, said, named_ids, gaz)):
            match = inside  # "Lushan 3 days, stay in Guling": 牯岭 of 庐山, not 鼓岭 of 福州
        elif not fixed and said and len(cands := gaz.candidates(said)) > 1:
            context = [m for m in named if m is not match]
            context += [out.departure] if out.departure is not None else []
            match = choose(cands, departure=False, context=context, home=out.departure)
            _note(out, said, match, cands)
        if not fixed and (generic := read_generic(said, match, by_name, gaz)) is not None:
            out.choices.append(generic)  # 去黄山，想去山顶: 黄山's summit, not 香港's 太平山顶
            if generic.chosen is None:
                continue
            match = generic.chosen
        place, poi = goal(match, said, gaz)
        if poi is not None:
            out.sight(poi, said)
            sights[poi] = match
        out.place(place)
        out.named.setdefault(place.name_zh, said)
    for poi in _part_names(out, sights):  # "the Great Wall at Mutianyu": one wall, 慕田峪's
        out.attractions.remove(poi)
        out.said.pop(poi, None)


def _part_names(out: PlaceFind, sights: dict[str, PlaceMatch]) -> list[str]:
    """The sights read from a part of a name that another sight said carries in full (长城 →
    八达岭长城 beside 慕田峪长城; "the Great Wall" beside "Mutianyu"): one place was meant, the
    one named in full."""
    return [
        poi
        for poi, said in out.said.items()
        if (match := sights.get(poi)) is not None
        and said.strip().lower() not in (match.name_zh, match.name_en.lower())
        and part_of_named(said, poi, [m for p, m in sights.items() if out.said.get(p) != said])
    ]


def part_of_named(words: str, poi: str, named: Sequence[PlaceMatch | None]) -> bool:
    """Whether `words` (that were read as the sight `poi`) are only a part of the name of
    another sight in `named` of the same destination (「长城」 of 慕田峪长城, "the Great Wall"
    of Mutianyu Great Wall)."""
    core = re.sub(r"^(?:the|a|an)\s+", "", words.strip(), flags=re.I).lower()
    if len(core) < 2:
        return False
    return any(
        m is not None
        and m.poi_id not in (None, poi)
        and (core in m.name_zh.lower() or core in m.name_en.lower())
        for m in named
    )


def _sight_of_named(
    match: PlaceMatch, said: str, named_ids: set[str], gaz: Gazetteer
) -> PlaceMatch | None:
    """A sight of another destination the person named by its own name, for words that read
    as a sight elsewhere or a place with no destination ("Wuxi …, the Buddha at Lingshan":
    无锡's 灵山大佛, not 灵山县 in Guangxi); None when the words are a named destination."""
    others = named_ids - {match.destination_id} if match.destination_id else named_ids
    if not others or (match.poi_id is None and match.destination_id is not None):
        return None
    return gaz.find_attraction(said, others, lead_word=True)


def goal(match: PlaceMatch, said: str, gaz: Gazetteer) -> tuple[PlaceMatch, str | None]:
    """The place to plan for a name given as the goal, and the sight it names, if any: a sight
    gives its destination (鼓浪屿 → 厦门, 鼓浪屿); a destination named as one of its own sights
    keeps it (黄山 → 黄山, 黄山风景区; 九寨沟)."""
    dest_id = match.destination_id
    if match.poi_id is not None and dest_id is not None:
        return gaz.destination(dest_id) or match, match.poi_id
    poi = gaz.attraction_named(said, dest_id) if dest_id and said else None
    return match, poi


def _note(out: PlaceFind, said: str, chosen: PlaceMatch, cands: list[PlaceMatch]) -> None:
    other = alternative(chosen, cands)
    if other is not None and all(c.said != said for c in out.choices):
        out.choices.append(PlaceChoice(said, chosen, other))


def place_wishes(draft: Any, avoided: Sequence[str] = ()) -> list[Wish]:
    """The wishes that places said: each sight named as a goal is a must-see (去鼓浪屿 →
    鼓浪屿, in the person's words), each region route a ``days`` wish (云南 →
    ``kunming:2,dali:3,lijiang:2``). `draft` is a `RequestDraft`; `avoided` POI ids are left out."""
    wishes = [
        Wish(kind="must_see", value=poi, said=draft.place_said.get(poi, ""))
        for poi in draft.place_attractions
        if poi not in avoided
    ]
    wishes += [
        Wish(kind="days", value=route.wish_value(), said=route.said) for route in draft.place_routes
    ]
    return wishes
