"""A destination said by the name of one of its districts (「去顺德吃两天」: 顺德 is a district of
佛山) stays in that district: the destination's lodging area named after it (顺德大良), not the
city centre 30 km away."""

from __future__ import annotations

from collections.abc import Sequence

from engine.knowledge.base import KnowledgeBase

#: The shortest alias read as a district's name (「顺德」, 「海宁」; not a one-character nickname).
_MIN_ALIAS = 2


def district_stays(
    text: str, kb: KnowledgeBase | None, dest_ids: Sequence[str]
) -> list[tuple[str, str]]:
    """(alias said, lodging id) for each destination of `dest_ids` said in `text` by an alias
    other than its own name that a lodging area of it is named after; [] when none is."""
    if kb is None:
        return []
    out: list[tuple[str, str]] = []
    for dest_id in dest_ids:
        dest = kb.destinations.get(dest_id)
        if dest is None or dest.name_zh in text:
            continue  # 佛山顺德: the city itself is said too
        for alias in dest.aliases:
            if len(alias) < _MIN_ALIAS or alias not in text or alias.startswith(dest.name_zh):
                continue
            stay = next((lo for lo in dest.lodging if alias in lo.name_zh), None)
            if stay is not None:
                out.append((alias, stay.id))
                break
    return out
