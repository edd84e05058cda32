"""`EditRefused`: an edit that cannot be done, with the reason and, where one exists, an
alternative that can."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.i18n import pick

if TYPE_CHECKING:
    from engine.editing.ops import Edit

#: Codes of `EditRefused.code`.
CODES = (
    "unknown_stop",  # the stop is not in the plan
    "unknown_place",  # the place is in neither the knowledge base nor a data pack
    "bad_day",  # no such day, or a day that holds only travel
    "does_not_fit",  # the solver / validator finds no feasible timing
    "stale",  # made on an older version, and it no longer applies to the newest
    "unsupported",  # e.g. removing the only day
    "unchanged",  # the edit would give the same plan (a regenerated or lighter day)
)


class EditRefused(Exception):
    """An edit refused; nothing was stored.

    Attributes:
        code: one of `CODES`.
        zh, en: the reason, in both languages.
        alternative: an edit that can be done instead (e.g. the same place on another day), or
            None.
        alternative_zh, alternative_en: the alternative in words ("" without one).
    """

    def __init__(
        self,
        code: str,
        zh: str,
        en: str,
        *,
        alternative: Edit | None = None,
        alternative_zh: str = "",
        alternative_en: str = "",
    ) -> None:
        super().__init__(en)
        self.code = code
        self.zh, self.en = zh, en
        self.alternative = alternative
        self.alternative_zh, self.alternative_en = alternative_zh, alternative_en

    def message(self, lang: str) -> str:
        """The reason and the alternative, in `lang` (``zh``, else English)."""
        reason = pick(lang, self.zh, self.en)
        other = pick(lang, self.alternative_zh, self.alternative_en)
        if not other:
            return reason
        return reason + pick(lang, f"。可以这样：{other}", f". Instead: {other}")
