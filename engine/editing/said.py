"""An edit operation in a few words (zh, en), to say which of several asked together was not
made (`engine.editing.apply.apply_edits(partial=True)`): 「第3天换一家吃午餐」, "add 宏村"."""

from __future__ import annotations

from engine.editing.ops import (
    AddDay,
    AddMeal,
    AddPlace,
    ChangeDates,
    ChangeParty,
    Edit,
    LockStop,
    MoveStop,
    RegenerateDay,
    RemoveDay,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
    SwapDays,
    SwapLodging,
    SwapMeal,
)
from engine.knowledge.base import KnowledgeBase

_MEAL = {"lunch": ("午餐", "lunch"), "dinner": ("晚餐", "dinner")}


def edit_words(edit: Edit, kb: KnowledgeBase) -> tuple[str, str]:
    """`edit` in words (zh, en); a place by its name in the knowledge base, else as given."""

    def name(ref: str) -> tuple[str, str]:
        place = kb.place(ref)
        return (place.name_zh, place.name_en) if place is not None else (ref, ref)

    match edit:
        case SwapMeal(day=day, meal=meal):
            zh, en = _MEAL[meal]
            return f"第{day}天换一家吃{zh}", f"{en} elsewhere on day {day}"
        case AddMeal(day=day, meal=meal):
            zh, en = _MEAL[meal]
            return f"第{day}天加上{zh}", f"a {en} on day {day}"
        case AddPlace(place=ref, day=day):
            zh, en = name(ref)
            return (f"第{day}天加上{zh}", f"add {en} on day {day}") if day else (
                f"加上{zh}", f"add {en}")  # fmt: skip
        case MoveStop(stop=ref, day=day):
            zh, en = name(ref)
            return (f"把{zh}挪到第{day}天", f"move {en} to day {day}") if day else (
                f"调整{zh}的顺序", f"move {en}")  # fmt: skip
        case RemoveStop(stop=ref):
            zh, en = name(ref)
            return f"去掉{zh}", f"skip {en}"
        case LockStop(stop=ref):
            zh, en = name(ref)
            return f"固定{zh}", f"lock {en}"
        case SetStopTime(stop=ref):
            zh, en = name(ref)
            return f"调整{zh}的时间", f"retime {en}"
        case SetDayTimes(day=day):
            return f"调整第{day}天的出发或结束时间", f"day {day}'s start or end time"
        case SwapLodging(day=day):
            return f"第{day}天换住处", f"another lodging from day {day}"
        case RegenerateDay(day=day, near=str(near)):
            return f"第{day}天就在{near}附近玩", f"spend day {day} around {near}"
        case RegenerateDay(day=day):
            return f"重新安排第{day}天", f"replan day {day}"
        case AddDay():
            return "加一天", "add a day"
        case RemoveDay():
            return "去掉一天", "remove a day"
        case SwapDays(a=a, b=b):
            return f"第{a}天和第{b}天对调", f"swap days {a} and {b}"
        case ChangeDates(start=start):
            return f"改成{start.isoformat()}出发", f"start on {start.isoformat()}"
        case ChangeParty():
            return "改人数", "change who travels"
    return "这项修改", "this change"
