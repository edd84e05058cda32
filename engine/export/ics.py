"""iCalendar export: one event per stop (attractions, meals, lodging, intercity legs).

Times are local (Asia/Shanghai, every destination in the knowledge base is in China); each event
carries GEO (WGS-84) when the place has a position. RFC 5545 via the `icalendar` package.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event

from engine.domain.itinerary import Item, ItemKind, Itinerary, overnight_arrival
from engine.i18n import pick
from engine.untrusted import clean, clean_name

TIME_ZONE = "Asia/Shanghai"
STOP_KINDS = (ItemKind.ATTRACTION, ItemKind.MEAL, ItemKind.LODGING, ItemKind.INTERCITY)


def to_ics(itinerary: Itinerary) -> bytes:
    """The itinerary as an iCalendar file (bytes, CRLF lines) with a VTIMEZONE for Asia/Shanghai.

    Event UIDs are stable for a given itinerary id, version, day and position, so importing an
    export twice updates rather than duplicates. Names and notes are `engine.untrusted.clean`ed
    (no control character; a name stays on one line).
    """
    tz = ZoneInfo(TIME_ZONE)
    cal = Calendar()
    cal.add("prodid", "-//Lvtu//lvtu 0.1//ZH")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", clean_name(itinerary.title))
    cal.add("x-wr-timezone", TIME_ZONE)
    stamp = itinerary.created_at.astimezone(dt.UTC)
    for day in itinerary.days:
        for position, item in enumerate(day.items, start=1):
            if item.kind not in STOP_KINDS or item.overnight == "arrive":
                continue  # an overnight leg is one event, ending at its arrival the next day
            end = dt.datetime.combine(day.date, item.end, tzinfo=tz)
            arrival = overnight_arrival(item, itinerary.day_after(day))
            if arrival is not None:
                end = dt.datetime.combine(day.date + dt.timedelta(days=1), arrival, tzinfo=tz)
            event = Event()
            event.add(
                "uid", f"lvtu-{itinerary.id}-v{itinerary.version}-d{day.index}-{position}@lvtu"
            )
            event.add("dtstamp", stamp)
            event.add("dtstart", dt.datetime.combine(day.date, item.start, tzinfo=tz))
            event.add("dtend", end)
            event.add("summary", clean_name(item.name))
            event.add("description", _description(item, itinerary.lang))
            if item.lat is not None and item.lon is not None:
                event.add("geo", (item.lat, item.lon))
            event.add("categories", [item.kind.value])
            cal.add_component(event)
    cal.add_missing_timezones()
    return bytes(cal.to_ical())


def _description(item: Item, lang: str) -> str:
    parts = []
    if item.cost_cny:
        parts.append(
            pick(lang, f"费用约{item.cost_cny:.0f}元", f"Cost about CNY {item.cost_cny:.0f}")
        )
    if item.note:
        parts.append(clean(item.note, lines=True))
    return "\n".join(parts)
