"""Intercity fares for a party: who pays the full fare, who a child fare, who rides free.

Rail (``hsr``, ``train``) follows the China Railway rule in force since 2023-01-01
(《铁路旅客运输规程》, 交通运输部令2022年第19号; as reported by 人民日报 on 2023-01-01:
"年满6周岁且未满14周岁的儿童可购买儿童优惠票；每一名成年旅客可免费携带一名未满6周岁且不单独占用
席位的儿童乘车，超过一名时，超过人数应当购买儿童优惠票，儿童年龄按乘车日期计算"; read
2026-12-02, again 2026-12-03 in 人民日报's post reposted at m.forosdelalengua.com/redian/2023/0101/
115124.html): a child aged 6 to under 14 (满6岁未满14岁) pays the child fare, half the adult fare
(动车组 "执行票价的5折"); a child of 14 or more the full fare; each adult (or senior) takes one
child under 6 free, without a seat, and any further child under 6 pays the child fare. The notes
say the band the one way, 「满6岁未满14岁」 / "aged 6 to under 14".

Coaches (``coach``) are costed by the same rule (an estimate: road operators also sell half-price
child tickets and carry a small child free on an adult's lap, but their rules vary by province).

Flights (``flight``, domestic) follow the CAAC rule (《中国民用航空旅客、行李国内运输规则》:
"儿童按照同一航班成人普通票价的50%购买儿童票，提供座位；婴儿按照同一航班成人普通票价的10%购买婴儿票，
不提供座位", quoted at sichuanhong.com/content/202511/2612968.html; ages from China Eastern's
conditions of carriage: a child "已满2周岁但未满12周岁", an infant "已满14天但未满2周岁"; one
infant per adult, a further one buys a child ticket; read 2026-12-02) and the airlines' practice
that a child may buy the adult discounted fare instead when it is lower (Spring Airlines FAQ "How
to calculate child ticket prices?", th.ch.com/Help/List/18e93eff730011e9ad8a0050568d2860.html,
read 2026-12-02). The plan's flight fare is a typical *discounted* adult fare, so a child of
2–11 is costed at that fare (the lower of the two, at most: halving it would undercut what the
party pays), and an infant under 2 at 10 % of it — a floor, as the full fare the 10 % is of is
higher — on an adult's lap.

A child whose age was not said is taken as `engine.knowledge.prices.DEFAULT_CHILD_AGE` (8: the
child fare, never assumed free).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.domain.request import Party
from engine.i18n import pick
from engine.knowledge.prices import DEFAULT_CHILD_AGE

#: Travellers to a car on a driven leg (``drive``: its fare is a car's tolls and fuel), as
#: `engine.planning.driving.CAR_SEATS`.
CAR_SEATS = 5
#: Modes costed by the railway's child rule (see the module docstring).
CHILD_RULE_MODES = frozenset({"hsr", "train", "coach"})
#: Ages (years, inclusive lower bound) of the rail rule: under `FREE_UNDER` free on an adult's
#: lap, under `FULL_FROM` the child fare.
FREE_UNDER = 6
FULL_FROM = 14
#: The rail child fare, as a share of the adult fare.
CHILD_SHARE = 0.5
#: Flights: under `INFANT_UNDER` the infant fare (`INFANT_SHARE` of the fare, no seat), under
#: `FLIGHT_ADULT_FROM` a child ticket (costed at the discounted adult fare, see the docstring).
INFANT_UNDER = 2
FLIGHT_ADULT_FROM = 12
INFANT_SHARE = 0.1


@dataclass(frozen=True)
class FareShare:
    """Travellers of one fare class on a leg: `count` of them, each paying `share` of the adult
    fare; `kind` one of ``adult``, ``senior`` (no senior fares on trains or flights), ``child`` (rail half fare), ``child_full`` (a child paying the
    full fare: 14+ on rail), ``child_flight`` (2–11 on a flight), ``lap`` (rail, under 6, free,
    no seat), ``infant`` (flight, under 2, no seat)."""

    kind: str
    count: int
    share: float


def child_ages(party: Party) -> list[int]:
    """The children's ages (years), the default age for those whose age was not said."""
    said = party.child_ages
    return [said[i] if i < len(said) else DEFAULT_CHILD_AGE for i in range(party.children)]


def age_words(age: int, lang: str) -> str:
    """A child's age in words: 「3岁」, "3"; a baby under one 「不满1岁」, "under 1"."""
    if age < 1:
        return pick(lang, "不满1岁", "under 1")
    return pick(lang, f"{age}岁", str(age))


