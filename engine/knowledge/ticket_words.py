"""A sight's dated facts in words (zh/en): the ticket on a date and its season, concessions,
reservation lead time, yearly closures. One wording for the timeline, the guide and the model's
facts, so each says the same price for the same day."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from engine.domain.request import Party
from engine.i18n import pick
from engine.knowledge.periods import period_text
from engine.knowledge.prices import (
    adult_price,
    applicable,
    rules_used,
    season_on,
    shuttle_fare,
)
from engine.knowledge.schema import Attraction, Closure, Concession

WHO = {
    "child": ("儿童", "children"),
    "senior": ("老人", "seniors"),
    "student": ("学生", "students"),
}


def _cny(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def ticket_text(attraction: Attraction, date: dt.date, lang: str) -> str:
    """The adult ticket on `date`: 「淡季票价150元（12月1日–2月底）」, 「门票60元」, 「免费」;
    "off-season ticket 150 CNY (1 Dec – end of Feb)", "ticket 60 CNY", "free entry"."""
    price = adult_price(attraction, date)
    season = season_on(attraction, date)
    if season is None:
        if not price:
            return pick(lang, "免费", "free entry")
        return pick(lang, f"门票{_cny(price)}元", f"ticket {_cny(price)} CNY")
    period = period_text(season.start, season.end, lang)
    label = season.label_zh if lang == "zh" else season.label_en
    en_label = f"{label} " if label else ""
    if not price:
        return pick(lang, f"{label}免费（{period}）", f"free entry {en_label}({period})")
    return pick(
        lang,
        f"{label}票价{_cny(price)}元（{period}）",
        f"{en_label}ticket {_cny(price)} CNY ({period})",
    )


def shuttle_text(holder: Attraction, date: dt.date, lang: str, party: Party | None = None) -> str:
    """The compulsory shuttle bought with `holder`'s ticket on `date` (`Attraction.shuttle`):
    「另购观光车90元/人（必乘）」, "plus the sightseeing bus 90 CNY a person (compulsory)", with
    the bus's own concessions that someone in `party` meets (「…（必乘；1.4米以下儿童半价）」);
    "" when there is none."""
    bus = holder.shuttle
    if bus is None:
        return ""
    fare = _cny(shuttle_fare(holder, date))
    rules = applicable(bus, party) if party is not None else ()
    zh = "".join(f"；{c.note_zh}" for c in rules if c.who != "student" and c.note_zh)
    en = "".join(f"; {c.note_en}" for c in rules if c.who != "student" and c.note_en)
    return pick(
        lang,
        f"另购{bus.name_zh}{fare}元/人（必乘{zh}）",
        f"plus the {bus.name_en} {fare} CNY a person (compulsory{en})",
    )


def ticket_name(park: Attraction, lang: str) -> str:
    """What the ticket of a park that sights lie inside is called: `ticket_name_zh/en`, else
    the park's name + 门票 (「九华山门票」, "Jiuhuashan entry ticket")."""
    zh = park.ticket_name_zh or f"{park.name_zh}门票"
    en = park.ticket_name_en or f"{park.name_en} ticket"
    return pick(lang, zh, en)


def entry_text(
    place: Attraction,
    park: Attraction | None,
    date: dt.date,
    party: Party,
    lang: str,
    *,
    buys: bool = True,
) -> str:
    """How a visit on `date` gets in, for the timeline: the ticket that day and the party's
    concessions (「淡季票价140元（11月15日–1月15日）；老人（60岁以上）半价」, 「免费」); for a sight
    inside `park` 「凭九华山门票，在此购票：…」 when the visit `buys` the park's ticket (the trip's
    first visit that needs it; with the park's booking advice), 「凭九华山门票（本行程已购）」 when an earlier one did (the park's
    own record too), then what the sight charges on top (「另收门票15元」). A ticket bought here
    says its compulsory shuttle (`shuttle_text`). Student rules are left to the guide."""
    holder = park or place
    name = ticket_name(holder, lang)
    if not buys:
        words = pick(
            lang, f"凭{name}（本行程已购）", f"on the {name} (bought earlier on this trip)"
        )
    else:
        words = _priced(holder, date, party, lang)
        if holder.ticket_valid_days and holder.ticket_valid_days > 1:
            days = holder.ticket_valid_days
            words += pick(lang, f"，{days}天有效", f", valid {days} days")
        if bus := shuttle_text(holder, date, lang, party):
            words += pick(lang, f"；{bus}", f"; {bus}")
        if park is not None:
            words = pick(
                lang, f"凭{name}，在此购票：{words}", f"on the {name}, bought here: {words}"
            )
            if booking := reservation_text(park, lang, how=False):
                words += pick(lang, f"（{booking}）", f" ({booking})")
    if park is not None and (place.ticket_cny or place.seasons):
        own = _priced(place, date, party, lang)
        words += pick(lang, f"；另收{own}", f"; plus {own}")
    return words


def _priced(attraction: Attraction, date: dt.date, party: Party, lang: str) -> str:
    """The ticket on `date` and, when there is one, the party's concessions (not students')."""
    price = ticket_text(attraction, date, lang)
    if not (attraction.ticket_cny or attraction.seasons):
        return price
    rules = concessions_text(attraction, party, lang, students=False)
    return pick(lang, "；", "; ").join(p for p in (price, rules) if p)


