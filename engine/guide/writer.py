"""The offline guide writer: Markdown from the itinerary and knowledge-base facts only.

It names only places that are in the plan or in the knowledge base, so it never invents one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass

from engine.domain.itinerary import Item, ItemKind, Itinerary, clock_minutes, time_span
from engine.domain.request import TripRequest
from engine.guide.food_list import food_section
from engine.guide.packing import packing_list
from engine.guide.questions import suggested_questions
from engine.guide.seasonal import timely
from engine.guide.tickets import tickets_section
from engine.guide.wishes_section import wishes_markdown
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.packs import credits_for
from engine.knowledge.schema import Attraction, Highlight
from engine.knowledge.shows import show_line
from engine.knowledge.sun import sun_times
from engine.planning.candidates import gentle_climb
from engine.planning.fares import age_words

WEEKDAYS_ZH = "一二三四五六日"
WEEKDAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
ICONS = {
    ItemKind.INTERCITY: "🚄",
    ItemKind.TRANSIT: "🚶",
    ItemKind.ATTRACTION: "📍",
    ItemKind.MEAL: "🍜",
    ItemKind.LODGING: "🏨",
    ItemKind.FREE: "☕",
}


MODE_ICONS = {"walk": "🚶", "metro": "🚇", "bus": "🚌", "taxi": "🚕", "flight": "✈️", "hsr": "🚄",
              "train": "🚆", "coach": "🚌", "charter": "🚐", "cable_car": "🚡",
              "ferry": "⛴️", "drive": "🚗"}  # fmt: skip


@dataclass(frozen=True)
class Guide:
    """The written guide: Markdown text and 3–5 suggested follow-up questions."""

    markdown: str
    questions: tuple[str, ...]


def write_guide(itinerary: Itinerary, kb: KnowledgeBase) -> Guide:
    """Write the whole guide (see `iter_guide`)."""
    return Guide("".join(iter_guide(itinerary, kb)), suggested_questions(itinerary, kb))


def iter_guide(itinerary: Itinerary, kb: KnowledgeBase) -> Iterator[str]:
    """The guide's Markdown in section-sized chunks (for streaming as ``guide_delta`` events):
    overview, the person's wishes and how each is answered, each day, tickets and reservations,
    food, transport, tips, packing, feasibility, and the credits of data packs whose places the
    plan uses."""
    zh = itinerary.lang == "zh"
    yield _overview(itinerary, kb, zh)
    yield wishes_markdown(itinerary)
    for day in itinerary.days:
        yield _day(itinerary, day, kb, zh)
    yield tickets_section(itinerary, kb, zh)
    yield food_section(itinerary, kb, zh)
    yield _transport(itinerary, zh)
    yield _tips(itinerary, kb, zh)
    yield "\n## " + ("行李清单" if zh else "Packing") + "\n\n"
    yield "".join(f"- {p}\n" for p in packing_list(itinerary, kb))
    yield _feasibility(itinerary, zh)
    yield _credits(itinerary, kb, zh)


def _date(day_date, zh: bool) -> str:
    if zh:
        return f"{day_date.month}月{day_date.day}日（周{WEEKDAYS_ZH[day_date.weekday()]}）"
    return f"{WEEKDAYS_EN[day_date.weekday()]} {day_date.isoformat()}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _overview(it: Itinerary, kb: KnowledgeBase, zh: bool) -> str:
    r = it.request
    party = r.party
    lines = [f"# {it.title}\n\n", "## " + ("行程概览" if zh else "Overview") + "\n\n"]
    if it.days:
        first, last = it.days[0].date, it.days[-1].date
        lines.append(
            f"- 日期：{first.isoformat()} 至 {last.isoformat()}，共{len(it.days)}天\n"
            if zh
            else f"- Dates: {first.isoformat()} to {last.isoformat()}, {len(it.days)} days\n"
        )
    ages = ("、" if zh else ", ").join(age_words(a, it.lang) for a in party.child_ages)
    ages = (f"（{ages}）" if zh else f" ({ages})") if ages else ""
    counts = (
        (party.adults, "位成人", "adult", "adults", ""),
        (party.children, "位儿童", "child", "children", ages),
        (party.seniors, "位老人", "senior", "seniors", ""),
    )
    who = ("、" if zh else ", ").join(
        (f"{n}{zh_word}" if zh else _count(n, one, many)) + said
        for n, zh_word, one, many, said in counts
        if n or (one == "adult" and not party.adults + party.children + party.seniors)
    )
    pace = {
        "relaxed": ("轻松", "relaxed"),
        "normal": ("适中", "normal"),
        "packed": ("紧凑", "packed"),
    }
    lines.append(
        f"- 人数：{who}；节奏：{pace[r.pace.value][0]}\n"
        if zh
        else f"- Travellers: {who}; pace: {pace[r.pace.value][1]}\n"
    )
    total = it.total_cost_cny
    budget = (
        (f"（预算{r.budget_cny}元）" if zh else f" (budget {r.budget_cny} CNY)")
        if r.budget_cny
        else ""
    )
    lines.append(
        f"- 预计总花费：约{total:.0f}元{budget}\n"
        if zh
        else f"- Estimated total: about {total:.0f} CNY{budget}\n"
    )
    for dest_id in r.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is not None and (dest.summary_zh if zh else dest.summary_en):
            lines.append("\n" + (dest.summary_zh if zh else dest.summary_en) + "\n")
    return "".join(lines)


def _day(it: Itinerary, day, kb: KnowledgeBase, zh: bool) -> str:
    head = (
        f"\n## 第{day.index}天 · {_date(day.date, zh)}\n\n"
        if zh
        else f"\n## Day {day.index} · {_date(day.date, zh)}\n\n"
    )
    lines = [head]
    next_day = it.day_after(day)
    then = it.day_after(next_day) if next_day is not None else None
    moments = tuple((clock_minutes(i.start), clock_minutes(i.end), i.lat, i.lon)
                    for i in day.items if i.kind == ItemKind.FREE)  # fmt: skip
    for item in day.items:
        lines.append(_item_line(item, kb, zh, time_span(item, it.lang, next_day, then), day.date,
                                it.request, moments))  # fmt: skip
    cost = day.cost_cny
    lines.append(
        f"\n当天花费约{cost:.0f}元。\n" if zh else f"\nThis day costs about {cost:.0f} CNY.\n"
    )
    return "".join(lines)


def _item_line(
    item: Item,
    kb: KnowledgeBase,
    zh: bool,
    when: str,
    date: dt.date,
    request: TripRequest,
    moments: tuple[Moment, ...] = (),
) -> str:
    """One timeline line of `item` (with its place's description and highlights); `moments`:
    the day's free moments (`Moment`), a flag-raising or sunrise watched in one of them being
    seen whatever the visit's hours."""
    icon = MODE_ICONS.get(item.mode.value, ICONS[item.kind]) if item.mode else ICONS[item.kind]
    line = f"- **{when}** {icon} {item.name}"
    if item.note:
        line += f" — {item.note}"
    line += "\n"
    place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
    if isinstance(place, Attraction):
        line += f"  - {place.description_zh if zh else place.description_en}\n"
        lang = "zh" if zh else "en"
        if show := show_line(place, date, clock_minutes(item.start), clock_minutes(item.end), lang):
            line += f"  - {show}\n"  # 表演19:30开始 / 错过表演时间
        gentle = gentle_climb(place, request)  # by cable car: no long stairways on top
        for h in [h for h in place.highlights if not (gentle and h.steps)][:8]:
            note = h.note_zh if zh else h.note_en
            if not timely(f"{h.note_zh} {h.note_en}", date):
                note = ""  # 「中秋夜塔内点灯」 on a December visit
            name = h.name_zh if zh else h.name_en
            note = _sun_note(h, place, item, date, zh, moments) or note
            line += (
                f"  - {name}" + (f"：{note}" if zh and note else f": {note}" if note else "") + "\n"
            )
        if skipped := [h.name_zh if zh else h.name_en for h in place.highlights
                       if gentle and h.steps]:  # fmt: skip
            names = "、".join(skipped) if zh else ", ".join(skipped)
            line += (f"  - 不去{names}：只能走又长又陡的台阶\n" if zh else
                     f"  - Not {names}: reached only by long, steep stairways\n")  # fmt: skip
    return line


#: How near (minutes) a visit must be to sunrise or sunset to see a highlight held then.
SUN_SLACK = 30
#: A free moment this near a highlight (metres) is watched at it (the dawn moment at 日观峰).
MOMENT_REACH_M = 1500.0

#: A free moment of the day: (start, end) in minutes after local midnight, (lat, lon) of where
#: it is spent (None when it has no place).
Moment = tuple[int, int, float | None, float | None]


def _sun_note(
    h: Highlight,
    place: Attraction,
    item: Item,
    date: dt.date,
    zh: bool,
    moments: tuple[Moment, ...] = (),
) -> str:
    """For a highlight held at sunrise or sunset (天安门's flag-raising) that the visit's hours
    miss: when it is, so the line does not promise it (a 09:09 visit listed the flag-raising
    under it); when the visit spans it, its note and when it is that day (鸣沙山's 「夏季约21:00」
    said on a December visit, beside 「这天日落约18:15」); "" when one of the day's `moments` (the dawn moment just
    before the square's gates open, `engine.planning.moments.dawn`) spans it and the visit
    follows it. When an earlier moment of the day at the highlight (within `MOMENT_REACH_M`)
    spans it — the dawn at 泰山's 日观峰, then breakfast, then the mountain — it says that it
    was seen then, not that this visit misses it. Times from `engine.knowledge.sun.sun_times`
    at the highlight."""
    if h.kind not in ("sunrise", "sunset"):
        return ""
    lat, lon = (h.lat, h.lon) if h.lat is not None and h.lon is not None else (place.lat, place.lon)
    at = sun_times(lat, lon, date)[0 if h.kind == "sunrise" else 1]
    start, end = clock_minutes(item.start), clock_minutes(item.end)
    clock = f"{at // 60:02d}:{at % 60:02d}"
    sun = ("日出" if h.kind == "sunrise" else "日落") if zh else h.kind
    if start - SUN_SLACK <= at <= end + SUN_SLACK:  # seen: when, that day (not "21:00 in summer")
        note = (h.note_zh if zh else h.note_en).rstrip("。.；; ")
        said = f"这天{sun}约{clock}" if zh else f"{sun} about {clock} that day"
        return f"{note}；{said}" if zh and note else f"{note}; {said}" if note else said
    if any(a <= at <= b and b == start for a, b, _, _ in moments):  # watched, then the visit
        return ""
    watched = any(
        a <= at <= b <= start
        and m_lat is not None
        and m_lon is not None
        and haversine_m(m_lat, m_lon, lat, lon) <= MOMENT_REACH_M
        for a, b, m_lat, m_lon in moments
    )
    if watched:  # seen in the day's dawn moment there, before this visit
        return (
            f"{sun}（约{clock}）已在前面看过" if zh else f"{sun} (about {clock}) seen earlier today"
        )
    if zh:
        return f"在{sun}时（约{clock}），这次游览的时间看不到"
    return f"at {sun} (about {clock}), not during this visit"


def _planned(it: Itinerary, kind: ItemKind) -> list[Item]:
    return [i for d in it.days for i in d.items if i.kind == kind and i.poi_id]


def _transport(it: Itinerary, zh: bool) -> str:
    lines = ["\n## " + ("交通" if zh else "Transport") + "\n\n"]
    legs = [i for d in it.days for i in d.items if i.kind == ItemKind.INTERCITY]
    for item in [i for i in legs if i.overnight != "arrive"]:  # the departure says when it lands
        lines.append(
            f"- {item.start.strftime('%H:%M')} {item.name}：{item.note}\n"
            if zh
            else f"- {item.start.strftime('%H:%M')} {item.name}: {item.note}\n"
        )
    modes = {
        i.mode.value for d in it.days for i in d.items if i.kind == ItemKind.TRANSIT and i.mode
    }
    if modes:
        names = {
            "walk": ("步行", "walking"),
            "metro": ("地铁", "metro"),
            "bus": ("公交", "bus"),
            "taxi": ("打车", "taxi"),
            "drive": ("自驾", "driving"),
            "charter": ("包车", "chartered car"),
            "cable_car": ("索道", "cable car"),
            "ferry": ("轮渡", "ferry"),
        }
        shown = [names[m][0 if zh else 1] for m in sorted(modes) if m in names]
        lines.append(
            ("- 市内交通：" + "、".join(shown) + "；时间和费用为估算。\n")
            if zh
            else ("- Getting around: " + ", ".join(shown) + "; times and fares are estimates.\n")
        )
    return "".join(lines)


def _tips(it: Itinerary, kb: KnowledgeBase, zh: bool) -> str:
    lines = ["\n## " + ("贴士" if zh else "Tips") + "\n\n"]
    months = {d.date.month for d in it.days}
    for dest_id in it.request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        for note in dest.notes:
            if note.months and not months & set(note.months):
                continue
            if not any(timely(f"{note.zh} {note.en}", d.date) for d in it.days):
                continue
            lines.append(f"- {note.zh if zh else note.en}\n")
        if dest.best_months and not months & set(dest.best_months):
            best = (
                "、".join(f"{m}月" for m in dest.best_months)
                if zh
                else ", ".join(str(m) for m in dest.best_months)
            )
            lines.append(
                f"- {dest.name(it.lang)}最佳旅行月份：{best}\n"
                if zh
                else f"- Best months for {dest.name(it.lang)}: {best}\n"
            )
    return "".join(lines)


def _feasibility(it: Itinerary, zh: bool) -> str:
    report = it.feasibility
    if report is None:
        return ""
    head = "\n## " + ("可行性检查" if zh else "Feasibility") + "\n\n"
    mark = {"ok": "✅", "warn": "⚠️", "fail": "❌"}[report.state]
    lines = [head, f"{mark} {report.verdict(it.lang)}\n\n"]
    for check in report.failures:
        mark = "⚠️" if check.severity != "error" else "❌"
        relax = (
            (f"（建议：{check.relax}）" if zh else f" (try: {check.relax})") if check.relax else ""
        )
        lines.append(f"- {mark} {check.message}{relax}\n")
    return "".join(lines)


def _credits(it: Itinerary, kb: KnowledgeBase, zh: bool) -> str:
    """A line crediting each data pack the plan's places come from (its licence asks for it)."""
    used = credits_for(kb, (i.poi_id for d in it.days for i in d.items))
    if not used:
        return ""
    lines = ["\n---\n\n"]
    for name, credit in used:
        lines.append(
            f"数据来源：部分地点信息来自数据包“{name}”：{credit}。信息仅供参考，出行前请核实。\n"
            if zh
            else f"Data: some places come from the data pack {name!r}: {credit}. "
            "Check details before you go.\n"
        )
    return "".join(lines)
