"""A low budget said in words, with or without a number: 穷游, 学生党, 预算有限, 省钱, 经济实惠,
便宜点, "on a budget", "tight budget", "cheap", "backpacker".

The words are one wish (kind ``budget``, value `LOW`), answered in the report with what the
planner did for it (`engine.planning.low_budget`): the cheapest legs, rooms at the low end of
each area's prices, cheap places to eat, buses and the metro. A number said as well (预算3000)
stays the budget the plan is checked against (`engine.understanding.money`).
"""

from __future__ import annotations

from engine.planning.meal_price import LOW_BUDGET
from engine.understanding.found import Found
from engine.understanding.text import negated, words_pattern

#: The `Wish` value of a low budget said in words (kind ``budget``, whose other values are
#: CNY totals).
LOW = LOW_BUDGET

#: Words of a low budget (zh, en). Not 「学生」 alone (a school trip, 带学生研学) and not a
#: cheap *thing* (「便宜的酒店」 is a lodging kind, `engine.understanding.lodging`).
WORDS = (
    r"穷游|学生党|预算(?:有限|不多|不高|紧张|很紧|比较紧|较紧|紧|少|低)|经费(?:有限|不多|紧张)"
    r"|钱不多|没什么钱|没多少钱|手头(?:紧|不宽裕)|省钱|省点钱|少花钱|能省则省|省着(?:点)?花"
    r"|经济实惠|实惠(?:一)?点|便宜(?:一)?点|便宜(?:一)?些|花(?:得|的)?少(?:一)?点|穷学生"
    r"|(?:on|with) a (?:tight |small |limited |low |strict |student )?budget(?! of)|(?:tight|small|limited|low|shoestring|student) budget"
    r"|on a shoestring|budget (?:travel(?:l?er)?s?|trip|backpack(?:er|ers|ing)?)|backpack(?:er|ers|ing)"
    r"|cheap(?:ly|er)?(?! (?:hotel|stay|room|flight)s?\b)|as cheap as possible|save money|saving money|frugal|broke students?"
    r"|(?:money|cash|budget|funds?) (?:is|are) (?:tight|limited)"
)  # fmt: skip
_WORDS = words_pattern(WORDS)


def find_low_budget(text: str) -> list[Found]:
    """Every low-budget word of `text` not negated (「不是穷游」, "not on a budget"), as
    ``budget`` wishes of value `LOW` in order (the first is the wish answered; the others are
    words understood), or none."""
    return [Found("budget", LOW, m.group(0).strip(), m.span()) for m in _WORDS.finditer(text)
            if not negated(text, m.start(), m.end())]  # fmt: skip


def is_low(value: str) -> bool:
    """Whether a ``budget`` wish's value is the low budget said in words (not a CNY total)."""
    return value == LOW
