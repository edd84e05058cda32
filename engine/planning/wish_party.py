"""The wishes section's answer about who travels (`engine.planning.wishes`): the party in
counts and the ages said, and with young children (`frames.early_nights`) that the days end
early — which evenings a named night view kept them out later, which headline night views were
left out."""

from __future__ import annotations

import re

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import PARTY_ASSUMED, PARTY_SPLIT_ASSUMED, Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.planning import high_party
from engine.planning import wish_places as wp
from engine.planning.candidates import rooms
from engine.planning.fares import age_words
from engine.planning.frames import KIDS_BACK_BY, KIDS_HOME_ARRIVAL, early_nights
from engine.planning.transit import COACH_SEATS, GROUP_COACH_MIN


def party(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Who the plan is for, in counts and the ages said (「按1位成人、2位老人（72岁、72岁）安排」);
    a party said earlier and changed since (`Wish.value` ``adults+children[+seniors]`` no longer
    the plan's) is answered as changed, never as planned for the words said."""
    lang = plan.lang
    p = plan.request.party
    parts = []
    for n, zh, en, ages in ((p.adults, "位成人", "adult", ()), (p.children, "个孩子", "child",
                            p.child_ages), (p.seniors, "位老人", "senior", p.senior_ages)):  # fmt: skip
        if not n:
            continue
        said_ages = pick(lang, "（" + "、".join(age_words(a, "zh") for a in ages) + "）",
                         " (" + ", ".join(age_words(a, "en") for a in ages) + ")") if ages else ""  # fmt: skip
        plural = en if n == 1 else ("children" if en == "child" else en + "s")
        parts.append(pick(lang, f"{n}{zh}{said_ages}", f"{n} {plural}{said_ages}"))
    message = pick(lang, f"按{'、'.join(parts)}安排", f"planned for {join_names(parts, lang)}")
    now = f"{p.adults}+{p.children}" + (f"+{p.seniors}" if p.seniors else "")
    said_for = w.value.removesuffix(PARTY_ASSUMED).removesuffix(PARTY_SPLIT_ASSUMED)
    if re.fullmatch(r"\d+\+\d+(\+\d+)?", said_for) and said_for != now:  # a later change won
        message = pick(lang, f"人数后来改了：现在{message}", f"changed later: now {message}")
    elif w.value.endswith(PARTY_ASSUMED):  # 全家: how many grown-ups was not said
        message += pick(lang, "（没说几口人，先这样算；说人数，如「一家三口」「2大1小」，可重排）",
                        " (how many of you was not said, so this is assumed; say the number, "
                        "e.g. \"2 adults and a child\", to re-plan)")  # fmt: skip
    elif w.value.endswith(PARTY_SPLIT_ASSUMED):  # 一家六口: who the six are was not said
        message += pick(lang, "（没说几位大人、几个孩子、有没有老人，这是猜的；门票和作息按此算，"
                        "说清楚，如「4个大人2个孩子」「2位老人、2大2小」，可重排）",
                        " (who you are was not said, so this split is a guess; tickets and "
                        "bedtimes follow it — say, e.g., \"4 adults and 2 children\", to re-plan)")  # fmt: skip
    if re.search(r"[十\d](?:几|多|来)(?!\s*岁)", w.said):  # 十几个同事 (七十多岁: an age)
        message += pick(lang, f"（人数是约数，先按{p.size}人算，说准确人数可重排）",
                        f" (a rough count: planned for {p.size}; say the exact number to re-plan)")  # fmt: skip
    if p.size >= GROUP_COACH_MIN:  # 公司团建20人: rooms counted, a coach rather than taxis
        n, coaches = rooms(plan.request), -(-p.size // COACH_SEATS)
        message += pick(lang, f"；住{n}间房", f"; {n} rooms")
        if any(i.mode is Mode.CHARTER for d in plan.days for i in d.items):
            message += pick(lang, f"，市内乘{coaches}辆包车大巴", f", {coaches} chartered coach"
                            f"{'es' * (coaches > 1)} in town")  # fmt: skip
    if high_party.who(plan.request) in ("baby", "senior") and (high := altitude_advice(plan, kb)):
        message += pick(lang, "；", "; ") + high
    if early_nights(p):  # the days end early: said, with what it left out and how to keep it
        back = fmt_minutes(KIDS_BACK_BY)
        message += pick(lang, f"；孩子还小，每天{back}前回到住处，夜景和晚间活动缩短或不排",
                        f"; with young children every day ends back at the lodging by {back}, "
                        "evening outings shorter or left out")  # fmt: skip
        late = [(d.index, i.start) for d in plan.days for i in d.items
                if i.kind == ItemKind.LODGING and clock_minutes(i.start) > KIDS_BACK_BY]  # fmt: skip
        if late:  # a night view or show the person named keeps them out
            when = pick(lang, "、", ", ").join(
                pick(lang, f"第{k}天{t:%H:%M}", f"day {k} {t:%H:%M}") for k, t in late
            )
            message += pick(lang, f"（为点名的晚间演出晚回：{when}）",
                            f" (later for the evening show you named: {when})")  # fmt: skip
        if home := _home_late(plan):  # no way home arrives in time: said, not passed silently
            arrive, hub = home
            message += pick(lang, f"（回程{arrive}才到{hub}，晚于孩子{back}的作息：没有更早能赶上"
                            "的车次或航班，可考虑多住一晚、第二天早上回）", f" (the way home reaches "
                            f"{hub} only at {arrive}, past the children's {back} bedtime: no "
                            "earlier service fits; consider a night more and leaving next "
                            "morning)")  # fmt: skip
        missed = _night_headlines_missed(plan, kb)
        if fits := [name for name, span in missed if span is None]:
            names = join_names(fits, lang)
            message += pick(lang, f"（没排{names}，点名想看就在{back}前看）", f" ({names} not "
                            f"planned: name it to see it before {back})")  # fmt: skip
        for name, span in missed:
            if span is not None:  # it cannot end in time: offered for a later evening
                begin, end = (fmt_minutes(m) for m in span)
                message += pick(
                    lang,
                    f"（没排{name}：最早{begin}–{end}，{back}前回不到住处；"
                    "点名想去就排上，那晚晚点回）",
                    f" ({name} not planned: the earliest runs {begin}–{end}, too late to be "
                    f"back by {back}; name it and that evening ends later)",
                )
    return wp._ok(w, message)


def altitude_advice(plan: Itinerary, kb: KnowledgeBase) -> str:
    """The word on high places for a party that should not go up (`high_party.advice`): the
    visits planned, the high places of the trip's destinations left out for it; "" if none.
    The party row says it for a baby or a senior, the altitude wish's row for 「怕高反」."""
    planned = [a for _, i in wp.visits(plan) if (a := kb.attraction(i.poi_id or ""))]
    seen = {a.id for a in planned}
    dests = filter(None, (kb.destinations.get(d) for d in plan.request.destinations))
    left = [a for dest in dests for a in dest.attractions
            if a.id not in seen and high_party.excluded(a, plan.request)]  # fmt: skip
    return high_party.advice(planned, left, plan.request, plan.lang)


def _home_late(plan: Itinerary) -> tuple[str, str] | None:
    """The way home's arrival (「20:45」) and station or airport when it is a same-day leg that
    arrives after `frames.KIDS_HOME_ARRIVAL` (the planner picks one arriving in time whenever a
    service allows: `engine.planning.legs.home_legs`), else None."""
    if plan.request.departure is None or not plan.days:
        return None
    legs = [i for i in plan.days[-1].items if i.kind == ItemKind.INTERCITY]
    if not legs or legs[-1].overnight is not None:
        return None
    home = legs[-1]
    if clock_minutes(home.end) <= KIDS_HOME_ARRIVAL:
        return None
    hub = home.name.split(" → ")[-1]
    return f"{home.end:%H:%M}", hub


#: Minutes from a night view back to the lodging that the party row allows for (a short ride).
BACK_MINUTES = 15


def _night_headlines_missed(
    plan: Itinerary, kb: KnowledgeBase
) -> list[tuple[str, tuple[int, int] | None]]:
    """The trip's headline night views (大唐不夜城) the plan does not visit: each name with
    None when its earliest visit on the trip's days there ends `BACK_MINUTES` before
    `KIDS_BACK_BY`, else that earliest visit (start, end; minutes after midnight — 两江四湖夜游
    sails 19:30–21:00)."""
    seen = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    out: list[tuple[str, tuple[int, int] | None]] = []
    for dest in filter(None, (kb.destinations.get(d) for d in plan.request.destinations)):
        for a in (a for a in dest.attractions if a.id in dest.headline):
            night = {"night-view", "nightlife"} & set(a.tags) or a.best_time == "after_dark"
            if not night or a.id in seen:
                continue
            dates = [d.date for d in plan.days if d.destination == dest.id]
            starts = [w[0] for day in dates for w in place_windows(a, day)]
            first = min(starts, default=0)
            late = bool(starts) and first + a.visit_minutes + BACK_MINUTES > KIDS_BACK_BY
            out.append((a.name(plan.lang), (first, first + a.visit_minutes) if late else None))
    return out