def _who_range(rule: Concession, lang: str) -> str:
    zh: list[str] = []
    en: list[str] = []
    lo, hi = rule.min_age, rule.max_age
    if lo is not None and hi is not None:
        zh.append(f"{lo}–{hi}岁")
        en.append(f"{lo}–{hi}")
    elif hi is not None:
        zh.append(f"{hi}岁以下")
        en.append(f"up to {hi}")
    elif lo is not None:
        zh.append(f"{lo}岁以上")
        en.append(f"{lo}+")
    if rule.max_height_cm is not None:
        metres = f"{rule.max_height_cm / 100:g}"
        zh.append(f"{metres}米以下")
        en.append(f"up to {metres} m")
    return pick(lang, "或".join(zh), " or ".join(en))


def concession_text(rule: Concession, lang: str) -> str:
    """One rule: 「儿童（6–18岁）半价」, 「儿童（6岁以下或1.2米以下）免票」, 「老人（65岁以上）免票」,
    「学生30元」; "children (6–18) half price", "seniors (65+) free"."""
    zh_who, en_who = WHO[rule.who]
    scope = _who_range(rule, lang)
    who = pick(lang, f"{zh_who}（{scope}）" if scope else zh_who,
               f"{en_who} ({scope})" if scope else en_who)  # fmt: skip
    fare = {
        "free": ("免票", "free"),
        "half": ("半价", "half price"),
        "fixed": (f"{_cny(rule.fare_cny or 0)}元", f"{_cny(rule.fare_cny or 0)} CNY"),
    }[rule.fare]
    note = rule.note_zh if lang == "zh" else rule.note_en
    text = pick(lang, who + fare[0], f"{who} {fare[1]}")
    return text + (pick(lang, f"（{note}）", f" ({note})") if note else "")


def concessions_text(
    attraction: Attraction, party: Party, lang: str, *, students: bool = True
) -> str:
    """The concessions worth telling `party` (`prices.applicable`; student rules only with
    `students`), joined; "" when none."""
    rules = [r for r in applicable(attraction, party) if students or r.who != "student"]
    return pick(lang, "；", "; ").join(concession_text(r, lang) for r in rules)


def fare_rules_text(rules: Sequence[Concession], party: Party, lang: str) -> str:
    """What a fare's own concessions (`rules`: a cable car's, a crossing's, a mountain's rides)
    mean for `party`: the rule each child or senior is charged by (`prices.rules_used`), in the
    rule's own words when it has them (「6周岁以下或身高不足1.2米免票」), else 「儿童（1.2米以下）
    免票」; with children and no child rule known, that a child fare may apply (「儿童票价未核实，
    现场可能有优惠」); "" for a party of adults."""
    words = [(r.note_zh if lang == "zh" else r.note_en) or concession_text(r, lang)
             for r in rules_used(rules, party)]  # fmt: skip
    if party.children and not any(r.who == "child" for r in rules):
        words.append(pick(lang, "儿童票价未核实，现场可能有优惠",
                          "child fare not checked: ask, one may apply"))  # fmt: skip
    return pick(lang, "；", "; ").join(words)


def reservation_text(attraction: Attraction, lang: str, *, how: bool = True) -> str:
    """How to book: 「至少提前1天预约：微信小程序…」, 「建议预约」 (with `how`, where to book from
    `reservation_note_*`); "" when no booking is needed."""
    if attraction.reservation == "none":
        return ""
    required = attraction.reservation == "required"
    lead = attraction.reservation_lead_days
    if lead:
        head = pick(
            lang,
            f"{'' if required else '建议'}至少提前{lead}天预约",
            f"{'book' if required else 'booking advised'} at least {lead} day"
            f"{'s' if lead > 1 else ''} ahead",
        )
    else:
        head = pick(
            lang,
            "需提前预约" if required else "建议预约",
            "book ahead" if required else "booking advised",
        )
    where = attraction.reservation_note_zh if lang == "zh" else attraction.reservation_note_en
    return head + (pick(lang, f"：{where}", f": {where}") if how and where else "")


def lead_warning(attraction: Attraction, visit: dt.date, today: dt.date, lang: str) -> str:
    """A warning when a visit on `visit` falls within the booking lead time counted from
    `today` (「故宫需至少提前7天预约，12月3日的票现在可能已约不上…」); "" otherwise or for a date
    that has passed."""
    lead = attraction.reservation_lead_days
    ahead = (visit - today).days
    if attraction.reservation == "none" or not lead or ahead < 0 or ahead >= lead:
        return ""
    name = attraction.name(lang)
    return pick(
        lang,
        f"{name}需至少提前{lead}天预约，{visit.month}月{visit.day}日的票现在可能已约不上："
        "请马上查看余票，或换一天去",
        f"{name} must be booked at least {lead} day{'s' if lead > 1 else ''} ahead: tickets "
        f"for {visit.isoformat()} may be gone already — check now, or go on another day",
    )


def closure_text(closure: Closure, lang: str) -> str:
    """A yearly closure: 「西海大峡谷每年12月1日–2月底关闭（冰雪封路）」, 「每年…闭馆」."""
    period = period_text(closure.start, closure.end, lang)
    part = closure.part_zh if lang == "zh" else closure.part_en
    note = closure.note_zh if lang == "zh" else closure.note_en
    text = pick(
        lang,
        f"{part}每年{period}关闭" if part else f"每年{period}闭馆",
        f"{part} closed every year {period}" if part else f"closed every year {period}",
    )
    return text + (pick(lang, f"（{note}）", f" ({note})") if note else "")
