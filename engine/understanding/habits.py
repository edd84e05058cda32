"""Preferences said in passing ("我不吃辣", "带着老人", "I never fly"): found, and told apart as
habits (remembered for later trips) or wishes for this trip only.

A preference is a (kind, key) pair from a small closed vocabulary that maps onto `TripRequest`
(`engine.understanding.remembered.apply_preferences`):

==================  ============================  =====================================
kind                keys                          applied as
==================  ============================  =====================================
``avoid_cuisine``   ``spicy``, ``seafood``        ``avoid.cuisines`` (knowledge CUISINE_TAGS)
``avoid_transport`` ``flight``, ``hsr``, ``train``  ``avoid.transport``
``diet``            ``vegetarian``, ``halal``     a `FoodWish` (every meal)
``party``           ``seniors``, ``children``     at least one senior / child in ``party``
``pace``            ``relaxed``                   ``pace`` when the request left it normal
==================  ============================  =====================================

A preference is a **habit** when it is said as one: about the person, in general (「我不吃辣」,
「我从来不坐飞机」, 「我吃素」, 「海鲜过敏」, "I never fly", "I'm vegetarian", "I don't eat
spicy food"). Said as a wish (「不要坐飞机」, 「这次不想坐飞机」, "no flights", "I'd rather not
fly") it belongs to the trip it was said with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol


class PreferenceLike(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def content(self) -> str: ...


@dataclass(frozen=True)
class Preference:
    """One preference, the words it came from, and whether it was said as a habit."""

    kind: str
    key: str
    content: str
    habit: bool = False


_NEG_EN = r"(?:don'?t|do not|doesn'?t|can'?t|cannot|won'?t|never|no|not|avoid|without|hate)"

#: (kind, key, pattern) — patterns are searched case-insensitively in the user's text.
RULES: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (kind, key, re.compile(pattern, re.IGNORECASE))
    for kind, key, pattern in (
        ("avoid_cuisine", "spicy", r"不(?:能|太能|想|要|敢)?吃辣|吃不了辣|怕辣|不要辣|忌辣|不能吃辣"),
        ("avoid_cuisine", "spicy", _NEG_EN + r"\b[\w\s']{0,20}\bspicy|\bspicy food is a no"),
        ("avoid_cuisine", "seafood", r"不(?:能|想|要|敢)?吃海鲜|海鲜过敏|吃不了海鲜"),
        ("avoid_cuisine", "seafood", _NEG_EN + r"\b[\w\s']{0,20}\bseafood|seafood allerg"),
        ("diet", "vegetarian", r"吃素|素食(?:者|主义)|\bvegetarians?\b|\bvegans?\b"),
        ("diet", "halal", r"只吃清真|穆斯林|回民|\bhalal\b"),
        ("party", "seniors", r"带(?:着)?(?:家里的|我的)?(?:老人|爸妈|父母|长辈|老人家|爷爷|奶奶|外公|外婆)"
         r"|(?:和|跟|陪)(?:老人|父母|爸妈|长辈)|老人同行"),
        ("party", "seniors", r"\b(?:elderly|grandparents|my (?:elderly )?parents|seniors?)\b"),
        ("party", "children", r"带(?:着)?(?:孩子|小孩|娃|宝宝|儿子|女儿)|(?:和|跟)(?:孩子|小孩)"),
        ("party", "children", r"\bwith (?:my |our |the |two |a )?(?:kids?|children|child|toddlers?|baby)\b"),
        ("avoid_transport", "flight", r"不(?:想|要|愿意|能|喜欢)?(?:坐|乘|搭)飞机|怕(?:坐)?飞机|恐飞|晕机"),
        ("avoid_transport", "flight", _NEG_EN + r"\b[\w\s']{0,20}\b(?:fly|flying|flights?|planes?)\b"),
        ("avoid_transport", "hsr", r"不(?:想|要|愿意|能)?(?:坐|乘)高铁"),
        ("avoid_transport", "train", r"不(?:想|要|愿意|能)?(?:坐|乘)火车"),
        ("pace", "relaxed", r"慢节奏|不想太累|不喜欢(?:太)?赶|不要太赶"),
        ("pace", "relaxed", r"\bslow(?:er)? pace\b|\bnot too (?:tiring|rushed)\b|don'?t like rushing"),
    )
)  # fmt: skip

#: Words that make a preference a habit, searched in the clause around it.
_HABIT = re.compile(
    r"从来|从不|一直|向来|一向|平时|平常|素来|基本不|都不|一般不|吃不了|不能吃|不太能|不敢|过敏|晕机|恐飞|怕辣"
    r"|吃素|素食|穆斯林|回民|只吃清真"
    r"|(?:我|我们|本人|俺|咱)(?:也|都|还|是)?不(?!想|要|打算|希望|愿意|用|去|必)"
    r"|\b(?:i|we)\s+(?:never|always|(?:do not|don'?t|can'?t|cannot)\s+(?!want|wanna|need|feel|plan|think|really want)\w+|hate)"
    r"|\b(?:i|we)(?:'m|'re| am| are)\s+(?:a\s+)?(?:vegetarian|vegan|muslim|allergic|afraid|scared)"
    r"|\ballergic\b|\bvegetarians?\b|\bvegans?\b",
    re.IGNORECASE,
)
#: Words that tie a preference to this trip even when said like a habit (「这次我不坐飞机」).
_THIS_TRIP = re.compile(r"这次|这趟|本次|这一趟|\bthis (?:time|trip)\b", re.IGNORECASE)
_CLAUSE = re.compile(r"[,，。.!！?？;；\n]")

#: Words a memory search may use for a key, in either language ("辣" finds "spicy" too).
TERMS: dict[str, tuple[str, ...]] = {
    "spicy": ("辣", "spicy", "chili", "chilli"),
    "seafood": ("海鲜", "seafood"),
    "vegetarian": ("素", "vegetarian", "vegan"),
    "halal": ("清真", "halal"),
    "seniors": ("老人", "父母", "长辈", "elderly", "senior", "parents"),
    "children": ("孩子", "小孩", "kid", "child"),
    "flight": ("飞机", "flight", "fly", "plane"),
    "hsr": ("高铁", "hsr", "high-speed"),
    "train": ("火车", "train"),
    "relaxed": ("慢", "累", "赶", "slow", "relax", "pace"),
}

LABELS: dict[tuple[str, str], tuple[str, str]] = {
    ("avoid_cuisine", "spicy"): ("不吃辣", "no spicy food"),
    ("avoid_cuisine", "seafood"): ("不吃海鲜", "no seafood"),
    ("diet", "vegetarian"): ("素食", "vegetarian"),
    ("diet", "halal"): ("清真饮食", "halal food"),
    ("party", "seniors"): ("带着老人", "travelling with seniors"),
    ("party", "children"): ("带着孩子", "travelling with children"),
    ("avoid_transport", "flight"): ("不坐飞机", "no flights"),
    ("avoid_transport", "hsr"): ("不坐高铁", "no high-speed rail"),
    ("avoid_transport", "train"): ("不坐火车", "no trains"),
    ("pace", "relaxed"): ("慢节奏", "a relaxed pace"),
}


def extract_preferences(text: str) -> list[Preference]:
    """The preferences stated in `text`, once each, in vocabulary order; `habit` tells which
    were said as habits (see the module docstring)."""
    found: dict[tuple[str, str], Preference] = {}
    for kind, key, pattern in RULES:
        match = pattern.search(text)
        if match and (kind, key) not in found:
            clause = _clause(text, match)
            found[(kind, key)] = Preference(
                kind, key, clause.strip() or text.strip(), _is_habit(clause)
            )
    return list(found.values())


def _clause(text: str, match: re.Match[str]) -> str:
    """The clause of `text` holding `match` (「我不吃辣」 of a whole request), so a remembered
    habit quotes its own words, not the trip it was said with."""
    starts = [m.end() for m in _CLAUSE.finditer(text, 0, match.start())]
    start = starts[-1] if starts else 0
    end_match = _CLAUSE.search(text, match.end())
    return text[start : end_match.start() if end_match else len(text)]


def _is_habit(clause: str) -> bool:
    return bool(_HABIT.search(clause)) and not _THIS_TRIP.search(clause)


_OK_EN = r"(?:is|are|'s)\s+(?:fine|ok(?:ay)?|good|alright)"

#: (kind, key, pattern): the person takes a preference back ("可以坐飞机", "flying is fine").
LIFTS: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (kind, key, re.compile(pattern, re.IGNORECASE))
    for kind, key, pattern in (
        ("avoid_transport", "flight", r"(?<!不)(?:可以|(?<!可)能|愿意)(?:坐|乘|搭)?[^，。,；不]{0,6}飞机"
         r"|飞机也(?:行|可以|没问题)"
         r"|(?<!不)(?:可以|(?<![可不])能)飞"),
        ("avoid_transport", "flight", r"\b(?:flying|flights?|planes?)\s+" + _OK_EN
         + r"|\b(?:can|could|happy to|ok to|okay to|will)\s+fly\b"),
        ("avoid_transport", "hsr", r"(?<!不)(?:可以|(?<!可)能|愿意)(?:坐|乘)?[^，。,；不]{0,6}高铁"
         r"|高铁也(?:行|可以|没问题)"),
        ("avoid_transport", "train", r"(?<!不)(?:可以|(?<!可)能|愿意)(?:坐|乘)?[^，。,；不]{0,6}火车"
         r"|火车也(?:行|可以|没问题)"
         r"|\btrains?\s+" + _OK_EN),
        ("avoid_cuisine", "spicy", r"(?<!不)(?:可以|(?<![可不])能)吃辣|吃辣也(?:行|可以|没问题)|\bspicy\s+" + _OK_EN),
        ("avoid_cuisine", "seafood", r"(?<!不)(?:可以|(?<![可不])能)吃海鲜|海鲜也(?:行|可以|没问题)"),
        ("diet", "vegetarian", r"(?:可以|也)吃肉|不(?:用|必)吃素|\b(?:meat is fine|i eat meat)\b"),
    )
)  # fmt: skip


def lifted_preferences(text: str) -> set[tuple[str, str]]:
    """(kind, key) of the preferences `text` takes back, e.g. ``可以坐飞机`` → flights allowed."""
    return {(kind, key) for kind, key, pattern in LIFTS if pattern.search(text)}


def keys_for_term(term: str) -> set[str]:
    """Preference keys a search term refers to, e.g. ``"辣" -> {"spicy"}``."""
    folded = term.strip().lower()
    if not folded:
        return set()
    return {
        key
        for key, words in TERMS.items()
        if any(word in folded or folded in word for word in words)
    }


def label(preference: PreferenceLike, lang: str) -> str:
    """A short phrase for `preference` in `lang` (zh or en)."""
    zh, en = LABELS.get((preference.kind, preference.key), (preference.key, preference.key))
    return zh if lang == "zh" else en
