"""Another party on the same plan: who travels changes, the days keep their places.

Costs follow the new party: intercity fares by who pays what (`engine.planning.fares`: child
fares on trains), meals per diner, lodging per room (`engine.planning.candidates.rooms`); the
tours are re-timed (a meal's length or a ticket's concession may change). The note names the
new party and, for people named by relation (「弟弟」, "my parents"), how each is counted.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind
from engine.domain.request import MAX_PEOPLE, Party
from engine.editing.compare import party_words
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.ops import ChangeParty
from engine.editing.sketch import Sketch
from engine.i18n import pick
from engine.knowledge.schema import Attraction
from engine.planning import candidates as cand
from engine.planning.fares import child_fare_note, fare_units, party_fare
from engine.planning.frames import NAP_AGE, early_nights
from engine.planning.transit import style_of

#: A sight shortened for the party lasts at least this long (minutes).
SHORTER_MIN = 45


def change_party(draft: Draft, op: ChangeParty) -> None:
    old = draft.request.party
    adults, children, seniors = (
        old.adults if op.adults is None else op.adults,
        old.children if op.children is None else op.children,
        old.seniors if op.seniors is None else op.seniors,
    )
    if adults + children + seniors == 0:
        raise EditRefused("unsupported", "至少要有一位出行的人", "at least one person travels")
    if adults + seniors == 0:
        raise EditRefused("unsupported", "孩子不能单独出行，至少要有一位成人或老人同行",
                          "children do not travel alone: at least one adult or senior comes")  # fmt: skip
    if adults + children + seniors > MAX_PEOPLE:
        n = adults + children + seniors
        raise EditRefused("unsupported", f"最多{MAX_PEOPLE}人同行（这样是{n}人）",
                          f"at most {MAX_PEOPLE} people travel ({n} asked)")  # fmt: skip
    party = old.model_copy(update={
        "adults": adults, "children": children, "seniors": seniors,
        "child_ages": (old.child_ages if op.child_ages is None else op.child_ages)[:children],
        "senior_ages": (old.senior_ages if op.senior_ages is None else op.senior_ages)[:seniors]})  # fmt: skip
    if party == old:
        zh, en = party_words(party)
        raise EditRefused("unchanged", f"出行的人已经是{zh}", f"the party is already {en}")
    old_rooms = cand.rooms(draft.request)
    comfort = style_of(draft.request).comfort  # taxis rather than the metro, for the party
    draft.request = draft.request.model_copy(update={"party": party})
    by_metro = comfort and not style_of(draft.request).comfort
    rooms = cand.rooms(draft.request)
    for i, sk in enumerate(draft.sketches):
        head = [_scaled(x, old, party, old_rooms, rooms) for x in sk.head]
        tail = [_scaled(x, old, party, old_rooms, rooms) for x in sk.tail]
        sk = replace(sk, head=head, tail=tail)
        draft.sketches[i] = sk
        if sk.travel_only:
            items = [_scaled(x, old, party, old_rooms, rooms) for x in draft.days[i].items]
            draft.days[i] = draft.days[i].model_copy(update={"items": tuple(items)})
            continue
        try:
            draft.retime(sk)
        except EditRefused as refused:
            fitted = _fitted(draft, sk)
            if fitted is None:
                raise _for_party(refused, party, by_metro) from None
            draft.retime(fitted)
    zh, en = party_words(party)
    if party.child_ages:  # the ages said are kept (tickets and fares go by them): said back
        zh += "（" + "、".join(f"{a}岁" for a in party.child_ages) + "）"
        en += " (aged " + ", ".join(str(a) for a in party.child_ages) + ")"
    draft.note(
        f"出行的人改为{zh}（共{party.size}人）",
        f"now {en} ({party.size} traveller{'s' if party.size > 1 else ''})",
    )
    if op.counted:
        draft.note(*_counted(op.counted))


def _fitted(draft: Draft, sk: Sketch) -> Sketch | None:
    """`sk` fitted to the new party when it no longer fits (small children back by nine, a
    rest after lunch): the latest sight not locked shortened to two thirds (`SHORTER_MIN` at
    least), else left out, one at a time from the end of the day; else the fewest stops left
    out (`Draft.fit_by_dropping`). Said in the warnings; None when nothing fits. The party is a
    fact, not a wish: its day gives way, it is not refused."""
    sights = [k for k, s in enumerate(sk.stops) if s.meal is None and not s.locked]
    for k in reversed(sights):
        stop = sk.stops[k]
        zh, en = draft.name(stop.poi_id)
        place = draft.kb.place(stop.poi_id)
        minutes = stop.minutes or (place.visit_minutes if isinstance(place, Attraction) else 60)
        shorter = max(SHORTER_MIN, round(minutes * 2 / 3 / 15) * 15)
        options = []
        if shorter < minutes:
            stops = [*sk.stops[:k], replace(stop, minutes=shorter), *sk.stops[k + 1 :]]
            options.append((stops, (f"第{sk.index}天{zh}缩短到约{shorter}分钟",
                                    f"day {sk.index}: {en} shortened to about {shorter} min")))  # fmt: skip
        options.append(([*sk.stops[:k], *sk.stops[k + 1 :]],
                         (f"第{sk.index}天不去{zh}", f"day {sk.index}: {en} left out")))  # fmt: skip
        for stops, (a, b) in options:
            option = replace(sk, stops=stops)
            if draft.attempt(option).day is not None:
                _said(draft, a, b)
                return option
    try:
        option, dropped = draft.fit_by_dropping(sk)
    except EditRefused:
        return None
    for stop in dropped:
        zh, en = draft.name(stop.poi_id)
        _said(draft, f"第{sk.index}天不去{zh}", f"day {sk.index}: {en} left out")
    return option


def _said(draft: Draft, zh: str, en: str) -> None:
    """A stop given way for the party, with why (the ages' rules of `frames`: a rest after lunch
    for a child of `NAP_AGE` or under, back early in the evening for small children)."""
    party = draft.request.party
    if any(age <= NAP_AGE for age in party.child_ages[: party.children]):
        why_zh, why_en = "（孩子还小，午饭后休息一小时，当天时间不够）", (
            " (a small child rests an hour after lunch: the day has less time)")  # fmt: skip
    elif early_nights(party):
        why_zh, why_en = "（孩子还小，晚上早点回住处）", " (small children: back early at night)"
    else:
        why_zh, why_en = "（按新的人数重新排时间后放不下）", " (it no longer fits the day re-timed)"
    draft.warnings.append((zh + why_zh, en + why_en))


#: How a kind of traveller is said in a note: (zh, en one, en several).
_KIND = {"adults": ("位成人", "adult", "adults"), "children": ("名儿童", "child", "children"),
         "seniors": ("位老人", "senior", "seniors")}  # fmt: skip


def _counted(counted: tuple[tuple[str, int, str], ...]) -> tuple[str, str]:
    """Who the person named and how each is counted (zh, en): 「弟弟按1位成人算」, "brother
    counted as 1 adult"; seniors are 60 and over (`engine.domain.request.Party`), said beside
    those counted so and no one else (「我妈按1位老人算（60岁及以上…）、老婆按1位成人算」: the wife
    is not called 60 and over)."""
    old_zh, old_en = "（60岁及以上；不到60岁请告诉我）", " (60 and over; tell me if younger)"
    zh = "、".join(f"{w}按{n}{_KIND[k][0]}算" + (old_zh if k == "seniors" else "")
                  for w, n, k in counted)  # fmt: skip
    en = ", ".join(f"{w} counted as {n} {_KIND[k][1 if n == 1 else 2]}"
                   + (old_en if k == "seniors" else "") for w, n, k in counted)  # fmt: skip
    return zh, en


def _for_party(refused: EditRefused, party: Party, by_metro: bool) -> EditRefused:
    """`refused` said as what the new party changes: the day re-timed for it, and by metro and
    bus where the party before took taxis (seniors or a small child, `transit.style_of`)."""
    zh, en = party_words(party)
    why_zh = "，市内改按地铁公交安排" if by_metro else ""
    why_en = ", by metro and bus instead of taxis" if by_metro else ""
    return EditRefused(refused.code, f"按{zh}重新安排时间{why_zh}：{refused.zh}",
                       f"re-timed for {en}{why_en}: {refused.en}")  # fmt: skip


def _scaled(item: Item, old: Party, now: Party, rooms: int, now_rooms: int) -> Item:
    """A fixed item's cost for the new party: intercity fares by who pays what
    (`engine.planning.fares`: child fares on trains), breakfasts per person, lodging per room."""
    if not item.cost_cny:
        return item
    if item.kind == ItemKind.LODGING:
        cost, note = item.cost_cny / rooms * now_rooms, item.note
        if note:
            note = note.replace(f"× {rooms}间", f"× {now_rooms}间").replace(
                f"× {rooms}", f"× {now_rooms}"
            )
        return item.model_copy(update={"cost_cny": round(cost, 2), "note": note})
    if item.kind == ItemKind.INTERCITY:
        mode = item.mode.value if item.mode else "train"
        adult = item.cost_cny / fare_units(mode, old)
        note = item.note
        for lang, sep in (("zh", "；"), ("en", "; ")):  # the child fares said for the old party
            if note and (said := child_fare_note(adult, mode, old, lang)):
                note = note.replace(sep + said, "")
        lang = "zh" if re.search(r"[\u4e00-\u9fff]", note or "") else "en"
        if note and (words := child_fare_note(adult, mode, now, lang)):
            note += pick(lang, "；", "; ") + words
        return item.model_copy(update={"cost_cny": party_fare(adult, mode, now), "note": note})
    if item.kind == ItemKind.MEAL:
        return item.model_copy(
            update={"cost_cny": round(item.cost_cny / old.diners * now.diners, 2)}
        )
    return item
