"""Why a wished intercity mode (「坐高铁」) was not taken on some leg, and what would help.

Judged leg by leg on the trip's own pairs of places (departure → first destination → … →
departure), with the same intercity options the planner had (`engine.planning.intercity`):
where the mode does not run at all (no such link in the knowledge base, no station in reach,
two high-speed networks apart) more days would not help, so nothing is offered to relax;
where it runs but did not fit, the hours it takes are said and more days would help.
"""

from __future__ import annotations

from itertools import pairwise

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Destination
from engine.planning import driving, intercity
from engine.planning import wish_places as wp

MODE_WORDS = {"hsr": ("高铁", "high-speed rail"), "train": ("火车", "trains"),
              "flight": ("飞机", "flights"), "coach": ("大巴", "coaches"),
              "drive": ("自驾", "driving"), "taxi": ("打车", "taxis"), "metro": ("地铁", "the metro"),
              "bus": ("公交", "buses"), "public": ("公共交通", "public transport"),
              "walk": ("步行", "walking")}  # fmt: skip


def no_mode_reason(
    plan: Itinerary, kb: KnowledgeBase, mode: str, word: str, lang: str
) -> tuple[str, str]:
    """(reason, what to relax) for a wished intercity `mode` (``hsr``, ``train``, ``flight``,
    ``coach``; `word`: its name in `lang`) not taken on every leg; the relax is "" when the
    mode does not run where it was missed."""
    request = plan.request
    if mode in request.avoid.transport:
        return pick(lang, f"您也说了不坐{word}", f"you also said no {word}"), ""
    places: list[Destination] = [kb.destinations[d] for d in request.destinations
                                 if d in kb.destinations]  # fmt: skip
    home = kb.destinations.get(request.departure or "")
    if home is not None:
        places = [home, *places, home]
    missing: list[str] = []
    near: list[str] = []
    slowest = 0
    for a, b in pairwise(places):
        if a.id == b.id:
            continue
        if mode == "flight" and _one_airport(kb, a, b):
            near.append(pick(lang, f"{a.name_zh}—{b.name_zh}", f"{a.name_en}–{b.name_en}"))
            continue
        found = [o for o in intercity.options(kb, a, b, prefer=(mode,))
                 if intercity.satisfies(mode, o.mode)]  # fmt: skip
        pair = pick(lang, f"{a.name_zh}—{b.name_zh}", f"{a.name_en}–{b.name_en}")
        back = pick(lang, f"{b.name_zh}—{a.name_zh}", f"{b.name_en}–{a.name_en}")
        if not found:
            if back not in missing:
                missing.append(pair)
        else:
            slowest = max(slowest, min(o.minutes for o in found))
    if near and not missing:
        names = join_names(near, lang)
        return (pick(lang, f"{names}离得太近，飞不了（同一个最近的机场）",
                     f"{names} are too close to fly between (one nearest airport)"), "")  # fmt: skip
    if missing and mode == "coach":  # buses run nearly everywhere; only some are in the data
        names = join_names(missing, lang)
        return (
            pick(lang, f"资料里没有{names}之间的长途大巴班次（大巴只收了少数线路）",
                 f"the data has no coach timetable between {names} (only a few coach routes "
                 "are known)"),
            "",
        )  # fmt: skip
    if missing:
        names = join_names(missing, lang)
        return (
            pick(lang, f"{names}之间查不到可坐的{word}（不通，或远得不合适）",
                 f"no {word} is known between {names} (none runs, or too far for it)"),
            "",
        )  # fmt: skip
    earlier = request.prefer_transport[: request.prefer_transport.index(mode)] if (
        mode in request.prefer_transport) else ()  # fmt: skip
    if earlier:  # "by train" said first, "fly" later: the train came first where it runs
        first = join_names([pick(lang, *MODE_WORDS.get(m, (m, m))) for m in earlier], lang)
        return (
            pick(lang, f"你先说了坐{first}，能坐的路段先按{first}安排",
                 f"you asked for {first} first, and the legs it runs on take it"),
            pick(lang, f"只说「坐{word}」", f"say “only {word}”"),
        )  # fmt: skip
    if slowest and 2 * slowest > request.days * _DAY_SHARE_MIN:
        hours = slowest / 60
        return (
            pick(lang, f"{word}单程约{hours:.0f}小时，{request.days}天的行程排不下",
                 f"{word} takes about {hours:.0f} h each way and does not fit "
                 f"{request.days} days"),
            pick(lang, "多留几天", "add days"),
        )  # fmt: skip
    if slowest:  # it runs and would fit: another way was simply better there
        hours = slowest / 60
        return (
            pick(lang, f"{word}约{hours:.0f}小时也能到，但这段另一种方式更合适",
                 f"{word} would take about {hours:.0f} h, but another way suited that leg better"),
            pick(lang, f"只说「坐{word}」", f"say “only {word}”"),
        )  # fmt: skip
    return pick(lang, f"知识库里没有两地之间的{word}线路", f"no {word} link between the two "
                "places is known"), ""  # fmt: skip


