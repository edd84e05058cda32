"""Read a person's own places from CSV, GeoJSON or GPX into numbered rows of text fields.

Every reader returns ``(position, fields)`` pairs — the position is what error messages cite
(CSV: the file's line number, header = line 1; GeoJSON: the feature's 1-based number; GPX: the
waypoint's 1-based number) — or raises `ImportFailed` when the file as a whole cannot be read.
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Format = Literal["csv", "geojson", "gpx"]
Row = tuple[int, dict[str, str]]
_GPX_NS = ("{http://www.topografix.com/GPX/1/1}", "{http://www.topografix.com/GPX/1/0}", "")


@dataclass(frozen=True)
class ImportProblem:
    """One thing wrong in an import file: where (`position`, 0 = the whole file), and what."""

    fmt: Format
    position: int
    zh: str
    en: str

    def message(self, lang: str = "zh") -> str:
        if self.position == 0:
            return self.zh if lang == "zh" else self.en
        where = {
            "csv": (f"第{self.position}行", f"line {self.position}"),
            "geojson": (f"第{self.position}个要素", f"feature {self.position}"),
            "gpx": (f"第{self.position}个航点", f"waypoint {self.position}"),
        }[self.fmt]
        return f"{where[0]}：{self.zh}" if lang == "zh" else f"{where[1]}: {self.en}"


class ImportFailed(ValueError):
    """The file has problems; nothing was imported. `problems` lists them all, in file order."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        super().__init__("; ".join(p.message("en") for p in problems[:5]))
        self.problems = problems

    def message(self, lang: str = "zh", limit: int = 20) -> str:
        head = (
            f"导入失败，没有导入任何内容（{len(self.problems)}处问题）："
            if lang == "zh"
            else f"Import failed; nothing was imported ({len(self.problems)} problem(s)):"
        )
        lines = [head, *(f"  {p.message(lang)}" for p in self.problems[:limit])]
        if len(self.problems) > limit:
            more = len(self.problems) - limit
            lines.append(f"  ……另有{more}处" if lang == "zh" else f"  … and {more} more")
        return "\n".join(lines)


def _whole(fmt: Format, zh: str, en: str) -> ImportFailed:
    return ImportFailed([ImportProblem(fmt, 0, zh, en)])


def read_rows(path: Path, fmt: Format) -> list[Row]:
    """The file's rows as text fields (see the module docstring).

    Raises:
        ImportFailed: the file cannot be opened, is not UTF-8, or is not valid CSV/JSON/XML.
    """
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise _whole(
            fmt, f"无法读取文件 {path}：{exc.strerror}", f"Cannot read {path}: {exc.strerror}"
        ) from None
    except UnicodeDecodeError:
        raise _whole(fmt, f"{path} 不是 UTF-8 编码。", f"{path} is not UTF-8 text.") from None
    if fmt == "csv":
        return _csv(text)
    if fmt == "geojson":
        return _geojson(text)
    return _gpx(text)


def _csv(text: str) -> list[Row]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    if not {"name", "lat", "lon"} <= set(header):
        raise _whole(
            "csv",
            "第1行（表头）必须包含 name、lat、lon 列。",
            "line 1 (header) must have the columns name, lat and lon.",
        )
    rows = []
    try:
        for raw in reader:
            fields = {h: (v or "").strip() for h, v in zip(header, raw.values(), strict=False)}
            if any(fields.values()):
                rows.append((reader.line_num, fields))
    except csv.Error as exc:
        raise ImportFailed(
            [ImportProblem("csv", reader.line_num, f"CSV 格式错误：{exc}", f"bad CSV: {exc}")]
        ) from None
    return rows


def _geojson(text: str) -> list[Row]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _whole(
            "geojson",
            f"不是有效的 JSON（第{exc.lineno}行）：{exc.msg}",
            f"not valid JSON (line {exc.lineno}): {exc.msg}",
        ) from None
    features = data.get("features") if isinstance(data, dict) else None
    if not isinstance(features, list):
        raise _whole(
            "geojson",
            "需要一个 FeatureCollection（含 features 列表）。",
            "expected a FeatureCollection with a features list.",
        )
    rows = []
    for number, feature in enumerate(features, 1):
        geometry = feature.get("geometry") if isinstance(feature, dict) else None
        props = feature.get("properties") if isinstance(feature, dict) else None
        fields = {str(k).lower(): "" if v is None else str(v) for k, v in (props or {}).items()}
        coords = geometry.get("coordinates") if isinstance(geometry, dict) else None
        if not isinstance(geometry, dict) or geometry.get("type") != "Point":
            fields["_error"] = "geometry"
        elif isinstance(coords, list) and len(coords) >= 2:
            fields["lon"], fields["lat"] = str(coords[0]), str(coords[1])
        rows.append((number, fields))
    return rows


def _gpx(text: str) -> list[Row]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0]
        raise _whole(
            "gpx", f"不是有效的 GPX/XML（第{line}行）。", f"not valid GPX/XML (line {line})."
        ) from None
    rows = []
    waypoints = [w for ns in _GPX_NS for w in root.iter(f"{ns}wpt")]
    for number, wpt in enumerate(waypoints, 1):
        fields = {"lat": wpt.get("lat", ""), "lon": wpt.get("lon", "")}
        for child in wpt:
            tag = child.tag.rsplit("}", 1)[-1].lower()
            if tag in ("name", "desc", "type", "cmt") and child.text:
                fields[tag] = child.text.strip()
        if "desc" in fields:
            fields["description"] = fields.pop("desc")
        if fields.get("type", "").lower() in ("attraction", "restaurant", "lodging", "hub"):
            fields["kind"] = fields.pop("type").lower()
        rows.append((number, fields))
    if not rows:
        raise _whole("gpx", "文件里没有航点（<wpt>）。", "the file has no waypoints (<wpt>).")
    return rows
