"""怕冷 / 怕热 / 怕晒 (wish kind ``weather``) answered with the trip's dates: where the weather
matters there (`engine.planning.weather.applies`) the report says what the plan does — outdoor
visits kept short and indoor sights between in the cold, outdoor sights early or late in the
heat — and names any stretch it could not shelter (a long outdoor run, an outdoor visit over the
midday); on mild dates it says nothing needed to change. 怕下雨 (``rain``) is said as it is: the
plan's indoor sights named as the rainy-day ones, the outdoor ones left as planned (no forecast
is known when planning)."""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction
from engine.planning import weather as wx
from engine.planning import wish_places as wp

#: Minutes outdoors in a row (sights joined by walks) that the cold answer names as too long.
COLD_RUN_MINUTES = 180
#: Minutes of an outdoor visit inside `weather.MIDDAY` that the heat answer names.
MIDDAY_NAMED_MINUTES = 30


def weather(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """See the module docstring: ``honoured`` when mild or sheltered, else ``partly`` with the
    day and time of what is still exposed."""
    lang = plan.lang
    if w.value == "rain":
        return _rain(w, plan, kb)
    dests = [d for d in (kb.destinations.get(i) for i in plan.request.destinations) if d]
    if not any(w.value in wx.applies(plan.request, d) for d in dests):
        return wp._ok(w, pick(lang, *_mild(w.value)))
    if w.value == "cold":
        return _cold(w, plan, kb)
    return _heat(w, plan, kb)


def _mild(value: str) -> tuple[str, str]:
    if value == "cold":
        return ("这几天不在当地结冰的寒冬，行程照常；早晚带件外套",
                "the dates are outside the freezing winter there, so the plan is as usual; "
                "bring a jacket for the evenings")  # fmt: skip
    if value == "sun":
        return ("这几天当地日照不强，行程照常；带好帽子和防晒",
                "the sun is not strong there on these dates, so the plan is as usual; bring a hat "
                "and sunscreen")  # fmt: skip
    return ("这几天当地不算炎热，行程照常", "the dates are not hot there, so the plan is as usual")


def _attraction(item: Item, kb: KnowledgeBase) -> Attraction | None:
    return kb.attraction(item.poi_id) if item.poi_id else None


def _indoor_visits(plan: Itinerary, kb: KnowledgeBase) -> list[str]:
    lang = plan.lang
    out = []
    for day, item in wp.visits(plan):
        a = _attraction(item, kb)
        if a is not None and wx.indoor(a):
            out.append(pick(lang, f"第{day}天{item.name}", f"{item.name} (day {day})"))
    return out


def _outdoor_runs(plan: Itinerary, kb: KnowledgeBase) -> list[tuple[int, Item, Item]]:
    """(day, first, last) of each run of outdoor visits joined only by walks that lasts over
    `COLD_RUN_MINUTES`. A meal eaten inside a visit (冰雪大世界's dinner) is a warm break: the
    visit counts half before the break and half after."""
    runs = []
    for day in plan.days:
        first: Item | None = None
        last: Item | None = None
        minutes = 0
        for item in [*day.items, None]:
            a = _attraction(item, kb) if item and item.kind == ItemKind.ATTRACTION else None
            if item and a is not None and not wx.indoor(a):
                length = clock_minutes(item.end) - clock_minutes(item.start)
                if item.meal is None:
                    first, last, minutes = first or item, item, minutes + length
                    continue
                first, last, minutes = first or item, item, minutes + length // 2
                if minutes > COLD_RUN_MINUTES:
                    runs.append((day.index, first, last))
                first, last, minutes = item, item, length - length // 2
                continue
            if item and item.kind == ItemKind.TRANSIT and item.mode == Mode.WALK and first:
                continue
            if first and last and minutes > COLD_RUN_MINUTES:
                runs.append((day.index, first, last))
            first, last, minutes = None, None, 0
    return runs


def _cold(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    hours = wx.COLD_OUTDOOR_MINUTES / 60
    done = pick(lang, f"户外景点每处不超过{hours:g}小时", f"each outdoor visit at most {hours:g} h")
    indoor = _indoor_visits(plan, kb)
    if indoor:
        done += pick(lang, f"，穿插室内景点：{'、'.join(indoor[:4])}",
                     f", indoor sights between: {', '.join(indoor[:4])}")  # fmt: skip
    done += pick(lang, "；每段户外后进室内或坐车暖和一下", "; warm up indoors or in the car after "
                 "each outdoor stretch")  # fmt: skip
    runs = _outdoor_runs(plan, kb)
    if not runs:
        return wp._ok(w, done)
    said = [pick(lang, f"第{d}天{a.start:%H:%M}–{b.end:%H:%M}（{a.name}起）",
                 f"day {d} {a.start:%H:%M}–{b.end:%H:%M} (from {a.name})") for d, a, b in runs]  # fmt: skip
    return wp._partly(
        w, done,
        pick(lang, f"{'、'.join(said)}在户外连续超过{COLD_RUN_MINUTES // 60}小时",
             f"{'; '.join(said)} stays outdoors over {COLD_RUN_MINUTES // 60} h in a row"),
        pick(lang, "中途进商场、咖啡馆或餐馆取暖", "stop in a mall, café or restaurant to warm up"),
    )  # fmt: skip


def _heat(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    lo, hi = wx.MIDDAY
    exposed = []
    dates = {d.index: d.date for d in plan.days}
    for day, item in wp.visits(plan):
        a = _attraction(item, kb)
        dest = kb.destination_of(item.poi_id) if item.poi_id else None
        if a is None or dest is None or wx.indoor(a):
            continue
        overlap = min(clock_minutes(item.end), hi) - max(clock_minutes(item.start), lo)
        if wx.heat_on(dest, dates[day], w.value) and overlap >= MIDDAY_NAMED_MINUTES:
            exposed.append(f"{wp.when(day, item, lang)} {item.name}")
    done = pick(lang, "户外景点尽量放在上午和傍晚，11:00–15:00安排室内景点、午饭和休息",
                "outdoor sights early or late where possible; indoor sights, lunch and rest "
                "from 11:00 to 15:00")  # fmt: skip
    if not exposed:
        return wp._ok(w, done)
    return wp._partly(
        w, done,
        pick(lang, f"{'、'.join(exposed)}仍在中午的户外", f"{'; '.join(exposed)} is still "
             "outdoors around midday"),
        pick(lang, "带遮阳帽、防晒和水，找阴凉处歇脚；或让那天少排一个景点",
             "bring a hat, sunscreen and water and rest in the shade; or plan one sight less "
             "that day"),
    )  # fmt: skip


def _rain(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Rain: no forecast is known, so the outdoor visits stay; the indoor ones are named (with
    their day) as what still works in the rain."""
    lang = plan.lang
    indoor = _indoor_visits(plan, kb)
    outdoor = [
        f"{wp.when(day, item, lang)} {item.name}"
        for day, item in wp.visits(plan)
        if (a := _attraction(item, kb)) is not None and not wx.indoor(a)
    ]
    done = (
        pick(lang, f"下雨也能去的室内景点：{'、'.join(indoor[:5])}",
             f"indoor sights for rain: {', '.join(indoor[:5])}")
        if indoor
        else pick(lang, "行程里没有室内景点", "the plan has no indoor sight")
    )  # fmt: skip
    if not outdoor:
        return wp._ok(w, done)
    return wp._partly(
        w, done,
        pick(lang, f"没有按天气改排（规划时不知道哪天下雨）：{len(outdoor)}处户外景点照常，"
             f"如{'、'.join(outdoor[:3])}",
             f"not re-planned for the weather (no forecast when planning): {len(outdoor)} outdoor "
             f"visits stay, e.g. {'; '.join(outdoor[:3])}"),
        pick(lang, "出发前看天气预报，下雨那天和另一天对调（如说「把第2天和第3天换一下」）",
             "check the forecast; swap a rainy day with another (say \"swap day 2 and 3\")"),
    )  # fmt: skip
