"""Questions about getting to and around a place, answered from its record: access
(「日光岩轮椅能上去吗」, "Is Tiger Hill wheelchair accessible?", 「推婴儿车方便吗」), altitude and
small children (「1岁宝宝能上玉龙雪山吗？会不会高反」) and the lights of a night view
(「外滩几点亮灯」, 「夜景几点」).

Facts come only from the knowledge base (`engine.knowledge.schema`): `Attraction.step_free` and
`access_note_*`, highlights reached by long stairways (`Highlight.steps`) or by cable car, the
car-free area a place lies in (`Destination.access_areas`), `Attraction.altitude_m`, the
destination's notes that speak of the place's altitude, `best_time`, the record's hours and
description; sunset is computed (`engine.knowledge.sun.sun_times`). What a record lacks is said
so (「知识库没有这项信息」), never guessed.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import HoursError, fmt_minutes, place_windows
from engine.knowledge.schema import Attraction, Destination, Restaurant
from engine.knowledge.sun import sun_times
from engine.planning.access import area_at
from engine.planning.altitude import ACCLIMATISE_M
from engine.planning.transit_items import WAY_WORDS
from engine.planning.visit_windows import DUSK_MIN

#: Getting up or around a place with a wheelchair, a pushchair, old legs or stairs.
ACCESS = re.compile(
    r"轮椅|婴儿车|推车|童车|宝宝车|无障碍|台阶|楼梯|石阶|爬得?上|爬不上|走得动|腿脚|坡|电梯|"
    r"\bwheel ?chairs?|\bstroller|\bpushchair|\bpram\b|\bbuggy\b|accessib|step-?free|\bstairs\b|"
    r"\bsteps\b|\bclimb|\blift\b|\belevator\b",
    re.I,
)
#: Altitude and altitude sickness.
ALTITUDE = re.compile(
    r"高反|高原反应|海拔|缺氧|吸氧|氧气|多高|altitude|elevation|how high|\boxygen\b", re.I
)
#: Lights of a night view and when to see them.
LIGHTS = re.compile(
    r"亮灯|开灯|灯光|亮化|夜景|\blights?\b|illuminat|night (?:view|scene)|after dark", re.I
)
#: A child, said in the question (「1岁宝宝」, "a toddler").
CHILD = re.compile(
    r"宝宝|婴儿|小孩|孩子|儿童|幼儿|娃|\d+\s*岁|\bbab(?:y|ies)\b|\btoddlers?\b|\binfants?\b|"
    r"\bkids?\b|\bchild(?:ren)?\b|\b\d+[- ]?(?:year|month)[- ]?old",
    re.I,
)
#: A sentence of a note or description that speaks of altitude, or of lights.
_HIGH_WORDS = re.compile(r"海拔|高原|高反|缺氧|氧|\d{4}\s*米|altitude|oxygen", re.I)
_LIT_WORDS = re.compile(r"灯|亮起|\blights?\b|\blit\b|illuminat", re.I)
_NO_INFO = ("知识库没有这项信息", "the knowledge base has no information on this")


def access_answer(place: Attraction | Restaurant, kb: KnowledgeBase, lang: str) -> str:
    """Whether `place` is reached without steps, and how one gets up or about it, in `lang`:
    its `step_free` with the `access_note` (read in `access_source`), else that the knowledge
    base does not say; the highlights reached only by long stairways, its cable cars, the
    car-free area it lies in (how one crosses, how one gets about inside) and a summit at
    `ACCLIMATISE_M` or higher (metres)."""
    zh = lang == "zh"
    parts: list[str] = []
    if isinstance(place, Attraction) and place.step_free is not None:
        said = {
            "yes": ("不用走台阶就能到", "step-free"),
            "partly": ("只有一部分不用走台阶", "partly step-free"),
            "no": ("要走台阶才能到，轮椅上不去", "reached only by steps, not by wheelchair"),
        }[place.step_free]
        note = (place.access_note_zh if zh else place.access_note_en).rstrip("。. ")
        parts.append(f"{said[0]}：{note}" if zh else f"{said[1]}: {note}")
    else:
        parts.append(f"{_NO_INFO[0]}（有没有台阶、轮椅和婴儿车能不能通行），出发前请向景区确认" if zh
                     else f"{_NO_INFO[1]} (steps, wheelchair or pushchair access); check with "
                     "the site before going")  # fmt: skip
    if isinstance(place, Attraction):
        steep = [h.name_zh if zh else h.name_en for h in place.highlights if h.steps]
        cars = [h.name_zh if zh else h.name_en for h in place.highlights if h.kind == "cable_car"]
        if steep:
            parts.append(f"{'、'.join(steep)}只能走又长又陡的台阶" if zh
                         else f"{', '.join(steep)}: only by long, steep stairways")  # fmt: skip
        if cars:
            parts.append(f"可以坐{'、'.join(cars)}" if zh else f"cable cars: {', '.join(cars)}")
        if (place.altitude_m or 0) >= ACCLIMATISE_M:
            parts.append(_height(place, lang))
    if (area := _area(place, kb, lang)) is not None:
        parts.append(area)
    return ("；" if zh else "; ").join(parts)


def altitude_answer(
    place: Attraction | Restaurant, kb: KnowledgeBase, text: str, children: int, lang: str
) -> str:
    """How high `place` goes (`altitude_m`, metres) and the advice the destination's notes give
    for it; for a child (said in `text`, or `children` in the party) at `ACCLIMATISE_M` or
    higher, that the knowledge base holds no age rule, and to ask a doctor first."""
    zh = lang == "zh"
    altitude = place.altitude_m if isinstance(place, Attraction) else None
    parts = [_height(place, lang) if altitude else
             (f"{_NO_INFO[0]}（海拔）" if zh else f"{_NO_INFO[1]} (altitude)")]  # fmt: skip
    notes = _notes_on(place, kb, lang, _HIGH_WORDS)
    parts += notes
    high = (altitude or 0) >= ACCLIMATISE_M
    if high and (CHILD.search(text) or children):
        parts.append("知识库没有几岁孩子能上去的规定；带孩子上高海拔前请先咨询医生" if zh
                     else "the knowledge base holds no age rule for children up there; ask a "
                     "doctor before taking a child to that height")  # fmt: skip
    elif high and not notes:
        parts.append("去高原前请咨询医生" if zh else "ask a doctor before going that high")
    return ("；" if zh else "; ").join(parts)


def lights_answer(place: Attraction | Restaurant, date: dt.date, lang: str) -> str:
    """When the lights of `place` are seen on `date`: sunset and dusk there (sunset +
    `DUSK_MIN`, local time, computed), what its description says of its lights (「楼体灯光约
    傍晚亮起」) or that the knowledge base does not say, and its closing time that evening
    (before dusk: no night view)."""
    zh = lang == "zh"
    when = f"{date.month}月{date.day}日" if zh else f"{date:%d %b}"
    sunset = sun_times(place.lat, place.lon, date)[1]
    dusk = sunset + DUSK_MIN
    parts = [f"{when}日落约{fmt_minutes(sunset)}，{fmt_minutes(dusk)}前后天黑" if zh
             else f"sunset about {fmt_minutes(sunset)} on {when}, dark by about "
             f"{fmt_minutes(dusk)}"]  # fmt: skip
    description = place.description_zh if zh else place.description_en
    lit = [s for s in re.split(r"[。；;，]|\. ", description) if _LIT_WORDS.search(s)]
    parts.append(lit[0].strip().rstrip("。. ") if lit else
                 (f"{_NO_INFO[0]}（几点亮灯）" if zh else f"{_NO_INFO[1]} (when the lights go on)"))  # fmt: skip
    if isinstance(place, Attraction):
        try:
            windows = place_windows(place, date)
        except HoursError:
            windows = ()
        close = windows[-1][1] if windows else None
        if close is not None and close < 24 * 60 and close <= dusk:
            parts.append(f"这天{fmt_minutes(close)}关门，天黑前就关了，看不到夜景" if zh else
                         f"it closes at {fmt_minutes(close)} that day, before dark: no night view")  # fmt: skip
        elif close is not None and close < 24 * 60:
            parts.append(
                f"开放到{fmt_minutes(close)}" if zh else f"open until {fmt_minutes(close)}"
            )
    return ("；" if zh else "; ").join(parts)


def _height(place: Attraction | Restaurant, lang: str) -> str:
    altitude = place.altitude_m if isinstance(place, Attraction) else None
    return (f"游览最高处海拔约{altitude}米" if lang == "zh"
            else f"the highest point of a usual visit is about {altitude} m above sea level")  # fmt: skip


def _notes_on(
    place: Attraction | Restaurant, kb: KnowledgeBase, lang: str, about: re.Pattern[str]
) -> list[str]:
    """The notes of `place`'s destination that name it (a name or alias) and speak of `about`."""
    dest = _destination(place, kb)
    if dest is None:
        return []
    names = [n for n in (place.name_zh, *place.aliases) if len(n) >= 2]
    out = []
    for note in dest.notes:
        if any(n in note.zh for n in names) and about.search(note.zh):
            out.append((note.zh if lang == "zh" else note.en).rstrip("。. "))
    return out


def _area(place: Attraction | Restaurant, kb: KnowledgeBase, lang: str) -> str | None:
    """How one crosses into and gets about the car-free area `place` lies in (`AccessArea`:
    the ride, the way about inside), in `lang`; None when it lies in none."""
    dest = _destination(place, kb)
    area = area_at(dest, (place.lat, place.lon)) if dest is not None else None
    if area is None:
        return None
    (ride_zh, _, _, inside_zh), (ride_en, _, _, inside_en) = WAY_WORDS[area.way]
    if lang == "zh":
        return f"在{area.name_zh}，坐{area.ride_zh or ride_zh}进出，{area.inside_zh or inside_zh}"
    return f"in {area.name_en}: reached by {area.ride_en or ride_en}; {area.inside_en or inside_en}"


def _destination(place: Attraction | Restaurant, kb: KnowledgeBase) -> Destination | None:
    return next((d for d in kb.destinations.values()
                 if any(p.id == place.id for p in (*d.attractions, *d.restaurants))), None)  # fmt: skip
