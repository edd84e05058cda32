"""Follow-ups that move the whole trip or change who travels, read as `ChangeDates` /
`ChangeParty` (zh/en): 「改成3月20日出发」, 「晚一周出发」, 「提前两天走」, "move the trip to next
Friday", "leave a week later"; 「再加两个孩子」, 「我们改成4个人」, 「我爸妈也去」, "my wife is coming
too", "make it 3 adults and 2 kids".

Dates are read by `engine.understanding.dates` against `today` (a date without a year is the
next such day); counts by `engine.understanding.party`. A count said as an addition (再加, 也去,
"too") is added to the plan's party; one said as the new party (改成, 一共, "make it") replaces
it, keeping the children and seniors when only a head count is said (「改成4个人」 with a child:
3 adults and the child).
"""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import Itinerary
from engine.domain.request import Party
from engine.editing.ops import ChangeDates, ChangeParty, Kind
from engine.understanding.dates import find_dates
from engine.understanding.numbers import NUMBER, parse_int
from engine.understanding.party import PartyFind, find_party, resolve_party

N = f"({NUMBER})"
#: Words that make a date the trip's new start.
_DATE_VERB = re.compile(
    r"出发|动身|启程|走|改到|改成|改为|改在|挪到|换到|推迟到|提前到|延后到|\b(?:start|leave|depart|go|"
    r"move|reschedule|postpone|push|shift|change)\b|\binstead\b",
    re.I,
)
#: 晚一周出发, 推迟3天, 提前两天走 (sign, count, unit).
_SHIFT_ZH = re.compile(
    rf"(晚|推迟|延后|延期|往后推|推后|往后挪|早|提前|往前挪|往前推)\s*{N}\s*(?:个)?\s*(天|日|周|星期|礼拜|月)"
)
_SHIFT_EN = re.compile(
    rf"\b(?:(?P<n>{NUMBER}|a)\s+(?P<unit>days?|weeks?)\s+(?P<dir>later|earlier|sooner)"
    rf"|(?:push|move|postpone|delay|shift)\s+(?:it|the trip|everything)?\s*(?P<dir2>back|forward|"
    rf"later|earlier)?\s*(?:by\s+)?(?P<n2>{NUMBER}|a)\s+(?P<unit2>days?|weeks?))\b",
    re.I,
)
_LATER = ("晚", "推迟", "延后", "延期", "往后推", "推后", "往后挪", "later", "back", "")
#: Words that say a count is added to the party.
_MORE = re.compile(
    r"再加|多加|加上|还有|多了|又多|再带|还要带|也带|也去|也来|也要去|也要来|也一起|一起去|一起来|同行|加入|"
    r"带上|带着|^\s*加(?=\s*(?:[一二两三四五六1-6]\s*)?[个位名])|"
    r"\btoo\b|\balso\b|as well|\bjoin(?:s|ing)?\b|coming (?:along|with)|\bis coming\b|\bare coming\b|"
    r"\bplus\b|\badd\b|\bbring(?:ing)?\b",
    re.I,
)
#: Words that say someone no longer comes.
_LESS = re.compile(
    r"不去了|不来了|去不了|来不了|不能去了|不能来了|不跟着?去了|不一起去了|少(?:一|两|二|三|1|2|3)\s*个|"
    r"减(?:一|两|1|2)\s*个|\bcan'?t (?:come|make it|join)\b|\b(?:is|are)(?:n'?t| not) coming\b|"
    r"\bwon'?t (?:come|be coming|join)\b|\bdrop(?:s|ped|ping)? out\b|"
    r"\bone (?:less|fewer) (?:person|people|adult|traveller)\b",
    re.I,
)
#: Words that say a total is the whole party, not more of it (「我们家三口人一起去」).
_WHOLE = re.compile(r"我们|咱们|全家|一家|\bwe\b|\bwe'?re\b|\bus\b|\bin total\b", re.I)
#: Words that say the count is the new party.
_SET = re.compile(
    r"改成|改为|变成|换成|一共|总共|其实是|现在是|\bmake it\b|\bchange (?:it )?to\b|\bnow\b|"
    r"\bthere (?:will be|are)\b|\bwe(?:'re| are)\b|\bfor\b",
    re.I,
)
#: Relatives said bare ("我爸妈也去", "my mom is joining"): (pattern, kind, count).
_RELATIVES: tuple[tuple[str, Kind, int], ...] = (
    # the child's mother or father (「孩子他妈也一起去」): an adult, not another child — first,
    # before 「孩子」 takes the words
    (r"(?:孩子|孩儿|娃|宝宝|小孩)(?:他|她|的)?(?:妈妈?|爸爸?|爹|娘)|"
     r"\b(?:the )?(?:kids?|child|children|baby)(?:'s|s')? (?:mom|mum|mother|dad|father)\b",
     "adults", 1),
    (r"父母|爸妈|爸爸妈妈|爷爷奶奶|外公外婆|姥姥姥爷|公公婆婆|岳父岳母|"
     r"\b(?:parents|grandparents|in-laws|parents-in-law)\b",
     "seniors", 2),
    (r"妈妈|我妈|老妈|母亲|爸爸|我爸|老爸|父亲|奶奶|爷爷|外婆|外公|姥姥|姥爷|婆婆|公公|岳母|岳父|"
     r"\b(?:mom|mum|mother|dad|father|grandma|grandpa|grandmother|grandfather|mother-in-law|"
     r"father-in-law)\b", "seniors", 1),
    (r"孩子们|\b(?:kids|children)\b", "children", 2),
    (r"孩子|儿子|女儿|宝宝|小孩|闺女|\b(?:kid|child|son|daughter|baby|toddler)\b", "children", 1),
    (r"老婆|老公|媳妇|妻子|丈夫|爱人|女朋友|男朋友|未婚[夫妻]|对象|朋友|同事|同学|闺蜜|室友|邻居|"
     r"[表堂]?(?:哥哥|弟弟|姐姐|妹妹)|[表堂](?:哥|弟|姐|妹)|(?<=我)(?:哥|弟|姐|妹)|兄弟|姐妹|嫂子|弟媳|"
     r"姐夫|妹夫|小舅子|小姨子|大伯|叔叔|阿姨|舅舅|舅妈|姑姑|姑父|姨妈|姨父|小姨|婶婶|"
     r"\b(?:wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|friend|colleague|spouse|"
     r"brother|sister|cousin|uncle|aunt|auntie|roommate|flatmate|neighbou?r|"
     r"brother-in-law|sister-in-law)\b", "adults", 1),
)  # fmt: skip


