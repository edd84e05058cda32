"""The report's answers about places: must-sees, places and kinds declined, interests; and the
answer builders every wish module uses (`_ok`, `_partly`, `_not`). Judged on the final plan's
items, not on what the planner meant to do. Moments (sunrise, sunset, night views) are answered
in `engine.planning.wish_experiences`; headline sights left out in
`engine.planning.headline_check`."""

from __future__ import annotations

import datetime as dt

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode
from engine.domain.request import Wish, parse_area_value
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import HoursError, part_closures_on, place_windows
from engine.knowledge.schema import Attraction, Destination
from engine.planning.headline_check import (
    declined_headlines,
    is_declined,
    is_headline,
    missing_reason,
)
from engine.planning.place_mentions import mention

#: Attraction tags in words (zh, en), for answers about kinds of sights.
TAG_WORDS: dict[str, tuple[str, str]] = {
    "museum": ("博物馆", "museums"), "temple": ("寺庙", "temples"), "hiking": ("徒步爬山", "hikes"),
    "mountain": ("山", "mountains"), "shopping": ("购物", "shopping"),
    "duty-free": ("免税店", "duty-free shops"), "food": ("美食", "food"),
    "history": ("历史古迹", "history"), "nature": ("自然风光", "nature"), "park": ("公园", "parks"),
    "kids": ("亲子", "family fun"), "night-view": ("夜景", "night views"),
    "theme-park": ("主题乐园", "theme parks"), "old-town": ("古镇老街", "old towns"),
    "religion": ("宗教场所", "religious sites"), "art": ("艺术", "art"),
    "gallery": ("美术馆", "art museums"), "on-request": ("按需安排的活动", "activities on request"),
    "architecture": ("建筑", "architecture"), "garden": ("园林", "gardens"),
    "water-town": ("水乡", "water towns"), "beach": ("海滩", "beaches"), "zoo": ("动物园", "zoos"),
    "giant-panda": ("大熊猫", "giant pandas"), "elephant": ("大象", "elephants"),
    "water": ("水景", "waterside sights"), "lake": ("湖景", "lakes"), "sea": ("海景", "the sea"),
    "culture": ("人文", "culture"), "village": ("古村", "villages"),
    "nightlife": ("夜生活", "nightlife"), "sunrise": ("日出", "sunrise views"),
    "sunset": ("日落", "sunset views"), "cable-car": ("索道", "cable cars"),
    "photography": ("拍照", "photo spots"), "modern": ("现代都市", "modern sights"),
    "landmark": ("地标", "landmarks"), "heritage": ("世界遗产", "heritage sites"),
    "hot-spring": ("温泉", "hot springs"), "snow": ("雪景", "snow"), "ski": ("滑雪", "skiing"), "flowers": ("赏花", "flowers"),
    "tea": ("茶", "tea"), "performance": ("演出", "shows"), "outdoor": ("户外", "the outdoors"),
    "indoor": ("室内", "indoor sights"), "morning": ("上午去的景点", "morning sights"), "seniors-friendly": ("适合老人", "sights easy for seniors"),
}  # fmt: skip


def tag_word(tag: str, lang: str) -> str:
    """An attraction tag in words of `lang` (every tag of `ATTRACTION_TAGS` has them)."""
    zh, en = TAG_WORDS.get(tag, ("这类景点", "such sights"))
    return pick(lang, zh, en)


def visits(plan: Itinerary) -> list[tuple[int, Item]]:
    """(day, item) of every attraction visit."""
    return [(d.index, i) for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION]


def when(day: int, item: Item, lang: str) -> str:
    """「第2天 09:30」 / "day 2 at 09:30"."""
    return pick(lang, f"第{day}天 {item.start:%H:%M}", f"day {day} at {item.start:%H:%M}")


#: The longest daily hours of a place whose hours are its shows (蜀风雅韵 20:00–21:30), minutes.
SHOW_HOURS_MAX = 4 * 60


