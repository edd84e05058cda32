"""The words of who travels, read by `engine.understanding.party`: head counts (两个人,
"for two", 3大1小), couples, kin brought along (带爸妈, "with my parents"), groups of friends,
households, elders who lead (爷爷奶奶带孙子) — regular expressions and word tables only."""

from __future__ import annotations

import re

from engine.understanding.numbers import EN_NUM, SIGN, ZH_NUM

ADULT, CHILD, SENIOR = "adults", "children", "seniors"
ZH_WHO = {
    "大人": ADULT, "成人": ADULT, "成年人": ADULT, "老人": SENIOR, "老年人": SENIOR,
    "长辈": SENIOR, "小孩": CHILD, "孩子": CHILD, "儿童": CHILD, "小朋友": CHILD,
    "宝宝": CHILD, "娃": CHILD, "大": ADULT, "小": CHILD, "老": SENIOR,
}  # fmt: skip
EN_WHO = (
    (r"adults?|grown[- ]?ups?", ADULT),
    (r"kids?|child(?:ren)?|toddlers?|bab(?:y|ies)|teens?|teenagers?", CHILD),
    (r"seniors?|elderly(?: people| persons?)?|old people|grandparents?|retirees?", SENIOR),
)
#: A head count said roughly (十几个同事, 二十来个人, 20多人): read by `engine.understanding.party`.
ZH_ABOUT = r"(?:[一二两三四五六七八九]?十|[1-9]0)(?:几|多|来)"
ZH_ITEM = re.compile(
    rf"(?P<n>{ZH_NUM})\s*(?:个|位|名)?\s*(?P<who>成年人|大人|成人|老年人|老人|长辈|小朋友|小孩|孩子|儿童|宝宝|娃|大|小(?!时)|老(?![师板家]))"
)
EN_ITEM = re.compile(rf"\b(?P<n>{EN_NUM})\s+(?P<who>{'|'.join(rx for rx, _ in EN_WHO)})\b", re.I)
#: "for two", "budget 20000 for 2": a head count after "for" — not "for two days", "for 2-3
#: nights", "for 3 cities" (a count of something else), nor "for 2 people" (read as such).
FOR_N = r"\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
NOT_HEADS = (
    rf"\s*(?:[-–~/.]\d|(?:to|or)\s+(?:{FOR_N})\b)|\s+(?:[a-z]+\s+)?(?:days?|nights?|weeks?|months?|years?|hours?"
    rf"|hrs?|minutes?|mins?|km|kms|yuan|rmb|cny|cities|places|sights?|stops?|destinations?"
    rf"|attractions?|meals?|rooms?|people|persons|travell?ers|adults?|of us|guests|friends)\b"
)
TOTAL = re.compile(
    rf"{SIGN}(?P<n>{ZH_ABOUT}|{ZH_NUM})\s*(?:个人|人(?![均民次])|位(?!成|大|老|小)|口人|名游客)"
    rf"|\b(?P<en>{EN_NUM})\s+(?:people|persons|travell?ers|of us|friends|guests)\b"
    rf"|(?:party|group|team) of (?P<en2>{EN_NUM})\b"
    rf"|\bfor (?P<en3>{FOR_N})\b(?!{NOT_HEADS})",
    re.I,
)
FAMILY = re.compile(rf"一家(?P<n>{ZH_NUM})口|family of (?P<en>{EN_NUM})\b", re.I)
SOLO = re.compile(
    r"我?(?:独自一人|独自|一个人|自己一个人|单人|独行)|\b(?:alone|solo|by myself|on my own|just me)\b",
    re.I,
)
#: A honeymoon (度蜜月, 蜜月旅行): two travelling as a couple, said back with the party.
HONEYMOON = re.compile(r"度蜜月|蜜月(?:旅行|旅游|之旅|游)?|新婚(?:旅行|旅游)", re.I)
COUPLE = re.compile(
    r"情侣|夫妻|两口子|小两口"
    r"|(?:和|跟)(?:我的?)?(?:老婆|老公|女朋友|男朋友|对象|爱人|媳妇|妻子|丈夫|男友|女友)(?![的们])"
    r"|我(?:和|跟)(?:我的?)?(?:老婆|老公|女朋友|男朋友|对象|爱人|媳妇|朋友|闺蜜|同学|同事|妻子|丈夫|男友|女友)"
    r"|我?带(?:着|上)?(?:我的?)?(?:老婆|老公|媳妇|妻子|丈夫|爱人|女朋友|男朋友|对象|男友|女友)"
    r"|(?<![和跟带])我的?(?:老婆|老公|媳妇|妻子|丈夫|爱人|女朋友|男朋友)(?![不没])"
    r"|\b(?:(?:a )?couple(?!s| of)|my (?:wife|husband|girlfriend|boyfriend|partner|friend|spouse|fianc[ée]e?)|two of us|honeymoon)\b",
    re.I,
)
BRING_ZH = (
    "父母|爸妈|爸爸妈妈|老人家|老人|长辈|爷爷奶奶|外公外婆|姥姥姥爷|公公婆婆|岳父岳母|奶奶|爷爷|外婆|外公|姥姥|姥爷"
    "|我妈|老妈|妈妈|母亲|我爸|老爸|爸爸|父亲|婆婆|公公|岳母|岳父|丈母娘|孩子们|孩子|小孩|娃|儿子|女儿|小宝宝|宝宝|闺女"
    "|双胞胎|新生儿|婴儿|外孙女|外孙|孙女|孙子"
)
BRING = re.compile(
    rf"(?:带|和|跟|陪|同|还有|加上|以及|、|老婆|老公|媳妇|爱人|\b(?:with|and|plus|bring(?:ing)?|take|taking)\s*"
    rf"(?:my\s*|our\s*)?)(?:着|上)?(?:我的?|我们的?|家里的?|孩子的|宝宝的)?(?P<zh>{BRING_ZH})"
    r"|(?:\b(?:with|and|plus|bring(?:ing)?|take|taking) |\+\s*)(?:my |our |the |a |an |their )?(?:two |three |four )?(?:elderly |old |aged |little |young |small |(?P<teen>teenage |teen )|(?P<infant>baby ))?(?P<en>parents|grandparents|grandma|grandpa|grandmother|grandfather|mother|mom|mum|father|dad|kids|children|kid|child|son|daughter|baby|toddler|newborn|infant|twins|grandchildren|grandkids|grandson|granddaughter)\b",
    re.I,
)
#: An old couple speaking for themselves (我们老两口, 我和老伴): two seniors.
OLD_COUPLE = re.compile(r"老两口|老夫老妻|老夫妻|我(?:和|跟)老伴儿?|老伴儿?(?:和|跟)我")
#: Words that bring the people counted after them (带两位老人, 陪着两个老人, "with two seniors").
BRING_BEFORE = re.compile(
    r"(?:带|陪|和|跟|同|与|加上|还有)(?:着|上|同)?(?:我的?|家里的?)?\s*$"
    r"|\b(?:with|and|plus|bringing|taking)\s+(?:my\s+|our\s+)?$",
    re.I,
)
#: Grown-up kin brought along (我跟我姐还有她的两个孩子, "with my sister"): one adult each.
ADULT_KIN = re.compile(
    r"(?:和|跟|带着?|还有|加上|以及|、|陪)(?:我的?)(?:姐姐|哥哥|弟弟|妹妹|姐夫|嫂子|弟媳|妹夫|姐|哥|弟|妹)"
    r"(?![妹弟们])"
    r"|(?:和|跟|带着?|还有|加上|以及|、|陪)(?:姐姐|哥哥|弟弟|妹妹|姐夫|嫂子|弟媳|妹夫|表姐|表哥|表弟|表妹"
    r"|堂哥|堂姐|堂弟|堂妹)"
    r"|\b(?:with|and|plus) (?:my |our )?(?:sister|brother|sister-in-law|brother-in-law|cousin)\b",
    re.I,
)
#: Kin said as "my …" (「我妈坐轮椅」, "my father has bad knees") travel too.
MY_KIN = re.compile(
    r"(?:(?<![带和跟陪同着上])我的?|\b(?:my|our)\s*)(?P<zh>爸爸妈妈|爸妈|父母|老妈|老爸|妈妈|爸爸|母亲|父亲|妈|爸)"
    r"|\b(?:my|our) (?:elderly |old |aged )?(?P<en>parents|grandparents|grandma|grandpa|grandmother|grandfather|mother|mom|mum|father|dad)\b",
    re.I,
)
#: One person under several words (我妈, 妈妈, "mum"), so a second mention is not a second one.
KIN = {
    **dict.fromkeys(("妈", "妈妈", "老妈", "母亲", "我妈", "mother", "mom", "mum"), "mother"),
    **dict.fromkeys(("爸", "爸爸", "老爸", "父亲", "我爸", "father", "dad"), "father"),
    **dict.fromkeys(("爸妈", "父母", "爸爸妈妈", "parents"), "parents"),
}
PARENT = frozenset({"mother", "father"})
#: One parent-in-law (婆婆, 岳父): like one parent, of an age not said.
IN_LAWS = frozenset({"婆婆", "公公", "岳母", "岳父", "丈母娘"})
#: A family's members listed (一家五口：爸妈、我、老婆和女儿): the elders among them.
MEMBERS = re.compile(
    r"(?<=[：:、，,])\s*(?P<zh>爸妈|父母|爸爸妈妈|爷爷奶奶|外公外婆|姥姥姥爷|公公婆婆|岳父岳母"
    r"|奶奶|爷爷|外婆|外公|姥姥|姥爷|婆婆|公公|岳母|岳父)(?=\s*[、，,和跟与及])"
)
BRING_FIRST = re.compile(
    r"\b(?:my|our) (?P<en>parents|grandparents|kids|children) and (?:i|me|we)\b", re.I
)
BRING_COUNTS = {
    "父母": (SENIOR, 2), "爸妈": (SENIOR, 2), "爸爸妈妈": (SENIOR, 2), "爷爷奶奶": (SENIOR, 2),
    "外公外婆": (SENIOR, 2), "姥姥姥爷": (SENIOR, 2), "公公婆婆": (SENIOR, 2), "岳父岳母": (SENIOR, 2),
    "parents": (SENIOR, 2), "grandparents": (SENIOR, 2), "孩子们": (CHILD, 2), "kids": (CHILD, 2),
    "children": (CHILD, 2), "双胞胎": (CHILD, 2), "twins": (CHILD, 2), "grandchildren": (CHILD, 2),
    "grandkids": (CHILD, 2),
}  # fmt: skip
#: Ages taken for a baby said without one (带宝宝, "our baby", 婴儿): under two, so a flight is
#: the infant fare and a train or a sight free — the party wish shows the age taken.
INFANT_AGES = {"宝宝": 1, "小宝宝": 1, "婴儿": 1, "新生儿": 0, "baby": 1, "babies": 1,
               "infant": 1, "infants": 1, "newborn": 0, "newborns": 0, "toddler": 2,
               "toddlers": 2}  # fmt: skip
