"""parse_request: free text (zh/en) → everything it says (`understand`) → a TripRequest or
problems (`finalize`)."""

from __future__ import annotations

import datetime as dt
import re
from itertools import pairwise

from engine.domain.request import Pace
from engine.i18n import text_lang
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch, gazetteer_for
from engine.understanding.access import find_access, find_crowds, find_moments
from engine.understanding.activities import activity_spans, find_activities
from engine.understanding.circumstances import find_circumstances
from engine.understanding.dates import find_dates
from engine.understanding.days import find_days
from engine.understanding.finalize import DEFAULT_DAYS, finalize
from engine.understanding.found import Found, add
from engine.understanding.habits import lift_spans
from engine.understanding.leftovers import unrecognized
from engine.understanding.lodging import LodgingFind, find_lodging
from engine.understanding.money import find_budget
from engine.understanding.morning_visits import find_morning_visits
from engine.understanding.mornings import find_late_start, start_minutes
from engine.understanding.party import find_party, resolve_party
from engine.understanding.place_find import PlaceFind, part_of_named
from engine.understanding.places import find_places
from engine.understanding.prefs import Prefs, find_prefs
from engine.understanding.result import ParseResult, RequestDraft
from engine.understanding.sights import named_sights, unknown_listed
from engine.understanding.stops import TOTAL, find_stops
from engine.understanding.text import blank, has_cjk, mask, normalize
from engine.understanding.thrift import find_low_budget
from engine.understanding.trip_hours import AIR_ARRIVAL, own_hours
from engine.understanding.weather import find_weather

__all__ = ["DEFAULT_DAYS", "finalize", "parse_request", "understand"]

_MAX_TEXT = 2000


def parse_request(
    text: str, kb: KnowledgeBase | None, *, today: dt.date | None = None
) -> ParseResult:
    """Understand a free-text request in Chinese or English.

    Args:
        text: e.g. 「上海出发去黄山玩两天」 or "3 days in Hangzhou from Shanghai, relaxed pace".
        kb: the knowledge base whose destinations can be planned (None: places resolve, but
            every destination is reported as uncovered).
        today: reference for relative dates (明天, 下周六, 国庆); default the local date.

    Returns:
        A `ParseResult` with the request, or with problems and a friendly `message()`.
        Never raises for any text.
    """
    draft = understand(text, gazetteer_for(kb), today or dt.date.today())
    return finalize(draft, kb)


#: A clause and the punctuation after it (「我想去杭州玩三天，」).
_CLAUSE_SAID = re.compile(r"[^，。,.;；!?！？\n]+[，。,.;；!?！？\n]*")


def without_repeats(text: str) -> str:
    """`text` with each clause said again dropped (a request pasted 400 times and a wish at its
    end: the end is read — it had been cut off at `_MAX_TEXT` — and each wish is quoted once)."""
    seen: set[str] = set()
    kept: list[str] = []
    for m in _CLAUSE_SAID.finditer(text):
        key = re.sub(r"[，。,.;；!?！？\s]+", "", m.group(0)).lower()
        if len(key) >= 4 and key in seen:
            continue
        seen.add(key)
        kept.append(m.group(0))
    return "".join(kept) if kept else text


