"""The traveller's own hours: when they arrive on day 1 (「早上6点到」, "I land at 22:00"), when
the way home leaves on the last day (「晚上8点的航班回」, "my 20:00 flight home"), the days or
parts of days they are busy (「第二天白天开会」, "meetings all day on day 2", 「第一天下午有事」,
"only day 3 is free") and a night train asked for (卧铺, 夜车, "overnight train", "sleeper").

Wish values (`Found.value`): ``arrival`` and ``departure`` ``"HH:MM"``; ``busy``
``"<day>:<part>"`` with the 1-based day (``L`` for the last) and a part of `PARTS` or an hour
range ``"HH:MM-HH:MM"``; ``overnight`` ``"out"`` or ``"home"``. `finalize` turns them into the
typed fields (`request_fields`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.domain.busy_hours import PARTS, busy_times, clock_minutes
from engine.domain.request import BusyTime, Wish
from engine.understanding.found import Found
from engine.understanding.numbers import parse_int
from engine.understanding.text import clause_end, clause_start

#: An arrival said by a part of the day only (「晚上到」, "arrive late"): the hour planned for.
_PART_ARRIVAL = {"上午": 10 * 60, "中午": 12 * 60, "下午": 15 * 60, "傍晚": 18 * 60,
                 "晚上": 20 * 60, "夜里": 22 * 60, "深夜": 23 * 60, "半夜": 23 * 60,
                 "morning": 10 * 60, "afternoon": 15 * 60, "evening": 20 * 60,
                 "night": 22 * 60, "late": 21 * 60}  # fmt: skip

_PM = ("下午", "傍晚", "晚上", "夜里", "夜间", "深夜")
_HOUR_NUM = r"\d{1,2}|[一二两三四五六七八九十]{1,3}"
_PERIOD = r"凌晨|早上|早晨|清晨|一早|上午|中午|下午|傍晚|晚上|夜里|夜间|深夜|半夜"
_TIME_ZH = (
    rf"(?P<p>{_PERIOD})?\s*(?P<h>{_HOUR_NUM})\s*(?:点|时|:|：)"
    r"(?:(?P<m>\d{2})分?|(?P<half>半)|(?P<q>一刻))?"
)
_TIME_EN = (
    r"(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<ap>[ap]\.?m\.?)?"
    r"(?:\s*(?P<part>in the (?:morning|afternoon|evening)|at night|tonight|o'?clock))?"
)
_ARRIVE_ZH = re.compile(
    _TIME_ZH
    + r"(?:左右|多)?\s*(?:才|就|能|会)?(?:(?:到达|抵达|落地|降落|下飞机)|到(?=[，。,.;；!！\s]|$|了|站|机场))"
)
#: Arrival words that say the traveller flies in (「落地」, "I land").
AIR_ARRIVAL = re.compile(r"落地|降落|下飞机|\bland(?:s|ing)?\b|\btouch(?:es)? down\b", re.I)
_ARRIVE_PART_ZH = re.compile(
    r"(?P<p>上午|中午|下午|傍晚|晚上|夜里|深夜|半夜)(?:才|就|能|会)?(?:到达|抵达|落地|到(?=[，。,.;；!！\s]|$|了))"
    r"|(?P<late>很晚|比较晚|挺晚)(?:才)?(?:到|抵达|落地)"
)
_ARRIVE_EN = re.compile(
    r"\b(?:land(?:s|ing)?|arriv(?:e|es|ing)|get(?:ting)? in|touch(?:es)? down)\b[^.,;!?]{0,40}?"
    r"\b(?:at|around|about|by)\s+" + _TIME_EN,
    re.I,
)
_ARRIVE_LATE_EN = re.compile(
    r"\b(?:arriv(?:e|es|ing)|land(?:s|ing)?|get(?:ting)? in)\s+(?:\w+\s+){0,2}?"
    r"(?P<part>late|in the (?:morning|afternoon|evening)|at night)\b|\blate arrival\b",
    re.I,
)
_LEAVE_ZH = re.compile(
    r"(?:最后一天|回程|返程|回去)?[^，。,.;；]{0,6}?" + _TIME_ZH
    + r"(?:左右)?\s*(?:的)?(?:飞机|航班|班机|高铁|动车|火车|车)?\s*(?:回(?!酒店|住处|宾馆|民宿|旅馆|房间)|返回|返程|离开|走(?![路走])|起飞)"
    r"|(?:回程|返程|回去)的?(?:飞机|航班|高铁|动车|火车|车)?(?:是|在)?" + _TIME_ZH.replace("?P<", "?P<x")
)  # fmt: skip
_LEAVE_EN = re.compile(
    r"(?:\b(?:my|our|the|a|an)\s+)?" + _TIME_EN + r"\s+(?:flight|train|plane)\s+(?:home|back)\b"
    r"|\b(?:flight|train|plane|fly(?:ing)?|head(?:ing)?|leav(?:e|ing)|go(?:ing)?|return(?:ing)?)"
    r"\s+(?:home|back)\b[^.,;!?]{0,25}?\b(?:at|around|about)\s+" + _TIME_EN.replace("?P<", "?P<x")
    + r"|\breturn (?:flight|train)\b[^.,;!?]{0,20}?\b(?:at|around)\s+" + _TIME_EN.replace("?P<", "?P<y"),
    re.I,
)  # fmt: skip
_BUSY_ZH = re.compile(
    r"开会|有会|有事|办事|上班|要工作|工作日|出差|公务|培训|见客户|谈事|谈生意|面试|考试"
)
_BUSY_EN = re.compile(
    r"\b(?:meetings?|work(?:ing)?(?! out)|work ?day|busy|conference|appointments?|seminar|training"
    r"|interviews?|clients?|in the office)\b",
    re.I,
)
_DAY_ZH = re.compile(
    r"第(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3})天|(?P<last>最后一天)|(?P<first>头一天|到的那天|当天到)"
)
_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "tenth": 10}  # fmt: skip
_DAY_EN = re.compile(
    r"\bday\s+(?P<n>\d{1,2})\b|\b(?:the\s+)?(?P<o>"
    + "|".join(_ORD)
    + r")\s+day\b|\b(?:the\s+)?(?P<last>last)\s+day\b",
    re.I,
)
_PART_ZH = (("all", r"全天|一整天|整天|一天都|整日"), ("day", r"白天"), ("morning", r"上午|早上"),
            ("noon", r"中午"), ("afternoon", r"下午"), ("evening", r"晚上|傍晚"))  # fmt: skip
_PART_EN = (("all", r"all day|the whole day|whole day|full day|entire day|all-day"),
            ("day", r"during the day|daytime"), ("morning", r"morning"), ("noon", r"lunch ?time|midday"),
            ("afternoon", r"afternoon"), ("evening", r"evening|night"))  # fmt: skip
_RANGE_ZH = re.compile(_TIME_ZH + r"\s*(?:到|至|-|~|—)\s*" + _TIME_ZH.replace("?P<", "?P<e"))
_RANGE_EN = re.compile(
    r"\b(?:from\s+)?" + _TIME_EN + r"\s*(?:to|till|until|-|–)\s*" + _TIME_EN.replace("?P<", "?P<e"),
    re.I,
)
_UNTIL_EN = re.compile(r"\b(?:until|till)\s+" + _TIME_EN, re.I)
_ONLY_FREE = re.compile(
    r"only\s+(?:on\s+)?(?:day\s+(?P<n>\d{1,2})|the\s+(?P<o>" + "|".join(_ORD) + r"|last)\s+day)\s+"
    r"(?:is|are|will be)\s+(?:free|open)"
    r"|只有第(?P<zn>\d{1,2}|[一二两三四五六七八九十]{1,3})天(?:有空|有时间|能玩|可以玩|空闲|是空的)",
    re.I,
)
_NIGHT_TRAIN = re.compile(
    r"卧铺|夜车|夜里的?(?:卧铺)?(?:火车|列车|车)|晚上的?(?:卧铺)?(?:火车|列车)|夜间(?:火车|列车)|动卧"
    r"|\b(?:overnight|night|sleeper) (?:train|sleeper)s?\b|\bsleeper(?: car| berth| cabin)?s?\b",
    re.I,
)
_HOME_WORDS = re.compile(r"回程|返程|回来|回去|回家|\bhome\b|\bback\b|\breturn", re.I)
_BOTH_WORDS = re.compile(r"往返|来回|都坐|both ways|each way|there and back|round[- ]trip", re.I)


def find_trip_hours(text: str) -> list[Found]:
    """The arrival, the departure home, busy days and night trains said in `text` (see the
    module docstring), in the order found."""
    found: list[Found] = []
    leave = _departure(text)
    if leave is not None:
        found.append(leave)
    arrive = _arrival(text, [f.span for f in found])
    if arrive is not None:
        found.append(arrive)
    found += _busy(text)
    found += _night_trains(text)
    return found


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def zh_minutes(m: re.Match[str], prefix: str = "") -> int | None:
    """Minutes after midnight of a Chinese time matched by `_TIME_ZH` (group names with
    `prefix`): 「晚上10点」 → 1320, 「22:00」 → 1320, 「早上6点半」 → 390."""
    hour = parse_int(m.group(prefix + "h") or "")
    if hour is None or not 0 <= hour <= 24:
        return None
    period = m.group(prefix + "p") or ""
    if period in _PM and hour < 12:
        hour += 12
    elif period == "中午" and hour <= 3:
        hour += 12
    elif period in ("半夜", "深夜") and hour == 12:
        hour = 0
    minute = int(m.group(prefix + "m") or 0) if (m.group(prefix + "m") or "").isdigit() else 0
    minute = 30 if m.group(prefix + "half") else 15 if m.group(prefix + "q") else minute
    return min(hour * 60 + minute, 23 * 60 + 59) if minute < 60 else None


def en_minutes(m: re.Match[str], prefix: str = "", *, bare: bool = True) -> int | None:
    """Minutes after midnight of an English time matched by `_TIME_EN`: "22:00", "10pm",
    "8 in the evening". A bare hour ("at 9") only when `bare`."""
    hour = int(m.group(prefix + "h"))
    minute = int(m.group(prefix + "m") or 0)
    ap = (m.group(prefix + "ap") or "").lower().replace(".", "")
    part = (m.group(prefix + "part") or "").lower()
    if not (ap or part or m.group(prefix + "m") or bare):
        return None
    if (
        ap == "pm" or part in ("in the afternoon", "in the evening", "at night", "tonight")
    ) and hour < 12:
        hour += 12
    elif ap == "am" and hour == 12:
        hour = 0
    if not (0 <= hour <= 23 and 0 <= minute < 60):
        return None
    return hour * 60 + minute


def _arrival(text: str, taken: list[tuple[int, int]]) -> Found | None:
    for m in _ARRIVE_ZH.finditer(text):
        minutes = zh_minutes(m)
        if minutes is not None and not _busy_clause(text, m.start()):
            return Found("arrival", _clock(minutes), m.group(0).strip(), m.span())
    for m in _ARRIVE_EN.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        minutes = en_minutes(m)
        if minutes is not None:
            return Found("arrival", _clock(minutes), m.group(0).strip(), m.span())
    part = _ARRIVE_PART_ZH.search(text) or _ARRIVE_LATE_EN.search(text)
    if part is None:
        return None
    said = part.groupdict()
    key = (said.get("p") or ("late" if said.get("late") else "")
           or (said.get("part") or "late").lower().split()[-1])  # fmt: skip
    at = _PART_ARRIVAL.get(key, 21 * 60)
    return Found("arrival", _clock(at), part.group(0).strip(), part.span())


def _departure(text: str) -> Found | None:
    for m in _LEAVE_ZH.finditer(text):
        minutes = zh_minutes(m) if m.group("h") else zh_minutes(m, "x")
        if minutes is not None and minutes >= 6 * 60:
            return Found("departure", _clock(minutes), m.group(0).strip(), m.span())
    for m in _LEAVE_EN.finditer(text):
        prefix = "" if m.group("h") else "x" if m.group("xh") else "y"
        minutes = en_minutes(m, prefix)
        if minutes is not None:
            return Found("departure", _clock(minutes), m.group(0).strip(), m.span())
    return None


def _busy_clause(text: str, pos: int) -> bool:
    clause = text[clause_start(text, pos) : clause_end(text, pos)]
    return bool(_BUSY_ZH.search(clause) or _BUSY_EN.search(clause))


def _day_of(clause: str) -> str | None:
    m = _DAY_ZH.search(clause)
    if m is not None:
        if m.group("last"):
            return "L"
        if m.group("first"):
            return "1"
        n = parse_int(m.group("n"))
        return str(n) if n else None
    m = _DAY_EN.search(clause)
    if m is None:
        return None
    if m.group("last"):
        return "L"
    return m.group("n") or str(_ORD[m.group("o").lower()])


def _part_of(clause: str) -> str:
    m = _RANGE_ZH.search(clause)
    if m is not None:
        a, b = zh_minutes(m), zh_minutes(m, "e")
        if a is not None and b is not None and a < b:
            return f"{_clock(a)}-{_clock(b)}"
    m = _RANGE_EN.search(clause)
    if m is not None:
        a, b = en_minutes(m), en_minutes(m, "e")
        if a is not None and b is not None and b < a and b < 12 * 60:
            b += 12 * 60  # "9 to 5"
        if a is not None and b is not None and a < b:
            return f"{_clock(a)}-{_clock(b)}"
    m = _UNTIL_EN.search(clause)
    if m is not None and (b := en_minutes(m)) is not None:
        b += 12 * 60 if b < 8 * 60 else 0  # "until 4" is the afternoon
        return f"{_clock(PARTS['morning'][0])}-{_clock(b)}"
    lowered = clause.lower()
    for part, words in (*_PART_ZH, *_PART_EN):
        if re.search(words, lowered):
            return part
    return "all"


def _busy(text: str) -> list[Found]:
    """One ``busy`` wish per clause that names a day and something that keeps the person busy
    (「第二天白天开会」, "meetings all day on day 2"), and for "only day 3 is free" each other
    day (value ``free:<day>``)."""
    out: list[Found] = []
    pos = 0
    while pos < len(text):
        end = clause_end(text, pos)
        clause = text[pos:end]
        free = _ONLY_FREE.search(clause)
        if free is not None:
            day = free.group("n") or free.group("zn") or free.group("o") or ""
            n = parse_int(day) if day.isdigit() or not day.isascii() else _ORD.get(day.lower())
            value = "free:L" if day.lower() == "last" else f"free:{n}" if n else ""
            if value:
                out.append(
                    Found(
                        "busy", value, free.group(0).strip(), (pos + free.start(), pos + free.end())
                    )
                )
        elif (_BUSY_ZH.search(clause) or _BUSY_EN.search(clause)) and not re.search(
            r"business trip|出差去|去[\u4e00-\u9fff]{1,6}出差", clause, re.I
        ):
            day = _day_of(clause)
            if day is not None:
                part = _part_of(clause)
                after = _EVENING_LEFT.match(text, end + 1) if end < len(text) else None
                if after is not None:  # "…, only plan dinner and the evening that day"
                    left = text[after.start() : clause_end(text, after.end())]
                    evening = re.search(r"evening|晚上", left, re.I)
                    part = "day" if part == "all" and evening else part  # dinner only: all day
                    end = clause_end(text, after.end())
                out.append(Found("busy", f"{day}:{part}", text[pos:end].strip(), (pos, end)))
        pos = end + 1
    return out


#: A clause after a busy one that leaves the evening to plan (「只安排晚饭」, "only plan dinner
#: and the evening that day"): the busy hours are the working day, not all of it.
_EVENING_LEFT = re.compile(
    r"\s*(?:and\s+)?(?:just|only)\s+(?:plan\s+|want\s+)?(?:dinner|the evening|evenings?)"
    r"|\s*(?:只|就)(?:安排|排|留)?(?:晚饭|晚餐|晚上)",
    re.I,
)


def _night_trains(text: str) -> list[Found]:
    """``overnight`` wishes: the leg out, unless the clause says the way home (回程, "back"),
    or both (往返, "both ways")."""
    for m in _NIGHT_TRAIN.finditer(text):
        if re.search(
            r"不(?:要|想|坐)?$|别坐?$|\bno\s*$|\bnot\s+(?:an?\s+)?$",
            text[max(0, m.start() - 5) : m.start()],
        ):
            continue  # 不坐卧铺, "no sleeper": a refusal, not a wish
        clause = text[clause_start(text, m.start()) : clause_end(text, m.end())]
        legs = ("out", "home") if _BOTH_WORDS.search(clause) else (
            ("home",) if _HOME_WORDS.search(clause) else ("out",))  # fmt: skip
        return [Found("overnight", leg, m.group(0), m.span()) for leg in legs]
    return []


def request_fields(wishes: Iterable[Wish], days: int) -> dict[str, object]:
    """The `TripRequest` fields of the traveller's hours said in `wishes` (a trip of `days`
    days): ``arrival_time``, ``home_departure_time`` (minutes), ``busy`` (`BusyTime`s) and
    ``overnight_legs``."""
    fields: dict[str, object] = {}
    busy: list[BusyTime] = []
    legs: list[str] = []
    for w in wishes:
        if w.kind == "arrival":
            fields["arrival_time"] = clock_minutes(w.value)
        elif w.kind == "departure":
            fields["home_departure_time"] = clock_minutes(w.value)
        elif w.kind == "overnight" and w.value not in legs:
            legs.append(w.value)
        elif w.kind == "busy":
            busy += busy_times(w.value, days)
    whole = {b.day for b in busy if b.all_day}
    busy = [b for b in busy if b.all_day or b.day not in whole]  # a day said all-day is all-day
    if busy:
        fields["busy"] = tuple(dict.fromkeys(busy))
    if legs:
        fields["overnight_legs"] = tuple(legs)
    return fields


def own_hours(text: str, found: list[Found]) -> list[Found]:
    """`find_trip_hours` of `text`; a night train said (「坐卧铺去」) is answered by its
    ``overnight`` row, so the ``transport`` wish read from the same words (卧铺 → train) is
    taken out of `found` — a day's high-speed train is no answer to 卧铺."""
    hours = find_trip_hours(text)
    for night in (h for h in hours if h.kind == "overnight"):
        for f in [f for f in found if f.kind == "transport" and f.span[0] < night.span[1]
                  and night.span[0] < f.span[1]]:  # fmt: skip
            found.remove(f)
    return hours