def fare_shares(mode: str, party: Party) -> list[FareShare]:
    """Who pays what on a leg of `mode` (``hsr``, ``train``, ``coach``, ``flight``): adults and
    seniors the fare, children by the rules of the module docstring; classes with nobody left
    out. A party of nobody is one adult."""
    grown = party.adults + party.seniors
    if party.size == 0 or grown + party.children == 0:
        return [FareShare("adult", 1, 1.0)]
    counts: dict[str, int] = {}
    laps = grown
    rail = mode in CHILD_RULE_MODES
    for age in sorted(child_ages(party)):
        if (rail and age >= FULL_FROM) or (mode == "flight" and age >= FLIGHT_ADULT_FROM):
            kind = "child_full"
        elif rail and age < FREE_UNDER and laps > 0:
            kind, laps = "lap", laps - 1
        elif rail:
            kind = "child"
        elif mode != "flight":
            kind = "adult"
        elif age < INFANT_UNDER and laps > 0:
            kind, laps = "infant", laps - 1
        else:
            kind = "child_flight"
        counts[kind] = counts.get(kind, 0) + 1
    shares = {"adult": 1.0, "child": CHILD_SHARE, "child_full": 1.0, "child_flight": 1.0,
              "lap": 0.0, "infant": INFANT_SHARE}  # fmt: skip
    out = [
        FareShare("adult", party.adults + counts.pop("adult", 0), 1.0),
        FareShare("senior", party.seniors, 1.0),
    ]
    out += [FareShare(k, n, shares[k]) for k, n in counts.items()]
    return [s for s in out if s.count]


def fare_units(mode: str, party: Party) -> float:
    """How many adult fares `party` pays on a leg of `mode` (see `fare_shares`)."""
    return sum(s.count * s.share for s in fare_shares(mode, party))


def party_fare(fare_cny: float, mode: str, party: Party) -> float:
    """The party's fare for one leg, CNY: `fare_cny` (one adult) × `fare_units`."""
    if mode == "drive":  # a car's tolls and fuel, whoever rides in it
        return round(fare_cny * max(1, -(-party.size // CAR_SEATS)), 2)
    return round(fare_cny * fare_units(mode, party), 2)


_WORDS = {
    "adult": ("{n}位成人×{f}元", "{n} adult{s} × {f} CNY"),
    "senior": ("{n}位老人×{f}元", "{n} senior{s} × {f} CNY"),
    "child": ("{n}名儿童买儿童票（满6岁未满14岁半价）{each}约{f}元",
        "{n} child{ren} on a child ticket (aged 6 to under 14, half fare), {each}about {f} CNY"),
    "child_full": ("{n}名满{full}岁的孩子买全价票", "{n} child{ren} aged {full}+ at the full fare"),
    "child_flight": (
        "{n}名儿童{each}按成人参考价计约{f}元（2–11岁儿童票为成人全价票的50%，参考价是成人折扣价，"
        "折扣价更低时儿童也买成人票；以购票时为准）",
        "{n} child{ren} {each}costed at the adult reference fare, about {f} CNY (2–11: a child "
        "ticket is 50 % of the adult full fare; the reference fare is a discount fare, and a "
        "child buys it when lower; check when booking)",
    ),
    "lap": ("{n}名未满6岁儿童免费（每位大人可带一名，不占座）",
            "{n} under 6 free (one per adult, no seat)"),
    "infant": ("{n}名婴儿{each}约{f}元起（2岁以下婴儿票为全价的1成，不占座）",
               "{n} infant{s} {each}from about {f} CNY (under 2: 10 % of the full fare, no seat)"),
}  # fmt: skip


def child_fare_note(fare_cny: float, mode: str, party: Party, lang: str) -> str:
    """Who pays what on a leg, in words, with the party's total ("" with no children): e.g.
    「2位成人×553元 + 1名儿童买儿童票（满6岁未满14岁半价）约277元，共约1383元」."""
    if not party.children:
        return ""
    parts = []
    for s in fare_shares(mode, party):
        zh, en = _WORDS[s.kind]
        one = s.count == 1
        values = {"n": s.count, "f": f"{fare_cny * s.share:.0f}", "s": "" if one else "s",
                  "ren": "" if one else "ren", "each": "" if one else pick(lang, "每人", "each "),
                  "full": FULL_FROM if mode in CHILD_RULE_MODES else FLIGHT_ADULT_FROM}  # fmt: skip
        parts.append(pick(lang, zh, en).format(**values))
    total = party_fare(fare_cny, mode, party)
    return pick(lang, " + ".join(parts) + f"，共约{total:.0f}元",
                " + ".join(parts) + f" — about {total:.0f} CNY in all")  # fmt: skip