def understand(text: str, gaz: Gazetteer, today: dt.date) -> RequestDraft:
    """Everything the text says, as a draft (no validation)."""
    raw = text or ""
    text = without_repeats(normalize(raw))[:_MAX_TEXT]
    draft = RequestDraft(text=raw, lang=text_lang(text), today=today)
    found: list[Found] = []
    dates = find_dates(text, today)
    draft.start_date, draft.end_date, draft.invalid_date = dates.start, dates.end, dates.invalid
    if dates.start is not None and dates.said:
        found.append(Found("date", dates.start.isoformat(), dates.said, dates.spans[0]))
    for said, day, span in dates.unused:  # 五月或者六月: 六月 answered in the report, not dropped
        found.append(Found("date", day.isoformat(), said, span))
    work = mask(text, dates.spans)
    budget = find_budget(work)
    if budget is not None:
        work = mask(work, [budget.span])
    party = find_party(work)
    work = mask(work, party.spans)
    days = find_days(work)
    work = mask(work, days.spans)
    work = mask(work, activity_spans(work))  # "Sichuan opera" names no province
    seen = blank(text, [*dates.spans, *([budget.span] if budget else [])])
    prefs = find_prefs(seen)
    lodging = find_lodging(seen)
    places = find_places(work, gaz, draft.lang)
    draft.place_attractions, draft.place_said = places.attractions, places.said
    draft.place_named, draft.arrivals = places.named, places.arrivals
    draft.notes.extend(places.choices)
    draft.departure, draft.destinations, draft.unknown_places = (
        places.departure,
        places.destinations,
        places.unknown,
    )
    draft.days, draft.days_approximate = days.days, days.approximate
    stops = find_stops(work, gaz, places.destinations, days, unmasked=text)
    if stops.total is not None:
        draft.days = stops.total  # 北京3天天津2天，一共6天
    elif (
        2 <= len(days.counts) <= len(places.destinations) or _in_turn(work, days.spans)
    ) and not TOTAL.search(text):
        draft.days = sum(days.counts)  # 苏州玩2天再去杭州玩3天, "2 days in A and then 3 in B"
    draft.destination_days = list(stops.per_destination)
    if draft.days is None and dates.end is not None and dates.start is not None:
        draft.days = (dates.end - dates.start).days + 1
    if draft.days is None and dates.days_hint is not None:
        draft.days = dates.days_hint
    if days.spans and draft.days is not None and not draft.days_approximate:
        spans = days.count_spans or days.spans  # ("3 days", not "3 days day trip")
        said = " ".join(text[s:e].strip() for s, e in sorted(spans))
        if stops.assumed:  # 北京玩3天后去天津: 天津's day is ours, said so
            said += _assumed_days(places.destinations, stops.assumed, draft.lang)
        found.append(Found("days", str(draft.days), said, days.spans[0]))
    if party.found:
        draft.party = resolve_party(party)
        draft.child_ages, draft.senior_ages = party.child_ages, party.said_senior_ages
        if party.spans:
            said = " ".join(text[s:e].strip() for s, e in sorted(party.spans))
            found.append(Found("party", "", said, min(party.spans)))
    if budget is not None:
        size = sum(draft.party or (1, 0, 0)) if budget.per_person else 1
        length = (draft.days or DEFAULT_DAYS) if budget.per_day else 1
        draft.budget_cny = round(budget.amount * size * length)
        found.append(Found("budget", str(draft.budget_cny), text[slice(*budget.span)], budget.span))
    # 穷游, 学生党, "on a tight budget" — also beside a number (「预算有限，总共3000」)
    low = find_low_budget(blank(text, dates.spans))
    found += low[:1]
    for item in _wishes(draft, text, seen, gaz, places, prefs, lodging):
        if item.kind == "pace" and any(_overlap(item.span, s) for s in party.spans):
            # 带爸妈 read as a gentle pace too: said so, not a second row of the same words
            gentler = ("（放慢节奏）", " (at a gentler pace)")[draft.lang != "zh"]
            item = Found("pace", item.value, item.said + gentler, item.span)
        add(found, item)
    for item in own_hours(seen, found):  # 早上6点到, "meetings all day on day 2", 卧铺
        add(found, item)
    if (
        not draft.prefer_transport
        and "flight" not in draft.avoid_transport
        and any(f.kind == "arrival" and AIR_ARRIVAL.search(f.said) for f in found)
    ):  # "I land at 22:00", 「晚上10点落地」: they fly in (the arrival row answers it)
        draft.prefer_transport = ["flight"]
    if draft.pace is None and party.elders_along:  # "my grandma is 80", 带着孩子和奶奶
        add(found, _elders_pace(draft, text, party.elder_spans))
    draft.found = found
    understood = [
        *dates.spans, *([budget.span] if budget else []), *party.spans, *days.spans,
        *prefs.spans, *prefs.food.spans, *lodging.spans, *(f.span for f in draft.found),
        *(f.span for f in prefs.found),  # a kind said twice (博物馆…博物馆要多): one wish
        *prefs.modes.spans,  # a mode said twice (坐火车去…体验青藏铁路): one wish
        *(span for span in _place_spans(text, gaz, places)), *lift_spans(text),
        *(f.span for f in low),
    ]  # fmt: skip
    draft.unrecognized = unrecognized(text, understood, draft.lang)
    for clause in list(draft.unrecognized):  # 爬大峰: a peak the knowledge base lacks, answered
        if (climb := _CLIMB.fullmatch(clause)) is not None and climb.group(1) not in draft.must_see:
            draft.unrecognized.remove(clause)
            draft.must_see.append(climb.group(1))
            at = text.find(clause)
            draft.found.append(Found("must_see", climb.group(1), clause, (at, at + len(clause))))
    return draft


