"""Departure and destinations: 从A去B, A出发去B, 去B, 到B玩, B三日游, "from A to B", "in X"."""

from __future__ import annotations

import re

from engine.i18n import text_lang
from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.understanding import lexicon
from engine.understanding.place_context import inside
from engine.understanding.place_find import PlaceFind, identity, place_wishes, settle
from engine.understanding.routes import members
from engine.understanding.text import clause_start, has_cjk, words_pattern

_ZH_HARD_STOP = re.compile(r"[,，。.!！?？;；:：、\n|()（）\[\]【】\d\s]")
_ZH_DEP_CUE = re.compile(r"从|由")
_ZH_DEP_AFTER = re.compile(r"出发|动身|启程|起飞|过去|过来")
_ZH_BY = re.compile(
    r"(?:坐|乘坐?|搭乘?|开|骑)(?:飞机|高铁|动车|火车|大巴|汽车|车|船|游轮)$|自驾(?:车)?$"
)
#: Words that make the place after them where a journey arrives: 坐高铁到西宁, 飞成都.
_ZH_ARRIVE = re.compile(
    r"(?:(?:坐|乘坐?|搭乘?)(?:飞机|高铁|动车|火车|大巴|汽车|车|船)|飞)\s*(?:到|抵达)?$"
)
_EN_ARRIVE = re.compile(
    r"\b(?:fly(?:ing)?|flights?|flew|train|rail|land(?:ing)?|arriv(?:e|ing))\s+(?:in(?:to)?|to|at)\s+$",
    re.I,
)
_ZH_MUST = re.compile(r"一定要|必须|务必|必|最想|特别想|顺便|顺路")
#: Between two places of one trip (| : masked 2天): 北京+天津, 北京玩2天然后天津玩1天.
_SCAN_JOIN = re.compile(
    r"^[\s|]*(?:玩|待|呆|逛|游)?[\s|]*"
    r"(?:和|、|\+|加上?|及|与|,|，|-|(?:然后|再|接着|之后)(?:再)?(?:去|到)?)?[\s|]*$"
)
_ZH_HERE = re.compile(r"我们?(?:现在|目前|人)?在")
_ZH_DEST_CUE = re.compile(  # 去一趟乐山大佛; 捎带曲阜: a second place on the way; 爬泰山看日出
    r"前往|飞往|飞去|去往|去(?:一趟|一下|趟)?|到|飞|在|顺便|顺路|顺道|捎带|捎上|附带|外加"
    r"|爬|登(?!录|记|机|陆|门|场)|(?<!青)[进入](?=藏)"
)
_ZH_ALSO = frozenset({"顺便", "顺路", "顺道", "捎带", "捎上", "附带", "外加"})
#: What one goes to do at a place, said between the cue and the place: 去爬泰山, 顺便逛逛曲阜.
_ZH_DO = re.compile(r"(?:爬爬?|登上?|游览?|逛逛?|看看?|玩玩?|参观|打卡)(?:一下)?")
_ZH_STRONG = frozenset({"前往", "飞往", "飞去", "去往", "去"})
_ZH_STAY = re.compile(r"^(?:玩|待|呆|住|逛|旅游|旅行|度假|游|过|避暑|过冬)")
_ZH_NOT_AFTER_WORD = tuple("回出过上下进来失")  # 回去, 出去, 过去 …: not a trip cue
_ZH_LIST = re.compile(r"^(?:和|、|及|与|跟|加|\+)")
#: Words after a place name that make it describe something else (东北菜, 四川话, 湖南人).
_ZH_OF_PLACE = re.compile(r"菜|话|人|口味|风味|味|小吃|特产|方言|馆|餐|料理|烤鸭|火锅")
_EN_DEP_CUE = re.compile(
    r"\b(?:from|leaving(?: from)?|departing(?: from)?|starting (?:from|in|at)|out of"
    r"|(?:live|living|based|am|'m|are|'re) in)\s+",
    re.I,
)
_EN_DEST_CUE = re.compile(
    r"\b(?:to|in|visit(?:ing)?|explor(?:e|ing)|around|into|towards?|at|see|seeing|also|plus|want)\s+",
    re.I,
)
_EN_STRONG = frozenset({"to", "in", "visit", "visiting", "explore", "exploring"})
_EN_WORDS = re.compile(r"(?:[A-Za-z][A-Za-z'’.\-]*\s*){1,5}")
_EN_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+|then\s+)?|(?:and|&|then|plus)\s+)", re.I)
_EN_THEN = re.compile(
    r"\b(?:and\s+then|then|after\s+that|afterwards|followed\s+by)\s+"
    r"(?:(?:go|head|travel|move|continue)(?:ing|s)?\s+(?:on\s+)?(?:to\s+)?)?",
    re.I,
)
_EN_CAPS = re.compile(r"\b[A-Z][A-Za-z'’\-]*(?:\s+[A-Z][A-Za-z'’\-]*){0,2}")