#: The travel a day of the trip can give to the ways out and home before a mode "does not
#: fit" the days (minutes; a planning convention: a 2-day trip holds about 6 h each way).
_DAY_SHARE_MIN = 6 * 60


def _one_airport(kb: KnowledgeBase, a: Destination, b: Destination) -> bool:
    """Whether the nearest airports of `a` and `b` are one, or too close to fly between
    (`intercity.too_near_to_fly`)."""
    _rail, a_air = intercity.hubs_of(a, kb)
    _rail, b_air = intercity.hubs_of(b, kb)
    return a_air is not None and b_air is not None and intercity.too_near_to_fly(a_air, b_air)


def max_rail(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """「火车不超过5小时」 (`TripRequest.max_rail_minutes`; `w.value`: minutes): honoured when
    no train ride in the plan is longer; else the first longer one is named, with the reason
    (no flight or coach links those places, so it stayed)."""
    lang = plan.lang
    limit = int(w.value)
    hours = _hours(limit, lang)
    rides = [(d.index, i, _ride_minutes(i)) for d in plan.days for i in d.items
             if i.mode in (Mode.HSR, Mode.TRAIN) and i.start is not None and i.end is not None]  # fmt: skip
    long = [(d, i, m) for d, i, m in rides if m > limit]
    if not long:
        if not rides:
            return wp._ok(w, pick(lang, "没有坐火车", "no train rides"))
        top = max(m for _, _, m in rides)
        return wp._ok(w, pick(lang, f"火车都不超过{hours}（最长约{_hours(top, lang)}）",
                              f"no train over {hours} (longest about {_hours(top, lang)})"))  # fmt: skip
    d, item, minutes = long[0]
    return wp._not(
        w,
        pick(lang, f"第{d}天{item.name}坐火车约{_hours(minutes, lang)}",
             f"day {d}: {item.name} by train, about {_hours(minutes, lang)}"),
        pick(lang, "这段没有航班或大巴可以替代", "no flight or coach links these places"),
        pick(lang, "放宽时长，或在中途加一站过夜", "allow a longer ride, or add a stop on the way"),
    )  # fmt: skip


def _ride_minutes(item: Item) -> int:
    assert item.start is not None and item.end is not None
    minutes = clock_minutes(item.end) - clock_minutes(item.start)
    return minutes if minutes >= 0 else minutes + 24 * 60


def _hours(minutes: int, lang: str) -> str:
    h, m = divmod(minutes, 60)
    if lang == "zh":
        return (f"{h}小时" if h else "") + (f"{m}分钟" if m else "")
    return " ".join(p for p in (f"{h} h" if h else "", f"{m} min" if m else "") if p)


def home_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The way home by the mode asked for it (「飞回来」, "fly home"), or which mode it is and why
    not (a refusal said for the whole trip does not hold for the way home)."""
    lang = plan.lang
    word = pick(lang, *MODE_WORDS.get(w.value, (w.value, w.value)))
    leg = plan.home_leg()
    if leg is None:
        if plan.request.departure is not None or not plan.days:
            return wp._ok(w, pick(lang, "这次没有回程", "no way home in this plan"))
        # "… fly home from Pudong" with no home city said: the trip ends where it ends, and
        # the flight is the traveller's own — said, not ticked off as done
        last = kb.destinations.get(plan.request.destinations[-1])
        city = last.name(lang) if last is not None else ""
        n = len(plan.days)
        return wp._partly(
            w,
            pick(lang, f"没有安排回程{word}：行程第{n}天在{city}结束",
                 f"no {word} home in the plan: it ends on day {n} in {city}"),
            pick(lang, "没说从哪里出发、回哪里", "no home city was said"),
            pick(lang, f"从{city}回程的{word}请自己订，或说出发城市",
                 f"book the {word} home from {city} yourself, or say where home is"),
        )  # fmt: skip
    day = next(d.index for d in plan.days if leg in d.items)
    where = pick(lang, f"第{day}天 {leg.name}", f"day {day}: {leg.name}")
    mode = leg.mode.value if leg.mode else None
    if intercity.satisfies(w.value, mode):
        return wp._ok(w, pick(lang, f"回程坐{word}：{where}", f"home by {word}: {where}"))
    request = plan.request
    avoid = request.avoid.model_copy(
        update={"transport": tuple(m for m in request.avoid.transport if m != w.value)}
    )
    free = plan.model_copy(update={"request": request.model_copy(update={"avoid": avoid})})
    reason, relax = no_mode_reason(free, kb, w.value, word, lang)
    used = pick(lang, *MODE_WORDS.get(mode or "train", ("火车", "trains")))
    return wp._not(w, pick(lang, f"回程没有坐{word}，改坐{used}：{where}",
                           f"not home by {word}, by {used}: {where}"), reason, relax)  # fmt: skip


#: Words of a chartered car (包车) in a wish's words: read as ``taxi`` (a car door to door), and
#: answered leg by leg on the road, intercity coaches included (`charter`).
CHARTER_WORDS = ("包车", "charter", "driver")
#: Legs a chartered car answers: car rides (a taxi hop is the driver's too) and the ways on
#: that need no road (a cable car, a ferry to a car-free island).
_BY_CAR = {Mode.TAXI, Mode.CHARTER, Mode.CABLE_CAR, Mode.FERRY}


def is_charter_wish(w: Wish) -> bool:
    """Whether a ``local_transport`` wish was said as a chartered car (「包车」, "charter")."""
    return w.value == "taxi" and any(c in w.said.lower() for c in CHARTER_WORDS)


def charter(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """「包车」: honoured when every road leg (walks aside) is by car — local rides, and no
    intercity coach or local bus; else partly, with the first leg on a coach or bus and how long it takes —
    the planner costs intercity road legs by their public coach (no chartered intercity car
    is planned), so the person can book that stretch with their driver."""
    lang = plan.lang
    road = [(d.index, i) for d in plan.days for i in d.items
            if i.mode is not None
            and i.mode not in (Mode.HSR, Mode.TRAIN, Mode.FLIGHT, Mode.WALK)]  # fmt: skip
    if not road:
        return wp._ok(w, pick(lang, "行程里没有公路段", "no road legs in the plan"))
    counts: dict[str, int] = {}
    for _, i in road:
        key = pick(lang, *_CAR_WORDS.get(i.mode.value if i.mode else "", ("", "")))
        counts[key] = counts.get(key, 0) + 1
    summary = pick(lang, "、", ", ").join(f"{k}{n}段" if lang == "zh" else f"{k} ×{n}"
                                          for k, n in counts.items() if k)  # fmt: skip
    off = [(d, i) for d, i in road if i.mode not in _BY_CAR]
    if not off:
        return wp._ok(
            w, pick(lang, f"公路段都坐车：{summary}", f"every road leg by car: {summary}")
        )
    day, item = off[0]
    hours = pick(lang, f"约{item.minutes // 60}小时{item.minutes % 60}分",
                 f"about {item.minutes // 60} h {item.minutes % 60:02d}")  # fmt: skip
    others = (
        pick(lang, f"（另有{len(off) - 1}段）", f" ({len(off) - 1} more)") if len(off) > 1 else ""
    )
    return wp._partly(
        w,
        pick(lang, f"大部分公路段坐车：{summary}", f"most road legs by car: {summary}"),
        pick(lang, f"第{day}天{item.name}按{_mode_word(item, lang)}安排，{hours}{others}：城际公路段"
                   "的包车还不能规划", f"day {day}: {item.name} is planned by "
                   f"{_mode_word(item, lang)}, {hours}{others}: a chartered car between towns "
                   "cannot be planned yet"),
        pick(lang, "和包车师傅商量把这一段也包下来（费用另计）",
             "ask your driver to take this stretch too (at extra cost)"),
    )  # fmt: skip


_CAR_WORDS = {"walk": ("步行", "walks"), "taxi": ("打车", "taxi rides"),
              "charter": ("包车", "chartered car"), "bus": ("公交", "buses"),
              "coach": ("大巴", "coaches"), "drive": ("自驾", "driving"),
              "cable_car": ("索道", "cable cars"), "ferry": ("轮渡", "ferries"),
              "metro": ("地铁", "metro")}  # fmt: skip


def _mode_word(item: Item, lang: str) -> str:
    return pick(lang, *_CAR_WORDS.get(item.mode.value if item.mode else "", ("车", "road")))


def drive(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """「自驾」 for the trip's intercity legs (`engine.planning.driving`): honoured when every one
    is driven, with each drive's length; else the first leg that is not, what it is instead and
    why — no road to an island, Tibet in winter (`driving.undrivable`), a drive longer than two
    days, or one too long for the days (then more days would help)."""
    from engine.planning.planner import trip_origin  # (the planner imports the wishes)

    lang = plan.lang
    home = plan.home_leg() if plan.request.home_transport else None
    legs = [(d.index, i) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY and i.overnight != "arrive" and i is not home]  # fmt: skip
    if not legs:
        return wp._ok(w, pick(lang, "这次不需要城际交通", "no intercity travel needed"))
    shown = [pick(lang, f"第{d}天 {i.name}（{_drive_time(i, lang)}）",
                  f"day {d}: {i.name} ({_drive_time(i, lang)})")
             for d, i in legs if i.mode == Mode.DRIVE]  # fmt: skip
    listed = pick(lang, "；", "; ").join(shown)
    if len(shown) == len(legs):
        return wp._ok(w, pick(lang, f"全程自驾：{listed}", f"all driven: {listed}"))
    day, item = next((d, i) for d, i in legs if i.mode != Mode.DRIVE)
    used = pick(lang, *MODE_WORDS.get(item.mode.value if item.mode else "train", ("车", "road")))
    request = plan.request
    first = request.prefer_transport[: request.prefer_transport.index("drive")] if (
        "drive" in request.prefer_transport) else ()  # fmt: skip
    if not shown and any(intercity.satisfies(m, i.mode.value if i.mode else None)
                         for m in first for _, i in legs):  # fmt: skip
        # 「飞到丽江租车自驾」: the mode said first gets there, the car is for once there
        return wp._ok(w, pick(lang, f"城际坐{used}，到了再自驾", f"by {used} between places, "
                              "driving once there"))  # fmt: skip
    instead = pick(lang, f"第{day}天 {item.name}改坐{used}", f"day {day}: {item.name} by {used}")
    origin = trip_origin(kb, request)
    places: list[Destination | intercity.Point] = [
        kb.destinations[d] for d in request.destinations if d in kb.destinations
    ]
    if origin is not None:
        places = [origin, *places, origin]
    reason, relax = pick(lang, "自驾排不进这几天", "a drive does not fit these days"), ""
    for a, b in pairwise(places):
        why = driving.undrivable(a, b, request.resolved_start_date())
        if why is not None:
            reason = pick(lang, *why)
            break
        option = driving.drive(driving.centre(a), driving.centre(b))
        if option is None:
            km = driving.road_km(driving.centre(a), driving.centre(b))
            reason = pick(lang, f"{a.name_zh}—{b.name_zh}约{km:.0f}公里，开车要两天以上，不安排自驾",
                          f"{a.name_en}–{b.name_en} is about {km:.0f} km, more than two days "
                          "at the wheel; no drive is planned")  # fmt: skip
            break
        if option.minutes >= driving.DAY:
            relax = pick(lang, "多留几天（途中要住一晚）", "add days (a night on the way)")
        else:
            relax = pick(lang, "多留几天", "add days")
    if request.local_transport == "drive":
        relax = pick(lang, "；", "; ").join(
            x for x in (relax, pick(lang, "到了租车自驾", "rent a car on arrival")) if x
        )
    if shown:
        return wp._partly(w, pick(lang, f"部分自驾：{listed}；{instead}",
                                  f"partly driven: {listed}; {instead}"), reason, relax)  # fmt: skip
    return wp._not(w, pick(lang, f"没有自驾：{instead}", f"not driven: {instead}"), reason, relax)


def _drive_time(item: Item, lang: str) -> str:
    """How long a driven leg takes, in words (two days for one with a night on the way)."""
    if item.overnight == "depart":
        return pick(lang, "分两天开，途中住一晚", "over two days, a night on the way")
    return pick(lang, f"约{_hours(item.minutes, lang)}", f"about {_hours(item.minutes, lang)}")


def between_legs(plan: Itinerary) -> list[tuple[int, Item]]:
    """(day, item) of the intercity legs between the trip's destinations: every boarding but
    the leg out and the leg home (`Itinerary.home_leg`) of a trip with a departure."""
    legs = [(d.index, i) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY and i.overnight != "arrive"]  # fmt: skip
    if plan.request.departure is not None:
        home = plan.home_leg()
        legs = [(d, i) for d, i in legs[1:] if i is not home]
    return legs


def between_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """「城市之间坐火车」, "train between the cities" (`TripRequest.between_transport`): every
    leg between two destinations by that mode, or the first that is not and why (no such link
    between those two places)."""
    lang = plan.lang
    word = pick(lang, *MODE_WORDS.get(w.value, (w.value, w.value)))
    legs = between_legs(plan)
    if not legs:
        return wp._ok(w, pick(lang, "这次没有城市之间的路程", "no legs between the cities"))
    shown = pick(lang, "；", "; ").join(
        pick(lang, f"第{d}天 {i.name}", f"day {d}: {i.name}") for d, i in legs
    )
    off = [
        (d, i)
        for d, i in legs
        if not intercity.satisfies(w.value, i.mode.value if i.mode else None)
    ]
    if not off:
        return wp._ok(w, pick(lang, f"城市之间都坐{word}：{shown}",
                              f"by {word} between the cities: {shown}"))  # fmt: skip
    day, item = off[0]
    used = pick(
        lang, *MODE_WORDS.get(item.mode.value if item.mode else "train", ("火车", "trains"))
    )
    if w.value in plan.request.avoid.transport:
        why = pick(lang, f"您也说了不坐{word}", f"you also said no {word}")
    else:
        why = pick(
            lang, f"这两地之间查不到可坐的{word}", f"no {word} is known between these places"
        )
    return wp._not(w, pick(lang, f"第{day}天{item.name}坐{used}", f"day {day}: {item.name} by {used}"),
                   why, "")  # fmt: skip
