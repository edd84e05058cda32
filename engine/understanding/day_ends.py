"""「第三天早点结束」, "finish earlier on day 3": a day's end asked without a clock time, read
as `engine.editing.ops.SetDayTimes` with an end an hour before the day's tour ends now (rounded
down to the half hour), the latest sights left out when they no longer fit (``trim``)."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.ops import SetDayTimes

#: How much earlier 「早点结束」 ends a day, minutes.
EARLIER_MIN = 60
_EARLIER = re.compile(
    r"(?:早\s*一?\s*点|早些|提前|早早)\s*(?:结束|收工|回(?:酒店|住处|宾馆|去|来)?|休息)|"
    r"\b(?:finish|end|wrap up|be back|get back|call it a day)\b.{0,20}?\bearl(?:ier|y)\b|"
    r"\bearlier (?:finish|end)\b",
    re.I,
)


def earlier_end(text: str, day: int | None, it: Itinerary) -> SetDayTimes | None:
    """The day end `text` asks for on day `day` of `it` when it says only "earlier" (no time),
    or None. The end is `EARLIER_MIN` before the end of the day's last step that is no night's
    stay and no leg between cities (back at the hotel, or at the station of the train home)."""
    if day is None or not 1 <= day <= len(it.days) or not _EARLIER.search(text):
        return None
    steps = [i for i in it.days[day - 1].items
             if i.kind not in (ItemKind.INTERCITY, ItemKind.LODGING)]  # fmt: skip
    if not steps:
        return None
    last = steps[-1].end
    minutes = (last.hour * 60 + last.minute - EARLIER_MIN) // 30 * 30
    if minutes <= 12 * 60:
        return None  # a day over by noon: nothing sensible to take off
    return SetDayTimes(day=day, end=dt.time(minutes // 60, minutes % 60), trim=True)