def _show_only(place: Attraction, date: dt.date) -> bool:
    """Whether `place` is a show more than a sight on `date`: tagged ``performance`` and open
    that day only for its shows (at most `SHOW_HOURS_MAX`)."""
    if "performance" not in place.tags:
        return False
    try:
        span = sum(b - a for a, b in place_windows(place, date))
    except HoursError:
        return False
    return 0 < span <= SHOW_HOURS_MAX


def must_see(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    place = kb.attraction(w.value)
    name = place.name(lang) if place else w.value
    for day, item in visits(plan):
        if item.poi_id == w.value:
            # a show is seen, not toured (「第1天 19:30游览老舍茶馆」 said of an evening show)
            show = place is not None and _show_only(place, plan.days[day - 1].date)
            shown = pick(lang, f"{when(day, item, lang)}在{name}看演出" if show
                         else f"{when(day, item, lang)}游览{name}",
                         f"{name} on {when(day, item, lang)}")  # fmt: skip
            if place is not None and (event := _event_said(w, place)) is not None:
                return _event(w, shown, event, item, lang)
            spot = _spot_said(w, place) if place else None
            if spot is None or place is None:
                return _ok(w, shown)
            shown += pick(lang, f"（{spot}在景区内）", f" ({spot} is inside it)")
            date = plan.days[day - 1].date
            closed = [c for c in part_closures_on(place, date)
                      if spot in c.part_zh or spot.lower() in c.part_en.lower()]  # fmt: skip
            if not closed:
                return _ok(w, shown)
            c = closed[0]
            return _partly(w, shown, pick(lang, f"{c.part_zh}每年{_md(c.start)}–{_md(c.end)}"
                                          f"关闭：{c.note_zh}", f"{c.part_en} is closed "
                                          f"{c.start}–{c.end} every year: {c.note_en}"),
                           pick(lang, "换到开放的季节去", "go in the open season"))  # fmt: skip
    reason, relax = missing_reason(place, plan, lang) if place else (
        pick(lang, "；", "; ").join(filter(None, (
            pick(lang, "知识库里没有这个地方", "it is not in the knowledge base"),
            mention(w.value, plan, kb)))), "")  # fmt: skip
    return _not(w, pick(lang, f"没有安排{name}", f"{name} is not in the plan"), reason, relax)


#: Shows that happen only on announced evenings (橘子洲焰火): the knowledge base holds no schedule.
_EVENT_WORDS = ("烟花", "焰火", "灯光秀", "fireworks", "firework", "light show")


def _event_said(w: Wish, place: Attraction) -> str | None:
    """The show the wish's words name at `place` (「橘子洲烟花」 → 烟花), or None."""
    said = w.said.lower()
    names = f"{place.name_zh} {place.name_en}".lower()
    return next((e for e in _EVENT_WORDS if e in said and e not in names), None)


def _event(w: Wish, shown: str, event: str, item: Item, lang: str) -> WishCheck:
    """A must-see said with its show (「橘子洲烟花」): the place is planned, the show is not
    known to be on that evening — said so, and when the visit ends before 19:00 (local time)."""
    daytime = item.end < dt.time(19, 0)
    reason = pick(
        lang,
        f"{event}只在景区公告的日子放，知识库里没有它的日程"
        + ("，这次的游览19点前就结束了" if daytime else ""),
        f"{event} only on the evenings the site announces; no schedule is known here"
        + ("; this visit ends before 19:00" if daytime else ""),
    )
    relax = pick(
        lang,
        "出发前查景区公告，把那天晚上留给它",
        "check the site's notices before going and keep that evening for it",
    )
    return _partly(w, shown, reason, relax)


def _spot_said(w: Wish, place: Attraction) -> str | None:
    """The highlight of `place` that the wish's words name (「想看牛奶海」 → 牛奶海), or None."""
    for h in place.highlights:
        for name in (h.name_zh.split("（")[0], h.name_en.split(" (")[0]):
            if len(name) >= 2 and name.lower() in w.said.lower() and name not in place.name_zh:
                return name
    return None


def _md(month_day: str) -> str:
    month, day = month_day.split("-")
    return f"{int(month)}月{int(day)}日"


def avoid_place(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    if (area := parse_area_value(w.value)) is not None:
        return _avoid_area(w, plan, kb, *area)
    place = kb.attraction(w.value)
    name = place.name(lang) if place else w.value
    if any(item.poi_id == w.value for _, item in visits(plan)):
        return _not(w, pick(lang, f"行程里仍有{name}", f"{name} is still in the plan"),
                    pick(lang, "它也是必去的地方", "it is also a must-see"), "")  # fmt: skip
    note = ""
    if place and is_headline(place.id, kb):
        note = pick(lang, "（它是这里的代表景点，按您的意思没去）", " (a headline sight, left out "
                    "as you asked)")  # fmt: skip
    return _ok(w, pick(lang, f"没有安排{name}{note}", f"{name} is left out{note}"))


def _avoid_area(
    w: Wish, plan: Itinerary, kb: KnowledgeBase, area: str, ids: list[str]
) -> WishCheck:
    """「不去西湖」: none of the area's sights (`engine.domain.request.area_value`) planned."""
    lang = plan.lang
    kept = [i.name for _, i in visits(plan) if i.poi_id in ids]
    if kept:
        names = join_names(list(dict.fromkeys(kept)), lang)
        return _not(w, pick(lang, f"行程里仍有{area}一带的{names}", f"{names} around {area} "
                            f"are still in the plan"), "", "")  # fmt: skip
    named = [p.name(lang) for poi in ids[:4] if (p := kb.attraction(poi))]
    more = pick(lang, "等", " …") if len(ids) > 4 else ""
    listed = join_names(named, lang) + more
    return _ok(w, pick(lang, f"没有安排{area}一带的景点（{listed}）", f"nothing around {area} "
                       f"is planned ({listed})"))  # fmt: skip


def avoid_tag(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    word = tag_word(w.value, lang)
    hits = [i for _, i in visits(plan) if _tags(i, kb) and w.value in _tags(i, kb)
            and i.poi_id not in plan.request.must_see]  # fmt: skip
    if hits:
        names = join_names([i.name for i in hits], lang)
        return _not(w, pick(lang, f"仍安排了{names}", f"{names} are still planned"), "", "")
    named = [i.name for _, i in visits(plan) if w.value in _tags(i, kb)]  # must-sees of that kind
    if named:
        names = join_names(named, lang)
        return _partly(w, pick(lang, f"除了{names}，没有安排{word}类景点", f"no {word} except "
                               f"{names}"), pick(lang, f"{names}是您点名要去的", f"you named "
                               f"{names}"), pick(lang, f"不想去就说「不去{named[0]}」",
                               f"say “skip {named[0]}” to leave it out"))  # fmt: skip
    left = declined_headlines(plan, kb, lambda a: w.value in a.tags)
    note = pick(lang, f"（包括代表景点{join_names(left, lang)}）", f" (including the headline "
                f"sights {join_names(left, lang)})") if left else ""  # fmt: skip
    return _ok(w, pick(lang, f"没有安排{word}类景点{note}", f"no {word}{note}"))


def teahouse_meals(plan: Itinerary, kb: KnowledgeBase) -> str:
    """The plan's stops at a teahouse (「第1天 品芳茶社（平江路）」), joined; "" when none: a
    tea wish with no tea garden to visit is answered there (苏州's 「喝茶」 was ❌ 「没有这类景点」
    beside ✅ for 品芳茶社)."""
    lang = plan.lang
    stops = [pick(lang, f"第{d.index}天 {i.name}", f"day {d.index} {i.name}")
             for d in plan.days for i in d.items if i.kind == ItemKind.MEAL
             and (r := kb.restaurant(i.poi_id or "")) is not None
             and "tea-house" in r.cuisines]  # fmt: skip
    return join_names(stops[:2], lang)


def interest(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    word = tag_word(w.value, lang)
    hits = [(d, i) for d, i in visits(plan) if w.value in _tags(i, kb)]
    if w.value == "hiking" and hits:  # 「爬山」: a climb ridden up and down is not one
        walked = [(d, i) for d, i in hits if not _ridden(d, i, plan, kb)]
        if not walked:
            names = join_names(list(dict.fromkeys(i.name for _, i in hits)), lang)
            return _partly(w, pick(lang, f"{names}上下山都乘索道（景区交通车），只在山上步行游览",
                                   f"{names} up and down by cable car (and scenic bus), on foot "
                                   "only up top"),
                           pick(lang, "规划器还不会安排步行登山", "the planner cannot plan a "
                                "climb on foot yet"),
                           pick(lang, "那天改从登山步道走上去，比乘索道多留几个小时",
                                "walk up the foot trail that day instead, allowing hours more "
                                "than the cable car"))  # fmt: skip
        hits = walked
    if hits:
        names = join_names([i.name for _, i in hits[:4]], lang)
        return _ok(w, pick(lang, f"安排了{word}：{names}", f"{word}: {names}"))
    if w.value == "tea" and (houses := teahouse_meals(plan, kb)):  # 「喝茶」 at a teahouse
        return _ok(w, pick(lang, f"在茶馆喝茶：{houses}", f"tea at a teahouse: {houses}"))
    reason = _why_no_interest(w.value, plan, kb)
    away = [] if reason is not None else elsewhere(w.value, plan, kb)
    if reason is None:  # none known at the trip's destinations
        here = join_names([d.name(lang) for d in _trip_destinations(plan, kb)], lang)
        reason = pick(lang, f"知识库里{here}没有这类景点", f"none is known in {here}")
    if not away:
        relax = pick(lang, "多留一天，或说一个具体的地方", "add a day, or name a place")
        if w.value == "ski" and reason.endswith(OUT_OF_SEASON):  # no slope opens in summer
            relax = pick(lang, "雪季（约12月–次年3月）再去", "go in the ski season (about "
                         "December–March)")  # fmt: skip
        return _not(w, pick(lang, f"没有安排{word}", f"no {word} in the plan"), reason, relax)
    where = join_names([pick(lang, f"{a.name(lang)}在{d.name(lang)}", f"{a.name(lang)} is in "
                             f"{d.name(lang)}") for d, a in away], lang)  # fmt: skip
    return _not(w, pick(lang, f"没有安排{word}", f"no {word} in the plan"),
                pick(lang, f"{reason}；{where}", f"{reason}; {where}"),
                pick(lang, f"加一站{away[0][0].name(lang)}，或改去那里",
                     f"add a stop in {away[0][0].name(lang)}, or go there instead"))  # fmt: skip


def _ridden(day: int, item: Item, plan: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether the plan goes up and down the mountain of a visit by its cable car rather than
    on foot: a ``cable-car`` place whose visit pays the rides (`Attraction.transport_inside_cny`),
    or reached by a cable-car leg that day or the day before (a summit night: 泰山 up at
    14:29 by the 中天门 cable car, the summit walked next morning, down by it again)."""
    place = kb.attraction(item.poi_id or "")
    if place is None or "cable-car" not in place.tags:
        return False
    if place.transport_inside_cny > 0:
        return True
    near = [d for d in plan.days if d.index in (day - 1, day)]
    return any(
        i.kind == ItemKind.TRANSIT and i.mode == Mode.CABLE_CAR for d in near for i in d.items
    )


def elsewhere(
    tag: str, plan: Itinerary, kb: KnowledgeBase, limit: int = 3
) -> list[tuple[Destination, Attraction]]:
    """Where sights tagged `tag` are known away from the trip (大熊猫 asked for in 杭州 → 成都's
    panda base, 上海野生动物园 …): (destination, its best such sight), at most `limit`, the
    best-known sights first (`Attraction.popularity`, then a destination's first headline sight
    before the rest), then the nearest to the trip's first destination (great-circle distance between
    the centres)."""
    trip = _trip_destinations(plan, kb)
    if not trip:
        return []
    first = trip[0]
    found: list[tuple[int, bool, float, Destination, Attraction]] = []
    for dest in kb.destinations.values():
        if dest in trip:
            continue
        tagged = [a for a in dest.attractions if tag in a.tags]
        if not tagged:
            continue
        top = dest.headline[:1]  # what the destination is known for first
        best = min(tagged, key=lambda a: (-a.popularity, a.id not in top))
        far = haversine_m(first.lat, first.lon, dest.lat, dest.lon)
        found.append((-best.popularity, best.id not in top, far, dest, best))
    found.sort(key=lambda f: f[:3])
    return [(d, a) for *_, d, a in found[:limit]]


def _trip_destinations(plan: Itinerary, kb: KnowledgeBase) -> list[Destination]:
    return [d for d in map(kb.destinations.get, plan.request.destinations) if d is not None]


#: How a wish for skiing on dates out of the ski season ends its reason (zh, en).
OUT_OF_SEASON = ("行程的日子不在雪季", "the trip's dates are out of it")


def _why_no_interest(tag: str, plan: Itinerary, kb: KnowledgeBase) -> str | None:
    """Why no sight tagged `tag` is planned: those known are closed on every day spent there
    (周一闭馆), or they did not fit; None when none is known at the destinations."""
    lang = plan.lang
    known: list[tuple[Attraction, list[dt.date]]] = []
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        dates = [d.date for d in plan.days if d.destination == dest_id]
        for a in dest.attractions if dest else ():
            if tag in a.tags and not is_declined(a, plan.request):
                known.append((a, dates))
    if not known:
        return None
    names = join_names([a.name(lang) for a, _ in known[:3]], lang)
    if all(not any(place_windows(a, day) for day in dates) for a, dates in known):
        if tag == "ski":  # a ski area shut on every day: the trip is out of the ski season
            return pick(lang, f"{names}只在雪季开放，{OUT_OF_SEASON[0]}",
                        f"{names} open only in the ski season; {OUT_OF_SEASON[1]}")  # fmt: skip
        return pick(lang, f"{names}在行程的日子都闭馆",
                    f"{names} are closed on the days of the trip")  # fmt: skip
    are = "is" if len(known) == 1 else "are"  # "Beijing Zoo are here" read wrong
    return pick(lang, f"有{names}，但排不下", f"{names} {are} here, but none fits")


def _tags(item: Item, kb: KnowledgeBase) -> set[str]:
    place = kb.attraction(item.poi_id or "")
    return set(place.tags) if place else set()


def _ok(w: Wish, message: str) -> WishCheck:
    return WishCheck(kind=w.kind, said=w.said or w.value, value=w.value, status="honoured",
                     message=message,
                     remembered=w.remembered)  # fmt: skip


def _partly(w: Wish, message: str, reason: str, relax: str) -> WishCheck:
    text = reason + (pick_sep(reason) + relax if relax else "")
    return WishCheck(kind=w.kind, said=w.said or w.value, value=w.value, status="partly",
                     message=message,
                     reason=text or None, remembered=w.remembered)  # fmt: skip


def _not(w: Wish, message: str, reason: str, relax: str) -> WishCheck:
    text = reason + (pick_sep(reason) + relax if relax else "")
    return WishCheck(kind=w.kind, said=w.said or w.value, value=w.value, status="not",
                     message=message,
                     reason=text or None, remembered=w.remembered)  # fmt: skip


def pick_sep(text: str) -> str:
    """The separator before "what to relax": 「；」 after Chinese text, "; " otherwise."""
    if not text:
        return ""
    return "；可以" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "; you could "
