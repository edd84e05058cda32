"""Sights named in part: 长城 for 八达岭长城, 长隆 for 长隆野生动物世界, "Great Wall"."""

from __future__ import annotations

from engine.knowledge.gazetteer_index import TIER_SIGHT, Index
from engine.knowledge.place_names import has_cjk, is_pinyin, words

#: Words that name a kind of sight, not one sight: never a partial name by themselves.
GENERIC_ZH = frozenset(
    """古城 古镇 老街 古街 古村 公园 广场 景区 风景区 旅游区 博物馆 博物院 纪念馆 美术馆 艺术馆 寺 庙 寺庙
    塔 湖 山 岛 海 海滩 沙滩 大桥 步行街 夜市 大学 乐园 游乐园 动物园 植物园 湿地 湿地公园 森林公园 国家公园
    遗址 石窟 瀑布 峡谷 大峡谷 温泉 码头 教堂 故居 书院 村 街 路 桥 洞 城墙 夜景 游船 索道 缆车 演出 海洋公园
    海洋世界 欢乐谷 主题公园 度假区 观景台 步道 商业街 历史街区 文化街区 民俗村 清真寺 大佛 千佛洞""".split()
)
GENERIC_EN = frozenset(
    """park museum temple old town lake mountain mountains street beach bridge garden gardens zoo
    square tower pagoda palace cave caves waterfall falls canyon island village gate wall
    night market cruise river hill hills church mosque monastery scenic area resort""".split()
)


class PartialNames:
    """Names of the knowledge base's famous sights, for matching a name given in part.

    A name matches a sight when it begins or ends the sight's Chinese name, an alias or a part
    of a compound name (「灵隐寺·飞来峰」), or begins or ends the words of an English name;
    it must not be a generic word (`GENERIC_ZH`, `GENERIC_EN`), and one Latin word alone must
    be pinyin (``Jiaoshan``): an English word of a translated name ("First" of "First Pass
    Under Heaven", "Great", "Giant") says what a sight is like, not which one. Among the sights it matches,
    the most popular wins when all sights of that popularity belong to one destination and it
    is a famous sight (popularity ≥ 4); otherwise the name is too vague (博物馆) and nothing
    matches.
    """

    def __init__(self, index: Index) -> None:
        self._index = index
        self._zh: dict[int, set[str]] = {}
        self._en: dict[int, set[tuple[str, ...]]] = {}
        for key, hits in index.zh.items():
            for idx, _quality, _how in hits:
                if index.entries[idx].poi_id is not None and index.tier[idx] == TIER_SIGHT:
                    self._zh.setdefault(idx, set()).add(key)
        for idx, entry in enumerate(index.entries):
            if entry.poi_id is not None and index.tier[idx] == TIER_SIGHT and idx >= index.kb_start:
                self._en.setdefault(idx, set()).add(tuple(words(entry.name_en).split()))

    def find(self, name: str, destination_ids: frozenset[str] | None = None) -> int | None:
        """The entry index of the sight `name` names in part, or None; among the sights of
        `destination_ids` only, when given (长城 on a 秦皇岛 trip: 角山长城, not 八达岭)."""
        if has_cjk(name):
            if len(name) < 2 or name in GENERIC_ZH:
                return None
            found = [
                idx
                for idx, keys in self._zh.items()
                if any(
                    len(k) > len(name) and (k.startswith(name) or k.endswith(name)) for k in keys
                )
            ]
        else:
            query = tuple(words(name).split())
            if not query or " ".join(query) in GENERIC_EN or len("".join(query)) < 5:
                return None
            if len(query) == 1 and not is_pinyin(query[0]):
                return None  # an English word alone describes ("First", "Giant"), never names
            found = [
                idx
                for idx, names in self._en.items()
                if any(
                    len(n) > len(query) and query in (n[: len(query)], n[-len(query) :])
                    for n in names
                )
            ]
        if destination_ids is not None:
            found = [i for i in found if self._index.entries[i].destination_id in destination_ids]
        return self._best(found)

    def _best(self, found: list[int]) -> int | None:
        if not found:
            return None
        top = max(self._index.weight[i] // 1 for i in found)
        best = [i for i in found if self._index.weight[i] // 1 == top]
        if len({self._index.entries[i].destination_id for i in best}) != 1:
            return None
        return min(best, key=lambda i: (-self._index.weight[i], i))
