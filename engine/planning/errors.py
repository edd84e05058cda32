"""PlanningError: a request that cannot be planned, with what to change, in zh and en."""

from __future__ import annotations

#: Every code a PlanningError carries: all mean "this request cannot be planned as asked".
PLANNING_ERROR_CODES = frozenset(
    {"unknown_destination", "no_attractions", "no_transport", "too_few_days", "trip_too_short"}
)


class PlanningError(Exception):
    """The request cannot be turned into any plan.

    Attributes:
        code: stable identifier, one of `PLANNING_ERROR_CODES`.
        zh, en: the message in each language (what conflicts and what to relax).
    """

    def __init__(self, code: str, zh: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.zh = zh
        self.en = en

    def message(self, lang: str) -> str:
        """The message in `lang` (``zh`` or ``en``)."""
        return self.zh if lang == "zh" else self.en
