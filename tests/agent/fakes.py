"""Fakes for agent tests: a small Huangshan knowledge base and a deterministic pipeline."""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.agent.tools import Pipeline
from engine.domain.feasibility import Check, FeasibilityReport
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.domain.request import Pace, TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Destination

SEED = "上海出发去黄山玩两天"
TODAY = dt.date(2026, 12, 1)
PROV: dict[str, Any] = {
    "as_of": dt.date(2026, 11, 1),
    "source": "agent test data",
    "confidence": "estimated",
}


def _sight(id_: str, zh: str, en: str, tags: str, popularity: int, ticket: float) -> dict[str, Any]:
    return {
        "id": id_, "name_zh": zh, "name_en": en, "lat": 30.1, "lon": 118.1,
        "hours": "08:00-17:30", "visit_minutes": 120, "ticket_cny": ticket,
        "tags": tags.split(), "popularity": popularity, "description_zh": "测试用景点",
        "description_en": "A sight for agent tests.", **PROV,
    }  # fmt: skip


def _food(id_: str, zh: str, en: str, cuisines: str) -> dict[str, Any]:
    return {
        "id": id_, "name_zh": zh, "name_en": en, "lat": 30.1, "lon": 118.2,
        "hours": "10:00-21:00", "price_per_person_cny": 80, "cuisines": cuisines.split(),
        "signature_dishes_zh": ["臭鳜鱼"], "signature_dishes_en": ["stinky mandarin fish"], **PROV,
    }  # fmt: skip


HUANGSHAN: dict[str, Any] = {
    "id": "huangshan", "name_zh": "黄山", "name_en": "Huangshan", "province": "安徽省",
    "adcode": "341000", "lat": 29.71, "lon": 118.31, "radius_km": 80, **PROV,
    "attractions": [
        _sight("huangshan-scenic", "黄山风景区", "Mount Huangshan", "mountain nature", 5, 190),
        _sight("hongcun", "宏村", "Hongcun", "village heritage", 5, 94),
        _sight("xidi", "西递", "Xidi", "village heritage", 4, 94),
        _sight("tunxi-old-street", "屯溪老街", "Tunxi Old Street", "old-town shopping", 3, 0),
        _sight("huizhou-museum", "徽州博物馆", "Huizhou Museum", "museum history", 2, 0),
    ],
    "restaurants": [
        _food("hui-kitchen", "徽州人家", "Huizhou Kitchen", "hui local"),
        _food("chili-house", "川味小馆", "Chili House", "sichuan spicy"),
    ],
    "lodging": [
        {"id": "tunxi-lodging", "name_zh": "屯溪", "name_en": "Tunxi", "lat": 29.71, "lon": 118.31,
         "price_min_cny": 200, "price_max_cny": 500, "description_zh": "屯溪住宿区",
         "description_en": "Tunxi lodging area", **PROV},
    ],
}  # fmt: skip
SHANGHAI: dict[str, Any] = {
    "id": "shanghai", "name_zh": "上海", "name_en": "Shanghai", "province": "上海市",
    "adcode": "310000", "lat": 31.23, "lon": 121.47, "radius_km": 60, **PROV,
}  # fmt: skip


def knowledge() -> KnowledgeBase:
    """Huangshan with five sights (one museum) and two restaurants (one spicy); Shanghai."""
    kb = KnowledgeBase()
    kb.add(Destination.model_validate(HUANGSHAN))
    kb.add(Destination.model_validate(SHANGHAI))
    return kb


class FakePlanningError(Exception):
    """Shaped like engine.planning.PlanningError."""

    code = "no_attractions"

    def message(self, lang: str) -> str:
        return (
            "没有符合条件的景点，请放宽限制。"
            if lang == "zh"
            else "No attraction is left; relax what to avoid."
        )


@dataclass(frozen=True)
class Problem:
    zh: str
    en: str

    def message(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class ParseResult:
    request: TripRequest | None
    problem: Problem | None
    lang: str


_DAYS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4}


def parse(text: str, kb: Any, *, today: dt.date | None = None, options: Any = None) -> ParseResult:
    """Understands 「…去黄山玩N天」 and "N days in Huangshan"; anything else is a problem."""
    lang = "en" if text.isascii() else "zh"
    zh = re.search(r"去黄山玩([一两二三四\d])天", text)
    en = re.search(r"(\d) days? in huangshan", text, re.I)
    if zh is None and en is None:
        problem = Problem("没看懂要去哪里。请说出发地、目的地和天数，例如：上海出发去黄山玩两天。",
                          "I could not tell where you want to go. Try: 2 days in Huangshan from Shanghai.")  # fmt: skip
        return ParseResult(None, problem, lang)
    raw = zh.group(1) if zh else en.group(1)  # type: ignore[union-attr]
    days = int(raw) if raw.isdigit() else _DAYS[raw]
    avoid = ("spicy",) if "不吃辣" in text else ()
    request = TripRequest.model_validate(
        {
            "departure": "shanghai" if ("上海" in text or "shanghai" in text.lower()) else None,
            "destinations": ["huangshan"], "days": days, "lang": lang, "text": text,
            "avoid": {"cuisines": avoid},
        }
    )  # fmt: skip
    return ParseResult(request, None, lang)


