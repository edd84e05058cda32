"""Small number words in Chinese and English: 两 → 2, 三千 → 3000, "two" → 2, "2k" → 2000."""

from __future__ import annotations

import re

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
           "七": 7, "八": 8, "九": 9}  # fmt: skip
_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}
_EN = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
       "seven": 7, "eight": 8, "nine": 9, "ten": 10, "first": 1, "second": 2, "third": 3,
       "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}  # fmt: skip

#: A number as written: digits (with , . and k/千/万 suffixes), Chinese numerals or English words.
NUMBER = (
    r"(?:\d[\d,]*(?:\.\d+)?\s*(?:k|K|千|万)?|[零〇一二两三四五六七八九十百千万]+|"
    + "|".join(_EN)
    + r")"
)


def chinese_number(text: str) -> int | None:
    """``三`` → 3, ``十二`` → 12, ``两千五`` → 2500, ``一万`` → 10000; None if not a numeral."""
    if not text or any(ch not in _DIGITS and ch not in _UNITS for ch in text):
        return None
    total, section, digit = 0, 0, None
    last_unit = 1
    for ch in text:
        if ch in _DIGITS:
            digit = _DIGITS[ch]
        else:
            unit = _UNITS[ch]
            value = 1 if digit is None else digit
            if unit == 10000:
                total += (section + (digit or 0)) * unit
                section, digit = 0, None
            else:
                section += value * unit
                digit = None
            last_unit = unit
    if digit is not None:
        # 两千五 = 2500: a trailing digit counts in the next smaller unit
        section += digit * (last_unit // 10 if last_unit >= 100 and len(text) > 1 else 1)
    return total + section


def parse_number(text: str) -> int | None:
    """Any form matched by `NUMBER`, as an integer (rounded), or None."""
    raw = text.strip().lower().replace(" ", "")
    if not raw:
        return None
    if raw in _EN:
        return _EN[raw]
    match = re.fullmatch(r"(\d[\d,]*(?:\.\d+)?)(k|千|万)?", raw)
    if match:
        value = float(match.group(1).replace(",", ""))
        factor = {"k": 1000, "千": 1000, "万": 10000}.get(match.group(2) or "", 1)
        return round(value * factor)
    return chinese_number(raw)
