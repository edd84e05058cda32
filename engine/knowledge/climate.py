"""What the weather asks to pack, by the destination's winter zone and the month.

Zones come from the destination's latitude (`Destination.lat`, WGS-84 degrees) and its height
(`Attraction.altitude_m`), after two lines every Chinese geography text book draws:
- the 秦岭—淮河 line (about 33.5° N in the east) is the January 0 °C isotherm: north of it the
  January mean is below 0 °C and water freezes, winters are cold and dry (read 2026-12-02 in
  m.dangshu.com/html/77/77351.html and bozhijiaoyu.com/html/zuixinzixun/962.html);
- Hainan south of about 21° N is tropical: January means about 20 °C in 三亚 (lows about 15 °C),
  summer clothes by day and a thin jacket at night (read 2026-12-02 in bkwk.cn 《三亚气温》 and
  futree.net/tqcs/123300.html, 海口 about 6–22 °C).
Between them, south of about 25° N (岭南: 广州, 厦门, 桂林's south, 版纳) winters are mild, and
the Yangtze lands are damp and cool without indoor heating. A destination with a sight at
`HIGH_M` or higher is cold in winter and cool at night in summer whatever its latitude.

Summer heat (`hot`): July's mean is about 28 °C in 江南 (the 1981–2010 normal of 28.3 °C quoted
by 中国气象局's August 2015 briefing, read 2026-12-02 in 中新网 2015-08-04 《7月全国平均气温较常年略偏高》),
and 35 °C days reach about half of China's land in July (国家气候中心, 2022-08-08, read
2026-12-02 at gdmsci.cn): south of the 秦岭—淮河 line June to September is hot, north of it July
and August up to `SEVERE_LAT`, the tropics April to October. Highland summers are not hot (a
planning convention, `curated`).
"""

from __future__ import annotations

from typing import Literal

from engine.knowledge.schema import Destination

Zone = Literal["tropical", "mild", "cool", "cold", "severe"]

#: Latitudes (° N) of the zone edges: tropical below 21, mild below 25, cool below 33.5
#: (秦岭—淮河), cold from there, severe from 40 (winter from November to March).
TROPICAL_LAT, MILD_LAT, COOL_LAT, SEVERE_LAT = 21.0, 25.0, 33.5, 40.0
#: Metres: a destination with a sight this high is highland.
HIGH_M = 3000


def highland(dest: Destination) -> bool:
    """Whether `dest` has a sight at `HIGH_M` or higher."""
    return any((a.altitude_m or 0) >= HIGH_M for a in dest.attractions)


def winter_zone(dest: Destination) -> Zone:
    """How cold `dest`'s winter is (see the module notes for the lines and their sources)."""
    if dest.lat >= SEVERE_LAT:
        return "severe"
    if dest.lat >= COOL_LAT or highland(dest):
        return "cold"
    if dest.lat >= MILD_LAT:
        return "cool"
    return "mild" if dest.lat >= TROPICAL_LAT else "tropical"


def is_winter(zone: Zone, month: int) -> bool:
    """Whether `month` (1..12) is winter in `zone`: December to February, November to March in
    the severe north, never in the tropics."""
    if zone == "tropical":
        return False
    return month in ((11, 12, 1, 2, 3) if zone == "severe" else (12, 1, 2))


def freezing(dest: Destination, month: int) -> bool:
    """Whether `month` at `dest` is a winter month with a January mean below 0 °C (snow and
    ice, not rain)."""
    zone = winter_zone(dest)
    return zone in ("cold", "severe") and is_winter(zone, month)


def hot(dest: Destination, month: int) -> bool:
    """Whether `month` (1..12) at `dest` is hot by day (see the module notes): April–October in
    the tropics, June–September south of `COOL_LAT`, July–August up to `SEVERE_LAT`; never
    in the highlands or the severe north."""
    if highland(dest) or dest.lat >= SEVERE_LAT:
        return False
    if dest.lat < TROPICAL_LAT:
        return 4 <= month <= 10
    return month in ((6, 7, 8, 9) if dest.lat < COOL_LAT else (7, 8))


def clothes(dest: Destination, month: int, zh: bool) -> list[str]:
    """What to wear at `dest` in `month` (1..12), in Chinese or English."""
    zone = winter_zone(dest)
    if freezing(dest, month):
        return [
            "羽绒服、手套、帽子" if zh else "a down jacket, gloves and a hat",
            "防滑保暖的鞋（路面可能结冰）" if zh else "warm shoes with a good grip (icy paths)",
        ]
    if is_winter(zone, month):
        if zone == "cool":
            return ["厚外套或薄羽绒服（冬天湿冷，室内多无暖气）" if zh
                    else "a warm coat (damp cold, rooms seldom heated)"]  # fmt: skip
        return [
            "外套或毛衣（早晚凉）" if zh else "a jacket or a sweater for cool mornings and evenings"
        ]
    if zone == "tropical" or month in (6, 7, 8):
        out = [
            "夏装、防晒用品和驱蚊液"
            if zh
            else "summer clothes, sun protection and insect repellent"
        ]
        if zone == "tropical" and month in (12, 1, 2):
            out.append("一件薄外套（早晚凉）" if zh else "a thin jacket for the evenings")
        if highland(dest):
            out.append("厚外套（高原早晚凉）" if zh else "a warm layer (highland nights are cold)")
        return out
    if highland(dest):
        return [
            "厚外套或抓绒衣（高原早晚冷）"
            if zh
            else "a warm fleece or coat (highland nights are cold)"
        ]
    return ["薄外套（早晚温差大）" if zh else "a light jacket for cool mornings and evenings"]
