"""The report's answers about where the nights are spent: the area named (on it or near it),
the kind of stay and its features — from the lodging records (`engine.planning.lodging_wish`
says what they can tell); what they cannot tell is said, never claimed."""

from __future__ import annotations

from collections.abc import Callable

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Wish
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import fmt_minutes
from engine.knowledge.place_names import HOTEL_NAME
from engine.knowledge.schema import Destination, Lodging
from engine.planning import lodging_wish, low_budget, room_level
from engine.planning import wish_places as wp
from engine.planning.candidates import rooms
from engine.planning.centre import CENTRE_M, centre_of, is_centre_word
from engine.planning.meal_price import LOW_BUDGET


def _stays(plan: Itinerary, kb: KnowledgeBase) -> list[tuple[int, Item]]:
    return [(d.index, i) for d in plan.days for i in d.items if i.kind == ItemKind.LODGING]


def _day_trip(
    w: Wish, plan: Itinerary, kb: KnowledgeBase, stays: list[tuple[int, Item]]
) -> WishCheck:
    """「当天往返涠洲岛」 (`engine.understanding.day_trips`): its sights seen and no night in the
    area; a night there is said with why (the last boat out against the visit's length)."""
    lang, area_id = plan.lang, w.value.removeprefix("day-trip:")
    areas = [(d, a) for d in map(kb.destinations.get, plan.request.destinations) if d
             for a in d.access_areas if a.id == area_id]  # fmt: skip
    if not areas:
        return wp._not(w, pick(lang, "没有安排", "not planned"), "", "")
    dest, area = areas[0]
    name = area.name_zh if lang == "zh" else area.name_en
    inside = [
        day for day, item in stays
        if item.lat is not None and item.lon is not None
        and haversine_m(area.lat, area.lon, item.lat, item.lon) <= area.radius_m
    ]  # fmt: skip
    if inside:
        planned = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
        visit = sum(a.visit_minutes for a in dest.attractions if a.id in planned
                    and haversine_m(area.lat, area.lon, a.lat, a.lon) <= area.radius_m)  # fmt: skip
        last = fmt_minutes(area.last_out) if area.last_out is not None else ""
        why_zh = (f"回程末班约{last}（估计），赶不上游完{name}（约{visit / 60:g}小时）"
                  if last and visit else "当天往返时间不够")  # fmt: skip
        why_en = (f"the last way back leaves about {last} (estimated), too early for {name} "
                  f"(about {visit / 60:g} h)" if last and visit else "a day there and back "
                  "does not fit")  # fmt: skip
        return wp._not(w, pick(lang, f"第{inside[0]}晚住在{name}", f"night {inside[0]} on {name}"),
                       pick(lang, why_zh, why_en),
                       pick(lang, "只游一部分、赶末班当天回来",
                            "see part of it and take the last way back the same day"))  # fmt: skip
    seen = [d.index for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION
            and i.lat is not None and i.lon is not None
            and haversine_m(area.lat, area.lon, i.lat, i.lon) <= area.radius_m]  # fmt: skip
    if not seen:
        return wp._not(w, pick(lang, f"没有安排{name}", f"{name} is not in the plan"),
                       pick(lang, "当天往返的时间不够", "a day there and back does not fit"), "")  # fmt: skip
    return wp._ok(w, pick(lang, f"第{seen[0]}天当天往返{name}，不在那里过夜",
                          f"{name} there and back on day {seen[0]}, no night there"))  # fmt: skip


