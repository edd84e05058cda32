"""The wish for one leg's mode ("train from Xi'an to Chengdu", `TripRequest.leg_transport`):
that leg by that mode, or why not."""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.planning import wish_places as wp
from engine.planning.aboard import is_aboard
from engine.planning.intercity import satisfies
from engine.planning.wish_transport import MODE_WORDS


def leg_items(plan: Itinerary, kb: KnowledgeBase, a: str, b: str) -> list[tuple[int, Item]]:
    """(day, item) of the boardings from destination `a`'s hubs to destination `b`'s."""
    src, dst = kb.destinations.get(a), kb.destinations.get(b)
    if src is None or dst is None:
        return []
    names = {n for h in src.hubs for n in (h.name_zh, h.name_en)}
    arrive = {h.id for h in dst.hubs}
    return [(d.index, i) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY and i.overnight != "arrive" and not is_aboard(i)
            and i.poi_id in arrive and i.from_name in names]  # fmt: skip


def leg_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The leg asked for (``"xian>chengdu:train"``) by that mode, said with its day and
    stations; else the mode it takes and why (no such link, or no such leg in the trip)."""
    lang = plan.lang
    pair, _, mode = w.value.partition(":")
    a, _, b = pair.partition(">")
    word = pick(lang, *MODE_WORDS.get(mode, (mode, mode)))
    src, dst = kb.destinations.get(a), kb.destinations.get(b)
    leg = pick(lang, f"{src.name_zh}到{dst.name_zh}", f"{src.name_en} to {dst.name_en}") if (
        src and dst) else pair  # fmt: skip
    found = leg_items(plan, kb, a, b)
    if not found:
        return wp._not(w, pick(lang, f"行程里没有{leg}这一段", f"the trip has no leg {leg}"),
                       pick(lang, "这两个地方在行程里不相连", "the trip does not go that way"), "")  # fmt: skip
    day, item = found[0]
    if satisfies(mode, item.mode.value if item.mode else None):
        return wp._ok(w, pick(lang, f"{leg}坐{word}：第{day}天 {item.name}",
                              f"{leg} by {word}: day {day}, {item.name}"))  # fmt: skip
    used = pick(
        lang, *MODE_WORDS.get(item.mode.value if item.mode else "", ("其他方式", "another way"))
    )
    if mode in plan.request.avoid.transport:
        why = pick(lang, f"您也说了不坐{word}", f"you also said no {word}")
    else:
        why = pick(lang, f"{leg}之间查不到可坐的{word}", f"no {word} is known for {leg}")
    return wp._not(w, pick(lang, f"第{day}天{item.name}坐{used}", f"day {day}: {item.name} by {used}"),
                   why, "")  # fmt: skip
