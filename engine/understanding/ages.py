"""Ages of travellers: 带3岁宝宝, 3岁和5岁的孩子, 孩子5岁, 70岁的爸妈, "my 3-year-old",
"kids aged 4 and 7", "my 75-year-old mother", "my parents, both 72"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.knowledge.prices import median_height_cm
from engine.understanding.numbers import ZH_NUM, parse_int
from engine.understanding.text import unclaimed

if TYPE_CHECKING:
    from engine.understanding.party import PartyFind

#: Seniors are 60 and over (`Party.seniors`); a "child" said with an age of 18 or more is an adult.
SENIOR_AGE = 60
ADULT_AGE = 18

_KID_ZH = (
    "双胞胎|小宝宝|宝宝|孩子|小孩|儿子|女儿|娃娃|娃|男孩|女孩|小朋友|宝贝|闺女|儿童|小宝|新生儿|婴儿"
    "|外孙女|外孙|孙女|孙子"
)
#: Children by birth order, said before their age (老大13岁老二8岁).
_ORDER_ZH = "老大|老二|老三|大宝|二宝|三宝"
_ELDER_ZH = "老人家|老人|长辈|父母|爸妈|父亲|母亲|爸爸|妈妈|老爸|老妈|奶奶|爷爷|外婆|外公|姥姥|姥爷|婆婆|公公"
_PAIRS = frozenset({"父母", "爸妈", "parents", "grandparents", "双胞胎", "twins"})
#: A baby said in months (8个月大的宝宝, "a 10-month-old"): under a year is age 0.
_MONTHS_ZH = re.compile(
    rf"(?P<n>{ZH_NUM}|半)\s*个\s*多?\s*月\s*(?:大)?\s*(?:左右)?\s*的?\s*(?P<who>{_KID_ZH})"
)
_WHO_MONTHS_ZH = re.compile(
    rf"(?P<who>{_KID_ZH})\s*[（(，,]?\s*(?:才|刚|今年|已经|现在|刚满|满)*\s*(?P<n>{ZH_NUM}|半)\s*个\s*多?\s*月(?:大)?(?!\s*(?:后|以后|之后|前|内))"
)
_AGE_ZH = (
    rf"(?:(?:(?:一|两|二)?[个位])?\s*{ZH_NUM}\s*多?\s*周?岁半?多?"
    rf"|刚?满月|刚?满?百天|{ZH_NUM}\s*个\s*多?月\s*大?)"
)
_AGES_ZH = rf"{_AGE_ZH}(?:\s*(?:和|、|跟|,|，|及|与|还有)?\s*{_AGE_ZH})*"
_ONE_AGE_ZH = re.compile(
    rf"(?P<n>{ZH_NUM})\s*多?\s*周?岁|(?P<m>满月|百天|(?P<months>{ZH_NUM})\s*个\s*多?月)"
)
_AGE_WHO_ZH = re.compile(
    rf"(?:(?P<count>[两二三四俩仨]|\d)\s*[位个名]\s*)?"  # 两位70岁的老人: two of them
    rf"(?P<ages>{_AGES_ZH})\s*(?:左右)?的?\s*(?:[两二三俩仨]\s*个)?\s*(?P<who>{_KID_ZH}|{_ELDER_ZH})"
)
_WHO_AGE_ZH = re.compile(
    rf"(?P<who>{_KID_ZH}|{_ORDER_ZH}|{_ELDER_ZH})们?\s*[（(，,：:]?\s*(?:今年|才|刚|已经|分别|都|是)*\s*(?P<ages>{_AGES_ZH})(?:\s*[）)])?"
)
_KID_EN = (
    r"sons?|daughters?|kids?|child(?:ren)?|boys?|girls?|bab(?:y|ies)|toddlers?|twins|newborns?"
    r"|infants?|grand(?:son|daughter|kid|child)s?|grandchildren"
)
_ELDER_EN = (
    r"parents|grandparents|mother|father|mom|mum|dad|grandma|grandpa|grandmother|grandfather"
)
_AGE_WHO_EN = re.compile(
    rf"\b(?P<count>a|an|one|two|three|\d)?\s*(?P<age>\d{{1,3}})[\s-]*(?:years?|yrs?)[\s-]*olds?\b"
    rf"(?:\s+(?P<who>{_KID_EN}|{_ELDER_EN}))?",
    re.I,
)
_WHO_AGE_EN = re.compile(
    rf"\b(?P<who>{_KID_EN}|{_ELDER_EN})\s*\(?\s*(?:aged?|ages|who (?:is|are)|(?:is|are)(?: now)?)\s+"
    r"(?P<ages>\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3})*)(?!\s*(?:days?|nights?|hours?|km|minutes?)\b)"
    r"(?:\s*\))?",
    re.I,
)
#: A person said just before an age (爸爸70岁…): the age is theirs, not the next person's.
_AFTER_WHO_ZH = re.compile(
    rf"(?:{_KID_ZH}|{_ORDER_ZH}|{_ELDER_ZH})们?\s*(?:今年|才|刚|已经|都|是)*\s*$"
)
#: A school stage said instead of an age (孩子一个读初中一个读小学, 带初中生): a typical age of it.
_STAGE_AGES = {"幼儿园": 4, "小学": 9, "初中": 13, "高中": 16}
_STAGE_ZH = re.compile(
    r"(?:读|上|在读|正读|念)(?P<stage>幼儿园|小学|初中|高中)"
    r"|(?<![读上念])(?P<pupil>小学|初中|高中)生(?!活|物|态)"
)


#: The speaker's own age: 我70岁了, 我今年68, 本人72岁, "I'm 72", "I am 70 years old" (not
#: 我70岁的妈妈 — her age — nor "I'm 3 days …").
_SELF_ZH = re.compile(
    rf"(?:(?<!们)我|本人)\s*(?:今年|已经|都|快|已|是)*\s*(?P<n>{ZH_NUM})\s*(?:多|来)?\s*周?(?:岁(?:了)?)?"
    rf"(?![\d.]|\s*(?:岁半?)?\s*(?:的|天|日|晚|夜|个|人|号|月|年|点|元|块|公|米|{_KID_ZH}|{_ELDER_ZH}))"
)
_OLDEST = 110
_SELF_EN = re.compile(
    r"\bI(?:'m| am)\s+(?:now\s+|already\s+)?(?P<n>\d{2,3})\b(?:\s*(?:years?|yrs?)[\s-]*old)?"
    r"(?![\d.]|\s*(?:days?|nights?|hours?|km|minutes?|people|yuan|rmb|cny|%)\b)",
    re.I,
)

#: Ages listed after the people: "kids 3, 7 and 12", "my parents (70 and 72)", "our son (9)".
_WHO_LIST_EN = re.compile(
    rf"\b(?P<who>{_KID_EN}|{_ELDER_EN})\s*(?:[(:,]\s*)?"
    r"(?P<ages>\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3})+|(?<=\()\s*\d{1,3}(?=\s*\)))"
    r"(?!\s*(?:days?|nights?|hours?|km|minutes?|people|yuan|rmb|cny|%)\b)(?:\s*\))?",
    re.I,
)
_MONTHS_EN = re.compile(
    rf"\b(?P<count>a|an|one|two|\d)?\s*(?P<n>\d{{1,2}}|one|two|three|four|five|six|seven|eight"
    rf"|nine|ten|eleven)[\s-]*months?[\s-]*olds?\b(?:\s+(?P<who>{_KID_EN}))?",
    re.I,
)
_EN_MONTHS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
              "eight": 8, "nine": 9, "ten": 10, "eleven": 11}  # fmt: skip

_DECADE_EN = re.compile(
    rf"\b(?P<who>{_KID_EN}|{_ELDER_EN})\s+(?:are |is )?in (?:their|his|her) (?P<age>[1-9]0)s\b",
    re.I,
)


#: "both 72", "they're both in their 70s": one age for a pair said elsewhere in the text.
_BOTH_EN = re.compile(
    r"\b(?:they(?:'re| are)\s+)?both(?:\s+(?:are|aged?|now))?\s+(?:in their\s+)?(?P<age>\d{2})s?\b"
    r"(?!\s*(?:days?|nights?|hours?|km|minutes?|people|of us)\b)",
    re.I,
)
_PAIR_EN = re.compile(r"\b(?:grand)?parents\b|\b(?:mom|mum|mother) and (?:dad|father)\b", re.I)


#: A child's height said instead of an age (孩子1米2, 身高1.1米和1.4米, "120 cm"): the age whose
#: median height is nearest (`engine.knowledge.prices.median_height_cm`), as sights price
#: children by height and trains by age.
_HEIGHT = re.compile(
    r"(?<![\d.])(?:(?P<m>1)\s*米\s*(?P<dm>[0-9一二三四五六七八九])(?![\d.])|(?P<dec>1\.\d{1,2})\s*(?:米|m\b)"
    r"|(?P<cm>[89]\d|1[0-7]\d)\s*(?:cm|厘米|公分))",
    re.I,
)
_KID_ANY = re.compile(rf"{_KID_ZH}|\b(?:{_KID_EN})\b", re.I)


def _height_age(cm: float) -> int:
    return min(range(ADULT_AGE), key=lambda age: abs(median_height_cm(age) - cm))


def find_ages(text: str, out: PartyFind) -> None:
    """Ages said in `text`, added to `out` (child_ages, senior_ages; an adult-aged "child" as
    an extra adult) with their spans. A person said only with an age (带3岁宝宝) counts as a
    traveller through the ages: `resolve_party` takes at least as many children/seniors as
    ages were said."""
    for rx in (_SELF_ZH, _SELF_EN):
        for m in rx.finditer(text):
            age, said = parse_int(m.group("n")), m.group(0)
            if (
                age is not None
                and out.speaker_age is None
                and ADULT_AGE <= age <= _OLDEST
                and (rx is _SELF_EN or "岁" in said or re.search("今年|已经|都", said))
            ):
                out.speaker_age = age
                out.spans.append(m.span())
    for rx in (_MONTHS_ZH, _WHO_MONTHS_ZH):
        for m in unclaimed(rx, text, out.spans):
            months = 6 if m.group("n") == "半" else parse_int(m.group("n"))
            if months is not None and months < 12 * ADULT_AGE:
                _add(out, [months // 12], m.group("who"), m.span())
    for m in unclaimed(_MONTHS_EN, text, out.spans):
        n = m.group("n").lower()
        months = int(n) if n.isdigit() else _EN_MONTHS.get(n)
        if months is not None:
            count = parse_int(m.group("count") or "1") or 1
            _add(out, [months // 12] * count, (m.group("who") or "").lower(), m.span())
            if not m.group("who"):
                out.bare_child_ages += count
    if _KID_ANY.search(text):
        for m in unclaimed(_HEIGHT, text, out.spans):
            if m.group("cm"):
                cm = float(m.group("cm"))
            elif m.group("dec"):
                cm = float(m.group("dec")) * 100
            else:
                cm = 100 + 10 * (parse_int(m.group("dm")) or 0)
            _add(out, [_height_age(cm)], "孩子", m.span())
    for m in unclaimed(_STAGE_ZH, text, out.spans):
        _add(out, [_STAGE_AGES[m.group("stage") or m.group("pupil")]], "孩子", m.span())
    for rx in (_AGE_WHO_ZH, _WHO_AGE_ZH):
        for m in unclaimed(rx, text, out.spans):
            if rx is _AGE_WHO_ZH and _AFTER_WHO_ZH.search(text, 0, m.start()):
                continue  # 爸爸70岁妈妈65岁: 70 is the father's, read with him next
            ages = _zh_ages(m.group("ages"))
            count = parse_int(m.groupdict().get("count") or "") or 1
            _add(out, ages * count if len(ages) == 1 else ages, m.group("who"), m.span())
    for m in _DECADE_EN.finditer(text):
        _add(out, [int(m.group("age"))], m.group("who").lower(), m.span())
    if _PAIR_EN.search(text) is not None:
        for m in unclaimed(_BOTH_EN, text, out.spans):
            _add(out, [int(m.group("age"))], "parents", m.span())
    for m in unclaimed(_AGE_WHO_EN, text, out.spans):
        count = parse_int(m.group("count") or "1") or 1
        _add(out, [int(m.group("age"))] * count, (m.group("who") or "").lower(), m.span())
        if not m.group("who") and int(m.group("age")) < ADULT_AGE:
            out.bare_child_ages += count  # "our 6-year-old": a child by age alone
    for rx in (_WHO_AGE_EN, _WHO_LIST_EN):
        for m in unclaimed(rx, text, out.spans):
            listed = [int(a) for a in re.findall(r"\d{1,3}", m.group("ages"))]
            _add(out, listed, m.group("who").lower(), m.span())


def _zh_ages(words: str) -> list[int]:
    """Ages in years from 「3岁和5岁」, 「3岁和刚满月」 (a baby in months is 0)."""
    out = []
    for a in _ONE_AGE_ZH.finditer(words):
        if a.group("m"):
            months = parse_int(a.group("months")) if a.group("months") else 1
            out.append(months // 12 if months is not None else 0)
        elif (years := parse_int(a.group("n"))) is not None:
            out.append(years)
    return out


def _add(out: PartyFind, ages: list[int], who: str, span: tuple[int, int]) -> None:
    if not ages:
        return
    if who in _PAIRS and len(ages) == 1:
        ages = ages * 2  # 70岁的爸妈: both parents
    for age in ages:
        if age >= SENIOR_AGE:
            out.senior_ages.append(age)
            out.elder_spans.append(span)
        elif age < ADULT_AGE:
            out.child_ages.append(age)
        else:
            out.extra_adults += 1
    out.spans.append(span)
