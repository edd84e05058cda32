"""Which attractions are nearest to an honest ``verified`` label, and what each still lacks.

Usage (from the repository root)::

    .venv/bin/python bench/kb_candidates.py [--dest beijing --dest xian] [--all] [--top 40]

Lists the headline sights (`Destination.headline`; ``--all``: every attraction) of the given
destinations (default: the most visited ones, `BUSY`) that are not ``verified``, fewest gaps
first, with what `engine.knowledge.provenance.verified_gaps` says is missing: no read date, no
position source, or a clause admitting an unchecked fact ("position from memory, not checked").
A record whose only gap is its position needs one page with coordinates; one with no gap
but labelled ``curated`` has a price, hours and booking rule to check. Issue 13.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.knowledge.base import load_curated  # noqa: E402
from engine.knowledge.provenance import verified_gaps  # noqa: E402

#: The most visited destinations (issue 13's list), checked first.
BUSY = (
    "beijing", "shanghai", "xian", "hangzhou", "chengdu", "chongqing", "guangzhou", "suzhou",
    "nanjing", "xiamen", "guilin", "huangshan", "zhangjiajie", "lijiang", "sanya", "wuhan",
    "qingdao", "harbin", "kunming", "dali",
)  # fmt: skip


def candidates(dests: tuple[str, ...], every: bool) -> list[tuple[int, str, str, list[str]]]:
    """(gap count, destination id, "id name", gaps) of each unverified sight, fewest first."""
    kb = load_curated()
    found = []
    for dest_id in dests:
        d = kb.destinations.get(dest_id)
        if d is None:
            continue
        for a in d.attractions:
            if a.confidence == "verified" or not (every or a.id in d.headline):
                continue
            gaps = verified_gaps(a.source)
            found.append((len(gaps), dest_id, f"{a.id} {a.name_zh} [{a.confidence}]", gaps))
    return sorted(found, key=lambda f: (f[0], dests.index(f[1])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", action="append", help="destination id (repeatable)")
    parser.add_argument("--all", action="store_true", help="every attraction, not only headline")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    found = candidates(tuple(args.dest or BUSY), args.all)
    for n, dest_id, what, gaps in found[: args.top]:
        print(f"{n} {dest_id:<12} {what}")
        for gap in gaps:
            print(f"      - {gap}")
    print(f"{len(found)} unverified {'sights' if args.all else 'headline sights'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
