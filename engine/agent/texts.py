"""What the agent says, in the person's language (zh or en): summaries, help, errors."""

from __future__ import annotations

from collections.abc import Sequence

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import LIFT_PHRASES
from engine.i18n import text_lang
from engine.planning.wish_transport import MODE_WORDS
from engine.understanding.habits import LABELS, PreferenceLike, label

#: Appended to the partial assistant text of a cancelled turn (kept in the history).
INTERRUPTED_MARK = "[Interrupted]"


def detect_lang(text: str) -> str:
    """The language to answer `text` in (`engine.i18n.text_lang`, the one rule)."""
    return text_lang(text)


def pick(lang: str, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def join(items: Sequence[str], lang: str) -> str:
    if lang == "zh":
        return "、".join(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def step(name: str, lang: str) -> str:
    """The progress line of a `thinking_step`."""
    zh, en = {
        "understand": ("理解你的需求…", "Understanding your request…"),
        "plan": ("规划路线并检查可行性…", "Planning the route and checking feasibility…"),
        "revise": ("按你的要求调整行程…", "Adjusting the plan as you asked…"),
        "guide": ("撰写攻略…", "Writing the guide…"),
        "restore": ("恢复之前的版本…", "Restoring the earlier version…"),
        "edit": ("修改行程并重新排时间…", "Editing the plan and re-timing it…"),
        "edit_model": ("模型在想怎么改…", "The model is choosing the edits…"),
    }[name]
    return pick(lang, zh, en)


def _feasibility(it: Itinerary, lang: str) -> str:
    report = it.feasibility
    if report is None:
        return ""
    failures = [c for c in report.failures if c.severity == "error"] or list(report.failures)
    if not failures:
        return pick(lang, "行程通过了可行性检查。", "The plan passed every feasibility check.")
    first = failures[0]
    relax = f"{pick(lang, '建议：', ' Suggestion: ')}{first.relax}" if first.relax else ""
    return pick(
        lang,
        f"有{len(failures)}项需要注意：{first.message}{'（' + relax + '）' if relax else ''}。",
        f"{len(failures)} check(s) need attention: {first.message}.{relax}",
    )


def applied_preferences(applied: Sequence[PreferenceLike], lang: str) -> str:
    """The progress line when remembered preferences change a new plan."""
    prefs = join([label(p, lang) for p in applied], lang)
    return pick(
        lang,
        f"按你之前说过的偏好：{prefs}（不需要的话直接说）",
        f"Using what you told me before: {prefs} (say so if it no longer holds)",
    )


def plan_summary(it: Itinerary, lang: str, applied: Sequence[PreferenceLike] = ()) -> str:
    """The short answer after a new plan: what, how long, cost, feasibility, preferences."""
    people = it.request.party.size
    text = pick(
        lang,
        f"已为你规划好「{it.title}」：{len(it.days)}天，{people}人，预计花费约¥{it.total_cost_cny:,.0f}。",
        f'Here is "{it.title}": {len(it.days)} day{"s" if len(it.days) > 1 else ""} for '
        f"{people} {'person' if people == 1 else 'people'}, about ¥{it.total_cost_cny:,.0f} in total. ",
    )
    text += _feasibility(it, lang)
    if applied:
        prefs = join([label(p, lang) for p in applied], lang)
        text += pick(
            lang, f"已照顾到你的偏好：{prefs}。", f" I kept your preferences in mind: {prefs}."
        )
    text += pick(
        lang,
        "攻略已写好；想调整的话直接告诉我，比如「第二天轻松一点」。",
        ' The guide is written; tell me what to change, e.g. "make day 2 more relaxed".',
    )
    return text


def ways_changed(old: Itinerary, new: Itinerary, lang: str) -> list[str]:
    """The ways between places a revision changed, in words (「城际交通改为自驾：上海 → 汤口镇」,
    "travel between places now by driving: …"); none when the modes of the legs are the same."""

    def legs(it: Itinerary) -> list[Item]:
        return [i for d in it.days for i in d.items
                if i.kind == ItemKind.INTERCITY and i.overnight != "arrive"]  # fmt: skip

    before, after = legs(old), legs(new)
    if not after or [i.mode for i in before] == [i.mode for i in after]:
        return []
    if len(before) == len(after):  # one leg changed ("train from Xi'an to Chengdu"): that leg
        changed = [(b, a) for b, a in zip(before, after, strict=True) if b.mode != a.mode]
        if len(changed) < len(after):
            return [pick(lang, f"{a.name}改为{_mode_word(a, lang)}（原来{_mode_word(b, lang)}）",
                         f"{a.name} now by {_mode_word(a, lang)} (was {_mode_word(b, lang)})")
                    for b, a in changed]  # fmt: skip
    words = list(dict.fromkeys(pick(lang, *MODE_WORDS.get(i.mode.value, (i.mode.value,) * 2))
                               for i in after if i.mode is not None))  # fmt: skip
    shown = pick(lang, "、", ", ").join(words)
    first = after[0].name
    return [pick(lang, f"城际交通改为{shown}（{first}等）", f"travel between places now by {shown} "
                 f"({first} and on)")]  # fmt: skip


def _mode_word(item: Item, lang: str) -> str:
    mode = item.mode.value if item.mode is not None else ""
    return pick(lang, *MODE_WORDS.get(mode, (mode, mode)))


def revision_summary(old: Itinerary, new: Itinerary, changes: Sequence[str], lang: str) -> str:
    """The short answer after a revision: what changed (the ways between places too,
    `ways_changed`), cost before/after, feasibility."""
    changes = [*changes, *ways_changed(old, new, lang)]
    text = pick(
        lang,
        f"已调整（第{new.version}版）：{join(changes, lang)}。总花费 ¥{old.total_cost_cny:,.0f} → ¥{new.total_cost_cny:,.0f}。",
        f"Updated (version {new.version}): {join(changes, lang)}. Total cost ¥{old.total_cost_cny:,.0f} → ¥{new.total_cost_cny:,.0f}. ",
    )
    return (
        text
        + _feasibility(new, lang)
        + pick(
            lang,
            "攻略也已同步更新；说「恢复上一版」可以撤销。",
            ' The guide is updated too; say "undo" to go back.',
        )
    )


#: What a plan's money goes on, in the order said: (item kinds, zh, en).
_SPENDING = (
    (("intercity",), "城际交通", "intercity travel"),
    (("lodging",), "住宿", "lodging"),
    (("attraction",), "门票和景区交通", "tickets"),
    (("meal",), "餐饮", "meals"),
    (("transit", "free"), "市内交通", "local transport"),
)


def spending(it: Itinerary, lang: str) -> str:
    """What the plan's total goes on, largest first («住宿¥6,000、城际交通¥5,200…»)."""
    parts = []
    for kinds, zh, en in _SPENDING:
        cost = sum(i.cost_cny for d in it.days for i in d.items if i.kind.value in kinds)
        if cost >= 1:
            parts.append((cost, f"{pick(lang, zh, en)} ¥{cost:,.0f}"))
    return join([p for _, p in sorted(parts, key=lambda p: -p[0])], lang)


def budget_unmet(old: Itinerary, budget: int, lang: str) -> str:
    """The answer when a lower budget could not make the plan cheaper (no new version): what it
    costs and on what, and what would bring it down."""
    cost = old.total_cost_cny
    return pick(
        lang,
        f"预算改成¥{budget:,}后重新规划，行程没法更便宜了：最少也要约¥{cost:,.0f}"
        f"（{spending(old, lang)}），所以没有改动，也没有另存新版本。"
        "想省钱可以减少天数或人数、换更便宜的住宿，或去掉门票贵的景点。",
        f"Replanned for a ¥{budget:,} budget, but the plan cannot get cheaper: it still costs "
        f"about ¥{cost:,.0f} ({spending(old, lang)}), so nothing changed and no new version was "
        "saved. To spend less: fewer days or people, cheaper lodging, or skip the dearest tickets.",
    )


def over_budget(new: Itinerary, budget: int, lang: str) -> str:
    """Said after a revision whose plan is still over its budget: by how much, and on what."""
    cost = new.total_cost_cny
    return pick(
        lang,
        f"不过仍超出预算¥{budget:,}：约¥{cost:,.0f}（{spending(new, lang)}）。",
        f" It is still over the ¥{budget:,} budget: about ¥{cost:,.0f} ({spending(new, lang)}).",
    )


def unchanged(changes: Sequence[str], full_days: Sequence[tuple[int, str]], lang: str) -> str:
    """The answer when a revision replans to the very same days (no new version is stored)."""
    why = ""
    if full_days:
        day, name = full_days[0]
        why = pick(
            lang,
            f"第{day}天是{name}一整天，已经没法更轻松了；可以换成别的地方，或调整其他天。",
            f"Day {day} is a whole day at {name}, which cannot get lighter; replace it, or change "
            "another day.",
        )
    return pick(
        lang,
        f"按「{join(changes, lang)}」重新规划后，行程没有变化，所以没有另存新版本。{why}",
        f"Replanned for: {join(changes, lang)} — the plan comes out the same, so no new version "
        f"was saved. {why}",
    )


def restored(version: int, number: int, lang: str) -> str:
    return pick(
        lang,
        f"已恢复到第{version}版（保存为第{number}版），攻略随之恢复。",
        f"Restored version {version} (saved as version {number}), with its guide.",
    )


def nothing_to_restore(lang: str) -> str:
    return pick(lang, "这已经是最早的版本了。", "This is already the earliest version.")


def capabilities(
    lang: str, *, understood: bool = False, stop: str | None = None, days: int | None = None
) -> str:
    """The helpful answer to a follow-up the offline policy does not understand (`understood`:
    it did, but there was nothing to change — no "I can't do that"; or the person asked what
    can be changed). `stop`: the name of one of the plan's sights, used in the examples;
    `days`: the plan's length, so that the examples name only days it has (no 「第三天」 on a
    2-day trip); None: any."""
    sight_zh, sight_en = (f"「{stop}」", f"“{stop}”") if stop else ("某个景点", "a sight")
    d1, d2, d3 = (1, 2, 3) if days is None else (1, min(2, days), min(3, days))
    z1, z2, z3 = (f"第{'一二三'[d - 1]}天" for d in (d1, d2, d3))
    text = pick(
        lang,
        f"我可以这样调整当前行程：「加上某个景点」「把{sight_zh}挪到{z1}」「{z2}早上9点出发」"
        f"「{z2}换个地方吃午饭」「{z1}加上午饭」「{z3}下午加个适合孩子的景点」「重新安排{z2}」"
        f"「{z2}轻松一点」「加一天」「锁定{sight_zh}」「我爸妈也一起去」「晚一周出发」"
        "「预算降到2000」「不要去博物馆」「恢复上一版」；也可以告诉我新的出发地、目的地和天数重新规划。",
        f'I can change the current plan: "add a sight", "move {sight_en} to day {d1}", "start '
        f'day {d2} at 9am", "somewhere else for lunch on day {d2}", "add lunch on day {d1}", '
        f'"add a sight for kids on day {d3}", "redo day {d2}", "make day {d2} more relaxed", '
        f'"add a day", "lock {sight_en}", "my parents are coming too", "leave a week later", '
        '"lower the budget to 2000", "no museums", "undo"; or tell me a new departure, '
        "destination and number of days to plan again.",
    )
    return text if understood else pick(lang, "这个我还做不到。", "I can't do that yet. ") + text


def no_answer(lang: str) -> str:
    """The start of the answer to a question about the trip that nothing answers: said, the
    plan kept (no "I can't do that": nothing was asked to change)."""
    return pick(lang, "这个问题我答不上来：资料里没有相关信息，行程没有改动。",
                "I can't answer that: the knowledge base has nothing on it, and the plan is "
                "unchanged. ")  # fmt: skip


def which_meal_day(meal: str, places: Sequence[tuple[int, str | None]], lang: str) -> str:
    """The question back for a meal swap said without a day on a plan of several: 「哪一天的晚饭？
    第1天在A，第2天在B。」 (`places`: each day and where its `meal` is, None: not at a restaurant)."""
    zh_meal = "午饭" if meal == "lunch" else "晚饭"
    days = [(d, name) for d, name in places if name]
    last = days[-1][0] if days else 2
    en = ", ".join(f"day {d} at {name}" for d, name in days)
    return pick(
        lang,
        f"哪一天的{zh_meal}？" + "，".join(f"第{d}天在{name}" for d, name in days)
        + f"。说「第{last}天换个地方吃{zh_meal}」就行。",
        f"Which day's {meal}? {en[:1].upper()}{en[1:]}. "
        f'Say "somewhere else for {meal} on day {last}".',
    )  # fmt: skip


def food_limit(said: str, meals: Sequence[tuple[int, str, str]], lang: str) -> str:
    """The answer to 「只吃一次烤鸭就够了」: the plan has it at most once, or which meals have it
    and what to say to change one (`meals`: day, lunch/dinner, restaurant)."""
    zh = {"lunch": "午饭", "dinner": "晚饭"}
    if len(meals) <= 1:
        where = pick(lang, f"（第{meals[0][0]}天{zh[meals[0][1]]}，{meals[0][2]}）",
                     f" (day {meals[0][0]} {meals[0][1]}, {meals[0][2]})") if meals else ""  # fmt: skip
        return pick(lang, f"好的，行程里的{said}最多一顿{where}，不用改。",
                    f"Fine: the plan has {said} at most once{where}; nothing to change.")  # fmt: skip
    day, meal, _name = meals[-1]
    listed_zh = "，".join(f"第{d}天{zh[m]}在{n}" for d, m, n in meals)
    listed_en = ", ".join(f"day {d} {m} at {n}" for d, m, n in meals)
    return pick(
        lang,
        f"行程里有{len(meals)}顿{said}：{listed_zh}。附近没有别的餐厅可以换，"
        f"可以说「第{day}天换个地方吃{zh[meal]}」试试。",
        f"The plan has {said} {len(meals)} times: {listed_en}. No other restaurant nearby is "
        f'free to take them; try "somewhere else for {meal} on day {day}".',
    )


def allowed(lifted: tuple[str, str], lang: str) -> str:
    """A preference taken back, as a short phrase (「可以坐飞机」, `habits.LIFT_PHRASES`); one
    without a phrase as 「不再按“<label>”安排」."""
    kind, key = lifted
    if key in LIFT_PHRASES:
        return pick(lang, *LIFT_PHRASES[key])
    zh, en = LABELS.get((kind, key), (key, key))
    return pick(lang, f"不再按「{zh}」安排", f"no longer planning for “{en}”")


def forgotten(lifted: Sequence[tuple[str, str]], lang: str) -> str:
    """What the person took back, e.g. 「好的，已记下：可以坐飞机。」"""
    items = join([allowed(p, lang) for p in lifted], lang)
    return pick(lang, f"好的，已记下：{items}。", f"Noted: {items}.")


def remembered(prefs: Sequence[PreferenceLike], lang: str, *, planned: bool = False) -> str:
    """The answer when the person only told a preference (already applied, or no plan yet)."""
    items = join([label(p, lang) for p in prefs], lang)
    if planned:
        return pick(
            lang,
            f"记住了：{items}。当前行程已经照顾到了，以后的行程也会。",
            f"Noted: {items}. The current plan already respects it, and later plans will too.",
        )
    return pick(
        lang,
        f"记住了：{items}。以后的行程都会照顾到。告诉我从哪里出发、去哪里、玩几天吧。",
        f"Noted: {items}. I'll keep it in mind for every plan. "
        "Where from, where to, and for how many days?",
    )


def failed(lang: str) -> str:
    """An unexpected failure (details go to the log, never to the person)."""
    return pick(
        lang,
        "抱歉，这次规划时出了点问题，没有完成。请稍后再试，或换个说法。",
        "Sorry, something went wrong and the plan was not finished. Please try again.",
    )


def max_iterations(lang: str) -> str:
    return pick(
        lang,
        "这一轮的步骤数已到上限，先停在这里。",
        "This turn reached its step limit, so I stopped here.",
    )


def change_not_understood(lang: str) -> str:
    return pick(
        lang, "没看懂要怎样修改这个行程。", "I did not understand what to change in this plan."
    )


def not_understood(lang: str) -> str:
    return pick(
        lang,
        "没能理解这个请求。请告诉我出发地、目的地和天数，例如：上海出发去黄山玩两天。",
        'I could not understand that. Tell me where from, where to and how long, e.g. "2 days in Huangshan from Shanghai".',
    )
