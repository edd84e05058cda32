"""ChinaTravel sandbox rows → our records: field mappings for attractions, restaurants, hotels.

Mappings (documented here because the guide and the planner rely on them):

- Hours: ``opentime``–``endtime`` every day (``0:00``–``24:00`` → ``24/7``); the sandbox has no
  weekly closures, so a museum's 周一闭馆 is unknown — one reason curated records win.
- Attraction visit minutes: the mean of ``recommendmintime`` and ``recommendmaxtime`` (hours),
  at least 30 and at most 480. Ticket: ``price``.
- Attraction popularity (1–5, the planner squares it): the sandbox lists each city's attractions
  most popular first (Ctrip order: 迪士尼, 东方明珠, 外滩 …), so rank < 10 → 4, < 40 → 3,
  < 120 → 2, else 1, one less when ``star`` < 4.0; never 5, which curated must-sees carry.
- Attraction ``type`` (``{历史古迹;城市地标}``) → tags by `TYPE_TAGS`; restaurant ``cuisine`` →
  cuisine tags by `CUISINE_MAP`. Restaurants of cuisines without a tag of ours (Japanese, Korean,
  South-East Asian, bars, cafés) are not imported: meals in a trip plan are about local food.
- Hotels: price range = lowest to highest of the four room prices.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Any

from pypinyin import Style, lazy_pinyin
from pypinyin.seg.simpleseg import seg

from engine.knowledge.hours import HoursError, parse

#: Attraction type (zh) -> (English words, our tags).
TYPE_TAGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "网红打卡点": ("photo spot", ("photography",)),
    "沉浸式体验": ("immersive experience", ()),
    "夜经济热点": ("night-life spot", ("nightlife", "night-view")),
    "亲子友好": ("family-friendly", ("kids",)),
    "小众秘境": ("hidden gem", ()),
    "城市地标": ("city landmark", ("landmark",)),
    "美食目的地": ("food destination", ("food",)),
    "节庆限定": ("festival venue", ("culture",)),
    "非遗体验": ("intangible heritage", ("heritage", "culture")),
    "宠物特色": ("pet-friendly", ()),
    "历史古迹": ("historic site", ("history", "heritage")),
    "博物馆/纪念馆": ("museum or memorial", ("museum", "indoor")),
    "自然风光": ("natural scenery", ("nature", "outdoor")),
    "人文景观": ("cultural landscape", ("culture",)),
    "大学校园": ("university campus", ("architecture", "culture")),
    "美术馆/艺术馆": ("art gallery", ("art", "indoor")),
    "红色景点": ("revolutionary site", ("history",)),
    "游乐园/体育娱乐": ("amusement or sports", ("theme-park", "kids")),
    "图书馆": ("library", ("culture", "indoor")),
    "园林": ("classical garden", ("garden", "heritage")),
    "其它": ("sight", ("culture",)),
    "文化旅游区": ("cultural tourism area", ("culture", "old-town")),
    "公园": ("park", ("park", "outdoor")),
    "商业街区": ("shopping street", ("shopping",)),
}

#: Restaurant cuisine (zh) -> (English words, our cuisine tags); cuisines absent are skipped.
CUISINE_MAP: dict[str, tuple[str, tuple[str, ...]]] = {
    "小吃": ("snacks", ("snacks", "street-food")),
    "面包甜点": ("bakery and desserts", ("dessert",)),
    "快餐简餐": ("quick meals", ("snacks",)),
    "烧烤": ("barbecue", ("bbq",)),
    "茶馆/茶室": ("tea house", ("tea-house",)),
    "素食": ("vegetarian", ("vegetarian",)),
    "粤菜": ("Cantonese", ("cantonese",)),
    "湖北菜": ("Hubei dishes", ("local",)),
    "西餐": ("Western", ("western",)),
    "火锅": ("hotpot", ("hotpot", "spicy")),
    "本帮菜": ("Shanghainese", ("shanghai",)),
    "江浙菜": ("Jiangsu-Zhejiang", ("zhe", "su")),
    "川菜": ("Sichuan", ("sichuan", "spicy")),
    "西北菜": ("North-western", ("northwest",)),
    "新疆菜": ("Xinjiang", ("xinjiang", "halal")),
    "其他中餐": ("Chinese", ("local",)),
    "创意菜": ("creative Chinese", ("local",)),
    "湘菜": ("Hunan", ("hunan", "spicy")),
    "北京菜": ("Beijing dishes", ("beijing",)),
    "农家菜": ("farmhouse dishes", ("local",)),
    "海鲜": ("seafood", ("seafood",)),
    "客家菜": ("Hakka", ("hakka",)),
    "东北菜": ("North-eastern", ("northeast",)),
    "自助餐": ("buffet", ("local",)),
    "融合菜": ("fusion", ("local",)),
    "云南菜": ("Yunnan", ("yunnan",)),
    "徽菜": ("Anhui", ("hui",)),
    "鲁菜": ("Shandong", ("local",)),
    "西藏菜": ("Tibetan", ("tibetan",)),
    "闽菜": ("Fujian", ("fujian",)),
    "清真菜": ("halal", ("muslim", "halal")),
    "海南菜": ("Hainan", ("local",)),
    "台湾菜": ("Taiwanese", ("local",)),
}


class RowError(ValueError):
    """A sandbox row that cannot become a record (the message says why, for the skip counts)."""


def english(name: str) -> str:
    """An English display name: capitalised pinyin and the Chinese, ``Gugongbowuyuan (故宫博物院)``.

    The name is cut into words as `lazy_pinyin` cuts it (`pypinyin.seg.simpleseg.seg`) and each
    word's pinyin is cached: the same result, 30 µs a name instead of 115 µs (an import of
    100 000 places spent 9 s here).
    """
    text = "".join(_word_pinyin(word) for word in seg(name))
    text = re.sub(r"[()（）\s]+", " ", text).strip()
    return f"{text[:1].upper()}{text[1:]} ({name})" if text else name


@functools.lru_cache(maxsize=65536)
def _word_pinyin(word: str) -> str:
    if word.isascii():  # digits, Latin letters: kept as they are (and not filling the cache)
        return word
    return "".join(lazy_pinyin(word, style=Style.NORMAL, errors="default"))


_HUB_SUFFIXES = (
    ("国际机场", "International Airport"),
    ("机场", "Airport"),
    ("火车站", "Railway Station"),
    ("站", "Station"),
)
_DIRECTIONS = {"东": "East", "南": "South", "西": "West", "北": "North"}


def hub_english(name: str, city_zh: str, city_en: str) -> str:
    """An English station or airport name: ``上海松江站`` → ``Shanghai Songjiang Station``,
    ``北京南站`` → ``Beijing South Station``, ``成都天府国际机场`` → ``Chengdu Tianfu International
    Airport`` (the city's English name, pinyin for the rest, directions translated)."""
    stem, kind = name, ""
    for zh, en in _HUB_SUFFIXES:
        if name.endswith(zh):
            stem, kind = name[: -len(zh)], en
            break
    words = []
    if stem.startswith(city_zh):
        words.append(city_en)
        stem = stem[len(city_zh) :]
    if stem in _DIRECTIONS:
        words.append(_DIRECTIONS[stem])
    elif stem:
        words.append("".join(lazy_pinyin(stem, style=Style.NORMAL, errors="default")).title())
    return " ".join([*words, kind]).strip() or english(name)


def hours(open_at: str, close_at: str) -> str:
    """OSM opening_hours from sandbox times (``9:00``, ``24:00``).

    Raises:
        RowError: times missing or not parseable.
    """
    try:
        oh, om = (int(v) for v in open_at.strip().split(":"))
        ch, cm = (int(v) for v in close_at.strip().split(":"))
    except ValueError:
        raise RowError("hours") from None
    if (oh, om) == (0, 0) and (ch, cm) in ((24, 0), (0, 0), (23, 59)):
        return "24/7"
    text = f"Mo-Su {oh:02d}:{om:02d}-{ch:02d}:{cm:02d}"
    try:
        parse(text)
    except HoursError:
        raise RowError("hours") from None
    return text


def number(row: dict[str, Any], key: str) -> float:
    """A numeric field. Raises: RowError when missing or not a number."""
    try:
        return float(str(row.get(key, "")).strip())
    except ValueError:
        raise RowError(key) from None


def type_tags(raw: str) -> tuple[list[str], tuple[str, ...]]:
    """(English words, tags) of an attraction ``type`` such as ``{历史古迹;城市地标}``."""
    words: list[str] = []
    tags: list[str] = []
    for part in raw.strip("{} ").split(";"):
        hit = TYPE_TAGS.get(part.strip())
        if hit:
            words.append(hit[0])
            tags.extend(t for t in hit[1] if t not in tags)
    return words, tuple(tags) or ("culture",)


def popularity(rank: int, star: str) -> int:
    """1–4 from the sandbox's list order and star rating (see the module docstring)."""
    value = 4 if rank < 10 else 3 if rank < 40 else 2 if rank < 120 else 1
    try:
        if float(star) < 4.0:
            value -= 1
    except ValueError:
        pass
    return max(1, value)


def provenance(today: dt.date, file: str, datum: str) -> dict[str, Any]:
    """The provenance fields of a sandbox record from `file` (`datum`: its source datum, or ""
    for records without coordinates)."""
    return {
        "as_of": today,
        "source": f"ChinaTravel sandbox (Shao et al. 2024, arXiv 2412.13682; CC BY-NC-SA 4.0), "
        f"{file}" + (f"; source datum {datum}, stored as WGS-84" if datum else ""),
        "confidence": "estimated",
    }