#: A clause that only says a climb of a named peak (爬大峰, 登顶幺妹峰), read as a place to see.
_CLIMB = re.compile(
    r"(?:想|要|还要|再)?(?:去)?(?:爬|登顶|登上|登)(?![山高楼顶上])([\u4e00-\u9fff]{2,6})"
)


def _wishes(
    draft: RequestDraft,
    text: str,
    seen: str,
    gaz: Gazetteer,
    places: PlaceFind,
    prefs: Prefs,
    lodging: LodgingFind,
) -> list[Found]:
    """Fill the draft's wish fields (pace, interests, avoid-lists, modes, food, lodging,
    access, moments, must-sees) and return one `Found` per wish."""
    found: list[Found] = []
    draft.pace = prefs.pace
    if prefs.pace is not None and prefs.pace_said:
        found.append(Found("pace", prefs.pace.value, prefs.pace_said, prefs.pace_span))
    draft.interests, draft.avoid_tags = prefs.interests, prefs.avoid_tags
    draft.avoid_cuisines, draft.avoid_transport = prefs.avoid_cuisines, prefs.avoid_transport
    draft.must_see, draft.avoid_places = prefs.must_see, prefs.avoid_places
    for name in places.unplaced:  # 去布达拉宫、纳木错: 纳木错 answered, not dropped
        if not any(name in n or n in name for n in draft.must_see):
            draft.must_see.append(name)
            at = text.find(name)
            found.append(Found("must_see", name, name, (at, at + len(name))))
    draft.prefer_transport, draft.local_transport = prefs.modes.prefer, prefs.modes.local
    draft.home_transport, draft.between_transport = prefs.modes.home, prefs.modes.between
    draft.max_rail_minutes = prefs.modes.max_rail_minutes
    draft.food, draft.lodging = [*prefs.food.food, *prefs.food.limited()], lodging
    access, moments = find_access(seen), find_moments(seen)
    late = find_late_start(seen)  # 不想早起: days set out later
    draft.earliest_start = start_minutes(late.value) if late else None
    activities = find_activities(seen)  # 想听相声: a sight that offers it, or answered ❌
    draft.access = [f.value for f in access]
    draft.experiences = [f.value for f in moments]
    dest_ids = [d.destination_id for d in places.destinations if d.destination_id]
    skip = [*lodging.spans, *([places.departure_span] if places.departure_span else [])]
    skip += [f.span for f in activities]  # "Sichuan opera" is no 四川博物院
    for poi in list(draft.place_attractions):
        said = draft.place_said.get(poi, "")
        if said and any(said.lower() in f.said.lower() for f in activities):
            draft.place_attractions.remove(poi)
    sights: list[Found] = []
    named_places: list[PlaceMatch | None] | None = None  # looked up once, only when needed
    for sight in named_sights(seen, gaz, dest_ids, skip):  # 想看天安门升旗, "Potala Palace"
        if sight.value in draft.place_attractions:
            continue
        if named_places is None:
            named_places = [gaz.find_attraction(draft.place_said.get(p, ""), dest_ids)
                            for p in draft.place_attractions]  # fmt: skip
        if part_of_named(sight.said, sight.value, named_places):
            continue  # "the Great Wall at Mutianyu": Mutianyu's wall, not a second one
        draft.place_attractions.append(sight.value)
        draft.place_said.setdefault(sight.value, sight.said)
        sights.append(sight)
    for listed in unknown_listed(seen, gaz, sights):  # "Potala Palace, Namtso": Namtso answered
        if listed.value not in draft.must_see and not any(
            _overlap(listed.span, f.span) for f in found
        ):
            draft.must_see.append(listed.value)
            found.append(listed)
    # 看日出 is a moment (answered at its hour), not also an interest in sunrise sights: the
    # interest stays in `draft.interests` for the planner but is not a second wish to answer.
    # Likewise 住海边 is where to sleep: the sea stays an interest, answered once, by the lodging.
    # "jazz bars": the jazz is the wish (answered as an activity), not any bar
    taken = [*(m.span for m in moments), *lodging.spans, *(f.span for f in activities)]
    kept = [f for f in prefs.found
            if not (f.kind == "interest" and any(_overlap(f.span, s) for s in taken))]  # fmt: skip
    named = [(f.value, f.span) for f in [*kept, *sights] if f.kind in ("interest", "must_see")]
    for poi in draft.place_attractions:  # 故宫上午去: where the place's words stand
        words = draft.place_said.get(poi, "")
        if words and (at := text.find(words)) >= 0:
            named.append((poi, (at, at + len(words))))
    for item in [
        *kept, *prefs.modes.found, *prefs.food.found, *prefs.food.limit_found, *lodging.found,
        *access, *moments, *([late] if late else []), *find_crowds(seen), *find_weather(seen),
        *sights, *activities, *find_morning_visits(seen, named),
        *find_circumstances(seen),  # 带狗, 结婚十周年, "safety matters to me"
    ]:  # fmt: skip
        add(found, item)
    return found