def lodging_area(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    lang = plan.lang
    wish = plan.request.lodging
    stays = _stays(plan, kb)
    if not stays:
        return wp._ok(w, pick(lang, "这次不住宿", "no nights to spend"))
    if is_centre_word(w.value):
        return _centre(w, plan, kb, stays)
    if w.value.startswith("day-trip:"):
        return _day_trip(w, plan, kb, stays)
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        value_wish = wish.model_copy(update={"near": (w.value,)})
        for target in lodging_wish.targets(dest, value_wish)[:1]:
            here = [(d, i) for d, i in stays if (lo := kb.lodging(i.poi_id or ""))
                    and (lodging_wish.near_enough(lo, target)
                         or _same_kind_elsewhere(lo, target, dest, wish.near, kb))]  # fmt: skip
            return _at_target(w, plan, kb, dest, target, stays, here)
    if any(word in w.value for word in ("胡同", "四合院")):  # 住胡同 on a trip with no hutongs
        places = join_names([d.name(lang) for i in plan.request.destinations
                             if (d := kb.destinations.get(i))], lang)  # fmt: skip
        return wp._not(w, pick(lang, "没有安排胡同四合院住宿", "no hutong stay"),
                       pick(lang, f"{places}没有胡同四合院的住宿区，胡同四合院在北京",
                            f"{places} has no hutong lodging area (hutongs are Beijing's)"),
                       "")  # fmt: skip
    if HOTEL_NAME.search(w.value):  # 住西湖国宾馆: a hotel the knowledge base does not hold
        return _unknown_hotel(w, plan, stays)
    said = w.said or w.value
    return wp._not(w, pick(lang, f"不知道「{said}」在哪里", f"where “{said}” is, is not known"),
                   "", pick(lang, "说一个具体的地名", "name a place"))  # fmt: skip


def _unknown_hotel(w: Wish, plan: Itinerary, stays: list[tuple[int, Item]]) -> WishCheck:
    """A hotel named that no lodging record is (住西湖国宾馆): not booked, where the nights are
    instead, and how to have the plan start from it."""
    lang, name = plan.lang, w.value
    nights = join_names(list(dict.fromkeys(i.name for _, i in stays)), lang)
    return wp._not(w, pick(lang, f"资料里没有「{name}」这家酒店，行程按{nights}安排住宿",
                           f"“{name}” is not a hotel the knowledge base holds; the nights are "
                           f"planned at {nights}"),
                   pick(lang, "规划器只能安排资料里的住宿区，订不了指定的酒店",
                        "the planner plans the lodging areas it knows and cannot book a given "
                        "hotel"),
                   pick(lang, f"自己订{name}，再说它在哪个景点或街道附近（「住…附近」），行程就从那里出发",
                        f"book {name} yourself and say what it is near (\"stay near …\") so the "
                        "days start from there"))  # fmt: skip


def _at_target(
    w: Wish,
    plan: Itinerary,
    kb: KnowledgeBase,
    dest: Destination,
    target: lodging_wish.Target,
    stays: list[tuple[int, Item]],
    here: list[tuple[int, Item]],
) -> WishCheck:
    """The row of a place to stay at or near (`target`), `here` being the nights that answer it:
    every night, the nights a count asked (「在山顶住一晚」: `LodgingWish.nights`, which nights
    said), some nights, or none — with the true reason: the lodging there known but not chosen,
    or none known there (the nearest area and how far)."""
    lang, wanted = plan.lang, plan.request.lodging.nights
    nights = join_names(sorted({i.name for _, i in here}), lang)
    which = _which_nights([d for d, _ in here], lang)
    if len(here) == len(stays):
        return wp._ok(w, pick(lang, f"每晚都住{nights}", f"every night at {nights}"))
    if here and wanted and len(here) >= wanted:
        rest = [(d, i) for d, i in stays if (d, i) not in here]
        others = join_names(sorted({i.name for _, i in rest}), lang)
        then = _which_nights([d for d, _ in rest], lang)
        return wp._ok(w, pick(lang, f"{which}住{nights}，{then}住{others}",
                              f"{which} at {nights}, {then} at {others}"))  # fmt: skip
    if here:
        return wp._partly(w, pick(lang, f"{which}住{nights}", f"{which} at {nights}"),
                          pick(lang, "其余几晚在别的目的地", "the other nights are elsewhere"),
                          "")  # fmt: skip
    on = target.on_site and target.lodging_id is None
    name_zh = target.name_zh if not on or target.name_zh.endswith(("上", "里", "内", "中")) else (
        f"{target.name_zh}上")  # fmt: skip
    where_zh, where_en = (name_zh, f"on {target.name_en}") if on or target.lodging_id else (
        f"{target.name_zh}附近", f"near {target.name_en}")  # fmt: skip
    known = [lo for lo in dest.lodging if lodging_wish.near_enough(lo, target)]
    in_dest = [i for _, i in stays if (d := kb.destination_of(i.poi_id or "")) and d.id == dest.id]
    stayed = join_names(sorted({i.name for i in in_dest or [i for _, i in stays]}), lang)
    if known:
        names = join_names([lo.name(lang) for lo in known[:2]], lang)
        return wp._not(w, pick(lang, f"没有住在{where_zh}，住{stayed}",
                               f"not staying {where_en}: at {stayed}"),
                       pick(lang, f"那里有{names}，这次没有排进行程",
                            f"{names} is there but was not chosen for this trip"),
                       pick(lang, f"说「住{where_zh}」换过去", f"say “stay {where_en}” to move there"))  # fmt: skip
    nearest = min(dest.lodging, key=lambda lo: haversine_m(lo.lat, lo.lon, target.lat, target.lon),
                  default=None)  # fmt: skip
    far = ""
    if nearest is not None:
        km = haversine_m(nearest.lat, nearest.lon, target.lat, target.lon) / 1000
        far = pick(lang, f"，最近的是{nearest.name_zh}，约{km:.1f}公里",
                   f"; the nearest is {nearest.name_en} (about {km:.1f} km)")  # fmt: skip
    return wp._not(w, pick(lang, f"没能住在{where_zh}，住{stayed}", f"not staying {where_en}: "
                           f"at {stayed}"), pick(lang, f"知识库里{where_zh}没有住宿区{far}",
                           f"no lodging area is known {where_en}{far}"), "")  # fmt: skip


def _which_nights(days: list[int], lang: str) -> str:
    """「第1晚」, 「第2、3晚」 / "night 1", "nights 2 and 3" (the night after each day)."""
    days = sorted(set(days))
    if lang == "zh":
        return f"第{'、'.join(map(str, days))}晚"
    return ("night " if len(days) == 1 else "nights ") + join_names(list(map(str, days)), lang)


def _same_kind_elsewhere(
    lodging: Lodging,
    target: lodging_wish.Target,
    dest: Destination,
    near: tuple[str, ...],
    kb: KnowledgeBase,
) -> bool:
    """Whether a night in another destination answers the same words: 「都住古城里」 on a 大理 and
    丽江 trip reads as 大理古城内客栈 *and* 丽江古城内客栈 (`LodgingWish.near` holds both); a night at
    丽江古城内客栈 counts for the wish valued 大理古城内客栈 when the request asked for it and its
    name holds the target's name less its destination's (古城内客栈)."""
    other = kb.destination_of(lodging.id)
    if other is None or other.id == dest.id or lodging.id not in near:
        return False
    core = target.name_zh.removeprefix(dest.name_zh)
    return len(core) >= 2 and core in lodging.name_zh


def _centre(
    w: Wish, plan: Itinerary, kb: KnowledgeBase, stays: list[tuple[int, Item]]
) -> WishCheck:
    """「住市中心」: each night within `CENTRE_M` of its destination's centre
    (`engine.planning.centre`), with the distance said."""
    lang = plan.lang
    near: dict[str, tuple[str, float]] = {}  # lodging name -> (centre name, km)
    far: dict[str, tuple[str, float]] = {}
    for _, item in stays:
        lodging = kb.lodging(item.poi_id or "")
        dest = kb.destination_of(item.poi_id or "")
        if lodging is None or dest is None:
            continue
        c = centre_of(dest)
        km = haversine_m(c.lat, c.lon, lodging.lat, lodging.lon) / 1000
        (near if km * 1000 <= CENTRE_M else far)[item.name] = (pick(lang, c.name_zh, c.name_en), km)

    def said(found: dict[str, tuple[str, float]]) -> str:
        return join_names([pick(lang, f"{n}（离{c}约{km:.1f}公里）", f"{n} ({km:.1f} km from {c})")
                           for n, (c, km) in found.items()], lang)  # fmt: skip

    if not far:
        return wp._ok(w, pick(lang, f"每晚都住{said(near)}", f"every night at {said(near)}"))
    reason = pick(lang, f"知识库里市中心{CENTRE_M / 1000:.0f}公里内没有住宿区，住了最近的",
                  f"no lodging area is known within {CENTRE_M / 1000:.0f} km of the centre; "
                  "the nearest one was chosen")  # fmt: skip
    if near:
        return wp._partly(w, pick(lang, f"住{said(near)}；{said(far)}不在市中心", f"at "
                                  f"{said(near)}; {said(far)} is not central"), reason, "")  # fmt: skip
    return wp._not(w, pick(lang, f"住{said(far)}", f"at {said(far)}"), reason, "")


def lodging_kind(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """A lodging kind (`LodgingWish.kind`): the area's kind (`lodging_wish.kind_fit`) and, for
    the kinds that ask for a price level (五星, 舒适型, 经济型, 青旅:
    `room_level.KIND_LEVEL`), the level the rooms are priced at — partly honoured, with what
    the level asked would cost, when the budget did not reach it."""
    if w.value.startswith("avoid:"):
        return _lodging_avoid(w, plan, kb)
    if w.value == "budget":  # areas, not beds: the low end of each area's prices was booked
        check = _lodging_fit(w, plan, kb, lambda lo, dest: lodging_wish.kind_fit(lo, w.value)
                             or None)  # fmt: skip
    else:
        check = _lodging_fit(w, plan, kb, lambda lo, dest: lodging_wish.kind_fit(lo, w.value))
    level = room_level.KIND_LEVEL.get(w.value)
    return check if level is None else _level(w, plan, kb, check, level)


def _level(w: Wish, plan: Itinerary, kb: KnowledgeBase, check: WishCheck, level: str) -> WishCheck:
    """`check` with the rooms' level said (「，按高档约1340元/间·晚」; also where no area is of
    the kind: the area's dearer rooms were booked), or partly honoured when they are cheaper
    than the `level` asked (the budget did not reach it)."""
    found = room_level.plan_level(plan, kb)
    if found is None:
        return check
    lang = plan.lang
    got, price = found
    zh, en = room_level.NAMES[got]
    message = check.message + pick(lang, f"，按{zh}约{price:.0f}元/间·晚",
                                   f", {en} rooms at about {price:.0f} CNY per room-night")  # fmt: skip
    order = room_level.ORDER
    if w.value == "budget" and got == "economy" and check.status == "partly":
        return wp._ok(w, message)  # a cheap stay: the low end of the area's prices was booked
    if w.value == "hostel" and check.status == "partly":  # no dorm bed's price is known
        reason = (check.reason or "") + pick(lang, "；价格是这一带便宜房间的估价，不是床位价",
                                             "; the price is an estimate for a cheap room in "
                                             "this area, not a dorm bed's")  # fmt: skip
        if not any(x.kind == "budget" and x.value == LOW_BUDGET for x in plan.request.wishes):
            eaten = low_budget.meals(plan, kb)[0]  # a hostel plans the economy trip: said here
            message += pick(
                lang, f"；按省钱安排，{eaten}", f"; planned on a budget, {eaten}"
            ) * bool(eaten)
        return check.model_copy(update={"message": message, "reason": reason})
    if order.index(got) >= order.index(level) or level == "economy" or check.status == "not":
        return check.model_copy(update={"message": message})
    n_rooms = rooms(plan.request)
    nights = room_level.nights_of(plan, kb)
    more = sum(max(0.0, room_level.price_at(lo, level) * n_rooms - i.cost_cny) for i, lo in nights)
    want = room_level.price_at(nights[0][1], level)
    total = plan.total_cost_cny
    return wp._partly(w, message, pick(lang, f"预算不够：{room_level.NAMES[level][0]}房这一带约"
                                       f"{want:.0f}元/间·晚，全程要多约{more:.0f}元",
                                       f"the budget does not reach it: {room_level.NAMES[level][1]}"
                                       f" rooms there are about {want:.0f} CNY per room-night, "
                                       f"{more:.0f} CNY more in all"),
                      pick(lang, f"把预算提高到约{total + more:.0f}元",
                           f"raise the budget to about {total + more:.0f} CNY"))  # fmt: skip


def lodging_feature(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """A lodging feature (`lodging_wish.feature_fit`); 离地铁近 in a town with no metro says so
    (「大理没有地铁」), not that no area fits."""
    if w.value.startswith("avoid:"):
        return _lodging_avoid(w, plan, kb)
    lang = plan.lang
    towns = [d for d in map(kb.destinations.get, plan.request.destinations) if d]
    if w.value == "near-metro" and towns and not any(d.metro for d in towns):
        names = join_names([d.name(lang) for d in towns], lang)
        stays = join_names(sorted({i.name for _, i in _stays(plan, kb)}), lang)
        return wp._not(w, pick(lang, f"住{stays}", f"at {stays}"),
                       pick(lang, f"{names}没有地铁，住处按离景点近安排",
                            f"{names} has no metro; the lodging is chosen near the sights"),
                       "")  # fmt: skip
    return _lodging_fit(w, plan, kb, lambda lo, dest: lodging_wish.feature_fit(lo, w.value, dest))


def _lodging_avoid(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """「不住青旅」 (value ``avoid:hostel``): no night at a lodging of that kind or feature."""
    lang = plan.lang
    value = w.value.removeprefix("avoid:")
    hits = []
    for _, item in _stays(plan, kb):
        lodging, dest = kb.lodging(item.poi_id or ""), kb.destination_of(item.poi_id or "")
        if lodging and dest and (lodging_wish.kind_fit(lodging, value) is True
                                 or lodging_wish.feature_fit(lodging, value, dest) is True):  # fmt: skip
            hits.append(item.name)
    if hits:
        return wp._not(w, pick(lang, f"仍住{join_names(hits, lang)}", f"still at "
                               f"{join_names(hits, lang)}"), pick(lang, "没有别的住宿", "no other "
                               "lodging"), "")  # fmt: skip
    return wp._ok(w, pick(lang, "避开了", "avoided"))


def _lodging_fit(w: Wish, plan: Itinerary, kb: KnowledgeBase,
                 fit: Callable[..., bool | None]) -> WishCheck:  # fmt: skip
    lang = plan.lang
    stays = _stays(plan, kb)
    if not stays:
        return wp._ok(w, pick(lang, "这次不住宿", "no nights to spend"))
    results = []
    for _, item in stays:
        lodging = kb.lodging(item.poi_id or "")
        dest = kb.destination_of(item.poi_id or "")
        results.append(fit(lodging, dest) if lodging and dest else None)
    names = join_names(sorted({i.name for _, i in stays}), lang)
    wanted = plan.request.lodging.nights
    if wanted and w.kind == "lodging_feature" and len(stays) > wanted:
        # 「最后一晚住机场附近」: the nights it holds, said which
        hits = [(d, i) for (d, i), r in zip(stays, results, strict=True) if r is True]
        if len(hits) >= wanted:
            which = _which_nights([d for d, _ in hits], lang)
            fits = join_names(sorted({i.name for _, i in hits}), lang)
            return wp._ok(w, pick(lang, f"{which}住{fits}，符合", f"{which} at {fits}, which fits"))
    if all(r is True for r in results):
        return wp._ok(w, pick(lang, f"住{names}，符合", f"{names} fits"))
    if any(r is False for r in results):
        return wp._not(w, pick(lang, f"住{names}，不符合「{w.said or w.value}」",
                               f"{names} does not fit “{w.said or w.value}”"),
                       pick(lang, "知识库里这一带没有符合的住宿", "no lodging there fits"),
                       pick(lang, "换个住宿区域", "choose another area"))  # fmt: skip
    said = w.said or w.value
    return wp._partly(w, pick(lang, f"住在{names}" + "一带" * (not names.endswith("一带")),
                                        f"staying around {names}"),
                      pick(lang, f"知识库只有住宿区域，无法核实「{said}」，预订时请筛选",
                           f"the knowledge base knows areas, not each hotel, so “{said}” "
                           "cannot be checked — filter for it when you book"), "")  # fmt: skip
