"""Dates in requests: 2024-11-15, 11月15日, 12月5号, 下个月20号, 20号, 下周六, 明天, 国庆, 三月底,
下个周末, 3天后, 五月, 五月第二周, 暑假, 冬天, "on Dec 5", "mid-November", "the first week of May",
"over Christmas", "this winter", ranges."""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from dataclasses import dataclass, field

from engine.knowledge.festivals import WORDS as FESTIVAL_WORDS
from engine.knowledge.festivals import festival_end, festival_start
from engine.understanding.numbers import parse_int
from engine.understanding.periods import PARTS, period_start, season_start

#: A street, square or area after a holiday word names a place (五一广场, 国庆路), not a date.
_STREET = r"(?:东|西|南|北|中)?(?:广场|大道|路|街|巷|桥|村|公园|商圈|站|小区|新村|大厦|商场)"
_MONTHS_EN = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MON = r"(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_WEEKDAY_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}
_WEEKDAY_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

#: 「3天后出发」: a count of days opening its clause (or after 我们, 就 …) and a setting-out verb
#: after it; a count after 玩/待/住 is how long a stay lasts (杭州玩三天后去苏州).
_DAYS_AFTER_ZH = (
    r"(?:^|(?<=[\s,，。;；!！、:：])|(?<=我们)|(?<=咱们)|(?<=我)|(?<=就)|(?<=大概)|(?<=大约)|(?<=约))"
    r"(?P<dn>\d{1,2}|[一二两三四五六七八九十]{1,3})\s*天\s*(?:以后|之后|后)"
    r"(?=\s*(?:就|再)?\s*(?:出发|走|动身|启程|出门|去|飞|到|坐|开车|自驾))"
)
#: "leaving in 3 days", "in 3 days' time we go", "5 days from now": "Hangzhou in 3 days" alone
#: is a trip's length, so a setting-out verb or "from now" is needed.
_DAYS_AFTER_EN = (
    r"\b(?:(?:leav(?:e|ing)|depart(?:ing)?|set(?:ting)? (?:off|out)|go(?:ing)?|head(?:ing)? (?:off|out)"
    r"|fly(?:ing)?(?: out)?|start(?:ing)?|travel(?:l?ing)?)\s+in\s+(?P<dn2>\d{1,2}|two|three|four|five|six"
    r"|seven|eight|nine|ten|a couple of)\s+days(?:'?\s*time)?"
    r"|(?P<dn3>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+days\s+from\s+(?:now|today))\b"
)

