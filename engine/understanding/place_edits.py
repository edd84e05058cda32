"""Follow-ups that put places and nights where the person says (zh/en): 「第3天去袁家界」,
"go to X on day 3" (a move or an add), 「环球影城那天一开门就进园」 (in at opening time), 「把A换成B」 / "replace A with B" (a swap in place),
「第二天晚上住阳朔」 / "stay in Yangshuo on the second night" (one night elsewhere)."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.errors import EditRefused
from engine.editing.ops import AddPlace, Edit, MoveStop, SetStopTime, SwapLodging
from engine.editing.places import SAID, find_place, name_score, place_names, spot_named
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Lodging
from engine.knowledge.sun import sun_times
from engine.understanding.attractions import clean, find_destination, tags_for
from engine.understanding.edit_refs import (
    DAY,
    LAST_POSITION,
    N,
    after_dinner,
    day_number,
    place_ref,
    position_said,
    stop_named,
    stop_names,
)
from engine.understanding.numbers import parse_int
from engine.understanding.revision import SWAPS

_NIGHT = re.compile(
    rf"第\s*{N}\s*(?:晚|夜)|(最后|头|首)一?(?:晚|夜)|\bnight\s*{N}\b"
    r"|\b(?:the\s+)?(first|second|third|fourth|fifth|last)\s+night\b",
    re.I,
)
_STAY = re.compile(
    r"住(?:在|到)?\s*(.+?)(?:吧|呢|一晚|一夜)?$|\b(?:stay|sleep|spend)\b(?:\s+(?:the|that|one)?"
    r"\s*(?:\w+\s+)?night)?\s+(?:in|at)\s+(.+?)$",
    re.I,
)
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def night_stay(text: str, it: Itinerary, kb: KnowledgeBase) -> Edit | None:
    """「第二天晚上住阳朔」, 「第2晚住西街」, "stay in Yangshuo on the second night": that one
    night at a lodging of the town named, or at the lodging named (`SwapLodging.one_night`);
    None when no night or no known town or lodging is said (「第二天住外滩附近」: a wish)."""
    days = len(it.days)
    night = day_number(text, days)
    if night is None and (m := _NIGHT.search(text)):
        raw = next(g for g in m.groups() if g).lower()
        last = max((d.index for d in it.days if d.lodging_id), default=days)  # the last night
        night = last if raw in ("last", "最后") else 1 if raw in ("头", "首") else (
            _ORDINAL.get(raw) or parse_int(raw))  # fmt: skip
    stay = _STAY.search(text)
    if night is None or stay is None:
        return None
    words = re.sub(rf"{DAY}|{_NIGHT.pattern}", "", stay.group(1) or stay.group(2), flags=re.I)
    words = clean(re.sub(r"\b(?:on|for)\s*$", "", words.strip(), flags=re.I))
    if len(words) < 2:
        return None
    if find_destination(words, kb) is None:
        try:
            find_place(words, kb, it.request.destinations, (Lodging,))
        except EditRefused:
            return None
    return SwapLodging(day=night, lodging=words, one_night=True)


def swap_said(text: str, it: Itinerary, kb: KnowledgeBase) -> Edit | None:
    """「把望海楼教堂换成八达岭长城」, "replace X with Y": the sight put in place of a sight of the
    plan, every other stop kept (`AddPlace.instead_of`); None when the words swap no stop of
    the plan for a known sight (a destination for another, 「改成4天」: whole-trip revisions)."""
    for pattern, drop_at, add_at in SWAPS:
        if (m := pattern.search(text)) is None:
            continue
        old_words, new_words = clean(m.group(drop_at)), clean(m.group(add_at))
        if find_destination(old_words, kb) or find_destination(new_words, kb):
            return None  # 「把乐山换成重庆」: the trip's stop, not a sight
        old = stop_named(old_words, it, kb)
        new = place_ref(new_words, it, kb)
        if old is None or new is None or kb.attraction(old) is None:
            return None
        found = kb.place(new) or find_place(new, kb, it.request.destinations)
        if not isinstance(found, Attraction) or found.id == old:
            return None
        return AddPlace(place=new, instead_of=old)
    return None


def swap_clauses(said: list[str]) -> list[str]:
    """`said` with 「不去A」 and the 「改去B」 said next made one clause, and 「把A换掉」 with the
    「换成B」 said next (a swap)."""
    out: list[str] = []
    for clause in said:
        if (
            out
            and re.match(r"(?:改去|换去|改成去)", clause)
            and re.search(r"不(?:去|要去|想去)", out[-1])
        ):
            out[-1] = f"{out[-1]}，{clause}"
        elif (
            out
            and re.match(r"(?:换成|改成)", clause)
            and (m := re.search(r"把(.+?)换掉$", out[-1]))
        ):
            out[-1] = f"把{m.group(1)}{clause}"  # 「把南普陀寺换掉，换成华侨博物院」
        else:
            out.append(clause)
    return out


#: Going somewhere on a day said (「第3天去袁家界」, 「第二天下午逛西街」, "go to X on day 3",
#: "day 3: visit X"): the words after the verb, the day phrase taken out.
_GO_ZH = re.compile(
    r"^(?:能不能|可不可以|可以|我们|我)?\s*(?:早上|上午|中午|下午|傍晚|晚上)?\s*(?:就|再|也)?\s*"
    r"(?:想|要)?\s*"
    r"(?:去(?!掉)|逛|游|玩|看|到)\s*(?:一下|一趟|一次)?\s*(.+?)(?:吧|呢|玩玩|看看|逛逛|玩)?$"
)
_GO_EN = re.compile(r"\b(?:go to|go see|visit|see|head to|do)\s+(.+)$", re.I)


def go_on_day(text: str, day: int, it: Itinerary, kb: KnowledgeBase) -> Edit | None:
    """「第3天去袁家界」 / "go to X on day 3": a stop of the plan moved to that day (its part
    of the day kept when said: 上午 → first), or a place added on it; None when the words
    after the verb name neither a stop nor a place by name (「第二天去看夜景」: a wish)."""
    if re.search(r"吃|饭|餐|住|\b(?:eat|lunch|dinner|stay|sleep)\b", text, re.I):
        return None  # meals and lodging: their own edits
    bare = re.sub(DAY, " ", text, flags=re.I).strip(" ，,:：")
    m = _GO_ZH.match(bare) or _GO_EN.search(bare)
    if m is None:
        return None
    words = clean(re.sub(r"\b(?:on|in|for)\s*(?:the\s*)?$", "", m.group(1), flags=re.I))
    if len(words) < 2 or tags_for(words):
        return None
    position = (
        position_said(text) if re.search(r"早上|上午|晚上|morning|evening", text, re.I) else None
    )
    words = re.sub(
        r"\s+(?:in the|this|that)\s+(?:morning|afternoon|evening)$", "", words, flags=re.I
    )
    stop = stop_named(words, it, kb)
    if position == LAST_POSITION:  # the evening: right after that day's dinner
        position = after_dinner(it, day, stop) or position
    if stop is not None and name_score(words.lower(), _names_of(stop, it, kb)) >= SAID:
        return MoveStop(stop=stop, day=day, position=position)
    try:
        found = find_place(words, kb, it.request.destinations)
    except EditRefused:
        return None
    spot = spot_named(words, found)
    if spot is None and name_score(words.lower(), place_names(found)) < SAID:
        return None  # part of a name only (「夜景」): not a place said
    if any(i.poi_id == found.id for d in it.days for i in d.items):
        return MoveStop(stop=found.id, day=day, position=position)  # 乾坤柱: in the park
    return AddPlace(place=words if spot else found.id, day=day, position=position)


def _names_of(poi_id: str, it: Itinerary, kb: KnowledgeBase) -> list[str]:
    item = next(i for d in it.days for i in d.items if i.poi_id == poi_id)
    return stop_names(item, kb)


#: A sight entered as it opens (「环球影城那天早上一开门就进园」, "be at the Forbidden City when
#: it opens", "get to Universal right at opening").
_AT_OPENING = re.compile(
    r"一开门|开门就|一开园|开园就|刚开门|开门时|开园时|\b(?:right )?(?:at|for) (?:the )?opening\b"
    r"|\b(?:as soon as|when|right when) (?:it|the park|the gates?) opens?\b|\bat opening time\b",
    re.I,
)


def at_opening(text: str, it: Itinerary, kb: KnowledgeBase) -> SetStopTime | None:
    """The stop `text` asks to enter at its opening time on its day, as a `SetStopTime` at that
    time (the knowledge base's hours on the day's date), or None."""
    if not _AT_OPENING.search(text):
        return None
    best: tuple[int, str, int] | None = None
    for day in it.days:
        for item in day.items:
            place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if not isinstance(place, Attraction):
                continue
            score = name_score(text.lower(), stop_names(item, kb))
            windows = place_windows(place, day.date)
            if score >= SAID and windows and (best is None or score > best[0]):
                best = (score, place.id, windows[0][0])
    if best is None:
        return None
    return SetStopTime(stop=best[1], start=dt.time(best[2] // 60, best[2] % 60))


_SUNSET = re.compile(r"日落|夕阳|晚霞|落日|\bsunset\b|\bsundown\b", re.I)
#: How long after sunset a visit asked for the sunset ends (minutes): the light after it.
AFTER_SUNSET_MIN = 20


def sunset_on_day(text: str, day: int | None, it: Itinerary, kb: KnowledgeBase) -> Edit | None:
    """A stop of day `day` asked for its sunset ("watch the sunset on Gulangyu on day 2",
    「第二天在鼓浪屿看日落」): timed so its visit ends `AFTER_SUNSET_MIN` after sunset there that
    day (`engine.knowledge.sun`), a sight that blocks it moved or left out (`make_room`), or
    None (no sunset said, no stop of that day named)."""
    if day is None or not _SUNSET.search(text) or not 1 <= day <= len(it.days):
        return None
    the_day = it.days[day - 1]
    for item in the_day.items:
        place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
        if place is None or name_score(text.lower(), stop_names(item, kb)) < SAID:
            continue
        _rise, sunset = sun_times(place.lat, place.lon, the_day.date)
        minutes = (item.end.hour * 60 + item.end.minute) - (
            item.start.hour * 60 + item.start.minute
        )
        start = max(0, sunset + AFTER_SUNSET_MIN - minutes)
        return SetStopTime(stop=place.id, start=dt.time(start // 60, start % 60), make_room=True)
    return None
