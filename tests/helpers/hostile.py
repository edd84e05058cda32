"""A hostile-text corpus and a plan made of it (issue #17): place names and a model's guide
carrying HTML, Markdown links (``javascript:``, ``file:///etc/passwd``), images (remote and a
real local PNG), control characters and ESC/OSC sequences, CR/LF injection, bidi overrides,
zero-width characters and a very long name.

`hostile_plan` imports the names through all three own-place formats (CSV, GeoJSON, GPX) into
the curated knowledge base, plans a 2-day 杭州 trip that must see all of them, writes the
offline guide, and also gives the same plan with a hostile *model* guide and questions.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import html
import json
import struct
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.untrusted import clean, clean_name

TODAY = dt.date(2026, 4, 20)
SECRET = "SECRET_PNG"  # replaced by the path of a real PNG file

#: (name, description, format): each name carries several hostile things at once.
PLACES: tuple[tuple[str, str, str], ...] = (
    ('<img src="http://127.0.0.1:9/x">远程图片 [点我](javascript:alert(1)) 之后的文字',
     "<script>alert('desc')</script>描述 [d](javascript:alert(2))", "csv"),
    (f'<img src="file://{SECRET}">本地图片 ![图](file://{SECRET}) <a href="javascript:alert(1)">a</a>',
     "![x](http://127.0.0.1:9/desc.png) 描述二", "geojson"),
    ("[密码](file:///etc/passwd) <file:///etc/passwd> <script>alert(1)</script>脚本",
     "描述三 <iframe src=file:///etc/passwd>", "csv"),
    ("标题\x1b]0;pwned\x07被改\x1b[31m红色\x1b[0m 铃\x07退格\x08空\x00字",
     "控制\x1b]8;;file:///etc/passwd\x1b\\链接\x1b]8;;\x1b\\描述", "geojson"),
    ("回车\r\nATTACH:file:///etc/passwd\r\n# 注入标题 \u202egnp.exe 零宽\u200b\u200d\u2060字",
     "换行\r\n\r\n<img src=x onerror=alert(1)>\n描述", "csv"),
    ("长名字" + "很长很长的名字" * 60, "很长的描述" * 10, "gpx"),
    ("| 表格 | 分隔 | &lt;b&gt;实体 **粗** `代码` \\反斜杠", "GPX 描述 </desc><link>x</link>", "gpx"),
)  # fmt: skip

#: A guide as a model might write it: the same attacks in prose, tables and lists.
MODEL_GUIDE = (
    "# 杭州攻略\x1b]0;owned\x07\n\n"
    '<img src="http://127.0.0.1:9/pixel.png">\n\n'
    "## 第1天\n\n"
    '- 上午：<img src="file://SECRET_PNG"> 然后继续阅读\n'
    "- 下午：[点这里](javascript:alert(document.cookie)) 和 [密码](file:///etc/passwd)\n"
    "- 晚上：![地图](http://127.0.0.1:9/map.png) 与 <file:///etc/passwd> 以及 [官网](https://www.hangzhou.gov.cn/)\n"
    "- 深夜：<script>alert(1)</script><a href='file:///etc/passwd'>链接</a>\n\n"
    "| 时间 | 地点 |\n|---|---|\n| 09:00 | [西湖](javascript:alert(1)) |\n| 12:00 | <b>午饭</b> |\n\n"
    "[ref]: file:///etc/passwd\n\n"
    "参考 [这里][ref]。回车\r注入\u202e反向\u200b零宽\n\n"
    "```\n<img src=http://127.0.0.1:9/in-code.png>\n```\n\n"
    "最后一行：仍然可读。\n"
)  # fmt: skip
MODEL_QUESTIONS = (
    "第二天\r\n## 注入\x1b[2J能轻松点吗？",
    "<img src=http://127.0.0.1:9/q.png>换个景点？",
    "[看这里](javascript:alert(1))",
)
#: What of the model's guide must still be readable after the rendering.
MODEL_READABLE = ("杭州攻略", "然后继续阅读", "点这里", "官网", "最后一行：仍然可读。", "午饭")


@dataclass(frozen=True)
class HostilePlan:
    """The plan, its names as they must read (cleaned: `engine.untrusted.clean_name`), the
    secret PNG, and the same plan with the model's guide."""

    itinerary: Any
    model_itinerary: Any
    names: tuple[str, ...]
    secret_png: Path
    folder: Path


#: The secret PNG's size in pixels (an odd size, told apart from emoji glyphs in a PDF).
SECRET_SIZE = (7, 5)


