"""Understanding with a model: the TripRequest fields asked as JSON, then checked one by one.

The model proposes; nothing it says is taken on trust. Place names go through the gazetteer
(`engine.knowledge.gazetteer`), numbers through their ranges, tags through the knowledge
vocabularies. A value the text gives no cue for (a budget in a message that names no money, a
date in one that names no day) is dropped as a guess; so are must-see and avoided places the
message does not mention. What was dropped is recorded, so the policy can say so.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz

from engine.domain.request import MAX_DAYS, MAX_PEOPLE, MIN_DAYS, Pace
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.knowledge.schema import ATTRACTION_TAGS, CUISINE_TAGS

#: Longest name the model may write (characters): short bounds keep a looping small model's
#: reply short; Chinese place names are short, English ones longer.
NAME_CHARS = {"zh": 12, "en": 32}
_COUNT = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PEOPLE}


def schema(lang: str) -> dict[str, Any]:
    """What the model fills in (OpenAI ``strict``-compatible: closed, every field required)."""
    size = NAME_CHARS.get(lang, NAME_CHARS["en"])
    name = {"type": ["string", "null"], "maxLength": size}
    names = {"type": "array", "items": {"type": "string", "maxLength": size}, "maxItems": 3}
    properties: dict[str, Any] = {
        "departure": name,
        "destinations": names,
        "days": {"type": ["integer", "null"], "minimum": MIN_DAYS, "maximum": MAX_DAYS},
        "start_date": {"type": ["string", "null"], "maxLength": 10},
        "adults": _COUNT,
        "children": _COUNT,
        "seniors": _COUNT,
        "budget_cny": {"type": ["integer", "null"], "minimum": 0},
        "pace": {"enum": ["relaxed", "normal", "packed", None]},
        "interests": names,
        "avoid": names,
        "must_see": names,
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


#: One worked example per language: it shows nulls and empty lists (small models copy it).
EXAMPLES = {
    "zh": (
        "北京出发去杭州玩三天，两个大人，不吃辣",
        {"departure": "北京", "destinations": ["杭州"], "days": 3, "start_date": None,
         "adults": 2, "children": None, "seniors": None, "budget_cny": None, "pace": None,
         "interests": [], "avoid": ["spicy"], "must_see": []},
    ),
    "en": (
        "3 days in Hangzhou from Beijing for two adults, no spicy food",
        {"departure": "Beijing", "destinations": ["Hangzhou"], "days": 3, "start_date": None,
         "adults": 2, "children": None, "seniors": None, "budget_cny": None, "pace": None,
         "interests": [], "avoid": ["spicy"], "must_see": []},
    ),
}  # fmt: skip

INSTRUCTION = (
    "Read the traveller's message and fill in their trip request. Write place names exactly as "
    "the message writes them. start_date is YYYY-MM-DD; today is {today}. budget_cny is the "
    "total in yuan. interests and avoid are short English words (museum, hiking, spicy, "
    "flight). Use null or [] for anything the message does not say: never guess."
)

#: Cues that the text says something about a field at all (a model value without one is a guess).
CUES: dict[str, re.Pattern[str]] = {
    "days": re.compile(
        r"[\d一二两三四五六七八九十几半]\s*(?:个)?(?:天|日|晚|夜|星期|周)|周末|长假|小长假"
        r"|\bdays?\b|\bnights?\b|\bweeks?\b|weekend",
        re.I,
    ),
    "start_date": re.compile(
        r"\d|月|号|周|星期|礼拜|今天|明天|后天|节|国庆|五一|元旦|春节|today|tomorrow|next|this "
        r"|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|holiday",
        re.I,
    ),
    "party": re.compile(
        r"人|位|孩|娃|宝宝|老人|爸|妈|父|母|家|朋友|同事|老婆|老公|妻|夫|情侣|闺蜜|我们|俩|独自"
        r"|people|person|adult|child|kid|senior|family|friend|wife|husband|couple|parent|solo"
        r"|alone|\bwe\b|\bus\b",
        re.I,
    ),
    "budget": re.compile(r"元|块|钱|预算|万|千|¥|￥|rmb|cny|yuan|budget|\$|\d\s*k\b", re.I),
    "pace": re.compile(
        r"轻松|悠闲|慢|休闲|不累|紧凑|特种兵|赶|relax|easy|slow|leisure|chill|pack|busy|intense"
        r"|fast|tight",
        re.I,
    ),
    "avoid": re.compile(
        r"不|别|没|勿|拒绝|讨厌|怕|避|免|过敏|晕|恐|\bno\b|\bnot\b|n't|never|without|avoid|hate"
        r"|skip|except|allergic|afraid|dislike|rather",
        re.I,
    ),
}
TRANSPORT = {
    "flight": "flight", "plane": "flight", "flights": "flight", "fly": "flight",
    "hsr": "hsr", "high-speed-rail": "hsr", "bullet-train": "hsr", "train": "train",
    "trains": "train", "bus": "bus", "coach": "bus", "taxi": "taxi", "metro": "metro",
    "subway": "metro",
}  # fmt: skip
#: How close (rapidfuzz partial ratio, 0..100) a name must come to the text to count as said.
MENTION_SCORE = 85


@dataclass
class ModelReading:
    """The model's answer after checking; empty fields are ``None`` / ``[]``.

    Attributes:
        departure, destinations: resolved places (`PlaceMatch`), departure not repeated.
        days, start_date, party (adults, children, seniors), budget_cny (CNY, total), pace.
        interests, avoid_cuisines, avoid_transport, avoid_tags: knowledge vocabulary values.
        avoid_places, must_see: attraction names the message mentions (resolved later).
        dropped: the fields whose values could not be used (invalid, unknown or a guess).
        repaired: the fields whose values were fixed up (a place found inside a longer text).
    """

    departure: PlaceMatch | None = None
    destinations: list[PlaceMatch] = field(default_factory=list)
    days: int | None = None
    start_date: dt.date | None = None
    party: tuple[int, int, int] | None = None
    budget_cny: int | None = None
    pace: Pace | None = None
    interests: list[str] = field(default_factory=list)
    avoid_cuisines: list[str] = field(default_factory=list)
    avoid_transport: list[str] = field(default_factory=list)
    avoid_tags: list[str] = field(default_factory=list)
    avoid_places: list[str] = field(default_factory=list)
    must_see: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Nothing usable: no place, no number, no preference."""
        return not (
            self.departure or self.destinations or self.days or self.start_date or self.party
            or self.budget_cny is not None or self.pace or self.interests or self.avoid_cuisines
            or self.avoid_transport or self.avoid_tags or self.avoid_places or self.must_see
        )  # fmt: skip


