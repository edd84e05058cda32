"""Words in a plan's own language (zh / en), whatever the interface speaks.

The rule (README "Languages"): the chrome — menus, buttons, the sidebar, the app's own notes —
speaks the UI language (Qt Linguist, `desktop.i18n`); what describes a plan — the itinerary
panel (title line, feasibility, timeline, badges, map) — speaks the itinerary's ``lang``; a
job's progress lines speak its request's language (worded by `engine.events.describe`).
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, QLocale

PLAN_LANGS = ("zh", "en")

#: key → (zh, en); ``{n}`` / ``{x}`` are filled in; an en text "a|b" is singular|plural on n.
TEXT: dict[str, tuple[str, str]] = {
    "day": ("第{n}天", "Day {n}"),
    "days": ("{n}天", "{n} day|{n} days"),
    "people": ("{n}人", "{n} traveller|{n} travellers"),
    "about": ("约{x}", "about {x}"),
    "version": ("第{n}版", "version {n}"),
    "km": ("{x}公里", "{x} km"),
    "m": ("{x}米", "{x} m"),
    "unchecked": ("尚未检查", "Not checked yet"),
    "day_prefix": ("第{n}天：", "Day {n}: "),
    "relax": ("可以放宽：", "What to relax: "),
    "details": ("详情", "Details"),
    "first_version": ("初版", "first plan"),
    "diff_title": ("第{n}版改了什么：", "What version {n} changed:"),
    "landing": ("第{n}天第{x}站", "day {n}, stop {x}"),
    "preview_fits": ("{x}", "{x}"),
    "preview_shifted": ("，当天另有{n}站时间随之变化", ", {n} other stop(s) re-timed that day"),
}

#: Mode or item kind → (zh, en) name.
MODES: dict[str, tuple[str, str]] = {
    "walk": ("步行", "Walk"),
    "metro": ("地铁", "Metro"),
    "bus": ("公交", "Bus"),
    "taxi": ("打车", "Taxi"),
    "hsr": ("高铁", "High-speed rail"),
    "train": ("火车", "Train"),
    "flight": ("飞机", "Flight"),
    "coach": ("大巴", "Coach"),
    "cable_car": ("索道", "Cable car"),
    "charter": ("包车", "Chartered car"),
    "ferry": ("轮渡", "Ferry"),
    "drive": ("自驾", "Drive"),
    "attraction": ("景点", "Sight"),
    "meal": ("用餐", "Meal"),
    "lodging": ("住宿", "Lodging"),
    "free": ("自由活动", "Free time"),
}


def plan_text(lang: str, key: str, n: int | None = None, x: str = "") -> str:
    """`key` of `TEXT` in `lang` (``zh``; anything else is English), `n` and `x` filled in."""
    zh, en = TEXT[key]
    text = zh if lang == "zh" else en
    if "|" in text:
        one, many = text.split("|", 1)
        text = one if n == 1 else many
    return text.replace("{n}", "" if n is None else str(n)).replace("{x}", x)


def mode_name(key: str, lang: str) -> str:
    """The name of a transport mode or item kind in `lang` (the key itself when unknown)."""
    names = MODES.get(key)
    return key if names is None else names[0 if lang == "zh" else 1]


def distance(metres: int | None, lang: str) -> str:
    """``19.1 km`` / ``19.1公里``, ``237 m`` / ``237米``; '' for none."""
    if not metres:
        return ""
    if metres >= 1000:
        return plan_text(lang, "km", x=f"{metres / 1000:.1f}")
    return plan_text(lang, "m", x=str(metres))


def day_date(date: dt.date, lang: str) -> str:
    """「12月5日 周六」 in Chinese, "Sat 5 Dec" in English."""
    day = QDate(date.year, date.month, date.day)
    if lang == "zh":
        return QLocale(QLocale.Language.Chinese, QLocale.Country.China).toString(day, "M月d日 ddd")
    english = QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)
    return english.toString(day, "ddd d MMM")


def money(value: float) -> str:
    """CNY with no decimals and thousands separators: ``¥1,780`` (the same in both languages)."""
    return f"¥{round(value):,}"
