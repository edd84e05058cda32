"""Feasibility report: the validator's verdict, one check per constraint."""

from __future__ import annotations

from typing import Literal

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


class WishCheck(BaseModel):
    """How the plan answers one wish the person said (the report's *wishes* section).

    Attributes:
        kind: the wish's kind (`engine.domain.request.WishKind`).
        value: the wish's normalised value (`Wish.value`: a POI id, a tag, a mode …).
        said: the person's words (「想喝早茶」, "no stairs").
        status: ``honoured``, ``partly`` (honoured on some days or legs) or ``not``.
        message: how it is answered, in the plan's language (「第1天 08:00 点都德喝早茶」).
        reason: why it is only partly or not honoured, and what to relax (when not honoured).
        remembered: the wish came from long-term memory (shown so it can be dropped).
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    said: str
    value: str = ""
    status: Literal["honoured", "partly", "not"]
    message: str
    reason: str | None = None
    remembered: bool = False


class FeasibilityReport(BaseModel):
    """All checks of one plan. `passed` is true when no error-severity check failed.

    `wishes` answers each wish the person said (honoured, partly, not — with the reason);
    it does not affect `passed`.
    """

    model_config = ConfigDict(frozen=True)

    checks: tuple[Check, ...]
    wishes: tuple[WishCheck, ...] = ()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def passed(self) -> bool:
        return all(c.passed or c.severity != "error" for c in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.passed)
