"""`lvtu data list | import | remove`: manage data packs (ChinaTravel sandbox, own places)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from engine.cli.output import print_json, unfiltered
from engine.i18n import pick


def register(sub: Any) -> None:
    data = sub.add_parser("data", help="data packs / 数据包")
    data.set_defaults(handler=lambda _args: data.print_help() or 0)
    cmds = data.add_subparsers(dest="data_command")
    p = cmds.add_parser("list", help="installed packs / 已安装的数据包")
    p.add_argument("--json", action="store_true")
    _lang(p)
    p.set_defaults(handler=cmd_list)
    p = cmds.add_parser("import", help="import a pack / 导入数据包")
    p.add_argument("format", choices=["chinatravel", "csv", "geojson", "gpx"])
    p.add_argument("path", type=Path)
    p.add_argument("--name", help="pack name (own places) / 数据包名称")
    p.add_argument("--destination", help="destination id the places belong to / 所属目的地")
    p.add_argument("--datum", default="WGS-84", choices=["WGS-84", "GCJ-02", "BD-09"])
    p.add_argument("--city", action="append", help="chinatravel: only this city (repeatable)")
    p.add_argument("--limit", type=int, help="chinatravel: at most N rows per file")
    _lang(p)
    p.set_defaults(handler=cmd_import)
    p = cmds.add_parser("remove", help="remove a pack / 删除数据包")
    p.add_argument("name")
    _lang(p)
    p.set_defaults(handler=cmd_remove)


def _lang(parser: argparse.ArgumentParser) -> None:
    env = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG", "")
    default = "en" if env.lower().startswith("en") else "zh"
    parser.add_argument("--lang", choices=["zh", "en"], default=default)


def cmd_list(args: argparse.Namespace) -> int:
    from engine.knowledge.packs import installed_packs

    packs = installed_packs()
    if args.json:
        print_json(
            [
                {
                    **{k: v for k, v in p.__dict__.items() if k != "path"},
                    "imported_at": p.imported_at.isoformat(),
                    "path": str(p.path),
                }
                for p in packs
            ]
        )
        return 0
    if not packs:
        print(
            pick(
                args.lang,
                "还没有安装数据包。试试：lvtu data import chinatravel PATH",
                "No data packs installed. Try: lvtu data import chinatravel PATH",
            )
        )
        return 0
    for p in packs:
        c = p.counts
        print(f"{p.name}  ({p.kind}, {p.imported_at:%Y-%m-%d})  {p.title}")
        print(
            pick(
                args.lang,
                f"  {c.get('destinations', 0)}个目的地，景点{c.get('attractions', 0)}，餐厅"
                f"{c.get('restaurants', 0)}，住宿{c.get('lodging', 0)}，交通枢纽{c.get('hubs', 0)}，"
                f"城际线路{c.get('links', 0)}",
                f"  {c.get('destinations', 0)} destinations, {c.get('attractions', 0)} attractions, "
                f"{c.get('restaurants', 0)} restaurants, {c.get('lodging', 0)} lodgings, "
                f"{c.get('hubs', 0)} hubs, {c.get('links', 0)} intercity links",
            )
        )
        print(pick(args.lang, f"  许可：{p.licence}", f"  Licence: {p.licence}"))
        print(pick(args.lang, f"  来源：{p.attribution}", f"  Attribution: {p.attribution}"))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from engine.knowledge.packs import PackError, save_pack
    from engine.knowledge.userplaces_read import ImportFailed

    lang = args.lang
    try:
        if args.format == "chinatravel":
            from engine.knowledge.chinatravel import import_chinatravel

            print(
                pick(lang, "读取 ChinaTravel 数据…", "reading the ChinaTravel sandbox…"),
                file=sys.stderr,
            )
            pack = import_chinatravel(args.path, cities=args.city, limit=args.limit)
        else:
            pack = _own_places(args)
        info = save_pack(pack)
    except (PackError, ImportFailed) as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2
    c = info.counts
    print(
        pick(
            lang,
            f"已导入数据包“{info.name}”：景点{c['attractions']}，餐厅{c['restaurants']}，住宿"
            f"{c['lodging']}，交通枢纽{c['hubs']}，城际线路{c['links']}。",
            f"Imported pack {info.name!r}: {c['attractions']} attractions, {c['restaurants']} "
            f"restaurants, {c['lodging']} lodgings, {c['hubs']} hubs, {c['links']} intercity links.",
        )
    )
    if info.skipped:
        skipped = ", ".join(f"{k} {v}" for k, v in info.skipped.items())
        print(pick(lang, f"跳过：{skipped}", f"Skipped: {skipped}"))
    print(
        pick(
            lang,
            f"许可：{info.licence}；来源：{info.attribution}",
            f"Licence: {info.licence}; attribution: {info.attribution}",
        )
    )
    return 0


def _own_places(args: argparse.Namespace) -> Any:
    from engine.knowledge.base import default_knowledge
    from engine.knowledge.packs import PackError
    from engine.knowledge.userplaces import import_places

    if not args.name:
        raise PackError(
            "请用 --name 给数据包起个名字，例如 --name my-places。",
            "Give the pack a name with --name, e.g. --name my-places.",
        )
    meter = ImportMeter(args.lang)
    try:
        return import_places(
            args.path,
            args.format,
            name=args.name,
            kb=default_knowledge(),
            destination=args.destination,
            datum=args.datum,
            progress=meter,
        )
    finally:
        meter.close()


class ImportMeter:
    """Import progress on stderr: one line rewritten in place on a terminal, else a line per
    tenth of the file (so a log of the run stays short)."""

    def __init__(self, lang: str, stream: Any = None) -> None:
        self.lang = lang
        self.stream = stream or unfiltered(sys.stderr)  # (our own \r; the numbers are ours)
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.shown = -1  # the last tenth printed (not on a terminal)
        self.open = False  # a line without its end is on the terminal

    def __call__(self, step: Any) -> None:
        percent = round(step.fraction * 100)
        line = pick(
            self.lang,
            f"读取中：{percent}%（{step.rows}个地点）",
            f"reading: {percent}% ({step.rows} places)",
        )
        if self.tty:
            self.stream.write("\r" + line)
            self.open = True
        elif percent // 10 > self.shown:
            self.shown = percent // 10
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False


def cmd_remove(args: argparse.Namespace) -> int:
    from engine.knowledge.packs import remove_pack

    if not remove_pack(args.name):
        print(
            pick(
                args.lang, f"没有名为“{args.name}”的数据包。", f"No data pack named {args.name!r}."
            ),
            file=sys.stderr,
        )
        return 2
    print(pick(args.lang, f"已删除数据包“{args.name}”。", f"Removed data pack {args.name!r}."))
    return 0
