"""Follow-ups that edit the open plan in place, read as `engine.editing` operations (zh/en):
「加上宏村」, 「把黄山风景区挪到第一天」, 「第二天早上9点出发」, 「第二天换个地方吃午饭」,
「重新安排第二天」, 「第二天轻松一点」, 「加一天」, 「晚一周出发」, 「再加两个孩子」, "skip the museum",
"add a day at the start", "move the trip to next Friday" (dates and party:
`engine.understanding.trip_edits`; places put on a day, swapped, a night elsewhere:
`engine.understanding.place_edits`).

`parse_edits` returns the operations a text asks for, or () when it asks for none of them (the
caller then tries the whole-trip revisions of `engine.understanding.revision`). Places are
matched against the plan's stops first, then the knowledge base (`engine.editing.places`).
"""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace
from engine.editing.ops import (
    AddDay,
    AddPlace,
    ChangeParty,
    Edit,
    LockStop,
    MoveStop,
    RegenerateDay,
    RemoveDay,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
    SwapLodging,
)
from engine.editing.places import (
    SAID,
    name_score,
    place_names,
)
from engine.editing.sketch import is_stop
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning.candidates import serves
from engine.understanding.attractions import clean
from engine.understanding.dawn_asks import asks_dawn, dawn_edit
from engine.understanding.day_areas import activity_day, area_day
from engine.understanding.day_drops import day_drop, removal_words
from engine.understanding.day_ends import earlier_end
from engine.understanding.day_starts import every_day, later_start, tour_start, with_day_plan
from engine.understanding.day_swaps import english_swap, swap_days
from engine.understanding.day_trip_adds import (
    day_added_for,
    day_trip_on,
    day_trip_said,
    far_day,
    unknown_day_place,
)
from engine.understanding.edit_refs import DAY as _DAY
from engine.understanding.edit_refs import LAST_POSITION, N, day_number
from engine.understanding.edit_refs import after_dinner as _after_dinner
from engine.understanding.edit_refs import place_ref as _place
from engine.understanding.edit_refs import position_said as _position
from engine.understanding.edit_refs import stop_named as _stop_named
from engine.understanding.edit_refs import stop_names as _stop_names
from engine.understanding.evening_moves import evening_move
from engine.understanding.home_straight import straight_home
from engine.understanding.kind_adds import names_a_kind, sight_of_kind
from engine.understanding.meal_edits import (
    CHEAPER,
    ELSEWHERE,
    MEAL,
    MEAL_RX,
    NEAR_LODGING,
    NOT_EATING_AT,
    meal_added,
    meal_days_at,
    meal_edit,
    meal_of,
    meal_there,
)
from engine.understanding.mornings import find_late_start
from engine.understanding.numbers import parse_int
from engine.understanding.place_edits import (
    at_opening,
    go_on_day,
    night_stay,
    sunset_on_day,
    swap_clauses,
    swap_said,
)
from engine.understanding.stay_edits import stay_edit
from engine.understanding.stop_drops import dropped_destination
from engine.understanding.trip_edits import trip_change

_CLOCK = (
    r"((?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)?\s*\d{1,2}(?:\s*[:：点]\s*(?:\d{1,2}|半)?)?\s*"
    r"(?:分)?\s*(?:am|pm|a\.m\.|p\.m\.)?)"
)
_RELAX = r"(?:轻松|放松|悠闲|慢一?点|少安排|别太赶|不要太赶|宽松|relax|easier|lighter|less (?:packed|busy|rushed))"
_PACK = r"(?:紧凑|充实|多安排|packed|busier|fuller)"
_MEAL_NAMES = ("lunch", "dinner")
#: A sight of some kind asked for (「加个适合孩子的景点」, "add something for the kids").
_ADD_KIND = re.compile(
    r"(?:加|添|安排|再去|想去)\s*((?:一|1)?\s*(?:个|处|些).+)$|\b(?:add|fit in|include)\s+"
    r"((?:something|somewhere|a|an|another|one more)\b.+)$",
    re.I,
)
_DAY_SAID = re.compile(
    rf"(?:到|在)?{_DAY}|(?:上午|下午|晚上|早上)|\b(?:on|to|in)\s+(?:the\s+)?(?:day\s*\d+|"
    r"(?:first|second|third|last)\s+day)\b|\bday\s*\d+\b|\b(?:in the )?(?:morning|afternoon|"
    r"evening)\b",
    re.I,
)
#: A train or flight named: a time said with it is the leg's (`engine.understanding.trip_hours`).
_LEG_HOME = re.compile(r"火车|高铁|动车|航班|飞机|车次|\b(?:train|flight|plane)\b", re.I)
#: How much 「晚一点」 / 「早点」 moves a day's start, minutes.
SHIFT_MIN = 60


