"""The solver's budget (engine.planning.search_budget): seconds by default, iterations with
LVTU_SOLVER_ITERATIONS — then the same request gives the same plan whatever the machine's load."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from engine.domain.request import TripRequest
from engine.planning import plan_trip, search_budget, toptw
from tests.helpers.plans import KB

INSTANCE = toptw.Instance(
    travel=((0, 5), (5, 0)),
    visits=(toptw.Visit(location=1, service=10, tw_early=0, tw_late=100, score=3),),
    tours=(toptw.Tour(start=0, end=0, earliest=0, latest=100),),
)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The stopping arguments `toptw.solve` gets."""
    seen: list[dict[str, Any]] = []
    real = toptw.solve

    def spy(instance: toptw.Instance, **kwargs: Any) -> toptw.Solution:
        seen.append({k: kwargs.get(k) for k in ("time_limit_s", "max_iterations")})
        return real(instance, **kwargs)

    monkeypatch.setattr(toptw, "solve", spy)
    return seen


def test_by_default_the_budget_is_seconds(
    calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(search_budget.ITERATIONS_VARIABLE, raising=False)
    assert search_budget.solve(INSTANCE, 0.05).feasible
    assert calls == [{"time_limit_s": 0.05, "max_iterations": None}]


def test_with_the_variable_the_budget_is_iterations_per_second(
    calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(search_budget.ITERATIONS_VARIABLE, "500")
    assert search_budget.solve(INSTANCE, 0.4).feasible
    assert search_budget.solve(INSTANCE, 0.0001).feasible  # (at least one iteration)
    assert calls == [
        {"time_limit_s": None, "max_iterations": 200},
        {"time_limit_s": None, "max_iterations": 1},
    ]


@pytest.mark.parametrize("value", ["-3", "0", "fast", "1.5"])
def test_a_malformed_value_is_refused_with_its_name(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(search_budget.ITERATIONS_VARIABLE, value)
    with pytest.raises(ValueError, match="LVTU_SOLVER_ITERATIONS"):
        search_budget.solve(INSTANCE, 0.1)


def test_counted_in_iterations_the_same_request_gives_the_same_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(search_budget.ITERATIONS_VARIABLE, "300")
    request = TripRequest(
        departure="shanghai", destinations=("hangzhou",), days=3, start_date=dt.date(2026, 12, 5)
    )
    first, second = plan_trip(request, KB), plan_trip(request, KB)
    assert first.days == second.days and first.feasibility == second.feasibility
