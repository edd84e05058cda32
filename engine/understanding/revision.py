"""Follow-ups that edit the current plan ("第二天轻松一点", "把宏村换成西递", "add a day", …).

`parse_revision` turns the person's words into a new `TripRequest` plus a short description of
each change in their language; the offline policy plans it again as a new itinerary version.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.domain.request import MAX_DAYS, MIN_DAYS, Pace, TripRequest, Wish
from engine.i18n import pick
from engine.understanding.access import STEPS_SAID
from engine.understanding.attractions import (
    clean,
    find_attraction,
    find_destination,
    place_name,
    tags_for,
)
from engine.understanding.day_trip_adds import day_added_for
from engine.understanding.habits import PreferenceLike, label
from engine.understanding.numbers import NUMBER, parse_int
from engine.understanding.remembered import apply_preferences
from engine.understanding.revision_wishes import add_wishes
from engine.understanding.stop_drops import drop_destination, dropped_destination

N = f"({NUMBER})"
_CLAUSE = re.compile(r"[，。,.;；!?！？\n]+|\band\b|并且|然后|另外|还有")
_RELAX = r"(轻松|放松|悠闲|休闲|慢一?点|少安排|(?:不要|别)安排(?:太多|那么多)|安排少一?点|别太赶|不要太赶|宽松|太赶|太累|relax|easier|lighter|slower|less (?:packed|busy|rushed)|take it easy|more free time)"
_PACK = r"(紧凑|充实|多安排|多玩几个|packed|busier|fuller|more (?:sights|places))"
_DAY_ZH = re.compile(rf"第\s*{N}\s*天|(最后)一天")
_DAY_EN = re.compile(
    r"\bday\s*(\d+|one|two|three|four|five|six|seven)\b|\b(first|second|third|fourth|fifth|last)\s+day\b",
    re.I,
)
_RESTORE = re.compile(
    r"(恢复|回到|退回|还原|换回)(到)?(上一|之前|前一|原来)|撤销|撤回|\bundo\b|"
    r"\b(restore|go back to|revert to|switch back to)\b.*\b(previous|last|earlier|old|original)\b",
    re.I,
)
_QUANTITY = re.compile(r"^(?:太|那么|这么)?(?:多|满|紧|赶|累)|^(?:too )?(?:much|many)\b", re.I)
_AMOUNT = re.compile(rf"{N}\s*(?:天|日|days?|元|块|yuan)?$", re.I)
_END_ZH = r"(?:并且|然后|还有|另外|同时|[，。,.;；!?！？]|$)"
_END_EN = r"(?:[.,;!?]|\s+and\s+|$)"
#: Swaps said (「把A换成B」, 「不去A改去B」, "replace A with B", "see B instead of A"):
#: (pattern, the group of the place to drop, the group of the place to add).
SWAPS = (
    (re.compile(rf"把?\s*([^，。,.;；把]+?)\s*(?:换成|换为|改成|改为|替换成|替换为)\s*(.+?){_END_ZH}"), 1, 2),
    (re.compile(rf"不(?:去|要去|想去)\s*([^，。,.;；]+?)[，,\s]*(?:改去|换去|改成去)\s*(.+?){_END_ZH}"), 1, 2),
    (re.compile(rf"\b(?:replace|swap)\s+(.+?)\s+(?:with|for)\s+(.+?){_END_EN}", re.I), 1, 2),
    (re.compile(rf"\b(?:visit|see|go to)\s+(.+?)\s+instead of\s+(.+?){_END_EN}", re.I), 2, 1),
    (re.compile(rf"\binstead of\s+(.+?),?\s+(?:visit|see|go to)\s+(.+?){_END_EN}", re.I), 1, 2),
)  # fmt: skip
_DAYS_ADD = (
    re.compile(rf"(?:加|多加|再加|增加|多玩|多待|多留|延长)\s*{N}?\s*天"),
    re.compile(rf"\b(?:add|one more|another|an extra|extra)\s*{N}?\s*(?:more\s+)?days?\b", re.I),
    re.compile(rf"\b{N}\s+more\s+days?\b|\bextend (?:it |the trip )?by\s*{N}\s*days?\b", re.I),
)
_DAYS_CUT = (
    re.compile(rf"(?:减|减少|少玩|少待|缩短|去掉|少)\s*{N}?\s*天"),
    re.compile(
        rf"\b(?:remove|drop|cut|one less|shorten (?:it |the trip )?by)\s*{N}?\s*days?\b", re.I
    ),
    re.compile(rf"\b{N}\s+(?:fewer|less)\s+days?\b|\bone day (?:less|shorter)\b", re.I),
)
_DAYS_SET = (
    re.compile(rf"(?:改成|改为|变成|一共|总共|缩短到|延长到|只玩)\s*{N}\s*天"),
    re.compile(rf"\b(?:make it|change it to|change to|only|in total)\s*{N}\s*days?\b|\b{N}\s+days?\s+(?:in total|instead)\b", re.I),
)  # fmt: skip
_BUDGET = (
    re.compile(rf"预算\s*(?:降到|降至|降低到|减到|减少到|改成|改为|调到|调整到|控制在|提高到|提到|升到|涨到|加到|不超过|只有|是|为)?\s*{N}\s*(?:元|块|rmb|人民币)?"),
    re.compile(r"\bbudget\b[^\d]{0,30}?(\d[\d,]*(?:\.\d+)?\s*k?)\b", re.I),
    re.compile(r"\b(?:spend|cost)\b[^\d]{0,20}?(?:under|below|less than|at most)\s*(?:¥|cny|rmb)?\s*(\d[\d,]*k?)", re.I),
)  # fmt: skip
_AVOID = (  # (pattern, whether an unknown name is worth telling the person about)
    (re.compile(r"(?:不要|不想|别|不用|取消|不)(?:再)?(?:去|逛|看|安排|参观)\s*([^，。,.;；!?！？]+)"), True),
    (re.compile(r"(?:不要|不想|别)(爬山|登山)"), True),
    (re.compile(r"\b(?:don'?t|do not)\s+(?:want to\s+)?(?:go to|visit|see)\s+(.+?)(?:[.;!?]|$)", re.I), True),
    (re.compile(r"\b(?:skip|avoid)\s+(.+?)(?:[.;!?]|$| please)", re.I), True),
    (re.compile(r"\b(?:no|without|drop|remove)\s+(?!spicy|seafood|flights?)(.+?)(?:[.;!?]|$| please)", re.I), False),
)  # fmt: skip


@dataclass(frozen=True)
class Revision:
    """What a follow-up changes.

    Attributes:
        request: the new request to plan.
        changes: one short description per change, in the person's language.
        problems: what could not be applied (e.g. a place not in the knowledge base).
    """

    request: TripRequest
    changes: tuple[str, ...]
    problems: tuple[str, ...] = ()


@dataclass
class _Draft:
    days: int
    pace: Pace
    day_pace: dict[int, Pace]
    budget: int | None
    destinations: list[str]
    destination_days: list[int]
    must_see: list[str]
    avoid_places: list[str]
    avoid_tags: list[str]
    changes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    touched: set[str] = field(default_factory=set)  # POI ids already handled by a swap
    #: refusals said (kind, value, words): answered in the report like those of a new request
    refused: list[tuple[str, str, str]] = field(default_factory=list)


def wants_restore(text: str) -> bool:
    """Whether the person asks to go back to the previous version ("恢复上一版", "undo")."""
    return bool(_RESTORE.search(text))


def parse_revision(
    text: str, request: TripRequest, kb: Any, lang: str, preferences: Sequence[PreferenceLike] = ()
) -> Revision | None:
    """The revision `text` asks for on a plan made from `request`; None if it asks for none.

    Understood (zh and en): a day's pace, overall pace, swapping one place for another, more or
    fewer days, a budget, places or kinds of place to skip, stated preferences, and new wishes
    (modes, food, lodging, access, moments: `add_wishes`).
    """
    draft = _Draft(
        days=request.days, pace=request.pace, day_pace=dict(request.day_pace),
        budget=request.budget_cny, destinations=list(request.destinations),
        destination_days=list(request.destination_days),
        must_see=list(request.must_see), avoid_places=list(request.avoid.places),
        avoid_tags=list(request.avoid.tags),
    )  # fmt: skip
    text = _drop_stop(text, kb, lang, draft)  # 「去掉香格里拉，多在丽江玩一天」: the whole city
    _swaps(text, kb, lang, draft)
    if not _day_trip(text, kb, lang, draft):  # 「加一天去乐山」: its day is the one added
        _days(text, lang, draft)
    _budget(text, lang, draft)
    _avoid(text, kb, lang, draft, quiet=bool(preferences))
    _pace(text, lang, draft)
    new = request.model_copy(
        update={
            "days": draft.days,
            "pace": draft.pace,
            "day_pace": {d: p for d, p in draft.day_pace.items() if d <= draft.days},
            "budget_cny": draft.budget,
            "destinations": tuple(draft.destinations),
            "destination_days": tuple(draft.destination_days),
            "must_see": tuple(draft.must_see),
            "avoid": request.avoid.model_copy(
                update={"places": tuple(draft.avoid_places), "tags": tuple(draft.avoid_tags)}
            ),
        }
    )
    if (new.days, new.destinations, new.destination_days) != (
        request.days,
        request.destinations,
        request.destination_days,
    ):  # the length said at first, changed as asked: not a wish missed (the change is said)
        new = new.model_copy(update={"wishes": tuple(w for w in new.wishes if w.kind != "days")})
    said = [Wish(kind=k, value=v, said=w) for k, v, w in draft.refused]
    if said:
        kept = [w for w in new.wishes if all((w.kind, w.value) != (s.kind, s.value) for s in said)]
        new = new.model_copy(update={"wishes": (*kept, *said)})
    with_prefs = apply_preferences(new, preferences, remembered=False)
    if with_prefs != new:
        draft.changes.extend(label(p, lang) for p in preferences)
        new = with_prefs
    new, noted = add_wishes(text, new, kb, lang)  # 想吃火锅, 住外滩附近, "take the train"
    draft.changes.extend(noted)
    if not draft.changes and not draft.problems:
        return None
    return Revision(new, tuple(draft.changes), tuple(draft.problems))


def _drop_stop(text: str, kb: Any, lang: str, d: _Draft) -> str:
    """Leave out a destination of the trip with its sights (`engine.understanding.stop_drops`),
    its days given to another; `text` without the words that said it (no sight of it is then
    read as one to skip, no day more)."""
    stop = dropped_destination(text, tuple(d.destinations), kb)
    if stop is None:
        return text
    d.destinations, d.destination_days, d.days, said = drop_destination(
        stop, d.destinations, d.destination_days, d.days, kb, lang
    )
    gone = {a.id for a in kb.destinations[stop.destination].attractions}
    d.must_see = [p for p in d.must_see if p not in gone]
    d.avoid_places = [p for p in d.avoid_places if p not in gone]
    d.changes.append(said)
    for words in stop.words:
        text = text.replace(words, "，")
    return text


def _swaps(text: str, kb: Any, lang: str, d: _Draft) -> None:
    for pattern, drop_at, add_at in SWAPS:
        for match in pattern.finditer(text):
            old_words, new_words = clean(match.group(drop_at)), clean(match.group(add_at))
            if re.search(r"预算|budget", old_words, re.I) or _AMOUNT.match(new_words):
                continue  # "改成4天", "预算改成3000": days and budgets, not places
            if _swap_destination(old_words, new_words, kb, lang, d):
                continue  # "replace Leshan with Chongqing": the trip's stop, not a sight
            old, new = (
                find_attraction(old_words, kb, d.destinations),
                find_attraction(new_words, kb, d.destinations),
            )
            if old is None and new is None:
                continue  # not a swap of places ("第二天改成轻松一点")
            if old is None or new is None:
                missing = old_words if old is None else new_words
                d.problems.append(
                    pick(
                        lang,
                        f"知识库里没找到「{missing}」",
                        f'I could not find "{missing}" in the knowledge base',
                    )
                )
                continue
            (old_id, _), (new_id, new_dest) = old, new
            if old_id in d.avoid_places and new_id in d.must_see:
                continue
            if new_dest not in d.destinations and (there := kb.destinations.get(new_dest)):
                # 「把第一海水浴场换成香港海洋公园」 on a 青岛 trip: a sight swap adds no city
                b = place_name(new_id, kb, lang)
                d.problems.append(pick(
                    lang, f"{b}在{there.name_zh}，不在这次行程里；要去{there.name_zh}，可以说「新行程：去{there.name_zh}玩两天」",
                    f"{b} is in {there.name_en}, outside this trip; to go there, say \"new trip: 2 days in {there.name_en}\"",
                ))  # fmt: skip
                continue
            _drop_place(d, old_id)
            if new_id in d.avoid_places:
                d.avoid_places.remove(new_id)
            if new_id not in d.must_see:
                d.must_see.append(new_id)
            if new_dest not in d.destinations:
                d.destinations.append(new_dest)
            d.touched.update((old_id, new_id))
            a, b = place_name(old_id, kb, lang), place_name(new_id, kb, lang)
            d.changes.append(pick(lang, f"把{a}换成{b}", f"{a} replaced with {b}"))


def swapped_destination(text: str, request: TripRequest, kb: Any) -> str | None:
    """The destination `text` puts in place of one of `request`'s ("把乐山换成重庆",
    "replace Leshan with Chongqing"): its id, or None. Such a follow-up revises the open trip
    (origin, days, party and wishes kept) rather than starting a new one."""
    for pattern, drop_at, add_at in SWAPS:
        for match in pattern.finditer(text):
            old = find_destination(match.group(drop_at), kb)
            new = find_destination(match.group(add_at), kb)
            if old in request.destinations and new is not None and new != old:
                return new
    return None


def _swap_destination(old_words: str, new_words: str, kb: Any, lang: str, d: _Draft) -> bool:
    """Put the destination `new_words` names in place of the trip's destination `old_words`
    names (same days, same place in the route); False when they name no such pair."""
    old, new = find_destination(old_words, kb), find_destination(new_words, kb)
    if old is None or new is None or old == new or old not in d.destinations:
        return False
    at = d.destinations.index(old)
    gone = {a.id for a in kb.destinations[old].attractions}
    d.must_see = [p for p in d.must_see if p not in gone]  # its sights go with it
    d.avoid_places = [p for p in d.avoid_places if p not in gone]
    aligned = len(d.destination_days) == len(d.destinations)
    if new in d.destinations:  # "replace Leshan with Chengdu" on 成都+乐山: its days to 成都
        if aligned:
            d.destination_days[d.destinations.index(new)] += d.destination_days.pop(at)
        d.destinations.pop(at)
    else:
        d.destinations[at] = new
    if not aligned:
        d.destination_days = []
    a, b = kb.destinations[old], kb.destinations[new]
    d.changes.append(
        pick(lang, f"把{a.name_zh}换成{b.name_zh}", f"{a.name_en} replaced with {b.name_en}")
    )
    return True


def _day_trip(text: str, kb: Any, lang: str, d: _Draft) -> bool:
    """A day more for another destination (「加一天去乐山」, "add a day trip to Leshan"): it
    joins the trip for one day, its sight named a must-see; False when none is said."""
    added = day_added_for(text, tuple(d.destinations), kb)
    if added is None or d.days + 1 > MAX_DAYS:
        return False
    if len(d.destination_days) == len(d.destinations):
        d.destination_days.append(1)
    d.destinations.append(added.destination)
    d.days += 1
    if added.sight is not None and added.sight not in d.must_see:
        d.must_see.append(added.sight)
    dest = kb.destinations[added.destination]
    what = place_name(added.sight, kb, lang) if added.sight else dest.name(lang)
    d.changes.append(pick(lang, f"加一天去{what}（共{d.days}天）",
                          f"a day more for {what} ({d.days} in total)"))  # fmt: skip
    return True


def _drop_place(d: _Draft, poi_id: str) -> None:
    if poi_id in d.must_see:
        d.must_see.remove(poi_id)
    if poi_id not in d.avoid_places:
        d.avoid_places.append(poi_id)


def _count(match: re.Match[str]) -> int:
    raw = next((g for g in match.groups() if g), None)
    return (parse_int(raw) or 1) if raw else 1


def _days(text: str, lang: str, d: _Draft) -> None:
    target = None
    for pattern in _DAYS_SET:
        if match := pattern.search(text):
            target = _count(match)
            break
    if target is None:
        for sign, patterns in ((1, _DAYS_ADD), (-1, _DAYS_CUT)):
            for pattern in patterns:
                if match := pattern.search(text):
                    target = d.days + sign * _count(match)
                    break
            if target is not None:
                break
    if target is None or target == d.days:
        return
    if not MIN_DAYS <= target <= MAX_DAYS:
        d.problems.append(
            pick(
                lang,
                f"天数需要在{MIN_DAYS}到{MAX_DAYS}天之间",
                f"days must be between {MIN_DAYS} and {MAX_DAYS}",
            )
        )
        return
    delta = target - d.days
    d.days = target
    if delta > 0:
        en = f"{delta} more day{'s' if delta > 1 else ''} ({target} in total)"
        d.changes.append(pick(lang, f"增加{delta}天（共{target}天）", en))
    else:
        en = f"{-delta} day{'s' if delta < -1 else ''} fewer ({target} in total)"
        d.changes.append(pick(lang, f"减少{-delta}天（共{target}天）", en))


def _budget(text: str, lang: str, d: _Draft) -> None:
    for pattern in _BUDGET:
        if match := pattern.search(text):
            value = parse_int(match.group(1))
            if value is None or value <= 0 or value == d.budget:
                return
            d.budget = value
            d.changes.append(pick(lang, f"预算改为¥{value:,}", f"budget set to ¥{value:,}"))
            return


def _avoid(text: str, kb: Any, lang: str, d: _Draft, *, quiet: bool) -> None:
    for pattern, worth_telling in _AVOID:
        for match in pattern.finditer(text):
            for words in re.split(r"和|、|与|及|\bor\b|\band\b|,", match.group(1)):
                words = clean(words)
                if (
                    not words
                    or re.search(r"天|预算|day|budget", words, re.I)
                    or _QUANTITY.match(words)
                ):
                    continue  # "不要安排太多" is about pace, not a place
                if STEPS_SAID.search(words):
                    continue  # "skip anything with steps": an access need, read as one
                if re.search(r"吃|用餐|就餐", words):
                    d.problems.append(_meal_place(words, lang))
                    continue  # 「不去虎跳峡镇吃饭」: where to eat, never a sight skipped
                tags = tags_for(words)
                if tags:
                    new_tags = [t for t in tags if t not in d.avoid_tags]
                    if new_tags:
                        d.avoid_tags.extend(new_tags)
                        d.changes.append(pick(lang, f"不去{words}", f"no {words}"))
                        d.refused += [("avoid_tag", t, match.group(0).strip()) for t in new_tags]
                    continue
                found = find_attraction(words, kb, d.destinations)
                if found is None:
                    if worth_telling and not quiet:
                        d.problems.append(
                            pick(
                                lang,
                                f"知识库里没找到「{words}」",
                                f'I could not find "{words}" in the knowledge base',
                            )
                        )
                    continue
                poi_id = found[0]
                if poi_id in d.touched or poi_id in d.avoid_places:
                    continue
                _drop_place(d, poi_id)
                d.touched.add(poi_id)
                d.refused.append(("avoid_place", poi_id, match.group(0).strip()))
                name = place_name(poi_id, kb, lang)
                d.changes.append(pick(lang, f"不去{name}", f"skipping {name}"))


def _meal_place(words: str, lang: str) -> str:
    """What to say of a place not to eat at whose meal no day of the plan has (「不去X吃饭」)."""
    return pick(
        lang,
        f"「不去{words}」是说哪一天的哪一顿？请说明，比如「第2天晚饭换个地方吃」",
        f'which day\'s meal is "{words}"? say e.g. "day 2 dinner somewhere else"',
    )


def _pace(text: str, lang: str, d: _Draft) -> None:
    for clause in _CLAUSE.split(text):
        relaxed = re.search(_RELAX, clause, re.I)
        packed = re.search(_PACK, clause, re.I)
        if not (relaxed or packed):
            continue
        pace = Pace.RELAXED if relaxed else Pace.PACKED
        day = _day_of(clause, d.days)
        if day is not None:
            if not 1 <= day <= d.days:
                d.problems.append(
                    pick(lang, f"行程只有{d.days}天", f"the plan has only {d.days} day(s)")
                )
            elif d.day_pace.get(day, d.pace) != pace:
                d.day_pace[day] = pace
                d.changes.append(_pace_text(pace, lang, day))
            else:
                d.problems.append(_already(pace, lang, day))
        elif d.pace != pace or d.day_pace:
            d.pace = pace
            d.day_pace = {k: v for k, v in d.day_pace.items() if v == pace}
            d.changes.append(_pace_text(pace, lang, None))
        else:
            d.problems.append(_already(pace, lang, None))


def _already(pace: Pace, lang: str, day: int | None) -> str:
    """What to say when the pace asked for is the pace already planned."""
    which = (
        pick(lang, f"第{day}天", f"day {day}") if day else pick(lang, "整个行程", "the whole plan")
    )
    if pace == Pace.RELAXED:
        return pick(lang, f"{which}已经是轻松的节奏了", f"{which} already has a relaxed pace")
    return pick(lang, f"{which}已经是紧凑的节奏了", f"{which} already has a full schedule")


def _day_of(clause: str, days: int) -> int | None:
    match = _DAY_ZH.search(clause) or _DAY_EN.search(clause)
    if match is None:
        return None
    raw = next(g for g in match.groups() if g)
    if raw.lower() in ("最后", "last"):
        return days
    return parse_int(raw)


def _pace_text(pace: Pace, lang: str, day: int | None) -> str:
    relaxed = pace == Pace.RELAXED
    if day is None:
        return pick(
            lang,
            "整体节奏放慢" if relaxed else "整体安排得更紧凑",
            "a more relaxed pace overall" if relaxed else "a fuller schedule overall",
        )
    return pick(
        lang,
        f"第{day}天{'轻松一些' if relaxed else '安排得更紧凑'}",
        f"day {day} {'more relaxed' if relaxed else 'fuller'}",
    )