#: The age taken for a teenager said without one ("my teenage son"): 15 (a full fare on trains
#: and flights, a child's ticket at most sights).
TEEN_AGE = 15
ELDERS_LEAD_EN = re.compile(
    r"^\s*(?P<who>grandparents|grandma and grandpa|grandpa and grandma|grandma|grandpa|grandmother"
    r"|grandfather)\s+(?:are\s+|is\s+)?(?:taking|bringing|with|travell?ing with)\b",
    re.I,
)
#: Grandparents who take a grandchild (爷爷奶奶带孙子, 外婆带外孙女): they are the party; the
#: speaker (who tells of them) does not travel unless they say 我 or 我们.
ELDERS_LEAD = re.compile(
    r"^\s*(?:我的?)?(?P<a>爷爷奶奶|外公外婆|姥姥姥爷|奶奶|爷爷|外婆|外公|姥姥|姥爷|(?:俩|两个|两位)?老人(?:家)?)"
    r"(?:和|跟|、)?(?P<b>爷爷|奶奶|外公|外婆|姥姥|姥爷)?\s*(?:一起)?\s*带(?:着|上)?"
)
#: After "the two of us": others come along ("… with our 6-year-old").
WITH_AFTER = re.compile(r"\s*,?\s*(?:with|and|plus|bringing|taking)\b", re.I)
WE = re.compile(r"我们|咱们|\bwe\b|\bus\b|\bour\b", re.I)
#: Friends, colleagues … counted: after 和/带/"with" they come along with the speaker
#: (我和三个朋友 = 4); otherwise they are the whole group (我们四个同事 = 4).
MATES_ZH = (
    r"同事|朋友|好友|同学|闺蜜|兄弟|姐妹|哥们|姐们|伙伴|小伙伴|驴友|室友|舍友|战友|老友|亲戚|队友"
    r"|大学生|研究生|学生|女生|男生|小姐妹|老同学"
)
GROUP = re.compile(
    rf"(?P<with>(?:和|跟|带|带着|带上|约|约了|陪|同|加上|与)(?:我的|我们的)?)?(?P<n>{ZH_ABOUT}|{ZH_NUM})\s*(?:个|位|名)?\s*(?:{MATES_ZH})"
    rf"|(?:我们|咱们)(?:家|宿舍|一行)?(?P<n2>俩|仨|[两三四五六七八九十]+个)(?!人|月|星期|小时|天|晚|地方|城市|景点)"
    rf"|(?P<with_en>\b(?:with|and|plus|bringing)\s+(?:my\s+|our\s+)?)?\b(?P<en>{EN_NUM})\s+(?:(?:uni|university|college|grad|graduate|broke|poor)\s+)?(?:colleagues|co-?workers|friends|classmates|buddies|mates|pals|relatives|students)\b",
    re.I,
)
#: The family said with no count (全家, 我们一家, 一大家子, "the whole family"): at least two
#: adults, planned for as two and said so (`engine.understanding.party.family_count_unsaid`).
FAMILY_VAGUE = re.compile(
    r"全家(?!福|桶)|一大家子|一家子|(?:我们|咱们|我|咱)一家(?![店餐饭馆酒])|(?:和|跟|带着?|陪着?)家人"
    r"|家人(?:一起|都|们)|\b(?:the |my |our )?whole family\b|\b(?:my|our) family\b"
    r"|\bwith (?:the )?family\b|\bfamily (?:trip|holiday|vacation)\b",
    re.I,
)
#: Households: two adults each (两家人 = 4 adults, "two families", 两对夫妻).
HOUSEHOLDS = re.compile(
    rf"(?P<n>{ZH_NUM})\s*(?:家人|个家庭|家子|对夫妻|对夫妇|对情侣)"
    rf"|\b(?P<en>{EN_NUM})\s+(?:families|couples)\b",
    re.I,
)
