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
from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode
from engine.domain.request import TripRequest, Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning import wish_lodging as wl
from engine.planning import wish_places as wp
from engine.planning.candidates import DIETS, serves
from engine.planning.pace import profile
from engine.planning.wish_transport import no_mode_reason

MODE_WORDS = {"hsr": ("高铁", "high-speed rail"), "train": ("火车", "trains"),
              "flight": ("飞机", "flights"), "coach": ("大巴", "coaches"),
              "drive": ("自驾", "driving"), "taxi": ("打车", "taxis"), "metro": ("地铁", "the metro"),
              "bus": ("公交", "buses"), "public": ("公共交通", "public transport"),
              "walk": ("步行", "walking")}  # fmt: skip
MEAL_WORDS = {"breakfast": ("早餐", "breakfast"), "lunch": ("午餐", "lunch"),
              "dinner": ("晚餐", "dinner"), "late": ("夜宵", "a late snack")}  # fmt: skip


def evaluate(plan: Itinerary, kb: KnowledgeBase) -> tuple[WishCheck, ...]:
    """Answer every wish of `plan.request` (see the module docstring)."""
    request = plan.request
    out = []
    for wish in (*request.wishes, *implied(request, kb)):
        check = CHECKS.get(wish.kind, _other)
        out.append(check(wish, plan, kb))
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
        where = pick(lang, "上" if wish.on_site else "附近", "on " if wish.on_site else "near ")
        add(
            "lodging_area",
            near,
            pick(lang, f"住{place(near)}{where}", f"stay {where}{place(near)}"),
        )
    if wish.kind:
        add("lodging_type", wish.kind, wish.kind)
    for feature in wish.features:
        add("lodging_feature", feature, feature)
    for need in request.access:
        add("access", need, need)
    for moment in request.experiences:
        add("experience", moment, moment)
    if request.destination_days and any(request.destination_days):
        pairs = zip(request.destinations, request.destination_days, strict=False)
        value = ",".join(f"{d}:{n}" for d, n in pairs)
        add("days", value, value)
    for poi in request.must_see:
        add("must_see", poi, place(poi))
    return out


def _food_value(cuisine: str, meal: str | None) -> str:
    return f"{cuisine}@{meal}" if meal else cuisine


def transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    mode = w.value
    word = pick(lang, *MODE_WORDS.get(mode, (mode, mode)))
    legs = [(d.index, i) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY and i.overnight != "arrive"]  # fmt: skip
    if not legs:
        return wp._ok(w, pick(lang, "这次不需要城际交通", "no intercity travel needed"))
    if mode == "drive":
        return wp._not(w, pick(lang, "城际交通按公共交通安排", "intercity legs are by public "
                               "transport"), pick(lang, "自驾路线还不能规划", "self-drive routes "
                               "cannot be planned yet"), "")  # fmt: skip
    ours = [(d, i) for d, i in legs if i.mode is not None and i.mode.value == mode]
    others = sorted({_mode_word(i, lang) for _, i in legs
                     if not (i.mode is not None and i.mode.value == mode)})  # fmt: skip
    shown = "；".join(f"第{d}天 {i.name}" for d, i in ours) if lang == "zh" else "; ".join(
        f"day {d}: {i.name}" for d, i in ours)  # fmt: skip
    if len(ours) == len(legs):
        return wp._ok(w, pick(lang, f"全程坐{word}：{shown}", f"all by {word}: {shown}"))
    reason, relax = no_mode_reason(plan, kb, mode, word, lang)
    if ours:
        return wp._partly(w, pick(lang, f"部分坐{word}：{shown}", f"partly by {word}: {shown}"),
                          reason, relax)  # fmt: skip
    return wp._not(w, pick(lang, f"没有坐{word}，改坐{join_names(others, lang)}",
                           f"not by {word}, by {join_names(others, lang)} instead"), reason,
                   relax)  # fmt: skip


def _mode_word(item: Item, lang: str) -> str:
    value = item.mode.value if item.mode else "train"
    return pick(lang, *MODE_WORDS.get(value, (value, value)))


