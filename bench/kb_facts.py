"""How much of the curated knowledge base is true on the day one travels, and consistent.

Usage (from the repository root)::

    /work/main/.venv/bin/python bench/kb_facts.py [--list 10]

Prints (issue 13; targets in brackets):

- records by confidence (verified / curated / estimated) per record type and overall, and the
  share of attractions verified [>= 35 %];
- dated facts: ticketed sights, those whose ticket note speaks of seasons (旺季/淡季, peak/off
  season) and how many of them have `seasons` (or say why not in `source`: "no season table:");
  ticketed headline sights with `seasons`, with one all-year price said by a cited source
  (`source` says so: "no season table: one all-year price per <site> (<date>)") and neither —
  those split into an estimated price (listed) and a sourced price whose seasons are unsettled;
  sights with `concessions`, `closures`, free days; cable-car fares still marked as guesses
  (「估计」) [0] and with a season table; sights entered on a park's ticket
  (`inside`); required bookings with a lead time;
- verified records whose `source` admits a fact it did not check ("position: WGS-84 from
  memory, not checked", "hours estimated") [0: `verified` means every fact a traveller acts on
  — price, hours, position — was checked against a cited source, /work/wt/KBVERIFY.md];
- records whose `source` mentions the ChinaTravel sandbox [0: its data are CC BY-NC-SA and
  never a source of curated facts];
- datum consistency: highlight points farther from their sight than the sight's extent
  (`EXTENT_M`: a mountain, lake or park spreads over kilometres, a museum does not) or outside
  the destination's radius; landmarks that stand on one north–south axis (`AXES`) whose
  east–west offset exceeds the tolerance — a record copied from a GCJ-02 map without
  conversion stands about 500 m east of its neighbours (``as GCJ`` shows the offset if it were
  converted);
- destinations [>= 120].

`bench/kb_accuracy.py` prints the same after its comparison with the sandbox.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.knowledge.base import KnowledgeBase, load_curated  # noqa: E402
from engine.knowledge.geo import haversine_m, to_wgs84  # noqa: E402
from engine.knowledge.provenance import unchecked_admissions  # noqa: E402
from engine.knowledge.schema import Attraction, Provenance  # noqa: E402

CONFIDENCES = ("verified", "curated", "estimated")
KINDS = ("attractions", "restaurants", "lodging", "hubs")
SEASON_WORDS = re.compile(r"旺季|淡季|peak season|off[- ]season|low season|high season", re.I)
#: What a record's `source` says when its note speaks of seasons but no table can be given.
NO_TABLE = "no season table:"
#: What a record's `source` says when a source it cites shows one adult price for the whole year
#: ("no season table: one all-year price per <site> (<date>)"); the note alone is not enough.
ALL_YEAR = re.compile(
    r"one all-year price|one price all year|price(?: \(\d+\))? is the same all year|全年同价", re.I
)
#: What, just before an `ALL_YEAR` phrase, denies it: "not one price all year", "isn't one
#: all-year price", "no one price all year", 「不是全年同价」, 「并非全年同价」.
NEGATED = re.compile(
    r"(?:\b(?:not|never|without|no longer)\b(?:\s+\w+){0,2}\s*|\bno\s+|n't\s+(?:\w+\s+){0,2}"
    r"|不是|并非|非|不)$",
    re.I,
)


def says_one_price(source: str) -> bool:
    """Whether `source` claims one adult price all year (`ALL_YEAR`) without denying it
    (`NEGATED`): "no season table: one all-year price per …" counts, "not one price all year"
    does not."""
    return any(not NEGATED.search(source[: m.start()]) for m in ALL_YEAR.finditer(source))


def is_estimated_price(a: Attraction) -> bool:
    """Whether `a`'s adult price is a guess: the record is ``estimated`` or its ticket note says
    so (「估计」, "estimated")."""
    note = a.ticket_note_zh + a.ticket_note_en
    return a.confidence == "estimated" or "估计" in note or "estimated" in note.lower()


# "chinatravel" alone would also match websites such as chinatravel.best cited by verified records.
SANDBOX = re.compile(r"chinatravel(?![.\w-])|沙盒|sandbox", re.I)  # not chinatravel-guide.com


TARGET_VERIFIED = 0.35
TARGET_DESTINATIONS = 120
#: How far a highlight may lie from its sight's point, metres, by the sight's tags: a scenic
#: area or lake spreads over kilometres (黄山, 千岛湖, 崂山), a town over one or two, a building
#: complex over a few hundred metres.
EXTENT_M = (
    ({"mountain", "lake", "sea", "hiking", "nature", "snow"}, 15_000),
    ({"park", "water-town", "old-town", "village", "garden", "theme-park"}, 3_000),
)
DEFAULT_EXTENT_M = 1_500
#: Sights made of two sites joined by a shuttle, or a valley of several: their own extent.
WIDE_EXTENT_M = {
    "dunhuang-mogao-caves": 15_000,  # the visit starts at the Digital Exhibition Centre
    "xian-terracotta-army": 3_000,  # the pits and the mausoleum park (丽山园)
    "beijing-ming-tombs": 4_000,  # 长陵 is 2.4 km from 定陵
    # a train ride: 13 km of track from 临安站 to 团山 (zit.org.cn, the record's source), its
    # stops (双龙桥 3.5 km, 团山站 6.5 km as the crow flies) along the line
    "jianshui-small-train": 13_000,
}


@dataclass(frozen=True)
class Axis:
    """Landmarks on one north–south line, north to south, and the east–west offset allowed
    between neighbours (metres: the records' points are not exactly on the line)."""

    name: str
    ids: tuple[str, ...]
    tolerance_m: float


#: Beijing's central axis (UNESCO World Heritage "Beijing Central Axis", 2024): 钟鼓楼, 景山,
#: 故宫, 天安门, the square, 毛主席纪念堂 and 前门 on one line. 西安's 南大街 runs straight
#: from the 钟楼 to the 永宁门 (the 钟鼓楼 record stands for both towers: 200 m). (广州's new
#: axis is left out: its bearing is not known here to better than the records' 200 m.)
AXES = (
    Axis(
        "北京中轴线",
        (
            "beijing-drum-bell-towers",
            "beijing-jingshan-park",
            "beijing-forbidden-city",
            "beijing-tiananmen-rostrum",
            "beijing-tiananmen-square",
            "beijing-mao-mausoleum",
            "beijing-qianmen-street",
        ),
        150.0,
    ),
    Axis("西安南大街", ("xian-bell-drum-tower", "xian-city-wall"), 200.0),
)


def _records(kb: KnowledgeBase) -> dict[str, list[Provenance]]:
    found: dict[str, list[Provenance]] = {"destinations": list(kb.destinations.values())}
    for kind in KINDS:
        found[kind] = [p for d in kb.destinations.values() for p in getattr(d, kind)]
    found["links"] = list(kb.links)
    return found


def confidence_table(kb: KnowledgeBase) -> float:
    """Print records by confidence; return the share of attractions verified."""
    print(f"{'records':<13}{'total':>7}" + "".join(f"{c:>11}" for c in CONFIDENCES))
    overall: Counter[str] = Counter()
    share = 0.0
    for kind, records in _records(kb).items():
        counts: Counter[str] = Counter(r.confidence for r in records)
        overall.update(counts)
        cells = "".join(f"{counts[c]:>6} {counts[c] / max(1, len(records)):>3.0%}"
                        for c in CONFIDENCES)  # fmt: skip
        print(f"{kind:<13}{len(records):>7}{cells}")
        if kind == "attractions":
            share = counts["verified"] / max(1, len(records))
    total = sum(overall.values())
    cells = "".join(f"{overall[c]:>6} {overall[c] / max(1, total):>3.0%}" for c in CONFIDENCES)
    print(f"{'ALL':<13}{total:>7}{cells}")
    print(f"attractions verified: {share:.1%} (target >= {TARGET_VERIFIED:.0%})")
    admitted = [
        (kind, r) for kind, records in _records(kb).items() for r in records
        if r.confidence == "verified" and unchecked_admissions(r.source)
    ]  # fmt: skip
    print(f"verified records whose source admits an unchecked fact: {len(admitted)} (target 0)")
    for kind, r in admitted[:3]:
        print(f"  {kind} {getattr(r, 'id', '')}: {unchecked_admissions(r.source)[0][:70]}")
    return share


def dated_facts(kb: KnowledgeBase, top: int) -> None:
    """Print the coverage of seasons, concessions, closures and booking lead times."""
    sights = [(a, d) for d in kb.destinations.values() for a in d.attractions]
    ticketed = [(a, d) for a, d in sights if a.ticket_cny > 0 or a.seasons]
    seasonal = [
        (a, d) for a, d in ticketed if SEASON_WORDS.search(a.ticket_note_zh + a.ticket_note_en)
    ]
    reasoned = [(a, d) for a, d in seasonal if not a.seasons and NO_TABLE in a.source]
    missing = [(a, d) for a, d in seasonal if not a.seasons and NO_TABLE not in a.source]
    headline = [(a, d) for a, d in ticketed if a.id in d.headline]
    required = [a for a, _ in sights if a.reservation == "required"]

    def count(found: list, of: list) -> str:
        return f"{len(found):>4} / {len(of):<4} {len(found) / max(1, len(of)):>4.0%}"

    print(f"ticketed sights:                          {len(ticketed):>4}")
    print(
        f"  notes speak of seasons, with `seasons`:   {count([a for a, _ in seasonal if a.seasons], seasonal)}"
    )
    print(f"    … without, the reason said ('{NO_TABLE}'):  {len(reasoned):>4}")
    print(
        f"  all ticketed, with `seasons`:             {count([a for a, _ in ticketed if a.seasons], ticketed)}"
    )
    print(
        f"  headline ticketed, with `seasons`:        {count([a for a, _ in headline if a.seasons], headline)}"
    )
    one_price = [a for a, _ in headline if not a.seasons and says_one_price(a.source)]
    with_seasons = sum(1 for a, _ in headline if a.seasons)
    unknown = [(a, d) for a, d in headline if not a.seasons and not says_one_price(a.source)]
    guessed = [(a, d) for a, d in unknown if is_estimated_price(a)]
    print(f"headline ticketed: with seasons {with_seasons}, one price all year (sourced) "
          f"{len(one_price)}, unknown {len(unknown)} (price estimated {len(guessed)}, "
          f"price sourced but seasons not settled {len(unknown) - len(guessed)})")  # fmt: skip
    for a, d in guessed[:top]:
        print(f"  estimated price: {d.id}/{a.id} {a.name_zh} ({a.ticket_cny:g})")
    if len(guessed) > top:
        print(f"  … and {len(guessed) - top} more")
    print(
        f"  with `concessions`:                       {count([a for a, _ in ticketed if a.concessions], ticketed)}"
    )
    cars = [h for a, _ in sights for h in a.highlights if h.kind == "cable_car" and h.price_cny]
    areas = [z for d in kb.destinations.values() for z in d.access_areas if z.fare_cny]
    rides = [a for a, _ in sights if a.transport_inside_cny]
    print(f"fares with their own concessions (else every child pays the adult fare): cable cars "
          f"{count([h for h in cars if h.concessions], cars)}, crossings "
          f"{count([z for z in areas if z.concessions], areas)}, inside rides "
          f"{count([a for a in rides if a.inside_concessions], rides)}")  # fmt: skip
    guessed_cars = [h for h in cars if "估计" in h.note_zh or "estimated" in h.note_en.lower()]
    print(f"  cable-car fares still marked as guesses (估计):  {count(guessed_cars, cars)} "
          f"(target 0); with a season table: {sum(1 for h in cars if h.price_seasons)}")  # fmt: skip
    inside = [(a, d) for a, d in sights if a.inside is not None]
    parks = {(d.id, a.inside) for a, d in inside}
    print(f"sights on a park's ticket (`inside`):     {len(inside):>4} "
          f"({len(parks)} park tickets, {sum(1 for p in sights if p[0].ticket_valid_days)} "
          f"with a validity in days)")  # fmt: skip
    print(f"sights with yearly `closures`:            {sum(1 for a, _ in sights if a.closures):>4}")
    print(
        f"sights with free days:                    {sum(1 for a, _ in sights if a.free_days_zh):>4}"
    )
    print(f"required bookings with a lead time:       {count([a for a in required if a.reservation_lead_days is not None], required)}")  # fmt: skip
    print(f"headline sights:                          {sum(len(d.headline) for d in kb.destinations.values()):>4} "
          f"in {sum(1 for d in kb.destinations.values() if d.headline)} destinations")  # fmt: skip
    for a, d in missing[:top]:
        print(f"  no seasons, no reason: {d.id}/{a.id} ({a.ticket_note_zh[:40]})")
    if len(missing) > top:
        print(f"  … and {len(missing) - top} more")


def sandbox_sources(kb: KnowledgeBase, top: int) -> int:
    """Print records whose source mentions the ChinaTravel sandbox; return how many."""
    hits = [
        (kind, getattr(r, "id", f"{getattr(r, 'a', '')}-{getattr(r, 'b', '')}"), r.source)
        for kind, records in _records(kb).items()
        for r in records
        if SANDBOX.search(r.source)
    ]
    print(f"records sourced from the ChinaTravel sandbox: {len(hits)} (target 0)")
    for kind, rid, source in hits[:top]:
        print(f"  {kind[:-1] if kind.endswith('s') else kind} {rid}: {source[:70]}")
    return len(hits)


def _extent(a: Attraction) -> int:
    if a.id in WIDE_EXTENT_M:
        return WIDE_EXTENT_M[a.id]
    for tags, metres in EXTENT_M:
        if tags & set(a.tags):
            return metres
    return DEFAULT_EXTENT_M


def highlight_outliers(kb: KnowledgeBase, top: int) -> int:
    """Print highlights beyond their sight's extent or the destination's radius."""
    placed, far = 0, []
    for d in kb.destinations.values():
        for a in d.attractions:
            for h in a.highlights:
                if h.lat is None or h.lon is None:
                    continue
                placed += 1
                metres = haversine_m(a.lat, a.lon, h.lat, h.lon)
                centre = haversine_m(d.lat, d.lon, h.lat, h.lon)
                if metres > _extent(a) or centre > d.radius_km * 1000:
                    far.append((metres, d, a, h.name_zh, centre))
    print(f"highlight points: {placed}; beyond their sight's extent or the radius: {len(far)}")
    for metres, d, a, name, centre in sorted(far, key=lambda x: -x[0])[:top]:
        print(f"  {d.id}/{a.id} {name}: {metres:.0f} m from the sight (extent {_extent(a)}), "
              f"{centre / 1000:.1f} km from the centre (radius {d.radius_km:g})")  # fmt: skip
    return len(far)


def axis_pairs(kb: KnowledgeBase, axis: Axis) -> list[tuple[Attraction, Attraction, float]]:
    """Neighbouring landmarks of `axis` found in `kb`, with their east–west offset, metres."""
    known = [a for a in (kb.attraction(i) for i in axis.ids) if a is not None]
    return [
        (a, b, haversine_m((a.lat + b.lat) / 2, a.lon, (a.lat + b.lat) / 2, b.lon))
        for a, b in itertools.pairwise(known)
    ]


def axis_offsets(kb: KnowledgeBase) -> int:
    """Print the east–west offset of neighbours on each axis; return how many exceed it."""
    bad = 0
    for axis in AXES:
        pairs = axis_pairs(kb, axis)
        print(
            f"{axis.name}: {len(pairs) + 1 if pairs else 0}/{len(axis.ids)} landmarks in the base"
        )
        for a, b, offset in pairs:
            flag = "" if offset <= axis.tolerance_m else "  <-- off the axis"
            bad += bool(flag)
            hint = ""
            if flag:  # which of the two, read as GCJ-02 and converted, would sit on the axis
                lat = (a.lat + b.lat) / 2
                for p, q in ((a, b), (b, a)):
                    _, glon = to_wgs84(p.lat, p.lon, "GCJ-02")
                    hint += f"; {p.id} as GCJ {haversine_m(lat, glon, lat, q.lon):.0f} m"
            print(
                f"  {a.id} ~ {b.id}: {offset:.0f} m (tolerance {axis.tolerance_m:.0f}){hint}{flag}"
            )
    return bad


def report(kb: KnowledgeBase, top: int = 10) -> None:
    """Print every figure of this benchmark for `kb`."""
    print("\n== Confidence ==")
    confidence_table(kb)
    print("\n== Facts by date ==")
    dated_facts(kb, top)
    print("\n== Sources ==")
    sandbox_sources(kb, top)
    print("\n== Datum consistency ==")
    highlight_outliers(kb, top)
    axis_offsets(kb)
    print("\n== Coverage ==")
    count = len(kb.destinations)
    print(f"destinations: {count} (target >= {TARGET_DESTINATIONS})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", type=int, default=10, help="examples listed per finding")
    args = parser.parse_args(argv)
    report(load_curated(), args.list)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
