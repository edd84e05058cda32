"""The edit operations (`engine.editing.ops`) as tools a model calls (OpenAI ``tools`` shape).

One tool per operation — ``move_stop``, ``add_place``, ``remove_stop``, ``lock_stop``,
``set_stop_time``, ``set_day_times``, ``swap_meal``, ``add_meal``, ``swap_lodging``, ``regenerate_day``,
``add_day``, ``remove_day``, ``swap_days``, ``change_dates``, ``change_party`` — whose parameters are the
operation's own JSON schema (pydantic's, less ``op``), and one read-only tool, ``find_places``,
that lists places of the trip's destinations (by name, kind, cuisine; nearest a day's lodging
first) so the model can name a real place. `plan_view` is the plan as the model sees it: each
day's stops with times and POI ids.

Pure and blocking (no I/O); `engine.agent.model_edit` runs the loop.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import ValidationError

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.ops import (
    AddDay,
    AddMeal,
    AddPlace,
    ChangeDates,
    ChangeParty,
    Edit,
    LockStop,
    MoveStop,
    RegenerateDay,
    RemoveDay,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
    SwapDays,
    SwapLodging,
    SwapMeal,
    edit_from_json,
    edit_to_json,
)

#: Tool name → operation class.
OPERATIONS: dict[str, type[Any]] = {
    "move_stop": MoveStop,
    "add_place": AddPlace,
    "remove_stop": RemoveStop,
    "lock_stop": LockStop,
    "set_stop_time": SetStopTime,
    "set_day_times": SetDayTimes,
    "swap_meal": SwapMeal,
    "add_meal": AddMeal,
    "swap_lodging": SwapLodging,
    "regenerate_day": RegenerateDay,
    "add_day": AddDay,
    "remove_day": RemoveDay,
    "swap_days": SwapDays,
    "change_dates": ChangeDates,
    "change_party": ChangeParty,
}
_NAME_OF_OP = {cls.model_fields["op"].default: name for name, cls in OPERATIONS.items()}
FIND_PLACES = "find_places"
#: The structured-mode reply that calls no tool (`call_schema`).
ANSWER = "answer"
#: Places `find_places` returns at most.
FOUND_LIMIT = 8


class BadArguments(Exception):
    """A tool call the model can correct: unknown tool, or arguments that do not validate.
    `str(exc)` says what is wrong (English: it goes back to the model)."""


def _clean(schema: Any) -> Any:
    """`schema` without pydantic's ``title`` keys (less for the model to read)."""
    if isinstance(schema, dict):
        return {k: _clean(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_clean(v) for v in schema]
    return schema


def _inline(schema: Any, defs: dict[str, Any]) -> Any:
    """`schema` with every ``{"$ref": "#/$defs/X"}`` replaced by X (the enums of `Pace` …)."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline(v, defs) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_inline(v, defs) for v in schema]
    return schema


def _operation_tool(name: str, cls: type[Any]) -> dict[str, Any]:
    raw = cls.model_json_schema()
    schema = _clean(_inline(raw, raw.pop("$defs", {})))
    schema["properties"].pop("op", None)
    description = " ".join(str(schema.pop("description", "")).split())
    parameters = {
        "type": "object",
        "properties": schema["properties"],
        "required": [r for r in schema.get("required", ()) if r != "op"],
        "additionalProperties": False,
    }
    return {
        "type": "function",
        "function": {"name": name, "description": description, "parameters": parameters},
    }


def tools() -> list[dict[str, Any]]:
    """The tools offered to the model: every operation, then ``find_places``."""
    found = {
        "type": "function",
        "function": {
            "name": FIND_PLACES,
            "description": (
                "List real places of the trip's destinations to use in add_place, swap_meal or "
                "swap_lodging: by words of the name, kind and cuisine; with near_day, nearest "
                "that day's lodging first (distance in metres)."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "words of the name (optional)"},
                    "kind": {"type": "string", "enum": ["attraction", "restaurant", "lodging"]},
                    "cuisine": {"type": "string", "description": "e.g. hotpot, local, snacks"},
                    "near_day": {"type": "integer", "minimum": 1},
                },
                "additionalProperties": False,
            },
        },
    }
    return [*(_operation_tool(n, c) for n, c in OPERATIONS.items()), found]


def signatures(offered: list[dict[str, Any]]) -> str:
    """The tools in one line each — ``regenerate_day(day: integer, pace?: relaxed|normal|packed)``
    — for the prompt: a local server that drops ``tools`` from the prompt (llama.cpp without
    its Jinja templates) still lets the model write a call as JSON in its text."""
    lines = []
    for tool in offered:
        function = tool["function"]
        parameters = function["parameters"]
        required = set(parameters.get("required", ()))
        fields = []
        for name, schema in parameters["properties"].items():
            options = [o for o in schema.get("anyOf", [schema]) if o.get("type") != "null"]
            kind = "|".join(
                "|".join(map(str, o["enum"]))
                if "enum" in o
                else str(o.get("format") or o.get("type"))
                for o in options
            )
            fields.append(f"{name}{'' if name in required else '?'}: {kind}")
        lines.append(f"{function['name']}({', '.join(fields)})")
    return "\n".join(lines)


def call_schema(offered: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON schema of one reply in structured mode (``LVTU_TOOL_CALLS=json``, for local
    servers that drop ``tools``): ``{"tool": NAME, "arguments": {…}}`` for one of `offered`,
    or ``{"tool": "answer", "text": …}`` when done."""
    options: list[dict[str, Any]] = [
        {
            "type": "object",
            "properties": {
                "tool": {"const": tool["function"]["name"]},
                "arguments": tool["function"]["parameters"],
            },
            "required": ["tool", "arguments"],
            "additionalProperties": False,
        }
        for tool in offered
    ]
    options.append(
        {
            "type": "object",
            "properties": {"tool": {"const": ANSWER}, "text": {"type": "string"}},
            "required": ["tool", "text"],
            "additionalProperties": False,
        }
    )
    return {"type": "object", "anyOf": options}


def to_edit(name: str, arguments: dict[str, Any]) -> Edit:
    """The operation a tool call asks for.

    Raises:
        BadArguments: not an operation tool, or arguments that do not validate (the message
            names each bad field).
    """
    cls = OPERATIONS.get(name)
    if cls is None:
        raise BadArguments(f"no tool named {name!r}; use one of: {', '.join(OPERATIONS)}")
    default_op = cls.model_fields["op"].default
    try:
        return edit_from_json({**arguments, "op": default_op})
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"] if p != default_op)
            problems.append(f"{where or 'arguments'}: {error['msg']}")
        raise BadArguments("; ".join(problems)) from None


def as_call(edit: Edit) -> dict[str, Any]:
    """`edit` as the tool call that would ask for it (an alternative the model can make)."""
    arguments = edit_to_json(edit)
    arguments.pop("op", None)
    return {"tool": _NAME_OF_OP[edit.op], "arguments": arguments}


def plan_view(itinerary: Itinerary) -> str:
    """The plan in a few lines per day: dates, each stop with its time and POI id (walks and
    local rides left out), the night's lodging."""
    request = itinerary.request
    party = request.party
    lines = [
        f"{itinerary.title} — {len(itinerary.days)} days; party: {party.adults} adults, "
        f"{party.children} children, {party.seniors} seniors; pace: {request.pace}"
    ]
    for day in itinerary.days:
        lines.append(f"Day {day.index} ({day.date:%Y-%m-%d %a}, {day.destination}):")
        for item in day.items:
            if item.kind == ItemKind.TRANSIT:
                continue
            kind = item.meal if item.kind == ItemKind.MEAL else item.kind.value
            ref = f" [{item.poi_id}]" if item.poi_id else ""
            lock = " (locked)" if item.locked else ""
            lines.append(f"  {item.start:%H:%M}-{item.end:%H:%M} {kind}: {item.name}{ref}{lock}")
    return "\n".join(lines)


def find_places(itinerary: Itinerary, kb: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """``find_places``: up to `FOUND_LIMIT` places of the trip's destinations.

    Raises:
        BadArguments: an unknown argument, or `near_day` not a day of the plan.
    """
    allowed = {"query", "kind", "cuisine", "near_day"}
    if unknown := set(arguments) - allowed:
        raise BadArguments(f"unknown arguments: {', '.join(sorted(unknown))}")
    query = str(arguments.get("query") or "").strip().lower()
    kind = arguments.get("kind")
    cuisine = str(arguments.get("cuisine") or "").strip().lower()
    near = arguments.get("near_day")
    if kind not in (None, "attraction", "restaurant", "lodging"):
        raise BadArguments("kind: must be attraction, restaurant or lodging")
    origin: tuple[float, float] | None = None
    if near is not None:
        if not isinstance(near, int) or not 1 <= near <= len(itinerary.days):
            raise BadArguments(f"near_day: must be a day from 1 to {len(itinerary.days)}")
        lodging = kb.place(itinerary.days[near - 1].lodging_id or "")
        origin = (lodging.lat, lodging.lon) if lodging is not None else None
    found: list[tuple[float, dict[str, Any]]] = []
    for key in dict.fromkeys(day.destination for day in itinerary.days):
        destination = kb.destinations.get(key)
        if destination is None:
            continue
        groups = {
            "attraction": destination.attractions,
            "restaurant": destination.restaurants,
            "lodging": destination.lodging,
        }
        for group, places in groups.items():
            if kind not in (None, group):
                continue
            for place in places:
                cuisines = tuple(getattr(place, "cuisines", ()))
                if cuisine and cuisine not in cuisines:
                    continue
                names = [place.name_zh, place.name_en, *place.aliases]
                if query and not any(query in n.lower() or n.lower() in query for n in names if n):
                    continue
                entry: dict[str, Any] = {"id": place.id, "name": place.name_zh,
                                         "name_en": place.name_en, "kind": group}  # fmt: skip
                if cuisines:
                    entry["cuisines"] = list(cuisines)
                distance = _metres(origin, (place.lat, place.lon)) if origin else 0.0
                if origin:
                    entry["distance_m"] = round(distance)
                found.append((distance, entry))
    found.sort(key=lambda pair: pair[0])
    return {"places": [entry for _, entry in found[:FOUND_LIMIT]], "matches": len(found)}


def _metres(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in metres (haversine, Earth radius 6 371 km)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6_371_000 * math.asin(math.sqrt(h))