def avoid_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    word = pick(lang, *MODE_WORDS.get(w.value, (w.value, w.value)))
    used = [(d.index, i) for d in plan.days for i in d.items
            if i.mode is not None and i.mode.value == w.value]  # fmt: skip
    if used:
        d, item = used[0]
        return wp._not(w, pick(lang, f"第{d}天仍有{word}：{item.name}", f"day {d} still uses "
                               f"{word}: {item.name}"), pick(lang, "没有别的方式", "there is no "
                               "other way"), "")  # fmt: skip
    return wp._ok(w, pick(lang, f"全程没有{word}", f"no {word} anywhere"))


def local_transport(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
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


def food(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    cuisine, _, meal = w.value.partition("@")
    wanted = next((f for f in plan.request.food if f.cuisine == cuisine), None)
    meal = meal or (wanted.meal if wanted and wanted.meal else "")
    hits = []
    meals_out = []
    for d in plan.days:
        for item in d.items:
            place = kb.restaurant(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if isinstance(place, Restaurant):
                meals_out.append(item)
            if isinstance(place, Restaurant) and serves(place, cuisine):
                if not meal or item.meal == meal:
                    hits.append((d.index, item))
    meal_word = pick(lang, *MEAL_WORDS[meal]) if meal in MEAL_WORDS else ""
    if cuisine in DIETS and hits and len(hits) < len(meals_out):  # a diet: every meal
        return wp._partly(w, pick(lang, f"{len(hits)}/{len(meals_out)}顿在合适的餐厅",
                                  f"{len(hits)} of {len(meals_out)} meals fit"),
                          pick(lang, "这里合适的餐厅不够，其余几顿请点素菜/清真菜", "too few places "
                               "here fit; order accordingly at the others"), "")  # fmt: skip
    if hits:
        shown = [pick(lang, f"第{d}天 {i.start:%H:%M} {i.name}", f"day {d} {i.start:%H:%M} "
                      f"{i.name}") for d, i in hits[:3]]  # fmt: skip
        return wp._ok(w, pick(lang, "；", "; ").join(shown))
    if cuisine in plan.request.avoid.cuisines:
        reason = pick(lang, "您也说了不吃这个", "you also said you avoid it")
    elif not any(serves(r, cuisine) for dest in plan.request.destinations
                 for r in (kb.destinations[dest].restaurants if dest in kb.destinations else ())):  # fmt: skip
        reason = pick(lang, "这里没有已知的这类餐厅", "no such place is known here")
    else:
        reason = pick(lang, f"这类餐厅在{meal_word or '用餐'}时段不营业，或离行程太远",
                      f"such places are not open at {meal_word or 'mealtime'} or too far off")  # fmt: skip
        if plan.request.budget_cny is not None:
            reason += pick(lang, "，或超出预算", ", or over the budget")
    return wp._not(w, pick(lang, f"没有安排{w.said or cuisine}", f"no {w.said or cuisine}"),
                   reason, pick(lang, "换一顿饭或换个地方", "try another meal or place"))  # fmt: skip


def avoid_food(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    for d in plan.days:
        for item in d.items:
            place = kb.restaurant(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if isinstance(place, Restaurant) and w.value in place.cuisines:
                return wp._not(w, pick(lang, f"第{d.index}天{item.name}", f"day {d.index}: "
                                       f"{item.name}"), pick(lang, "没有别的餐厅", "no other "
                                       "place to eat"), "")  # fmt: skip
    return wp._ok(w, pick(lang, "所有餐厅都避开了", "every meal avoids it"))


def days(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    counts: dict[str, int] = {}
    for d in plan.days:
        counts[d.destination] = counts.get(d.destination, 0) + 1
    if ":" not in w.value:
        ok = len(plan.days) == int(w.value) if w.value.isdigit() else True
        message = pick(lang, f"共{len(plan.days)}天", f"{len(plan.days)} days")
        return wp._ok(w, message) if ok else wp._not(w, message, "", "")
    wanted = {}
    for part in w.value.split(","):
        dest, _, n = part.partition(":")
        if n.isdigit() and int(n) > 0:
            wanted[dest] = int(n)
    shown = pick(lang, "，", ", ").join(
        pick(lang, f"{_dest_name(kb, d, lang)}{counts.get(d, 0)}天", f"{counts.get(d, 0)} days in "
             f"{_dest_name(kb, d, lang)}") for d in wanted)  # fmt: skip
    if all(counts.get(d, 0) == n for d, n in wanted.items()):
        return wp._ok(w, shown)
    return wp._not(w, shown, pick(lang, "天数不够分", "the days do not add up"),
                   pick(lang, "增加总天数", "add days"))  # fmt: skip


def _dest_name(kb: KnowledgeBase, dest: str, lang: str) -> str:
    d = kb.destinations.get(dest)
    return d.name(lang) if d else dest


def budget(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    total = plan.total_cost_cny
    limit = plan.request.budget_cny
    if limit is None or total <= limit:
        return wp._ok(w, pick(lang, f"预计约{total:.0f}元", f"about {total:.0f} CNY"))
    parts: dict[str, float] = {}
    for d in plan.days:
        for i in d.items:
            parts[i.kind.value] = parts.get(i.kind.value, 0) + i.cost_cny
    words = {"intercity": ("往返交通", "intercity"), "lodging": ("住宿", "lodging"),
             "meal": ("餐饮", "meals"), "attraction": ("门票", "tickets"),
             "transit": ("市内交通", "local rides")}  # fmt: skip
    shown = pick(lang, "，", ", ").join(f"{pick(lang, *words[k])}{v:.0f}" for k, v in
                                        sorted(parts.items(), key=lambda kv: -kv[1]) if k in words and v)  # fmt: skip
    return wp._not(w, pick(lang, f"预计约{total:.0f}元，超出预算{limit}元", f"about {total:.0f} "
                           f"CNY, over the {limit} CNY budget"), pick(lang, f"其中{shown}",
                           f"of which {shown}"), pick(lang, f"把预算提高到约{total:.0f}元，或少玩"
                           "一天", f"raise the budget to about {total:.0f} CNY, or a day less"))  # fmt: skip


def _plain(
    message_zh: str, message_en: str
) -> Callable[[Wish, Itinerary, KnowledgeBase], WishCheck]:
    def check(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
        return wp._ok(w, pick(plan.lang, message_zh, message_en).format(value=w.value,
                                                                       said=w.said or w.value))  # fmt: skip

    return check


def pace(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Each day's sights against the pace's limits (`engine.planning.pace`); a day given to one
    long place (a mountain, lunch inside) goes past the hours and is said."""
    lang = plan.lang
    over = []
    for day in plan.days:
        limits = profile(plan.request.day_pace.get(day.index, plan.request.pace))
        sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
        minutes = sum(i.minutes for i in sights)
        if len(sights) > limits.max_attractions or minutes > limits.max_visit_minutes:
            over.append((day.index, sights, minutes))
    counts = [sum(1 for i in d.items if i.kind == ItemKind.ATTRACTION) for d in plan.days]
    shown = pick(lang, f"每天{min(counts, default=0)}–{max(counts, default=0)}个景点",
                 f"{min(counts, default=0)}–{max(counts, default=0)} sights a day")  # fmt: skip
    if not over:
        return wp._ok(w, shown)
    d, sights, minutes = over[0]
    longest = max(sights, key=lambda i: i.minutes).name
    return wp._partly(w, shown, pick(lang, f"第{d}天{longest}要{minutes / 60:.0f}小时左右，比这个"
                                     "节奏长", f"day {d}: {longest} takes about {minutes / 60:.0f} "
                                     "h, longer than this pace"), pick(lang, "多留一天分开玩",
                                     "add a day to split it"))  # fmt: skip


def _date(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    first = plan.days[0].date if plan.days else None
    shown = first.isoformat() if first else "?"
    if first is not None and w.value and w.value != shown:
        return wp._not(w, pick(lang, f"从{shown}出发", f"starting {shown}"), "", "")
    return wp._ok(w, pick(lang, f"{shown}出发", f"starting {shown}"))


def _other(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
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
    "local_transport": local_transport,
    "food": food,
    "avoid_food": avoid_food,
    "lodging_area": wl.lodging_area,
    "lodging_type": wl.lodging_kind,
    "lodging_feature": wl.lodging_feature,
    "date": _date,
    "pace": pace,
    "access": wp.access,
    "experience": wp.experience,
    "budget": budget,
    "party": _plain("按{said}安排", "planned for {said}"),
    "days": days,
    "other": _other,
}
