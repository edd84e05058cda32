"""What a record's `source` must say before it may be labelled ``verified`` (issue 13).

`verified` means that every fact a traveller acts on — the price and its seasons, the hours and
closures, the booking rule, and the position — was checked against a cited source that someone
read, on a day the `source` gives. A `source` therefore needs:

- a date (``YYYY-MM-DD``): when the cited pages were read (or the page's own date);
- a clause on the position (``position``/``coordinates``/``位置``/``坐标``) naming where it
  comes from;
- no clause admitting a fact it did not check ("position: WGS-84 from memory, not checked",
  "hours estimated", "booking rule as before, not checked", "the switch is assumed to be
  1 April") unless the same clause says it was then checked, replaced or dropped.

`verified_gaps` lists what is missing; `engine.knowledge.schema.Place` refuses a ``verified``
record with any gap, so a false label cannot be loaded.
"""

from __future__ import annotations

import re

#: What a `source` says of a fact it did not check: "position: WGS-84 from memory, not checked",
#: "hours estimated", "concessions not checked", "winter hours as remembered (estimated)", "the
#: switch to summer hours is assumed to be 1 April".
UNCHECKED = re.compile(
    r"\bnot (?:checked|confirmed|verified)\b|\bunchecked\b|\bfrom memory\b|\bas remembered\b"
    r"|\bestimated\b|\bapproximate\b|\bguess|\bassumed\b|\ban inference\b|\binferred\b|估计|未核实",
    re.I,
)
#: What, in the same clause, says the unchecked fact was then checked, replaced or dropped, or
#: speaks of a value the record no longer holds: "from memory, checked 2026-12-03 against
#: triptipper …", "the record's estimated 60 is replaced", "the 23:00 lights-off time … was not
#: confirmed and is dropped", "the earlier closing 17:30 was not confirmed".
RESOLVED = re.compile(
    r"\b(?:checked|re-read|verified) 20\d\d-\d\d-\d\d\b|\b(?:replaced|corrected|dropped|aligned)\b"
    r"|\bwas wrong\b|\binstead of\b|\brather than\b|\bout of date\b|\bthe earlier\b"
    r"|\bwas (?:recorded|estimated)\b|\(was\b",
    re.I,
)
#: What says the unchecked value is the one the record still holds, whatever else the clause
#: says: "position WGS-84 still the earlier estimate from memory", "hours kept as estimated".
STILL_HELD = re.compile(r"\bstill\b|\bkept as (?:estimated|remembered)\b|仍为估计", re.I)
#: A clause on where the position comes from.
POSITION = re.compile(r"\bposition|\bcoordinates\b|\bgeotag|位置|坐标", re.I)
#: The day a source was read or dated.
DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def unchecked_admissions(source: str) -> list[str]:
    """The clauses of `source` (split at ';' and at sentence ends) that admit a fact not
    checked against a source (`UNCHECKED`) without saying it was then checked, replaced or
    dropped (`RESOLVED`), or that say the unchecked value is still held (`STILL_HELD`); empty
    when the record's facts were all checked."""
    clauses = re.split(r";|\.\s", source)
    return [
        c.strip()
        for c in clauses
        if UNCHECKED.search(c) and (STILL_HELD.search(c) or not RESOLVED.search(c))
    ]


def verified_gaps(source: str) -> list[str]:
    """Why `source` does not support a ``verified`` label (empty when it does): no date it was
    read, no clause naming where the position comes from, or a clause admitting an unchecked
    fact (quoted, at most 80 characters)."""
    gaps = []
    if not DATE.search(source):
        gaps.append("no date the source was read (YYYY-MM-DD)")
    if not POSITION.search(source):
        gaps.append("no source for the position")
    gaps += [f"admits an unchecked fact: {c[:80]!r}" for c in unchecked_admissions(source)]
    return gaps
