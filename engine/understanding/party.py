"""Who travels: 我们两个人（3大1小）, 一家三口, 带着父母, "two adults and a child", alone."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.domain.request import Party
from engine.understanding.ages import SENIOR_AGE, find_ages
from engine.understanding.numbers import parse_int
from engine.understanding.party_words import (
    ADULT_KIN,
    BRING,
    BRING_BEFORE,
    BRING_COUNTS,
    BRING_FIRST,
    CHILD,
    COUPLE,
    ELDERS_LEAD,
    ELDERS_LEAD_EN,
    EN_ITEM,
    EN_WHO,
    FAMILY,
    FAMILY_VAGUE,
    GROUP,
    HONEYMOON,
    HOUSEHOLDS,
    IN_LAWS,
    INFANT_AGES,
    KIN,
    MEMBERS,
    MY_KIN,
    OLD_COUPLE,
    PARENT,
    SENIOR,
    SOLO,
    TEEN_AGE,
    TOTAL,
    WE,
    WITH_AFTER,
    ZH_ITEM,
    ZH_WHO,
)
from engine.understanding.text import overlaps, unclaimed


def _about(said: str) -> int | None:
    """A rough head count as a number to plan for: 十几/十多 → 15, 十来 → 10, 二十几 → 25,
    20来 → 20; an exact count as `parse_int` reads it."""
    m = re.fullmatch(r"(.*?)(几|多|来)", said)
    if m is None or not m.group(1):
        return parse_int(said)
    tens = parse_int(m.group(1))
    return None if tens is None else tens + (0 if m.group(2) == "来" else 5)


@dataclass
class PartyFind:
    """Counts found in the text; None where the text said nothing.

    `adults`, `children`, `seniors` come from an explicit breakdown (3大1小, "2 adults");
    `total` from a head count (两个人, "we four people", 我们四个同事); `family_vague` when
    the family is said with no count (全家, "the whole family": two adults, said so); `speakers` from
    「我们俩」 (the speakers themselves, others come on top); `singular` when people are brought
    by "my"/我 (then "we" is the speaker and them); `extra_*` from people
    brought along (带着父母, 我和三个朋友, 带3岁宝宝); `households` from 两家人, "two
    families"; `we` when the speaker talks for a group; `child_ages`/`senior_ages` from ages
    said (3岁宝宝, "my 75-year-old mother"); `speaker_age` the speaker's own (我70岁了, "I'm 72");
    `speaker_absent` when grandparents take a grandchild and the speaker does not say 我
    (爷爷奶奶带孙子); `member_seniors` the seniors listed among a family's members
    (一家五口：爸妈、我、老婆和女儿); `bare_child_ages` of those children said by age
    alone ("our 6-year-old"), who are not among a breakdown's children ("a toddler");
    `old_couple` when the speaker is one of two seniors (我们老两口, 我和老伴);
    `elder_spans` where elders other than the speaker are said as old — by age (奶奶70岁,
    "my grandma is 80"), as grandparents, parents together or 老人 (带爸妈, 带两位老人), not
    one parent alone ("my mother has bad knees": her pace unknown) — whose pace the trip takes
    when none is said (`elders_along`).
    """

    adults: int | None = None
    children: int | None = None
    seniors: int | None = None
    total: int | None = None
    family: bool = False
    family_vague: bool = False
    couple: bool = False
    we: bool = False
    households: int = 0
    speakers: int | None = None
    singular: bool = False
    extra_adults: int = 0
    extra_children: int = 0
    extra_seniors: int = 0
    child_ages: list[int] = field(default_factory=list)
    bare_child_ages: int = 0
    senior_ages: list[int] = field(default_factory=list)
    speaker_age: int | None = None
    speaker_absent: bool = False
    member_seniors: int = 0
    old_couple: bool = False
    spans: list[tuple[int, int]] = field(default_factory=list)
    elder_spans: list[tuple[int, int]] = field(default_factory=list)

    @property
    def said_senior_ages(self) -> list[int]:
        """Seniors' ages said, the speaker's own (我70岁了) first."""
        own = self.speaker_age
        return ([own] if own is not None and own >= SENIOR_AGE else []) + self.senior_ages

    @property
    def elders_along(self) -> bool:
        """Whether elders travel who are not the speaker (带爸妈, "my grandma is 80") — not a
        group of seniors speaking for themselves (我们三个老人, 我70岁了)."""
        return bool(self.elder_spans)

    @property
    def found(self) -> bool:
        return bool(self.spans) or self.we


#: A body word before the person (「带坐轮椅的爸爸」, 「和推婴儿车的宝宝」): said after them, the
#: same length (spans stay), so the person is counted as if said bare (「带爸爸」); the need
#: itself is read by `engine.understanding.access`.
#: 「推着坐轮椅的外婆」: the one pushed comes along (read as 「带着」, the same length).
PUSHED = re.compile(r"推着(?=坐轮椅的)")
BODY_FIRST = re.compile(
    r"(?<=[带和跟陪着上])(?P<body>(?:坐轮椅|推(?:着)?轮椅|坐(?:婴儿车|推车)|推(?:着)?(?:婴儿车|推车)"
    r"|腿脚不(?:太)?(?:好|便|方便)|行动不便|拄拐(?:杖)?|走不动路?)的)"
    r"(?P<who>爸爸|妈妈|爸妈|父母|老爸|老妈|爷爷|奶奶|外公|外婆|姥姥|姥爷|宝宝|孩子|儿子|女儿|老人|老婆|老公)"
)


def find_party(text: str) -> PartyFind:
    """Party words in `text` (see `PartyFind`); `resolve_party` turns them into counts."""
    text = BODY_FIRST.sub(lambda m: m.group("who") + m.group("body"), PUSHED.sub("带着", text))
    out = PartyFind(we=WE.search(text) is not None)
    find_ages(text, out)
    lead = ELDERS_LEAD.search(text)
    lead_en = ELDERS_LEAD_EN.search(text)
    if lead_en is not None and not re.search(r"\b(?:i|me|my|we|us|our)\b", text, re.I):
        out.extra_seniors += (
            2
            if lead_en.group("who")
            .lower()
            .startswith(("grandparents", "grandma and", "grandpa and"))
            else 1
        )
        out.speaker_absent = True
        out.spans.append(lead_en.span("who"))
    elif lead is not None and "我" not in text[lead.end() :] and not out.we:
        pair = len(lead.group("a")) == 4 or lead.group("a").startswith(("俩", "两"))
        out.extra_seniors += 2 if pair else 1 + bool(lead.group("b"))
        out.speaker_absent = True
        out.spans.append((lead.start("a"), lead.end("b") if lead.group("b") else lead.end("a")))
    items = [(m, ZH_WHO[m.group("who")]) for m in ZH_ITEM.finditer(text)]
    items += [(m, _en_who(m.group("who"))) for m in EN_ITEM.finditer(text)]
    items = [it for it in items if not overlaps(it[0].span(), out.spans)]
    single_char = [it for it in items if len(it[0].group("who")) == 1]
    if (
        len(single_char) == 1
        and len(items) == 1
        and not _in_parens(text, single_char[0][0].start())
    ):
        items = []  # a lone 大/小/老 ("三大名胜") is no breakdown
    for m, who in items:
        n = parse_int(m.group("n"))
        if n is None:
            continue
        setattr(out, who, (getattr(out, who) or 0) + n)
        if who == SENIOR and BRING_BEFORE.search(text, 0, m.start()):
            out.extra_seniors += n  # 带两位老人, 我和两位老人: brought by the speaker
            out.elder_spans.append(m.span())
        out.child_ages += (
            [INFANT_AGES[m.group("who").lower()]] * n
            if m.group("who").lower() in INFANT_AGES
            else []
        )
        out.spans.append(m.span())
    for m in FAMILY.finditer(text):
        out.total, out.family = parse_int(m.group("n") or m.group("en") or ""), True
        out.spans.append(m.span())
    for m in unclaimed(HOUSEHOLDS, text, out.spans):
        out.households += parse_int(m.group("n") or m.group("en") or "") or 0
        out.spans.append(m.span())
    for m in unclaimed(FAMILY_VAGUE, text, out.spans):
        out.family_vague = True
        out.spans.append(m.span())
    for m in unclaimed(GROUP, text, out.spans):
        n = _about((m.group("n") or m.group("n2") or m.group("en") or "").rstrip("个"))
        if not n:
            continue
        if m.group("with") or m.group("with_en"):
            out.extra_adults += n  # 我和三个朋友: the speaker and three more
        elif m.group("n2"):
            out.speakers = n  # 我们俩带宝宝: the two of us, and the baby
        elif out.total is None:
            out.total = n
        out.spans.append(m.span())
    for m in unclaimed(TOTAL, text, out.spans):
        if out.total is not None:
            continue
        if m.group(0).lower().endswith("of us") and WITH_AFTER.match(text, m.end()):
            out.speakers = parse_int(m.group("en") or "")  # "the two of us with our kid"
            out.spans.append(m.span())
            continue
        out.total = _about(m.group("n") or m.group("en") or m.group("en2") or m.group("en3") or "")
        if out.total is not None and m.group("sign"):
            out.total = -out.total  # -2个人: said so; finalize gives the valid range
        out.spans.append(m.span())
    for m in unclaimed(SOLO, text, out.spans):
        if out.total is None:
            out.total = 1
            out.spans.append(m.span())
    for m in unclaimed(OLD_COUPLE, text, out.spans):  # 我们老两口: two seniors, the speaker one
        out.seniors, out.old_couple = (out.seniors or 0) + 2, True
        out.spans.append(m.span())
    couple = COUPLE.search(text)
    if couple is not None and not overlaps(couple.span(), out.spans):
        out.couple = True
        out.spans.append(couple.span())
    honeymoon = HONEYMOON.search(text)  # 我和老婆度蜜月: not dropped, said with the party
    if honeymoon is not None and not overlaps(honeymoon.span(), out.spans):
        out.couple = True
        out.spans.append(honeymoon.span())
    counted: set[str] = set()
    kin = [(m, False) for m in [*BRING.finditer(text), *BRING_FIRST.finditer(text)]]
    for m, again in [*kin, *((m, True) for m in MY_KIN.finditer(text))]:
        group = "zh" if m.groupdict().get("zh") else "en"
        person = KIN.get(m.group(group).lower(), m.group(group).lower())
        if again and (person in counted or ("parents" in counted and person in PARENT)):
            continue  # 带我妈…我妈腿脚不好: one mother
        if re.search(r"\bmy\b|我(?!们)", text[max(0, m.start() - 2) : m.end()], re.I):
            out.singular = True  # "with my parents … we'd like": the speaker and the parents
        if overlaps(m.span(group), out.spans):  # 我带老婆孩子: 孩子 after the spouse
            continue
        word = m.group(group).lower()
        counted.add(person)
        who, n = BRING_COUNTS.get(word, (CHILD if _is_child(word) else SENIOR, 1))
        if who == CHILD:
            out.extra_children += n
            out.child_ages += [INFANT_AGES[word]] * n if word in INFANT_AGES else []
            if m.groupdict().get("teen") or m.groupdict().get("infant"):  # "my teenage son"
                out.child_ages += [TEEN_AGE if m.group("teen") else 1] * n
        else:
            out.extra_seniors += n
            if person not in PARENT and word not in IN_LAWS:  # "my mother": age unknown
                out.elder_spans.append(m.span())
        out.spans.append(m.span())
    for m in unclaimed(ADULT_KIN, text, out.spans):
        out.extra_adults += 1
        out.spans.append(m.span())
    if out.family:
        for m in unclaimed(MEMBERS, text, out.spans):
            who, n = BRING_COUNTS.get(m.group("zh"), (SENIOR, 1))
            if who == SENIOR:
                out.member_seniors += n
                out.spans.append(m.span())
                out.elder_spans.append(m.span())
    return out


def resolve_party(find: PartyFind) -> tuple[int, int, int]:
    """(adults, children, seniors) from what was found; the speaker counts as one adult.

    An explicit breakdown wins; a head count fills the adults; people brought along are added
    (我们三个人带着父母 = 1 adult + 2 seniors; 我带着父母 = 1 + 2; 我和三个朋友 = 4).
    一家三口 = 2 adults, 1 child (people brought along come on top: 一家三口带着奶奶 = 2+1+1);
    两家人 = 4 adults. Seniors counted after they are brought (带爸妈，两位老人) are those
    brought: the speaker still travels (1 adult + 2 seniors), unlike 我们三个老人 (3 seniors).
    """
    breakdown = find.adults is not None or find.children is not None or find.seniors is not None
    if find.total is not None and find.total < 1 and not breakdown:
        return find.total, 0, 0  # 0个人, "for 0 people": kept as said (finalize says the range)
    children = find.children or 0
    seniors = find.seniors or 0
    breakdown = find.adults is not None or find.children is not None or find.seniors is not None
    if not find.children:
        children += find.extra_children
    if not find.seniors:
        seniors += find.extra_seniors
    if find.children:  # "a toddler" and "our 6-year-old": two children, one said by age only
        children += find.bare_child_ages
    children = max(children, len(find.child_ages))  # 带3岁宝宝: a child said by age only
    seniors = max(seniors, len(find.senior_ages))
    described = 0 < (find.seniors or 0) <= find.extra_seniors  # 带爸妈，两位老人: the two brought
    if find.adults is not None:
        adults = find.adults
    elif find.speakers is not None and find.total is None:
        adults = find.speakers
    elif find.family and find.total is not None and not breakdown:
        seniors = max(seniors, find.member_seniors)  # 一家五口：爸妈、我、老婆和女儿
        adults = min(find.total - find.member_seniors, 2)
        children = max(children, find.total - adults - find.member_seniors)
    elif find.households and find.total is None:
        adults = 2 * find.households
    elif find.total is not None:
        rest = find.total - children - seniors
        adults = rest if rest >= 0 else find.total
        if find.family and not breakdown and children == seniors == 0 and find.total >= 3:
            adults, children = 2, find.total - 2
        elif rest <= 0 and not breakdown:
            adults = max(find.total, 1)
    elif breakdown and seniors and (find.old_couple or not children) and not described:
        adults = 0  # 我们三个老人, 我和老伴带着孙子: seniors (and the children they take)
    elif find.speaker_absent:
        adults = 0  # 爷爷奶奶带孙子: the grandparents and the child
    elif find.couple or ((find.we or find.family_vague) and not find.singular):
        adults = 2  # 全家, "the whole family": two adults at least (`family_count_unsaid`)
    else:
        adults = 1
    if find.adults is None and find.total is None:
        adults += find.extra_adults
    if adults + children + seniors == 0:
        adults = 1
    if find.speaker_age is not None and find.speaker_age >= SENIOR_AGE and adults >= 1:
        adults, seniors = adults - 1, seniors + 1  # 我70岁了: the speaker is a senior
    return adults, children, seniors


def party_value(party: Party) -> str:
    """The `Wish` value of a party: ``adults+children``, and ``+seniors`` when there are any
    (「一家三口」 → ``2+1``, 「我带爸妈」 → ``1+0+2``)."""
    value = f"{party.adults}+{party.children}"
    return value + (f"+{party.seniors}" if party.seniors else "")


def family_count_unsaid(said: str) -> bool:
    """Whether the party words `said` name the family with no count of its grown-ups (「全家」,
    「全家 带5岁孩子」, "the whole family"; not 「一家三口」, 「全家四个人」, 「2大1小」): the plan
    then takes two adults and the wishes section says so."""
    if FAMILY_VAGUE.search(said) is None:
        return False
    if any(rx.search(said) for rx in (FAMILY, TOTAL, GROUP, HOUSEHOLDS, OLD_COUPLE, COUPLE)):
        return False
    return not any(ZH_WHO[m.group("who")] == "adults" for m in ZH_ITEM.finditer(said)) and not any(
        _en_who(m.group("who")) == "adults" for m in EN_ITEM.finditer(said)
    )


#: A family this large (一家五口 and up) is not two parents and their children by default: how
#: many grown-ups, children and grandparents is a guess, and said as one.
SPLIT_GUESS_MIN = 5


def family_split_unsaid(said: str, party: Party) -> bool:
    """Whether the party words `said` give a large family's head count (「一家六口」, "a family
    of five"; at least `SPLIT_GUESS_MIN`) and not who they are (no 大/小, no elders, no ages):
    the plan's split into adults and children is then a guess, said as one."""
    m = FAMILY.search(said)
    if m is None or party.seniors or party.child_ages:
        return False
    n = parse_int(m.group("n") or m.group("en") or "")
    if n is None or n < SPLIT_GUESS_MIN:
        return False
    return not ZH_ITEM.search(said) and not EN_ITEM.search(said)


def _en_who(word: str) -> str:
    return next(who for rx, who in EN_WHO if re.fullmatch(rx, word, re.I))


def _is_child(word: str) -> bool:
    return word in {
        "孩子",
        "小孩",
        "娃",
        "儿子",
        "女儿",
        "宝宝",
        "kid",
        "child",
        "son",
        "daughter",
        "baby",
        "toddler",
        "双胞胎",
        "新生儿",
        "婴儿",
        "小宝宝",
        "外孙女",
        "外孙",
        "孙女",
        "孙子",
        "newborn",
        "infant",
        "twins",
        "grandchildren",
        "grandkids",
        "grandson",
        "granddaughter",
    }


def _in_parens(text: str, pos: int) -> bool:
    return text.rfind("(", 0, pos) > text.rfind(")", 0, pos)
