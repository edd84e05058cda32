"""The clauses of a follow-up that no change reads, answered rather than dropped: each clause is
read on its own (`engine.understanding.edits.clauses`); one that is neither an edit nor a
revision gets a specific answer where there is one (a day past the plan's end: 「这次只有3天」;
a place to stay with no lodging known: `engine.understanding.stay_edits.stay_unknown`), else it
is said back as not understood."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from engine.domain.itinerary import Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.understanding.activity_asks import activity_answer
from engine.understanding.boat_legs import boat_leg_answer
from engine.understanding.dawn_asks import dawn_answer
from engine.understanding.day_drops import wrong_day_answer
from engine.understanding.day_trip_adds import unknown_day_answer, unknown_day_trip_answer
from engine.understanding.edit_refs import day_number
from engine.understanding.evening_show_asks import evening_show_answer
from engine.understanding.habits import extract_preferences, lifted_preferences
from engine.understanding.home_straight import straight_home_answer
from engine.understanding.leg_times import leg_time_answer
from engine.understanding.meal_asks import meal_every_day_answer
from engine.understanding.meal_edits import meal_place_answer
from engine.understanding.place_questions import place_question_answer
from engine.understanding.stay_edits import stay_unknown
from engine.understanding.unknown_places import unknown_place_answer
from engine.understanding.weather_asks import weather_answer

#: Words that ask for more days, so a day past the end may be one of those (「加两天，第五天去X」).
_MORE_DAYS = re.compile(
    r"加|多玩|多待|多留|延长|改成|变成|一共|总共|\badd\b|\bmore\b|\bextra\b|\bextend\b|\bmake it\b",
    re.I,
)
#: Clauses that ask for nothing (「好的」, 「谢谢」, "please"): never said back.
_NOTHING = re.compile(
    r"^(?:好的?|好吧|行|可以|嗯|谢谢(?:你|您)?|多谢|麻烦(?:你|您)?了?|辛苦了|拜托了?|请|那就这样吧?|"
    r"(?:路)?太(?:远|累|赶|折腾)了?|不顺路|"  # a reason given with a change (「第5天不去禾木了，太远」)
    r"ok(?:ay)?|thanks?(?: you)?|please|cheers|great|sure)[。.!！~～]*$",
    re.I,
)


class Answer(NamedTuple):
    """What to say of a clause no change reads.

    Attributes:
        text: the answer, in the follow-up's language.
        refusal: whether it says a change asked cannot be made (a day past the end), not a
            question answered or a wish the plan already meets.
    """

    text: str
    refusal: bool


def clause_answer(
    clause: str, text: str, it: Itinerary, kb: KnowledgeBase, lang: str
) -> Answer | None:
    """A specific answer to `clause` (one clause of the follow-up `text`) that no change reads:
    a day past the end of `it` (「把第五天去掉」 on a 3-day plan: 「这次只有3天，没有第5天」), a
    sunrise at a stop not open then (`dawn_answer`), a place to stay with no lodging known, a
    sight dropped from a day that does not have it (`wrong_day_answer`), a train or flight
    time stated (`leg_time_answer`), a boat between cities (`boat_leg_answer`), a day added for a place not known
    (`unknown_day_answer`) — those refusals —, a meal asked at a place where it already is (`meal_place_answer`),
    a question about the weather and what to bring (`weather_answer`) or about a place
    (`place_question_answer`); None when there is none to give."""
    days = len(it.days)
    day = day_number(clause, days)
    if day is not None and day > days and not _MORE_DAYS.search(text):
        return Answer(pick(lang, f"这次行程只有{days}天，没有第{day}天", f"this trip has only "
                           f"{days} day{'s' if days > 1 else ''}, there is no day {day}"), True)  # fmt: skip
    if refused := (
        dawn_answer(clause, it, kb, lang)
        or stay_unknown(clause, it, kb, lang)
        or wrong_day_answer(clause, it, kb, lang)
        or leg_time_answer(clause, it, lang)
        or boat_leg_answer(clause, it, kb, lang)
        or unknown_day_trip_answer(clause, it, kb, lang)
        or unknown_day_answer(clause, it, kb, lang)
        or unknown_place_answer(clause, it, kb, lang)
        or activity_answer(clause, it, kb, lang)
        or evening_show_answer(clause, it, kb, lang)
    ):
        return Answer(refused, True)
    said = (
        straight_home_answer(text, it, kb, lang)  # 「最后一天直接回西宁」 on a day that is so
        or meal_place_answer(clause, it, kb, lang)
        or meal_every_day_answer(clause, it, lang)
        or weather_answer(clause, it, kb, lang, text)
        or place_question_answer(clause, it, kb, lang, text)
    )
    return Answer(said, False) if said else None


def read_alone(clause: str) -> bool:
    """Whether `clause` is understood without any change read in it: it asks for nothing
    (「谢谢」), or states or takes back a preference (「我不吃辣」, 「可以坐飞机」)."""
    return bool(
        _NOTHING.match(clause.strip()) or extract_preferences(clause) or lifted_preferences(clause)
    )


def not_understood(clauses: Sequence[str], lang: str) -> str:
    """The clauses of a follow-up left unread, said back (「没看懂：「A」「B」，这部分没有改动」)."""
    if lang == "zh":
        return "没看懂：" + "".join(f"「{c}」" for c in clauses) + "，这部分没有改动"
    return "Not understood: " + ", ".join(f"“{c}”" for c in clauses) + " (nothing changed for it)"
