"""The report's wishes section: each wish the person said, answered against the final plan.

`evaluate` returns one `WishCheck` per wish in `TripRequest.wishes` — honoured (with where and
when), partly, or not (with the reason and what to relax) — plus 「没看懂：…」 for each phrase the
parser did not understand (`TripRequest.unrecognized`). A request built without `wishes` (a
form, a test) is answered from its typed fields instead (`implied`). Answers come from the
plan's items (what is in it), not from what the planner intended; places and moments are in
`engine.planning.wish_places`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import Pace, TripRequest, Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.planning import low_budget, room_level, wish_leg
from engine.planning import wish_access as wacc
from engine.planning import wish_circumstances as wcirc
from engine.planning import wish_experiences as wexp
from engine.planning import wish_food as wf
from engine.planning import wish_hours as wh
from engine.planning import wish_lodging as wl
from engine.planning import wish_own_hours as woh
from engine.planning import wish_party as wparty
from engine.planning import wish_places as wp
from engine.planning import wish_transport as wt
from engine.planning.aboard import WAY_IN, is_aboard
from engine.planning.holiday_check import holiday_said
from engine.planning.intercity import satisfies
from engine.planning.meal_price import LOW_BUDGET
from engine.planning.pace import day_sightseeing, profile
from engine.planning.wish_crowds import crowds
from engine.planning.wish_day_parts import day_part
from engine.planning.wish_food import MEAL_WORDS
from engine.planning.wish_pace import idle_stretch
from engine.planning.wish_transport import (
    MODE_WORDS,
    charter,
    is_charter_wish,
    max_rail,
    no_mode_reason,
)
from engine.planning.wish_weather import weather


def evaluate(plan: Itinerary, kb: KnowledgeBase) -> tuple[WishCheck, ...]:
    """Answer every wish of `plan.request` (see the module docstring)."""
    request = plan.request
    out: list[WishCheck] = []
    for wish in (*request.wishes, *implied(request, kb)):
        check = CHECKS.get(wish.kind, _other)(wish, plan, kb)
        if wish.habit:  # 「我从来不坐飞机」: the report says it is remembered for later trips
            check = check.model_copy(update={"habit": True})
        out = _merged(out, check)
    out = _drive_said_once(_events_said_as_places(_moments_said_as_places(out)))
    out = _parts_said_as_places(out)
    lang = plan.lang
    for phrase in request.unrecognized:
        out.append(
            WishCheck(
                kind="other",
                said=phrase,
                status="not",
                message=pick(lang, f"没看懂：「{phrase}」", f"Not understood: “{phrase}”"),
                reason=pick(lang, "换个说法再说一次，例如「想吃火锅」「住在西湖边」",
                            'say it another way, e.g. "hot pot for dinner", "stay near the lake"'),
            )
        )  # fmt: skip
    return tuple(out)


#: Statuses from best to worst.
_RANK = {"honoured": 0, "partly": 1, "not": 2}
#: Kinds where one honoured reading of the words answers them (看海: the sea or a beach).
_ANY_OF = frozenset({"interest", "experience"})


def _merged(out: list[WishCheck], check: WishCheck) -> list[WishCheck]:
    """`out` with `check` added, or folded into an answer of the same kind to the same words
    (看海 → sea and beach: one row) — the better answer for a wish met by any reading
    (`_ANY_OF`), else the worse one (不爬山: every reading must hold)."""
    for n, have in enumerate(out):
        if (have.kind, have.said, have.remembered) == (check.kind, check.said, check.remembered):
            climb = {have.value, check.value}
            if have.kind == "interest" and "hiking" in climb and len(climb) == 2:
                # 「爬山」: the climb on foot is the point, not any mountain ridden up
                return out if have.value == "hiking" else [*out[:n], check, *out[n + 1 :]]
            worse = _RANK[check.status] > _RANK[have.status]
            if worse != (check.kind in _ANY_OF) and check.status != have.status:
                return [*out[:n], check, *out[n + 1 :]]
            return out
    return [*out, check]


#: Experiences held at one hour of the day (the flag-raising at sunrise, 西湖日落): a visit to
#: their place at another hour is not them.
TIMED = frozenset({"sunrise", "flag-raising", "sunset"})


def _events_said_as_places(out: list[WishCheck]) -> list[WishCheck]:
    """A must-see whose words name an event held at its hour (「一定要看天安门升旗仪式」: read as
    the square and as the flag-raising, `TIMED`) is answered as the event: the square at 09:12
    is not the flag-raising, so the row takes the event's answer (at its hour, or not planned
    and why) instead of claiming the visit."""
    events = [c for c in out if c.kind == "experience" and c.value in TIMED]
    said_as: dict[int, str] = {}  # event row → the must-see words that name it
    places: list[WishCheck] = []
    for c in out:
        n = next((k for k, e in enumerate(events) if c.kind == "must_see" and e.said in c.said), -1)
        if n >= 0:
            said_as.setdefault(n, c.said)
            places.append(c)
    fixed = [c for c in out if c not in places]
    for n, said in said_as.items():
        fixed[fixed.index(events[n])] = events[n].model_copy(update={"said": said})
    return fixed


def _drive_said_once(out: list[WishCheck]) -> list[WishCheck]:
    """「自驾」 read as the intercity legs and the local rides (two wishes of the same words):
    one row, the intercity answer with the local one after it, as bad as the worse of the two
    — never ❌ and ✅ about the same words."""
    trip = next((c for c in out if (c.kind, c.value) == ("transport", "drive")), None)
    local = next((c for c in out if (c.kind, c.value) == ("local_transport", "drive")
                  and trip is not None and c.said == trip.said), None)  # fmt: skip
    if trip is None or local is None:
        return out
    status = max(trip.status, local.status, key=lambda s: _RANK[s])
    if trip.status == "not" and local.status == "honoured":
        status = "partly"  # not driven there, but by car once there (fly, then rent a car)
    sep = "；" if any("\u4e00" <= ch <= "\u9fff" for ch in trip.message) else "; "
    merged = trip.model_copy(update={
        "status": status,
        "message": trip.message + sep + local.message,
        "reason": sep.join(r for r in (trip.reason, local.reason) if r) or None,
    })  # fmt: skip
    return [merged if c is trip else c for c in out if c is not local]


def _moments_said_as_places(out: list[WishCheck]) -> list[WishCheck]:
    """A moment read from the name of a sight that is also a must-see (「想逛不夜城」: 大唐不夜城
    and a night view; "the night market"): one row — the sight's, which gives its hour — unless
    the moment was not met (then both rows stay, the moment's saying why). Events held at one
    hour (`TIMED`) are `_events_said_as_places`'s."""
    places = [c.said for c in out if c.kind == "must_see"]
    return [
        c
        for c in out
        if not (
            c.kind == "experience"
            and c.value not in TIMED
            and c.status == "honoured"
            and any(c.said in said for said in places)
        )
    ]


#: Wishes for a sight at a part of the day (「晚上去大唐不夜城」, 下午去故宫, "pandas early").
PARTS = frozenset({"morning", "afternoon", "evening"})


def _parts_said_as_places(out: list[WishCheck]) -> list[WishCheck]:
    """A sight wished at a part of the day is also read as a must-see (「晚上去大唐不夜城逛逛」:
    two rows, 「大唐不夜城 — 第1天19:12」 twice): one row — the part's, which says the hour —
    when it is honoured; else both stay, the part's saying why not."""
    met = {c.value for c in out if c.kind in PARTS and c.status == "honoured"}
    return [c for c in out if not (c.kind == "must_see" and c.value in met)]


def implied(request: TripRequest, kb: KnowledgeBase) -> list[Wish]:
    """Wishes for typed fields that `request.wishes` does not cover (a form or a test sets the
    fields without the words), said in words made from the field."""
    have = {w.kind for w in request.wishes}
    lang = request.lang
    out: list[Wish] = []

    def add(kind: str, value: str, said: str) -> None:
        if kind not in have:
            out.append(Wish(kind=kind, value=value, said=said))

    def place(poi: str) -> str:
        found = kb.place(poi)
        return found.name(lang) if found else poi

    for mode in request.prefer_transport:
        add(
            "transport",
            mode,
            pick(lang, "坐", "by ") + pick(lang, *MODE_WORDS.get(mode, (mode, mode))),
        )
    if request.local_transport:
        mode = request.local_transport
        add("local_transport", mode, pick(lang, *MODE_WORDS.get(mode, (mode, mode))))
    for food in request.food:
        meal = pick(lang, *MEAL_WORDS[food.meal]) if food.meal else ""
        add("food", _food_value(food.cuisine, food.meal), food.said or f"{meal}{food.cuisine}")
    wish = request.lodging
    for near in wish.near[:1]:
        on = "" if place(near).endswith(("上", "里", "内", "中")) else "上"  # not 「鼓浪屿岛上上」
        where = pick(lang, on if wish.on_site else "附近", "on " if wish.on_site else "near ")
        add(
            "lodging_area",
            near,
            pick(lang, f"住{place(near)}{where}", f"stay {where}{place(near)}"),
        )
    if wish.kind:
        add("lodging_type", wish.kind, wish.kind)
    for feature in wish.features:
        add("lodging_feature", feature, feature)
    for need in request.access:  # words, never the raw value (「wheelchair」)
        add("access", need, pick(lang, *ACCESS_WORDS.get(need, (need, need))))
    for moment in request.experiences:
        add("experience", moment, moment)
    if request.destination_days and any(request.destination_days):
        pairs = list(zip(request.destinations, request.destination_days, strict=False))
        value = ",".join(f"{d}:{n}" for d, n in pairs)
        said = pick(lang, "、", ", ").join(  # 「大理2天、丽江3天」, never 「dali:2,lijiang:3」
            pick(lang, f"{_dest(kb, d, lang)}{n}天", f"{n} days in {_dest(kb, d, lang)}")
            for d, n in pairs
        )
        add("days", value, said)
    for poi in request.must_see:
        add("must_see", poi, place(poi))
    return out


#: An access need (`TripRequest.access`) in words, for a wish row said without the person's own.
ACCESS_WORDS = {
    "wheelchair": ("轮椅", "wheelchair"),
    "pushchair": ("婴儿车", "pushchair"),
    "limited-mobility": ("行动不便", "limited mobility"),
    "short-walks": ("走不了太久", "short walks"),
    "altitude": ("怕高反", "altitude sickness"),
    "nap": ("午睡", "a nap after lunch"),
}


def _dest(kb: KnowledgeBase, dest_id: str, lang: str) -> str:
    """A destination's name (its id when the base does not know it)."""
    found = kb.destinations.get(dest_id)
    return found.name(lang) if found else dest_id


def _food_value(cuisine: str, meal: str | None) -> str:
    return f"{cuisine}@{meal}" if meal else cuisine


def transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    mode = w.value
    word = pick(lang, *MODE_WORDS.get(mode, (mode, mode)))
    home = plan.home_leg() if plan.request.home_transport else None  # 「飞回来」: its own wish
    # 「城市之间坐火车」: the legs between the destinations have their own wish
    apart = [i for _, i in wt.between_legs(plan)] if plan.request.between_transport else []
    legs = [(d.index, i) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY and i.overnight != "arrive" and i is not home
            and all(i is not a for a in apart) and not is_aboard(i)]  # fmt: skip
    if not legs:
        return wp._ok(w, pick(lang, "这次不需要城际交通", "no intercity travel needed"))
    if mode == "drive":
        return wt.drive(w, plan, kb)
    ours = [(d, i) for d, i in legs if satisfies(mode, i.mode.value if i.mode else None)]
    others = sorted({_mode_word(i, lang) for _, i in legs
                     if not satisfies(mode, i.mode.value if i.mode else None)})  # fmt: skip
    shown = "；".join(f"第{d}天 {i.name}" for d, i in ours) if lang == "zh" else "; ".join(
        f"day {d}: {i.name}" for d, i in ours)  # fmt: skip
    if len(ours) == len(legs):
        if home is not None:  # the way home has its own wish (「飞回来」)
            return wp._ok(w, pick(lang, f"除回程外都坐{word}：{shown}",
                                  f"by {word} but for the way home: {shown}"))  # fmt: skip
        return wp._ok(w, pick(lang, f"全程坐{word}：{shown}", f"all by {word}: {shown}"))
    if mode == "train" and WAY_IN.search(w.said) and legs[0][1].mode == Mode.TRAIN:
        # 「想体验青藏铁路」, 「坐火车进藏」: the ride in is the wish; home may be flown
        d, first = legs[0]
        said = pick(
            lang,
            f"去程坐火车：第{d}天 {first.name}",
            f"by train on the way in: day {d}: {first.name}",
        )
        if not satisfies(mode, legs[-1][1].mode.value if legs[-1][1].mode else None):
            why, _relax = no_mode_reason(plan, kb, mode, word, lang)
            said += pick(lang, f"；回程改坐{_mode_word(legs[-1][1], lang)}（{why}）",
                         f"; home by {_mode_word(legs[-1][1], lang)} ({why})")  # fmt: skip
        return wp._ok(w, said)
    reason, relax = no_mode_reason(plan, kb, mode, word, lang)
    if ours:
        rest = [pick(lang, f"第{d}天 {i.name}改坐{_mode_word(i, lang)}",
                     f"day {d}: {i.name} by {_mode_word(i, lang)}")
                for d, i in legs if not satisfies(mode, i.mode.value if i.mode else None)]  # fmt: skip
        shown = pick(lang, "；", "; ").join([shown, *rest])
        return wp._partly(w, pick(lang, f"部分坐{word}：{shown}", f"partly by {word}: {shown}"),
                          reason, relax)  # fmt: skip
    return wp._not(w, pick(lang, f"没有坐{word}，改坐{join_names(others, lang)}",
                           f"not by {word}, by {join_names(others, lang)} instead"), reason,
                   relax)  # fmt: skip


def _mode_word(item: Item, lang: str) -> str:
    value = item.mode.value if item.mode else "train"
    return pick(lang, *MODE_WORDS.get(value, (value, value)))


def avoid_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """No leg by the refused mode — or, for a remembered refusal this trip asks the mode for
    (`engine.understanding.remembered.asked_now`: 「飞回去」), a line that says what is asked now
    comes first and later trips keep the habit."""
    lang = plan.lang
    word = pick(lang, *MODE_WORDS.get(w.value, (w.value, w.value)))
    home = plan.home_leg() if w.value in plan.request.home_transport else None
    if w.remembered and w.value not in plan.request.avoid.transport:
        now = next((x.said for x in plan.request.wishes
                    if (x.kind, x.value) == ("transport", w.value) and x.said), word)  # fmt: skip
        return wp._partly(w, pick(lang, f"这次说了「{now}」，这趟按你现在说的坐{word}",
                                  f"this time you asked “{now}”, so this trip uses {word}"),
                          pick(lang, "你这次说的优先，以后的行程照旧", "what you ask now comes "
                               "first; later trips keep it"), "")  # fmt: skip
    used = [(d.index, i) for d in plan.days for i in d.items
            if i.mode is not None and i.mode.value == w.value and i is not home]  # fmt: skip
    if not used and home is not None and home.mode is not None and home.mode.value == w.value:
        now = next((x.said for x in plan.request.wishes
                    if (x.kind, x.value) == ("home_transport", w.value) and x.said), word)  # fmt: skip
        return wp._partly(w, pick(lang, f"去程没有{word}；回程按你这次说的「{now}」坐{word}",
                                  f"no {word} on the way out; the way home is by {word} as you "
                                  f"asked this time (“{now}”)"),
                          pick(lang, "你这次说的优先" + ("，以后的行程照旧" if w.remembered else ""),
                               "what you ask now comes first"
                               + ("; later trips keep it" if w.remembered else "")), "")  # fmt: skip
    if used:
        d, item = used[0]
        return wp._not(w, pick(lang, f"第{d}天仍有{word}：{item.name}", f"day {d} still uses "
                               f"{word}: {item.name}"), pick(lang, "没有别的方式", "there is no "
                               "other way"), "")  # fmt: skip
    return wp._ok(w, pick(lang, f"全程没有{word}", f"no {word} anywhere"))


def local_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    if is_charter_wish(w):
        return charter(w, plan, kb)
    lang = plan.lang
    legs = [(d.index, i) for d in plan.days for i in d.items if i.kind == ItemKind.TRANSIT]
    if not legs:
        return wp._ok(w, pick(lang, "行程里没有市内交通", "no local rides in the plan"))
    # A cable car or a ferry is the only way to some places (a summit, a car-free island).
    allowed = {"public": {Mode.WALK, Mode.METRO, Mode.BUS, Mode.CABLE_CAR, Mode.FERRY},
               "taxi": {Mode.WALK, Mode.TAXI, Mode.CHARTER, Mode.CABLE_CAR, Mode.FERRY},
               "walk": {Mode.WALK, Mode.METRO, Mode.BUS, Mode.CABLE_CAR, Mode.FERRY},
               "drive": {Mode.WALK, Mode.DRIVE, Mode.CABLE_CAR, Mode.FERRY}}.get(w.value)  # fmt: skip
    word = pick(lang, *MODE_WORDS.get(w.value, (w.value, w.value)))
    if allowed is None:
        return _other(w, plan, kb)
    off = [(d, i) for d, i in legs if i.mode not in allowed]
    counts: dict[str, int] = {}
    for _, i in legs:
        key = pick(lang, *MODE_WORDS.get(i.mode.value if i.mode else "", ("", "")))
        counts[key] = counts.get(key, 0) + 1
    summary = "、".join(f"{k}{n}段" for k, n in counts.items() if k) if lang == "zh" else ", ".join(
        f"{k} ×{n}" for k, n in counts.items() if k)  # fmt: skip
    if not off:
        return wp._ok(w, pick(lang, f"按{word}安排：{summary}", f"by {word}: {summary}"))
    d, item = off[0]
    return wp._partly(w, pick(lang, f"大部分按{word}：{summary}", f"mostly by {word}: {summary}"),
                      pick(lang, f"第{d}天{item.name}没有更合适的{word}方式",
                           f"day {d}: {item.name}, no {word} option"), "")  # fmt: skip


#: A day counts as a day in its destination (「重庆2天」) when it holds at least this many
#: minutes of sights and free time there, minutes: less is a travel day (a flight, an hour in
#: town), not a day planned there.
DAY_HELD_MIN = 120


def _held_minutes(day: Day) -> int:
    """Minutes of sights and free time on a day (`DAY_HELD_MIN`)."""
    return sum(clock_minutes(i.end) - clock_minutes(i.start) for i in day.items
               if i.kind in (ItemKind.ATTRACTION, ItemKind.FREE))  # fmt: skip


def days(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Days per destination as said, by the days actually planned there: a day labelled with
    a destination but holding less than `DAY_HELD_MIN` minutes of sights is a travel day
    (partly honoured, with how long it holds), never claimed as one of the days wished."""
    lang = plan.lang
    counts: dict[str, int] = {}
    held: dict[str, int] = {}
    thin: list[str] = []
    for d in plan.days:
        counts[d.destination] = counts.get(d.destination, 0) + 1
        minutes = _held_minutes(d)
        if minutes >= DAY_HELD_MIN:
            held[d.destination] = held.get(d.destination, 0) + 1
        else:
            name = _dest_name(kb, d.destination, lang)
            thin.append(pick(lang, f"第{d.index}天在{name}只有约{minutes}分钟游览",
                             f"day {d.index} holds about {minutes} min of sights in {name}"))  # fmt: skip
    if ":" not in w.value:
        ok = len(plan.days) == int(w.value) if w.value.isdigit() else True
        message = pick(
            lang, f"共{len(plan.days)}天", f"{len(plan.days)} day{'s' * (len(plan.days) != 1)}"
        )
        if aboard := sum(any(is_aboard(i) for i in d.items) for d in plan.days):
            message += pick(lang, f"（算上路上：其中{aboard}天全天在火车上）",
                            f" (counting the way: {aboard} of them wholly aboard the train)")  # fmt: skip
        return wp._ok(w, message) if ok else wp._not(w, message, "", "")
    wanted = {}
    for part in w.value.split(","):
        dest, _, n = part.partition(":")
        if n.isdigit() and int(n) > 0:
            wanted[dest] = int(n)
    shown = pick(lang, "，", ", ").join(
        pick(lang, f"{_dest_name(kb, d, lang)}{held.get(d, 0)}天", f"{held.get(d, 0)} days in "
             f"{_dest_name(kb, d, lang)}") for d in wanted)  # fmt: skip
    if all(held.get(d, 0) == n for d, n in wanted.items()):
        return wp._ok(w, shown)
    if all(counts.get(d, 0) == n for d, n in wanted.items()):
        return wp._partly(w, shown, pick(lang, "；", "; ").join(thin),
                          pick(lang, "增加一天", "add a day"))  # fmt: skip
    return wp._not(w, shown, pick(lang, "天数不够分", "the days do not add up"),
                   pick(lang, "增加总天数", "add days"))  # fmt: skip


def _dest_name(kb: KnowledgeBase, dest: str, lang: str) -> str:
    d = kb.destinations.get(dest)
    return d.name(lang) if d else dest


#: A plan costing less than this share of the budget says the budget is generous.
GENEROUS_SHARE = 0.5


def spare_note(total: float, budget: float, lang: str, *, upgraded: bool = False) -> str:
    """「；预算很宽裕…」 when a plan costing `total` CNY uses under `GENEROUS_SHARE` of `budget`
    (what the rest could buy; better rooms only when not `upgraded` already), else empty:
    20 000 CNY for two days is not spent by sights."""
    if total >= GENEROUS_SHARE * budget:
        return ""
    share = 100 * total / budget
    if upgraded:
        return pick(lang, f"；这样安排只用到预算的约{share:.0f}%：还可以打车或包车，或多玩几天",
                    f"; this plan uses about {share:.0f}% of it: taxis or a chartered car, or "
                    "more days would fit too")  # fmt: skip
    return pick(lang, f"；预算很宽裕，这样安排只用到约{share:.0f}%：可以住得更好、打车或包车，或多玩几天",
                f"; the budget is generous — this plan uses about {share:.0f}% of it: better "
                "rooms, taxis or a chartered car, or more days would fit")  # fmt: skip


def budget(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """A budget: the plan's total against the number said; a low budget said in words
    (穷游, 学生党: value `meal_price.LOW_BUDGET`) answered by `low_budget.answer`."""
    if w.value == LOW_BUDGET:
        rides = local_transport(Wish(kind="local_transport", value="public"), plan, kb)
        return low_budget.answer(w, plan, kb, rides)
    lang = plan.lang
    total = plan.total_cost_cny
    limit = plan.request.budget_cny
    if limit is None or total <= limit:
        said = pick(lang, f"预计约{total:.0f}元", f"about {total:.0f} CNY")
        rooms = room_level.budget_note(plan, kb) if limit else ""
        spare = spare_note(total, limit, lang, upgraded=bool(rooms)) if limit else ""
        return wp._ok(w, said + rooms + spare)
    parts: dict[str, float] = {}
    for d in plan.days:
        for i in d.items:
            parts[i.kind.value] = parts.get(i.kind.value, 0) + i.cost_cny
    words = {"intercity": ("往返交通", "intercity"), "lodging": ("住宿", "lodging"),
             "meal": ("餐饮", "meals"), "attraction": ("门票", "tickets"),
             "transit": ("市内交通", "local rides")}  # fmt: skip
    shown = pick(lang, "，", ", ").join(f"{pick(lang, words[k][0], words[k][1] + ' ')}{v:.0f}" for k, v in
                                        sorted(parts.items(), key=lambda kv: -kv[1]) if k in words and v)  # fmt: skip
    return wp._not(w, pick(lang, f"预计约{total:.0f}元，超出预算{limit}元", f"about {total:.0f} "
                           f"CNY, over the {limit} CNY budget"), pick(lang, f"其中{shown}",
                           f"of which {shown}"), pick(lang, f"把预算提高到约{total:.0f}元，或少玩"
                           "一天", f"raise the budget to about {total:.0f} CNY, or a day less"))  # fmt: skip


def pace(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Each day's sights against the pace's limits (`engine.planning.pace`, its hours as
    `pace.day_sightseeing` counts them): a day over them is
    said, except a day given to one long place (a mountain: as light as that place allows); a
    packed wish also wants full days (`PACKED_SHARE` of a normal day's hours on days without a
    journey) and no free stretch a sight could use (`wish_pace.idle_stretch`); days lighter
    than that, or such a stretch, are said with the reason."""
    lang = plan.lang
    over = []
    for day in plan.days:
        limits = profile(plan.request.day_pace.get(day.index, plan.request.pace))
        sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
        minutes = day_sightseeing(day, kb, limits)
        if len(sights) > 1 and (
            len(sights) > limits.max_attractions or minutes > limits.max_visit_minutes
        ):
            over.append((day.index, sights, minutes))
    counts = sorted({sum(1 for i in d.items if i.kind == ItemKind.ATTRACTION) for d in plan.days})
    low, high = (counts[0], counts[-1]) if counts else (0, 0)
    span = f"{low}" if low == high else f"{low}–{high}"
    shown = pick(lang, f"每天{span}个景点", f"{span} sight{'s' if high > 1 else ''} a day")
    if over:
        d, sights, minutes = over[0]
        longest = max(sights, key=lambda i: i.minutes).name
        return wp._partly(w, shown, pick(lang, f"第{d}天{len(sights)}个景点共约{minutes / 60:.0f}"
                                         f"小时（{longest}最长），比这个节奏满", f"day {d}: "
                                         f"{len(sights)} sights, about {minutes / 60:.0f} h "
                                         f"({longest} the longest), fuller than this pace"),
                          pick(lang, "多留一天分开玩", "add a day to split it"))  # fmt: skip
    whole = [d for d in plan.days if sum(1 for i in d.items if i.kind == ItemKind.ATTRACTION) == 1
             and sum(i.minutes for i in d.items if i.kind == ItemKind.ATTRACTION)
             > profile(plan.request.pace).max_visit_minutes]  # fmt: skip
    if whole:
        one = next(i for i in whole[0].items if i.kind == ItemKind.ATTRACTION)
        shown += pick(lang, f"；第{whole[0].index}天只去{one.name}（约{one.minutes / 60:.0f}小时）",
                      f"; day {whole[0].index} is {one.name} alone (about "
                      f"{one.minutes / 60:.0f} h)")  # fmt: skip
    idle = idle_stretch(plan) if w.value == "packed" else None
    if idle is not None:  # 紧凑 over a free afternoon
        return wp._partly(w, shown, idle, pick(lang, "少玩一天，或加一个目的地",
                                               "a day less, or add a destination"))  # fmt: skip
    if w.value == "packed":
        full = [d for d in plan.days if not any(i.kind == ItemKind.INTERCITY for i in d.items)]
        days = full or list(plan.days)
        mean = sum(i.minutes for d in days for i in d.items if i.kind == ItemKind.ATTRACTION) / max(
            1, len(days)
        )
        if mean < PACKED_SHARE * profile(Pace.NORMAL).max_visit_minutes:
            return wp._partly(w, shown, pick(lang, f"平均每天只有约{mean / 60:.1f}小时的景点：这里能排进"
                                             "的景点不多", f"only about {mean / 60:.1f} h of sights a "
                                             "day: few more sights fit here"),
                              pick(lang, "少玩一天，或加一个目的地", "a day less, or add a "
                                   "destination"))  # fmt: skip
    return wp._ok(w, shown)


#: A packed wish wants at least this share of a normal day's sightseeing hours each day.
PACKED_SHARE = 0.8


def _date(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    first = plan.days[0].date if plan.days else None
    shown = first.isoformat() if first else "?"
    if first is not None and w.value and w.value != shown:
        return wp._not(w, pick(lang, f"从{shown}出发", f"starting {shown}"),
                       pick(lang, "一次行程只有一个出发日，按先说的那个日期安排",
                            "a trip starts on one day; the plan takes the date said first"),
                       pick(lang, "只说一个日期，或分成两次行程",
                            "say one date, or plan two trips"))  # fmt: skip
    holiday, past = holiday_said(w.said, plan)
    message = pick(lang, f"{shown}出发", f"starting {shown}")
    if holiday:
        message += pick(lang, f"（{holiday}）", f" ({holiday})")
    if past:
        return wp._partly(w, message, past, pick(lang, "少玩几天，或请假",
                                                 "a shorter trip, or take days off"))  # fmt: skip
    return wp._ok(w, message)


def _other(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    if w.value == "activity:climb-up":  # 「爬上去坐索道下来」
        return wp._not(w, pick(lang, "没有安排步行上山", "walking up is not planned"),
                       pick(lang, "行程里上下山都按景区交通车和索道计，规划器还不会安排步行登山",
                            "the plan goes up and down by the scenic bus and cable car; the "
                            "planner cannot plan a climb on foot yet"),
                       pick(lang, "那天早上改从登山步道走上去，留出半天以上",
                            "walk up the foot trail that morning instead, allowing half a day "
                            "or more"))  # fmt: skip
    if wcirc.is_circumstance(w.value):  # 带狗, 结婚十周年, "safety matters to me"
        return wcirc.circumstance(w, plan, kb)
    if w.value.startswith("activity:"):  # 想听相声 where no sight offers it
        where = join_names([_dest_name(kb, d, lang) for d in plan.request.destinations], lang)
        return wp._not(w, pick(lang, "没有安排", "not in the plan"),
                       pick(lang, f"资料里{where}没有提供这项活动的地方", f"no place in {where} "
                            "is known to offer it"),
                       pick(lang, "说一个具体的地方，或换个目的地", "name a place, or choose "
                            "another destination"))  # fmt: skip
    return wp._not(w, pick(lang, f"记下了「{w.said or w.value}」，但行程里体现不了",
                           f"noted “{w.said or w.value}”, but the plan cannot show it"),
                   pick(lang, "规划器还不会安排这个", "the planner cannot plan for it yet"), "")  # fmt: skip


CHECKS: dict[str, Callable[[Wish, Itinerary, KnowledgeBase], WishCheck]] = {
    "must_see": wp.must_see,
    "avoid_place": wp.avoid_place,
    "avoid_tag": wp.avoid_tag,
    "interest": wp.interest,
    "transport": transport,
    "avoid_transport": avoid_transport,
    "home_transport": wt.home_transport,
    "between_transport": wt.between_transport,
    "leg_transport": wish_leg.leg_transport,
    "local_transport": local_transport,
    "max_rail": max_rail,
    "crowds": crowds,
    "weather": weather,
    "food": wf.food,
    "avoid_food": wf.avoid_food,
    "lodging_area": wl.lodging_area,
    "lodging_type": wl.lodging_kind,
    "lodging_feature": wl.lodging_feature,
    "date": _date,
    "pace": pace,
    "arrival": woh.arrival,
    "departure": woh.departure,
    "busy": woh.busy,
    "overnight": woh.overnight,
    "day_start": wh.day_start,
    "morning": wh.morning,
    "afternoon": day_part,
    "evening": day_part,
    "access": wacc.access,
    "experience": wexp.experience,
    "budget": budget,
    "party": wparty.party,
    "days": days,
    "other": _other,
}