_RELATIVE = {"大后天": 3, "后天": 2, "明天": 1, "明日": 1, "今天": 0, "今日": 0,
             "day after tomorrow": 2, "tomorrow": 1, "today": 0}  # fmt: skip

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(rx, re.I))
    for kind, rx in (
        ("ymd", r"(?<!\d)(?P<y>[12]\d{3})\s*[-/.年]\s*(?P<m>\d{1,2})\s*[-/.月]\s*(?P<d>\d{1,2})\s*[日号]?"),
        ("md_zh", r"(?<![\d.])(?P<m>\d{1,2}|[一二三四五六七八九十]{1,3})\s*月\s*(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:[日号](?:\s*[-~到至—]\s*(?P<d2>\d{1,2})\s*[日号])?|(?=\s*[-~到至—]\s*\d{1,2}\s*[日号])|(?![\d天]))"),
        ("md_en", rf"\b{_MON}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:\s*[-–]\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?(?:,?\s*(?P<y>20\d\d))?\b"),
        ("dm_en", rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}(?:,?\s*(?P<y>20\d\d))?\b"),
        # "the first week of May", "the last weekend in June", 五月第二周, 5月的第一个周末
        ("week_of_en", rf"\b(?:the\s+)?(?P<nth>first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+(?P<unit>week(?:end)?)\s+(?:of|in)\s+{_MON}(?![a-z])"),
        ("week_of_zh", r"(?<![\d.])(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月份?\s*的?\s*(?:第\s*(?P<nth>[一二三四1-4])\s*个?|(?P<last>最后\s*一?\s*个?))\s*(?P<unit>周末|周|星期|礼拜)(?![一二三四五六日天])"),
        ("period_zh", r"(?<![\d.])(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月\s*(?:份)?\s*(?P<part>初|上旬|中旬|下旬|底|末|中(?!国|秋)|份)"),
        ("period_this", r"(?P<which>下个?|这个?|本)?(?:月(?P<part>初|上旬|中旬|下旬|底|末)|(?<![月\d])(?P<xun>上旬|中旬|下旬))"),
        ("period_en", rf"\b(?P<part>early|mid|late|(?:the )?(?:end|beginning|start|middle) of)[\s-]*{_MON}(?![a-z])"),
        ("month_zh", r"(?<![\d.个第])(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月份?(?=\s*(?:去|出发|玩|旅游|的时候|左右|假期|过去|$|[,，。!！?？;；]))"),
        ("month_en", rf"\b(?:(?P<part>in)|this|next|coming) {_MON}(?![a-z])(?!\s*\d)(?!\s+(?:be|not|have|i|we|you|it|also|well|need)\b)"),
        ("month_trip", rf"\ban? {_MON}(?= (?:trip|holiday|vacation|break|getaway)\b)"),
        # 五月秦皇岛2天: a month alone that opens a clause, not a count (三个月, 5月3天, 五月初)
        ("month_lead", r"(?:^|(?<=[\s,，。;；!！、:：年们]))(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月份?(?!\s*[\d一二三四五六七八九十天日号个底初中末上下旬])"),
        ("season_zh", r"(?P<season>夏天|夏季|冬天|冬季|春天|春季|秋天|秋季)"),
        # "in the summer holidays" is the school holidays (`school`); the Summer Palace and "over
        # the Spring Festival" (a holiday) no season
        ("season_en", r"\b(?:in|this|next|coming|during|over)\s+(?:the\s+)?(?P<season>summer|winter|spring|autumn|fall)\b(?!\s+(?:palace|festival|(?:school )?(?:holidays?|vacation|break)))"),
        ("rel", r"大后天|(?<!然)后天|明天|明日|今天|今日|day after tomorrow|tomorrow|today"),
        ("week_zh", r"(?P<which>下下|下个?|这个?|本|上)?\s*(?:周|星期|礼拜)(?P<wd>[一二三四五六日天末])"),
        ("week_en", r"\b(?P<which>this|next|coming)?\s*(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)\b"),
        ("week_only", r"(?P<which>下下|下个?)\s*(?:周|星期|礼拜)(?![一二三四五六日天末])|\bnext week\b"),
        # 下个月20号, 这个月25日, "the 20th of next month": a day of a month said by where it is
        ("md_rel", r"(?P<which>下下个?|下个?|这个?|本)\s*月\s*(?P<d>\d{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号]"),
        ("md_rel_en", r"\b(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)\s+(?:of\s+)?(?P<which>next|this)\s+month\b"),
        ("day_en", r"\b(?:on\s+)?the\s+(?P<d>[12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:of|century|floor|day|time|anniversary|birthday))"),
        # 20号出发: the next such day of a month (not 3号线, 2号楼, 5号门)
        ("day_zh", r"(?<![\d月个第一二三四五六七八九十])(?P<d>[12]?\d|3[01]|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*号(?!\s*(?:线|楼|门|院|馆|桥|口|店|位|房|车|厅|码头|航站楼|站台|人|床|球))"),
        ("month_only", r"下个?月(?!\s*\d+\s*[日号])|\bnext month\b"),
        # 三个月后, 两周后, 半年后, "in 3 months", "two weeks from now": that long from today
        ("after_zh", r"(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3}|半)\s*(?:个)?\s*(?P<unit>月|周|星期|礼拜|年)\s*(?:以后|之后|后)"),
        ("after_en", r"\b(?:in\s+(?P<n>\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of)\s+(?P<unit>weeks?|months?)(?:'?\s*time)?"
                     r"|(?P<n2>\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of)\s+(?P<unit2>weeks?|months?)\s+from\s+(?:now|today))\b"),
        # 3天后出发, 三天之后去, "leaving in 3 days", "5 days from now": that day exactly — not
        # a stay's length (杭州玩三天后去苏州: after three days there, `_DAYS_AFTER_ZH`)
        ("after_days", rf"{_DAYS_AFTER_ZH}|{_DAYS_AFTER_EN}"),
        ("school", r"暑假|寒假|\b(?P<season>summer|winter) (?:school )?(?:holidays?|vacation|break)\b"),
        ("holiday", rf"国庆(?!{_STREET})|(?<![\d月])十一(?![\d天日号个月点人位块元]|{_STREET})|元旦|五一(?![\d天日号个月点人位]|{_STREET})|劳动节|清明|圣诞|情人节|春节|春运|过年|端午|中秋"
                    r"|national day|golden week|(?:chinese |lunar )new year|(?<!chinese )(?<!lunar )new year(?:'s day)?|may day|labou?r day|christmas|valentine|qingming|tomb[-\s]sweeping|spring festival|dragon boat|mid[-\s]?autumn"),
    )
)  # fmt: skip
_SPECIFICITY = {"ymd": 0, "md_zh": 0, "md_en": 0, "dm_en": 0, "holiday": 1, "period_zh": 1,
                "period_en": 1, "week_of_en": 1, "week_of_zh": 1, "rel": 2, "period_this": 2,
                "month_zh": 2, "month_en": 2, "month_lead": 2, "month_trip": 2, "season_zh": 3, "season_en": 3,
                "week_zh": 3, "week_en": 3, "week_only": 4, "month_only": 4, "school": 1,
                "after_zh": 3, "after_en": 3, "after_days": 2, "md_rel": 0, "md_rel_en": 0, "day_zh": 0, "day_en": 0}  # fmt: skip
