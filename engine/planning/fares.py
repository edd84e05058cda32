"""Intercity fares for a party: who pays the full fare, who a child fare, who rides free.

Rail (``hsr``, ``train``) follows the China Railway rule in force since 2023-01-01
(《铁路旅客运输规程》, 交通运输部令2022年第19号; as reported by 人民日报 on 2023-01-01:
"年满6周岁且未满14周岁的儿童可购买儿童优惠票；每一名成年旅客可免费携带一名未满6周岁且不单独占用
席位的儿童乘车，超过一名时，超过人数应当购买儿童优惠票，儿童年龄按乘车日期计算"; read
2026-12-02): a child of 6–13 pays the child fare, half the adult fare (动车组 "执行票价的5折"); a
child of 14 or more the full fare; each adult (or senior) takes one child under 6 free, without
a seat, and any further child under 6 pays the child fare.

Coaches (``coach``) are costed by the same rule (an estimate: road operators also sell half-price
child tickets and carry a small child free on an adult's lap, but their rules vary by province).

Flights (``flight``) are costed at the adult fare for every traveller: a child (2–11) pays half
the *full* economy fare, which is often about what the discounted adult fare the plan shows
costs, so halving the estimate would undercut what the party pays.

A child whose age was not said is taken as `engine.knowledge.prices.DEFAULT_CHILD_AGE` (8: the
child fare, never assumed free).
"""

from __future__ import annotations

from engine.domain.request import Party
from engine.i18n import pick
from engine.knowledge.prices import DEFAULT_CHILD_AGE

#: Modes costed by the railway's child rule (see the module docstring).
CHILD_RULE_MODES = frozenset({"hsr", "train", "coach"})
#: Ages (years, inclusive lower bound) of the rule: under `FREE_UNDER` free on an adult's lap,
#: under `FULL_FROM` the child fare.
FREE_UNDER = 6
FULL_FROM = 14
#: The child fare, as a share of the adult fare.
CHILD_SHARE = 0.5


def child_ages(party: Party) -> list[int]:
    """The children's ages (years), the default age for those whose age was not said."""
    said = party.child_ages
    return [said[i] if i < len(said) else DEFAULT_CHILD_AGE for i in range(party.children)]


def fare_units(mode: str, party: Party) -> float:
    """How many adult fares `party` pays on a leg of `mode` (``hsr``, ``train``, ``coach``,
    ``flight``): adults and seniors 1 each, children by the rules of the module docstring. A
    party of nobody counts as one adult."""
    grown = party.adults + party.seniors
    if party.size == 0:
        return 1.0
    if mode not in CHILD_RULE_MODES:
        return float(party.size)
    units, laps = float(grown), grown
    for age in sorted(child_ages(party)):
        if age >= FULL_FROM:
            units += 1
        elif age < FREE_UNDER and laps > 0:
            laps -= 1
        else:
            units += CHILD_SHARE
    return units


def party_fare(fare_cny: float, mode: str, party: Party) -> float:
    """The party's fare for one leg, CNY: `fare_cny` (one adult) × `fare_units`."""
    return round(fare_cny * fare_units(mode, party), 2)


def child_fare_note(fare_cny: float, mode: str, party: Party, lang: str) -> str:
    """The child fares the party pays on a leg, in words ("" with no children, or on a flight)."""
    if not party.children or mode not in CHILD_RULE_MODES:
        return ""
    ages = child_ages(party)
    parts_zh, parts_en = [], []
    if any(FREE_UNDER <= a < FULL_FROM for a in ages) or sum(a < FREE_UNDER for a in ages) > (
        party.adults + party.seniors
    ):
        half = fare_cny * CHILD_SHARE
        parts_zh.append(f"儿童票（6–14岁）约{half:.0f}元")
        parts_en.append(f"child fare (6–13) about {half:.0f} CNY")
    if any(a < FREE_UNDER for a in ages):
        parts_zh.append("6岁以下每位大人可免费带一名（不占座）")
        parts_en.append("under 6 ride free on an adult's ticket (no seat)")
    if any(a >= FULL_FROM for a in ages):
        parts_zh.append("14岁起买全价票")
        parts_en.append("14 and over pay the full fare")
    return pick(lang, "，".join(parts_zh), ", ".join(parts_en))
