"""Numbers as people write them: digits (2,000, 1.5万, 2k), Chinese numerals (十二, 两万五, 俩,
仨) and English words ("Four", "a dozen"). The one number reader of request understanding: the
parser and follow-ups ("预算降到2k", "加俩天") both use it."""

from __future__ import annotations

import re

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "仨": 3, "四": 4,
           "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}  # fmt: skip
_UNITS = {"十": 10, "百": 100, "千": 1000}
_EN = {
    "a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "couple": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
    "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "hundred": 100, "dozen": 12, "zero": 0, "no": 0,
}  # fmt: skip
#: English ordinals ("the second day"): read by `parse_number`, never matched by `EN_NUM`
#: (so "first time" is no day count).
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}  # fmt: skip
#: Multipliers written after digits: 2k, 3K, 1.5w, 1.5万, 3千.
_SUFFIX = {"k": 1000, "千": 1000, "w": 10000, "万": 10000}

#: Regex fragment: a number in digits (with decimals) or Chinese numerals.
ZH_NUM = r"(?:\d+(?:\.\d+)?|[零〇一二两俩仨三四五六七八九十百千万]+)"
#: Regex fragment: a number in digits or English words (``a`` counts as one).
EN_NUM = r"(?:\d+|" + "|".join(sorted(_EN, key=len, reverse=True)) + r")"
#: Regex fragment: any number `parse_number` reads — digits with ``,`` groups and a k/千/万
#: suffix, Chinese numerals, English number words and ordinals (for follow-ups: 「第二天」,
#: "day two", "the second day", "budget 2k").
NUMBER = (
    r"(?:\d[\d,]*(?:\.\d+)?\s*(?:[kKwW](?![a-zA-Z])|千|万)?|[零〇一二两俩仨三四五六七八九十百千万]+|"
    + "|".join(sorted([*_EN, *_ORDINALS], key=len, reverse=True))
    + r")"
)

#: Regex fragment: an optional minus sign written before a number (「玩-1天」, "-5 yuan"), not
#: the dash of a range (3-5天): group ``sign``.
SIGN = r"(?:(?<![0-9A-Za-z零〇一二两俩仨三四五六七八九十百千万.])(?P<sign>[-−－])\s*)?"

_ARABIC_UNIT = re.compile(r"^(\d+(?:\.\d+)?)\s*([十百千万]+|k|w)$")


def parse_number(text: str) -> float | None:
    """The value of a number in digits, Chinese numerals or an English word, or None.

    Chinese colloquial forms are understood: 十二 = 12, 两万五 = 25000, 三千五 = 3500,
    1.5万 = 15000, 俩 = 2, 仨 = 3, 二〇二四 = 2024; 两三/三四 (a small range) gives the upper
    bound. Digits may carry ``,`` groups (2,000) and a k/w suffix (2k = 2000, 1.5w = 15000).
    English: number words and ordinals ("Four" = 4, "second" = 2).
    """
    text = text.strip().lower().replace(" ", "")
    if not text or text == "万":
        return None
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", text):
        text = text.replace(",", "")
    try:
        return float(text)
    except ValueError:
        pass
    if text in _EN:
        return float(_EN[text])
    if text in _ORDINALS:
        return float(_ORDINALS[text])
    match = _ARABIC_UNIT.match(text)
    if match:
        value = float(match.group(1))
        for unit in match.group(2):
            value *= _SUFFIX.get(unit) or _UNITS[unit]
        return value
    if all(ch in _DIGITS for ch in text):
        if len(text) == 2 and 0 < _DIGITS[text[0]] == _DIGITS[text[1]] - 1:
            return float(_DIGITS[text[1]])  # 两三天, 三四个人: the upper bound
        return (
            float("".join(str(_DIGITS[ch]) for ch in text))
            if len(text) > 1
            else float(_DIGITS[text])
        )
    return _chinese(text)


def _chinese(text: str) -> float | None:
    total = section = num = 0
    last_unit = 0
    prev_unit = False
    for ch in text:
        if ch in _DIGITS:
            num = _DIGITS[ch]
            prev_unit = False
        elif ch in _UNITS:
            unit = _UNITS[ch]
            section += (num or 1) * unit
            num, last_unit, prev_unit = 0, unit, True
        elif ch == "万":
            total = (total + section + num) * 10000
            section = num = 0
            last_unit, prev_unit = 10000, True
        else:
            return None
    if num and last_unit >= 100 and not prev_unit and text[-2] in "百千万":
        num *= last_unit // 10  # 三千五 = 3500, 两万五 = 25000
    return float(total + section + num)


def parse_int(text: str) -> int | None:
    """`parse_number` rounded to an int, or None."""
    value = parse_number(text)
    return None if value is None else round(value)