#: Season words → `SEASONS` key.
_SEASON_WORDS = {"夏天": "summer", "夏季": "summer", "冬天": "winter", "冬季": "winter",
                 "春天": "spring", "春季": "spring", "秋天": "autumn", "秋季": "autumn",
                 "summer": "summer", "winter": "winter", "spring": "spring", "autumn": "autumn",
                 "fall": "autumn"}  # fmt: skip
#: Kinds said without a year, and the words that put them in the next year.
_YEARLESS = frozenset({"md_zh", "period_zh", "month_zh", "month_lead", "season_zh", "md_en",
                       "dm_en", "period_en", "month_en", "month_trip", "season_en", "school",
                       "week_of_en", "week_of_zh"})  # fmt: skip
_NEXT_YEAR_BEFORE = re.compile(r"明年\s*(?:的)?\s*$")
_NEXT_YEAR_AFTER = re.compile(r",?\s*next year\b", re.I)
#: A year said with such a date: 2027年4月中旬, "mid-April 2027", "May, 2027".
_YEAR_BEFORE = re.compile(r"(?<!\d)(?P<y>20[2-4]\d)\s*年\s*(?:的)?\s*$")
_YEAR_AFTER = re.compile(
    r",?\s*(?P<y>20[2-4]\d)(?![\d年./-]|\s*(?:元|块|人民币|rmb|cny|yuan|¥|dollars?))", re.I
)
#: School holidays (暑假, 寒假) start on dates each province sets — most break for summer in early
#: to mid July and for winter in mid to late January: a trip "in the holidays" is planned from
#: the middle of July, or the last third of January (a Saturday there, `period_start`).
_SCHOOL = {"summer": (7, "mid"), "winter": (1, "late")}
_RETURN = re.compile(
    r"^\s*(?:晚上|早上|下午|上午)?\s*(?:回来|回家|返回|返程|回程|回|return|back|come back|fly back)",
    re.I,
)
#: A holiday said as what the trip comes after: "after the Golden Week", 国庆后, 春节过后.
_AFTER_BEFORE = re.compile(r"\bafter\s+(?:the\s+)?$", re.I)
_AFTER_AFTER = re.compile(
    r"\s*(?:节)?(?:假期|长假)?\s*(?:之后|以后|过后|后)(?!天)|(?:\s+holidays?)?\s+is\s+over", re.I
)
#: Kinds that name a whole month (in October, 十月份).
_MONTHS = frozenset({"month_zh", "month_en", "month_lead", "month_trip"})
_RANGE_JOIN = re.compile(r"^\s*(?:[-~–—到至]|to|until|till|through|thru|and|-)\s*$", re.I)


