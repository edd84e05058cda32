"""Feasibility report: the validator's verdict, one check per constraint."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, computed_field


class Check(BaseModel):
    """One constraint checked on a plan.

    Attributes:
        code: stable identifier (e.g. ``opening_hours``, ``budget``).
        passed: whether the plan meets it.
        message: what was checked / what failed, in the plan's language.
        relax: what to change so it can be met (when failed), in the plan's language.
        day: 1-based day the failure is on, if any.
        severity: ``error`` makes the plan infeasible; ``warning`` is shown but does not.
    """

    model_config = ConfigDict(frozen=True)

    code: str
    passed: bool
    message: str
    relax: str | None = None
    day: int | None = None
    severity: str = "error"


class FeasibilityReport(BaseModel):
    """All checks of one plan. `passed` is true when no error-severity check failed."""

    model_config = ConfigDict(frozen=True)

    checks: tuple[Check, ...]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def passed(self) -> bool:
        return all(c.passed or c.severity != "error" for c in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.passed)
