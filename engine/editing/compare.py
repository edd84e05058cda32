"""What changed between two versions of an itinerary: stops added, removed, moved, re-timed;
lodging; dates; total cost."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from engine.domain.itinerary import Itinerary
from engine.editing.sketch import is_stop
from engine.i18n import pick

ChangeKind = Literal["added", "removed", "moved", "retimed", "lodging"]


@dataclass(frozen=True)
class StopChange:
    """One change of one place.

    Attributes:
        kind: ``added``, ``removed``, ``moved`` (another day or position), ``retimed`` (same
            day and position, another start or end), ``lodging`` (a night elsewhere).
        poi_id, name: the place (name as the newer version shows it).
        day_a, day_b: 1-based day in the older / newer version (None where absent).
        position_a, position_b: 1-based place among the day's stops.
        start_a, start_b, end_a, end_b: local times ``HH:MM``.
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

    def line(self, lang: str) -> str:
        """The change in words."""
        if self.kind == "added":
            return pick(lang, f"+ 第{self.day_b}天 {self.start_b} {self.name}",
                        f"+ day {self.day_b} {self.start_b} {self.name}")  # fmt: skip
        if self.kind == "removed":
            return pick(lang, f"- 第{self.day_a}天 {self.start_a} {self.name}",
                        f"- day {self.day_a} {self.start_a} {self.name}")  # fmt: skip
        if self.kind == "lodging":
            return pick(lang, f"~ 第{self.day_b}晚住 {self.name}",
                        f"~ night {self.day_b} at {self.name}")  # fmt: skip
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

    def lines(self, lang: str) -> list[str]:
        """The diff in words, one change a line, then days, dates and cost."""
        out = [c.line(lang) for c in self.changes]
        if self.days_a != self.days_b:
            out.append(pick(lang, f"天数：{self.days_a} → {self.days_b}",
                            f"days: {self.days_a} → {self.days_b}"))  # fmt: skip
        if self.start_a != self.start_b:
            out.append(pick(lang, f"出发：{self.start_a} → {self.start_b}",
                            f"starts: {self.start_a} → {self.start_b}"))  # fmt: skip
        delta = self.cost_b - self.cost_a
        out.append(pick(lang, f"总花费：¥{self.cost_a:,.0f} → ¥{self.cost_b:,.0f}（{delta:+,.0f}）",
                        f"total cost: ¥{self.cost_a:,.0f} → ¥{self.cost_b:,.0f} ({delta:+,.0f})"))  # fmt: skip
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a, "b": self.b, "changes": [asdict(c) for c in self.changes],
            "days": [self.days_a, self.days_b], "start": [self.start_a, self.start_b],
            "total_cost_cny": [self.cost_a, self.cost_b],
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
    nights_a = {d.index: d.lodging_id for d in a.days}
    for night in b.days:
        if night.lodging_id and nights_a.get(night.index) not in (None, night.lodging_id):
            item = next((i for i in night.items if i.poi_id == night.lodging_id), None)
            name = item.name if item else night.lodging_id
            changes.append(StopChange("lodging", night.lodging_id, name, night.index, night.index))
    changes.sort(key=lambda c: (c.day_b or c.day_a or 0, c.position_b or c.position_a or 0))
    return ItineraryDiff(
        a.version, b.version, tuple(changes), len(a.days), len(b.days),
        a.days[0].date.isoformat() if a.days else "", b.days[0].date.isoformat() if b.days else "",
        a.total_cost_cny, b.total_cost_cny,
    )  # fmt: skip
