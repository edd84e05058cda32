"""A train or flight time the traveller states after the plan is made (「我的航班晚上10点落地」,
"my flight lands at 22:00 on day 1"): the mode word in it says which leg, it asks for no mode
— "noted: flight" with nothing changed was a claim of a change never made. A follow-up cannot
set a leg's time yet, so the answer says so, with the leg the plan has (`leg_time_answer`) — unless it is the trip's arrival or departure hour, which a
revision re-plans for (`engine.understanding.trip_hours`: "my flight lands at 22:00 on day 1")."""

from __future__ import annotations

import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.understanding.edit_refs import day_number
from engine.understanding.trip_hours import find_trip_hours

_CLOCK = r"(?:\d{1,2}(?:[:：.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midnight)"
_CLOCK_ZH = (
    r"(?:\d{1,2}\s*(?:[:：]\s*\d{2}|点(?:半|\d{1,2}分?)?)|[零一二两三四五六七八九十]+点(?:半)?)"
)
#: A leg's time stated: the leg ("my flight", 「航班」, "I") with when it lands or leaves.
LEG_TIME = re.compile(
    r"\b(?:(?:my|our|the)\s+)?(?:flight|plane|train)s?\s+(?:\w+\s+){0,3}?"
    r"(?:lands?|landing|arrives?|arriving|gets?\s+in|departs?|leaves?|leaving|takes?\s+off)\b"
    rf"[^.,;!?]{{0,30}}?\b(?:at|by|around)\s+{_CLOCK}"
    rf"|\b(?:i|we)\s+(?:land|arrive|get\s+in)\b[^.,;!?]{{0,30}}?\b(?:at|by|around)\s+{_CLOCK}"
    rf"|(?:航班|飞机|班机|火车|高铁|动车|车次)[^，。,.;；!?！？]{{0,12}}?{_CLOCK_ZH}[^，。,.;；!?！？]{{0,4}}?"
    r"(?:落地|降落|到达|抵达|到|起飞|发车|开车|开)"
    rf"|(?:航班|飞机|班机|火车|高铁|动车)[^，。,.;；!?！？]{{0,6}}?(?:落地|降落|到达|抵达|起飞|发车)(?:时间)?(?:是|在)?\s*{_CLOCK_ZH}",
    re.I,
)


def states_leg_time(text: str) -> bool:
    """Whether `text` states when a train or flight lands or leaves."""
    return LEG_TIME.search(text) is not None


def without_leg_times(text: str) -> str:
    """`text` less the leg times it states (their mode words are no wish)."""
    return LEG_TIME.sub("，", text)


def leg_time_answer(text: str, it: Itinerary, lang: str) -> str | None:
    """The answer to a leg time stated in `text`: it cannot be set by a follow-up yet; the leg
    the plan has on the day said (else the first or last day's) is named; None when `text`
    states none."""
    m = LEG_TIME.search(text)
    if m is None or not it.days or find_trip_hours(text):
        return None  # an arrival or departure hour the plan is re-made for (`trip_hours`)
    day = day_number(text, len(it.days))
    days = [it.days[day - 1]] if day else [it.days[0], it.days[-1]]
    legs = [(d.index, i) for d in days for i in d.items if i.kind == ItemKind.INTERCITY]
    said = m.group(0).strip("，, ")
    if legs:
        shown_zh = "；".join(f"第{n}天 {i.start:%H:%M}–{i.end:%H:%M} {i.name}" for n, i in legs)
        shown_en = "; ".join(f"day {n} {i.start:%H:%M}–{i.end:%H:%M} {i.name}" for n, i in legs)
    else:
        shown_zh = shown_en = ""
    return pick(lang,
        f"「{said}」：我还不能按你给的班次时间改行程，行程没有改动"
        + (f"（现在的安排：{shown_zh}）" if shown_zh else ""),
        f"“{said}”: I cannot set a train or flight time you give yet, so the plan is unchanged"
        + (f" (it now has {shown_en})" if shown_en else ""))  # fmt: skip
