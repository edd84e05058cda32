"""`lvtu edit ID …` (edit a saved plan: a new version, through the job system like any change)
and `lvtu diff ID V1 V2` (what changed between two versions)."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
from typing import Any

from pydantic import ValidationError

from engine.cli.output import command_lang, missing_lang, print_json, report_error
from engine.editing.ops import (
    AddDay,
    AddMeal,
    AddPlace,
    ChangeDates,
    ChangeParty,
    Edit,
    EditOrder,
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
)
from engine.i18n import pick

OPS = ("move", "add", "remove", "lock", "time", "regen", "meal", "add-meal", "lodging",
       "add-day", "remove-day", "swap-days", "dates", "party", "undo", "versions")  # fmt: skip


def register(sub: Any) -> None:
    p = sub.add_parser(
        "edit", help="edit a saved plan / 直接修改行程（移动、添加、删除、锁定、改时间…）"
    )
    p.add_argument("id", type=int, help="itinerary id (lvtu list)")
    p.add_argument("op", choices=OPS)
    p.add_argument("target", nargs="?", default=None,
                   help="the stop or place (name or id); for regen/meal/add-meal/lodging the day; "
                   "for add-day/remove-day start|end; for dates YYYY-MM-DD")  # fmt: skip
    p.add_argument("extra", nargs="?", default=None, help="meal, add-meal: lunch|dinner")
    p.add_argument("--day", type=int, help="day number (move/add: where to; time: a day's times)")
    p.add_argument("--position", type=int, help="1-based stop position within the day")
    p.add_argument("--start", help="HH:MM")
    p.add_argument("--end", help="HH:MM (a day's end)")
    p.add_argument("--minutes", type=int, help="a stop's duration")
    p.add_argument("--pace", choices=["relaxed", "normal", "packed"])
    p.add_argument("--place", help="meal, add-meal: the restaurant; lodging: where to stay; "
                   "add-day: the sight the new day is given to")  # fmt: skip
    p.add_argument("--unlock", action="store_true")
    p.add_argument("--adults", type=int, help="party: adults (a count not given is kept)")
    p.add_argument("--children", type=int, help="party: children (a count not given is kept)")
    p.add_argument("--seniors", type=int, help="party: seniors (a count not given is kept)")
    p.add_argument("--to", type=int, dest="to_version", help="undo: the version to restore")
    p.add_argument("--base", type=int, help="the version the edit was made on (default: current)")
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_edit)
    d = sub.add_parser("diff", help="compare two versions / 比较两个版本")
    d.add_argument("id", type=int)
    d.add_argument("a", type=int, help="older version")
    d.add_argument("b", type=int, help="newer version")
    d.add_argument("--lang", choices=["zh", "en"])
    d.add_argument("--json", action="store_true")
    d.set_defaults(handler=cmd_diff)


class _Usage(ValueError):
    """A command line that names no valid edit (the message is the person's)."""


def _clock(value: str | None, lang: str) -> dt.time | None:
    if value is None:
        return None
    try:
        return dt.time.fromisoformat(value if len(value) > 2 else f"{int(value):02d}:00")
    except ValueError:
        raise _Usage(pick(lang, f"时间要写成 HH:MM，例如 09:30（不是「{value}」）",
                          f'times are HH:MM, e.g. 09:30 (not "{value}")')) from None  # fmt: skip


def _day(value: str | None, lang: str) -> int:
    if value is None or not value.isdigit():
        raise _Usage(pick(lang, "请给出第几天，例如：lvtu edit 1 regen 2",
                          "give the day number, e.g. lvtu edit 1 regen 2"))  # fmt: skip
    return int(value)


def _need(value: str | None, lang: str, what_zh: str, what_en: str) -> str:
    if not value:
        raise _Usage(pick(lang, f"请给出{what_zh}", f"give {what_en}"))
    return value


def build_edit(args: argparse.Namespace, lang: str) -> Edit:
    """The edit the command line asks for.

    Raises:
        _Usage: a missing or malformed argument.
        pydantic.ValidationError: a value out of range (a day 0, 13 hours).
    """
    op, target = args.op, args.target
    if op == "move":
        return MoveStop(stop=_need(target, lang, "要移动的地点", "the stop to move"),
                        day=args.day, position=args.position)  # fmt: skip
    if op == "add":
        return AddPlace(place=_need(target, lang, "要加的地点", "the place to add"),
                        day=args.day, position=args.position)  # fmt: skip
    if op == "remove":
        return RemoveStop(stop=_need(target, lang, "要去掉的地点", "the stop to remove"))
    if op == "lock":
        return LockStop(stop=_need(target, lang, "要锁定的地点", "the stop to lock"),
                        locked=not args.unlock)  # fmt: skip
    if op == "time" and target is None:
        return SetDayTimes(day=args.day or _day(None, lang), start=_clock(args.start, lang),
                           end=_clock(args.end, lang))  # fmt: skip
    if op == "time":
        # 「edit 11 time 拙政园 08:00」: the time said after the stop is its start
        start = args.start or (args.extra if args.extra and ":" in args.extra else None)
        return SetStopTime(stop=target, start=_clock(start, lang), minutes=args.minutes)
    if op == "regen":
        return RegenerateDay(day=_day(target, lang), pace=args.pace)
    if op in ("meal", "add-meal"):
        meal = args.extra or "lunch"
        if meal not in ("lunch", "dinner"):
            raise _Usage(pick(lang, "餐次写 lunch 或 dinner", "the meal is lunch or dinner"))
        kind = SwapMeal if op == "meal" else AddMeal
        return kind(day=_day(target, lang), meal=meal, restaurant=args.place)
    if op == "lodging":
        return SwapLodging(day=_day(target, lang), lodging=args.place)
    if op in ("add-day", "remove-day"):
        at = target or "end"
        if at not in ("start", "end"):
            raise _Usage(pick(lang, "写 start 或 end", "say start or end"))
        if op == "remove-day":
            if args.place:  # a day taken away is given to nothing: said, not ignored
                raise _Usage(pick(lang, "remove-day 不用 --place", "remove-day takes no --place"))
            return RemoveDay(at=at)
        return AddDay(at=at, place=args.place)  # --place: the sight the new day is given to
    if op == "swap-days":  # lvtu edit 1 swap-days 3 --day 4
        if args.day is None:
            raise _Usage(pick(lang, "写成：lvtu edit ID swap-days 3 --day 4",
                              "say: lvtu edit ID swap-days 3 --day 4"))  # fmt: skip
        return SwapDays(a=_day(target, lang), b=args.day)
    if op == "dates":
        try:
            return ChangeDates(start=dt.date.fromisoformat(_need(target, lang, "日期", "a date")))
        except ValueError:
            raise _Usage(pick(lang, "日期写成 YYYY-MM-DD", "dates are YYYY-MM-DD")) from None
    if args.adults is None and args.children is None and args.seniors is None:
        raise _Usage(pick(lang, "请给出人数，例如：lvtu edit 1 party --adults 2 --children 1",
                          "give the counts, e.g. lvtu edit 1 party --adults 2 --children 1"))  # fmt: skip
    return ChangeParty(adults=args.adults, children=args.children, seniors=args.seniors)


def cmd_edit(args: argparse.Namespace) -> int:
    """Edit itinerary ``ID`` as a job (so it survives a restart) in its conversation; exit 2
    with the reason when the edit cannot be done."""
    from engine.storage import itineraries
    from engine.storage.db import open_database

    engine = open_database()
    lang = command_lang(args)
    try:
        current = itineraries.load(engine, args.id)
        conversation_id = itineraries.conversation_of(engine, args.id)
    except itineraries.NotFoundError:
        lang = missing_lang(args, engine)
        report_error(pick(lang, f"没有编号为 {args.id} 的行程。", f"No itinerary #{args.id}."),
                     "not_found", as_json=args.json)  # fmt: skip
        return 2
    lang = args.lang or current.lang
    if args.op == "versions":
        return _versions(engine, args, lang)
    try:
        if args.op == "undo":
            to = args.to_version or current.version - 1
            if to < 1:
                raise _Usage(pick(lang, "这是第一版，没有可以恢复的上一版",
                                  "this is the first version; there is nothing to undo"))  # fmt: skip
            order = EditOrder(itinerary_id=args.id, base_version=args.base or current.version,
                              restore=to, lang=lang)  # fmt: skip
        else:
            order = EditOrder(itinerary_id=args.id, base_version=args.base or current.version,
                              edits=(build_edit(args, lang),), lang=lang)  # fmt: skip
    except _Usage as exc:
        report_error(str(exc), "usage", as_json=args.json)
        return 2
    except ValidationError as exc:
        fields = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        report_error(pick(lang, f"参数不对：{fields}", f"Bad argument: {fields}"), "usage",
                     as_json=args.json)  # fmt: skip
        return 2
    from engine.cli.plan_cmd import run_edit

    return asyncio.run(run_edit(args, order, conversation_id))


def _versions(engine: Any, args: argparse.Namespace, lang: str) -> int:
    """One line per version: number, when, what changed."""
    from engine.storage import itineraries

    rows = itineraries.versions(engine, args.id)
    if args.json:
        print_json([{"version": v, "note": note, "created_at": at} for v, note, at in rows])
        return 0
    for number, note, at in rows:
        first = pick(lang, "初版", "first plan")
        print(f"v{number}  {at[:16].replace('T', ' ')}  {note or first}")
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    """What changed from version A to version B (exit 2 for a missing itinerary or version)."""
    from engine.editing.compare import diff
    from engine.storage import itineraries
    from engine.storage.db import open_database

    engine = open_database()
    lang = command_lang(args)
    try:
        a = itineraries.load(engine, args.id, version=args.a)
        b = itineraries.load(engine, args.id, version=args.b)
    except itineraries.NotFoundError:
        report_error(pick(lang, f"行程 #{args.id} 没有这些版本（lvtu edit {args.id} versions 查看）",
                          f"Itinerary #{args.id} has no such versions (see: lvtu edit {args.id} "
                          "versions)"), "no_version", as_json=args.json)  # fmt: skip
        return 2
    lang = args.lang or b.lang
    changes = diff(a, b)
    if args.json:
        print_json(changes.to_json())
        return 0
    print(pick(lang, f"第{args.a}版 → 第{args.b}版", f"v{args.a} → v{args.b}"))
    for line in changes.lines(lang):
        print("  " + line)
    return 0
