"""Access needs answered in the wishes section (wish kind ``access``): a wheelchair, a
pushchair, limited mobility (「腿脚不好」, "no stairs"), a walking limit (「孩子走不了太久」:
`engine.planning.candidates.SHORT_WALK_MINUTES`) and altitude sickness.

For the step-free needs (`STEP_FREE`) the answer names what the plan did: climbs left out or
made by cable car (`engine.planning.candidates.gentle_climb`), places reached only by flights
of steps left out (`Attraction.step_free` ``no``: 景山's summit, 中山陵's 392 steps), and what a
planned place's own access facts say (``partly``: 灵隐寺's ramp reaches 大雄宝殿, steps
beyond; ``yes``: 故宫's side-door ramps). A wheelchair's row stays ``partly`` while places
without a sourced fact remain: their step-free access cannot be checked from here."""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Itinerary
from engine.domain.request import Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction
from engine.planning import high_party
from engine.planning import wish_places as wp
from engine.planning.altitude import ACCLIMATISE_M
from engine.planning.candidates import (
    SHORT_WALK_DAY_MINUTES,
    SHORT_WALK_MINUTES,
    WHEELED,
    access_excludes,
    gentle_climb,
)
from engine.planning.headline_check import declined_headlines
from engine.planning.transit import style_of
from engine.planning.wish_nap import nap
from engine.planning.wish_party import altitude_advice


