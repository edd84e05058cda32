"""The report's answers about places: must-sees, places and kinds declined, interests, access
needs, moments, and the headline sights a plan leaves out (with the reason and what would make
room). Judged on the final plan's items, not on what the planner meant to do."""

from __future__ import annotations

import datetime as dt

from engine.domain.feasibility import Check, WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest, Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import open_windows, part_closures_on, place_windows
from engine.knowledge.prices import adult_price
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.planning.candidates import access_excludes, watches_sunset
from engine.planning.frames import clock_time
from engine.planning.full_days import WHOLE_DAY_MINUTES
from engine.planning.summit_afternoon import sunset_out_of_reach

#: Attraction tags in words (zh, en), for answers about kinds of sights.
TAG_WORDS: dict[str, tuple[str, str]] = {
    "museum": ("博物馆", "museums"), "temple": ("寺庙", "temples"), "hiking": ("徒步爬山", "hikes"),
    "mountain": ("山", "mountains"), "shopping": ("购物", "shopping"),
    "duty-free": ("免税店", "duty-free shops"), "food": ("美食", "food"),
    "history": ("历史古迹", "history"), "nature": ("自然风光", "nature"), "park": ("公园", "parks"),
    "kids": ("亲子", "family fun"), "night-view": ("夜景", "night views"),
    "theme-park": ("主题乐园", "theme parks"), "old-town": ("古镇老街", "old towns"),
    "religion": ("宗教场所", "religious sites"), "art": ("艺术", "art"),
    "architecture": ("建筑", "architecture"), "garden": ("园林", "gardens"),
    "water-town": ("水乡", "water towns"), "beach": ("海滩", "beaches"), "zoo": ("动物园", "zoos"),
    "water": ("水景", "waterside sights"), "lake": ("湖景", "lakes"), "sea": ("海景", "the sea"),
    "culture": ("人文", "culture"), "village": ("古村", "villages"),
    "nightlife": ("夜生活", "nightlife"), "sunrise": ("日出", "sunrise views"),
    "sunset": ("日落", "sunset views"), "cable-car": ("索道", "cable cars"),
    "photography": ("拍照", "photo spots"), "modern": ("现代都市", "modern sights"),
    "landmark": ("地标", "landmarks"), "heritage": ("世界遗产", "heritage sites"),
    "hot-spring": ("温泉", "hot springs"), "snow": ("雪景", "snow"), "flowers": ("赏花", "flowers"),
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


def must_see(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    place = kb.attraction(w.value)
    name = place.name(lang) if place else w.value
    for day, item in visits(plan):
        if item.poi_id == w.value:
            shown = pick(lang, f"{when(day, item, lang)}游览{name}",
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
        pick(lang, "知识库里没有这个地方", "it is not in the knowledge base"), "")  # fmt: skip
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


def missing_reason(place: Attraction, plan: Itinerary, lang: str) -> tuple[str, str]:
    """Why `place` is not in `plan`, and what would make room."""
    dates = [d.date for d in plan.days]
    if all(not open_windows(place.hours, day) for day in dates):
        return (
            pick(lang, f"{place.name_zh}在行程日期都不开放", f"{place.name_en} is closed on every "
                 "day of the trip"),
            pick(lang, "换个日期", "choose other dates"),
        )  # fmt: skip
    price = adult_price(place, dates[0]) if dates else place.ticket_cny
    budget = plan.request.budget_cny
    if budget is not None and price > BUDGET_TICKET and plan.total_cost_cny > 0.8 * budget:
        people = plan.request.party.size
        return (
            pick(lang, f"预算较紧，没有安排{place.name_zh}（门票约{price:.0f}元/人）",
                 f"the budget is tight: {place.name_en} left out (ticket about {price:.0f} CNY)"),
            pick(lang, f"预算多留约{price * people:.0f}元", f"about {price * people:.0f} CNY more "
                 "in the budget"),
        )  # fmt: skip
    hours = place.visit_minutes / 60
    given = join_names([pick(lang, f"第{k}天整天给了{name}", f"day {k} is given to {name}")
                        for k, name in _named_whole_days(plan)], lang)  # fmt: skip
    return (
        pick(lang, f"{place.name_zh}需约{hours:.1f}小时，行程排不下" + (f"（{given}）" if given else ""),
             f"{place.name_en} takes about {hours:.1f} h and does not fit"
             + (f" ({given})" if given else "")),
        pick(lang, "多留一天，或少去几个别的地方", "add a day, or drop another place"),
    )  # fmt: skip


def _named_whole_days(plan: Itinerary) -> list[tuple[int, str]]:
    """(day, name) of each day given to a place the person named that takes the whole day
    (`full_days.WHOLE_DAY_MINUTES`: 上海迪士尼 08:30–19:30) — why fewer headline sights fit."""
    return [(d.index, i.name) for d in plan.days for i in d.items
            if i.kind == ItemKind.ATTRACTION and i.poi_id in plan.request.must_see
            and clock_minutes(i.end) - clock_minutes(i.start) >= WHOLE_DAY_MINUTES]  # fmt: skip


def avoid_place(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    place = kb.attraction(w.value)
    name = place.name(lang) if place else w.value
    if any(item.poi_id == w.value for _, item in visits(plan)):
        return _not(w, pick(lang, f"行程里仍有{name}", f"{name} is still in the plan"),
                    pick(lang, "它也是必去的地方", "it is also a must-see"), "")  # fmt: skip
    note = ""
    if place and _is_headline(place.id, kb):
        note = pick(lang, "（它是这里的代表景点，按您的意思没去）", " (a headline sight, left out "
                    "as you asked)")  # fmt: skip
    return _ok(w, pick(lang, f"没有安排{name}{note}", f"{name} is left out{note}"))


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
    left = _declined_headlines(plan, kb, lambda a: w.value in a.tags)
    note = pick(lang, f"（包括代表景点{join_names(left, lang)}）", f" (including the headline "
                f"sights {join_names(left, lang)})") if left else ""  # fmt: skip
    return _ok(w, pick(lang, f"没有安排{word}类景点{note}", f"no {word}{note}"))


def interest(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    word = tag_word(w.value, lang)
    hits = [(d, i) for d, i in visits(plan) if w.value in _tags(i, kb)]
    if hits:
        names = join_names([i.name for _, i in hits[:4]], lang)
        return _ok(w, pick(lang, f"安排了{word}：{names}", f"{word}: {names}"))
    return _not(w, pick(lang, f"没有安排{word}", f"no {word} in the plan"),
                _why_no_interest(w.value, plan, kb),
                pick(lang, "多留一天，或说一个具体的地方", "add a day, or name a place"))  # fmt: skip


def _why_no_interest(tag: str, plan: Itinerary, kb: KnowledgeBase) -> str:
    """Why no sight tagged `tag` is planned: none known at the destinations, those known are
    closed on every day spent there (周一闭馆), or they did not fit."""
    lang = plan.lang
    known: list[tuple[Attraction, list[dt.date]]] = []
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        dates = [d.date for d in plan.days if d.destination == dest_id]
        for a in dest.attractions if dest else ():
            if tag in a.tags and not _declined(a, plan.request):
                known.append((a, dates))
    if not known:
        return pick(lang, "知识库里这里没有这类景点", "none is known here")
    names = join_names([a.name(lang) for a, _ in known[:3]], lang)
    if all(not any(place_windows(a, day) for day in dates) for a, dates in known):
        return pick(lang, f"{names}在行程的日子都闭馆",
                    f"{names} are closed on the days of the trip")  # fmt: skip
    return pick(lang, f"有{names}，但排不下", f"{names} are here, but none fits")


def experience(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    if w.value in ("sunrise", "flag-raising"):
        words = ("日出", "Sunrise") if w.value == "sunrise" else ("升旗", "Flag-raising")
        found = [
            (d, item)
            for d in plan.days
            for item in d.items
            if (
                (item.kind == ItemKind.FREE and any(wd in item.name for wd in words))
                or (item.kind == ItemKind.ATTRACTION and _sunrise_spot(item, kb))
            )
            and _at_dawn(item, d.date)
        ]
        found.sort(key=lambda pair: pair[1].kind != ItemKind.FREE)  # the dawn moment first
        for d, item in found[:1]:
            stay = next((i.name for i in plan.days[d.index - 2].items
                         if i.kind == ItemKind.LODGING), "") if d.index > 1 else ""  # fmt: skip
            where = pick(lang, f"（前一晚住{stay}）", f" (the night before at {stay})")
            return _ok(w, pick(lang, f"第{d.index}天 {item.start:%H:%M} {item.name}",
                               f"day {d.index} {item.start:%H:%M}: {item.name}")
                       + (where if stay else ""))  # fmt: skip
        what = pick(lang, "看升旗" if w.value == "flag-raising" else "看日出",
                    "flag-raising" if w.value == "flag-raising" else "sunrise")  # fmt: skip
        if w.value == "flag-raising":  # at sunrise only: a visit at another hour is not it
            return _not(w, pick(lang, f"没有安排{what}", f"no {what} in the plan"),
                        pick(lang, "升旗在日出时举行，要前一晚住在附近，行程里没有这样的早晨",
                             "it is held at sunrise and needs the night before nearby; no "
                             "morning of the plan has that"),
                        pick(lang, "多留一晚，前一晚住在升旗的地方附近",
                             "add a night, the night before near where it is held"))  # fmt: skip
        return _not(w, pick(lang, f"没有安排{what}", f"no {what} in the plan"),
                    pick(lang, "看日出要在当地住一晚且有已知的日出观景点",
                         "a sunrise needs a night there and a known sunrise spot"),
                    pick(lang, "多留一晚，或换一个有日出观景点的目的地",
                         "add a night, or choose a place with a sunrise spot"))  # fmt: skip
    tags = {"sunset": {"sunset"}, "night-view": {"night-view", "nightlife"}, "snow": {"snow"},
            "clouds": {"mountain"}, "stars": {"stars"},
            "moon": {"night-view", "lake", "water"}}.get(w.value, {w.value})  # fmt: skip
    if w.value == "sunset":  # a sunset moment (看日落 · 排云亭 from a summit hotel) at its hour
        for d in plan.days:
            for item in d.items:
                if (item.kind == ItemKind.FREE and ("日落" in item.name or "Sunset" in item.name)
                        and _at_its_hour("sunset", item, d.date)):  # fmt: skip
                    return _ok(w, pick(lang, f"第{d.index}天 {item.start:%H:%M} {item.name}",
                                       f"day {d.index} {item.start:%H:%M}: {item.name}"))  # fmt: skip
        if far := _sunset_too_far(w, plan, kb):
            return far
    early = []
    for day, item in visits(plan):
        date = plan.days[day - 1].date
        spot = bool(tags & _tags(item, kb)) or (
            w.value == "sunset" and _sunset_view(item, plan.days[day - 1].destination, kb)
        )
        if spot and _at_its_hour(w.value, item, date):
            message = pick(lang, f"{when(day, item, lang)}{item.name}", f"{item.name}, "
                           f"{when(day, item, lang)}")  # fmt: skip
            if w.value == "sunset" and item.lat is not None and item.lon is not None:
                down = clock_time(sun_times(item.lat, item.lon, date)[1])
                message += pick(lang, f"（日落约{down:%H:%M}）", f" (sunset about {down:%H:%M})")
            if w.value in ("clouds", "snow"):
                return _partly(w, message, pick(lang, "要看天气，无法保证", "it depends on the "
                                                "weather"), "")  # fmt: skip
            return _ok(w, message)
        if spot:
            early.append((day, item))
    if early and w.value in ("sunset", "night-view", "moon"):  # the place, not at its hour
        day, item = early[0]
        late = _after_sunset(item, plan.days[day - 1].date) if w.value == "sunset" else None
        if late is not None:
            return _partly(w, pick(lang, f"{when(day, item, lang)}去{item.name}，太阳已经落了",
                                   f"{item.name} on {when(day, item, lang)}, after sunset"),
                           pick(lang, f"那天日落约{late:%H:%M}", f"the sun sets about {late:%H:%M}"),
                           pick(lang, f"把{item.name}挪到日落前", f"move {item.name} before "
                                "sunset"))  # fmt: skip
        return _partly(w, pick(lang, f"{when(day, item, lang)}去{item.name}，不在那个时段",
                               f"{item.name} on {when(day, item, lang)}, not at that hour"),
                       pick(lang, "行程把它排在了白天", "the plan has it by day"),
                       pick(lang, f"把{item.name}挪到晚上，或多留一天",
                            f"move {item.name} to the evening, or add a day"))  # fmt: skip
    return _not(w, pick(lang, "行程里没有合适的时段和地点", "no place and hour for it in the plan"),
                pick(lang, "这里没有已知的观赏点，或排不下", "no known spot here, or none fits"),
                pick(lang, "多留一天", "add a day"))  # fmt: skip


def _sunset_too_far(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck | None:
    """A summit night whose sunset point is too far a walk for the person's access needs
    (`summit_afternoon.sunset_out_of_reach`: 黄山's 排云亭, 2 km of mountain path), said so."""
    lang = plan.lang
    for d in plan.days:
        dest = kb.destinations.get(d.destination)
        top = next((lo for lo in dest.lodging if lo.id == d.lodging_id), None) if dest else None
        far = sunset_out_of_reach(dest, top, plan.request) if dest and top else None
        if far:
            spot, metres = far
            name = pick(lang, spot.name_zh, spot.name_en)
            return _not(w, pick(lang, f"第{d.index}天住山顶，但没有安排去{name}看日落",
                                f"day {d.index} sleeps on the summit, but no walk to {name}"),
                        pick(lang, f"{name}离酒店直线约{metres / 1000:.1f}公里，山路更长，来回太远，"
                             "走不了远路的人不宜", f"{name} is about {metres / 1000:.1f} km from "
                             "the hotel as the crow flies, more by the mountain path: too far "
                             "for short walks"),
                        pick(lang, "在酒店附近看晚霞", "watch the evening light near the hotel"))  # fmt: skip
    return None


def _after_sunset(item: Item, date: dt.date) -> dt.time | None:
    """The time of sunset (local) when the visit starts after it, else None."""
    if item.lat is None or item.lon is None:
        return None
    _, down = sun_times(item.lat, item.lon, date)
    return clock_time(down) if clock_minutes(item.start) > down else None


def _sunset_view(item: Item, destination: str, kb: KnowledgeBase) -> bool:
    """Whether the visit is to a waterfront or viewpoint that serves a sunset where no sight is
    tagged for it (`candidates.watches_sunset`)."""
    place, dest = kb.attraction(item.poi_id or ""), kb.destinations.get(destination)
    return place is not None and dest is not None and watches_sunset(place, dest)


def _at_its_hour(moment: str, item: Item, date: dt.date) -> bool:
    """Whether a visit is at the moment's hour: there at sunset (from `SUNSET_EARLY_MIN` before
    it), or after dusk (`DUSK_MIN` after sunset) for night views and the moon."""
    if item.lat is None or item.lon is None or moment not in ("sunset", "night-view", "moon"):
        return True
    _, down = sun_times(item.lat, item.lon, date)
    start, end = clock_minutes(item.start), clock_minutes(item.end)
    if moment == "sunset":
        return start <= down and end >= down - SUNSET_EARLY_MIN
    return end >= down + DUSK_MIN


def _sunrise_spot(item: Item, kb: KnowledgeBase) -> bool:
    place = kb.attraction(item.poi_id or "")
    return place is not None and (
        "sunrise" in place.tags or any(h.kind == "sunrise" for h in place.highlights)
    )


def _at_dawn(item: Item, date: dt.date) -> bool:
    """There for the sunrise: arrived by the time the sun rises and still there then (a
    stop reached after sunrise has missed it, whatever its name says)."""
    if item.lat is None or item.lon is None:
        return False
    rise, _ = sun_times(item.lat, item.lon, date)
    return clock_minutes(item.start) <= rise <= clock_minutes(item.end)


#: Tickets dearer than this (CNY) are what a tight budget leaves out (`planner.TIGHT_TICKET_CAP`).
BUDGET_TICKET = 60.0
SUNSET_EARLY_MIN = 30
DUSK_MIN = 20


def headline_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """The ``headline`` check (a warning): headline sights of each destination that the plan
    leaves out, each with its reason — declined by the person, closed on the trip's dates, or
    not fitting — and what would make room."""
    lang = plan.lang
    request = plan.request
    planned = {i.poi_id for _, i in visits(plan)}
    declined, missing = [], []
    for dest_id in request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        for poi in dest.headline:
            place = kb.attraction(poi)
            if place is None or poi in planned:
                continue
            if _declined(place, request):
                declined.append(place.name(lang))
            else:
                missing.append(place)
    if not declined and not missing:
        return Check(code="headline", passed=True, severity="warning",
                     message=pick(lang, "代表景点都已安排", "every headline sight is in the plan"))  # fmt: skip
    parts = []
    if declined:
        parts.append(pick(lang, f"按您的要求没有安排{join_names(declined, lang)}",
                          f"left out as you asked: {join_names(declined, lang)}"))  # fmt: skip
    relax = None
    for place in missing:
        reason, relax = missing_reason(place, plan, lang)
        parts.append(reason)
    return Check(code="headline", passed=not missing, severity="warning",
                 message=pick(lang, "；", "; ").join(parts), relax=relax or None)  # fmt: skip


def _declined(place: Attraction, request: TripRequest) -> bool:
    return (
        place.id in request.avoid.places
        or bool(set(request.avoid.tags) & set(place.tags))
        or access_excludes(place, request)
    )


def _declined_headlines(plan: Itinerary, kb: KnowledgeBase, test: object) -> list[str]:
    planned = {i.poi_id for _, i in visits(plan)}
    out = []
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        for poi in dest.headline if dest else ():
            place = kb.attraction(poi)
            if place and poi not in planned and callable(test) and test(place):
                out.append(place.name(plan.lang))
    return out


def _is_headline(poi: str, kb: KnowledgeBase) -> bool:
    dest = kb.destination_of(poi)
    return dest is not None and poi in dest.headline


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