def _elders_pace(draft: RequestDraft, text: str, spans: list[tuple[int, int]]) -> Found:
    """The relaxed pace taken for elders who travel when no pace is said (as 带爸妈 gives it),
    said with their words: 「奶奶80岁（放慢节奏）」, "grandma is 80 (at a gentler pace)"."""
    draft.pace = Pace.RELAXED
    said = " ".join(dict.fromkeys(text[s:e].strip() for s, e in sorted(spans)))
    gentler = ("（放慢节奏）", " (at a gentler pace)")[draft.lang != "zh"]
    return Found("pace", Pace.RELAXED.value, said + gentler, min(spans))


def _assumed_days(destinations: list[PlaceMatch], assumed: tuple[int, ...], lang: str) -> str:
    """「（天津没说天数，先排1天）」: the days given to places said without their own."""
    names = [destinations[i] for i in assumed]
    if lang == "zh":
        return f"（{'、'.join(p.name_zh for p in names)}没说天数，先排1天）"
    return f" ({', '.join(p.name_en or p.name_zh for p in names)}: no days said, one planned)"


def _place_spans(text: str, gaz: Gazetteer, places: PlaceFind) -> list[tuple[int, int]]:
    """Where place names stand in `text` (Chinese names by the gazetteer; English names of the
    places found), for telling understood words from the rest."""
    spans = [(s, e) for s, e, _m in gaz.scan(text)] if has_cjk(text) else []
    lowered = text.lower()
    for place in [places.departure, *places.destinations]:
        if place is not None and place.name_en:
            i = lowered.find(place.name_en.lower())
            if i >= 0:
                spans.append((i, i + len(place.name_en)))
    for said in [*places.named.values(), *places.said.values()]:  # "Great Wall" for Beijing
        i = lowered.find(said.lower()) if said.strip() else -1
        if i >= 0:
            spans.append((i, i + len(said)))
    return spans


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


#: Words that put one part of a trip after another (去周庄玩一天，再在古城玩一天).
_IN_TURN = re.compile(r"再|然后|之后|接着|随后|\bthen\b|after that|followed by", re.I)


def _in_turn(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether day counts said at `spans` are parts said one after another (a sequence word
    between each two), so they add up even within one destination."""
    ordered = sorted(spans)
    return len(ordered) >= 2 and all(
        _IN_TURN.search(text[a[1] : b[0]]) for a, b in pairwise(ordered)
    )
