"""Access needs and moments to catch: 轮椅, 老人腿脚不好, 推婴儿车, 不想爬楼梯, 怕高原, "no stairs",
孩子走不了太久 (a walking limit), 每天都要午睡 (a rest after lunch);
看日出, 看夜景, 看云海, "watch the sunset"."""

from __future__ import annotations

import re

from engine.understanding.found import Found, add, words_at
from engine.understanding.text import negated, words_pattern

#: Access needs (`TripRequest.access`): (words, value). These words carry their own negation
#: (不爬山, "no stairs"), so they are read as they stand.
ACCESS_WORDS: tuple[tuple[str, str], ...] = (
    (r"轮椅|wheel ?chairs?", "wheelchair"),
    (r"腿脚不(?:太)?(?:好|便|方便|利索|灵便)|行动不便|膝盖不好|腰不好|走不动|走不了(?!太久|很久|多久|那么久|一整天)(?:太多|太远|多少)?路?|不能(?:走|爬)太多"
     r"|不(?:想|能|要|太能|愿意|方便)?爬(?:太多|很多|那么多|太高|太陡|高)?的?(?:山|楼梯|台阶|楼|坡)|不爬|少走路|少爬|爬不动|爬不了"
     r"|(?:台阶|楼梯)(?:太多|多的|多了)?(?:爬不动|爬不了|不行|吃不消|受不了)|怕爬(?:台阶|楼梯|山|坡)|"
     r"no stairs|avoid (?:steep )?(?:climbs|stairs|steps|hills)|bad (?:knees?|legs?|back)|limited mobility|mobility (?:issues|problems)"
     r"|走(?:得|路)(?:比较|有点|有些|很|太|特别|挺)?慢|走不快|腿脚慢|步子慢|走路不稳|拄拐|拐杖|膝关节|"
     r"can'?t (?:walk (?:much|far)|climb (?:(?:any|many|the) )?(?:stairs|steps|hills|mountains?|much))|cannot (?:walk (?:much|far)|climb)|unable to (?:walk (?:far|much)|climb)"
     r"|(?:walks?|walking) (?:(?:quite|very|a bit|a little|rather|really|pretty) )?(?:slow(?:ly)?|with a (?:stick|cane))|slow walkers?|(?:can'?t|cannot) walk (?:fast|quickly)|slow on (?:their|his|her|my|our) feet|uses? a (?:cane|walking stick|walker)|(?:bad|weak|sore) (?:hips?|joints?)"
     r"|怀孕|孕妇|孕期|孕[早中晚]期|\bpregnant\b|expecting a baby"
     r"|not (?:much|too much|a lot of) walking|(?:can'?t|cannot|couldn'?t|unable to) (?:do|manage|handle|cope with|take|climb) (?:the |many |much |a lot of |lots of )?(?:stairs|steps|climbs|hills)"
     r"|(?:struggles?|trouble|problems?|difficulty|hard time) (?:with|climbing|on|going up) (?:the )?(?:stairs|steps)|(?:stairs|steps) are (?:hard|difficult|a problem|too much)|no (?:steep )?climb(?:ing|s)?|no hiking|(?:few|no|fewer|not (?:too )?many) (?:steep )?(?:stairs|steps)"
     r"|(?:skip|avoid|leave out|drop|no) (?:anything|any ?where|places|sights|somewhere) (?:with|that (?:has|have|needs?)) (?:any |many |lots of |a lot of )?(?:stairs|steps)"
     r"|(?:不去|不要|别去|去掉|避开)(?:要爬|有|带|需要爬)(?:台阶|楼梯)的(?:地方|景点)?", "limited-mobility"),
    # A walking limit: on their feet for a while, not all day (「孩子走不了太久」, "can walk but
    # not for 6 hours"); a number under five hours is no full day's walk and is not read here.
    (r"走不了(?:太|很|多|那么)久|不能走(?:太|很|那么)久|走不了一整天|不能(?:一直|整天)走|走(?:太|很)久(?:会累|就累|吃不消|受不了|不行)"
     r"|(?:每天)?走路?(?:时间)?不能(?:太长|超过\s*(?:[5-9]|五|六|七|八)\s*个?小时)"
     r"|walk(?:ing)?,? but not (?:for )?(?:more than )?(?:[5-9]|five|six|seven|eight) hours|can'?t walk (?:for )?(?:very )?long|cannot walk (?:for )?(?:very )?long"
     r"|(?:can'?t|cannot|unable to) walk (?:for )?(?:more than )?(?:[5-9]|five|six|seven|eight) hours|(?:can'?t|cannot) walk all day|no long walks|tire (?:quickly|easily)", "short-walks"),
    (r"婴儿车|推车|宝宝车|stroller|pushchair|\bpram\b|buggy", "pushchair"),
    (r"高反|高原反应|怕高原|不适应高原|不去高原|altitude sickness|avoid (?:high )?altitude|high altitude is", "altitude"),
    # A rest after lunch each day (每天都要午睡, "a nap after lunch"), as a small child gets; a
    # nap refused (不用午睡) is no need.
    (r"(?:(?:每天|天天|中午)都?)?(?:要|想|需要|得)?(?:午睡|睡(?:个|一会儿?|一下)?午觉|午休|歇晌)"
     r"|\b(?:a )?naps?(?: after lunch| every day| each day| in the afternoon)?|nap ?time|siestas?|afternoon (?:rest|nap|lie-down)|(?:a )?rest after lunch", "nap"),
)  # fmt: skip