def find_places(text: str, gaz: Gazetteer, lang: str | None = None) -> PlaceFind:
    """Departure and destinations in `text` (already masked of dates, numbers and party), read
    with the cues of `lang` (default: `engine.i18n.text_lang` of `text`; English cues also take
    Chinese names: "from 上海"). Same-named places are told apart by fame and context
    (`engine.understanding.place_context`)."""
    out = PlaceFind()
    if (lang or text_lang(text)) == "zh":
        _zh(text, gaz, out)
        from engine.understanding.see_stops import see_stops  # it reads with this module's words

        see_stops(text, gaz, out)  # 去成都，想看乐山大佛和峨眉山
        if out.departure is None:  # a mixed sentence: 去成都玩3天 from 上海
            _en_departure(text, gaz, out)
            if out.departure_span is not None:
                out.departure_said = text[slice(*out.departure_span)].strip()
        if not out.destinations and not out.unknown:  # Beijing 3 days, 带我妈
            _en_named_destinations(text, gaz, out)
    else:
        _en(text, gaz, out)
        if not out.destinations and has_cjk(text):  # "I want 去成都 eat 火锅": the Chinese cues
            departure, span, said = out.departure, out.departure_span, out.departure_said
            out.unknown = []
            _zh(text, gaz, out)
            if departure is not None:  # "from Shanghai" read by the English cues stays
                out.departure, out.departure_span, out.departure_said = departure, span, said
    if not out.unknown and all(match.poi_id for match, _said, _fixed in out.mentions):
        _home_of_wish(text, gaz, out)  # no city said: 想看大熊猫; 想看兵马俑和大熊猫
    settle(out, gaz)
    if out.departure is not None:
        same = [d for d in out.destinations if identity(d) == identity(out.departure)]
        if same and len(out.destinations) > 1:
            out.destinations.remove(same[0])
    if out.destinations:
        out.unknown = []
    return out


