"""Generic words that are also a place's name elsewhere: read inside the trip's own places.

山顶 is 香港's 太平山顶 in the gazetteer, 古镇 is 荔波古镇, 老街 is one of three old streets.
Said in a request that already names where it goes (「去黄山玩3天，想去山顶」), such a word
means that place's summit, old town or old street — never a new destination 1,200 km away
(issue 13 §4). `read_generic` resolves it inside the destinations named by their own names
first: a summit word to the mountain the destination is named after (黄山 → 黄山风景区), any
other word to a sight of those destinations whose name carries it (大理 + 古镇 → 喜洲古镇).
When none does, the word adds nothing and the note says which place was not taken.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.knowledge.gazetteer import Gazetteer, PlaceMatch

#: Summit words: the top of the mountain the trip goes to.
SUMMIT_WORDS = frozenset({"山顶", "山顶上", "山上", "顶上", "peak", "summit", "top", "mountaintop"})
#: Other words that name a kind of place, not one place (the aliases some sights carry).
KIND_WORDS = frozenset(
    {
        "古城", "古镇", "老街", "老城", "城墙", "钟楼", "鼓楼", "文庙", "孔庙",
        "省博", "游船", "江滩", "白塔", "湖边", "海边", "old town", "old street", "city wall",
        "bell tower", "drum tower", "boat trip",
    }
)  # fmt: skip
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


def generic_word(said: str) -> str | None:
    """The generic word `said` is (「山顶」, "the Peak" → ``peak``), or None for a name."""
    word = _ARTICLE.sub("", said.strip()).lower()
    return word if word in SUMMIT_WORDS or word in KIND_WORDS else None


@dataclass(frozen=True)
class GenericChoice:
    """A generic word read inside the trip's places, or not taken as a place elsewhere.

    Attributes:
        said: the words as written (「山顶」, "the Peak").
        chosen: the sight of the trip's destinations taken, or None when none fits.
        other: the place elsewhere that carries the word as its name (太平山顶).
        where: the destinations named (黄山), for the message.
    """

    said: str
    chosen: PlaceMatch | None
    other: PlaceMatch
    where: tuple[PlaceMatch, ...]
    summit: bool = False

    def message(self, lang: str) -> str:
        """「“山顶”按黄山风景区理解，不是太平山顶（香港）。」 or, with nothing chosen, that the
        word was not taken as the place elsewhere."""
        places = "、".join(p.name_zh for p in self.where)
        places_en = ", ".join(p.name_en for p in self.where)
        if self.chosen is not None:
            if lang == "zh":
                of = "" if self.chosen.name_zh.startswith(places) else f"{places}的"
                top = "的山顶" if self.summit else ""
                return (
                    f"“{self.said}”按{of}{self.chosen.name_zh}{top}理解，"
                    f"不是{self.other.label('zh')}；如果想去那里，请写明。"
                )
            top = "the top of " if self.summit else ""
            return (
                f'"{self.said}" is taken as {top}{self.chosen.name_en} in {places_en}, not '
                f"{self.other.label('en')}; if you meant that, please say so."
            )
        if lang == "zh":
            return (
                f"“{self.said}”：{places}没有这样的地方，没有按{self.other.label('zh')}安排；"
                f"如果想去那里，请写明。"
            )
        return (
            f'"{self.said}": {places_en} has no such place, and {self.other.label("en")} was '
            f"not added; if you meant that, please say so."
        )


def read_generic(
    said: str, match: PlaceMatch, named: Iterable[PlaceMatch], gaz: Gazetteer
) -> GenericChoice | None:
    """How a generic word read as `match` is meant when the request names `named` places.

    Args:
        said: the words (「山顶」, "the Peak").
        match: the place they were read as (太平山顶).
        named: the destinations the request names by their own names (not generic words).
        gaz: the gazetteer.

    Returns:
        None when `said` is no generic word, no other place is named, or `match` lies in
        one of them (去香港，想去山顶: 太平山顶 itself); else the choice (`GenericChoice.chosen`
        is None when none of the named places has such a sight).
    """
    word = generic_word(said)
    where = tuple(p for p in named if p.destination_id)
    ids = [p.destination_id for p in where if p.destination_id]
    if word is None or not ids or match.destination_id in ids:
        return None
    chosen: PlaceMatch | None = None
    if word in SUMMIT_WORDS:
        for place in where:
            if gaz.attraction_named(place.name_zh, place.destination_id or ""):  # 黄山风景区
                chosen = gaz.find_attraction(place.name_zh, [place.destination_id or ""])
            if chosen is not None:
                break
    else:
        found = gaz.attractions_containing(said.strip(), ids) if not said.isascii() else []
        found = found or ([hit] if (hit := gaz.partial(said, ids)) else [])
        chosen = found[0] if found else None
    return GenericChoice(said.strip(), chosen, match, where, summit=word in SUMMIT_WORDS)
