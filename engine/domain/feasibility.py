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
        habit: the wish was said as a habit and is now remembered for later trips (shown so).
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    said: str
    value: str = ""
    status: Literal["honoured", "partly", "not"]
    message: str
    reason: str | None = None
    remembered: bool = False
    habit: bool = False


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

    @property
    def state(self) -> Literal["ok", "warn", "fail"]:
        """``ok`` (every check passed), ``warn`` (only warnings failed), ``fail``."""
        if not self.failures:
            return "ok"
        return "warn" if self.passed else "fail"

    def verdict(self, lang: str) -> str:
        """The one wording of this report's outcome, in `lang` (``zh``, else English), that
        the app's badge, the progress lines, the guide, the PDF and ``lvtu show`` all use:
        「可行：16项检查全部通过」, 「可行，1项提醒」, 「不可行：2项检查未通过」."""
        zh = lang == "zh"
        if self.state == "ok":
            n = len(self.checks)
            return f"可行：{n}项检查全部通过" if zh else f"Feasible — all {n} checks passed"
        if self.state == "warn":
            n = len(self.failures)
            return f"可行，{n}项提醒" if zh else f"Feasible, {n} warning" + ("s" * (n != 1))
        n = sum(c.severity == "error" for c in self.failures)
        return (
            f"不可行：{n}项检查未通过"
            if zh
            else f"Not feasible: {n} check" + ("s failed" if n != 1 else " failed")
        )
