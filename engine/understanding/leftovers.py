"""Wishes not understood: clauses that ask for something (想…, 不要…, "I'd like …") of which
nothing was recognised, echoed back (「没看懂：想住树屋」) instead of dropped silently.

A clause counts when it has a wish word, no word of it was understood by any extractor, and
something is left once request filler (帮我规划一下, 谢谢, "please plan", particles) is removed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_CLAUSES = re.compile(r"[^,，。.!！?？;；\n|]+")
_CUE_ZH = re.compile(
    r"想|要|希望|最好|别|不用|能不能|能否|可以|一定|必须|喜欢|讨厌|偏好|尽量|避开|避免|需要|求|务必|记得|请"
    r"|^(?:早上|上午|中午|下午|傍晚|晚上|夜里|白天)?(?:再|还|也|顺便|顺路)?"
    r"(?:看|吃|住|体验|参观|打卡|逛|拍|坐|喝|爬|登|泡|漂|骑)"
    r"|(?:不|没法|不能|不会|不爱|不太)(?:吃|喝|住|坐|去|看|爬|走|碰|沾|要|想)|忌口|过敏"
    r"|晕车|晕船|恐高|怕冷|怕热|怕晒|怕水"
)
_CUE_EN = re.compile(
    r"\b(?:want|wants|wanna|would like|'d like|prefer|please|must|need|hope|avoid|don'?t|rather"
    r"|should|love|make sure|ideally|no|carsick|seasick|motion sickness|afraid of heights)\b",
    re.I,
)
#: Request filler: what is left after removing it is what the person wished for.
_FILLER_ZH = re.compile(
    "|".join(
        sorted(
            """帮我 帮忙 麻烦 给我 给 做一个 做个 做一份 出一个 出个 一份 一个 规划 计划 安排 推荐 攻略 行程
            路线 方案 一下 谢谢 多谢 感谢 可以吗 好吗 行吗 怎么样 如何 吧 呢 啊 呀 哦 嗯 的 了 我们 我 咱们
            大家 想要 想 要 希望 需要 能不能 能否 可以 玩 旅游 旅行 游玩 出去 出行 去 一趟 走走 转转 逛逛 看看
            好玩 有趣 合适 合理 详细 具体 完整 一些 一点 点 地方 景点 什么 哪些 哪里 有没有 比较 最好 尽量
            这次 本次 第一次 打算 准备 出发 时间 日程 天 日 人 个 一起 还 也 都 就 很 非常 特别 一定 能 会 是
            有 在 和 跟 与 及 还有 然后 再 先 之后 这个 那个 感觉 觉得 请 吗 下 放松 体验 开心 愉快 充分
            好好 顺利 轻松 舒服 舒适 满意 经典 必须 务必 记得 别 不用 求 您 你 安全 回答 中文
            英文 用 注意 事项 建议 越 好""".split(),
            key=len,
            reverse=True,
        )
    )
)
_FILLER_EN = frozenset(
    """i we you me us my our a an the to for of in on at and or with please plan want wants wanna
    would like 'd d prefer must need hope rather should love make sure ideally trip travel itinerary
    help can could some something nice good great fun it this that be have get do go going visit
    see some time days day really very also just so thanks thank let's lets us's would're 'm m
    enjoy experience spend best most things places place around there here no don't dont avoid
    holiday holidays vacation getaway break weekend tour detailed plan answer english chinese
    tips suggestions suggest recommend recommendations""".split()
)


def unrecognized(text: str, understood: Iterable[tuple[int, int]], lang: str) -> list[str]:
    """The clauses of `text` that ask for something and of which nothing is in `understood`
    (spans of text the extractors read), in text order."""
    spans = [s for s in understood if s[1] > s[0]]
    out: list[str] = []
    for m in _CLAUSES.finditer(text):
        clause = m.group(0).strip()
        if not clause or any(m.start() < e and s < m.end() for s, e in spans):
            continue
        if text[m.end() : m.end() + 1] in ("?", "？") or clause.endswith(("吗", "么")):
            continue  # a question (有什么要注意的吗？), answered by the guide, not a wish
        if lang == "zh" or re.search(r"[\u3400-\u9fff]", clause):
            if not _CUE_ZH.search(clause):
                continue
            rest = _FILLER_ZH.sub("", re.sub(r"[\s\d|]", "", clause))
            if len(re.findall(r"[\u3400-\u9fff]", rest)) >= 2:
                out.append(clause)
        else:
            if not _CUE_EN.search(clause):
                continue
            words = re.findall(r"[a-z']+", clause.lower())
            if any(w not in _FILLER_EN and len(w) >= 3 for w in words):
                out.append(clause)
    return out
