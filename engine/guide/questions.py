"""Suggested follow-up questions: 3–5, each one the revision policy understands."""

from __future__ import annotations

import math

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import MAX_DAYS, Pace
from engine.editing.apply import try_edit
from engine.editing.errors import EditRefused
from engine.editing.ops import AddPlace, Edit, RegenerateDay
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction
from engine.planning.candidates import declined

#: How many sight swaps are tried with the editor before none is suggested (each one re-times a
#: day: about a second).
TRIES = 3


def suggested_questions(itinerary: Itinerary, kb: KnowledgeBase) -> tuple[str, ...]:
    """Follow-ups grounded in this plan: swap a planned sight for a good unplanned one, ease a
    busy day, add a day, lower the budget (raise it to what the plan costs when the plan is over
    it), and drop museums when the plan has any.

    Nothing suggested goes against the request: a swap never brings in a place or a kind of place
    the person declined (by name, by tag such as ``museum``, or by access needs: a wheelchair rules
    out a climb; 「不去免税店」 is not answered with 「换成三亚国际免税城」), a swap never takes out
    a place the person named (「主要去迪士尼」 was answered with 「把上海迪士尼乐园换成…」), and on
    a relaxed trip it never brings in a longer visit than the one it replaces. A change the editor
    would refuse is not suggested (each is tried on the plan: `engine.editing.try_edit`)."""
    zh = itinerary.lang == "zh"
    out: list[str] = []
    planned = {i.poi_id for d in itinerary.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    busiest = sorted(
        (d for d in itinerary.days if itinerary.request.day_pace.get(d.index) != Pace.RELAXED),
        key=lambda d: -sum(1 for i in d.items if i.kind == ItemKind.ATTRACTION),
    )
    eased = busiest[0] if busiest else None
    if eased is not None and _works(
        itinerary, kb, RegenerateDay(day=eased.index, pace=Pace.RELAXED)
    ):
        out.append(f"第{eased.index}天轻松一点" if zh else f"Make day {eased.index} more relaxed")
    swap = _swap(itinerary, kb, planned)
    if swap is not None:
        old, new = swap
        out.append(
            f"把{old.name_zh}换成{new.name_zh}"
            if zh
            else f"Replace {old.name_en} with {new.name_en}"
        )
    if len(itinerary.days) < MAX_DAYS:
        out.append("加一天" if zh else "Add one more day")
    total = itinerary.total_cost_cny
    budget = itinerary.request.budget_cny
    if budget is not None and total > budget:  # over it even so: what it takes, not a lower one
        need = int(math.ceil(total / 100) * 100)
        out.append(f"预算提高到{need}元" if zh else f"Raise the budget to {need} CNY")
    elif total > 500:
        lower = int(round(total * 0.8, -2))
        out.append(f"预算降到{lower}元" if zh else f"Lower the budget to {lower} CNY")
    has_museum = any(
        "museum" in a.tags for p in planned if p and (a := kb.attraction(p)) is not None
    )
    if has_museum and len(out) < 5:
        out.append("不要去博物馆" if zh else "No museums, please")
    return tuple(out[:5])


def _swap(
    itinerary: Itinerary, kb: KnowledgeBase, planned: set[str | None]
) -> tuple[Attraction, Attraction] | None:
    """The least popular planned sight and the most popular unplanned one of the same destination
    that the request allows and the editor can swap (`TRIES` pairs tried), or None."""
    request = itinerary.request
    planned_places = sorted(
        (a for p in planned if p and (a := kb.attraction(p)) is not None),
        key=lambda a: (a.popularity, a.id),
    )
    tries, refused = 0, set[str]()
    for old in planned_places:
        if old.id in request.must_see:  # the person's own choice stays
            continue
        dest = kb.destination_of(old.id)
        if dest is None:
            continue
        fits = old.visit_minutes  # a longer visit rarely fits a day planned full around it
        for new in sorted(
            dest.attractions, key=lambda a: (a.visit_minutes > fits, -a.popularity, a.id)
        ):
            if new.id in refused:
                continue
            if new.id in planned or declined(new, request):
                continue
            if request.pace == Pace.RELAXED and new.visit_minutes > old.visit_minutes:
                continue
            if _works(itinerary, kb, AddPlace(place=new.id, instead_of=old.id)):
                return old, new
            refused.add(new.id)
            tries += 1
            if tries >= TRIES:
                return None
            break  # the next planned sight, with its own best replacement
    return None


def _works(itinerary: Itinerary, kb: KnowledgeBase, edit: Edit) -> bool:
    """Whether the editor makes `edit` on `itinerary` (a suggestion it would refuse is none)."""
    return not isinstance(try_edit(itinerary, edit, kb), EditRefused)
