"""How to travel: intercity modes wanted or refused (坐高铁去, 飞过去, 自驾, 不坐飞机, "by train",
"no flights") and how to get around locally (坐地铁, 打车, 租车, "by metro", "taxis")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.understanding.found import Found, add, words_at
from engine.understanding.numbers import EN_NUM, ZH_NUM, parse_number
from engine.understanding.text import blank, clause_end, clause_start, table_hits

#: (words, intercity mode wanted, local mode wanted, value when refused). Intercity modes are
#: `TripRequest.prefer_transport` values; local ones `TripRequest.local_transport`; refused
#: values go to `Avoid.transport` (``coach`` intercity, ``bus`` and ``metro`` local).
MODE_WORDS: tuple[tuple[str, str | None, str | None, str | None], ...] = (
    (r"高铁(?![站票价])|(?<!电)动车(?![站组])|高速(?:铁路|列车)|high[- ]speed (?:rail|trains?)|bullet trains?|\bhsr\b", "hsr", None, "hsr"),
    (r"飞机(?!场)|航班|(?<![起降])飞(?:过去|去|往|到|抵|回)|直飞|[从由][\u4e00-\u9fff]{1,6}?飞(?!来|机)|\bfl(?:y|ying|ights?)\b|(?:air)?planes?|by air", "flight", None, "flight"),
    (r"火车[进入]藏|火车(?![站票])|青藏铁路|Qinghai\W{0,3}Tibet (?:railway|train)s?|绿皮车?|卧铺|普速|\btrains?\b(?! stations?)|by rail|\brailway\b(?! stations?)", "train", None, "train"),
    (r"大巴|长途(?:汽)?车|旅游巴士|\bcoach(?:es)?\b|long[- ]distance bus(?:es)?", "coach", None, "coach"),
    (r"自驾|(?<!离)开(?:着)?(?:我们家?|我家?|咱们?家?|家里|自家)?(?:自己)?的?(?:私家|自家)?车(?![站票])|驾车|自己开|私家车|自家车|road[- ]?trip|self[- ]?driv(?:e|ing)|by car|\b(?:our|my) (?:own )?car\b|\bdriv(?:e|ing) (?:ourselves|myself|to|there|down|up|from)\b|(?:we|i)(?:'ll| will)? drive\b|(?<=n't )drive\b|(?<=not )drive\b", "drive", "drive", "drive"),
    (r"租(?:个|辆)?车|rent(?:ing)? a car|car rental|hire a car", None, "drive", "drive"),
    (r"地铁(?![站口线])|\bmetro\b(?! stations?)|subway(?! stations?)", None, "public", "metro"),
    (r"公交|公共交通|public transport(?:ation)?|\b(?:city |local )?bus(?:es)?\b(?! stations?)", None, "public", "bus"),
    (r"打车|打的|出租车?|的士|滴滴|网约车|包车|taxis?|\bcabs?\b|didi|uber|charter(?:ed|ing)? (?:a |the )?(?:car|van|vehicle)s?|private driver|car with (?:a )?driver", None, "taxi", "taxi"),
    (r"步行|citywalk|city walk|on foot|walk everywhere", None, "walk", None),
)  # fmt: skip


@dataclass
class ModesFind:
    """Modes in a request, in order of mention.

    Attributes:
        prefer: intercity modes asked for (best first).
        home: intercity modes asked for the way home only (「飞回来」, 「回程坐高铁」, "fly home",
            "take the train back"): kind ``home_transport``, not in `prefer`.
        between: intercity modes asked for the legs between the destinations only (「城市之间坐
            火车」, "train between the cities"): kind ``between_transport``, not in `prefer`.
        local: the local way of getting around asked for, or None.
        avoid: modes refused (`Avoid.transport` values).
        max_rail_minutes: the longest train ride wanted (「火车不超过5小时」, "no trains
            longer than 5 hours"), minutes, or None.
        found: one `Found` per wish (kinds ``transport``, ``local_transport``,
            ``avoid_transport``, ``max_rail``).
        spans: every mode word read, a mode said twice too (「坐火车去…想体验青藏铁路」: one
            wish, both words understood).
    """

    prefer: list[str] = field(default_factory=list)
    home: list[str] = field(default_factory=list)
    between: list[str] = field(default_factory=list)
    local: str | None = None
    avoid: list[str] = field(default_factory=list)
    max_rail_minutes: int | None = None
    found: list[Found] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)


_RAIL = r"(?:高铁|(?<!电)动车|火车|列车|trains?|train rides?|rail(?: legs?| journeys?)?)"
_HOURS_ZH = rf"(?P<zh>{ZH_NUM}|半)\s*(?:个)?\s*(?P<half>半)?\s*(?:小时|钟头|h\b)"
_HOURS_EN = rf"(?P<en>{EN_NUM}(?:\.\d+)?)\s*(?:hours?|hrs?|h)\b"
#: A longest train ride: 「火车不要超过5小时」, 「坐高铁别超过四个半小时」, 「超过5小时的火车不坐」,
#: "no trains longer than 5 hours", "trains under 4 hours only", "max 5 hours on a train".
_MAX_RAIL = tuple(
    re.compile(rx, re.I)
    for rx in (
        rf"{_RAIL}[^,，。;；]{{0,6}}?(?:不要|不能|不想|别|不|最多|最好不)?\s*(?:超过|多于|超出|以内|之内)\s*{_HOURS_ZH}",
        rf"{_RAIL}[^,，。;；]{{0,4}}?(?:最多|最长|不超过|只坐)\s*{_HOURS_ZH}",
        rf"(?:超过|多于|超出)\s*{_HOURS_ZH}\s*的?{_RAIL}[^,，。;；]{{0,4}}?(?:不坐|不要|不行|不考虑|免了)",
        rf"(?:no|not|avoid|nothing)\s+(?:any\s+)?{_RAIL}\s+(?:longer|more|over)\s+(?:than\s+)?{_HOURS_EN}",
        rf"{_RAIL}\s+(?:of\s+)?(?:no\s+more\s+than|at\s+most|under|up\s+to|less\s+than|max(?:imum)?)\s+{_HOURS_EN}",
        rf"(?:max(?:imum)?|at\s+most|no\s+more\s+than)\s+{_HOURS_EN}\s+(?:on|in|by)\s+(?:a\s+|the\s+)?{_RAIL}",
    )
)  # fmt: skip


def find_max_rail(text: str) -> tuple[int, str, tuple[int, int]] | None:
    """The longest train ride said in `text`: (minutes, the words, their span), or None.
    「火车不要超过5小时」 and "no trains longer than 5 hours" set a limit, never refuse trains."""
    for rx in _MAX_RAIL:
        for m in rx.finditer(text):
            groups = m.groupdict()
            raw = groups.get("zh") or groups.get("en") or ""
            hours = 0.5 if raw == "半" else parse_number(raw)
            if hours is None or hours <= 0:
                continue
            if groups.get("half") and raw != "半":
                hours += 0.5
            return round(hours * 60), m.group(0), m.span()
    return None


#: What joins a mode to a refused one, so it is refused too (不坐飞机和大巴).
_JOINERS = r"^\s*(?:和|、|或|或者|也不|and|or|nor)\s*$"


#: Words before a mode that make it the one a wish replaces ("fly instead of the 9-hour train",
#: "rather than a train"): neither wanted nor refused.
_REPLACED = re.compile(
    r"\b(?:instead of|rather than)\s+(?:the|a|an|that|this|my|our)?\s*(?:[\w-]+\s+){0,2}$", re.I
)
#: Which way an English mode word goes ("fly home", "fly back"), kept with its words.
_WAY_EN = re.compile(r"\s+(?:home|back)\b", re.I)


#: The way home said around a mode (「飞回来」, 「坐高铁回去」, 「回程坐飞机」, 「回程这次坐飞机吧」, 「返程飞」).
_HOME_AFTER = re.compile(r"^(?:回|返回|返程)")
_HOME_BEFORE = re.compile(
    r"(?:回程|返程|回来时?|回去时?|回家时?)(?:这次|这回|还是|最好|可以|也)?(?:就|想|要|改)?(?:坐|乘|搭)?$"
)


def _homeward(text: str, start: int, end: int) -> bool:
    """Whether the mode word at text[start:end] is for the way home only (「飞回」, 「坐飞机回来」,
    「回程坐高铁」); 「往返」 (both ways) is not."""
    word = text[start:end]
    if "往返" in text[max(0, start - 4) : end + 4]:
        return False
    return (
        word.endswith("回")
        or _HOME_AFTER.match(text[end : end + 3]) is not None
        or _HOME_BEFORE.search(text[max(0, start - 6) : start]) is not None
    )


#: Words that scope a mode to the legs between the destinations (「城市之间坐火车」, 「两地之间坐
#: 高铁」, "train between the cities", "by rail between them"), said in the mode's clause.
_BETWEEN = re.compile(
    r"(?:城市|两地|两个?城市?|各地|几个城市|目的地)之间|之间(?:的交通|的路)?(?:都|就|全)?(?:坐|乘|搭)"
    r"|\bbetween (?:the |those |these |both |all |each )?(?:two |three |four )?"
    r"(?:cities|towns|places|destinations|stops|them)\b",
    re.I,
)


def _between(text: str, start: int, end: int) -> bool:
    """Whether the mode word at text[start:end] is said for the legs between the destinations
    only (`_BETWEEN` in its clause)."""
    lo, hi = clause_start(text, start), clause_end(text, end)
    return _BETWEEN.search(text, lo, hi) is not None


#: A train wished as the ride in, an experience of its own (`engine.planning.aboard.WAY_IN`).
_RIDE_IN = re.compile(r"青藏铁路|[进入]藏|Qinghai\W{0,3}Tibet", re.I)


def find_modes(text: str) -> ModesFind:
    """Modes wanted and refused in `text`. A sentence may ask for one and refuse another
    (「坐高铁去，不坐飞机」, 「不坐飞机坐高铁」, "take the train, no flights"): each word's own
    negation decides."""
    out = ModesFind()
    limit = find_max_rail(text)
    if limit is not None:  # a limit on trains is no refusal of them
        out.max_rail_minutes, said, span = limit
        out.found.append(Found("max_rail", str(out.max_rail_minutes), said, span))
        text = blank(text, [span])
    for start, end, neg, row in table_hits(text, (rx for rx, *_ in MODE_WORDS), _JOINERS):
        _rx, intercity, local, refused = MODE_WORDS[row]
        if _REPLACED.search(text[max(0, start - 40) : start]):
            continue  # "fly home instead of the 9-hour train": what the wish replaces
        said, span = words_at(text, start, end)
        out.spans.append(span)
        way = _WAY_EN.match(text, end)
        if way is not None and intercity is not None:
            said, span = text[span[0] : way.end()].strip(), (span[0], way.end())  # "Fly home"
        if not neg and intercity is not None and (way or _homeward(text, start, end)):
            if way is None:  # 「回程坐飞机」, 「飞回来」: the words of the way home with it
                lead = _HOME_BEFORE.search(text[max(0, span[0] - 6) : span[0]])
                tail = re.match(r"(?:回|返回|返程)?(?:来|去|家)?", text[span[1] :])
                said = text[span[0] - (len(lead.group(0)) if lead else 0) : span[1] + (
                    len(tail.group(0)) if tail else 0)].strip()  # fmt: skip
            if intercity not in out.home:  # 「飞回来」, "fly home": the way home only
                out.home.append(intercity)
                add(out.found, Found("home_transport", intercity, said, span))
            continue
        if not neg and intercity is not None and _between(text, start, end):
            if intercity not in out.between:  # "train between the cities": those legs only
                out.between.append(intercity)
                lo, hi = clause_start(text, start), clause_end(text, end)
                clause = text[lo:hi].strip()
                said = clause if len(clause) <= 40 else said
                add(out.found, Found("between_transport", intercity, said, span))
            continue
        if neg:
            if refused is not None and refused not in out.avoid:
                out.avoid.append(refused)
                add(out.found, Found("avoid_transport", refused, said, span))
        else:
            if intercity is not None and intercity not in out.prefer:
                out.prefer.append(intercity)
                add(out.found, Found("transport", intercity, said, span))
            elif intercity == "train" and _RIDE_IN.search(said):
                # 「坐火车去…想体验青藏铁路」: one wish, whose words say the ride in is the point
                at = next((k for k, f in enumerate(out.found)
                           if (f.kind, f.value) == ("transport", "train")), None)  # fmt: skip
                if at is not None and not _RIDE_IN.search(out.found[at].said):
                    first = out.found[at]
                    out.found[at] = Found(first.kind, first.value, f"{first.said}…{said}",
                                          first.span)  # fmt: skip
            if local is not None and out.local is None:
                out.local = local
                add(out.found, Found("local_transport", local, said, span))
    # A refusal outweighs the same mode wanted elsewhere (「自驾？不，我们不会开车」): the
    # person corrected themselves, and planning a mode they refused cannot be followed.
    out.prefer = [m for m in out.prefer if m not in out.avoid]
    out.home = [m for m in out.home if m not in out.avoid]
    out.between = [m for m in out.between if m not in out.avoid]
    if out.local in out.avoid:
        out.local = None
    out.found = [
        f
        for f in out.found
        if not (
            f.kind in ("transport", "home_transport", "between_transport", "local_transport")
            and f.value in out.avoid
        )
    ]
    return out
