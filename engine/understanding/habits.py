"""Preferences said in passing ("我不吃辣", "带着老人", "I never fly"): found, and told apart as
habits (remembered for later trips) or wishes for this trip only.

A preference is a (kind, key) pair from a small closed vocabulary that maps onto `TripRequest`
(`engine.understanding.remembered.apply_preferences`):

==================  ============================  =====================================
kind                keys                          applied as
==================  ============================  =====================================
``avoid_cuisine``   ``spicy``, ``seafood``,       ``avoid.cuisines`` (knowledge CUISINE_TAGS
                    ``pork``, ``beef``, ``lamb``  and dish tags)
                    and the ingredients of
                    `engine.domain.allergens`
                    (``peanut``, ``shellfish`` …)
``avoid_transport`` ``flight``, ``hsr``, ``train``  ``avoid.transport``
``diet``            ``vegetarian``, ``halal``     a `FoodWish` (every meal)
``party``           ``seniors``, ``children``     at least one senior / child in ``party``
``pace``            ``relaxed``                   ``pace`` when the request left it normal
==================  ============================  =====================================

A preference is a **habit** when it is said as one: about the speaker, in general (「我不吃辣」,
「我从来不坐飞机」, 「我吃素」, 「海鲜过敏」, "I never fly", "I'm vegetarian", "I don't eat
spicy food"). Said as a wish (「不要坐飞机」, 「这次不想坐飞机」, 「想吃素」, "no flights", "I'd
rather not fly", "vegetarian food this time"), of someone else (「宝宝不能吃辣」, "my wife
doesn't eat spicy food", 「爸妈吃素」) or of the party as a whole ("we are vegetarian",
「我们全家都吃素」: those who travel this time) it belongs to the trip it was said with. Each
clause is read on its own, and one that says neither goes on with the clause before it
(「我从来不坐飞机，这次想吃素」: a habit and a wish; 「这次不坐飞机，吃素」: both for this trip).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from engine.domain.allergens import ALLERGENS
from engine.understanding.allergies import find_allergies


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
        ("avoid_cuisine", "seafood", _NEG_EN + r"\b[\w\s']{0,20}\bseafood|seafood allerg"
         r"|allergic to (?:\w+ ){0,2}seafood"),
        ("avoid_cuisine", "pork", r"不(?:能|想|要|敢)?吃猪肉|\b(?:don'?t|do not|never|can'?t|cannot|no)\b[\w\s']{0,12}\bpork\b"),
        ("avoid_cuisine", "beef", r"不(?:能|想|要|敢)?吃牛肉|\b(?:don'?t|do not|never|can'?t|cannot|no)\b[\w\s']{0,12}\bbeef\b"),
        ("avoid_cuisine", "lamb", r"不(?:能|想|要|敢)?吃羊肉|\b(?:don'?t|do not|never|can'?t|cannot|no)\b[\w\s']{0,12}\b(?:lamb|mutton)\b"),
        ("diet", "vegetarian", r"(?<!不)(?<!不再)(?<!不用)(?<!不必)吃素|(?<!不是)素食(?:者|主义)"
         r"|(?<!not )(?<!not a )(?<!no longer )\bvegetarians?\b(?! any ?more)"
         r"|(?<!not )(?<!not a )(?<!no longer )\bvegans?\b(?! any ?more)"),
        ("diet", "halal", r"只吃清真|穆斯林|回民(?!街|区|坊|小吃|美食)|\bhalal\b"),
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

#: Words that make a preference a habit wherever they are said (「从来」, 「过敏」, "I never").
_HABIT = re.compile(
    r"从来|从不|一直|向来|一向|平时|平常|素来|基本不|一般不|吃不了|不能吃|不太能|不敢|过敏|晕机|恐飞|怕辣"
    r"|以后|今后|从此|再也不|\b(?:usually|normally|generally|never)\b"
    r"|素食者|素食主义|穆斯林|回民(?!街|区|坊|小吃|美食)|只吃清真|长期吃素|常年吃素|吃全素"
    r"|\b(?:i|we)\s+(?:never|always|(?:do not|don'?t|can'?t|cannot)\s+(?!want|wanna|need|feel|plan|think|really want|like to)\w+|hate)"
    r"|\b(?:i|we)(?:'m|'re| am| are)\s+(?:both\s+|all\s+)?(?:a\s+)?(?:strict\s+)?(?:vegetarians?|vegans?|muslims?|allergic|afraid|scared)"
    r"|\b(?:i|we) (?:only )?eat (?:vegetarian|vegan|halal)\b|\ballergic\b",
    re.IGNORECASE,
)
#: A wish for this trip: 「想吃素」, 「要坐高铁」, "I'd like vegetarian food" (not 「我不想…」 alone:
#: that is a wish too, and `_HABIT_SUBJECT` leaves it out).
_WISH = re.compile(
    r"想|要|希望|打算|最好|尽量|安排|\bwould like\b|'d like|\bwant|\bprefer|\bplease\b", re.I
)
#: The speaker says it of themselves, with no wish word: 「我不坐飞机」, 「我吃素」, 「我们都不吃辣」.
_HABIT_SUBJECT = re.compile(
    r"(?:我|我们|本人|俺|咱)(?:全家|一家人?|家里?人?|家)?(?:也|都|还|是|只)*(?:不(?!想|要|打算|希望|愿意|用|去|必)|吃素|吃清真)"
)
#: Said with nothing else, the diet is the person's: 「吃素」 (a clause of its own, no wish word).
_BARE_HABIT = re.compile(r"^\s*(?:吃素|素食|清真)\s*$")
#: Words that tie a preference to this trip even when said like a habit (「这次我不坐飞机」).
_THIS_TRIP = re.compile(r"这次|这趟|本次|这一趟|\bthis (?:time|trip)\b", re.IGNORECASE)
#: Someone other than the speaker (宝宝, 爸妈, 老婆, "my wife", "the kids"): a preference said of
#: them (「宝宝不能吃辣」) is for the trip they come on, never the speaker's habit.
_OTHER_WORDS = (
    r"宝宝|孩子|小孩|娃|儿子|女儿|闺女|老人家?|爸妈|父母|爸爸|妈妈|老爸|老妈|父亲|母亲|长辈|爷爷|奶奶|外公|外婆"
    r"|姥姥|姥爷|公婆|老婆|老公|妻子|丈夫|太太|媳妇|爱人|对象|男朋友|女朋友|男友|女友|朋友|同事|他们|她们"
    r"|(?<!其)(?<!吉)[他她]"
    r"|\b(?:kids?|children|child|son|daughter|baby|toddlers?|wife|husband|partner|mom|mum|dad"
    r"|mother|father|parents|grandparents|grandma|grandpa|friends?|colleagues?|boyfriend|girlfriend"
    r"|he|she|they)\b"
)
#: Who comes along (「带3岁宝宝」, "with my kids"): a companion, not who the clause is about.
_COMPANION = re.compile(
    rf"(?:带|陪)着?[^，,。；;]{{0,6}}?(?:{_OTHER_WORDS})|\bwith\s+(?:\w+\s+){{0,2}}?(?:{_OTHER_WORDS})",
    re.IGNORECASE,
)
#: Who a clause is about: the last person named in it (「我女儿不吃辣」: the daughter; "my wife
#: and I are vegetarian": the speaker too).
_PERSON = re.compile(
    rf"(?P<we>我们|咱们|咱|\b(?:we|us|our)\b)|(?P<me>我|俺|本人|\b(?:i|me)\b)|(?P<other>{_OTHER_WORDS})",
    re.IGNORECASE,
)
#: Clauses: a comma goes on with the same sentence (「这次不坐飞机，吃素」: both for this trip),
#: a full stop starts a new one.
_CLAUSE = re.compile(r"[,，、;；]|但是|不过|\bbut\b|\bhowever\b", re.I)
_SENTENCE = re.compile(r"[。.!！?？\n]")

#: Words a memory search may use for a key, in either language ("辣" finds "spicy" too).
TERMS: dict[str, tuple[str, ...]] = {
    "spicy": ("辣", "spicy", "chili", "chilli"),
    "seafood": ("海鲜", "seafood"),
    **{a.tag: (a.zh, a.en) for a in ALLERGENS.values()},
    "pork": ("猪肉", "pork"),
    "beef": ("牛肉", "beef"),
    "lamb": ("羊肉", "lamb", "mutton"),
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
    ("avoid_cuisine", "pork"): ("不吃猪肉", "no pork"),
    ("avoid_cuisine", "beef"): ("不吃牛肉", "no beef"),
    ("avoid_cuisine", "lamb"): ("不吃羊肉", "no lamb"),
    **{("avoid_cuisine", a.tag): (f"不吃{a.zh}", f"no {a.en}") for a in ALLERGENS.values()},
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
    were said as habits, clause by clause (`_habits_by_clause`)."""
    clauses = _clauses(text)
    habits = _habits_by_clause(text, clauses)
    found: dict[tuple[str, str], Preference] = {}
    starts = [(kind, key, m.start()) for kind, key, pattern in RULES
              if (m := pattern.search(text)) is not None]  # fmt: skip
    # ingredients refused or allergic to (「对花生和虾过敏」: 花生 and 虾蟹, each its own key)
    starts += [("avoid_cuisine", a.tag, a.span[0]) for a in find_allergies(text)]
    for kind, key, start in starts:
        if (kind, key) not in found:
            n = next(i for i, (s, e) in enumerate(clauses) if s <= start < e)
            words = _CLAUSE.sub("", text[clauses[n][0] : clauses[n][1]])
            words = words.strip(" ,，、;；。.!！?？\n")
            found[(kind, key)] = Preference(kind, key, words or text.strip(), habits[n])
    return list(found.values())


