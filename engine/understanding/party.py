"""Who travels: 我们两个人（3大1小）, 一家三口, 带着父母, "two adults and a child", alone."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.domain.request import Party
from engine.understanding.ages import SENIOR_AGE, find_ages
from engine.understanding.numbers import EN_NUM, SIGN, ZH_NUM, parse_int
from engine.understanding.text import overlaps, unclaimed

_ADULT, _CHILD, _SENIOR = "adults", "children", "seniors"
_ZH_WHO = {
    "大人": _ADULT, "成人": _ADULT, "成年人": _ADULT, "老人": _SENIOR, "老年人": _SENIOR,
    "长辈": _SENIOR, "小孩": _CHILD, "孩子": _CHILD, "儿童": _CHILD, "小朋友": _CHILD,
    "宝宝": _CHILD, "娃": _CHILD, "大": _ADULT, "小": _CHILD, "老": _SENIOR,
}  # fmt: skip
_EN_WHO = (
    (r"adults?|grown[- ]?ups?", _ADULT),
    (r"kids?|child(?:ren)?|toddlers?|bab(?:y|ies)|teens?|teenagers?", _CHILD),
    (r"seniors?|elderly(?: people| persons?)?|old people|grandparents?|retirees?", _SENIOR),
)
#: A head count said roughly (十几个同事, 二十来个人, 20多人): read by `_about`.
_ZH_ABOUT = r"(?:[一二两三四五六七八九]?十|[1-9]0)(?:几|多|来)"


def _about(said: str) -> int | None:
    """A rough head count as a number to plan for: 十几/十多 → 15, 十来 → 10, 二十几 → 25,
    20来 → 20; an exact count as `parse_int` reads it."""
    m = re.fullmatch(r"(.*?)(几|多|来)", said)
    if m is None or not m.group(1):
        return parse_int(said)
    tens = parse_int(m.group(1))
    return None if tens is None else tens + (0 if m.group(2) == "来" else 5)


_ZH_ITEM = re.compile(
    rf"(?P<n>{ZH_NUM})\s*(?:个|位|名)?\s*(?P<who>成年人|大人|成人|老年人|老人|长辈|小朋友|小孩|孩子|儿童|宝宝|娃|大|小(?!时)|老(?![师板家]))"
)
_EN_ITEM = re.compile(rf"\b(?P<n>{EN_NUM})\s+(?P<who>{'|'.join(rx for rx, _ in _EN_WHO)})\b", re.I)
#: "for two", "budget 20000 for 2": a head count after "for" — not "for two days", "for 2-3
#: nights", "for 3 cities" (a count of something else), nor "for 2 people" (read as such).
_FOR_N = r"\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_NOT_HEADS = (
    rf"\s*(?:[-–~/.]\d|(?:to|or)\s+(?:{_FOR_N})\b)|\s+(?:[a-z]+\s+)?(?:days?|nights?|weeks?|months?|years?|hours?"
    rf"|hrs?|minutes?|mins?|km|kms|yuan|rmb|cny|cities|places|sights?|stops?|destinations?"
    rf"|attractions?|meals?|rooms?|people|persons|travell?ers|adults?|of us|guests|friends)\b"
)
_TOTAL = re.compile(
    rf"{SIGN}(?P<n>{_ZH_ABOUT}|{ZH_NUM})\s*(?:个人|人(?![均民次])|位(?!成|大|老|小)|口人|名游客)"
    rf"|\b(?P<en>{EN_NUM})\s+(?:people|persons|travell?ers|of us|friends|guests)\b"
    rf"|(?:party|group|team) of (?P<en2>{EN_NUM})\b"
    rf"|\bfor (?P<en3>{_FOR_N})\b(?!{_NOT_HEADS})",
    re.I,
)
_FAMILY = re.compile(rf"一家(?P<n>{ZH_NUM})口|family of (?P<en>{EN_NUM})\b", re.I)
_SOLO = re.compile(
    r"我?(?:独自一人|独自|一个人|自己一个人|单人|独行)|\b(?:alone|solo|by myself|on my own|just me)\b",
    re.I,
)
_COUPLE = re.compile(
    r"情侣|夫妻|两口子|小两口"
    r"|(?:和|跟)(?:我的?)?(?:老婆|老公|女朋友|男朋友|对象|爱人|媳妇|妻子|丈夫|男友|女友)(?![的们])"
    r"|我(?:和|跟)(?:我的?)?(?:老婆|老公|女朋友|男朋友|对象|爱人|媳妇|朋友|闺蜜|同学|同事|妻子|丈夫|男友|女友)"
    r"|我?带(?:着|上)?(?:我的?)?(?:老婆|老公|媳妇|妻子|丈夫|爱人|女朋友|男朋友|对象|男友|女友)"
    r"|(?<![和跟带])我的?(?:老婆|老公|媳妇|妻子|丈夫|爱人|女朋友|男朋友)(?![不没])"
    r"|\b(?:(?:a )?couple(?!s| of)|my (?:wife|husband|girlfriend|boyfriend|partner|friend|spouse|fianc[ée]e?)|two of us|honeymoon)\b",
    re.I,
)
_BRING_ZH = (
    "父母|爸妈|爸爸妈妈|老人家|老人|长辈|爷爷奶奶|外公外婆|姥姥姥爷|公公婆婆|岳父岳母|奶奶|爷爷|外婆|外公|姥姥|姥爷"
    "|我妈|老妈|妈妈|母亲|我爸|老爸|爸爸|父亲|婆婆|公公|岳母|岳父|丈母娘|孩子们|孩子|小孩|娃|儿子|女儿|小宝宝|宝宝|闺女"
    "|双胞胎|新生儿|婴儿|外孙女|外孙|孙女|孙子"
)
_BRING = re.compile(
    rf"(?:带|和|跟|陪|同|还有|加上|以及|、|老婆|老公|媳妇|爱人|\b(?:with|and|plus|bring(?:ing)?|take|taking)\s*"
    rf"(?:my\s*|our\s*)?)(?:着|上)?(?:我的?|我们的?|家里的?|孩子的|宝宝的)?(?P<zh>{_BRING_ZH})"
    r"|\b(?:with|and|plus|bring(?:ing)?|take|taking) (?:my |our |the |a |an |their )?(?:two |three |four )?(?:elderly |old |aged |little |young |small |(?P<teen>teenage |teen )|(?P<infant>baby ))?(?P<en>parents|grandparents|grandma|grandpa|grandmother|grandfather|mother|mom|mum|father|dad|kids|children|kid|child|son|daughter|baby|toddler|newborn|infant|twins|grandchildren|grandkids|grandson|granddaughter)\b",
    re.I,
)
#: Words that bring the people counted after them (带两位老人, 陪着两个老人, "with two seniors").
_BRING_BEFORE = re.compile(
    r"(?:带|陪|和|跟|同|与|加上|还有)(?:着|上|同)?(?:我的?|家里的?)?\s*$"
    r"|\b(?:with|and|plus|bringing|taking)\s+(?:my\s+|our\s+)?$",
    re.I,
)
#: Grown-up kin brought along (我跟我姐还有她的两个孩子, "with my sister"): one adult each.
_ADULT_KIN = re.compile(
    r"(?:和|跟|带着?|还有|加上|以及|、|陪)(?:我的?)(?:姐姐|哥哥|弟弟|妹妹|姐夫|嫂子|弟媳|妹夫|姐|哥|弟|妹)"
    r"(?![妹弟们])"
    r"|(?:和|跟|带着?|还有|加上|以及|、|陪)(?:姐姐|哥哥|弟弟|妹妹|姐夫|嫂子|弟媳|妹夫|表姐|表哥|表弟|表妹"
    r"|堂哥|堂姐|堂弟|堂妹)"
    r"|\b(?:with|and|plus) (?:my |our )?(?:sister|brother|sister-in-law|brother-in-law|cousin)\b",
    re.I,
)
#: Kin said as "my …" (「我妈坐轮椅」, "my father has bad knees") travel too.
_MY_KIN = re.compile(
    r"(?:(?<![带和跟陪同着上])我的?|\b(?:my|our)\s*)(?P<zh>爸爸妈妈|爸妈|父母|老妈|老爸|妈妈|爸爸|母亲|父亲|妈|爸)"
    r"|\b(?:my|our) (?:elderly |old |aged )?(?P<en>parents|grandparents|grandma|grandpa|grandmother|grandfather|mother|mom|mum|father|dad)\b",
    re.I,
)
#: One person under several words (我妈, 妈妈, "mum"), so a second mention is not a second one.
_KIN = {
    **dict.fromkeys(("妈", "妈妈", "老妈", "母亲", "我妈", "mother", "mom", "mum"), "mother"),
    **dict.fromkeys(("爸", "爸爸", "老爸", "父亲", "我爸", "father", "dad"), "father"),
    **dict.fromkeys(("爸妈", "父母", "爸爸妈妈", "parents"), "parents"),
}
_PARENT = frozenset({"mother", "father"})
#: A family's members listed (一家五口：爸妈、我、老婆和女儿): the elders among them.
_MEMBERS = re.compile(
    r"(?<=[：:、，,])\s*(?P<zh>爸妈|父母|爸爸妈妈|爷爷奶奶|外公外婆|姥姥姥爷|公公婆婆|岳父岳母"
    r"|奶奶|爷爷|外婆|外公|姥姥|姥爷|婆婆|公公|岳母|岳父)(?=\s*[、，,和跟与及])"
)
_BRING_FIRST = re.compile(
    r"\b(?:my|our) (?P<en>parents|grandparents|kids|children) and (?:i|me|we)\b", re.I
)
_BRING_COUNTS = {
    "父母": (_SENIOR, 2), "爸妈": (_SENIOR, 2), "爸爸妈妈": (_SENIOR, 2), "爷爷奶奶": (_SENIOR, 2),
    "外公外婆": (_SENIOR, 2), "姥姥姥爷": (_SENIOR, 2), "公公婆婆": (_SENIOR, 2), "岳父岳母": (_SENIOR, 2),
    "parents": (_SENIOR, 2), "grandparents": (_SENIOR, 2), "孩子们": (_CHILD, 2), "kids": (_CHILD, 2),
    "children": (_CHILD, 2), "双胞胎": (_CHILD, 2), "twins": (_CHILD, 2), "grandchildren": (_CHILD, 2),
    "grandkids": (_CHILD, 2),
}  # fmt: skip
#: Ages taken for a baby said without one (带宝宝, "our baby", 婴儿): under two, so a flight is
#: the infant fare and a train or a sight free — the party wish shows the age taken.
INFANT_AGES = {"宝宝": 1, "小宝宝": 1, "婴儿": 1, "新生儿": 0, "baby": 1, "babies": 1,
               "infant": 1, "infants": 1, "newborn": 0, "newborns": 0, "toddler": 2,
               "toddlers": 2}  # fmt: skip
#: The age taken for a teenager said without one ("my teenage son"): 15 (a full fare on trains
#: and flights, a child's ticket at most sights).
TEEN_AGE = 15
_ELDERS_LEAD_EN = re.compile(
    r"^\s*(?P<who>grandparents|grandma and grandpa|grandpa and grandma|grandma|grandpa|grandmother"
    r"|grandfather)\s+(?:are\s+|is\s+)?(?:taking|bringing|with|travell?ing with)\b",
    re.I,
)
#: Grandparents who take a grandchild (爷爷奶奶带孙子, 外婆带外孙女): they are the party; the
#: speaker (who tells of them) does not travel unless they say 我 or 我们.
_ELDERS_LEAD = re.compile(
    r"^\s*(?:我的?)?(?P<a>爷爷奶奶|外公外婆|姥姥姥爷|奶奶|爷爷|外婆|外公|姥姥|姥爷|(?:俩|两个|两位)?老人(?:家)?)"
    r"(?:和|跟|、)?(?P<b>爷爷|奶奶|外公|外婆|姥姥|姥爷)?\s*(?:一起)?\s*带(?:着|上)?"
)
#: After "the two of us": others come along ("… with our 6-year-old").
_WITH_AFTER = re.compile(r"\s*,?\s*(?:with|and|plus|bringing|taking)\b", re.I)
_WE = re.compile(r"我们|咱们|\bwe\b|\bus\b|\bour\b", re.I)
#: Friends, colleagues … counted: after 和/带/"with" they come along with the speaker
#: (我和三个朋友 = 4); otherwise they are the whole group (我们四个同事 = 4).
_MATES_ZH = (
    r"同事|朋友|好友|同学|闺蜜|兄弟|姐妹|哥们|姐们|伙伴|小伙伴|驴友|室友|舍友|战友|老友|亲戚|队友"
    r"|大学生|研究生|学生|女生|男生|小姐妹|老同学"
)
_GROUP = re.compile(
    rf"(?P<with>(?:和|跟|带|带着|带上|约|约了|陪|同|加上|与)(?:我的|我们的)?)?(?P<n>{_ZH_ABOUT}|{ZH_NUM})\s*(?:个|位|名)?\s*(?:{_MATES_ZH})"
    rf"|(?:我们|咱们)(?:家|宿舍|一行)?(?P<n2>俩|仨|[两三四五六七八九十]+个)(?!人|月|星期|小时|天|晚|地方|城市|景点)"
    rf"|(?P<with_en>\b(?:with|and|plus|bringing)\s+(?:my\s+|our\s+)?)?\b(?P<en>{EN_NUM})\s+(?:colleagues|co-?workers|friends|classmates|buddies|mates|pals|relatives|students)\b",
    re.I,
)
#: Households: two adults each (两家人 = 4 adults, "two families", 两对夫妻).
_HOUSEHOLDS = re.compile(
    rf"(?P<n>{ZH_NUM})\s*(?:家人|个家庭|家子|对夫妻|对夫妇|对情侣)"
    rf"|\b(?P<en>{EN_NUM})\s+(?:families|couples)\b",
    re.I,
)


@dataclass
class PartyFind:
    """Counts found in the text; None where the text said nothing.

    `adults`, `children`, `seniors` come from an explicit breakdown (3大1小, "2 adults");
    `total` from a head count (两个人, "we four people", 我们四个同事); `speakers` from
    「我们俩」 (the speakers themselves, others come on top); `singular` when people are brought
    by "my"/我 (then "we" is the speaker and them); `extra_*` from people
    brought along (带着父母, 我和三个朋友, 带3岁宝宝); `households` from 两家人, "two
    families"; `we` when the speaker talks for a group; `child_ages`/`senior_ages` from ages
    said (3岁宝宝, "my 75-year-old mother"); `speaker_age` the speaker's own (我70岁了, "I'm 72");
    `speaker_absent` when grandparents take a grandchild and the speaker does not say 我
    (爷爷奶奶带孙子); `member_seniors` the seniors listed among a family's members
    (一家五口：爸妈、我、老婆和女儿); `bare_child_ages` of those children said by age
    alone ("our 6-year-old"), who are not among a breakdown's children ("a toddler");
    `elder_spans` where elders other than the speaker are said (带爸妈, "my grandma is 80",
    奶奶70岁), whose pace the trip takes when none is said (`elders_along`).
    """

    adults: int | None = None
    children: int | None = None
    seniors: int | None = None
    total: int | None = None
    family: bool = False
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


def find_party(text: str) -> PartyFind:
    """Party words in `text` (see `PartyFind`); `resolve_party` turns them into counts."""
    out = PartyFind(we=_WE.search(text) is not None)
    find_ages(text, out)
    lead = _ELDERS_LEAD.search(text)
    lead_en = _ELDERS_LEAD_EN.search(text)
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
    items = [(m, _ZH_WHO[m.group("who")]) for m in _ZH_ITEM.finditer(text)]
    items += [(m, _en_who(m.group("who"))) for m in _EN_ITEM.finditer(text)]
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
        if who == _SENIOR and _BRING_BEFORE.search(text, 0, m.start()):
            out.extra_seniors += n  # 带两位老人, 我和两位老人: brought by the speaker
            out.elder_spans.append(m.span())
        out.child_ages += (
            [INFANT_AGES[m.group("who").lower()]] * n
            if m.group("who").lower() in INFANT_AGES
            else []
        )
        out.spans.append(m.span())
    for m in _FAMILY.finditer(text):
        out.total, out.family = parse_int(m.group("n") or m.group("en") or ""), True
        out.spans.append(m.span())
    for m in unclaimed(_HOUSEHOLDS, text, out.spans):
        out.households += parse_int(m.group("n") or m.group("en") or "") or 0
        out.spans.append(m.span())
    for m in unclaimed(_GROUP, text, out.spans):
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
    for m in unclaimed(_TOTAL, text, out.spans):
        if out.total is not None:
            continue
        if m.group(0).lower().endswith("of us") and _WITH_AFTER.match(text, m.end()):
            out.speakers = parse_int(m.group("en") or "")  # "the two of us with our kid"
            out.spans.append(m.span())
            continue
        out.total = _about(m.group("n") or m.group("en") or m.group("en2") or m.group("en3") or "")
        if out.total is not None and m.group("sign"):
            out.total = -out.total  # -2个人: said so; finalize gives the valid range
        out.spans.append(m.span())
    for m in unclaimed(_SOLO, text, out.spans):
        if out.total is None:
            out.total = 1
            out.spans.append(m.span())
    couple = _COUPLE.search(text)
    if couple is not None and not overlaps(couple.span(), out.spans):
        out.couple = True
        out.spans.append(couple.span())
    counted: set[str] = set()
    kin = [(m, False) for m in [*_BRING.finditer(text), *_BRING_FIRST.finditer(text)]]
    for m, again in [*kin, *((m, True) for m in _MY_KIN.finditer(text))]:
        group = "zh" if m.groupdict().get("zh") else "en"
        person = _KIN.get(m.group(group).lower(), m.group(group).lower())
        if again and (person in counted or ("parents" in counted and person in _PARENT)):
            continue  # 带我妈…我妈腿脚不好: one mother
        if re.search(r"\bmy\b|我(?!们)", text[max(0, m.start() - 2) : m.end()], re.I):
            out.singular = True  # "with my parents … we'd like": the speaker and the parents
        if overlaps(m.span(group), out.spans):  # 我带老婆孩子: 孩子 after the spouse
            continue
        word = m.group(group).lower()
        counted.add(person)
        who, n = _BRING_COUNTS.get(word, (_CHILD if _is_child(word) else _SENIOR, 1))
        if who == _CHILD:
            out.extra_children += n
            out.child_ages += [INFANT_AGES[word]] * n if word in INFANT_AGES else []
            if m.groupdict().get("teen") or m.groupdict().get("infant"):  # "my teenage son"
                out.child_ages += [TEEN_AGE if m.group("teen") else 1] * n
        else:
            out.extra_seniors += n
            out.elder_spans.append(m.span())
        out.spans.append(m.span())
    for m in unclaimed(_ADULT_KIN, text, out.spans):
        out.extra_adults += 1
        out.spans.append(m.span())
    if out.family:
        for m in unclaimed(_MEMBERS, text, out.spans):
            who, n = _BRING_COUNTS.get(m.group("zh"), (_SENIOR, 1))
            if who == _SENIOR:
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
    elif breakdown and seniors and not children and not described:
        adults = 0  # 我们三个老人: seniors only
    elif find.speaker_absent:
        adults = 0  # 爷爷奶奶带孙子: the grandparents and the child
    elif find.couple or (find.we and not find.singular):
        adults = 2
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


def _en_who(word: str) -> str:
    return next(who for rx, who in _EN_WHO if re.fullmatch(rx, word, re.I))


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
