"""What changed between two versions of an itinerary: stops added, removed, moved, re-timed;
lodging; intercity legs (another mode or time); dates; total cost (said only when it changed)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Party
from engine.editing.sketch import is_stop
from engine.i18n import pick

ChangeKind = Literal["added", "removed", "moved", "retimed", "lodging", "leg"]

#: Intercity modes in words (zh, en).
LEG_MODES = {
    "hsr": ("高铁", "high-speed train"), "train": ("火车", "train"), "flight": ("飞机", "flight"),
    "coach": ("大巴", "coach"), "taxi": ("打车", "taxi"), "charter": ("包车", "chartered car"),
    "bus": ("公交", "bus"),
}  # fmt: skip


@dataclass(frozen=True)
class StopChange:
    """One change of one place.

    Attributes:
        kind: ``added``, ``removed``, ``moved`` (another day or position), ``retimed`` (same
            day and position, another start or end), ``lodging`` (a night elsewhere), ``leg``
            (an intercity leg by another mode, route or time; `name` is its route).
        poi_id, name: the place (name as the newer version shows it).
        day_a, day_b: 1-based day in the older / newer version (None where absent).
        position_a, position_b: 1-based place among the day's stops.
        start_a, start_b, end_a, end_b: local times ``HH:MM``.
        mode_a, mode_b: a leg's mode in each version (`engine.domain.itinerary.Mode` values).
        route_a: a leg's older route when it changed ("上海虹桥站 → 黄山北站"), else None.
        name_a: the older lodging of a ``lodging`` change, else None.
    """

    kind: ChangeKind
    poi_id: str
    name: str
    day_a: int | None = None
    day_b: int | None = None
    position_a: int | None = None
    position_b: int | None = None
    start_a: str | None = None
    start_b: str | None = None
    end_a: str | None = None
    end_b: str | None = None
    mode_a: str | None = None
    mode_b: str | None = None
    route_a: str | None = None
    name_a: str | None = None

    def line(self, lang: str) -> str:
        """The change in words."""
        if self.kind == "added":
            return pick(lang, f"+ 第{self.day_b}天 {self.start_b} {self.name}",
                        f"+ day {self.day_b} {self.start_b} {self.name}")  # fmt: skip
        if self.kind == "removed":
            return pick(lang, f"- 第{self.day_a}天 {self.start_a} {self.name}",
                        f"- day {self.day_a} {self.start_a} {self.name}")  # fmt: skip
        if self.kind == "lodging":
            was_zh, was_en = (
                (f"（原来住{self.name_a}）", f" (was {self.name_a})") if self.name_a else ("", "")
            )
            return pick(lang, f"~ 第{self.day_b}晚住 {self.name}{was_zh}",
                        f"~ night {self.day_b} at {self.name}{was_en}")  # fmt: skip
        if self.kind == "leg":
            (a_zh, a_en), (b_zh, b_en) = _mode(self.mode_a), _mode(self.mode_b)
            times_a, times_b = f"{self.start_a}–{self.end_a}", f"{self.start_b}–{self.end_b}"
            if self.route_a:
                return pick(lang, f"⇄ 第{self.day_b}天 {a_zh} {self.route_a} {times_a} → "
                            f"{b_zh} {self.name} {times_b}", f"⇄ day {self.day_b} {a_en} "
                            f"{self.route_a} {times_a} → {b_en} {self.name} {times_b}")  # fmt: skip
            if (self.mode_a, times_a) == (self.mode_b, times_b):  # the same leg on another day
                return pick(lang, f"⇄ {self.name}：{b_zh} {times_b}，第{self.day_a}天 → 第{self.day_b}天",
                            f"⇄ {self.name}: {b_en} {times_b}, day {self.day_a} → day {self.day_b}")  # fmt: skip
            return pick(lang, f"⇄ 第{self.day_b}天 {self.name}：{a_zh} {times_a} → {b_zh} {times_b}",
                        f"⇄ day {self.day_b} {self.name}: {a_en} {times_a} → {b_en} {times_b}")  # fmt: skip
        if self.kind == "moved":
            return pick(
                lang,
                f"→ {self.name}：第{self.day_a}天第{self.position_a}站 {self.start_a} → "
                f"第{self.day_b}天第{self.position_b}站 {self.start_b}",
                f"→ {self.name}: day {self.day_a} stop {self.position_a} {self.start_a} → "
                f"day {self.day_b} stop {self.position_b} {self.start_b}",
            )
        return pick(lang, f"~ 第{self.day_b}天 {self.name} {self.start_a}–{self.end_a} → "
                    f"{self.start_b}–{self.end_b}", f"~ day {self.day_b} {self.name} "
                    f"{self.start_a}–{self.end_a} → {self.start_b}–{self.end_b}")  # fmt: skip


@dataclass(frozen=True)
class ItineraryDiff:
    """The changes from version `a` to version `b` (costs in CNY for the whole party)."""

    a: int
    b: int
    changes: tuple[StopChange, ...]
    days_a: int
    days_b: int
    start_a: str
    start_b: str
    cost_a: float
    cost_b: float
    party_a: tuple[int, int, int] = (1, 0, 0)
    party_b: tuple[int, int, int] = (1, 0, 0)

    def lines(self, lang: str) -> list[str]:
        """The diff in words, one change a line, then days, dates and cost."""
        out = [c.line(lang) for c in self.changes]
        if self.days_a != self.days_b:
            out.append(pick(lang, f"天数：{self.days_a} → {self.days_b}",
                            f"days: {self.days_a} → {self.days_b}"))  # fmt: skip
        if self.start_a != self.start_b:
            out.append(pick(lang, f"出发：{self.start_a} → {self.start_b}",
                            f"starts: {self.start_a} → {self.start_b}"))  # fmt: skip
        if self.party_a != self.party_b:
            (a_zh, a_en), (b_zh, b_en) = (party_words(Party(adults=a, children=c, seniors=s))
                                          for a, c, s in (self.party_a, self.party_b))  # fmt: skip
            out.append(pick(lang, f"出行的人：{a_zh} → {b_zh}", f"travellers: {a_en} → {b_en}"))
        delta = round(self.cost_b) - round(self.cost_a)
        if delta:
            out.append(pick(lang, f"总花费：¥{self.cost_a:,.0f} → ¥{self.cost_b:,.0f}（{delta:+,}）",
                            f"total cost: ¥{self.cost_a:,.0f} → ¥{self.cost_b:,.0f} ({delta:+,})"))  # fmt: skip
        elif not out:
            out.append(pick(lang, f"没有变化（总花费¥{self.cost_b:,.0f}）",
                            f"no changes (total cost ¥{self.cost_b:,.0f})"))  # fmt: skip
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a, "b": self.b, "changes": [asdict(c) for c in self.changes],
            "days": [self.days_a, self.days_b], "start": [self.start_a, self.start_b],
            "total_cost_cny": [self.cost_a, self.cost_b],
            "party": [list(self.party_a), list(self.party_b)],
        }  # fmt: skip


def _stops(itinerary: Itinerary) -> dict[str, tuple[int, int, str, str, str]]:
    """poi id → (day, position, start, end, name) of every stop."""
    found: dict[str, tuple[int, int, str, str, str]] = {}
    for day in itinerary.days:
        position = 0
        for item in day.items:
            if is_stop(item) and item.poi_id:
                position += 1
                found[item.poi_id] = (
                    day.index,
                    position,
                    f"{item.start:%H:%M}",
                    f"{item.end:%H:%M}",
                    item.name,
                )
    return found


def diff(a: Itinerary, b: Itinerary) -> ItineraryDiff:
    """The changes from `a` to `b` (two versions of one itinerary)."""
    old, new = _stops(a), _stops(b)
    changes: list[StopChange] = []
    for poi, (day, pos, start, end, name) in old.items():
        if poi not in new:
            changes.append(StopChange("removed", poi, name, day, None, pos, None, start, None, end))
    for poi, (day, pos, start, end, name) in new.items():
        if poi not in old:
            changes.append(
                StopChange("added", poi, name, None, day, None, pos, None, start, None, end)
            )
            continue
        d0, p0, s0, e0, _ = old[poi]
        kind: ChangeKind | None = None
        if (d0, p0) != (day, pos):
            kind = "moved"
        elif (s0, e0) != (start, end):
            kind = "retimed"
        if kind:
            changes.append(StopChange(kind, poi, name, d0, day, p0, pos, s0, start, e0, end))
    nights_a = {d.index: d for d in a.days}
    for night in b.days:
        was = nights_a.get(night.index)
        if night.lodging_id and was and was.lodging_id not in (None, night.lodging_id):
            name, name_a = _lodging_name(night), _lodging_name(was)
            changes.append(StopChange("lodging", night.lodging_id, name, night.index, night.index,
                                      name_a=name_a))  # fmt: skip
    changes += _legs(a, b)
    changes.sort(key=lambda c: (c.day_b or c.day_a or 0, c.position_b or c.position_a or 0))
    return ItineraryDiff(
        a.version, b.version, tuple(changes), len(a.days), len(b.days),
        a.days[0].date.isoformat() if a.days else "", b.days[0].date.isoformat() if b.days else "",
        a.total_cost_cny, b.total_cost_cny, _party(a), _party(b),
    )  # fmt: skip


def _lodging_name(day: Any) -> str:
    """The name of where `day` (an `engine.domain.itinerary.Day`) ends, as the plan shows it:
    its lodging item's — not the ride there, which carries the same POI id."""
    item = next((i for i in day.items if i.kind == ItemKind.LODGING
                 and i.poi_id == day.lodging_id), None)  # fmt: skip
    return item.name if item else (day.lodging_id or "")


