"""GPX 1.1 export: a waypoint per stop and one track per day through every positioned step."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import gpxpy.gpx

from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.untrusted import clean_name

STOP_KINDS = (ItemKind.ATTRACTION, ItemKind.MEAL, ItemKind.LODGING)
LEG_KINDS = (ItemKind.TRANSIT, ItemKind.INTERCITY)
_TZ = ZoneInfo("Asia/Shanghai")


def to_gpx(itinerary: Itinerary) -> str:
    """The itinerary as GPX 1.1 XML text (WGS-84, as stored).

    Waypoints: attractions, meals and lodging, named as in the plan, timed at arrival (UTC, as
    GPX requires). Tracks: one per day, a single segment through every step with a position in
    time order (legs included, timed at their arrival where they end, so a day's track ends where
    the day ends; an overnight leg appears on the day it arrives).
    """
    gpx = gpxpy.gpx.GPX()
    gpx.creator = "Lvtu"
    gpx.name = clean_name(itinerary.title)
    seen: set[tuple[str, float, float]] = set()
    for day in itinerary.days:
        track = gpxpy.gpx.GPXTrack(
            name=pick(itinerary.lang, f"第{day.index}天", f"Day {day.index}")
        )
        segment = gpxpy.gpx.GPXTrackSegment()
        track.segments.append(segment)
        for item in day.items:
            if item.lat is None or item.lon is None or item.overnight == "depart":
                continue  # (an overnight leg's point is its arrival, on the next day)
            at = item.end if item.kind in LEG_KINDS else item.start  # a leg's point is its end
            name = clean_name(item.name)  # (XML 1.0 has no control characters)
            when = dt.datetime.combine(day.date, at, tzinfo=_TZ).astimezone(dt.UTC)
            segment.points.append(gpxpy.gpx.GPXTrackPoint(item.lat, item.lon, time=when, name=name))
            key = (name, item.lat, item.lon)
            if item.kind in STOP_KINDS and key not in seen:
                seen.add(key)
                gpx.waypoints.append(
                    gpxpy.gpx.GPXWaypoint(
                        item.lat,
                        item.lon,
                        time=when,
                        name=name,
                        description=f"{track.name} {item.start:%H:%M}",
                        type=item.kind.value,
                    )
                )
        if segment.points:
            gpx.tracks.append(track)
    return str(gpx.to_xml(version="1.1"))
