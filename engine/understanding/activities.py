"""Kinds of show or activity wished (想听相声, 看川剧变脸, 骑行, 坐船游湖, "a crosstalk show",
"bamboo rafting", "kayaking"):
matched to a sight of the trip's destinations that offers it, or kept to be answered ❌ with the
reason — never dropped.

`find_activities` reads the words (a ``Found`` of kind ``other``, value ``activity:<key>``, the
form `engine.planning.wishes` answers);
`resolve_activity` looks for the sight in the knowledge base: its name, aliases or description
holds one of the activity's search words (zh or en). A sight found becomes a must-see said in
the person's words; none found stays an ``other`` wish, which the report answers with
`activity_label`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.understanding.found import Found, words_at
from engine.understanding.text import has_cjk, negated, words_pattern

#: (words said, key, label zh, label en, search words in sight names and descriptions)
ACTIVITIES: tuple[tuple[str, str, str, str, tuple[str, ...]], ...] = (
    (r"相声|crosstalk(?: shows?)?|xiangsheng", "crosstalk", "听相声", "a crosstalk show",
     ("相声", "crosstalk", "xiangsheng")),
    (r"京剧|peking opera|beijing opera", "peking-opera", "看京剧", "Peking opera",
     ("京剧", "peking opera", "beijing opera")),
    (r"川剧|变脸|sichuan opera|face[- ]changing", "sichuan-opera", "看川剧变脸",
     "Sichuan opera face-changing", ("川剧", "变脸", "sichuan opera", "face-changing")),
    (r"昆曲|kunqu", "kunqu", "听昆曲", "Kunqu opera", ("昆曲", "kunqu")),
    (r"评弹|pingtan", "pingtan", "听评弹", "Pingtan ballads", ("评弹", "pingtan")),
    (r"杂技|acrobatics?(?: shows?)?", "acrobatics", "看杂技", "an acrobatics show",
     ("杂技", "acrobat")),
    (r"皮影戏?|shadow[- ]pupp(?:et|etry)(?: shows?)?", "shadow-puppets", "看皮影戏",
     "shadow puppetry", ("皮影", "shadow pupp")),
    (r"功夫表演|功夫秀|kung ?fu shows?", "kungfu-show", "看功夫表演", "a kung fu show",
     ("功夫", "kung fu")),
    (r"竹筏|漂流|bamboo raft(?:ing)?|rafting", "rafting", "坐竹筏/漂流", "rafting",
     ("竹筏", "漂流", "raft")),
    (r"骑马|horse[- ]?riding|ride horses", "horse-riding", "骑马", "horse riding",
     ("骑马", "horse")),
    (r"骑骆驼|camel (?:ride|riding|trek)s?", "camel-ride", "骑骆驼", "a camel ride",
     ("骆驼", "camel")),
    (r"热气球|hot[- ]air balloons?", "balloon", "坐热气球", "a hot-air balloon ride",
     ("热气球", "balloon")),
    (r"潜水|浮潜|snorkell?ing|scuba|diving", "diving", "潜水/浮潜", "diving or snorkelling",
     ("潜水", "浮潜", "snorkel", "diving")),
    (r"冲浪|surfing", "surfing", "冲浪", "surfing", ("冲浪", "surf")),
    (r"蹦极|bungee", "bungee", "蹦极", "a bungee jump", ("蹦极", "bungee")),
    (r"攀岩|抱石|rock[- ]?climbing|bouldering", "rock-climbing", "攀岩", "rock climbing",
     ("攀岩", "rock climbing", "rock-climbing")),
    (r"玻璃栈道|玻璃桥|glass (?:bridge|skywalk|walkway)s?", "glass-walk", "走玻璃栈道/玻璃桥",
     "a glass skywalk", ("玻璃", "glass")),
    (r"海洋馆|水族馆|海底世界|aquariums?|ocean park", "aquarium", "逛海洋馆", "an aquarium",
     ("海洋馆", "水族馆", "海底世界", "海洋公园", "aquarium", "ocean park")),
    (r"篝火晚会|bonfire", "bonfire", "篝火晚会", "a bonfire party", ("篝火", "bonfire")),
    (r"民族歌舞|歌舞表演|ethnic (?:song and )?dance(?: shows?)?", "ethnic-dance", "看民族歌舞",
     "an ethnic song-and-dance show", ("歌舞", "dance")),
    # 印象·刘三姐 (a landscape show at night), 钱江新城灯光秀, "see a light show"
    (r"灯光秀|光影秀|(?:山水)?实景演出|(?:sound[- ]and[- ])?light shows?|landscape (?:show|performance)s?",
     "light-show", "看灯光秀/实景演出", "a light show",
     ("灯光秀", "光影秀", "实景演出", "灯光音乐", "light show")),
    (r"茶艺|tea ceremony", "tea-ceremony", "看茶艺", "a tea ceremony",
     ("茶艺", "tea ceremony", "tea art")),
    (r"骑(?:自行车|单车|车|行)|(?:骑|租)(?:电动车|电瓶车|小电驴)|租(?:自行车|单车)|e-?bikes?|cycling|\bcycle\b(?! (?:rickshaw|path))|(?:bike|bicycle) (?:ride|tour)s?|biking|by (?:bike|bicycle)|rent(?:ing)? (?:a )?(?:bike|bicycle)s?",
     "cycling", "骑行", "cycling", ("骑行", "自行车", "单车", "cycling", "bicycle", "bike")),
    # 坐船去鼓浪屿 is a ferry to get there (a leg), not a boat trip wished; 漓江游船 is a sight's
    # name, read as that sight
    (r"坐(?:游)?船(?!\s*(?:去|到|过去|回|上岛|过海))|乘(?:游)?船游|划船|泛舟|(?:(?<=[坐乘搭想要去玩划])|(?<![\u3400-\u9fff]))(?:游船|摇橹船|乌篷船|画舫)|boat (?:ride|trip|tour)s?|(?<!night )(?<!river )cruises?(?! ship)",
     "boat", "坐船游览", "a boat trip", ("游船", "乘船", "坐船", "画舫", "摇橹", "乌篷船", "boat", "cruise")),
    (r"出海钓鱼|钓鱼|海钓|出海|(?:sea |deep[- ]sea )?fishing(?: trips?)?", "fishing", "钓鱼/出海",
     "fishing", ("钓鱼", "海钓", "出海", "fishing")),
    (r"赶海|tide ?pool(?:ing|s)?|clam digging|beachcomb(?:ing)?", "tide-flats", "赶海",
     "gathering shellfish on the tide flats", ("赶海", "tide pool", "clam")),
    # 「爬上去坐索道下来」: up a mountain on foot — no sight offers it (no search words), and
    # the planner takes the scenic bus and cable car both ways: answered ❌ with the reason
    (r"(?:爬|走|徒步|步行)(?:上去|上山|上顶)|徒步登顶|\b(?:walk|hike|climb)(?:ing)? (?:it )?up\b|\bup on foot\b",
     "climb-up", "步行上山", "walking up", ()),
    # 阳朔's crags; a climb of a mountain on foot is 爬山 (an interest), not this
    (r"攀岩|抱石|(?:rock|sport)[- ]climbing|bouldering|climbing (?:crags?|walls?|routes?)",
     "rock-climbing", "攀岩", "rock climbing", ("攀岩", "rock climbing", "bouldering")),
    (r"爵士(?:乐|酒吧|吧|现场)?|(?:live )?jazz(?: bars?| clubs?| music| shows?)?", "jazz",
     "听爵士乐", "live jazz", ("爵士", "jazz")),
    # 「想自己动手做陶瓷」, 拉坯体验, "a pottery class": a workshop where one throws or paints a pot
    (r"(?:动手|自己|亲手)(?:做|捏|拉)(?:陶瓷|瓷器|陶器|陶艺|个杯子|个碗)|做陶瓷|做瓷器|拉坯|画坯|陶艺(?:体验|课|DIY)?|捏陶"
     r"|pottery(?: class(?:es)?| workshops?)?|ceramics? (?:class(?:es)?|workshops?)|throw(?:ing)? (?:a )?pots?",
     "pottery", "动手做陶艺（拉坯/画坯）", "a pottery session", ("拉坯", "画坯", "陶艺", "pottery")),
    (r"皮划艇|划艇|桨板|kayak(?:ing)?|canoe(?:ing)?|paddle ?board(?:ing)?|\bsup\b", "kayaking",
     "划皮划艇/桨板", "kayaking or paddleboarding", ("皮划艇", "桨板", "kayak", "canoe", "paddle")),
)  # fmt: skip

_PREFIX = "activity:"
#: Activities that are shows: a sight offers one by its name, or by its description only when it
#: puts on performances (tagged ``performance``).
SHOWS = frozenset(
    ("crosstalk", "peking-opera", "sichuan-opera", "kunqu", "pingtan", "acrobatics",
     "shadow-puppets", "kungfu-show", "ethnic-dance", "light-show", "jazz")
)  # fmt: skip


def find_activities(text: str) -> list[Found]:
    """Activities wished in `text` (not refused: 不想漂流), once each, as ``other`` wishes
    valued ``activity:<key>`` with the words said."""
    found: list[Found] = []
    for rx, key, *_ in ACTIVITIES:
        for m in words_pattern(rx).finditer(text):
            if negated(text, m.start(), m.end()):
                continue
            said, span = words_at(text, m.start(), m.end())
            if all(f.value != _PREFIX + key for f in found):
                found.append(Found("other", _PREFIX + key, said, span))
            break
    return found


def activity_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of the words in `text` that name a show or activity ("Sichuan opera"), so
    that no place is read in them (Sichuan the province)."""
    return [m.span() for rx, *_ in ACTIVITIES for m in words_pattern(rx).finditer(text)]