@dataclass
class DateFind:
    """What the date extractor found.

    Attributes:
        start: first day; end: last day of an explicit range (or None).
        days_hint: trip length implied by the words (周末 → 2), or None.
        invalid: the text of a date that does not exist (2月30日), or None.
        said: the words of the date chosen (「三月底」, "mid-November"), or "".
        spans: (start, end) of the consumed text.
        unused: other dates said that neither start nor end the trip (「五月或者六月」 → 六月),
            as (words, date, span), so they can be answered rather than dropped.
    """

    start: dt.date | None = None
    end: dt.date | None = None
    days_hint: int | None = None
    invalid: str | None = None
    said: str = ""
    spans: list[tuple[int, int]] = field(default_factory=list)
    unused: list[tuple[str, dt.date, tuple[int, int]]] = field(default_factory=list)


def find_dates(text: str, today: dt.date) -> DateFind:
    """Dates in `text`, resolved relative to `today` (a date without a year is the next such
    day on or after `today`; 周六 is this week's Saturday if still ahead, 下周六 next week's)."""
    found: list[tuple[int, int, dt.date, dt.date | None, int | None, str]] = []
    out = DateFind()
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            ref, lo, hi = today, m.start(), m.end()
            if kind in _YEARLESS:  # 明年五月, "in May next year": the next year's, not this one's
                before = _NEXT_YEAR_BEFORE.search(text, 0, lo)
                after = _NEXT_YEAR_AFTER.match(text, hi)
                if before or after:
                    ref = dt.date(today.year, 12, 31)
                    lo, hi = before.start() if before else lo, after.end() if after else hi
                elif said := _YEAR_BEFORE.search(text, 0, lo) or _YEAR_AFTER.match(text, hi):
                    year = int(said.group("y"))  # the said year's, from its first day
                    ref = today if year <= today.year else dt.date(year, 1, 1)
                    lo, hi = min(lo, said.start()), max(hi, said.end())
            try:
                day, end, hint = _resolve(kind, m, ref)
                if kind == "holiday" and day is not None:
                    before = _AFTER_BEFORE.search(text, 0, lo)
                    after = _AFTER_AFTER.match(text, hi)
                    if before or after:  # "after the Golden Week": the day after its days off
                        day = _after_holiday(m.group(0), ref) or day
                        lo, hi = before.start() if before else lo, after.end() if after else hi
            except ValueError:
                out.invalid = out.invalid or m.group(0)
                taken.append(m.span())
                continue
            if day is None:
                continue
            taken.append((lo, hi))
            found.append((lo, hi, day, end, hint, kind))
    out.spans = taken
    if not found:
        return out
    # The most specific mention wins (11月16日 over 周末), then the first one.
    found.sort(key=lambda f: f[0])
    first = min(found, key=lambda f: (_SPECIFICITY[f[5]], f[0]))
    out.start, out.end = first[2], first[3]
    out.said = text[first[0] : first[1]].strip()
    out.days_hint = next((f[4] for f in found if f[4] is not None), None)
    later = [f for f in found if f[0] >= first[1]]
    if later and _RANGE_JOIN.match(text[first[1] : later[0][0]]) and later[0][2] >= first[2]:
        out.end = later[0][3] or later[0][2]
        out.spans.append((first[1], later[0][0]))
        out.said = text[first[0] : later[0][1]].strip()
    elif out.end is None:  # 周五出发…周日回来: the return day ends the trip
        back = [f for f in later if _RETURN.match(text[f[1] : f[1] + 8]) and f[2] >= first[2]]
        if back:
            out.end = back[0][2]
    last = out.end or out.start + dt.timedelta(days=max(1, out.days_hint or 1) - 1)
    for f in found:  # a date inside the trip (11月16日这个周末) is the same trip, not another
        if (
            f is not first
            and not out.start <= f[2] <= last
            and f[2] != out.end
            and _SPECIFICITY[f[5]] <= 2  # a weekday or week said with a date names that week
            and not (
                f[5] in _MONTHS and (f[2].year, f[2].month) == (out.start.year, out.start.month)
            )
        ):  # "in October (after the Golden Week)": the month holds the start, one trip
            out.unused.append((text[f[0] : f[1]].strip(), f[2], (f[0], f[1])))
    return out