def clock(text: str) -> dt.time | None:
    """A time of day as people say it (早上9点, 十点, 9点半, 下午3点, 14:30, 9am), or None."""
    text = re.sub(r"[晚早快慢]\s*[一1]?\s*点(?!\s*\d)", "", text)  # 晚一点出发: later, not 1:00
    text = re.sub(
        r"([零一二两三四五六七八九十]+)(?=\s*点)", lambda m: str(parse_int(m.group(1))), text
    )
    match = re.search(
        r"(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)?\s*(\d{1,2})\s*(?:([:：])\s*(\d{2})|点\s*(半|\d{1,2})?\s*分?)"
        r"\s*(am|pm|a\.m\.|p\.m\.)?|(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)",
        text,
        re.I,
    )
    if match is None:
        return None
    part, hour, _, minute, after_dian, suffix, en_hour, en_suffix = match.groups()
    h = int(hour or en_hour)
    m = 30 if after_dian == "半" else int(minute or (after_dian if after_dian else 0) or 0)
    suffix = (suffix or en_suffix or "").lower().replace(".", "")
    if (part in ("下午", "傍晚", "晚上") or suffix == "pm") and h < 12:
        h += 12
    if part == "中午" and h < 6:
        h += 12
    if not (0 <= h < 24 and 0 <= m < 60):
        return None
    return dt.time(h, m)


def _hours(text: str) -> int | None:
    """A duration said ("2小时", "一个半小时", "90分钟", "2 hours"), minutes."""
    if m := re.search(rf"{N}\s*个?\s*(半)?\s*(?:小时|钟头|hours?|hrs?)", text, re.I):
        n = parse_int(m.group(1))
        return None if n is None else n * 60 + (30 if m.group(2) else 0)
    if m := re.search(rf"{N}\s*(?:分钟|minutes?|mins?)", text, re.I):
        return parse_int(m.group(1))
    return None


_CLAUSES = re.compile(
    r"[，。,;；!?！？\n]+|(?:然后|另外|还有|并且)|\balso\b|\band(?: then)?\b"
    r"(?!\s+(?:(?:her|his|their|my|our)\s+)?(?:\d+|one|two|three|four|five|six|an?)\s+"
    r"(?:kids?|child(?:ren)?|adults?|seniors?|bab(?:y|ies)|teens?|toddlers?)\b)"  # one party:
    # "3 adults and 2 kids", "my sister and her two kids"
)


def clauses(text: str) -> list[str]:
    """The clauses of a follow-up (split at punctuation, 然后/另外/还有/并且, "and", "also")."""
    return [c.strip() for c in _CLAUSES.split(text) if c and c.strip()]


def parse_edits(
    text: str, itinerary: Itinerary, kb: KnowledgeBase, *, today: dt.date | None = None
) -> tuple[tuple[Edit, ...], tuple[str, ...]]:
    """The edit operations `text` asks for on `itinerary`, in order, and the clauses that are
    none (for the whole-trip revisions to read). `today`: what dates said without a year or
    relative ones (「下周五」) count from (None: the real date)."""
    found: list[Edit] = []
    rest: list[str] = []
    if home := straight_home(text, itinerary, kb):  # 「最后一天直接回西宁」: the way home
        return tuple(home), ()
    if (traded := english_swap(text)) is not None:  # "swap days 3 and 4": before "and" splits
        found.append(traded[0])
        text = text[: traded[1][0]] + ", " + text[traded[1][1] :]
    said = swap_clauses(_day_carried(_meal_clauses(clauses(text), itinerary, kb), itinerary))
    said = _party_together(_every_day_meal(said, itinerary, kb), itinerary, today)
    for clause in _places_apart(said, itinerary, kb):
        edit = _clause(clause, itinerary, kb, today)
        if edit is not None:
            found.append(far_day(edit, itinerary, kb))  # a far sight takes its day
        else:
            rest.append(clause)
    return tuple(with_day_plan(_day_for_place(found, itinerary, kb))), tuple(rest)