def is_activity_words(name: str) -> bool:
    """Whether a must-see name is only activity words (想看「京剧和杂技」, "Sichuan opera
    face-changing"): `find_activities` answers it, no place is looked up by that name."""
    rest = name
    for rx, *_ in ACTIVITIES:
        rest = words_pattern(rx).sub("", rest)
    if rest == name:
        return False
    rest = re.sub(
        r"[的看听去和、\s-]|\b(?:the|a|an|and|see|some|show|shows)\b", "", rest, flags=re.I
    )
    return len(re.findall(r"[\u3400-\u9fff]", rest)) < 2 and len(re.findall(r"[A-Za-z]", rest)) < 3


def activity_key(value: str) -> str | None:
    """The activity key of an ``other`` wish's value, or None for other ``other`` wishes."""
    return value[len(_PREFIX) :] if value.startswith(_PREFIX) else None


def activity_label(key: str, lang: str) -> str:
    """The activity in words of `lang` (「听相声」, "a crosstalk show")."""
    for _rx, k, zh, en, _words in ACTIVITIES:
        if k == key:
            return zh if lang == "zh" else en
    return key


def resolve_activity(key: str, kb: Any, dest_ids: Iterable[str], said: str = "") -> str | None:
    """The POI id of the sight of `dest_ids` that best offers activity `key`: one whose name,
    aliases or spots (`Attraction.highlights`) hold the very words `said` for it (「玻璃栈道」:
    天门山's skywalk, not 大峡谷's glass bridge) before one whose description does, then one
    whose name or aliases hold a search word before one whose description does, then the more
    popular; None when no sight of those destinations offers it (or `kb` is None). A show
    (`SHOWS`) is offered by a description only at a sight that puts on performances."""
    entry = next((a for a in ACTIVITIES if a[1] == key), None)
    if kb is None or entry is None or not entry[4]:
        return None
    rx, words = entry[0], entry[4]
    m = words_pattern(rx).search(said)
    exact = m.group(0).lower() if m else ""
    best: tuple[int, int, str] | None = None
    for dest_id in dest_ids:
        dest = kb.destinations.get(dest_id)
        for place in dest.attractions if dest else ():
            spots = [n for h in place.highlights for n in (h.name_zh, h.name_en)]
            names = " ".join((place.name_zh, place.name_en, *place.aliases, *spots)).lower()
            text = " ".join((place.description_zh, place.description_en)).lower()
            # descriptions only by Chinese words: "glass" or "dance" in an English one is noise;
            # a show only where one is put on (平江路's 「评弹茶馆」 is a street, not a show)
            said_only = key in SHOWS and "performance" not in place.tags
            rank = (
                4
                if exact and exact in names
                else 3
                if exact and has_cjk(exact) and exact in text and not said_only
                else 2
                if any(w in names for w in words)
                else 1
                if any(w in text for w in words if has_cjk(w)) and not said_only
                else 0
            )
            if rank and (best is None or (rank, place.popularity) > best[:2]):
                best = (rank, place.popularity, place.id)
    return best[2] if best else None
