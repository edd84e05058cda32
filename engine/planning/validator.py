"""The feasibility validator: re-checks a finished itinerary against the knowledge base.

Checks follow the environment constraints of ChinaTravel (Shao et al., 2024, arXiv 2412.13682,
"commonsense constraints"): places exist; visits inside opening hours on that date; no repeated
attractions or restaurants; meals in their windows; activities in time order; a transit leg
whenever the position changes; lodging for every night; costs = price × people (the price on
that date, concessions applied person by person); plus the request's own constraints: pace,
budget, intercity legs, must-see places and things to avoid; and a warning for a visit inside
its booking lead time counted from the day the plan is made, and for days in a public holiday
(`engine.planning.holiday_check`). The pace is a warning too: the planner keeps it, and an edit
the person asks for (「在故宫多待一会儿」) may pass it, said, without making the plan infeasible.
Headline sights left out are a warning, with the reason. Every check is reported (passed or
not); a failed one names what to relax. The report's wishes section answers each wish the
person said (`engine.planning.wishes`). The checks themselves live by theme in
`engine.planning.checks` (places, meals, timeline, costs).
"""

from __future__ import annotations

from engine.domain.feasibility import Check, FeasibilityReport
from engine.domain.itinerary import Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.planning.checks import Problem, costs, meals, places, timeline
from engine.planning.day_trips import day_trip_check
from engine.planning.headline_check import headline_check
from engine.planning.holiday_check import holiday_check
from engine.planning.night_check import night_check
from engine.planning.origin_sights import origin_sights_check
from engine.planning.sunset_check import sunset_check
from engine.planning.wishes import evaluate as evaluate_wishes


def validate(itinerary: Itinerary, kb: KnowledgeBase) -> FeasibilityReport:
    """Check `itinerary`; returns one `Check` per constraint (all of them, passed or not)."""
    lang = itinerary.lang
    checks = [
        _check(
            lang,
            "known_places",
            places.unknown_places(itinerary, kb),
            "所有地点都在知识库中",
            "every place is in the knowledge base",
            "换成知识库中的地点",
            "use places from the knowledge base",
        ),
        _check(
            lang,
            "opening_hours",
            places.opening_hours(itinerary, kb),
            "所有游览都在开放时间内",
            "every visit is within opening hours",
            "调整日期或顺序，避开闭馆日",
            "move the visit to a day and time it is open",
        ),
        _check(
            lang,
            "no_repeats",
            places.repeats(itinerary, kb),
            "景点和餐厅没有重复",
            "no attraction or restaurant is repeated",
            "删掉重复的地点",
            "drop the repeated place",
        ),
        _check(
            lang,
            "meal_windows",
            meals.meal_windows(itinerary),
            "早中晚餐都在用餐时段内",
            "meals are within their time windows",
            "把用餐调到正常时段",
            "move the meal into its usual hours",
        ),
        _check(
            lang,
            "meals_per_day",
            meals.meal_counts(itinerary),
            "每天最多一顿早餐、午餐、晚餐",
            "at most one breakfast, lunch and dinner a day",
            "删掉多余的一餐",
            "drop the extra meal",
        ),
        _check(
            lang,
            "time_order",
            timeline.time_order(itinerary),
            "活动按时间顺序且不重叠",
            "activities are in time order without overlap",
            "缩短停留或减少安排",
            "shorten a stay or drop an activity",
        ),
        _check(
            lang,
            "transit_legs",
            timeline.missing_legs(itinerary),
            "每次换地点都有交通安排",
            "every change of place has a transport leg",
            "补上交通",
            "add the missing leg",
        ),
        _check(
            lang,
            "lodging",
            places.missing_lodging(itinerary, kb),
            "每晚都有住宿",
            "there is lodging for every night",
            "为每晚安排住宿",
            "book lodging for every night",
        ),
        _check(
            lang,
            "costs",
            costs.wrong_costs(itinerary, kb),
            "费用按当天票价和单价×人数计算（含适用优惠）",
            "costs are that day's prices × people (concessions applied)",
            "按当天票价和单价×人数重算费用",
            "recompute costs from that day's prices × people",
        ),
        _check(
            lang,
            "pace",
            timeline.over_pace(itinerary, kb),
            "每天的景点数量符合节奏",
            "each day's number of sights fits the pace",
            "减少景点或选择更紧凑的节奏",
            "drop sights or choose a faster pace",
        ).model_copy(update={"severity": "warning"}),  # a preference: an edit may pass it, said
        _check(
            lang,
            "intercity",
            timeline.intercity(itinerary),
            "首尾有往返城际交通",
            "the trip starts and ends with intercity legs",
            "补上往返交通",
            "add the outbound and return legs",
        ),
        _check(
            lang,
            "avoid",
            places.avoided_items(itinerary, kb),
            "避开了您不想要的",
            "everything you wanted to avoid is avoided",
            "去掉不想要的安排",
            "remove what you wanted to avoid",
        ),
        _check(
            lang,
            "meals_planned",
            meals.missing_meals(itinerary),
            "外出的日子都安排了午餐和晚餐",
            "lunch and dinner are planned on days out",
            "时间太紧：自备干粮，或放宽节奏",
            "the day is tight: bring food, or ease the pace",
        ).model_copy(update={"severity": "warning"}),
        _check(
            lang,
            "booking_lead",
            places.booking_lead(itinerary, kb),
            "需要预约的景点都还来得及预约",
            "every booking can still be made in time",
            "马上预约，或把这些景点换到晚一些的日子",
            "book now, or move these sights to a later day",
        ).model_copy(update={"severity": "warning"}),
        places.must_see_check(itinerary, kb),
        headline_check(itinerary, kb),
        origin_sights_check(itinerary, kb),
        night_check(itinerary, kb),
        sunset_check(itinerary, kb),
        day_trip_check(itinerary, kb),
        holiday_check(itinerary, kb),
        costs.budget_check(itinerary),
    ]
    return FeasibilityReport(checks=tuple(checks), wishes=evaluate_wishes(itinerary, kb))


def _check(
    lang: str,
    code: str,
    problems: list[Problem],
    ok_zh: str,
    ok_en: str,
    relax_zh: str,
    relax_en: str,
) -> Check:
    """The `Check` named `code`: passed with `ok_*` when there are no `problems`, else failed
    with the first three problems (and how many more), the day of the first, and `relax_*`."""
    if not problems:
        return Check(code=code, passed=True, message=pick(lang, ok_zh, ok_en))
    day = problems[0][0]
    text = pick(lang, "；", "; ").join(pick(lang, zh, en) for _, zh, en in problems[:3])
    if len(problems) > 3:
        text += pick(lang, f"（另有{len(problems) - 3}处）", f" (and {len(problems) - 3} more)")
    return Check(
        code=code, passed=False, message=text, relax=pick(lang, relax_zh, relax_en), day=day
    )
