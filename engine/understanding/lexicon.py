"""Keyword tables of request understanding (zh and en), in one place.

Each table maps surface words (regular-expression fragments, matched case-insensitively) to
vocabulary values: attraction tags (`ATTRACTION_TAGS`), cuisine tags (`CUISINE_TAGS`),
and paces (food and transport words: `engine.understanding.food`, `engine.understanding.modes`). Extend a table to teach the parser a new word.
"""

from __future__ import annotations

from engine.domain.request import Pace

#: Pace words. A negated "packed" word (不要太紧凑, "not too busy") means relaxed. "Tight" is a
#: pace only about the days ("a tight schedule"): "on a tight budget" is money
#: (`engine.understanding.thrift`).
PACE_WORDS: tuple[tuple[str, Pace], ...] = (
    # 节奏慢一点, 节奏放慢, 放慢节奏: the pace said with 节奏 and a slowing word
    (r"(?:节奏|步调|步子)(?:上)?(?:要|可以|稍微|稍|尽量|想|希望|能)?(?:放慢|放缓|慢|缓)(?:一点|一些|点|些)?"
     r"|(?:节奏|步调)(?:不要|别|不能|不)太?(?:快|紧(?!凑)|赶)|放慢(?:节奏|脚步|步调|步子)?|慢点玩|慢一点玩|慢慢(?:来|走|看|游)|悠着点|不要?赶(?:时间|路)?|别赶", Pace.RELAXED),
    (r"轻松|悠闲|慢节奏|宽松|不用太赶|不着急|别太紧(?!凑)|不要太紧(?!凑)|多休息|慢游|慢慢玩|慢慢逛|休闲|不赶|别太赶|不要太赶|不要太累|别太累|不太累|躺平|放松|佛系|体力一般|体力不好|体力差|体力有限|体力不行|不想太累", Pace.RELAXED),
    (r"relax(?:ed|ing)?|leisurely|slow(?:er)?(?:[- ]paced)?|easy[- ]?going|laid[- ]back|chill|take it easy|not too (?:rushed|tiring|hectic|packed)|no rush|unhurried"
     r"|(?:an? )?(?:easy|gentle|light|restful) (?:trip|pace|days?|itinerary|schedule|holiday)|easy on (?:the legs|them|us)|plenty of (?:rest|breaks)"
     r"|take (?:our|my|their|his|her) time|take (?:it|things) slow(?:ly)?|at (?:our|my|their) own pace|(?:nothing|not) (?:too )?rushed"
     r"|(?:don'?t|do not) (?:want to )?(?:rush|hurry)|no (?:rushing|hurry)|without (?:rushing|hurrying)|go(?:ing)? slow(?:ly)?", Pace.RELAXED),
    (r"(?:节奏|步调)(?:上)?(?:要|可以|稍微|稍|尽量|想|希望|能)?(?:快|紧(?!凑))(?:一点|一些|点|些)?|快节奏|紧凑|特种兵|暴走|多去几个|多玩几个|尽量多|充实|高效|行程满|赶一点", Pace.PACKED),
    (r"packed|intense|busy|tight(?:ly packed)?(?= (?:schedule|itinerary|plan|days?|timetable)\b)|(?:schedule|itinerary) (?:is |can be )?tight|fast[- ]paced|(?:a )?(?:fast|quick|brisk) pace|as much as possible|whirlwind|see everything|jam[- ]packed", Pace.PACKED),
    (r"适中|正常节奏|不紧不慢|moderate|normal pace|balanced", Pace.NORMAL),
)  # fmt: skip

#: Elders who come along (带爸妈, "with my grandparents"): a relaxed pace, unless a pace is said
#: in `PACE_WORDS` ("with my grandma, fast pace" is fast).
ELDER_PACE_WORDS: tuple[tuple[str, Pace], ...] = (
    (r"(?:带着?|陪(?:着|同)?)(?:上)?(?:[两二俩三]个|[两二三]位)?(?:[0-9一二三四五六七八九十]+多?岁的?)?"
     r"(?:老人|父母|爸妈|长辈|老年人|爷爷|奶奶|外公|外婆|姥姥|姥爷)(?:[和跟、]?(?:爷爷|奶奶|外公|外婆|姥姥|姥爷))?", Pace.RELAXED),
    # Grandparents who take a grandchild (爷爷奶奶带孙子, 俩老人带一个孩子): their pace.
    (r"(?:爷爷|奶奶|外公|外婆|姥姥|姥爷|老人)(?:和|跟|、)?(?:爷爷|奶奶|外公|外婆|姥姥|姥爷)?\s*带(?:着|上)?"
     r"(?:[一两二俩]个)?(?:孙子|孙女|外孙女|外孙|孩子|小孩|娃)", Pace.RELAXED),
    (r"with (?:my |our )?(?:elderly|parents|grandparents|grandma|grandpa)"
     r"|\b(?:my|our) (?:elderly )?(?:grand)?parents\b[^,.;]{0,20}\band (?:i|me)\b"
     r"|\b(?:grandparents|grandma|grandpa|grandmother|grandfather)\s+(?:are\s+|is\s+)?(?:taking|bringing)\b",
     Pace.RELAXED),
)  # fmt: skip

