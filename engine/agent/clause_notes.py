"""Every clause of a follow-up applied or answered (README: each clause is read on its own): the
clauses no edit reads are sorted into those a whole-trip revision reads, those with an answer of
their own (`engine.understanding.unread.clause_answer`) and those not understood — the last two
said with the turn's answer, never dropped."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.agent.pool import in_pool
from engine.domain.itinerary import Itinerary
from engine.understanding.revision import parse_revision
from engine.understanding.stop_drops import dropped_destination
from engine.understanding.text import normalize
from engine.understanding.trip_hours import find_trip_hours
from engine.understanding.unread import clause_answer, not_understood, read_alone
from engine.understanding.wishes_again import wish_again_answer

#: A day put before a clause by the clause splitter (「第2天 only plan dinner」).
_DAY_SAID = re.compile(r"^第\d+天\s*")


@dataclass
class Clauses:
    """The clauses of a follow-up that no edit reads.

    Attributes:
        rest: those left for the whole-trip revision (the answered ones taken out).
        answers: what to say of the clauses with an answer of their own.
        unread: the clauses nothing reads.
        refused: whether an answer says a change asked cannot be made (not only questions
            answered and wishes the plan already meets).
    """

    rest: tuple[str, ...]
    answers: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    refused: bool = False

    def note(self, lang: str) -> str:
        """The answers and the unread clauses said back ("" when none), a sentence each."""
        said = [*self.answers, *([not_understood(self.unread, lang)] if self.unread else [])]
        end = "。" if lang == "zh" else ". "
        said = [s[:1].upper() + s[1:] for s in said] if lang == "en" else said
        return "".join(s.rstrip("。. ") + end for s in said).rstrip()


async def sort(
    text: str,
    rest: Sequence[str],
    current: Itinerary,
    kb: Any,
    lang: str,
) -> Clauses:
    """Sort `rest` (the clauses of `text` no edit reads) for a follow-up on `current`."""
    out = Clauses(rest=())
    kept: list[str] = []
    # 「不去香格里拉了，多在丽江待一天」: the second clause is read with the first (the days of the
    # stop left out go to 丽江), not on its own
    stop = dropped_destination(text, current.request.destinations, kb)
    with_drop = stop.words if stop is not None else ()
    # 「第二天开会，只安排晚饭」, "…, only plan dinner and the evening that day": read with the
    # busy day before it (`engine.understanding.trip_hours`), not on its own
    with_drop = (*with_drop, *(f.said for f in find_trip_hours(normalize(text))))
    for clause in rest:
        answer = await in_pool(clause_answer, clause, text, current, kb, lang)
        if answer is not None:
            if answer.text not in out.answers:  # 「1岁宝宝能上玉龙雪山吗？会不会高反」: said once
                out.answers.append(answer.text)
            out.refused = out.refused or answer.refusal
            continue
        kept.append(clause)
        bare = _DAY_SAID.sub("", clause.strip(" ，。,."))  # the day the splitter carried over
        if read_alone(clause) or any(bare and bare in w for w in with_drop):
            continue
        revision = await in_pool(parse_revision, clause, current.request, kb, lang, ())
        if revision is None and (again := wish_again_answer(clause, current, lang)) is not None:
            out.answers.append(again)  # 「能坐卧铺吗」 on a plan that has that wish: its answer
            kept.remove(clause)
            out.refused = out.refused or "❌" in again
        elif revision is None:
            out.unread.append(clause)
    out.rest = tuple(kept)
    return out
