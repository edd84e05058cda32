"""A planned sight wished in the morning (「宏村想早上去拍照」, "Hongcun in the morning"): that
visit moved to the morning of its own day — nothing else planned again. Read as a wish for the
whole trip, it had planned all four days anew and silently dropped 西递 and 徽州古城.

The visit becomes its day's first stop (`MoveStop` at position 1): it starts as soon as the day
sets out and the sight is open; the day's other stops keep their day, in the order that times
best after it — or the move is refused with the reason.
"""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.ops import MoveStop
from engine.editing.places import SAID, name_score
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction
from engine.understanding.edit_refs import stop_names
from engine.understanding.morning_visits import MORNING_CUE

#: A visit that already starts by this time (minutes after midnight) is in the morning.
MORNING_END = 11 * 60


def morning_move(text: str, day: int | None, it: Itinerary, kb: KnowledgeBase) -> MoveStop | None:
    """The `MoveStop` that moves the planned sight `text` names into the morning of its day,
    or None: no morning said, a day said (「第三天上午去X」 moves it to that day: `go_on_day`), no
    planned sight named, or one already visited in the morning."""
    if day is not None or not MORNING_CUE.search(text):
        return None
    best: tuple[int, str, int] | None = None
    for d in it.days:
        for item in d.items:
            place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if not isinstance(place, Attraction):
                continue
            score = name_score(text.lower(), stop_names(item, kb))
            windows = place_windows(place, d.date)
            if score >= SAID and windows and (best is None or score > best[0]):
                start = item.start.hour * 60 + item.start.minute
                best = (score, place.id, start)
    if best is None or best[2] < MORNING_END:
        return None  # already a morning visit: the wish is kept by the plan as it is
    return MoveStop(stop=best[1], position=1)