def messages(text: str, today: dt.date, lang: str) -> list[dict[str, Any]]:
    """The chat messages that ask for `text`'s request, after one example in `lang` (the
    provider adds the schema)."""
    example, answer = EXAMPLES.get(lang, EXAMPLES["en"])
    return [
        {"role": "system", "content": INSTRUCTION.format(today=today.isoformat())},
        {"role": "user", "content": example},
        {"role": "assistant", "content": json.dumps(answer, ensure_ascii=False)},
        {"role": "user", "content": text},
    ]


def read(raw: dict[str, Any], text: str, gaz: Gazetteer, today: dt.date) -> ModelReading:
    """Check the model's JSON `raw` against the message `text`; never raises."""
    out = ModelReading()
    out.departure = _place(raw.get("departure"), gaz, out, "departure")
    for value in _strings(raw.get("destinations")):
        place = _place(value, gaz, out, "destinations")
        if place is not None and place not in out.destinations and place != out.departure:
            out.destinations.append(place)
    out.days = _guarded(out, "days", text, _int(raw.get("days"), MIN_DAYS, MAX_DAYS))
    out.start_date = _guarded(out, "start_date", text, _date(raw.get("start_date"), today))
    counts = [_int(raw.get(k), 0, MAX_PEOPLE) for k in ("adults", "children", "seniors")]
    party = None if all(c is None for c in counts) else tuple(c or 0 for c in counts)
    out.party = _guarded(out, "party", text, party if party and sum(party) else None)
    out.budget_cny = _guarded(out, "budget", text, _int(raw.get("budget_cny"), 1, 10_000_000))
    pace = raw.get("pace") if raw.get("pace") in ("relaxed", "packed") else None
    out.pace = _guarded(out, "pace", text, Pace(pace) if pace else None)
    for word in _strings(raw.get("interests")):
        tag = _tag(word)
        if tag in ATTRACTION_TAGS and tag not in out.interests:
            out.interests.append(tag)
    _avoid(out, _strings(raw.get("avoid")), text, gaz)
    for name in _strings(raw.get("must_see")):
        if mentioned(name, text) and gaz.find_attraction(name) is not None:
            out.must_see.append(name)
        elif "must_see" not in out.dropped:
            out.dropped.append("must_see")
    return out


