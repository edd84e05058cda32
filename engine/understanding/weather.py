"""Weather the travellers feel: 怕冷 (``cold``), 怕热 / "it will be very hot" (``heat``), 怕晒
(``sun``), 雨季怕下雨多安排室内的 (``rain``) — one wish of kind ``weather`` each, planned for on the dates where it matters
(`engine.planning.weather`) and answered by `engine.planning.wish_weather`."""

from __future__ import annotations

from engine.understanding.found import Found, add
from engine.understanding.text import words_pattern

_DISLIKE_EN = r"(?:hates?|can'?t (?:stand|take|handle)|cannot (?:stand|take|handle)|(?:doesn'?t|don'?t|do not|does not) (?:like|do well in|cope with)|suffers? in|struggles? (?:with|in)|sensitive to|bothered by)"

#: (words, value). The words carry their own negation (怕, "hate"), so they are read as they stand.
WEATHER_WORDS: tuple[tuple[str, str], ...] = (
    (r"怕冷|畏寒|不耐寒|不抗冻|怕冻|受不了冷|受不了(?:东北|北方)?的?(?:冷|寒冷|严寒)|不喜欢冷|讨厌冷|冻不得|容易(?:冻着|着凉|感冒)"
     rf"|{_DISLIKE_EN} (?:the )?(?:cold|freezing weather|winter cold)|feels? the cold|gets? cold (?:easily|quickly)", "cold"),
    (r"怕热|不耐热|不抗热|怕中暑|受不了热|受不了(?:这么|那么)?(?:热|高温|酷暑)|不喜欢热|讨厌热|热不得|(?:会|太|很|非常|特别)热(?:的话)?[，,]?(?:中午|午间)"
     r"|中午(?:待|呆|留)在室内|中午(?:别|不要|不想)(?:在外面|在户外|出去)"
     rf"|{_DISLIKE_EN} (?:the )?(?:heat|hot weather|humidity)|(?:it'?ll|it will|it'?s going to|it is going to) be (?:very |really |so |too |extremely )?hot"
     r"|heat[- ]?sensitive|keep (?:us|them|me) (?:indoors|inside) (?:at|around|over) (?:noon|midday|lunchtime)|indoors at (?:noon|midday)", "heat"),
    (r"怕晒|不想(?:被)?晒|不能(?:多)?晒|怕太阳|晒不得|怕晒黑|怕紫外线|不想晒黑"
     rf"|{_DISLIKE_EN} (?:the )?(?:sun|strong sun)|burns? easily|(?:avoid|stay out of) the (?:midday )?sun|no sunburn", "sun"),
    (r"(?:雨季|梅雨季?|怕下雨|怕雨|下雨天?)[^，,。；;]{0,8}?(?:多|尽量)?(?:安排|去|玩|逛)?室内(?:的|景点|活动)*"
     r"|多(?:安排|去|玩)?室内(?:的|景点|活动)*|室内(?:景点|活动)?为主|怕下雨|怕淋雨"
     r"|rainy (?:season|days?)[^.,;]{0,30}?indoors?(?: \w+)?|indoor (?:sights|places|things|activities) (?:if|when|in case) (?:it )?rains?"
     r"|(?:worried about|afraid of) (?:the )?rain", "rain"),
)  # fmt: skip


def find_weather(text: str) -> list[Found]:
    """Weather said as a worry in `text` (怕冷, "my wife hates the cold"), once per value."""
    found: list[Found] = []
    for rx, value in WEATHER_WORDS:
        m = words_pattern(rx).search(text)
        if m is not None:
            add(found, Found("weather", value, m.group(0), m.span()))
    return found