#: Interest words → attraction tags. Negated (不要博物馆, "no museums") they become avoided tags.
INTEREST_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"爬山|登山", ("hiking", "mountain")), (r"徒步|hik(?:e|es|ing)|trek(?:king)?", ("hiking", "outdoor")),
    (r"看山(?!水)|mountains?|peaks?", ("mountain",)), (r"日出|sunrises?", ("sunrise",)),
    (r"日落|夕阳|晚霞|sunsets?", ("sunset",)), (r"云海", ("mountain", "photography")),
    # "art museums", 美术馆: one wish (art galleries), not art + museums (a natural history one)
    (r"美术馆|艺术馆|艺术博物馆|画廊|画展|art (?:museums?|galler(?:y|ies)|exhibitions?)|galler(?:y|ies)",
     ("gallery", "art")),
    (r"博物馆|博物院|展览|museums?|exhibitions?", ("museum",)),
    (r"艺术|art(?:s)?\b", ("art", "gallery")),
    (r"美食|小吃|吃货|特色菜|好吃的|food(?:ie)?|cuisine|local dishes|street food", ("food",)),
    (r"古镇|古城|老街|old towns?|ancient towns?", ("old-town",)), (r"水乡|water towns?", ("water-town",)),
    (r"古村|村落|乡村|油菜花田|villages?", ("village",)),
    (r"拍照|摄影|出片|打卡|photo(?:s|graphy)?|instagram", ("photography",)),
    (r"自然|风景|山水|大自然|nature|natural|scenery|landscapes?", ("nature",)),
    (r"历史|古迹|遗址|histor(?:y|ic|ical)", ("history", "heritage")),
    (r"文化|人文|cultur(?:e|al)", ("culture",)),
    (r"亲子|遛娃|带娃|适合孩子|family[- ]friendly|kid[- ]friendly|for (?:the )?kids", ("kids",)),
    (r"寺庙|寺院|拜佛|烧香|temples?", ("temple", "religion")),
    (r"免税店|免税城|免税商场|免税购物|离岛免税|duty[- ]free(?: shops?| malls?| shopping| stores?)?", ("duty-free",)),
    (r"购物|逛街|买买买|商场|shopping", ("shopping",)), (r"夜景|night views?|skyline", ("night-view",)),
    (r"夜生活|酒吧|蹦迪|nightlife|bars\b", ("nightlife",)),
    # not a lake called 海 (「住洱海边」, 什刹海边, 后海边, 邛海边: by the lake, not the sea)
    (r"看海|看(?:得)?(?:到|见)(?:大)?海|(?<![洱刹后邛])海边|海滩|沙滩|赶海|beach(?:es)?|seaside"
     r"|see the (?:sea|ocean)|(?:sea|ocean) views?|by the (?:sea|ocean)|sea|ocean", ("sea", "beach")), (r"湖边|看湖|lakes?\b", ("lake",)),
    (r"公园|parks?\b", ("park",)), (r"园林|花园|gardens?", ("garden",)),
    (r"建筑|architecture", ("architecture",)),
    (r"游乐园|乐园|迪士尼|环球影城|主题公园|theme parks?|disney|amusement parks?", ("theme-park",)),
    (r"动物园|zoos?", ("zoo",)), (r"大熊猫|熊猫|(?:giant )?pandas?", ("giant-panda",)),
    (r"大象|亚洲象|野象|elephants?", ("elephant",)), (r"温泉|hot springs?", ("hot-spring",)),
    (r"雪山|雪峰|snow[- ]?(?:capped (?:mountains?|peaks?)|mountains?|peaks?)", ("mountain", "snow")),
    # 滑雪 is an activity on a ski slope (``ski``), not snow scenery: a plan of rime and log
    # cabins does not answer it.
    (r"滑雪|单板|双板|雪道|ski(?:ing|ers?)?\b|snowboard(?:ing)?", ("ski",)),
    (r"看雪(?!山|峰)|雪景|snow(?![- ]?(?:capped|mountains?|peaks?|board))", ("snow",)),
    (r"赏花|看花|油菜花|樱花|花海|桃花|牡丹|花会|flowers?|blossoms?|peon(?:y|ies)", ("flowers",)),
    (r"喝茶|茶园|品茶|龙井|tea\b", ("tea",)),
    (r"演出|表演|看戏|演唱会|话剧|戏曲|live shows?|performances?|opera|concerts?", ("performance",)),
    (r"缆车|索道|cable ?cars?", ("cable-car",)), (r"现代|都市风光|modern", ("modern",)),
    (r"地标|landmarks?", ("landmark",)), (r"户外|outdoors?", ("outdoor",)),
    (r"非遗|世界遗产|heritage|unesco", ("heritage", "culture")),
)  # fmt: skip
#: Interest rows answered by their first tag alone: the other tags only widen what the planner
#: favours ("art museums": galleries answer it, a temple's statues tagged ``art`` do not).
FIRST_TAG_ANSWERS = frozenset({"gallery"})

