"""When a remembered diet (「素食」, kept from an earlier trip) is set aside for one trip.

A diet is the speaker's habit, applied to later trips (`engine.understanding.remembered`) —
but not bent onto a trip it does not fit:

- this request asks for food the diet refuses (「想吃火锅」, 「想吃烤全羊」 against 素食; pork
  against 清真): the wish said now wins for this trip;
- the trip is a group's (公司团建, 20 colleagues, eight or more people): the group's meals are
  not chosen for one person's diet; that person orders their own dishes.

Either way the diet stays remembered, and the report says so on its own line (with how to
drop it), never silently.
"""

from __future__ import annotations

import re
from typing import Literal

from engine.domain.request import TripRequest

#: Diet -> food tags (knowledge CUISINE_TAGS and DISH_TAGS) a wish for which the diet refuses.
REFUSED: dict[str, frozenset[str]] = {
    "vegetarian": frozenset({"hotpot", "bbq", "roast-duck", "lamb", "beef", "pork", "offal",
                             "crayfish", "seafood", "fish", "fish-head", "duck-blood-soup",
                             "goubuli-buns"}),
    "halal": frozenset({"pork"}),
}  # fmt: skip
#: Head count from which a trip is a group's, whoever said the diet.
GROUP_SIZE = 8
#: Words that make a trip a group's outing whatever its head count (「和同事」, "team building").
_GROUP = re.compile(
    r"团建|公司|单位|同事|班级|全班|旅行团|\bteam[- ]?building\b|\bcolleagues?\b|\bco-?workers\b"
    r"|\bcompany\b|\boffice (?:trip|outing)\b",
    re.IGNORECASE,
)

SetAside = Literal["wish", "group"]


def set_aside(request: TripRequest, diet: str) -> tuple[SetAside, str] | None:
    """Why a remembered `diet` is not applied to `request`: ``("wish", words)`` when a food
    wished in it is one the diet refuses (`words`: what was said, 「想吃火锅」), ``("group",
    "")`` for a group's trip (`GROUP_SIZE`, 团建/同事/"colleagues"); None when it applies."""
    refused = REFUSED.get(diet, frozenset())
    wished = next((f for f in request.food if f.cuisine in refused), None)
    if wished is not None:
        return "wish", wished.said or wished.cuisine
    if request.party.size >= GROUP_SIZE or _GROUP.search(request.text or ""):
        return "group", ""
    return None