def png(path: Path) -> Path:
    """A real red PNG of `SECRET_SIZE` at `path` (what ``<img src="file:///…">`` embedded)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    width, height = SECRET_SIZE
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
    return path


def visible(name: str, *, markdown: bool = False) -> str:
    """How a hostile name must read wherever it is shown: cleaned (`clean_name`; a value cut
    at 200 characters is compared up to the cut). With `markdown`, as the offline guide shows
    it: the guide writes names into Markdown as they are, so ``**粗**`` reads 粗 in bold and
    ``&lt;`` reads <  (formatting only: never HTML, an image or a link)."""
    text = clean_name(name).removesuffix("…")
    if markdown:
        text = html.unescape(text.replace("**", "").replace("`", ""))
    return text


def _files(folder: Path, secret: Path, lat: float, lon: float) -> dict[str, Path]:
    rows = []
    for n, (name, description, fmt) in enumerate(PLACES):
        rows.append(
            {
                "id": f"h{n}",
                "name": name.replace(SECRET, str(secret)),
                "description": description.replace(SECRET, str(secret)),
                "lat": f"{lat + 0.002 * n:.6f}",
                "lon": f"{lon + 0.002 * n:.6f}",
                "fmt": fmt,
            }
        )
    paths = {}
    chosen = [r for r in rows if r["fmt"] == "csv"]
    paths["csv"] = folder / "hostile.csv"
    with paths["csv"].open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "name", "lat", "lon", "description", "visit_minutes", "popularity"])
        for r in chosen:
            writer.writerow([r["id"], r["name"], r["lat"], r["lon"], r["description"], 30, 5])
    features = [
        {
            "type": "Feature",
            "geometry": {"type": "Point", "coordinates": [float(r["lon"]), float(r["lat"])]},
            "properties": {k: r[k] for k in ("id", "name", "description")}
            | {"visit_minutes": 30, "popularity": 5},
        }
        for r in rows
        if r["fmt"] == "geojson"
    ]
    paths["geojson"] = folder / "hostile.geojson"
    paths["geojson"].write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    from xml.sax.saxutils import escape, quoteattr

    waypoints = "".join(
        f"<wpt lat={quoteattr(r['lat'])} lon={quoteattr(r['lon'])}><name>{escape(r['name'])}"
        f"</name><desc>{escape(r['description'])}</desc></wpt>"
        for r in rows
        if r["fmt"] == "gpx"
    )
    paths["gpx"] = folder / "hostile.gpx"
    paths["gpx"].write_text(
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">{waypoints}</gpx>',
        encoding="utf-8",
    )
    return paths


@functools.cache
def hostile_plan() -> HostilePlan:
    """Import, plan (2 days in 杭州, every hostile place a must-see) and write the guide."""
    from engine.domain.request import TripRequest
    from engine.guide import write_guide
    from engine.knowledge.base import load_curated
    from engine.knowledge.pack_merge import merge_pack
    from engine.knowledge.userplaces import import_places
    from engine.planning import plan_trip

    folder = Path(tempfile.mkdtemp(prefix="lvtu-hostile-"))
    secret = png(folder / "secret.png")
    kb = load_curated()
    hangzhou = kb.destinations["hangzhou"]
    paths = _files(folder, secret, hangzhou.lat + 0.004, hangzhou.lon - 0.03)
    ids = []
    for fmt, path in paths.items():
        pack = import_places(
            path, fmt, name=f"hostile-{fmt}", kb=kb, destination="hangzhou", today=TODAY
        )  # type: ignore[arg-type]
        merge_pack(kb, pack)
        ids += [p.id for d in pack.destinations for p in d.attractions]
    request = TripRequest(
        departure="shanghai",
        destinations=("hangzhou",),
        days=2,
        must_see=tuple(ids),
        start_date=TODAY,
        text="上海出发去杭州玩两天",
    )
    itinerary = plan_trip(request, kb, today=TODAY)
    guide = write_guide(itinerary, kb)
    itinerary = itinerary.model_copy(
        update={"guide": guide.markdown, "suggested_questions": guide.questions}
    )
    names = tuple(
        item.name for day in itinerary.days for item in day.items if item.poi_id in set(ids)
    )
    model = itinerary.model_copy(
        update={
            "guide": MODEL_GUIDE.replace(SECRET, str(secret)),
            "suggested_questions": MODEL_QUESTIONS,
        }
    )
    return HostilePlan(itinerary, model, names, secret, folder)


#: Characters that must never reach an output: C0/C1 controls but tab and newline, ESC, DEL,
#: bidi controls, zero-width characters, U+2028/2029.
FORBIDDEN = (
    "".join(chr(c) for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)])
    + "\u061c\u180e\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e"
    + ("\u2060\u2066\u2067\u2068\u2069\ufeff")
)


def forbidden_in(text: str) -> list[str]:
    """The forbidden characters found in `text` (as their code points)."""
    return sorted({f"U+{ord(c):04X}" for c in text if c in FORBIDDEN})


def readable(text: str) -> str:
    """`text` as a reader sees it after cleaning (for comparisons)."""
    return clean(text, lines=True)
