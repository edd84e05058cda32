"""`lvtu list` and `lvtu show`: read saved itineraries."""

from __future__ import annotations

import argparse
from typing import Any

from engine.cli.output import (
    command_lang,
    itinerary_json,
    missing_lang,
    print_json,
    print_plan,
    report_error,
    version_line,
)
from engine.i18n import pick
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.untrusted import clean_name


def register(sub: Any) -> None:
    p = sub.add_parser("list", help="list saved itineraries / 列出已保存的行程")
    p.add_argument("--search", default="", help="match title or destination")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"], help="messages in zh | en (default: system)")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("show", help="show a saved itinerary / 查看行程")
    p.add_argument("id", type=int)
    p.add_argument("--version", type=int, default=None, dest="plan_version")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"], help="messages in zh | en (default: system)")
    p.set_defaults(handler=cmd_show)


def cmd_list(args: argparse.Namespace) -> int:
    rows = itineraries.list_summaries(open_database(), search=args.search)
    if args.json:
        print_json([row.__dict__ for row in rows])
        return 0
    lang = command_lang(args)
    if not rows:
        print(
            pick(
                lang,
                '还没有保存的行程。试试：lvtu plan "上海出发去黄山玩两天"',
                'No saved itineraries yet. Try: lvtu plan "2 days in Huangshan from Shanghai"',
            )
        )
        return 0
    for row in rows:
        guide = pick(lang, "  （攻略未完成）", "  (guide pending)") if not row.has_guide else ""
        days = pick(lang, f"{row.days}天", f"{row.days} day{'s' if row.days != 1 else ''}")
        print(
            f"#{row.id:<4} {clean_name(row.title)}  {row.start_date or ''}  {days}  v{row.version}{guide}"
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """The plan (text or JSON) and the model tokens spent on it: summed over its versions, or
    of the version asked for (``--version``). A missing itinerary or version exits 2 and says
    which versions there are."""
    engine = open_database()
    lang = command_lang(args)
    try:
        known = [number for number, _note, _at in itineraries.versions(engine, args.id)]
    except itineraries.NotFoundError:
        lang = missing_lang(args, engine)
        message = pick(lang, f"没有编号为 {args.id} 的行程。", f"No itinerary #{args.id}.")
        report_error(message + pick(lang, "查看已保存的行程：lvtu list", " See: lvtu list"),
                     "not_found", as_json=args.json)  # fmt: skip
        return 2
    lang = args.lang or itineraries.load(engine, args.id).lang  # the itinerary's language
    if args.plan_version is not None and args.plan_version not in known:
        listed = ", ".join(str(n) for n in known)
        report_error(
            pick(
                lang,
                f"行程 #{args.id} 没有第 {args.plan_version} 版；现有版本：{listed}。",
                f"Itinerary #{args.id} has no version {args.plan_version}; its versions: {listed}.",
            ),
            "no_version", as_json=args.json, versions=known,
        )  # fmt: skip
        return 2
    itinerary = itineraries.load(engine, args.id, version=args.plan_version)
    used_in, used_out = itineraries.usage(engine, args.id, version=args.plan_version)
    if args.json:
        data = itinerary_json(itinerary)
        data["usage"] = {"input_tokens": used_in, "output_tokens": used_out}
        print_json(data)
        return 0
    zh = itinerary.lang == "zh"
    usage_text = ""
    if used_in or used_out:
        scope = (
            ("本版本" if zh else "this version")
            if args.plan_version
            else ("所有版本合计" if zh else "all versions")
        )
        usage_text = (
            f"模型用量（{scope}）：输入 {used_in} / 输出 {used_out} tokens"
            if zh
            else f"Model usage ({scope}): {used_in} in / {used_out} out tokens"
        )
    print_plan(itinerary, footer=version_line(itinerary))
    if usage_text:
        print(usage_text)
    return 0