#: Words that say the kind itself, not a relation (how they are counted goes without saying).
_GENERIC = re.compile(r"孩子们?|小孩|儿童|宝宝|(?:kid|child|children|kids|baby|toddler)", re.I)


def trip_change(
    text: str, itinerary: Itinerary, today: dt.date | None = None
) -> ChangeDates | ChangeParty | None:
    """The date or party change one clause asks for, or None."""
    if re.search(r"第\s*\S{1,3}\s*天|\bday\s*\d|\b(?:first|second|third|last) day\b", text, re.I):
        return _party(text, itinerary.request.party)  # 第二天早点出发: that day's times
    return _party(text, itinerary.request.party) or _dates(text, itinerary, today)


def _dates(text: str, itinerary: Itinerary, today: dt.date | None) -> ChangeDates | None:
    if not itinerary.days:
        return None
    first = itinerary.days[0].date
    if m := _SHIFT_ZH.search(text):
        if n := parse_int(m.group(2)):
            return ChangeDates(start=first + _span(m.group(3), n, m.group(1) in _LATER))
    if m := _SHIFT_EN.search(text):
        n = (
            1
            if (m.group("n") or m.group("n2") or "a").lower() == "a"
            else parse_int(m.group("n") or m.group("n2"))
        )
        unit = m.group("unit") or m.group("unit2") or "day"
        later = (m.group("dir") or m.group("dir2") or "").lower() in _LATER
        if n:
            return ChangeDates(start=first + _span(unit, n, later))
    if not _DATE_VERB.search(text):
        return None
    found = find_dates(text, today or dt.date.today())
    if found.start is None:
        return None
    if (said := _MONTH_ONLY.search(text)) and found.start.day == 1:  # 「换到下个月出发」
        month = found.start
        if said.group(0).startswith("下下") and month <= (today or dt.date.today()) + dt.timedelta(
            days=31
        ):
            month = (month + dt.timedelta(days=32)).replace(day=1)  # 「下下个月」: the one after
        last = (month + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
        return ChangeDates(start=month.replace(day=min(first.day, last.day)))
    return ChangeDates(start=found.start)


#: A month said without its day (「下个月」, "next month"): the trip keeps its day of the month
#: (12月10日 → 1月10日; the month's last day when it is shorter), not the 1st.
_MONTH_ONLY = re.compile(
    r"下{1,2}个?月(?!\s*(?:\d+|[一二三四五六七八九十]+)\s*[日号])(?!\s*(?:初|中|底|末|上旬|中旬|下旬))"
    r"|\bnext month\b(?!\s*(?:on )?(?:the )?\d)|\bthe month after\b",
    re.I,
)


def _span(unit: str, n: int, later: bool) -> dt.timedelta:
    days = n * (30 if unit in ("月",) else 7 if unit[0] in "周星礼w" else 1)
    return dt.timedelta(days=days if later else -days)


def _party(text: str, party: Party) -> ChangeParty | None:
    found = find_party(text)
    if _LESS.search(text):
        return _fewer(text, found, party)
    whole = bool(found.total and _WHOLE.search(text))  # 「我们家三口人一起去」: the party
    more = _MORE.search(text) is not None and not whole
    if not more and not whole and not _SET.search(text):
        return None
    adults = (found.adults or 0) + found.extra_adults
    children = max((found.children or 0) + found.extra_children, len(found.child_ages))
    seniors = max((found.seniors or 0) + found.extra_seniors, len(found.senior_ages))
    breakdown = found.adults is not None or found.children is not None or found.seniors is not None
    if more and found.total and _SET.search(text) and (children or seniors) and not adults:
        # 「改成4个人，加两个孩子」: four in all, the two children among them
        kids, old = party.children + children, party.seniors + seniors
        if found.total > kids + old:
            ages = (*party.child_ages[: party.children], *found.child_ages)
            return ChangeParty(adults=found.total - kids - old, children=kids, seniors=old,
                               child_ages=ages if found.child_ages else None)  # fmt: skip
    if more:
        if adults + children + seniors == 0 and found.total:
            adults = found.total  # 再加两个人
        named: tuple[tuple[str, int, Kind], ...] = ()
        if not found.total:  # 我老婆和6岁的儿子: the wife, said bare, beside the counted child
            kin, named = _relatives(text, found.couple)
            if found.senior_ages:  # 「我70岁的妈妈」: the age says how she is counted
                named = tuple(n for n in named if n[2] != "seniors")
            adults, children, seniors = (max(adults, kin[0]), max(children, kin[1]),
                                         max(seniors, kin[2]))  # fmt: skip
        if adults + children + seniors == 0:
            return None
        ages = (*party.child_ages[: party.children], *found.child_ages)
        old_ages = (*party.senior_ages[: party.seniors], *found.senior_ages)
        return ChangeParty(adults=party.adults + adults, children=party.children + children,
                           seniors=party.seniors + seniors,
                           child_ages=ages if found.child_ages else None,
                           senior_ages=old_ages if found.senior_ages else None,
                           counted=named)  # fmt: skip
    if breakdown or found.family:  # 改成3大2小, 一家三口: the whole party (2 adults and a child)
        adults, children, seniors = resolve_party(found)
        return ChangeParty(adults=adults, children=children, seniors=seniors,
                           child_ages=found.child_ages or None)  # fmt: skip
    if found.total and found.total > 0 and not (found.couple and found.total == 1):
        kept = party.children + party.seniors
        if found.total > kept:  # 改成4个人 with a child: 3 adults and the child
            return ChangeParty(adults=found.total - kept)
        return ChangeParty(adults=found.total, children=0, seniors=0)
    return None


def _fewer(text: str, found: PartyFind, party: Party) -> ChangeParty | None:
    """The party less those said not to come (「我老婆不去了」, 「少一个人」, "my mom can't come"):
    each named by relation counted as they were added (a parent a senior when the party has
    one, else an adult besides the speaker), a count said bare an adult; None when nobody is
    named. Someone the party never counted (a child on a trip for adults, a wife on a trip
    alone) leaves it as it is — the edit then says who travels."""
    (adults, children, seniors), _ = _relatives(text, False)
    named = bool(adults or children or seniors)
    if not named and found.total:  # 「少一个人」: an adult besides the speaker, else a senior
        extra = max(0, party.adults - 1)
        adults = min(found.total, extra)
        seniors = min(found.total - adults, party.seniors)
        adults += found.total - adults - seniors
    if not (adults or children or seniors):
        return None
    children = min(children, party.children)
    if seniors > party.seniors:  # 「我妈不去了」 counted as an adult when no senior travels
        adults, seniors = adults + seniors - party.seniors, party.seniors
    if named:  # the speaker stays
        adults = min(adults, max(0, party.adults - 1))
    return ChangeParty(adults=max(0, party.adults - adults), children=party.children - children,
                       seniors=party.seniors - seniors,
                       child_ages=party.child_ages[: party.children - children] if children
                       else None)  # fmt: skip


def _relatives(
    text: str, couple: bool
) -> tuple[tuple[int, int, int], tuple[tuple[str, int, Kind], ...]]:
    """Relatives said bare, as (adults, children, seniors) more ("my wife", 「我爸妈」), and each
    as said with the count and kind it is counted as (「弟弟」: 1 adult)."""
    counts = {"adults": 0, "children": 0, "seniors": 0}
    taken: list[tuple[int, int]] = []
    named: list[tuple[str, int, Kind]] = []
    for pattern, kind, n in _RELATIVES:
        for m in re.finditer(pattern, text, re.I):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append(m.span())
            counts[kind] += n
            if not _GENERIC.fullmatch(m.group(0)):  # 「孩子」 is a child: nothing to say
                named.append((m.group(0), n, kind))
    if couple and not any(counts.values()):
        counts["adults"] = 1
    return (counts["adults"], counts["children"], counts["seniors"]), tuple(named)


__all__ = ["trip_change"]