def _party(it: Itinerary) -> tuple[int, int, int]:
    party = it.request.party
    return party.adults, party.children, party.seniors


def _mode(mode: str | None) -> tuple[str, str]:
    return LEG_MODES.get(mode or "", (mode or "?", mode or "?"))


def _legs(a: Itinerary, b: Itinerary) -> list[StopChange]:
    """Intercity legs that changed (mode, route or times), the first leg with the first, the
    last with the last (a leg added or removed in between pairs in order)."""

    def legs(it: Itinerary) -> list[tuple[int, Item]]:
        return [(d.index, i) for d in it.days for i in d.items if i.kind == ItemKind.INTERCITY]

    old, new = legs(a), legs(b)
    changes: list[StopChange] = []
    for (day_a, x), (day_b, y) in zip(old, new, strict=False):
        before = (x.mode, x.name, f"{x.start:%H:%M}", f"{x.end:%H:%M}")
        after = (y.mode, y.name, f"{y.start:%H:%M}", f"{y.end:%H:%M}")
        if before != after or day_a != day_b:
            changes.append(StopChange(
                "leg", y.poi_id or "", y.name, day_a, day_b, None, 0, before[2], after[2],
                before[3], after[3], x.mode.value if x.mode else None,
                y.mode.value if y.mode else None, x.name if x.name != y.name else None))  # fmt: skip
    return changes


def party_words(party: Party) -> tuple[str, str]:
    """Who travels in words (zh, en): 「2位成人、2名儿童」, "2 adults, 2 children"."""
    counts = ((party.adults, "位成人", "adult"), (party.children, "名儿童", "child"),
              (party.seniors, "位老人", "senior"))  # fmt: skip
    zh = "、".join(f"{n}{word}" for n, word, _ in counts if n)
    en = ", ".join(
        f"{n} {word if n == 1 else ('children' if word == 'child' else word + 's')}"
        for n, _, word in counts
        if n
    )
    return zh, en
