"""Sights of other places said to be seen (「去成都6天，想看乐山大佛和峨眉山」): stops of the trip.

「想去X」 already makes a sight elsewhere a stop (its destination, with the sight a must-see,
`engine.understanding.place_find.settle`); 「想看X」 only looked for X among the destinations
said, so 乐山大佛 and 峨眉山 were answered 「知识库里没有这个地方」 and the trip stayed in 成都.
A sight said after a see-cue (`SEE_CUE`) once a destination is said, and the places listed
right after it (和/、), are stops when no place of that name lies in the destinations said
(「去北京，想看故宫」 stays 北京's 故宫, read by `engine.understanding.sights.named_sights`).
"""

from __future__ import annotations

import re

from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.understanding.place_find import PlaceFind

SEE_CUE = re.compile(
    r"(?:还|也)?想看看?|一定要看看?|必看|(?:早上|上午|中午|下午|傍晚|晚上|夜里)(?:去|再)?看(?!看)"
)  # 晚上看印象刘三姐: a show at its hour


def see_stops(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    """Add to `out` (in place) the sights of places not yet among its destinations that
    `text` says are to be seen, and the places listed right after them."""
    from engine.understanding.places import _next_in_list, _prefix, _skip_zh_cue

    if not out.destinations:
        return  # no city said: 想看兵马俑 picks its home elsewhere (`places._home_of_wish`)
    said_ids = {d.destination_id for d in out.destinations if d.destination_id}

    def elsewhere(match: PlaceMatch, words: str) -> bool:
        if match.destination_id is None or match.destination_id in said_ids:
            return False
        return all(c.destination_id not in said_ids for c in gaz.candidates(words))

    for m in SEE_CUE.finditer(text):
        if _skip_zh_cue(text, m.start(), m.end()):
            continue
        hit = _prefix(gaz, text, m.end())
        if hit is None or not (hit[0].poi_id or gaz.is_destination(hit[0])):
            continue
        match, words, end = hit[0], text[m.end() : hit[1]].strip(), hit[1]
        while True:  # 乐山大佛和峨眉山; 兵马俑和华山 (兵马俑 is 西安's, said)
            if elsewhere(match, words):
                out.add(match, words)
            more = _next_in_list(gaz, text, end, match)
            if more is None or not (more[0].poi_id or gaz.is_destination(more[0])):
                break
            match, words, _fixed, end = more
