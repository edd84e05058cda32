"""Park tickets: a sight inside a paid park is visited with the park's ticket, bought once.

百岁宫, 天台峰 and 甘露寺 lie inside 九华山: none sells a ticket of its own, each needs the
九华山 ticket, which the record 九华街 carries (`Attraction.inside` names it). A trip buys that
ticket once — on its first visit that needs it, whether that is the park's record or a sight
inside — and again only when the ticket has run out (`Attraction.ticket_valid_days`: 张家界's
is valid 4 days; None = one ticket a trip). Every other visit that needs it shows the ticket
bought and costs no entry.

A park whose ticket is a pass for several sites (神农架's six-area pass on 神农顶's record) may
sell each site alone (`Attraction.single_cny`): a trip whose every visit on the pass has such a
price, and whose single tickets cost the party less than the pass, buys the singles instead
(`singles`: a day at 神农顶 alone costs its 130, not the 269 pass).

A day is laid out on its own (`engine.planning.schedule.build_day`: each visit costed and
worded as if it bought its ticket); `settle` then prices the trip's visits in order — called
wherever an itinerary is finished (the planner, `engine.editing.draft.Draft.finish`) — and the
validator checks costs with the same `purchases` and `planned_cost`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.domain.request import Party
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.prices import park_of, party_price, party_shuttle_fare, single_view
from engine.knowledge.schema import Attraction
from engine.knowledge.ticket_words import entry_text, ticket_name
from engine.planning import high_party
from engine.planning.access import inside_share
from engine.planning.visit_costs import dinner_inside, visit_cost


@dataclass(frozen=True)
class Visit:
    """A planned visit: its day, its position among the day's items, the sight and the park
    whose ticket it needs (None: its own)."""

    day: Day
    at: int
    place: Attraction
    park: Attraction | None

    @property
    def holder(self) -> Attraction:
        """The record whose ticket the visit is entered on."""
        return self.park or self.place


def visits(it: Itinerary, kb: KnowledgeBase) -> Iterator[Visit]:
    """The itinerary's visits of knowledge-base sights, in order (a high place as the party
    visits it: `high_party.lowered`)."""
    for day in it.days:
        for at, item in enumerate(day.items):
            place = kb.attraction(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if place is not None:
                place = high_party.lowered(place, it.request)
                yield Visit(day, at, place, park_of(place, kb.destination_of(place.id)))


def purchases(planned: list[Visit]) -> list[bool]:
    """For each visit of `planned` (in order), whether it buys the ticket it is entered on: the
    first that needs a ticket does, and the first after the ticket has run out
    (`ticket_valid_days` counted from the day it was bought)."""
    bought: dict[str, Visit] = {}
    out = []
    for visit in planned:
        holder = visit.holder
        first = bought.get(holder.id)
        days = holder.ticket_valid_days
        buys = first is None or (
            days is not None and (visit.day.date - first.day.date).days >= days
        )
        if buys:
            bought[holder.id] = visit
        out.append(buys)
    return out


def singles(planned: list[Visit], party: Party) -> set[str]:
    """Ids of the parks whose pass the trip does better to skip: every visit on it (`planned`)
    has a single price (`Attraction.single_cny`) and the party's single tickets cost less than
    the passes `purchases` would buy (each at its visit's date, with its shuttle)."""
    out = set()
    bought = dict(zip((id(v) for v in planned), purchases(planned), strict=True))
    for holder_id in {v.holder.id for v in planned}:
        on_it = [v for v in planned if v.holder.id == holder_id]
        alone = [single_view(v.place, v.park) for v in on_it]
        if any(a is None for a in alone):
            continue
        holder = on_it[0].holder
        passes = sum(
            party_price(holder, v.day.date, party).total
            + party_shuttle_fare(holder, v.day.date, party)
            for v in on_it
            if bought[id(v)]
        )
        single = sum(party_price(a, v.day.date, party).total
                     for a, v in zip(alone, on_it, strict=True) if a is not None)  # fmt: skip
        if single < passes:
            out.add(holder_id)
    return out


def planned_cost(
    it: Itinerary, kb: KnowledgeBase, visit: Visit, *, buys: bool, single: bool = False
) -> float:
    """What `visit` costs the party, CNY (`engine.planning.visit_costs.visit_cost`): its inside
    transport shared with summit nights (`access.inside_share`), lunch (dinner) inside when the
    item is the day's lunch (dinner), the park's ticket when it `buys` it — or, with `single`
    (`singles`), the site's own single ticket instead of the pass."""
    item = visit.day.items[visit.at]
    destination = kb.destinations.get(visit.day.destination)
    before = next((d.lodging_id for d in it.days if d.index == visit.day.index - 1), None)
    share = 1.0 if destination is None else inside_share(
        destination, visit.place, before, visit.day.lodging_id
    )  # fmt: skip
    alone = single_view(visit.place, visit.park) if single else None
    if alone is not None:
        return visit_cost(alone, it.request.party, visit.day.date,
                          lunch_inside=item.meal == "lunch", inside_share=share)  # fmt: skip
    return visit_cost(visit.place, it.request.party, visit.day.date,
                      lunch_inside=item.meal == "lunch", inside_share=share, park=visit.park,
                      buys=buys, dinner_inside=dinner_inside(item))  # fmt: skip


def _reworded(note: str | None, visit: Visit, it: Itinerary, *, buys: bool,
              single: bool = False) -> str | None:  # fmt: skip
    """`note` with how the visit gets in said for `buys` (`ticket_words.entry_text`), or for a
    single ticket bought instead of the pass (「单买门票：…（比神农架6大景区套票省）」)."""
    if not note:
        return note
    party, lang = it.request.party, it.request.lang
    date = visit.day.date
    alone = single_view(visit.place, visit.park) if single else None
    if alone is not None:
        pass_name = ticket_name(visit.holder, lang)
        new = pick(lang, f"单买门票：{entry_text(alone, None, date, party, lang)}（比{pass_name}省）",
                   f"a single ticket: {entry_text(alone, None, date, party, lang)} (cheaper "
                   f"than the {pass_name})")  # fmt: skip
    else:
        new = entry_text(visit.place, visit.park, date, party, lang, buys=buys)
    old = entry_text(visit.place, visit.park, date, party, lang, buys=not buys)
    if new in note:
        return note
    for said in (old, entry_text(visit.place, visit.park, date, party, lang, buys=buys)):
        if said and said in note:
            return note.replace(said, new, 1)
    return note


def settle(it: Itinerary, kb: KnowledgeBase) -> Itinerary:
    """`it` with each visit that shares a ticket costed and worded by `purchases`: the park's
    ticket on the first visit that needs it, 「凭九华山门票（本行程已购）」 on the others — or
    each site's single ticket where those cost less than the pass (`singles`)."""
    planned = list(visits(it, kb))
    alone = singles(planned, it.request.party)
    shared = {v.park.id for v in planned if v.park is not None} | alone
    changed: dict[tuple[int, int], Item] = {}
    for visit, buys in zip(planned, purchases(planned), strict=True):
        if visit.holder.id not in shared:
            continue
        single = visit.holder.id in alone
        item = visit.day.items[visit.at]
        cost = planned_cost(it, kb, visit, buys=buys, single=single)
        note = _reworded(item.note, visit, it, buys=buys, single=single)
        if cost != item.cost_cny or note != item.note:
            changed[visit.day.index, visit.at] = item.model_copy(
                update={"cost_cny": cost, "note": note}
            )
    if not changed:
        return it
    days = []
    for day in it.days:
        items = tuple(changed.get((day.index, at), item) for at, item in enumerate(day.items))
        days.append(day.model_copy(update={"items": items}) if items != day.items else day)
    return it.model_copy(update={"days": tuple(days)})