def _resolve(
    kind: str, m: re.Match[str], today: dt.date
) -> tuple[dt.date | None, dt.date | None, int | None]:
    g = m.groupdict()
    if kind == "ymd":
        return dt.date(int(g["y"]), int(g["m"]), int(g["d"])), None, None
    if kind in ("md_zh", "md_en", "dm_en"):
        month = (
            _MONTHS_EN.index(g["mon"].lower()[:3]) + 1 if g.get("mon") else parse_int(g["m"]) or 0
        )
        day_n = parse_int(g["d"]) or 0
        year = int(g["y"]) if g.get("y") else None
        start = _next(month, day_n, today, year)
        end = dt.date(start.year, month, int(g["d2"])) if g.get("d2") else None
        return start, end, None
    word = m.group(0).lower()
    if kind == "rel":
        return today + dt.timedelta(days=_RELATIVE[word]), None, None
    if kind in ("week_zh", "week_en"):
        return _weekday((g.get("which") or "").lower(), g["wd"].lower(), today)
    if kind == "week_only":  # 下周, "next week": its Monday
        weeks = 2 if word.startswith("下下") else 1
        return today - dt.timedelta(days=today.weekday()) + dt.timedelta(weeks=weeks), None, None
    if kind in ("md_rel", "md_rel_en"):  # 下个月20号: that day of the month said
        which = g["which"].lower()
        ahead = 2 if which.startswith("下下") else 1 if which[0] in "下n" else 0
        first = today.replace(day=1)
        for _ in range(ahead):
            first = (first + dt.timedelta(days=32)).replace(day=1)
        return first.replace(day=parse_int(g["d"]) or 0), None, None
    if kind in ("day_zh", "day_en"):  # 20号, "the 20th": this month's if ahead, else the next
        day_n, first = parse_int(g["d"]) or 0, today.replace(day=1)
        if not 1 <= day_n <= 31:
            raise ValueError(word)
        for _ in range(3):
            with contextlib.suppress(ValueError):
                if (found := first.replace(day=day_n)) >= today:
                    return found, None, None
            first = (first + dt.timedelta(days=32)).replace(day=1)
        raise ValueError(word)
    if kind in ("week_of_en", "week_of_zh"):  # the week's window; a weekend its Saturday
        mon = _MONTHS_EN.index(g["mon"].lower()[:3]) + 1 if g.get("mon") else parse_int(g["m"])
        nth = (g.get("nth") or "last").lower()
        part = "end" if nth in ("last", "final") else f"week{_NTH[nth]}"
        weekend = g["unit"].lower().endswith(("end", "末"))
        return period_start(mon or 0, part, today), None, 2 if weekend else None
    if kind == "month_only":  # 下个月, "next month": its first day
        first = (today.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
        return first, None, None
    if kind == "after_days":  # 3天后出发: that day, said to the day (no rounding to a Saturday)
        said = (g.get("dn") or g.get("dn2") or g.get("dn3") or "").lower()
        count = _EN_COUNTS.get(said) or parse_int(said)
        return (today + dt.timedelta(days=count), None, None) if count else (None, None, None)
    if kind in ("after_zh", "after_en"):
        return _after(g.get("n") or g.get("n2") or "", g.get("unit") or g.get("unit2") or "", today)
    if kind in ("season_zh", "season_en"):
        return season_start(_SEASON_WORDS[g["season"].lower()], today), None, None
    if kind == "school":
        season = "summer" if word.startswith(("暑", "summer")) else "winter"
        month, part = _SCHOOL[season]
        return period_start(month, part, today), None, None
    if kind in (
        "period_zh",
        "period_en",
        "month_zh",
        "month_en",
        "month_lead",
        "month_trip",
        "period_this",
    ):
        part = PARTS[(g.get("part") or g.get("xun") or "").lower()]
        if kind == "period_this":
            return (
                period_start(None, part, today, next_month=(g["which"] or "").startswith("下")),
                None,
                None,
            )
        month = (
            _MONTHS_EN.index(g["mon"].lower()[:3]) + 1 if g.get("mon") else parse_int(g["m"]) or 0
        )
        return period_start(month, part, today), None, None
    words = re.sub(r"[\s-]+", " ", word)
    festival = next(v for k, v in FESTIVAL_WORDS.items() if words.startswith(k))
    return festival_start(festival, today), None, None


def _after_holiday(word: str, today: dt.date) -> dt.date | None:
    """The first day after the days off of the holiday named by `word`, or None."""
    words = re.sub(r"[\s-]+", " ", word.lower())
    festival = next(v for k, v in FESTIVAL_WORDS.items() if words.startswith(k))
    end = festival_end(festival, today)
    return end + dt.timedelta(days=1) if end is not None else None


#: An ordinal ("second", "2nd", 第二) → which week of a month.
_NTH = {"first": 1, "1st": 1, "1": 1, "一": 1, "second": 2, "2nd": 2, "2": 2, "二": 2,
        "third": 3, "3rd": 3, "3": 3, "三": 3, "fourth": 4, "4th": 4, "4": 4, "四": 4}  # fmt: skip

_EN_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2}  # fmt: skip


