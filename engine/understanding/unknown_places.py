"""A place asked for in a follow-up that nothing knows (「第二天加上国花园」, 「想看丽江千古情」, "add
the Foo Museum on day 2"): answered with the edit's own reason, by name (「知识库和数据包里都没有
「国花园」」), never with the generic "I can't do that yet" (`engine.understanding.unread`)."""

from __future__ import annotations

import re

from engine.domain.itinerary import Itinerary
from engine.editing.errors import EditRefused
from engine.editing.places import find_place
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer import gazetteer_for
from engine.knowledge.schema import Destination
from engine.understanding.activities import find_activities
from engine.understanding.attractions import clean, find_destination, tags_for
from engine.understanding.edit_refs import DAY
from engine.understanding.food import find_food
from engine.understanding.kind_adds import names_a_kind

#: 「加上X」, 「想去X看牡丹」, 「想看X」: the words of the place (up to what is done there).
_ZH = re.compile(
    r"(?:加上|加入|添加|加个|也去|还想去|想去|再去|多去|想看|要去|去看|去逛|安排)\s*(?:一个|一下)?\s*"
    r"(?P<a>[\u4e00-\u9fffA-Za-z0-9·]{2,14}?)\s*(?=看|玩|逛|拍|吃|吧|呢|了|[，。,.;；!?！？]|$)"
)
#: "add the Foo Museum on day 2", "visit Bar Temple": a capitalised name.
_EN = re.compile(
    r"\b(?i:add|visit|see|go to|include|fit in)\s+(?i:the\s+)?(?P<a>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
)
#: The last characters of a Chinese place's name (园, 寺, 湖, 古镇 …).
_SUFFIX = re.compile(
    r"(?:园|寺|庙|宫|观|祠|塔|楼|阁|亭|山|峰|岭|湖|海|江|河|溪|潭|泉|池|湾|滩|岛|洞|峡|谷|瀑布|"
    r"桥|街|巷|路|城|村|镇|寨|坊|府|居|院|馆|场|台|陵|墓|门|景区|乐园|广场|公园|古镇|遗址|"
    r"千古情|大剧院|剧场|演出|秀)$"
)


def unknown_place_answer(clause: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """Why the place `clause` asks to add or see cannot be: nothing in the knowledge base, a
    data pack or the gazetteer has its name (the edit's reason, 「知识库和数据包里都没有「X」」);
    None when the clause names no such place (a kind of sight, an activity, food, a place that
    is known)."""
    words = _named(clause, it, kb)
    if words is None:
        return None
    try:
        place = find_place(words, kb, it.request.destinations)
    except EditRefused as refused:
        return pick(lang, f"{refused.message('zh')}，没法加进行程；行程没有改动",
                    f"{refused.message('en')}, so I cannot add it; the plan is unchanged")  # fmt: skip
    home = kb.destination_of(place.id)
    city = next((c for c in _cities(it, kb) if words.startswith(c.name_zh)), None)
    if city is not None and home is not None and home.id != city.id:  # 「丽江千古情」 ≠ 三亚千古情
        return pick(lang, f"{city.name_zh}的资料里没有「{words}」，没法加进行程；行程没有改动",
                    f"the knowledge base has no “{words}” in {city.name_en}, so I cannot add "
                    "it; the plan is unchanged")  # fmt: skip
    return None


def _cities(it: Itinerary, kb: KnowledgeBase) -> list[Destination]:
    return [d for x in it.request.destinations if (d := kb.destinations.get(x)) is not None]


def _named(clause: str, it: Itinerary, kb: KnowledgeBase) -> str | None:
    """The words of a place's name `clause` asks for, or None."""
    bare = re.sub(DAY, " ", clause, flags=re.I)
    bare = re.sub(r"(?:上午|下午|中午|傍晚|晚上|早上)", "", bare)
    if (m := _ZH.search(bare)) is not None:
        words = clean(m.group("a"))
        cities = [d.name_zh for d in _cities(it, kb)]
        if not (_SUFFIX.search(words) or any(words.startswith(c) and words != c for c in cities)):
            return None
    elif (m := _EN.search(bare)) is not None:
        words = clean(m.group("a"))
    else:
        return None
    if (
        len(words) < 2
        or tags_for(words)
        or names_a_kind(words)
        or find_activities(words)
        or find_food(words).found
        or find_destination(words, kb)
        or any(e - s >= len(words) for s, e, _m in gazetteer_for(kb).scan(words))
    ):
        return None
    return words


__all__ = ["unknown_place_answer"]
