"""How to travel: intercity modes wanted or refused (坐高铁去, 飞过去, 自驾, 不坐飞机, "by train",
"no flights") and how to get around locally (坐地铁, 打车, 租车, "by metro", "taxis")."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.understanding.found import Found, add, words_at
from engine.understanding.text import table_hits

#: (words, intercity mode wanted, local mode wanted, value when refused). Intercity modes are
#: `TripRequest.prefer_transport` values; local ones `TripRequest.local_transport`; refused
#: values go to `Avoid.transport` (``coach`` intercity, ``bus`` and ``metro`` local).
MODE_WORDS: tuple[tuple[str, str | None, str | None, str | None], ...] = (
    (r"高铁(?![站票价])|动车(?![站组])|高速(?:铁路|列车)|high[- ]speed (?:rail|trains?)|bullet trains?|\bhsr\b", "hsr", None, "hsr"),
    (r"飞机(?!场)|航班|(?<![起降])飞(?:过去|去|往|到|抵|回)|直飞|[从由][\u4e00-\u9fff]{1,6}?飞(?!来|机)|\bfl(?:y|ying|ights?)\b|(?:air)?planes?|by air", "flight", None, "flight"),
    (r"火车(?![站票])|绿皮车?|卧铺|普速|\btrains?\b(?! stations?)|by rail|\brailway\b(?! stations?)", "train", None, "train"),
    (r"大巴|长途(?:汽)?车|旅游巴士|\bcoach(?:es)?\b|long[- ]distance bus(?:es)?", "coach", None, "coach"),
    (r"自驾|(?<!离)开车|驾车|自己开|road[- ]?trip|self[- ]?driv(?:e|ing)|by car|\bdriv(?:e|ing) (?:to|there|down|up|from)\b|(?:we|i)(?:'ll| will)? drive\b", "drive", "drive", "drive"),
    (r"租(?:个|辆)?车|rent(?:ing)? a car|car rental|hire a car", None, "drive", "drive"),
    (r"地铁(?![站口线])|\bmetro\b(?! stations?)|subway(?! stations?)", None, "public", "metro"),
    (r"公交|公共交通|public transport(?:ation)?|\b(?:city |local )?bus(?:es)?\b(?! stations?)", None, "public", "bus"),
    (r"打车|打的|出租车?|的士|滴滴|网约车|包车|taxis?|\bcabs?\b|didi|uber", None, "taxi", "taxi"),
    (r"步行|citywalk|city walk|on foot|walk everywhere", None, "walk", None),
)  # fmt: skip


@dataclass
class ModesFind:
    """Modes in a request, in order of mention.

    Attributes:
        prefer: intercity modes asked for (best first).
        local: the local way of getting around asked for, or None.
        avoid: modes refused (`Avoid.transport` values).
        found: one `Found` per wish (kinds ``transport``, ``local_transport``,
            ``avoid_transport``).
    """

    prefer: list[str] = field(default_factory=list)
    local: str | None = None
    avoid: list[str] = field(default_factory=list)
    found: list[Found] = field(default_factory=list)


#: What joins a mode to a refused one, so it is refused too (不坐飞机和大巴).
_JOINERS = r"^\s*(?:和|、|或|或者|也不|and|or|nor)\s*$"


def find_modes(text: str) -> ModesFind:
    """Modes wanted and refused in `text`. A sentence may ask for one and refuse another
    (「坐高铁去，不坐飞机」, 「不坐飞机坐高铁」, "take the train, no flights"): each word's own
    negation decides."""
    out = ModesFind()
    for start, end, neg, row in table_hits(text, (rx for rx, *_ in MODE_WORDS), _JOINERS):
        _rx, intercity, local, refused = MODE_WORDS[row]
        said, span = words_at(text, start, end)
        if neg:
            if refused is not None and refused not in out.avoid:
                out.avoid.append(refused)
                add(out.found, Found("avoid_transport", refused, said, span))
        else:
            if intercity is not None and intercity not in out.prefer:
                out.prefer.append(intercity)
                add(out.found, Found("transport", intercity, said, span))
            if local is not None and out.local is None:
                out.local = local
                add(out.found, Found("local_transport", local, said, span))
    out.prefer = [m for m in out.prefer if m not in out.avoid]
    out.found = [f for f in out.found if not (f.kind == "transport" and f.value in out.avoid)]
    return out
