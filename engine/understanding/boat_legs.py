"""A boat asked for the way between two cities of the trip ("we'd rather take the ferry to
Macau instead of the bridge bus", 「去澳门改坐船」): the planner's legs between cities are the
knowledge base's links (trains, flights, coaches), with no boat among them yet, so the change is
refused with why, the leg the plan has named, and what the link's own note says of the boats
(「另有上环港澳码头的船，约1小时」) — never read as a new trip to the city it names."""

from __future__ import annotations

import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase

#: A boat between cities (not a cruise on a lake, which is a sight: 「漓江游船」 is read as one).
BOAT = re.compile(
    r"坐船|乘船|搭船|坐轮渡|轮渡|渡轮|快船|喷射船|水翼船|船票|"
    r"\b(?:ferry|ferries|boat|jetfoil|turbojet|hydrofoil)\b",
    re.I,
)


def boat_leg_answer(text: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """The refusal of a boat asked between two cities of `it` (see the module notes); None when
    `text` asks no boat, or names no city of the trip that a leg between its cities reaches."""
    if BOAT.search(text) is None:
        return None
    cities = list(dict.fromkeys(d.destination for d in it.days))
    if len(cities) < 2:
        return None
    low = text.lower()
    named = [c for c in cities if (d := kb.destinations.get(c)) is not None
             and any(n and n.lower() in low for n in (d.name_zh, d.name_en, *d.aliases))]  # fmt: skip
    if not named:
        return None
    legs = [(d.index, i) for d in it.days for i in d.items
            if i.kind == ItemKind.INTERCITY and d.destination in named and d.index > 1]  # fmt: skip
    if not legs:
        return None
    day, leg = legs[0]
    pair = (it.days[day - 2].destination, it.days[day - 1].destination)
    notes = [(link.note_zh, link.note_en) for link in kb.links_between(*pair)]
    note_zh = next((z for z, _ in notes if BOAT.search(z) or "船" in z), "")
    note_en = next((e for _, e in notes if BOAT.search(e)), "")
    return pick(lang,
        f"城市之间的交通只能按资料里的线路安排，其中还没有船，所以第{day}天仍是"
        f"{leg.start:%H:%M}–{leg.end:%H:%M} {leg.name}，行程没有改动"
        + (f"（资料说明：{note_zh.rstrip('。')}）" if note_zh else ""),
        f"legs between cities follow the routes in the knowledge base, and no boat is among "
        f"them yet, so day {day} keeps {leg.start:%H:%M}–{leg.end:%H:%M} {leg.name} and the plan "
        f"is unchanged" + (f" (the route's note: {note_en.rstrip('.')})" if note_en else ""))  # fmt: skip
