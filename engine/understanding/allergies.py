"""Ingredients refused or allergic to (`engine.domain.allergens`): 「我对花生和虾过敏」,
「不吃香菜」, 「乳糖不耐受」, "I'm allergic to peanuts and shellfish", "no cilantro",
"gluten-free", "lactose intolerant" — each ingredient of a list found, none dropped (「对花生和虾
过敏」 was not understood; "allergic to peanuts" was read and then dropped without a word).

海鲜/seafood said alone stays the ``seafood`` tag (`engine.understanding.food`); 虾, 蟹,
shellfish are the ``shellfish`` tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.domain.allergens import ALLERGENS

_ZH_WORD = "|".join(f"(?:{a.said_zh})" for a in ALLERGENS.values())
_EN_WORD = "|".join(f"(?:{a.said_en})" for a in ALLERGENS.values())
_ZH_LIST = rf"(?:{_ZH_WORD})(?:\s*(?:和|、|与|及|跟|或|/|,|，|还有|以及)\s*(?:{_ZH_WORD}|海鲜))*"
_EN_LIST = (rf"(?:{_EN_WORD})(?:\s*(?:,|/|&|\band\b|\bor\b|\bnor\b)\s*(?:and\s+)?"
            rf"(?:{_EN_WORD}|sea ?food))*")  # fmt: skip
_ZH_SUBJECT = r"(?:我们?|孩子|宝宝|老人|[他她]们?|家里人?|老婆|老公|儿子|女儿|妈妈|爸爸)?"
#: An allergy or a refusal around a list of ingredients.
_SAID = re.compile(
    # 「对花生和虾过敏」, 「花生过敏」, 「海鲜和花生都过敏」
    rf"(?:对)?(?P<zh_allergy>{_ZH_LIST})(?:都|也)?(?:严重)?过敏"
    # 「不吃香菜」, 「不能吃花生」, 「不要香菜」, 「忌香菜」, 「吃不了鸡蛋」
    rf"|(?:不(?:能|敢|想|要|爱|喜欢)?吃|不要|不加|不放|别放|忌口?|吃不了|碰不得|不能碰)(?P<zh_no>{_ZH_LIST})"
    # 「香菜不吃」, 「香菜我不吃」
    rf"|(?P<zh_after>{_ZH_LIST})\s*{_ZH_SUBJECT}(?:都|也)?(?:不吃|不要|不能吃|吃不了)"
    r"|(?P<lactose>乳糖不耐受?|lactose[- ]intoleran(?:t|ce))"
    r"|(?P<celiac>\b(?:coeliac|celiac)\b|乳糜泻)"
    rf"|\ballerg(?:ic|y|ies)\s+(?:to\s+)?(?P<en_allergy>{_EN_LIST})\b"
    rf"|\b(?P<en_before>{_EN_LIST})\s+(?:allerg(?:y|ies|ic)|intoleran(?:t|ce))\b"
    rf"|\b(?P<en_free>{_EN_LIST})[- ]free\b"
    rf"|\b(?:no|without|avoid|hate|skip|(?:do not|don'?t|can'?t|cannot|never|won'?t)\s+(?:eat|have|take))"
    rf"\s+(?:any\s+)?(?P<en_no>{_EN_LIST})\b",
    re.IGNORECASE,
)
_LIST_GROUPS = ("zh_allergy", "zh_no", "zh_after", "en_allergy", "en_before", "en_free", "en_no")


@dataclass(frozen=True)
class AllergyFind:
    """One ingredient refused: its tag (`engine.domain.allergens.ALLERGENS`), the words said
    for it (「对花生过敏」, "allergic to peanuts"), where those words stand, and whether it
    was said as an allergy (过敏, allergic, intolerant, coeliac)."""

    tag: str
    said: str
    span: tuple[int, int]
    allergy: bool


def _tag(word: str) -> str | None:
    for a in ALLERGENS.values():
        if re.fullmatch(a.said_zh, word) or re.fullmatch(a.said_en, word, re.IGNORECASE):
            return a.tag
    return None


def _words(listed: str) -> list[str]:
    parts = re.split(r"\s*(?:和|、|与|及|跟|或|/|,|，|还有|以及|&|\band\b|\bor\b|\bnor\b)\s*", listed,
                     flags=re.IGNORECASE)  # fmt: skip
    return [p.strip() for p in parts if p and p.strip() and p.strip().lower() != "and"]


def find_allergies(text: str) -> list[AllergyFind]:
    """Every ingredient refused in `text`, once each, in the order said (see the module
    docstring); 海鲜/seafood in a list is left to `engine.understanding.food`."""
    out: dict[str, AllergyFind] = {}
    for m in _SAID.finditer(text):
        said = m.group(0).strip()
        allergy = bool(re.search(r"过敏|allerg|intoleran|不耐|coeliac|celiac|乳糜泻", said, re.I))
        if m.group("lactose"):
            out.setdefault("dairy", AllergyFind("dairy", said, m.span(), True))
            continue
        if m.group("celiac"):
            out.setdefault("gluten", AllergyFind("gluten", said, m.span(), True))
            continue
        group = next(g for g in _LIST_GROUPS if m.group(g))
        for word in _words(m.group(group)):
            tag = _tag(word)
            if tag is not None and tag not in out:
                out[tag] = AllergyFind(
                    tag, _said_one(said, word, m.group(group)), m.span(), allergy
                )
    return list(out.values())


def _said_one(said: str, word: str, listed: str) -> str:
    """The words said for one ingredient of a list: 「对花生和虾过敏」 → 「对花生过敏」,
    "allergic to peanuts and shellfish" → "allergic to peanuts"."""
    return said.replace(listed, word) if listed != word else said