def _home_of_wish(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    """No city said but a wish with one home (想看大熊猫 → 成都's panda base; 想看兵马俑和大熊猫
    → 西安 and 成都): that sight is a goal, as a famous sight named alone picks its city
    (`lexicon.HOME_OF_WISH`)."""
    for rx, name in lexicon.HOME_OF_WISH:
        m = words_pattern(rx).search(text)
        if m is None or _negated(text, m.start()):
            continue
        hit = gaz.find_attraction(name)
        if hit is not None and all(hit.poi_id != match.poi_id for match, *_ in out.mentions):
            out.add(hit, m.group(0))
            return


def _negated(text: str, at: int) -> bool:
    """Whether a negator stands just before `at` in its clause (不看熊猫, "no pandas")."""
    before = text[clause_start(text, at) : at].lower()
    return any(w in before[-4:] for w in lexicon.ZH_NEGATORS) or bool(
        re.search(r"\b(?:no|not|don't|without)\b", before[-16:])
    )


# -- Chinese ---------------------------------------------------------------------------------


def _zh(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    for m in _ZH_DEP_CUE.finditer(text):
        hit = _prefix(gaz, text, m.end())
        if hit is not None:
            out.departure, out.departure_span = hit[0], (m.end(), hit[1])
            break
    if out.departure is None:
        for m in _ZH_DEP_AFTER.finditer(text):
            hit = _suffix(gaz, text, clause_start(text, m.start()), m.start())
            if hit is not None:
                out.departure, out.departure_span = hit[0], (hit[1], m.start())
                break
    if out.departure is None:
        for m in _ZH_HERE.finditer(text):  # 我在上海，想去… : where the person is now
            hit = _prefix(gaz, text, m.end())
            if hit is not None and not _ZH_STAY.match(text[hit[1] :].lstrip()):
                out.departure, out.departure_span = hit[0], (m.end(), hit[1])
                break
    first_cue: tuple[int, int] | None = None
    into_tibet: re.Match[str] | None = None
    for m in _ZH_DEST_CUE.finditer(text):
        cue, start = m.group(0), m.end()
        if cue in ("进", "入"):  # 进藏, 入藏: to 拉萨 when no place is named (below)
            into_tibet = into_tibet or m
            continue
        cue = "去" if cue.startswith("去") and cue != "去往" else cue
        if cue in _ZH_ALSO and text[start : start + 1] in ("去", "到"):
            continue  # 顺便去曲阜: read at its 去
        if cue != "在" and (doing := _doing(gaz, text, start)) is not None:
            start = doing  # 去爬泰山: 泰山 is where the trip goes, 爬 what is done there
        if _skip_zh_cue(text, m.start(), start):
            continue
        hit = _prefix(gaz, text, start)
        if cue == "在" and (hit is None or not _ZH_STAY.match(text[hit[1] :].lstrip())):
            continue
        if out.departure_span and out.departure_span[0] <= start < out.departure_span[1]:
            continue
        if hit is None:
            if cue in _ZH_STRONG and not _ZH_MUST.search(text[max(0, m.start() - 4) : m.start()]):
                _unknown_zh(text, start, out)  # 一定要去X names an attraction, not the trip
            continue
        first_cue = first_cue or m.span()
        out.add(hit[0], text[start : hit[1]].strip())
        if cue.startswith("飞") or _ZH_ARRIVE.search(text[clause_start(text, m.start()) : start]):
            out.arrivals.add(identity(hit[0]))
        end, previous = hit[1], hit[0]
        while True:
            while more := _next_in_list(gaz, text, end, previous):  # 去杭州和苏州, 去大理丽江
                match, said, fixed, end = more
                if not fixed or match.poi_id or match.covered:  # 南京鼓楼: a part of 南京
                    out.add(match, said, fixed)
                previous = match
            if (after := _listed_unknown(text, end, out)) is None:
                break
            end = after  # 去喀纳斯、那拉提、赛里木湖: the list goes on after an unknown name
    if into_tibet is not None and not out.destinations:
        # 「上海坐火车进藏」: 上海 is where it starts, and 拉萨 (where the trains into 西藏
        # arrive) where it goes, unless a place is named after it (「进藏，拉萨玩7天」: below)
        first_cue = into_tibet.span()
        named = next(iter(gaz.scan(text[into_tibet.end() + 1 :], regions=True)), None)
        if named is None and (tibet := gaz.resolve("拉萨")) is not None:
            out.add(tibet, text[into_tibet.start() : into_tibet.end() + 1])
    if (
        out.departure is None
        and first_cue is not None
        and text[first_cue[0] : first_cue[1]] != "在"
    ):
        end = first_cue[0]
        if by := _ZH_BY.search(text[:end]):  # 深圳坐飞机去成都: how, between origin and cue
            end = by.start()
        hit = _suffix(gaz, text, clause_start(text, end), end)
        if hit is not None and all(identity(hit[0]) != identity(d) for d in out.destinations):
            out.departure, out.departure_span = hit[0], (hit[1], end)
    if out.departure_span is not None:
        out.departure_said = text[out.departure_span[0] : out.departure_span[1]].strip()
    if not out.destinations and not out.unknown:  # 杭州三日游, 黄山+宏村
        last = -1
        region: PlaceMatch | None = None
        for start, end, match in gaz.scan(text, regions=True):
            if out.departure_span and start < out.departure_span[1] and out.departure_span[0] < end:
                continue
            if last >= 0 and not _SCAN_JOIN.match(text[last:start]):
                if not _stop_of(gaz, region, match, text, start):
                    break  # 「川西包车7天，康定、稻城亚丁」: the region's stops said after its days
            if _ZH_OF_PLACE.match(text, end):
                continue  # 东北菜, 四川人: a kind of food or people, not a trip
            out.add(match, text[start:end])
            last = end
            region = match if members(match, gaz) else region
    _stays(text, gaz, out)


def _stop_of(
    gaz: Gazetteer, region: PlaceMatch | None, match: PlaceMatch, text: str, start: int
) -> bool:
    """Whether `match`, named later in `text` at `start`, is a covered destination of the
    region named before it (川西 … 康定), and not refused (不去康定)."""
    if region is None or not match.covered or match.destination_id is None:
        return False
    if any(neg in text[max(0, start - 2) : start] for neg in ("不", "别", "没")):
        return False
    return any(stop.id == match.destination_id for stop in members(region, gaz))


#: A place followed by its own days (masked by the caller as |): 西安玩3天再去洛阳2天.
_STAY_DAYS = re.compile(r"^(?:玩|待|呆|逛|游|住)?\s*\|+")
_STAY_BEFORE = re.compile(r"(?:^|[\s|，,。；;、+和与及]|然后|再|接着|之后|去|到|先|出发)$")


def _stays(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    """Add the places said with their own days (西安玩3天, 香港2天) that no cue named, keeping
    the order in which the text names the trip's places (for days per destination)."""
    found = [
        (start, end, match)
        for start, end, match in gaz.scan(text)
        if _STAY_DAYS.match(text[end:])
        and _STAY_BEFORE.search(text[max(0, start - 4) : start])  # not glued on: 福州西湖
        and not (out.departure_span and out.departure_span[0] <= start < out.departure_span[1])
    ]
    known = {identity(m) for m, _said, _fixed in out.mentions}
    listed = _listed_before_days(text, gaz, known)
    if not listed and not any(identity(m) not in known for _s, _e, m in found):
        return
    for start, end, match in found:
        if identity(match) not in known:
            out.add(match, text[start:end])
            known.add(identity(match))
    for match, said, fixed in listed:
        if identity(match) not in known:
            out.add(match, said, fixed)
            known.add(identity(match))
    first: dict[str, int] = {}
    for start, _end, match in gaz.scan(text):
        first.setdefault(identity(match), start)
    out.mentions.sort(key=lambda mention: first.get(identity(mention[0]), len(text)))
    out.destinations.sort(key=lambda d: first.get(identity(d), len(text)))


def _listed_before_days(
    text: str, gaz: Gazetteer, known: set[str]
) -> list[tuple[PlaceMatch, str, bool]]:
    """The places listed right after a known one and before their days (去桂林…，桂林阳朔玩3天:
    阳朔), read as `_next_in_list` reads a list after a cue, with its words and `fixed`."""
    out: list[tuple[PlaceMatch, str, bool]] = []
    for _start, end, match in gaz.scan(text):
        if identity(match) not in known:
            continue
        run: list[tuple[PlaceMatch, str, bool]] = []
        previous = match
        while more := _next_in_list(gaz, text, end, previous):
            previous, said, fixed, end = more
            if not fixed or previous.poi_id or previous.covered:
                run.append((previous, said, fixed))
        if run and _STAY_DAYS.match(text[end:]):
            out += run
    return out


def _next_in_list(
    gaz: Gazetteer, text: str, end: int, previous: PlaceMatch
) -> tuple[PlaceMatch, str, bool, int] | None:
    """The place listed right after one ending at `end`, the words naming it, whether it was
    read as a part of `previous`, and where it ends.

    After 和/、/+ any place; glued on (no word between), a place inside `previous` (南京鼓楼,
    三亚南山, 上海普陀区: read as that city's place), else a covered destination or a region
    (大理丽江, 杭州西湖) — not a sight of another city (福州西湖 is not 杭州's) nor a county
    (成都平原)."""
    joined = _ZH_LIST.match(text[end:])
    start = end + (joined.end() if joined else 0)
    more = _prefix(gaz, text, start)
    if more is None:
        return None
    said = text[start : more[1]].strip()
    if joined:
        return more[0], said, False, more[1]
    local = [c for c in gaz.candidates(said) if inside(c, previous)]
    if local:
        return local[0], said, True, more[1]
    match = more[0]
    if match.level in ("county", "airport") and not match.covered:
        return None
    if match.poi_id is not None or (match.covered and not gaz.is_destination(match)):
        return None
    return match, said, False, more[1]


_ZH_ENUMERATION = re.compile(r"^\s*(?:[、+＋]|(和|与|及))\s*")
#: What starts a clause's next thing rather than a place after 和 (和吃烤鸭, 和我妈, 和那边).
_ZH_AND_NOT_PLACE = re.compile(r"[吃看逛买玩住坐爬泡拍去到我你他她它这哪]|那(?:边|里|儿)")


def _listed_unknown(text: str, end: int, out: PlaceFind) -> int | None:
    """Record the name listed with 、 or + (or 和 as the list's last item) right after a place
    (去布达拉宫、纳木错; 去喀纳斯、禾木和那拉提) that no
    place matches, so that it is answered rather than dropped (`PlaceFind.unplaced`); return
    where that name ends, or None when no such name follows."""
    joined = _ZH_ENUMERATION.match(text[end:])
    if joined is None:
        return None
    start = end + joined.end()
    span = _span(text, start)
    if not span or span.isascii() or span != span.lstrip():
        return None
    cut = next((i for i in range(1, len(span)) if _is_stop(span[i:])), min(len(span), 6))
    name = span[:cut]
    if len(name) < 2 or _is_stop(name) or _interest(name):
        return None
    if (
        joined.group(1)
        and (  # 赛里木湖和那拉提，…: after 和 only a whole last item
            cut < len(span)
            or _ZH_AND_NOT_PLACE.match(name)
            or not re.match(r"[，,。.!！?？;；\s]|$", text[start + len(name) :])
        )
    ):
        return None
    if name not in out.unplaced:
        out.unplaced.append(name)
    return start + len(name)


def _doing(gaz: Gazetteer, text: str, start: int) -> int | None:
    """Where the place starts after a verb of what is done there (爬泰山, 逛逛曲阜, 看兵马俑)
    at `start`, when a sight or a destination follows it; else None (去爬山, 去看日出)."""
    verb = _ZH_DO.match(text, start)
    if verb is None:
        return None
    hit = _prefix(gaz, text, verb.end())
    if hit is None or not (hit[0].poi_id or gaz.is_destination(hit[0])):
        return None
    return verb.end()


def _skip_zh_cue(text: str, cue_start: int, after: int) -> bool:
    before = text[max(0, cue_start - 2) : cue_start]
    if before[-1:] in _ZH_NOT_AFTER_WORD or any(neg in before for neg in ("不", "别", "没")):
        return True
    rest = text[after:].lstrip(" ")
    return not rest or rest[0] in lexicon.ZH_NOT_PLACE_AFTER or rest[0] == "|"


def _span(text: str, start: int, limit: int = 12) -> str:
    rest = text[start : start + limit]
    stripped = rest.lstrip(" ")
    if stripped[:1].isascii() and stripped[:1].isalpha():
        return stripped
    stop = _ZH_HARD_STOP.search(rest)
    return rest[: stop.start()] if stop else rest


def _prefix(gaz: Gazetteer, text: str, start: int) -> tuple[PlaceMatch, int] | None:
    """The longest place name starting at `start` (Latin words allowed), and where it ends."""
    lead = len(text[start:]) - len(text[start:].lstrip(" "))
    span = _span(text, start)
    if span[:1].isascii():
        words = re.match(r"[A-Za-z][A-Za-z'’\- ]*", span)
        if words is None:
            return None
        tokens = words.group(0).split()
        for n in range(min(4, len(tokens)), 0, -1):
            phrase = " ".join(tokens[:n])
            if tokens[0].lower() not in lexicon.EN_STOPWORDS and (match := gaz.resolve(phrase)):
                return match, start + lead + span.index(tokens[n - 1]) + len(tokens[n - 1])
        return None
    for length in range(min(len(span), 10), 0, -1):
        if length == 1 and len(span) > 1 and not _is_stop(span[1:]):
            break
        match = gaz.resolve(span[:length])
        if match is not None:
            if _name_goes_on(match, span[length:]):
                return None  # 武功山 is a mountain, not 武功 (a county in 陕西) + 山
            return match, start + length
    for length in range(min(len(span), 10), 1, -1):  # 长城 for 八达岭长城, 长隆
        if _is_stop(span[length:]) or length == len(span):
            if not _interest(span[:length]) and (match := gaz.partial(span[:length])):
                return match, start + length
    return None


#: Generic words that end the name of a mountain, lake, island, gorge or temple (武功山, 九华山).
_ZH_FEATURE = re.compile(r"(?:山|峰|岭|湖|岛|峡|谷|洞|寺|瀑布?|滩|湾)")


def _name_goes_on(match: PlaceMatch, rest: str) -> bool:
    """Whether a county's name read at the start of a longer name is only its first part: a
    landform word follows right after it (武功 + 山 is 武功山 in 江西, not 武功县 in 陕西), so
    the whole name is some other place. A city's own sight after it (杭州西湖) is not glued on
    this way, nor is a covered county (its sights are in the knowledge base)."""
    if match.level != "county" or match.covered or match.poi_id is not None:
        return False
    return bool(_ZH_FEATURE.match(rest)) and not _is_stop(rest)


def _suffix(gaz: Gazetteer, text: str, lo: int, hi: int) -> tuple[PlaceMatch, int] | None:
    """The longest place name ending at `hi` and starting at or after `lo`, and its start."""
    chunk = text[lo:hi].rstrip(" ")
    for start in range(max(0, len(chunk) - 10), len(chunk) - 1):
        piece = chunk[start:]
        if _ZH_HARD_STOP.search(piece) and not piece.isascii():
            continue
        match = gaz.resolve(piece)
        if match is not None:
            return match, lo + start
    return None


def _is_stop(rest: str) -> bool:
    return any(rest.startswith(word) for word in lexicon.ZH_SPAN_STOPS)


def _interest(name: str) -> bool:
    """Whether `name` is a kind of sight (海边, 博物馆), not a place."""
    return any(words_pattern(rx).fullmatch(name) for rx, _tags in lexicon.INTEREST_WORDS)


def _unknown_zh(text: str, start: int, out: PlaceFind) -> None:
    span = _span(text, start).strip()
    if span.isascii():
        name = " ".join(span.split()[:3])
        if len(name) >= 3:
            out.unknown.append(name)
        return
    cut = next((i for i in range(1, len(span)) if _is_stop(span[i:])), min(len(span), 6))
    name = span[:cut]
    interest = _interest(name)
    if (
        len(name) >= 2
        and name[0] not in lexicon.ZH_NOT_PLACE_AFTER
        and not _is_stop(name)
        and not interest
    ):
        out.unknown.append(name)  # not 去海边, 去爬山: an interest, not a place


# -- English ---------------------------------------------------------------------------------


#: Words before "from" that make the place where the trip ends, not where it starts: "fly home
#: from Pudong", "flying back from Shanghai", "return from Xi'an".
_EN_HOME_FROM = re.compile(
    r"\b(?:home|back|return(?:ing|s)?|(?:fly|flying|head|heading)\s+out)\s+$", re.I
)


def _en_departure(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    """The place after an English cue ("from Shanghai", "from 上海" in a Chinese sentence), not
    where the way home starts ("fly home from Pudong")."""
    for m in _EN_DEP_CUE.finditer(text):
        if _EN_HOME_FROM.search(text, max(0, m.start() - 20), m.start()):
            continue
        hit = _en_prefix(gaz, text, m.end())
        if hit is not None and hit[0].poi_id is None:  # "the sunrise from the Golden Summit":
            out.departure, out.departure_span = hit[0], (m.end(), hit[1])  # a sight, not home
            break


def _en(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    _en_departure(text, gaz, out)
    for m in _EN_DEST_CUE.finditer(text):
        start = m.end()
        if out.departure_span and out.departure_span[0] <= start < out.departure_span[1]:
            continue
        hit = _en_prefix(gaz, text, start)
        if hit is None:
            if m.group(0).strip().lower() in _EN_STRONG:
                _unknown_en(gaz, text[start:], out)
            continue
        out.add(hit[0], text[start : hit[1]])
        if _EN_ARRIVE.search(text[max(0, m.start() - 20) : start]):
            out.arrivals.add(identity(hit[0]))  # "flying into Chengdu", "train to Xining"
        end = hit[1]
        _en_list(gaz, text, end, out)
        if out.departure is None and m.group(0).strip().lower() == "to":
            before = re.search(r"((?:[A-Z][A-Za-z'’\-]*\s+){1,3})$", text[: m.start()])
            if (
                before
                and (dep := _en_prefix(gaz, text, before.start()))
                and identity(dep[0]) != identity(hit[0])
            ):
                out.departure, out.departure_span = dep[0], (before.start(), dep[1])
    if not out.destinations and not out.unknown:
        for m in _EN_CAPS.finditer(text):
            if (
                out.departure_span
                and m.start() < out.departure_span[1]
                and out.departure_span[0] < m.end()
            ):
                continue
            hit = _en_prefix(gaz, text, m.start())
            if hit is not None:
                out.add(hit[0], text[m.start() : hit[1]])
                _en_list(gaz, text, hit[1], out)
                break
    for m in _EN_THEN.finditer(text):  # "Suzhou for 2 days and then Hangzhou for 3"
        span = out.departure_span
        if (hit := _en_prefix(gaz, text, m.end())) is not None and not (
            span and span[0] <= m.end() < span[1]
        ):
            out.add(hit[0], text[m.end() : hit[1]])
    _en_named_destinations(text, gaz, out)
    if out.departure_span is not None:
        out.departure_said = text[out.departure_span[0] : out.departure_span[1]].strip()
    # in the order they were said: "Lushan 3 days … stay in Guling" reads Guling beside Lushan
    out.mentions.sort(key=lambda m: _position(text, m[1]))


def _en_named_destinations(text: str, gaz: Gazetteer, out: PlaceFind) -> None:
    """Destinations named by their own capitalised name without a cue ("Huangshan 2 days,
    sunrise on the mountain"): a name that is a destination (not a sight), outside the place
    of departure and the places already read."""
    taken = [out.departure_span] if out.departure_span else []
    taken += [(p, p + len(w)) for _m, w, _f in out.mentions if w and (p := text.find(w)) >= 0]
    for m in _EN_CAPS.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        hit = _en_prefix(gaz, text, m.start())
        if (
            hit is not None
            and hit[0].poi_id is None
            and hit[0].destination_id is not None
            and not any(  # read before only through a sight of it ("Great Wall at Mutianyu"):
                m.poi_id is None and identity(m) == identity(hit[0])  # its own name said first
                for m, _w, _f in out.mentions  # keeps the cities in the order said
            )
        ):
            out.add(hit[0], text[m.start() : hit[1]])
            taken.append((m.start(), hit[1]))


def _position(text: str, said: str) -> int:
    found = text.find(said) if said else -1
    return found if found >= 0 else len(text)


def _unknown_en(gaz: Gazetteer, rest: str, out: PlaceFind) -> None:
    """Record the name after a strong cue ("to X") that no place matches: capitalised words,
    or a lowercase word close to a place's spelling ("in hangzou"), never a common word."""
    words = re.match(r"[A-Z][A-Za-z'’\-]*(?:\s+[A-Z][A-Za-z'’\-]*){0,2}", rest)
    if words and words.group(0).split()[0].lower() not in lexicon.EN_STOPWORDS:
        out.unknown.append(words.group(0))
        return
    word = re.match(r"[a-z][a-z'’\-]{2,}\b", rest)
    if word and word.group(0) not in lexicon.EN_STOPWORDS and gaz.suggest(word.group(0), 1):
        out.unknown.append(word.group(0))


def _en_list(gaz: Gazetteer, text: str, end: int, out: PlaceFind) -> None:
    """Add the places listed after one ending at `end` ("Shanghai, then Hangzhou and Suzhou")."""
    while (joined := _EN_JOIN.match(text, end)) and (more := _en_prefix(gaz, text, joined.end())):
        out.add(more[0], text[joined.end() : more[1]])
        end = more[1]


def _en_prefix(gaz: Gazetteer, text: str, start: int) -> tuple[PlaceMatch, int] | None:
    """The place named at `start` in English text: Latin words, or a Chinese name ("to 黄山")."""
    if has_cjk(text[start : start + 1]):
        return _prefix(gaz, text, start)
    words = _EN_WORDS.match(text, start)
    if words is None:
        return None
    tokens = [
        (t.group(0), start + t.start())
        for t in re.finditer(r"[A-Za-z][A-Za-z'’.\-]*", words.group(0))
    ]
    tokens = [(w.rstrip(".-"), pos) for w, pos in tokens]
    if not tokens:
        return None
    first = tokens[0][0].lower()
    if first in lexicon.EN_STOPWORDS and first != "the":
        return None
    for n in range(min(4, len(tokens)), 0, -1):
        phrase = " ".join(w for w, _ in tokens[:n])
        if phrase.lower() == "the":
            break
        match = gaz.resolve(phrase)
        if match is not None:
            last, pos = tokens[n - 1]
            return match, pos + len(last)
    for n in range(min(4, len(tokens)), 0, -1):  # "Great Wall" for Badaling Great Wall
        phrase = " ".join(w for w, _ in tokens[:n])
        if (
            tokens[n - 1][0].lower() not in lexicon.EN_STOPWORDS
            and _proper(tokens[:n])  # "the Golden Summit", never "the summit" or "water town"
            and (match := gaz.partial(phrase))
        ):
            last, pos = tokens[n - 1]
            return match, pos + len(last)
    return None


def _proper(tokens: list[tuple[str, int]]) -> bool:
    """Whether words are a proper name: the first word after a leading "the" is capitalised."""
    words = [w for w, _ in tokens]
    if words and words[0].lower() == "the":
        words = words[1:]
    return bool(words) and words[0][:1].isupper()


__all__ = ["PlaceFind", "find_places", "place_wishes"]
