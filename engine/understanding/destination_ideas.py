"""Destinations offered when a request names none ("Somewhere warm in January for a week, from
Beijing", 「12月底从广州出发想去看雪」, "Cheapest possible 3 days from Guangzhou, I'm a student"):
two to four covered destinations chosen by what was said — warm or snowy in the month said
(`engine.knowledge.climate`'s winter zones), cheap (near the place of departure, sights mostly
free), or at their best that month (`Destination.best_months`) — each with why, instead of a bare
"Where would you like to go?" (`engine.understanding.result.ParseProblem.ideas`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.knowledge.climate import highland, is_winter, winter_zone
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination

#: What a request without a destination may ask of one.
_WARM = re.compile(
    r"暖和|温暖|暖一点|避寒|晒太阳|热带|\bwarm(?:er|th)?\b|\bsunny\b|\bsunshine\b", re.I
)
_SNOW = re.compile(r"看雪|玩雪|雪景|下雪|滑雪|冰雪|\bsnow(?:y)?\b|\bski(?:ing)?\b", re.I)
_CHEAP = re.compile(
    r"便宜|省钱|穷游|花钱少|少花钱|预算(?:不多|有限|少)|学生|\bcheap(?:est)?\b|\bbudget\b|"
    r"\bstudents?\b|\blow[- ]cost\b|\binexpensive\b",
    re.I,
)
#: Words that show snow at a destination (its summary or a sight's name).
_SNOWY = re.compile(r"雪|冰|\bsnow|\bice\b|\bski", re.I)
#: How many destinations are offered, and the nearest a cheap one may be (km, not the city
#: itself) and the farthest (a short trip's ride each way).
IDEAS, NEAR_KM, CHEAP_KM = 3, 40, 450


@dataclass(frozen=True)
class Idea:
    """A destination offered, with why in both languages (`why_zh`, `why_en`)."""

    destination: Destination
    why_zh: str
    why_en: str

    def text(self, lang: str) -> str:
        """「三亚（热带，1月也暖和）」, "Sanya (tropical: warm even in January)"."""
        if lang == "zh":
            return f"{self.destination.name_zh}（{self.why_zh}）"
        return f"{self.destination.name_en} ({self.why_en})"


def wants(text: str) -> tuple[str, ...]:
    """What `text` asks of a destination: ``warm``, ``snow``, ``cheap`` (in that order)."""
    said = (("warm", _WARM), ("snow", _SNOW), ("cheap", _CHEAP))
    return tuple(k for k, rx in said if rx.search(text))


def destination_ideas(
    text: str,
    destinations: Iterable[Destination],
    month: int | None,
    origin: tuple[float, float] | None,
) -> tuple[Idea, ...]:
    """Up to `IDEAS` destinations for a request `text` that names none, for a trip in `month`
    (1..12, None: not said) from `origin` (lat, lon; None: not said); () when the words ask
    nothing a destination can be chosen by (no warmth, snow, low cost or month)."""
    asked = wants(text)
    if not asked and month is None:
        return ()
    scored: list[tuple[tuple[float, ...], Idea]] = []
    for d in destinations:
        km = haversine_m(origin[0], origin[1], d.lat, d.lon) / 1000 if origin else None
        if km is not None and km < NEAR_KM:
            continue  # the place of departure itself
        fit = _idea(d, asked, month, km)
        if fit is not None:
            best = month is not None and month in d.best_months
            # then at its best that month, then the better known (more sights known here)
            scored.append(((*fit[0], 0 if best else 1, -len(d.attractions), km or 0.0), fit[1]))
    scored.sort(key=lambda s: s[0])
    chosen: list[Idea] = []
    for _, idea in scored:  # one a province: 三亚, 厦门 and 版纳 rather than three in 海南
        if all(c.destination.province != idea.destination.province for c in chosen):
            chosen.append(idea)
    return tuple(chosen[:IDEAS])


def _idea(
    d: Destination, asked: tuple[str, ...], month: int | None, km: float | None
) -> tuple[tuple[float, ...], Idea] | None:
    """(rank key, idea) of `d` for what was asked, or None when it does not fit."""
    zone = winter_zone(d)
    m_zh = f"{month}月" if month else "冬天"
    m_en = _MONTHS[month - 1] if month else "winter"
    far_zh = f"离出发地约{round(km, -1):.0f}公里" if km is not None else ""
    far_en = f"about {round(km, -1):.0f} km away" if km is not None else ""
    if "warm" in asked:
        if highland(d) or zone not in ("tropical", "mild"):
            return None
        zh = "热带，" + m_zh + "也暖和" if zone == "tropical" else "岭南，冬天温和"
        en = f"tropical: warm even in {m_en}" if zone == "tropical" else "mild winters"
        return (0 if zone == "tropical" else 1,), Idea(d, _join(zh, far_zh), _join(en, far_en))
    if "snow" in asked:
        winter = month is None or is_winter(zone, month)
        snowy = [a.name_zh for a in d.attractions if _SNOWY.search(f"{a.name_zh} {a.name_en}")]
        if (
            not winter
            or zone not in ("severe", "cold")
            or not (snowy or _SNOWY.search(d.summary_zh))
        ):
            return None
        spot = f"：{snowy[0]}" if snowy else ""
        en_spot = (
            f": {next(a.name_en for a in d.attractions if a.name_zh == snowy[0])}" if snowy else ""
        )
        return (0 if zone == "severe" else 1, 0 if snowy else 1), Idea(
            d, _join(f"{m_zh}有冰雪{spot}", far_zh), _join(f"snow in {m_en}{en_spot}", far_en)
        )
    if "cheap" in asked:
        if km is None or km > CHEAP_KM or not d.headline or "特别行政区" in d.province:
            return None
        heads = [a for a in d.attractions if a.id in d.headline]
        free = sum(1 for a in heads if a.ticket_cny == 0)
        zh = f"{far_zh}，必看景点{free}/{len(heads)}个免费"
        en = f"{far_en}; {free} of its {len(heads)} must-sees are free"
        return (-free / len(heads), km), Idea(d, zh, en)
    if month is not None and month in d.best_months:
        return (0,), Idea(
            d, _join(f"{m_zh}正是好时候", far_zh), _join(f"at its best in {m_en}", far_en)
        )
    return None


def _join(*parts: str) -> str:
    return (
        "，".join(p for p in parts if p)
        if any(_cjk(p) for p in parts)
        else "; ".join(p for p in parts if p)
    )


def _cjk(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")  # fmt: skip


__all__ = ["Idea", "destination_ideas", "wants"]