#: A clause that only gives ages (「再加两个孩子，一个5岁一个9岁」's second clause, "aged 5"):
#: the ages of the people the clause before adds.
_AGES_ONLY = re.compile(
    r"^\s*(?:(?:分别|一个|一位|另一个|另一位|大的|小的|老大|老二)?\s*(?:\d{1,2}|[一二三四五六七八九十]{1,2})"
    r"\s*(?:周岁|岁半?)"
    r"\s*[、和与及,，]?\s*)+$|^\s*(?:aged?|ages)\s+\d{1,2}\b",
    re.I,
)


def _party_together(said: list[str], it: Itinerary, today: dt.date | None) -> list[str]:
    """Neighbouring clauses that each change the party read as one (「改成4个人，加两个孩子」 is
    four with two children, not four adults and then the old party with two children more);
    so are the ages said after it (「再加两个孩子，一个5岁一个9岁」, "add two kids, aged 5 and 9":
    the clause split at "and" leaves "9", which joins the ages before it)."""
    out: list[str] = []
    ages = False  # the clause before was ages joined to a party change
    for clause in said:
        if ages and re.fullmatch(r"\s*\d{1,2}\s*", clause):
            out[-1] = f"{out[-1]} and {clause.strip()}"
            continue
        ages = bool(_AGES_ONLY.match(clause))
        if (out and isinstance(trip_change(out[-1], it, today), ChangeParty)
                and (ages or isinstance(trip_change(clause, it, today), ChangeParty))):  # fmt: skip
            sep = " " if ages and clause.isascii() else "，"
            out[-1] = f"{out[-1]}{sep}{clause.strip()}"
        else:
            out.append(clause)
            ages = False
    return out


def _every_day_meal(said: list[str], it: Itinerary, kb: KnowledgeBase) -> list[str]:
    """`said` with a meal moved to a place on no day said (「晚饭就在丽江古城吃」) made one clause
    per day whose meal it moves (`meal_days_at`)."""
    out: list[str] = []
    for clause in said:
        days = [] if day_number(clause, len(it.days)) else meal_days_at(clause, it, kb)
        days = days or _meal_every_day(clause, it)
        out += [f"第{d}天 {clause}" for d in days] or [clause]
    return out


def _meal_every_day(clause: str, it: Itinerary) -> list[int]:
    """The days without the meal a clause asks to add on every day ("Please add dinner every
    day", 「每天都加上晚饭」): each its own addition; [] when it asks none, or names a day."""
    meal = meal_of(clause)
    if meal is None or not every_day(clause) or day_number(clause, len(it.days)) is not None:
        return []
    if meal_added(clause, it, None) is None and meal_added(clause, it, 1) is None:
        return []
    return [d.index for d in it.days if not any(i.meal == meal for i in d.items)]


def _meal_clauses(said: list[str], it: Itinerary, kb: KnowledgeBase) -> list[str]:
    """`said` with a place not to eat at, or a restaurant of the plan spoken of (「京兆尹太贵
    了」), and the meal said next made one clause (「第6天不去虎跳峡镇吃饭，晚饭就在丽江古城吃」,
    「X太贵了，换个便宜点的地方吃午饭」: one meal changed, on the day said first or the day X
    serves that meal)."""
    days = len(it.days)
    out: list[str] = []
    for clause in said:
        if (
            out
            and (NOT_EATING_AT.search(out[-1]) or _names_a_meal_place(out[-1], it, kb))
            and meal_of(clause)
            and day_number(clause, days) is None
        ):
            out[-1] = f"{out[-1]} {clause}"
        else:
            out.append(clause)
    return out


#: A clause that starts with a part of the day and names no day (「第二天9点出发，下午去宽窄巷子」).
_PART_OF_DAY = re.compile(
    r"^(?:上午|下午|中午|傍晚|晚上|早上)|^(?:in the )?(?:morning|afternoon|evening)\b", re.I
)


#: Words that give a pace or a late start another span than the day said before (「其他天」,
#: 「整个行程」, "the whole trip").
_OTHER_SPAN = re.compile(r"天|行程|全程|整体|整个|(?:trip|days?|whole|overall|rest)", re.I)