def access(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """See the module docstring: ``not`` while a climb or a place reached only by steps is
    planned (the person named it), ``partly`` for climbs by cable car and places only partly
    step-free (and a wheelchair's unchecked places), else ``honoured``."""
    lang = plan.lang
    request = plan.request
    if w.value == "altitude":
        return _altitude(w, plan, kb)
    if w.value == "short-walks":
        return _short_walks(w, plan, kb)
    if w.value == "nap":
        return nap(w, plan)
    places = [(i, a) for _, i in wp.visits(plan) if (a := kb.attraction(i.poi_id or ""))]
    wheeled = w.value in WHEELED
    climbs = [i.name for i, a in places
              if "hiking" in a.tags and a.step_free not in ("yes", "partly")]  # fmt: skip
    gentle = [i.name for i, a in places if not wheeled and {"hiking", "cable-car"} <= set(a.tags)]
    steps = [(i.name, a) for i, a in places if a.step_free == "no"]
    blocked = [n for n in climbs if n not in gentle] + [n for n, _ in steps]
    if blocked:
        named = any(i.poi_id in request.must_see and i.name in blocked for i, _ in places)
        why = [pick(lang, "您点名要去", "you named it") if named else
               pick(lang, "没有别的安排", "nothing else fits")]  # fmt: skip
        if wheeled and set(climbs) & set(blocked):
            why.append(pick(lang, "山上步道多为台阶，轮椅、婴儿车上不去", "the paths up there are "
                            "steps, no way for a wheelchair or a pushchair"))  # fmt: skip
        why += [_fact(n, a, lang) for n, a in steps]
        names = join_names(blocked, lang)
        return wp._not(w, pick(lang, f"仍有需要爬台阶的景点：{names}", f"still climbs: {names}"),
                       pick(lang, "；", "; ").join(why),
                       pick(lang, f"去掉{names}", f"drop {names}"))  # fmt: skip
    facts = [_fact(i.name, a, lang) for i, a in places if a.step_free in ("partly", "yes")]
    if gentle:
        names = join_names(gentle, lang)
        reason = [pick(lang, "山上仍有台阶和坡道，量力而行", "there are still steps and slopes on "
                       "top: go only as far as is comfortable"), *facts]  # fmt: skip
        return wp._partly(w, pick(lang, f"{names}乘索道上下山，只走山上平缓的一段",
                                  f"{names} by cable car up and down, only the gentle part on top"),
                          pick(lang, "；", "; ").join(reason),
                          pick(lang, f"去掉{names}，完全不爬", f"drop {names} to avoid them "
                               "altogether"))  # fmt: skip
    said = _left_out(plan, kb, lang)
    if wheeled and (part := [i.name for i, a in places if a.step_free == "partly"]):
        said.append(pick(lang, f"{join_names(part, lang)}只游不用上台阶的一段，时间缩短",
                         f"only the step-free part of {join_names(part, lang)}, a shorter "
                         "visit"))  # fmt: skip
    message = pick(lang, "；", "; ").join(said)
    partly = [_fact(i.name, a, lang) for i, a in places if a.step_free == "partly"]
    if w.value == "wheelchair":
        unchecked = any(a.step_free is None for _, a in places)
        other = pick(lang, "其余" if facts else "各", "the other places" if facts else "each place")
        reason = facts + ([pick(lang, f"{other}景点的无障碍设施无法逐一核实，出发前请电话确认",
                                f"step-free access at {other} cannot be checked; call "
                                "ahead")] if unchecked else [])  # fmt: skip
        if unchecked or partly:
            return wp._partly(w, message, pick(lang, "；", "; ").join(reason), "")
        return wp._ok(w, pick(lang, "；", "; ").join([message, *facts]))
    if partly:
        return wp._partly(w, message, pick(lang, "；", "; ").join(partly), "")
    return wp._ok(w, message)


def _short_walks(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """A walking limit: no visit longer than `SHORT_WALK_MINUTES` — climbs by cable car, long
    visits cut to their main part (each named with its usual length), longer hikes left out."""
    lang = plan.lang
    request = plan.request
    hours, day = SHORT_WALK_MINUTES // 60, SHORT_WALK_DAY_MINUTES // 60
    parts = [pick(lang, f"每处步行游览不超过约{hours}小时，每天合计不超过约{day}小时",
                  f"no visit longer than about {hours} hours on foot, at most about {day} "
                  "hours of sights a day")]  # fmt: skip
    places = [(i, a) for _, i in wp.visits(plan) if (a := kb.attraction(i.poi_id or ""))]
    by_car = [i.name for i, a in places if gentle_climb(a, request)]
    cut = [(i.name, a.visit_minutes) for i, a in places
           if not gentle_climb(a, request) and a.visit_minutes > SHORT_WALK_MINUTES]  # fmt: skip
    if by_car:
        parts.append(pick(lang, f"{join_names(by_car, lang)}乘索道上下山，只走山上平缓的一段",
                          f"{join_names(by_car, lang)} by cable car up and down, only the "
                          "gentle part on top"))  # fmt: skip
    if cut:
        named = [pick(lang, f"{n}（通常约{m / 60:.0f}小时）", f"{n} (usually about {m / 60:.0f} h)")
                 for n, m in cut]  # fmt: skip
        parts.append(pick(lang, f"{join_names(named, lang)}只游主要的部分",
                          f"only the main part of {join_names(named, lang)}"))  # fmt: skip
    left = declined_headlines(plan, kb, lambda a: access_excludes(a, request))
    if left:
        parts.append(pick(lang, f"长时间徒步的代表景点{join_names(left, lang)}没有安排",
                          f"the long hikes {join_names(left, lang)} are left out"))  # fmt: skip
    message = pick(lang, "；", "; ").join(parts)
    if not (by_car or cut):  # what was left out is the wish honoured, and said
        return wp._ok(w, message)
    if cut:
        return wp._partly(w, message, pick(lang, "全程走完要更久", "the whole of it takes longer"),
                          pick(lang, "多留一天，分两次游", "add a day to see it in two visits"))  # fmt: skip
    return wp._partly(w, message, pick(lang, "山上仍有台阶和坡道，量力而行", "there are still "
                      "steps and slopes on top: go only as far as is comfortable"), "")  # fmt: skip


def _fact(name: str, place: Attraction, lang: str) -> str:
    """「灵隐寺·飞来峰：天王殿到大雄宝殿有无障碍通道…」: a place's own access facts."""
    return pick(lang, f"{name}：{place.access_note_zh}", f"{name}: {place.access_note_en}")


def _left_out(plan: Itinerary, kb: KnowledgeBase, lang: str) -> list[str]:
    """What the step-free needs left out: hikes, the headline sights among them, the places
    reached only by steps; and the short walks of a comfortable style."""
    request = plan.request
    parts = [pick(lang, "没有安排需要徒步爬山的景点", "no hikes or steep climbs")]
    left = declined_headlines(
        plan, kb, lambda a: access_excludes(a, request) and a.step_free != "no"
    )
    if left:
        parts.append(pick(lang, f"因此没去代表景点{join_names(left, lang)}",
                          f"so the headline sights {join_names(left, lang)} are left out"))  # fmt: skip
    planned = {i.poi_id for _, i in wp.visits(plan)}
    stepped = [_fact(a.name(lang), a, lang) for a in _step_only(plan, kb) if a.id not in planned]
    if stepped:
        parts.append(pick(lang, f"没去只能爬台阶上去的{'；'.join(stepped)}",
                          f"left out what is reached only by steps — {'; '.join(stepped)}"))  # fmt: skip
    if style_of(request).comfort:
        parts.append(pick(lang, "长距离换乘用包车，步行不超过800米",
                          "long rides by chartered car, walks under 800 m"))  # fmt: skip
    return parts


def _step_only(plan: Itinerary, kb: KnowledgeBase) -> list[Attraction]:
    """The places at the plan's destinations reached only by flights of steps."""
    out = []
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        out += [a for a in (dest.attractions if dest else ()) if a.step_free == "no"]
    return out


def _height(place: Attraction, plan: Itinerary) -> int:
    """How high a planned visit goes: its low part's height when it is made in its low part
    (`high_party.lowered`), else `Attraction.altitude_m` (0: not known)."""
    if place.low_visit is not None and high_party.too_high(place, plan.request):
        return place.low_visit.altitude_m
    return place.altitude_m or 0


def _altitude(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Altitude sickness: the plan's visits at `ACCLIMATISE_M` or higher (`Attraction.altitude_m`)
    are named with their height; none of them on the day of arrival."""
    lang = plan.lang
    planned = [a for _, i in wp.visits(plan) if (a := kb.attraction(i.poi_id or ""))]
    high = sorted({(m, a.name(lang)) for a in planned
                   if (m := _height(a, plan)) >= ACCLIMATISE_M}, reverse=True)  # fmt: skip
    lowered = altitude_advice(plan, kb) if high_party.who(plan.request) == "altitude" else ""
    if not high:
        done = pick(lang, f"行程中没有已知海拔{ACCLIMATISE_M}米以上的景点",
                    f"no sight known to be above {ACCLIMATISE_M} m")  # fmt: skip
        return wp._ok(w, pick(lang, "；", "; ").join(filter(None, (done, lowered))))
    named = join_names([pick(lang, f"{n}约{m}米", f"{n} about {m} m") for m, n in high[:3]], lang)
    arrival = _high_on_arrival(plan, kb)
    first = pick(
        lang,
        "到达当天不安排高海拔景点，先适应一晚",
        "no high sight on the day of arrival: a night to acclimatise first",
    ) if not arrival else ""  # fmt: skip
    said = join_names([pick(lang, f"第{d}天{n}（约{m}米）", f"{n} (about {m} m) on day {d}")
                       for d, n, m in arrival[:3]], lang)  # fmt: skip
    early = pick(lang, f"{said}是到达当天，没有先适应一晚",
                 f"{said} is on the day of arrival, with no night to acclimatise first")  # fmt: skip
    return wp._partly(w, pick(lang, "；", "; ").join(filter(None, (first, lowered))),
                      pick(lang, "；", "; ").join(filter(None, (
                          early if arrival else "",
                          pick(lang, f"行程在高海拔地区：{named}，无法完全避开；去高原前请咨询医生",
                               f"the trip is high up: {named}, which cannot be avoided; see a "
                               "doctor before going high")))),
                      pick(lang, "换一个低海拔的目的地", "choose a lower destination"))  # fmt: skip


def _high_on_arrival(plan: Itinerary, kb: KnowledgeBase) -> list[tuple[int, str, int]]:
    """(day, name, metres) of the visits at `ACCLIMATISE_M` or higher made on the first day the
    plan is at their destination (a visit, meal or night there: the day of arrival), in order."""
    first: dict[str, int] = {}
    for day in plan.days:
        for item in day.items:
            if item.poi_id and (dest := kb.destination_of(item.poi_id)) is not None:
                first.setdefault(dest.id, day.index)
    out = []
    for day_index, item in wp.visits(plan):
        place = kb.attraction(item.poi_id or "")
        dest = kb.destination_of(item.poi_id or "")
        if place is None or dest is None or first.get(dest.id) != day_index:
            continue
        if (m := _height(place, plan)) >= ACCLIMATISE_M:
            out.append((day_index, place.name(plan.lang), m))
    return out