def _clauses(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clause of `text`, the break that ends it included."""
    spans, start = [], 0
    for m in re.finditer(f"{_CLAUSE.pattern}|{_SENTENCE.pattern}", text):
        spans.append((start, m.end()))
        start = m.end()
    return [*spans, (start, len(text) + 1)]


def _habits_by_clause(text: str, clauses: list[tuple[int, int]]) -> list[bool]:
    """Whether each clause says a habit: said of someone else (`_about_other`: 「宝宝不能吃辣」)
    or with 这次/"this time" it is this trip's; 从来, 过敏,
    "I never", "I'm vegetarian" a habit; a wish word (想, 要, "I'd like") this trip's; the speaker
    saying it of themselves (「我不坐飞机」, 「我吃素」) a habit. A clause with none of these goes
    on with the one before it in the same sentence (「我不坐飞机，吃素」: both habits; 「这次不坐飞机，
    吃素」: both for this trip); a bare 「吃素」 that opens a sentence is a habit."""
    out: list[bool] = []
    before: bool | None = None
    other = False  # the sentence so far is about someone else (「宝宝不能吃辣，也不吃海鲜」)
    for start, end in clauses:
        clause = text[start:end]
        other = _about_other(clause, other)
        if other or _THIS_TRIP.search(clause):
            habit: bool | None = False
        elif _HABIT.search(clause):
            habit = True
        elif _WISH.search(clause):
            habit = False
        elif _HABIT_SUBJECT.search(clause):
            habit = True
        elif before is not None and any(p.search(clause) for _k, _key, p in RULES):
            habit = before
        elif _BARE_HABIT.match(clause.strip(" ,，、;；。.!！?？\n")):
            habit = True
        else:
            habit = None
        out.append(bool(habit))
        if habit is not None:
            before = habit
        if _SENTENCE.search(clause[-1:]):
            before, other = None, False
    return out


def _about_other(clause: str, before: bool) -> bool:
    """Whether `clause` speaks of someone other than the speaker alone: the last person it names
    (companions brought along left out: 「带宝宝去杭州」 is the speaker's trip) is someone else
    (「宝宝不能吃辣」) or the party as a whole ("we are vegetarian", 「我们全家都吃素」: this
    trip's people, who may not come next time); "my wife and I are vegetarian" names the speaker
    last. A clause that names nobody goes on with the clause before it (`before`)."""
    people = list(_PERSON.finditer(_COMPANION.sub(" ", clause)))
    if not people:
        return before
    return people[-1].group("me") is None


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
        ("avoid_cuisine", "spicy", r"(?<!不)(?:可以|(?<![可不])能)吃辣|吃辣也(?:行|可以|没问题)"
         r"|\bspicy(?: food)?\s+" + _OK_EN + r"|\b(?<!not )(?<!n't )(?:can|could)\s+(?:eat|handle|have)\s+spicy"),
        ("avoid_cuisine", "seafood", r"(?<!不)(?:可以|(?<![可不])能)吃海鲜|海鲜也(?:行|可以|没问题)"
         r"|\bseafood\s+" + _OK_EN + r"|\b(?<!not )(?<!n't )(?:can|could)\s+(?:eat|have)\s+seafood"),
        ("diet", "vegetarian", r"(?:可以|也|能|会)吃肉|(?<![不别])吃肉了|开荤|不(?:用|必|再)?吃素|不是素食"
         r"|\bmeat is (?:fine|ok(?:ay)?)\b|\b(?:i|we)(?:'m|'re| am| are)?\s+(?:now\s+)?eat(?:ing)?\s+meat\b"
         r"|\b(?:can|could)\s+eat\s+meat\b"
         r"|\b(?:not|no longer)\s+(?:a\s+)?(?:vegetarian|vegan)\b|\b(?:vegetarian|vegan) any ?more\b"),
    )
)  # fmt: skip


#: Every food limit taken back at once (「不忌口了」, "I eat anything now"), less those the same
#: words still say (「什么都吃，就是不吃辣」).
ANY_FOOD = re.compile(
    r"(?<!有)(?<!有点)不忌口|没(?:有|什么)?忌口|什么都(?:能|可以)?吃"
    r"|\b(?:i|we)(?:'ll| will| can)?\s+eat\s+(?:everything|anything)\b|\bno (?:dietary|food) restrictions\b",
    re.IGNORECASE,
)
#: (An allergy is not taken back by 「不忌口了」: it is a body's limit, dropped only by name.)
_FOOD_LIMITS = (*(("avoid_cuisine", k) for k in ("spicy", "seafood", "pork", "beef", "lamb")),
                ("diet", "vegetarian"), ("diet", "halal"))  # fmt: skip


def lifted_preferences(text: str) -> set[tuple[str, str]]:
    """(kind, key) of the preferences `text` takes back, e.g. ``可以坐飞机`` → flights allowed,
    「不忌口了」 → every food limit."""
    lifted = {(kind, key) for kind, key, pattern in LIFTS if pattern.search(text)}
    if ANY_FOOD.search(text):
        still = {(p.kind, p.key) for p in extract_preferences(text)}
        lifted |= {limit for limit in _FOOD_LIMITS if limit not in still}
    return lifted


def lift_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of the words in `text` that take a preference back (「可以吃肉」): understood,
    so never echoed as not understood."""
    patterns = [pattern for _kind, _key, pattern in LIFTS] + [ANY_FOOD]
    return [m.span() for pattern in patterns for m in pattern.finditer(text)]


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
