"""「不想排队」, "we hate crowds" (wish kind ``crowds``): answered with the trip's dates. On a
public holiday (`engine.knowledge.festivals.holiday_on`: 国庆, 春节, 五一 …) the crowds cannot be
planned away — said with the days, the popular sights put at opening
(`engine.planning.holiday_crowds`), and what helps (other dates, booking ahead);
otherwise the plan is off the holidays, and weekends and peak season still bring queues."""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Itinerary
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.festivals import HOLIDAY_NAMES, holiday_on
from engine.planning import wish_places as wp
from engine.planning.holiday_crowds import at_opening


def crowds(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """See the module docstring: ``not`` on a holiday (with the days), else ``partly``."""
    lang = plan.lang
    held = [(d.index, holiday_on(d.date)) for d in plan.days]
    held = [(i, f) for i, f in held if f in HOLIDAY_NAMES]
    if held:
        first, festival = held[0]
        last = held[-1][0]
        zh, en = HOLIDAY_NAMES[festival or ""]
        span = f"{first}" if first == last else f"{first}–{last}"
        early = at_opening(plan, kb)
        if early:  # the magnets at opening: said with what was done
            done = pick(lang, "、", ", ").join(
                pick(lang, f"第{d}天 {t} {n}", f"day {d} {t} {n}") for d, t, n in early[:4]
            )
            return wp._partly(
                w,
                pick(lang, f"第{span}天在{zh}，热门景点安排在一早开门不久：{done}",
                     f"day {span} in {en}: popular sights first thing in the morning: {done}"),
                pick(lang, "假期是全年人最多的时候，排队仍难免", "holidays are the busiest days "
                     "of the year, queues remain likely"),
                pick(lang, "错开假期出行，热门景点提前网上预约", "travel outside the holiday, and "
                     "book popular sights ahead"),
            )  # fmt: skip
        return wp._not(
            w,
            pick(lang, f"第{span}天在{zh}，热门景点排队难免", f"day {span} in {en}: queues at "
                 "popular sights cannot be avoided"),
            pick(lang, "假期是全年人最多的时候，热门景点常限流", "holidays are the busiest days "
                 "of the year, popular sights are often capped"),
            pick(lang, "错开假期出行；或热门景点开门就到、提前网上预约", "travel outside the "
                 "holiday, or be at popular sights when they open and book ahead"),
        )  # fmt: skip
    return wp._partly(
        w,
        pick(lang, "行程不在法定假期", "the trip is outside public holidays"),
        pick(lang, "周末和旺季热门景点仍会排队", "weekends and peak season still bring queues at "
             "popular sights"),
        pick(lang, "热门景点开门就到，提前网上预约", "be at popular sights when they open and book "
             "ahead"),
    )  # fmt: skip
