"""plan_trip in a worker process (engine.planning.solver_process): the same plans and errors,
stop forwarded, a dead worker replaced, a reloaded knowledge base reloaded there too."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest

from engine.domain.itinerary import ItemKind
from engine.domain.request import TripRequest
from engine.knowledge.base import default_knowledge
from engine.knowledge.packs import reload_knowledge
from engine.planning import PlanningError, solver_process
from tests.helpers.synthetic_kb import two_city_kb

SATURDAY = dt.date(2026, 12, 5)


@pytest.fixture(scope="module")
def started() -> Iterator[None]:
    default_knowledge()
    solver_process.start()
    yield
    solver_process.stop()


@pytest.fixture
def no_local_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planning in this process fails: what comes back was made by the worker."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("planned in the host process")

    monkeypatch.setattr(solver_process, "plan_trip", refuse)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The messages sent to workers."""
    messages: list[tuple[Any, ...]] = []
    send = solver_process._Worker.send

    def spy(self: Any, message: tuple[Any, ...]) -> bool:
        messages.append(message)
        return send(self, message)

    monkeypatch.setattr(solver_process._Worker, "send", spy)
    return messages


def huangshan(days: int = 2) -> TripRequest:
    return TripRequest(
        departure="shanghai", destinations=("huangshan",), days=days, start_date=SATURDAY
    )


def test_the_worker_makes_the_plan(started: None, no_local_plans: None) -> None:
    plan = solver_process.plan_trip_isolated(huangshan(), default_knowledge())
    assert [d.date for d in plan.days] == [SATURDAY, SATURDAY + dt.timedelta(days=1)]
    names = [i.name for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION]
    assert any("黄山" in n or "迎客松" in n or "光明顶" in n for n in names), names
    assert plan.feasibility is not None


def test_a_planning_error_comes_back_with_its_messages(started: None, no_local_plans: None) -> None:
    request = huangshan().model_copy(update={"destinations": ("nowhere-at-all",)})
    with pytest.raises(PlanningError) as caught:
        solver_process.plan_trip_isolated(request, default_knowledge())
    assert caught.value.code == "unknown_destination"
    assert caught.value.zh and caught.value.en and caught.value.zh != caught.value.en


def test_stop_is_forwarded_and_the_best_plan_so_far_kept(
    started: None, no_local_plans: None, sent: list[tuple[Any, ...]]
) -> None:
    plan = solver_process.plan_trip_isolated(huangshan(4), default_knowledge(), stop=lambda: True)
    assert len(plan.days) == 4
    plan_task = next(m[1] for m in sent if m[0] == "plan")
    assert ("cancel", plan_task) in sent


def test_a_dead_worker_is_replaced(started: None, no_local_plans: None) -> None:
    with solver_process._lock:
        old = [w.process for w in solver_process._idle]
    assert old, "start() left a worker ready"
    for process in old:
        process.kill()
        process.wait()
    plan = solver_process.plan_trip_isolated(huangshan(), default_knowledge())
    assert len(plan.days) == 2
    with solver_process._lock:
        now = [w.process for w in solver_process._idle]
    assert now and not set(now) & set(old)


def test_a_reloaded_knowledge_base_is_reloaded_in_the_worker(
    started: None, no_local_plans: None, sent: list[tuple[Any, ...]]
) -> None:
    solver_process.plan_trip_isolated(huangshan(), default_knowledge())
    reload_knowledge()
    solver_process.plan_trip_isolated(huangshan(), default_knowledge())
    reloads = [m[3] for m in sent if m[0] == "plan"]
    assert reloads == [False, True]


def test_another_knowledge_base_is_planned_here(started: None) -> None:
    kb = two_city_kb()
    request = TripRequest(destinations=("beta",), days=2, departure="alpha", start_date=SATURDAY)
    plan = solver_process.plan_trip_isolated(request, kb)
    assert plan.days[0].items[0].name and len(plan.days) == 2  # (the worker has no "beta")


def test_without_start_plans_are_made_here(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[TripRequest] = []
    monkeypatch.setattr(solver_process, "_started", False)
    monkeypatch.setattr(solver_process, "plan_trip", lambda request, kb, **kw: made.append(request))
    solver_process.plan_trip_isolated(huangshan(), default_knowledge())
    assert made == [huangshan()]
