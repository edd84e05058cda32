"""High places and the party who should not go up: a baby (`BABY_AGE` or under, said by age),
a senior (`Party.seniors`: 60 and over) or someone who said they fear altitude sickness
(「怕高反」: access need ``altitude``).

For them a visit whose highest point (`Attraction.altitude_m`) is `HIGH_M` or more is its low
part where the record has one (`Attraction.low_visit`: 玉龙雪山 → 蓝月谷 at about 2800 m, not
the glacier park at 4680 m), and is left out where it has none (亚丁's 牛奶海 at about 4600 m),
unless the person named it. The party row says so (`advice`); a plan used to send a one-year-old
up to 4680 m for eight hours without a word.

`HIGH_M` is a planning convention, not a medical rule: travel clinics advise babies, the old and
those with heart or lung trouble against exertion at 4000 m and above (the destination notes:
「第一天别剧烈活动…头痛气短加重时吸氧或下撤」); the party row says to ask a doctor.
"""

from __future__ import annotations

from engine.domain.request import TripRequest
from engine.i18n import join_names, pick
from engine.knowledge.schema import Attraction

#: Metres at or above which those who should not go up see the low part or nothing.
HIGH_M = 4000
#: A child of this age or under (years, as said) is a baby for altitude (婴幼儿: under three).
BABY_AGE = 2


def who(request: TripRequest) -> str | None:
    """Who in the party should not go up: ``"baby"``, ``"senior"``, ``"altitude"`` (said they
    fear it), the first that applies, or None."""
    party = request.party
    if any(age <= BABY_AGE for age in party.child_ages[: party.children]):
        return "baby"
    if party.seniors:
        return "senior"
    if "altitude" in request.access:
        return "altitude"
    return None


def too_high(attraction: Attraction, request: TripRequest) -> bool:
    """Whether `attraction` goes to `HIGH_M` or higher for a party that should not go up."""
    return (attraction.altitude_m or 0) >= HIGH_M and who(request) is not None


def excluded(attraction: Attraction, request: TripRequest) -> bool:
    """Whether `too_high` rules `attraction` out: it has no low part (`Attraction.low_visit`)."""
    return too_high(attraction, request) and attraction.low_visit is None


def lowered(attraction: Attraction, request: TripRequest) -> Attraction:
    """`attraction` as the party visits it: its low part's length and rides (`LowVisit`) when
    `too_high`, else unchanged. Its `altitude_m` stays the whole visit's (the party row names
    the height not gone to)."""
    low = attraction.low_visit
    if low is None or not too_high(attraction, request):
        return attraction
    return attraction.model_copy(
        update={
            "visit_minutes": low.visit_minutes,
            "transport_inside_cny": low.transport_inside_cny,
        }
    )


def _whom(request: TripRequest, lang: str) -> str:
    return {
        "baby": pick(lang, "婴幼儿", "babies"),
        "senior": pick(lang, "老人", "seniors"),
        "altitude": pick(lang, "怕高反的人", "those who fear altitude sickness"),
    }[who(request) or "altitude"]


def visit_note(attraction: Attraction, request: TripRequest, lang: str) -> str:
    """The plan line's word on a lowered visit: 「只游低处的蓝月谷（约2800米）：婴幼儿不宜上到约4680米的高处」;
    "" when the visit is not lowered."""
    low = attraction.low_visit
    if low is None or not too_high(attraction, request):
        return ""
    whom = _whom(request, lang)
    return pick(lang, f"只游低处的{low.name_zh}（约{low.altitude_m}米）：{whom}不宜上到约"
                f"{attraction.altitude_m}米的高处，出发前请咨询医生",
                f"only the low part, {low.name_en} (about {low.altitude_m} m): {whom} should "
                f"not go up to about {attraction.altitude_m} m; ask a doctor before going")  # fmt: skip


def advice(
    planned: list[Attraction], left_out: list[Attraction], request: TripRequest, lang: str
) -> str:
    """The party row's word on altitude, or "": the high visits made in their low part, the
    high ones left out, the named ones kept high (each with its height)."""
    if who(request) is None:
        return ""
    whom = _whom(request, lang)
    parts = []
    low = [(a, a.low_visit) for a in planned if too_high(a, request) and a.low_visit]
    kept = [a for a in planned if excluded(a, request)]
    if low:
        parts.append(join_names([pick(lang, f"{a.name_zh}只游低处的{v.name_zh}（约{v.altitude_m}米，"
                                      f"不上约{a.altitude_m}米的高处）", f"{a.name_en}: only the "
                                      f"low part, {v.name_en} (about {v.altitude_m} m, not up to "
                                      f"about {a.altitude_m} m)") for a, v in low], lang))  # fmt: skip
    if left_out:
        names = join_names([pick(lang, f"{a.name_zh}（约{a.altitude_m}米）",
                                 f"{a.name_en} (about {a.altitude_m} m)") for a in left_out], lang)  # fmt: skip
        parts.append(pick(lang, f"没有安排{names}", f"{names} left out"))
    if kept:
        names = join_names([pick(lang, f"{a.name_zh}（约{a.altitude_m}米）",
                                 f"{a.name_en} (about {a.altitude_m} m)") for a in kept], lang)  # fmt: skip
        parts.append(pick(lang, f"{names}是您点名要去的，仍在高处："
                          "慢走、备氧气，不适立即下撤", f"{names} you named, still high up: walk "
                          "slowly, carry oxygen, come down at once if unwell"))  # fmt: skip
    if not parts:
        return ""
    why = pick(lang, f"{whom}不宜到{HIGH_M}米以上的高处剧烈活动，出发前请咨询医生",
               f"{whom} should not exert themselves above {HIGH_M} m; ask a doctor before going")  # fmt: skip
    return pick(lang, "；", "; ").join(parts) + pick(lang, f"（{why}）", f" ({why})")