#: Wishes that name one place in China when no destination is said, as a famous sight picks its
#: city (想看大熊猫，玩三天 → 成都, its panda base first thing): (pattern, attraction's name_zh).
#: With a destination said, the words stay an interest (the tags above) there.
HOME_OF_WISH: tuple[tuple[str, str], ...] = (
    (r"大熊猫|熊猫|(?:giant )?pandas?", "成都大熊猫繁育研究基地"),
)

#: Tags of an activity rather than a setting: refusing words that carry one refuses the activity
#: only. 不爬山 / "no hiking" avoids climbs on foot (``hiking``), not every place of the hills
#: (``mountain``: a temple at a hill's foot, a lake below snow peaks, a summit by cable car).
ACTIVITY_TAGS = frozenset({"hiking"})

#: Words that avoid something by themselves: (pattern, kind, value).
INHERENT_AVOID: tuple[tuple[str, str, str], ...] = (
    (r"晕机|afraid of flying|fear of flying", "transport", "flight"),
    (r"恐高|afraid of heights", "tags", "cable-car"),
    (r"海鲜过敏|对海鲜过敏|allergic to (?:sea ?food|shellfish)", "cuisines", "seafood"),
)  # fmt: skip

#: Negators before a word (same clause, a few characters/words back) and after it.
ZH_NEGATORS = ("不", "别", "没", "勿", "拒绝", "讨厌", "怕", "避开", "避免", "免")
ZH_NOT_NEGATORS = ("不管", "不错", "不论", "不如", "不少", "不仅", "不只", "不过", "不同", "不一定",
                   "狗不理", "不夜城", "不倒翁",
                   # a question said as A-not-A (「能不能改坐卧铺」 asks for the sleeper)
                   "能不能", "可不可以", "要不要", "是不是", "行不行", "会不会", "需不需要",
                   # 别 inside a word that negates nothing (「特别想吃」 is especially, 别墅 a villa)
                   "特别", "别致", "别墅", "别院", "区别", "分别", "告别", "个别", "级别",
                   "类别", "差别")  # fmt: skip
ZH_POST_NEGATORS = ("过敏", "不吃", "不要", "免了", "就算了", "不行", "不感兴趣", "没兴趣", "不去")
EN_NEGATORS = ("no", "not", "don't", "dont", "do not", "never", "without", "avoid", "hate",
               "skip", "except", "allergic", "afraid", "can't", "cannot", "nothing", "dislike",
               "rather not", "no more", "won't", "isn't")  # fmt: skip
#: Between two words of a list, these carry the first word's negation to the next.
LIST_JOINERS = r"^\s*(?:和|、|或|或者|及|与|也不|还有|,|and|or|nor)?\s*$"

#: Must-see cues; the attraction names follow.
MUST_SEE_CUES = (
    r"一定要去|一定要看|一定去|必须去|必去|必看|非去不可|务必去|最想去|特别想去|想去看看|一定要逛|想去看|想看看|想看|想逛|不能错过|不可错过",
    r"must[- ]see|must[- ]visit|definitely (?:see|visit)|have to see|can't miss|cannot miss|really want to see|want to see|would like to see|want to visit|hoping to see",
)
#: Cues that exclude the places that follow (不去外滩, "skip the Bund").
AVOID_PLACE_CUES = (
    r"不去|不想去|别去|不要去|不用去",
    r"skip|avoid|not visit|don't (?:want to )?visit",
)

#: Chinese words that end a place name's span (去黄山玩 → 黄山).
ZH_SPAN_STOPS = (
    "玩", "旅游", "旅行", "游玩", "游", "看", "逛", "吃", "待", "呆", "住", "度假", "过", "的",
    "一趟", "走走", "转转", "自由行", "出差", "和", "跟", "与", "吧", "呢", "啊", "了", "出发",
    "要", "想", "打算", "计划", "坐", "乘", "开车", "自驾", "爬", "拍", "找", "买", "参观", "避暑",
    "徒步", "露营",
)  # fmt: skip
#: Characters after 去/到 that show no place follows (去年, 到处, 去玩).
ZH_NOT_PLACE_AFTER = tuple("年过掉哪那这玩处时底了吗呢达看吃逛买找趟个的一")
#: English words that never start a place name.
EN_STOPWORDS = frozenset(
    """a an the my our your his her their this that these those some any travel go visit see
    spend explore have do take be get make stay enjoy relax tour play eat try fly drive ride
    january february march april may june july august september october november december jan
    feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday
    saturday sunday weekend week weeks day days night nights i we you he she they it rmb cny
    yuan usd china chinese budget people person adults adult children child kids kid seniors
    senior with and or for from to in on at of by about around mountain mountains city""".split()
)