#: Places named by their steps, not their name ("anything with steps", 「有台阶的地方」): an
#: access need (`ACCESS_WORDS`), never a place to look up and skip.
STEPS_SAID = re.compile(r"\b(?:stairs|steps)\b|台阶|楼梯", re.I)

#: Moments wanted at their hour (`TripRequest.experiences`): (words, value).
MOMENT_WORDS: tuple[tuple[str, str], ...] = (
    # 日照金山: snow peaks lit gold by the rising sun, a sunrise moment
    (r"日出|日照金山|金山日照|sunrises?|alpenglow", "sunrise"),
    (r"日落|夕阳|晚霞|sunsets?", "sunset"),
    (
        r"夜景|夜游|夜市|不夜城|night views?|city lights|skyline at night|\bat night\b|night cruise|night markets?",
        "night-view",
    ),
    (r"赏月|看月亮|moon ?viewing|see the moon", "moon"),
    (r"升旗|flag[- ]raising", "flag-raising"),
    (r"云海|sea of clouds|cloud sea", "clouds"),
    # 「看雪山」 is snow-capped mountains, not snowfall: no snow moment.
    (
        r"看雪(?!山|峰)|赏雪(?!山|峰)|雪景|see (?:the )?snow(?![- ]?(?:capped|mountains?|peaks?))|snowy scenery",
        "snow",
    ),
    (r"看星星|观星|星空|stargazing|see the stars", "stars"),
)


#: Crowds and queues refused (不想排队, "we hate crowds"): answered by the dates' crowds
#: (`engine.planning.wish_crowds`). The words carry their own negation.
CROWD_WORDS = (
    r"不想排队|不(?:要|愿意|喜欢)排(?:长)?队|怕排队|讨厌排队|排队(?:太久)?(?:受不了|不行)|怕人多|不喜欢人多|讨厌人多|人(?:太)?多(?:的地方)?不去"
    r"|避开人(?:流|群|潮)|避开人多(?:的地方)?|(?:不想|不要|怕|讨厌)(?:去)?人(?:太)?多的地方|(?:不想|不要|怕|讨厌)人挤人"
    r"|人少(?:一点|点)?的|错峰"
    r"|hate (?:the )?(?:crowds|queues|queuing|lines)|avoid (?:the )?(?:crowds|queues|lines)|no (?:crowds|queues|long lines)"
    r"|(?:don'?t|do not) (?:like|want) (?:the )?(?:crowds|queues|queuing|to queue)|fewer crowds|less crowded|away from the crowds"
)


def crowd_words(text: str) -> bool:
    """Whether `text` refuses crowds or queues (`CROWD_WORDS`)."""
    return words_pattern(CROWD_WORDS).search(text) is not None


def find_crowds(text: str) -> list[Found]:
    """Crowds or queues refused in `text` (one `Found` of kind ``crowds``), or none."""
    m = words_pattern(CROWD_WORDS).search(text)
    return [Found("crowds", "crowds", m.group(0), m.span())] if m else []


def find_access(text: str) -> list[Found]:
    """Access needs said in `text`, once each."""
    found: list[Found] = []
    for rx, value in ACCESS_WORDS:
        for m in words_pattern(rx).finditer(text):
            if value == "nap" and negated(text, m.start(), m.end()):
                continue
            add(found, Found("access", value, m.group(0), m.span()))
    return found


def find_moments(text: str) -> list[Found]:
    """Moments wanted in `text` (看日出, "see the sunset"), not those refused (不看日出)."""
    found: list[Found] = []
    for rx, value in MOMENT_WORDS:
        for m in words_pattern(rx).finditer(text):
            if not negated(text, m.start(), m.end()):
                said, span = words_at(text, m.start(), m.end())
                add(found, Found("experience", value, said, span))
    return found
