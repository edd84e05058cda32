"""`lvtu list` and `lvtu show`: read saved itineraries."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.cli.output import itinerary_json, print_json, print_plan
from engine.storage import itineraries
from engine.storage.db import open_database


def register(sub: Any) -> None:
    p = sub.add_parser("list", help="list saved itineraries / 列出已保存的行程")
    p.add_argument("--search", default="", help="match title or destination")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("show", help="show a saved itinerary / 查看行程")
    p.add_argument("id", type=int)
    p.add_argument("--version", type=int, default=None, dest="plan_version")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)


def cmd_list(args: argparse.Namespace) -> int:
    rows = itineraries.list_summaries(open_database(), search=args.search)
    if args.json:
        print_json([row.__dict__ for row in rows])
        return 0
    if not rows:
        print('还没有保存的行程。试试：lvtu plan "上海出发去黄山玩两天"')
        return 0
    for row in rows:
        guide = "" if row.has_guide else "  (攻略未完成 / guide pending)"
        print(
            f"#{row.id:<4} {row.title}  {row.start_date or ''}  {row.days}天  v{row.version}{guide}"
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """The plan (text or JSON) and the model tokens spent on it: summed over its versions, or
    of the version asked for (``--version``)."""
    engine = open_database()
    try:
        itinerary = itineraries.load(engine, args.id, version=args.plan_version)
        used_in, used_out = itineraries.usage(engine, args.id, version=args.plan_version)
    except itineraries.NotFoundError:
        print(f"没有编号为 {args.id} 的行程 / no itinerary #{args.id}", file=sys.stderr)
        return 2
    if args.json:
        data = itinerary_json(itinerary)
        data["usage"] = {"input_tokens": used_in, "output_tokens": used_out}
        print_json(data)
        return 0
    print_plan(itinerary)
    if used_in or used_out:
        zh = itinerary.lang == "zh"
        scope = (
            ("本版本" if zh else "this version")
            if args.plan_version
            else ("所有版本合计" if zh else "all versions")
        )
        print(
            f"模型用量（{scope}）：输入 {used_in} / 输出 {used_out} tokens"
            if zh
            else f"Model usage ({scope}): {used_in} in / {used_out} out tokens"
        )
    return 0
