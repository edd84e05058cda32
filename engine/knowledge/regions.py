"""China's administrative divisions (china-region) and airports (airportsdata), read once."""

from __future__ import annotations

import csv
import functools
import io
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Literal

Level = Literal["region", "province", "prefecture", "county", "scenic", "airport"]

#: Ethnic-group names that autonomous divisions carry (e.g. 甘孜藏族自治州 → 甘孜); longest first.
_ETHNIC = sorted(
    """蒙古 回 藏 维吾尔 苗 彝 壮 布依 朝鲜 满 侗 瑶 白 土家 哈尼 哈萨克 傣 黎 傈僳 佤 畲 高山 拉祜 水
    东乡 纳西 景颇 柯尔克孜 土 达斡尔 仫佬 羌 布朗 撒拉 毛南 仡佬 锡伯 阿昌 普米 塔吉克 怒 乌孜别克
    俄罗斯 鄂温克 德昂 保安 裕固 京 塔塔尔 独龙 鄂伦春 赫哲 门巴 珞巴 基诺 各""".split(),
    key=len,
    reverse=True,
)
_AUTONOMOUS = ("自治州", "自治县", "自治旗", "自治区")
#: Plain suffixes, longest first; a short name keeps at least two characters.
_SUFFIXES = ("特别行政区", "新区", "林区", "地区", "矿区", "市", "省", "县", "区", "盟", "旗")

#: china-region (2010-era data) names some prefectures after a county or an old name.
_PREFECTURE_FIXES = {
    "牡丹区": "菏泽市",
    "襄樊市": "襄阳市",
    "墨江哈尼族自治县": "普洱市",
    "兴义市": "黔西南布依族苗族自治州",
    "阿图什市": "克孜勒苏柯尔克孜自治州",
}
_MUNICIPALITIES = frozenset({"北京市", "天津市", "上海市", "重庆市"})
_SAR = {"香港": "香港特别行政区", "澳门": "澳门特别行政区"}
#: Generic district names that china-region repeats under wrong cities; not places one can name.
_GENERIC = frozenset({"城区", "矿区", "郊区"})


@dataclass(frozen=True)
class Region:
    """One administrative division.

    Attributes:
        name: official full name, e.g. ``黄山市``, ``稻城县``, ``安徽省``.
        short: common short name (``黄山``, ``稻城``, ``安徽``); equals `name` when stripping a
            suffix would leave fewer than two characters (``歙县``).
        derived: True when `short` dropped more than a plain suffix (``甘孜藏族自治州`` → ``甘孜``).
        level: ``province``, ``prefecture`` (municipalities count as prefectures) or ``county``.
        province: full name of the province-level division (``港澳台`` rows become ``香港``…).
        prefecture: full name of the prefecture-level division it lies in (itself for one).
        lat, lon: approximate centre, degrees (china-region gives two decimals).
    """

    name: str
    short: str
    derived: bool
    level: Level
    province: str
    prefecture: str
    lat: float
    lon: float


@dataclass(frozen=True)
class Airport:
    """A Chinese airport with an IATA code (airportsdata): name and city in English, WGS-84."""

    iata: str
    name: str
    city: str
    lat: float
    lon: float


def short_name(full: str) -> tuple[str, bool]:
    """Common short name of a division and whether it is derived beyond a plain suffix.

    ``黄山市`` → (``黄山``, False); ``德宏傣族景颇族自治州`` → (``德宏``, True); ``歙县`` → (``歙县``, False).
    """
    for suffix in _AUTONOMOUS:
        if full.endswith(suffix) and len(full) > len(suffix) + 1:
            stem = full[: -len(suffix)]
            stripped = True
            while stripped:
                stripped = False
                for group in _ETHNIC:
                    for tail in (group + "族", group):
                        if stem.endswith(tail) and len(stem) - len(tail) >= 2:
                            stem, stripped = stem[: -len(tail)], True
                            break
                    if stripped:
                        break
            return stem, True
    for suffix in _SUFFIXES:
        if full.endswith(suffix) and len(full) - len(suffix) >= 2:
            return full[: -len(suffix)], False
    return full, False


def _region(
    name: str, level: Level, province: str, prefecture: str, lat: float, lon: float
) -> Region:
    short, derived = short_name(name)
    return Region(name, short, derived, level, province, prefecture, lat, lon)


def _package_file(package: str, name: str) -> Path:
    """A data file shipped inside `package`, found without importing it (china-region's
    ``__init__`` imports pandas, which costs a third of a second)."""
    spec = find_spec(package)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"package {package!r} is not installed")
    return Path(spec.origin).parent / name


@functools.cache
def load_regions() -> tuple[Region, ...]:
    """Every province, prefecture and county of china-region's ``region.csv``, in file order.

    Provinces take the position of their capital (the first row of each province). Hong Kong,
    Macao and Taiwan's cities and counties are prefecture-level.
    """
    text = _package_file("china_region", "region.csv").read_text(encoding="utf-8")
    rows = [row for row in csv.reader(io.StringIO(text, newline="")) if len(row) >= 5][1:]
    out: list[Region] = []
    seen_provinces: set[str] = set()
    for province, city, county, lon_s, lat_s, *_ in rows:
        lat, lon = float(lat_s), float(lon_s)
        if province == "港澳台":
            if county in _SAR:
                out.append(
                    _region(_SAR[county], "prefecture", _SAR[county], _SAR[county], lat, lon)
                )
                continue
            province, city = "台湾省", county
        if province not in seen_provinces:
            seen_provinces.add(province)
            if province not in _MUNICIPALITIES:
                out.append(_region(province, "province", province, province, lat, lon))
        prefecture = _PREFECTURE_FIXES.get(city, city)
        if city == county:
            out.append(_region(prefecture, "prefecture", province, prefecture, lat, lon))
            if prefecture != county:
                out.append(_region(county, "county", province, prefecture, lat, lon))
        elif county != province and county not in _GENERIC:
            out.append(_region(county, "county", province, prefecture, lat, lon))
    return tuple(out)


@functools.cache
def load_airports() -> tuple[Airport, ...]:
    """Chinese (country ``CN``) airports that have an IATA code, from airportsdata."""
    text = _package_file("airportsdata", "airports.csv").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if ',"CN",' in line]
    header = text[: text.index("\n")]
    rows = csv.DictReader(io.StringIO("\n".join([header, *lines])))
    return tuple(
        Airport(row["iata"], row["name"], row["city"], float(row["lat"]), float(row["lon"]))
        for row in rows
        if row["country"] == "CN" and row["iata"]
    )
