"""Who and why, beyond the party: a pet along (带狗, "with our dog"), an occasion (结婚十周年,
蜜月, "our anniversary", "a birthday trip") and a concern for safety ("safety matters to me",
「一个女生出行，安全第一」).

Each is an ``other`` wish whose value names its kind — ``pet:<dog|cat|pet>``,
``occasion:<anniversary|honeymoon|birthday|proposal>``, ``concern:safety`` — answered in the
report by `engine.planning.wish_circumstances`: said back with what the plan does for it and
what it cannot, never dropped.
"""

from __future__ import annotations

from engine.understanding.found import Found, add, words_at
from engine.understanding.text import negated, words_pattern

#: (words, value). The first match of a value is its wish.
CIRCUMSTANCES: tuple[tuple[str, str], ...] = (
    (r"带(?:着|上)?(?:我家|家里的?|我们的?)?(?:狗狗|小狗|狗|爱犬)|[一两1-2](?:条|只)(?:狗狗|小狗|狗)"
     r"|\b(?:with|bring(?:ing)?|and|take|taking) (?:our|my|the|a) (?:dogs?|pupp(?:y|ies))\b"
     r"|\bdog[- ]friendly\b", "pet:dog"),
    (r"带(?:着|上)?(?:我家|家里的?|我们的?)?(?:猫咪|小猫|猫)|[一两1-2]只(?:猫咪|小猫|猫)"
     r"|\b(?:with|bring(?:ing)?|and|take|taking) (?:our|my|the|a) (?:cats?|kittens?)\b", "pet:cat"),
    (r"带(?:着|上)?宠物|宠物友好|可(?:以)?带宠物|\b(?:with|bring(?:ing)?|and) (?:our|my|a) pets?\b"
     r"|\bpet[- ]friendly\b", "pet:pet"),
    (r"(?:结婚|婚后)?(?:[一二两三四五六七八九十\d]+)?周年(?:纪念)?|结婚纪念日?|纪念日"
     r"|\b(?:wedding )?anniversary\b", "occasion:anniversary"),
    (r"度?蜜月|\bhoneymoon\b", "occasion:honeymoon"),
    (r"过生日|生日(?:旅行|之旅)?|\bbirthday\b", "occasion:birthday"),
    (r"求婚|\bpropos(?:e|al|ing)\b", "occasion:proposal"),
    (r"安全(?:第一|最重要|很重要|为主|要紧)|注意安全|(?:怕|担心)(?:不)?安全|安不安全"
     r"|\bsafety(?: (?:matters|is (?:important|a (?:priority|concern)|key)|first))?(?: to (?:me|us))?\b|\b(?:feel|stay|being|keep) safe\b|\bsafe (?:places?|areas?|neighbou?rhoods?)\b",
     "concern:safety"),
)  # fmt: skip
_PREFIXES = ("pet:", "occasion:", "concern:")


def find_circumstances(text: str) -> list[Found]:
    """Pets, occasions and safety concerns said in `text`, once each (not those refused:
    「不带狗」), as ``other`` wishes (see the module docstring)."""
    found: list[Found] = []
    for rx, value in CIRCUMSTANCES:
        for m in words_pattern(rx).finditer(text):
            if negated(text, m.start(), m.end()) or (value == "pet:pet" and _pet_said(found)):
                continue
            said, span = words_at(text, m.start(), m.end())
            add(found, Found("other", value, said.strip(), span))
            break
    return found


def circumstance(value: str) -> tuple[str, str] | None:
    """(kind, detail) of an ``other`` wish's value made here (``pet:dog`` → ("pet", "dog")),
    or None for any other value."""
    if not value.startswith(_PREFIXES):
        return None
    kind, _, detail = value.partition(":")
    return kind, detail


def _pet_said(found: list[Found]) -> bool:
    return any(f.value.startswith("pet:") for f in found)