@dataclass
class FakePipeline:
    """Deterministic planner and guide. Hooks let a test block or observe a step.

    Attributes:
        plan_hook: called as ``plan_hook(request, stop)`` on the planning thread before planning.
        guide_gate: when set, the guide waits for it after its first chunk.
        calls: every request planned, in order.
        threads: the thread name of each planning call.
    """

    plan_hook: Callable[[TripRequest, Callable[[], bool]], None] | None = None
    guide_gate: threading.Event | None = None
    fail_with: Exception | None = None
    calls: list[TripRequest] = field(default_factory=list)
    threads: list[str] = field(default_factory=list)
    kb: KnowledgeBase = field(default_factory=knowledge)

    def pipeline(self) -> Pipeline:
        return Pipeline(parse=parse, plan=self.plan, iter_guide=self.iter_guide,
                        questions=self.questions, knowledge=lambda: self.kb)  # fmt: skip

    def plan(self, request: TripRequest, kb: KnowledgeBase, *, stop: Callable[[], bool] | None = None,
             today: dt.date | None = None) -> Itinerary:  # fmt: skip
        self.calls.append(request)
        self.threads.append(threading.current_thread().name)
        if self.plan_hook is not None:
            self.plan_hook(request, stop or (lambda: False))
        if self.fail_with is not None:
            raise self.fail_with
        dest = kb.destinations[request.destinations[0]]
        sights = [a for a in dest.attractions
                  if a.id not in request.avoid.places and not set(a.tags) & set(request.avoid.tags)]  # fmt: skip
        sights.sort(key=lambda a: (a.id not in request.must_see, -a.popularity, a.id))
        food = [r for r in dest.restaurants if not set(r.cuisines) & set(request.avoid.cuisines)]
        if not sights:
            raise FakePlanningError()
        start = request.resolved_start_date(today or TODAY)
        days, people = [], request.party.size
        for index in range(1, request.days + 1):
            pace = request.day_pace.get(index, request.pace)
            count = 1 if pace == Pace.RELAXED else 2
            picked, sights = sights[:count], sights[count:]
            items = [
                Item(kind=ItemKind.ATTRACTION, name=a.name(request.lang), poi_id=a.id,
                     start=dt.time(9 + 3 * n), end=dt.time(11 + 3 * n), cost_cny=a.ticket_cny * people)
                for n, a in enumerate(picked)
            ]  # fmt: skip
            items += [
                Item(kind=ItemKind.MEAL, name=r.name(request.lang), poi_id=r.id, meal="dinner",
                     start=dt.time(18), end=dt.time(19), cost_cny=r.price_per_person_cny * people)
                for r in food[:1]
            ]  # fmt: skip
            days.append(Day(index=index, date=start + dt.timedelta(days=index - 1),
                            destination=dest.id, items=tuple(items)))  # fmt: skip
        total = sum(d.cost_cny for d in days)
        within = request.budget_cny is None or total <= request.budget_cny
        report = FeasibilityReport(checks=(
            Check(code="opening_hours", passed=True, message="开放时间内" if request.lang == "zh" else "within opening hours"),
            Check(code="budget", passed=within, severity="warning",
                  message="预算内" if within else "超出预算", relax=None if within else "提高预算"),
        ))  # fmt: skip
        title = (
            f"{dest.name_zh}{request.days}日游"
            if request.lang == "zh"
            else f"{request.days} days in {dest.name_en}"
        )
        return Itinerary(
            title=title, request=request, days=tuple(days), feasibility=report, lang=request.lang
        )

    def iter_guide(self, itinerary: Itinerary, kb: KnowledgeBase) -> Iterator[str]:
        yield f"# {itinerary.title}\n\n"
        if self.guide_gate is not None:
            self.guide_gate.wait(timeout=30)
        for day in itinerary.days:
            yield f"## Day {day.index}\n" + "".join(f"- {i.name}\n" for i in day.items)
        report = itinerary.feasibility
        if report is not None:  # what the real writer's last section says: the checks failed
            yield "## Feasibility\n" + "".join(f"- {c.code}\n" for c in report.failures)

    def questions(self, itinerary: Itinerary, kb: KnowledgeBase) -> Sequence[str]:
        if itinerary.lang == "zh":
            return ("第二天轻松一点", "把宏村换成西递", "加一天")
        return ("Make day 2 more relaxed", "Replace Hongcun with Xidi", "Add a day")
