"""Place-name normalisation: pinyin keys, English names, suffix variants, distances."""

from __future__ import annotations

import itertools
import math
import re
import unicodedata

from pypinyin import Style, lazy_pinyin, pinyin
from rapidfuzz import fuzz

from engine.knowledge import place_aliases as tables
from engine.knowledge.regions import short_name

_CJK = re.compile(r"[\u3400-\u9fff]")
#: A hotel's own name (西湖国宾馆, 和平饭店, "the Peace Hotel"), not an area to stay in.
HOTEL_NAME = re.compile(
    r"(?:宾馆|酒店|饭店|山庄|度假村|旅馆|旅店)$|\b(?:hotel|inn|resort|lodge|hostel)$", re.I
)
_VOWEL_START = re.compile(r"^[aoe]")
_SCENIC_SUFFIXES = ("风景名胜区", "风景区", "旅游区", "景区", "古城", "古镇")
_ADMIN_SUFFIXES = ("特别行政区", "地区", "省", "市", "县", "区")
_LATIN_PREFIXES = {"the", "mount", "mt"}
_LATIN_SUFFIXES = {"city", "county", "province", "district", "prefecture", "mountain", "mountains",
                   "scenic", "area", "town", "old", "ancient"}  # fmt: skip


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def latin_key(text: str) -> str:
    """Normalised Latin key: ``"Xi'an"`` → ``xian``, ``"Huang Shan"`` → ``huangshan``."""
    return "".join(re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", text).lower()))


def english_name(short: str) -> str:
    """Title-cased pinyin with an apostrophe before a/o/e syllables (西安 → ``Xi'an``)."""
    if short in tables.EN_NAMES:
        return tables.EN_NAMES[short]
    syllables = lazy_pinyin(short, style=Style.NORMAL, errors="ignore")
    parts = [s if i == 0 or not _VOWEL_START.match(s) else "'" + s for i, s in enumerate(syllables)]
    return "".join(parts).capitalize()


def pinyin_keys(name: str) -> list[str]:
    """Toneless pinyin spellings of a Chinese name: the usual reading first, then other readings
    of heteronyms (长治 → ``zhangzhi``, ``changzhi`` …), at most 8."""
    first = "".join(lazy_pinyin(name, style=Style.NORMAL, errors="ignore"))
    readings = pinyin(name, style=Style.NORMAL, heteronym=True, errors="ignore")
    combos = itertools.islice(itertools.product(*readings), 8)
    return list(dict.fromkeys([first, *("".join(c) for c in combos)]))


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km (haversine, mean Earth radius 6371 km)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(a))


def short_of(name: str) -> str:
    """Short form of a division name, for matching knowledge-base names to the backbone."""
    return short_name(name)[0]


def words(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", text).lower())
    return " ".join(words[1:] if len(words) > 1 and words[0] == "the" else words)


#: One pinyin syllable (initial, then final), loosely: it accepts a few spellings Mandarin lacks.
_SYLLABLE = (
    r"(?:[bpmfdtnlgkhjqxrzcsyw]|zh|ch|sh)?"
    r"(?:iang|iong|uang|ueng|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu"
    r"|ua|uo|ui|ue|er|a|o|e|i|u)"
)
_PINYIN = re.compile(rf"(?:{_SYLLABLE})+(?:'(?:{_SYLLABLE})+)*", re.I)


def is_pinyin(word: str) -> bool:
    """Whether a Latin word spells Chinese syllables (``Jiaoshan``, ``Xi'an``, ``Potala``), as
    a place's own name does, rather than an English word such as ``First`` or ``Great``."""
    return bool(_PINYIN.fullmatch(word.replace("’", "'")))


def latin_attraction_score(query: str, choice: str) -> float:
    """Similarity of two English names: plain, or 0.9 × token-set similarity when the query has
    two words or more ("Zhejiang Museum" ~ "Zhejiang Provincial Museum")."""
    plain = fuzz.ratio(query.replace(" ", ""), choice.replace(" ", ""))
    return max(plain, 0.9 * fuzz.token_set_ratio(query, choice)) if " " in query else plain


def zh_variants(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).replace(" ", "")
    out = [text]
    for suffix in _SCENIC_SUFFIXES + _ADMIN_SUFFIXES:
        if text.endswith(suffix) and len(text) - len(suffix) >= 1:
            out.append(text[: -len(suffix)])
    return out


def latin_variants(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", text).lower())
    out = ["".join(words)]
    while words and words[0] in _LATIN_PREFIXES:
        words = words[1:]
    while words and words[-1] in _LATIN_SUFFIXES:
        words = words[:-1]
    if words:
        out.append("".join(words))
    return out


_MUNICIPALITIES = ("北京市", "天津市", "上海市", "重庆市", "香港特别行政区", "澳门特别行政区")


def where_label(place: object, lang: str) -> str:
    """Where a place lies, for labels: the province of a prefecture (广东), the province and
    prefecture of a county or sight (陕西渭南; "Weinan, Shaanxi"), the city of a district of a
    municipality (上海); "" for provinces, regions and municipalities themselves.

    `place` is a `PlaceMatch` (typed loosely: this module sits below the index)."""
    level = getattr(place, "level", "")
    province: str = getattr(place, "province", "")
    prefecture: str = getattr(place, "prefecture", "")
    full: str = getattr(place, "full_name_zh", "")
    if level in ("region", "province") or not province:
        return ""
    prov = short_name(province)[0]
    pref = short_name(prefecture)[0] if prefecture else ""
    if lang == "zh" and prefecture.endswith("自治州"):
        pref += "州"  # 甘孜州, 海南州: as people say them (a bare 海南 reads as the island)
    if province in _MUNICIPALITIES:
        return "" if full == province or level == "prefecture" else _lang(prov, lang)
    if level == "prefecture" or not pref or prefecture == full:
        return _lang(prov, lang)
    if lang == "zh":
        return prov + pref
    return f"{english_name(pref)}, {english_name(prov)}"


def _lang(short: str, lang: str) -> str:
    return short if lang == "zh" else english_name(short)
