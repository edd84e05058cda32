"""`lvtu habits`: see and drop what Lvtu remembers about you for later trips (「我从来不坐飞机」,
"I'm vegetarian") — the long-term memory (`engine.agent.memory.MemoryStore`)."""

from __future__ import annotations

import argparse
from typing import Any

from engine.agent.memory import Memory, MemoryStore
from engine.cli.output import command_lang, print_json, report_error
from engine.i18n import pick
from engine.storage.db import open_database
from engine.understanding.habits import keys_for_term, label


def register(sub: Any) -> None:
    p = sub.add_parser(
        "habits", help="see or drop remembered habits / 查看或清除记住的习惯（如「不坐飞机」）"
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"], help="messages in zh | en (default: system)")
    p.set_defaults(handler=cmd_habits, action=None)
    actions = p.add_subparsers(dest="action")
    forget = actions.add_parser("forget", help="drop one habit: its number or a word (飞机, spicy)")
    forget.add_argument("what", help="the habit's number (#) or a word in it")
    clear = actions.add_parser("clear", help="drop every habit / 全部清除")
    for q in (forget, clear):  # said after the action too; SUPPRESS keeps what came before it
        q.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
        q.add_argument("--lang", choices=["zh", "en"], default=argparse.SUPPRESS)


def cmd_habits(args: argparse.Namespace) -> int:
    """List the habits (newest first); ``forget`` drops one by number or word (exit 2 when none
    matches), ``clear`` drops them all."""
    store = MemoryStore(open_database())
    lang = command_lang(args)
    as_json = bool(getattr(args, "json", False))
    if args.action == "clear":
        gone = store.all()
        for memory in gone:
            store.forget(memory.id)
        return _done(gone, lang, as_json)
    if args.action == "forget":
        what = str(args.what).strip().lstrip("#")
        if what.isdigit():
            gone = [m for m in store.all() if m.id == int(what)]
        else:
            gone = _named(store.search(what), what)
        if not gone:
            report_error(
                pick(lang, f"没有记住与「{args.what}」有关的习惯。查看：lvtu habits",
                     f"No remembered habit matches “{args.what}”. See: lvtu habits"),
                "not_found", as_json=as_json,
            )  # fmt: skip
            return 2
        for memory in gone:
            store.forget(memory.id)
        return _done(gone, lang, as_json)
    memories = store.all()
    if as_json:
        print_json([_as_json(m, lang) for m in memories])
        return 0
    if not memories:
        print(pick(lang, "还没有记住的习惯。说「我从来不坐飞机」「我吃素」这样的话，以后的行程会照此安排。",
                   "No habits remembered yet. Say things like “I never fly” or “I'm vegetarian” "
                   "and later trips follow them."))  # fmt: skip
        return 0
    for m in memories:
        said = pick(lang, f"（你说过：「{m.content}」，{m.updated_at:%Y-%m-%d}）",
                    f" (you said: “{m.content}”, {m.updated_at:%Y-%m-%d})")  # fmt: skip
        print(f"#{m.id:<3} {label(m, lang)}{said}")
    print(pick(lang, "以后的新行程会照这些安排，每次都会在「你的要求」里写明；这次要不同就直接说（如「这次坐飞机」）。"
               "不再需要：lvtu habits forget 编号，或 lvtu habits clear",
               "New trips follow these and say so under “Your wishes”; ask otherwise for one "
               "trip (“fly this time”). To drop one: lvtu habits forget NUMBER, or lvtu habits "
               "clear"))  # fmt: skip
    return 0


def _named(found: list[Memory], word: str) -> list[Memory]:
    """The habits of `found` (matched anywhere, the words said with them included) that `word`
    names itself: 「forget fly」 drops "no flights", not "vegetarian" said in the same sentence
    (「I'm vegetarian and I never fly」); all of `found` when none is named by it."""
    keys, folded = keys_for_term(word), word.strip().lower()
    named = [m for m in found if m.key in keys
             or any(folded in label(m, lang).lower() for lang in ("zh", "en"))]  # fmt: skip
    return named or found


def _done(gone: list[Memory], lang: str, as_json: bool) -> int:
    if as_json:
        print_json({"forgotten": [_as_json(m, lang) for m in gone]})
        return 0
    if not gone:
        print(
            pick(lang, "没有记住的习惯，无需清除。", "No habits were remembered; nothing to drop.")
        )
        return 0
    names = pick(lang, "、", ", ").join(label(m, lang) for m in gone)
    print(pick(lang, f"已忘记：{names}。以后的行程不再照此安排。",
               f"Forgotten: {names}. Later trips no longer follow it."))  # fmt: skip
    return 0


def _as_json(m: Memory, lang: str) -> dict[str, Any]:
    return {"id": m.id, "kind": m.kind, "key": m.key, "label": label(m, lang),
            "said": m.content, "updated_at": m.updated_at.isoformat()}  # fmt: skip
