"""Where and how to stay: 住平江路附近, 住在鼓浪屿上, 住山顶, 民宿, 五星酒店, 含早, 能停车, 不住青旅,
"stay near the Bund", "a hotel near the station", "boutique hotel with a pool"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.domain.request import WishKind
from engine.knowledge.place_names import HOTEL_NAME
from engine.understanding.found import Found, add
from engine.understanding.text import clause_end, clause_start, negated, words_pattern

#: Lodging types (`LodgingWish.kind`): (words, kind, needs a lodging word nearby).
KINDS: tuple[tuple[str, str, bool], ...] = (
    (r"青旅|青年旅舍|青年旅社|hostels?|dorms?", "hostel", False),
    (r"民宿|客栈|农家乐|guest ?houses?|b&b|bed and breakfast|homestays?|inns?", "homestay", False),
    (r"度假村|度假酒店|resorts?", "resort", False),
    (r"蒙古包|帐篷|露营|营地|yurts?|glamping|camping|\btents?\b", "camp", False),
    (r"五星|5星|四星|4星|高档|豪华|奢华|高端|luxury|five[- ]star|5[- ]star|upscale", "luxury", True),
    # a trip said as luxury (豪华游, "a luxury trip"): its rooms at the top of each area's range
    (r"(?:豪华|奢华|高端)(?:游|旅行|旅游|出行)|\bluxury (?:trip|holiday|vacation|travel|getaway)", "luxury", False),
    (r"设计感|设计(?:师|型)?(?:酒店|民宿|宾馆)|网红|精品|特色酒店|boutique|design(?:er)? hotels?", "design", True),
    # 换个便宜点的酒店, 酒店太贵了, "a cheaper hotel": the cheaper rooms (`room_level`)
    (r"经济型|快捷酒店|便宜(?:一)?(?:点|些)?(?:儿)?的?(?:酒店|住宿|住处|宾馆|房间)|平价"
     r"|(?:酒店|住宿|住处|宾馆|房间|房费)(?:有点|太|比较|也太)贵"
     r"|budget hotel|cheap(?:er)? (?:hotels?|stays?|rooms?|places? to stay|accommodation)"
     r"|inexpensive hotel|(?:hotels?|rooms?) (?:is|are) too (?:expensive|pricey)"
     r"|住(?:得|的)?(?:经济|便宜|实惠)(?:一)?点", "budget", True),
    (r"舒适型|三星|3星|comfortable hotel|mid[- ]range", "comfort", True),
    # 住好一点 / "a nice hotel": a better room than the default (`engine.planning.room_level`)
    (r"住(?:得|的)?好(?:一)?点|好(?:一)?点(?:儿)?的(?:酒店|宾馆|住宿|房间)|住(?:得|的)?(?:舒服|舒适)(?:一)?点"
     r"|(?:a |an )?(?:nice|nicer|good|better|comfy) (?:hotels?|rooms?|places? to stay)", "comfort", True),
)  # fmt: skip
#: Lodging features (`LodgingWish.features`): (words, feature, needs a lodging word nearby).
FEATURES: tuple[tuple[str, str, bool], ...] = (
    (r"免费停车|停车场|能停车|可停车|好停车|停车方便|方便停车|free parking|parking", "parking", True),
    (r"泳池|游泳池|swimming pool|\bpool\b", "pool", False),
    (r"含早|包早|带早餐?|含早餐|早餐(?:包含|含在)|breakfast included|with breakfast", "breakfast", False),
    (r"离地铁(?:站)?近|近地铁|地铁(?:站)?(?:附近|旁边|边上|口)|near (?:a |the )?(?:metro|subway)(?: station)?|close to (?:a |the )?(?:metro|subway)", "near-metro", False),
    (r"(?:火车|高铁|动车)站(?:附近|旁边|边上|周边)|near (?:the )?(?:train |railway |high[- ]speed )?station|close to the station", "near-station", False),
    (r"机场(?:附近|旁边|边上)|near the airport", "near-airport", False),
    # A night where the night view is (「想住一晚看夜景」, 「住能看到夜景的酒店」): a room with a view.
    # (No place name inside the words: 「住一晚能看外滩夜景的酒店」 keeps 外滩 a must-see.)
    (r"住(?:上)?(?:一|1|两|2)?晚(?:看|赏)夜景"
     r"|能看(?:到)?夜景的(?:酒店|房间?|民宿|地方)|夜景房"
     r"|\b(?:stay|sleep|room|hotel)\b[^,.;]{0,25}\bnight views?\b", "view", False),
    (r"海景|江景|湖景|山景|景观房|sea view|ocean view|lake view|river view|with a view", "view", True),
    (r"亲子房|家庭房|family (?:room|suite)", "family-room", False),
    (r"安静|不吵|quiet", "quiet", True),
    (r"电梯|elevator|lift\b", "elevator", True),
    (r"无障碍(?:客?房|酒店|设施|通道)|(?:wheelchair[- ])?accessible (?:room|hotel|lodging)s?|step[- ]free (?:room|hotel)s?", "accessible", False),
    (r"温泉酒店|带温泉|hot[- ]spring hotel", "hot-spring", False),
    (r"独立卫浴|独卫|private bathroom", "private-bathroom", False),
)  # fmt: skip
_LODGING = re.compile(
    r"住|酒店|宾馆|旅馆|住宿|房间|房型|[^票]房|民宿|客栈|\bhotels?\b|\bstay|accommodation|\brooms?\b|lodging"
    r"|\bguest ?houses?\b|\binns?\b|\bb&bs?\b|\bhomestays?\b|\bhostels?\b|\bresorts?\b",
    re.I,
)
#: 住在X附近 / 住X边上 / 住在鼓浪屿上 / 住山顶: the name and what follows it.
_NEAR_ZH = re.compile(
    r"(?:住(?:在|到)?|住宿(?:选|定|安排)?在|酒店(?:订|选|定)?在|宿在|在)"
    r"(?P<name>[^\s，,。.；;！!？?|、]{1,12}?)"
    r"(?P<where>附近|旁边|边上|周边|一带|那边|门口|对面|脚下|山脚|里面|里|上面|上|内|中|边)"
    r"(?:的(?:酒店|民宿|客栈|宾馆))?"
)
#: 住观前街, 住禾木看日出: a name right after 住, kept only when it names a place of the trip.
_STAY_ZH = re.compile(
    r"住(?:在|到)?(?P<name>[^\s，,。.；;！!？?|、的]{2,8}?)"
    r"(?=看|玩|逛|吃|拍|等|，|,|。|；|;|$|\s|一晚|两晚|几晚|的|吧|里|内)"
)
_ON_SITE_ZH = re.compile(
    r"住(?:在)?(?P<name>山顶|山上|岛上|景区里|景区内|古城里|古城内|古镇里|古镇上|寺里)"
)
#: The place before 住: 在山顶住一晚, 在黄山山顶住一晚看日出.
_ON_SITE_BEFORE_ZH = re.compile(
    r"在[\u4e00-\u9fff]{0,4}?(?P<name>山顶|山上|岛上|景区里|景区内|古城里|古城内|古镇里|古镇上|寺里)"
    r"上?(?:住|过夜)"
)
#: A number of nights after 住 (住一晚, 住两晚): how long, not where.
_NIGHTS = re.compile(r"^[一二两三四五六七八九十几\d]+晚")
#: How many nights a lodging wish holds (「在山顶住一晚」, 「最后一晚住机场附近」, 「后两晚住西湖边」,
#: "one night on the mountain", "the last night near the airport"); not 「3天2晚」, 「第二晚」.
_COUNT = re.compile(
    r"(?<![天日\d第])(?P<last>最后|最末|后)?(?P<n>[一两二三四五\d])个?晚(?![饭餐])"
    r"|\b(?P<en_last>last|final) night\b"
    r"|\b(?P<en>one|two|three|[1-5]) nights?\b(?!\s+(?:views?|markets?|tours?|cruises?|shows?|life))",
    re.I,
)
_COUNT_WORDS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "one": 1, "two": 2, "three": 3}  # fmt: skip
#: Areas named by kind (「住市中心」, "stay downtown"): matched against lodging-area names.
_AREA_ZH = re.compile(
    r"(?:住|(?:酒店|宾馆|住宿)(?:订|选|定|安排)?)(?:在)?"
    r"(?P<name>市中心|市区|城区|城中心|老城区?|古城|古镇|海边|湖边|江边|景区(?:门口|附近)?"
    r"|胡同(?:四合院|里)?|四合院)"
)
#: Lodging that must see the sea (「住的地方要能看到海」, "a room where we can see the sea"):
#: the lodging area by the sea, as 住海边.
_SEA_SEEN = re.compile(
    r"(?:住(?:的地方|处)?|酒店|宾馆|民宿|客栈|住宿|房间)[^，,。；;!！?？]{0,5}?看(?:得)?(?:到|见)(?:大)?海"
    r"|\b(?:hotel|room|stay|lodging|accommodation|guest ?house|inn|homestay|b&b)\b[^,.;!?]{0,24}?"
    r"\b(?:see|views? (?:of|over)|look(?:s|ing)? (?:out )?(?:at|over|on(?:to)?))\s+the\s+(?:sea|ocean)\b",
    re.I,
)
_AREA_EN = re.compile(
    r"\b(?:stay(?:ing)?|hotel|accommodation|lodging|based)\s+(?:(?:in|near)\s+(?:the\s+)?)?"
    r"(?P<name>(?:city|town) cent(?:re|er)|cent(?:re|er) of (?:the )?(?:city|town)|downtown|"
    r"old town|by the (?:sea|beach|lake))\b"
    r"|\b(?P<central>stay(?:ing)? centrally|central (?:hotel|location|lodging|accommodation))\b",
    re.I,
)
#: A stay in a Beijing lane house ("a hutong stay", "stay in a hutong courtyard"): 住胡同.
_HUTONG_EN = re.compile(
    r"\b(?:stay(?:ing)?|sleep(?:ing)?|lodg(?:e|ing)|hotel|room|night)s?\b[^,.;!?]{0,24}?"
    r"\b(?:hutongs?(?:\s+courtyards?)?|siheyuan|courtyard (?:house|hotel))\b"
    r"|\b(?:hutong|siheyuan|courtyard)(?:\s+courtyard)?\s+(?:stays?|hotels?|guest ?houses?|inns?|"
    r"homestays?|b&bs?|rooms?)\b",
    re.I,
)
_AREA_NAMES = {"city centre": "市中心", "city center": "市中心", "downtown": "市中心",
               "old town": "古城", "by the sea": "海边", "by the beach": "海边", "by the lake": "湖边"}  # fmt: skip
_AREA_ADJ_EN = re.compile(
    r"\b(?P<adj>riverside|river[- ]view|lakeside|lakefront|lake[- ]view|seaside|beachfront|sea[- ]view|ocean[- ]view)"
    r"\s+(?:[a-z\-]+\s+)?(?:hotels?|inns?|guest ?houses?|homestays?|b&bs?|rooms?|stays?|resorts?)\b",
    re.I,
)
_AREA_ADJ = {"riverside": "江边", "river": "江边", "lakeside": "湖边", "lakefront": "湖边",
             "lake": "湖边", "seaside": "海边", "beachfront": "海边", "sea": "海边", "ocean": "海边"}  # fmt: skip
_NEAR_EN = re.compile(
    r"\b(?:stay(?:ing)?|sleep(?:ing)?|hotel|accommodation|lodging|somewhere|a place|base ourselves|based|guest ?house|inn|b&b|homestay|hostel|(?:a|one|two) nights?)\s+"
    r"(?:up\s+)?(?:in\s+an?\s+(?:hotel|hostel|guest ?house|inn|b&b|homestay)\s+)?"  # "in a hostel in Hemu"
    r"(?P<where>near|close to|next to|around|inside|within|on|in|at|by)\s+(?:the\s+)?"
    r"(?P<name>[A-Za-z][A-Za-z'’\- ]{1,30}?|[\u3400-\u9fff]{2,12})"
    r"(?=$|[,.;!?]|\s+(?:and|with|for|so|because|if|please|to|in|area|district)\b)",
    re.I,
)
#: English "where" words whose name must name a place of the trip to count ("stay in Hemu").
_WEAK_EN = frozenset({"in", "at", "by"})
#: Places to sleep at, not just near (「住山上」, "stay on the island").
_ON_SITE = frozenset({"上", "上面", "里", "里面", "内", "中", "inside", "within", "on", "in", "at"})
_SUMMIT_EN = frozenset({"summit", "top", "mountaintop", "peak", "top of the mountain"})
_NOT_A_PLACE = re.compile(
    r"^(?:a |an |the )?(?:hotels?|places?|rooms?|hostels?|b&b|budget|cheap|nice|good|quiet)\b", re.I
)


@dataclass
class LodgingFind:
    """Lodging words found: names to stay near (resolved to POI ids by `finalize`), those to
    sleep at (`on_site_names`: 住在鼓浪屿上), those kept only if they name a place of the trip
    (`maybe`: 住观前街, "stay in Hemu"), the type, features and what is not wanted, with one
    `Found` each."""

    near: list[str] = field(default_factory=list)
    on_site_names: list[str] = field(default_factory=list)
    maybe: list[str] = field(default_factory=list)
    kind: str | None = None
    features: list[str] = field(default_factory=list)
    avoid: list[str] = field(default_factory=list)
    found: list[Found] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    nights: int = 0
    last: bool = False


def find_lodging(text: str) -> LodgingFind:
    """Lodging wishes in `text` (see the module docstring)."""
    out = LodgingFind()
    for table, target in ((KINDS, "kind"), (FEATURES, "feature")):
        for rx, value, needs_context in table:
            for m in words_pattern(rx).finditer(text):
                if any(m.start() < e and s < m.end() for s, e in out.spans):
                    continue
                clause = text[clause_start(text, m.start()) : clause_end(text, m.end())]
                where = text if value == "parking" else clause  # 住民宿，要能停车
                if needs_context and not _LODGING.search(where):
                    continue
                _note(out, text, m, value, target)
    for m in (*_ON_SITE_ZH.finditer(text), *_ON_SITE_BEFORE_ZH.finditer(text)):
        if not any(m.start() < e and s < m.end() for s, e in out.spans):
            _place(out, m.group("name"), m.group(0), m.span(), on_site=True)
    for m in _AREA_ZH.finditer(text):
        if not any(m.start() < e and s < m.end() for s, e in out.spans):
            _place(out, m.group("name"), m.group(0), m.span(), on_site=False)
    for m in _SEA_SEEN.finditer(text):
        if not any(m.start() < e and s < m.end() for s, e in out.spans):
            _place(out, "海边", m.group(0), m.span(), on_site=False)
    for m in _AREA_EN.finditer(text):
        name = _AREA_NAMES.get((m.group("name") or "").lower(), "市中心")
        _place(out, name, m.group(0), m.span(), on_site=False)
    for m in _HUTONG_EN.finditer(text):
        if not any(m.start() < e and s < m.end() for s, e in out.spans):
            _place(out, "胡同", m.group(0), m.span(), on_site=False)
    for m in _AREA_ADJ_EN.finditer(text):  # "a riverside inn", "a lakeside guesthouse"
        name = _AREA_ADJ[m.group("adj").lower().replace("-", " ").split()[0]]
        _place(out, name, m.group(0), m.span(), on_site=False)
    for m in _NEAR_ZH.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in out.spans) or not m.group(0).startswith(
            ("住", "宿", "酒店")
        ):
            continue
        _place(out, m.group("name"), m.group(0), m.span(), on_site=m.group("where") in _ON_SITE)
    for m in _STAY_ZH.finditer(text):
        if not any(m.start() < e and s < m.end() for s, e in out.spans) and not _NIGHTS.match(
            m.group("name")
        ):
            # 住西湖国宾馆: a hotel by its name is said back even when no place of the trip
            hotel = HOTEL_NAME.search(m.group("name")) is not None
            _place(out, m.group("name"), m.group(0), m.span(), on_site=True, maybe=not hotel)
    for m in _NEAR_EN.finditer(text):
        name = m.group("name").strip()
        # (the lodging word may be a kind already read: "a guesthouse by Erhai lake")
        areas = [f.span for f in out.found if f.kind == "lodging_area"]  # not 「guesthouse」 itself
        place_at = m.start("where")
        if (
            _NOT_A_PLACE.match(name)
            or any(m.start() < e and s < m.end() for s, e in areas)
            or any(place_at < e and s < m.end() for s, e in out.spans)
        ):
            continue
        where = m.group("where").lower()
        if name.lower() in _SUMMIT_EN or (where == "on" and name.lower() == "mountain"):
            name, where = "山顶", "on"  # "sleep on the mountain": its summit lodging
        maybe = where in _WEAK_EN and not HOTEL_NAME.search(name)  # "at the Peace Hotel"
        _place(out, name, m.group(0), m.span(), on_site=where in _ON_SITE, maybe=maybe)
    _count(out, text)
    return out


def _count(out: LodgingFind, text: str) -> None:
    """`out.nights`/`out.last` from the first count of nights said in a clause that holds a
    place or feature to stay at (「在山顶住一晚」, 「最后一晚住机场附近」)."""
    said = [f.said for f in out.found if f.kind in ("lodging_area", "lodging_feature")
            and not f.value.startswith("avoid:") and f.said]  # fmt: skip
    for m in _COUNT.finditer(text):
        clause = text[clause_start(text, m.start()) : clause_end(text, m.end())]
        if not any(s in clause for s in said):
            continue
        if m.group("en_last"):
            out.nights, out.last = 1, True
            return
        word = (m.group("n") or m.group("en") or "").lower()
        out.nights = int(word) if word.isdigit() else _COUNT_WORDS.get(word, 0)
        out.last = bool(m.group("last"))
        return


def _note(out: LodgingFind, text: str, m: re.Match[str], value: str, target: str) -> None:
    said = m.group(0)
    if negated(text, m.start(), m.end()):
        if value not in out.avoid:
            out.avoid.append(value)
            kind: WishKind = "lodging_type" if target == "kind" else "lodging_feature"
            add(out.found, Found(kind, f"avoid:{value}", said, m.span()))
    elif target == "kind":
        if out.kind is None:
            out.kind = value
            add(out.found, Found("lodging_type", value, said, m.span()))
    elif value not in out.features:
        out.features.append(value)
        add(out.found, Found("lodging_feature", value, said, m.span()))
    out.spans.append(m.span())


def _place(
    out: LodgingFind,
    name: str,
    said: str,
    span: tuple[int, int],
    *,
    on_site: bool,
    maybe: bool = False,
) -> None:
    name = re.sub(r"^(?:the|a|an)\s+", "", name.strip(), flags=re.I)
    name = re.sub(r"\s+(?:village|town)$", "", name, flags=re.I)
    if not name or name in out.near:
        return
    out.near.append(name)
    if maybe:
        out.maybe.append(name)
    if on_site:
        out.on_site_names.append(name)
    if maybe:  # understood only if it names a place of the trip (`finalize` decides)
        span = (0, 0)
    add(out.found, Found("lodging_area", name, said.strip(), span))
    out.spans.append(span)