def _day_carried(said: list[str], it: Itinerary) -> list[str]:
    """`said` with a meal clause, one starting with a part of the day, or one asking a later
    start or another pace with no other span, that names no day given the day of the clause
    before ("make day 1 less rushed and find somewhere for hotpot near the hotel": day 1's
    dinner; 「第二天9点出发，下午去宽窄巷子」: day 2's afternoon; 「第二天想睡个懒觉，少安排点」:
    day 2 lighter)."""
    out: list[str] = []
    last: int | None = None
    for clause in said:
        day = day_number(clause, len(it.days))
        if day is None and last is not None and (
            meal_of(clause) or NEAR_LODGING.search(clause) or _PART_OF_DAY.match(clause)
            or (find_late_start(clause) and not every_day(clause))  # 「…，不想早起」: that day
            or (re.search(f"{_RELAX}|{_PACK}", clause, re.I) and not _OTHER_SPAN.search(clause))
        ):  # fmt: skip
            clause = f"第{last}天 {clause}"
        last = day if day is not None else last
        out.append(clause)
    return out


def _names_a_meal_place(clause: str, it: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether `clause` names the restaurant of one of the plan's lunches or dinners and no
    meal itself (「京兆尹太贵了」)."""
    if meal_of(clause):
        return False
    return any(len(n) >= 2 and n in clause.lower() for d in it.days for meal in _MEAL_NAMES
               for n in _meal_names(it, d.index, meal, kb))  # fmt: skip


#: Places said together to add (「多去袁家界和天子山」): each one its own addition.
_ADD_SEVERAL = re.compile(r"^(多去|也去|还想去|想去|再去|加上|加入|添加)\s*(.+?)(?:吧|呢)?$")


#: Places said together on a day (「第二天下午想去双廊和喜洲」): the words before them kept.
_DAY_SEVERAL = re.compile(
    rf"^(?P<pre>.*?{_DAY}.*?(?:想去|也去|还想去|再去|去|加上|逛))\s*(?P<names>.+?)(?:吧|呢)?$"
)


def _places_apart(said: list[str], it: Itinerary, kb: KnowledgeBase) -> list[str]:
    """`said` with a clause adding several places (「多去袁家界和天子山」) made one per place;
    so is one putting several places on a day (「第二天下午想去双廊和喜洲」: 喜洲 alone had been
    read, 双廊 never answered), when each is a place."""
    out: list[str] = []
    for clause in said:
        m = _ADD_SEVERAL.match(clause)
        names = re.split(r"和|、|与|及|跟", m.group(2)) if m else []
        if len(names) > 1 and all(len(clean(n)) >= 2 for n in names):
            out.extend(f"{m.group(1) if m else ''}{clean(n)}" for n in names)
            continue
        m = _DAY_SEVERAL.match(clause)
        names = [clean(n) for n in re.split(r"和|、|与|及|跟", m["names"])] if m else []
        if m and len(names) > 1 and all(len(n) >= 2 and _place(n, it, kb) for n in names):
            out.extend(f"{m['pre']}{n}" for n in names)
        else:
            out.append(clause)
    return out


def _day_for_place(edits: list[Edit], it: Itinerary, kb: KnowledgeBase) -> list[Edit]:
    """A day added and places added "wherever they fit" in one follow-up (「加一天，想去西溪湿
    地」, 「加一天，多去黄龙洞和宝峰湖」): the new day is given to the places (added alone they
    found every other day full, and the day added was filled without them), at the start
    when only the first day's city holds them."""
    added = [e for e in edits if isinstance(e, AddDay) and e.place is None]
    loose = [e for e in edits if isinstance(e, AddPlace) and e.day is None and e.position is None]
    if len(added) != 1 or not loose:
        return edits
    once = {e.place: e for e in reversed(loose)}  # 「袁家界和天子山」: two names of one park
    edits = [e for e in edits if e not in loose or once[e.place] is e]
    loose = [e for e in loose if once[e.place] is e]
    more = tuple(e.place for e in loose[1:])
    day = added[0].model_copy(update={"place": loose[0].place, "more": more})
    home = kb.destination_of(loose[0].place)
    if home and day.at == "end" and it.days[-1].destination != home.id == it.days[0].destination:
        day = day.model_copy(update={"at": "start"})  # the last day's city is another one
    return [day if e is added[0] else e for e in edits if all(e is not x for x in loose)]


def _clause(text: str, it: Itinerary, kb: KnowledgeBase, today: dt.date | None) -> Edit | None:
    days = len(it.days)
    if (traded := swap_days(text, days)) is not None:
        return traded  # 「把第三天和第四天换一下」
    day = day_number(text, days)
    on = re.search(r"^(?:去)?(.{2,12}?)(?:的)?那天|\bon the (.{3,30}?) day\b", text, re.I)
    if day is None and on and (stop := _stop_named(on.group(1) or on.group(2), it, kb)):
        # 「迪士尼那天早点出发」, "on the Disney day": the day of that stop
        day = next((d.index for d in it.days if any(i.poi_id == stop for i in d.items)), None)
    # what is left once the day is said by its stop: 「早上8点出发」 sets the day, not the stop
    rest = text[: on.start()] + text[on.end() :] if on and day is not None else text
    if day is not None and day_trip_said(text):  # 「第三天去X一日游」: that day given to X
        return day_trip_on(text, day, it, kb)  # (None: X unknown, answered by name)
    # A day more or less, at either end.
    start_end = (
        "start"
        if re.search(r"开头|前面|之前|提前|第一天前|at the (?:start|beginning)|before", text, re.I)
        else "end"
    )
    if re.search(
        r"(?:加|多加|再加|增加|多玩|多待|延长)\s*(?:一|1)?\s*天|\b(?:add|one more|an extra|another)\s+(?:a\s+)?day\b|\badd a day\b",
        text,
        re.I,
    ):
        if day_added_for(text, it.request.destinations, kb) is not None:
            return None  # 「加一天去乐山」: another destination joins the trip (a revision)
        if unknown_day_place(text, it, kb) is not None:
            return None  # 「加一天去那拉提」, a place not known: refused with why (`unread`)
        go = re.search(
            r"天\s*(?:去|到|逛|玩)\s*(.{2,20})$|\bday\s+(?:for|at|in|to see)\s+(.+)$"
            r"|\bday[- ]trip\s+(?:out\s+)?to\s+(?:the\s+)?(.+)$",
            text,
            re.I,
        )
        place = _place(go.group(1) or go.group(2) or go.group(3), it, kb) if go else None
        return AddDay(at=start_end, place=place)
    if re.search(
        r"(?:减|少玩|少待|缩短|去掉|删掉|少)\s*(?:一|1)\s*天|(?:去掉|删掉|不要)(?:最后一|第一|头一?)天|把(?:最后一|第一|头一?)天(?:去掉|删掉|删了|取消)|\b(?:remove|drop|cut)\s+(?:a|one|the (?:first|last))\s+day\b|\bone (?:day )?(?:less|fewer)\b",
        text,
        re.I,
    ):
        at = "start" if re.search(r"第一|头|first|start", text, re.I) else "end"
        return RemoveDay(at=at)
    # A kind of sight on a day ("add something for the kids on day 3": no child joins).
    kind = _ADD_KIND.search(text)
    said = _DAY_SAID.sub("", kind.group(1) or kind.group(2)) if kind else ""
    if day is not None and said and names_a_kind(said):
        return sight_of_kind(said, day, it, kb)
    # A day given to a kind of activity or sight (「第三天改成滑雪」, 「第二天去滑雪」).
    turn = re.search(r"(?:改成|换成|改为|改去|换去|去)\s*(.+?)(?:吧|了|呢)?$", text)
    if day is not None and turn and names_a_kind(kind_said := _DAY_SAID.sub("", turn.group(1))):
        return sight_of_kind(kind_said, day, it, kb)
    if dropped_destination(text, it.request.destinations, kb) is not None:
        return None  # 「去掉香格里拉」: the whole stop of the trip (a revision), not one sight
    # The whole trip to other dates, or another party.
    if (change := trip_change(text, it, today)) is not None:
        return change
    if (around := area_day(rest, day)) is not None:
        return around  # 「第四天就在亚龙湾附近玩」: that day planned again near it
    if (riding := activity_day(rest, day, kb, it.request.destinations)) is not None:
        return riding  # 「第三天想租电动车环洱海骑一天」: that day round the lake
    # Regenerate a day, or a day's pace.
    if day is not None and re.search(
        r"重新(?:安排|规划|排)|换个安排|重排|\b(?:redo|regenerate|replan|re-plan|plan again|rearrange)\b",
        text,
        re.I,
    ):
        return RegenerateDay(day=day)
    if day is not None and re.search(_RELAX, text, re.I):
        return RegenerateDay(day=day, pace=Pace.RELAXED)
    if day is not None and re.search(_PACK, text, re.I):
        return RegenerateDay(day=day, pace=Pace.PACKED)
    # Meals and lodging.
    meal = meal_of(text)
    if meal and (re.search(ELSEWHERE, text, re.I) or CHEAPER.search(text)) and day is None:
        day = _meal_day(text, it, kb, meal)
    if (added := meal_added(text, it, day)) is not None:
        return added
    if day is not None and meal_there(text, it, kb, day)[1]:
        return None  # 「第三天晚饭就在南锣鼓巷吃」 where it already is: answered (`unread`)
    if (swap := meal_edit(text, it, kb, day)) is not None:
        return swap
    if NOT_EATING_AT.search(text):
        return None  # 「不去X吃饭」 on no day found: where to eat, never a stop removed
    if (one_night := night_stay(text, it, kb)) is not None:
        return one_night  # 「第二天晚上住阳朔」: that night only
    if (stay := stay_edit(text, it, kb)) is not None:
        return stay  # 「住解放碑附近」: the stay moved there, the days kept
    if re.search(
        r"(?:换|换个|换一家|换一个|另找)(?:个|家)?(?:酒店|住处|住宿|宾馆)|(?:another|different|change the) (?:hotel|lodging|place to stay)",
        text,
        re.I,
    ):
        night = day or next((d.index for d in it.days if d.lodging_id), 1)
        return SwapLodging(day=night)
    # Day times: 第二天晚一点出发 (an hour later), 第二天早点出发 (an hour earlier).
    if (
        day is not None
        and re.search(r"出发|出门|开始|动身|\b(?:start|leave|set off)\b", text, re.I)
        and (m := re.search(r"(晚|早)\s*一?\s*点(?!\s*\d)|\b(later|earlier)\b", text, re.I))
        and (begin := tour_start(it, day)) is not None
    ):
        later = (m.group(1) or m.group(2).lower()) in ("晚", "later")
        leave = begin + (SHIFT_MIN if later else -SHIFT_MIN)
        return SetDayTimes(day=day, start=dt.time(leave // 60, leave % 60))
    when = clock(text)
    if (
        day is not None
        and when is not None
        and re.search(r"出发|出门|开始|动身|start|leave|set off|begin", text, re.I)
        and not _mentions_stop(rest, it, kb)
    ):
        return SetDayTimes(day=day, start=when)
    if (
        day is not None
        and when is not None
        and re.search(r"结束|回(?:酒店|住处|去)|之前回|\bend\b|\bback\b|finish", text, re.I)
        and not _mentions_stop(rest, it, kb)
        and not _LEG_HOME.search(text)  # 「最后一天晚上10点的火车回去」: the train's time
    ):
        return SetDayTimes(day=day, end=when)
    if (late := later_start(rest, day, it)) is not None:
        return late  # 「第二天早上别那么早」: that day sets out later (not every day)
    if (earlier := earlier_end(rest, day, it)) is not None:
        return earlier  # 「第三天早点结束」: an hour earlier, the latest sights left out
    if (dawn := dawn_edit(text, it, kb)) is not None:
        return dawn  # 「第二天去X看日出」: the visit starts before sunrise
    if asks_dawn(text, it, kb):
        return None  # …where it is not open then: answered (`engine.understanding.unread`)
    if (evening := evening_move(text, it, kb)) is not None:
        return evening  # 「第二天傍晚去鸣沙山看日落」, 「南山一棵树改到晚上去」: at its hour
    if (sunset := sunset_on_day(text, day, it, kb)) is not None:
        return sunset  # "watch the sunset on Gulangyu on day 2": its visit timed to it
    if (opening := at_opening(text, it, kb)) is not None:
        return opening  # 「环球影城那天早上一开门就进园」: in at its opening time
    # Stops: swap, move, lock, time, remove, add.
    if (swapped := swap_said(text, it, kb)) is not None:
        return swapped
    if m := re.search(
        r"把\s*(.+?)\s*(?:挪|移|放|调|换|改|安排)(?:到|在)\s*(.+)$|\b(?:move|put|shift)\s+(.+?)\s+(?:to|on|onto)\s+(.+)$",
        text,
        re.I,
    ):
        words, where = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        stop = _stop_named(words, it, kb)
        target = day_number(where, days)
        position = _position(where)
        if position == LAST_POSITION:  # the evening: right after that day's dinner
            position = _after_dinner(it, target, stop) or position
        if stop is not None and (target is not None or position is not None):
            return MoveStop(stop=stop, day=target, position=position)
    if day is not None and (going := go_on_day(text, day, it, kb)) is not None:
        return going  # 「第3天去袁家界」: the sight moved to day 3, or added there
    if m := re.search(r"(?:锁定|锁住|固定|保留)\s*(.+)$|\b(?:lock|keep|pin)\s+(.+)$", text, re.I):
        stop = _stop_named(m.group(1) or m.group(2), it, kb)
        if stop is not None:
            return LockStop(stop=stop)
    longer = _longer_or_shorter(text, it, kb)
    minutes = _hours(text) or longer
    if (when is not None or minutes is not None) and (stop := _mentions_stop(text, it, kb)):
        if when is None and longer is not None and _LONGER.search(text):
            return SetStopTime(stop=stop, minutes=longer, make_room=True)  # another sight moves
        if when is not None and not re.search(r"出发|出门|start the day", text, re.I):
            return SetStopTime(stop=stop, start=when, minutes=minutes)
        if minutes is not None:
            return SetStopTime(stop=stop, minutes=minutes)
    if day is not None and (words := removal_words(text)) and (named := _stop_named(words, it, kb)):
        # 「第5天不去禾木了」: that day's only (`day_drops`) when the person named it for the trip
        # (a wished 禾木 is not dropped from another day on a slip of the day); a sight the plan
        # chose is dropped where it is (「第三天去掉洪崖洞」 with 洪崖洞 on day 1)
        if named in it.request.must_see:
            return day_drop(text, day, it, kb)
        return day_drop(text, day, it, kb) or RemoveStop(stop=named)
    # 「把漂流删掉」, 「漂流不去了」: the stop said before the verb
    after = re.search(r"^(?:把|将)?\s*(.+?)\s*(?:删掉|去掉|删了|删除|取消|不去了|不要了|就不去了)"
                      r"(?:吧|了|啊)?$", text)  # fmt: skip
    after = after or re.search(r"^不(?:要|去|想去)\s*(.+?)\s*了$", text)  # 「不要漂流了」
    if after and (stop := _stop_named(after.group(1), it, kb)) is not None:
        return RemoveStop(stop=stop)
    if m := re.search(
        r"(?:不去|不要去|不想去|别去|去掉|删掉|删除|取消|不逛|不看)\s*(了)?\s*(.+)$|\b(?:skip|remove|drop|cut|no)\s+(.+)$",
        text,
        re.I,
    ):
        stop = _stop_named(m.group(2) or m.group(3), it, kb)
        if stop is not None:
            return RemoveStop(stop=stop)
        return None
    if m := re.search(
        r"(?:加上|加入|添加|增加|加|也去|还想去|想去|再去|多去|(?:一定|必须|非常)(?:要|得)?去)\s*(?:一?个)?\s*(.+?)(?:吧|呢)?$|\b(?:add|include|also (?:visit|see)|fit in)\s+(.+?)$",
        text,
        re.I,
    ):
        words = re.sub(
            rf"(?:到|在)?{_DAY}.*$|\b(?:to|on)\s+(?:the\s+)?(?:day|first|last|second|third).*$",
            "",
            m.group(1) or m.group(2),
            flags=re.I,
        )
        if day is not None and names_a_kind(words):  # 「第三天下午加个适合孩子的景点」
            return sight_of_kind(words, day, it, kb)
        place = _place(words, it, kb)
        # A place the plan already has is still asked for: the edit says on which day it is
        # (or offers to move it to the day said), instead of a reply that understood nothing.
        if place is not None and _stop_named(words, it, kb) in (None, place):
            return AddPlace(place=place, day=day)
    return None


def _meal_day(text: str, it: Itinerary, kb: KnowledgeBase, meal: str) -> int | None:
    """The day of a meal swap said without one: the only day of a one-day plan, or the day
    whose `meal` is at the restaurant the text names (「不想在老孙家吃晚饭」); None otherwise."""
    if len(it.days) == 1:
        return 1
    named = [d for d, restaurant in meal_places(it, meal) if restaurant and any(
        len(n) >= 2 and n in text.lower() for n in _meal_names(it, d, meal, kb))]  # fmt: skip
    return named[0] if len(named) == 1 else None


def _meal_names(it: Itinerary, day: int, meal: str, kb: KnowledgeBase) -> list[str]:
    items = [i for i in it.days[day - 1].items if i.kind == ItemKind.MEAL and i.meal == meal]
    places = [kb.place(i.poi_id) for i in items if i.poi_id]
    names = [i.name.lower() for i in items] + [
        n for p in places if p is not None for n in place_names(p)
    ]
    return [re.sub(r"\s*[（(].*?[)）]\s*", "", n).strip() for n in names]  # 新丰小吃（庆春路）


def meal_places(it: Itinerary, meal: str) -> list[tuple[int, str | None]]:
    """Each day of `it` with the name of the place its `meal` (lunch/dinner) is at (None: none)."""
    return [(d.index, next((i.name for i in d.items if i.kind == ItemKind.MEAL
                            and i.meal == meal and i.poi_id), None)) for d in it.days]  # fmt: skip


def meals_serving(it: Itinerary, kb: KnowledgeBase, cuisine: str) -> list[tuple[int, str, str]]:
    """The lunches and dinners of `it` at a restaurant serving `cuisine`: (day, meal, name)."""
    out = []
    for d in it.days:
        for i in d.items:
            place = kb.place(i.poi_id or "") if i.kind == ItemKind.MEAL else None
            if isinstance(place, Restaurant) and i.meal in _MEAL_NAMES and serves(place, cuisine):
                out.append((d.index, i.meal or "", i.name))
    return out


def meal_without_day(text: str, it: Itinerary, kb: KnowledgeBase) -> str | None:
    """The meal (lunch/dinner) a follow-up asks to eat elsewhere without saying on which day
    of a plan of several (「换一家吃晚饭」), to ask back which; None when it says or asks none."""
    meal = re.search(MEAL_RX, text, re.I)
    if meal is None or not re.search(ELSEWHERE, text, re.I):
        return None
    if day_number(text, len(it.days)) is not None:
        return None
    which = MEAL[meal.group(0).lower()]
    return which if _meal_day(text, it, kb, which) is None else None


#: 「想多逛逛丽江古城」, 「在故宫多待一会儿」, "more time at the Bund": a longer visit.
_LONGER = re.compile(
    r"多逛|多待|多玩|多留|多看|多呆|逛久|待久|呆久|久一点|多花点?时间|慢慢逛|"
    r"\b(?:more time|longer)\s+(?:at|in)\b|\bspend longer\b",
    re.I,
)
#: 「故宫少待一会」, "less time at the museum": a shorter visit.
_SHORTER = re.compile(
    r"少待|少逛|少玩|少呆|短一点|快点逛|简单逛|随便看看|\b(?:less time|shorter)\s+(?:at|in)\b|"
    r"\bquick(?:er)? visit\b",
    re.I,
)
#: How much longer (minutes) "more time" makes a visit, and the least a shorter one keeps.
LONGER_MIN, SHORTEST_MIN = 60, 30


def _longer_or_shorter(text: str, it: Itinerary, kb: KnowledgeBase) -> int | None:
    """The new length (minutes) of the stop `text` asks more or less time at: `LONGER_MIN`
    more, or a third less (never under `SHORTEST_MIN`); None when it asks neither."""
    longer, shorter = _LONGER.search(text), _SHORTER.search(text)
    if not (longer or shorter) or (stop := _mentions_stop(text, it, kb)) is None:
        return None
    item = next(i for d in it.days for i in d.items if i.poi_id == stop and is_stop(i))
    now = (item.end.hour * 60 + item.end.minute) - (item.start.hour * 60 + item.start.minute)
    if longer:
        return min(720, now + LONGER_MIN)
    return max(SHORTEST_MIN, now * 2 // 3) if now > SHORTEST_MIN else None


def _mentions_stop(text: str, it: Itinerary, kb: KnowledgeBase) -> str | None:
    """A stop of the plan the text names anywhere in it (the longest name said wins)."""
    query = text.lower()
    best: tuple[int, str] | None = None
    for item in (i for d in it.days for i in d.items if is_stop(i) and i.poi_id):
        score = name_score(query, _stop_names(item, kb))
        if score >= SAID and (best is None or score > best[0]):
            best = (score, item.poi_id or "")
    return best[1] if best else None


def says_new_trip(text: str) -> bool:
    """Whether a follow-up asks for another trip in so many words ("新行程", "a new trip")."""
    return bool(
        re.search(
            r"新(?:的)?(?:行程|旅行|计划)|另(?:一个|外一个)(?:行程|旅行)|重新规划一个|换个地方玩|"
            r"\b(?:new|another|different|separate) (?:trip|plan|itinerary)\b|\bstart over\b",
            text,
            re.I,
        )
    )


__all__ = [
    "clock",
    "day_number",
    "meal_places",
    "meal_without_day",
    "meals_serving",
    "parse_edits",
    "says_new_trip",
]