def _after(n: str, unit: str, today: dt.date) -> tuple[dt.date | None, None, None]:
    """「三个月后」, "in two weeks": that long after `today` (a month: the same day of the month,
    or its last day), then the Saturday on or after it — a time said roughly, planned like a
    trip with no date (`TripRequest.resolved_start_date`)."""
    unit = unit.lower()
    count = 0.5 if n == "半" else _EN_COUNTS.get(n.lower()) or parse_int(n)
    if not count:
        return None, None, None
    if unit.startswith(("周", "星期", "礼拜", "week")):
        day = today + dt.timedelta(weeks=count)
    else:
        months = round(count * (12 if unit == "年" else 1))
        year, month = divmod(today.month - 1 + months, 12)
        year += today.year
        month += 1
        last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
        day = dt.date(year, month, min(today.day, last))
    return day + dt.timedelta(days=(5 - day.weekday()) % 7), None, None


def _next(month: int, day: int, today: dt.date, year: int | None) -> dt.date:
    """The date month/day in `year`, or the next one on or after `today` (ValueError if none)."""
    if year is not None:
        return dt.date(year, month, day)
    candidate = dt.date(today.year, month, day) if (month, day) != (2, 29) else None
    if candidate is None or candidate < today:
        for y in range(today.year + (candidate is not None), today.year + 9):
            try:
                return dt.date(y, month, day)
            except ValueError:
                continue
        raise ValueError(f"{month}-{day}")
    return candidate


def _weekday(which: str, wd: str, today: dt.date) -> tuple[dt.date, None, int | None]:
    weekend = wd in ("末", "weekend")
    target = _WEEKDAY_ZH[wd] if wd in _WEEKDAY_ZH else 5 if weekend else _WEEKDAY_EN.index(wd)
    monday = today - dt.timedelta(days=today.weekday())
    if which.startswith("下下"):
        day = monday + dt.timedelta(days=14 + target)
    elif which.startswith("下") or which == "next":
        day = monday + dt.timedelta(days=7 + target)
    else:
        day = monday + dt.timedelta(days=target)
        if day < today:
            day += dt.timedelta(days=7)
    return day, None, 2 if weekend else None