def mentioned(name: str, text: str) -> bool:
    """Whether `name` (or something within a typo of it) occurs in `text`."""
    name, text = name.strip().lower(), text.lower()
    return bool(name) and (name in text or fuzz.partial_ratio(name, text) >= MENTION_SCORE)


def place_mentioned(place: PlaceMatch, text: str) -> bool:
    """Whether `text` names `place` (its Chinese, English or official name)."""
    return any(mentioned(n, text) for n in (place.name_zh, place.name_en, place.full_name_zh) if n)


# -- fields ---------------------------------------------------------------------------------------


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return []
    return [v.strip() for v in value if isinstance(v, str) and v.strip()]


def _place(value: Any, gaz: Gazetteer, out: ModelReading, name: str) -> PlaceMatch | None:
    if not isinstance(value, str) or not value.strip():
        return None
    place = gaz.resolve(value)
    if place is None:  # a longer text: safe only when exactly one place is inside it
        found = {m.name_zh: m for _s, _e, m in gaz.scan(value)}
        if len(found) == 1:
            place = next(iter(found.values()))
            if name not in out.repaired:
                out.repaired.append(name)
    if place is None and name not in out.dropped:
        out.dropped.append(name)
    return place


def _int(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = int(float(value))
    except ValueError:
        return None
    return number if low <= number <= high else None


def _date(value: Any, today: dt.date) -> dt.date | None:
    if not isinstance(value, str):
        return None
    try:
        day = dt.date.fromisoformat(value.strip())
    except ValueError:
        return None
    return day if today <= day <= today + dt.timedelta(days=366) else None


def _guarded(out: ModelReading, name: str, text: str, value: Any) -> Any:
    """`value` if the text has a cue for field `name`; a value without one is dropped."""
    if value is None:
        return None
    if CUES[name].search(text):
        return value
    out.dropped.append(name)
    return None


def _tag(word: str) -> str:
    return re.sub(r"[\s_]+", "-", word.strip().lower())


def _avoid(out: ModelReading, words: list[str], text: str, gaz: Gazetteer) -> None:
    if words and not CUES["avoid"].search(text):
        out.dropped.append("avoid")
        return
    for word in words:
        tag = _tag(word)
        if tag in CUISINE_TAGS:
            out.avoid_cuisines.append(tag)
        elif tag in TRANSPORT:
            out.avoid_transport.append(TRANSPORT[tag])
        elif tag in ATTRACTION_TAGS:
            out.avoid_tags.append(tag)
        elif mentioned(word, text) and gaz.find_attraction(word) is not None:
            out.avoid_places.append(word)
        elif "avoid" not in out.dropped:
            out.dropped.append("avoid")
