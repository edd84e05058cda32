"""Read a person's own places from CSV, GeoJSON or GPX into numbered rows of text fields.

Every reader streams ``(position, fields)`` pairs — the position is what error messages cite
(CSV: the file's line number, header = line 1; GeoJSON: the feature's 1-based number; GPX: the
waypoint's 1-based number) — and raises `ImportFailed` when the file as a whole cannot be read.
Files are parsed as they are read (csv, ijson, ElementTree ``iterparse``), so memory does not
grow with the file's text; a file over `MAX_BYTES` is refused before reading.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

import ijson

Format = Literal["csv", "geojson", "gpx"]
Row = tuple[int, dict[str, str]]
#: The largest file imported (bytes), refused with a message that says to split it: 64 MiB holds
#: the 100 000 places an import takes (`userplaces.MAX_PLACES`) even as GeoJSON with
#: descriptions (about 35 MiB; CSV about 11 MiB).
MAX_BYTES = 64 * 2**20
_GPX_KINDS = ("attraction", "restaurant", "lodging", "hub")


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


@dataclass(frozen=True)
class ImportProgress:
    """How far an import has read: `rows` so far, `bytes_read` of `bytes_total` (the file's
    size). The CLI prints it; a window can show `fraction` in a progress bar."""

    rows: int
    bytes_read: int
    bytes_total: int

    @property
    def fraction(self) -> float:
        """0.0 .. 1.0 of the file read."""
        return min(1.0, self.bytes_read / self.bytes_total) if self.bytes_total else 1.0


ProgressCallback = Callable[[ImportProgress], None]


def _whole(fmt: Format, zh: str, en: str) -> ImportFailed:
    return ImportFailed([ImportProblem(fmt, 0, zh, en)])


def iter_rows(
    path: Path,
    fmt: Format,
    *,
    progress: ProgressCallback | None = None,
    every: int = 2000,
    max_bytes: int = MAX_BYTES,
) -> Iterator[Row]:
    """The file's rows as text fields (see the module docstring), read as they are parsed;
    `progress` is called every `every` rows and once at the end.

    Raises:
        ImportFailed: the file cannot be opened, is bigger than `max_bytes`, is not UTF-8, or is
            not valid CSV/JSON/XML (raised when the reader gets there: rows before it have been
            yielded, so a caller that must import all or nothing collects first).
    """
    try:
        raw = path.open("rb")
        total = path.stat().st_size
    except OSError as exc:
        raise _whole(
            fmt, f"无法读取文件 {path}：{exc.strerror}", f"Cannot read {path}: {exc.strerror}"
        ) from None
    with raw:
        if total > max_bytes:
            mib, limit = total / 2**20, max_bytes / 2**20
            raise _whole(
                fmt,
                f"{path.name} 有 {mib:.0f} MB，超过导入上限 {limit:.0f} MB；"
                "请把它拆成几个文件，分别导入为不同名称的数据包。",
                f"{path.name} is {mib:.0f} MB, over the import limit of {limit:.0f} MB; "
                "split it into several files and import each as a pack of its own name.",
            )
        reader = {"csv": _csv, "geojson": _geojson, "gpx": _gpx}[fmt]
        count = 0
        try:
            for row in reader(raw):
                count += 1
                yield row
                if progress is not None and count % every == 0:
                    progress(ImportProgress(count, raw.tell(), total))
        except UnicodeDecodeError:
            where = f"（第{count + 1}条记录附近）", f" (near record {count + 1})"
            raise _whole(
                fmt,
                f"{path.name} 不是 UTF-8 编码{where[0]}。",
                f"{path.name} is not UTF-8 text{where[1]}.",
            ) from None
        except OSError as exc:
            raise _whole(
                fmt, f"无法读取文件 {path}：{exc.strerror}", f"Cannot read {path}: {exc.strerror}"
            ) from None
        if progress is not None:
            progress(ImportProgress(count, total, total))


def read_rows(path: Path, fmt: Format) -> list[Row]:
    """All of `iter_rows` at once (small files, tests).

    Raises:
        ImportFailed: as `iter_rows`.
    """
    return list(iter_rows(path, fmt))


def _csv(raw: IO[bytes]) -> Iterator[Row]:
    text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
    reader = csv.DictReader(text)
    try:
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
    except csv.Error as exc:
        raise ImportFailed(
            [ImportProblem("csv", 1, f"CSV 格式错误：{exc}", f"bad CSV: {exc}")]
        ) from None
    if not {"name", "lat", "lon"} <= set(header):
        raise _whole(
            "csv",
            "第1行（表头）必须包含 name、lat、lon 列。",
            "line 1 (header) must have the columns name, lat and lon.",
        )
    try:
        for raw_row in reader:
            fields = {h: (v or "").strip() for h, v in zip(header, raw_row.values(), strict=False)}
            if any(fields.values()):
                yield reader.line_num, fields
    except csv.Error as exc:
        raise ImportFailed(
            [ImportProblem("csv", reader.line_num, f"CSV 格式错误：{exc}", f"bad CSV: {exc}")]
        ) from None
    finally:
        text.detach()  # the caller closes the file


def _geojson(raw: IO[bytes]) -> Iterator[Row]:
    if raw.read(3) != b"\xef\xbb\xbf":  # a UTF-8 byte-order mark, as utf-8-sig skips it
        raw.seek(0)
    number = 0
    try:
        for number, feature in enumerate(ijson.items(raw, "features.item", use_float=True), 1):
            geometry = feature.get("geometry") if isinstance(feature, dict) else None
            props = feature.get("properties") if isinstance(feature, dict) else None
            props = props if isinstance(props, dict) else {}
            fields = {str(k).lower(): "" if v is None else str(v) for k, v in props.items()}
            coords = geometry.get("coordinates") if isinstance(geometry, dict) else None
            if not isinstance(geometry, dict) or geometry.get("type") != "Point":
                fields["_error"] = "geometry"
            elif isinstance(coords, list) and len(coords) >= 2:
                fields["lon"], fields["lat"] = str(coords[0]), str(coords[1])
            yield number, fields
    except ijson.JSONError as exc:
        reason = str(exc).splitlines()[0][:120]
        if "utf" in reason.lower():
            raise UnicodeDecodeError("utf-8", b"", 0, 1, reason) from None
        raise _whole(
            "geojson",
            f"不是有效的 JSON（第{number + 1}个要素附近）：{reason}",
            f"not valid JSON (near feature {number + 1}): {reason}",
        ) from None
    if number == 0:
        raw.seek(0)
        if not _has_features(raw):
            raise _whole(
                "geojson",
                "需要一个 FeatureCollection（含 features 列表）。",
                "expected a FeatureCollection with a features list.",
            )


def _has_features(raw: IO[bytes]) -> bool:
    """Whether the top-level object has a ``features`` list (an empty one counts)."""
    try:
        return any(
            prefix == "features" and event == "start_array" for prefix, event, _ in ijson.parse(raw)
        )
    except ijson.JSONError:
        return False


def _gpx(raw: IO[bytes]) -> Iterator[Row]:
    number = 0
    depth = 0
    root: ET.Element | None = None
    try:
        for event, element in ET.iterparse(raw, events=("start", "end")):
            if event == "start":
                if root is None:
                    root = element
                depth += 1
                continue
            depth -= 1
            if element.tag.rsplit("}", 1)[-1] == "wpt":
                number += 1
                yield number, _waypoint(element)
            if depth == 1 and root is not None:
                root.clear()  # what is read is dropped: memory stays flat
    except ET.ParseError as exc:
        line = exc.position[0]
        raise _whole(
            "gpx", f"不是有效的 GPX/XML（第{line}行）。", f"not valid GPX/XML (line {line})."
        ) from None
    if number == 0:
        raise _whole("gpx", "文件里没有航点（<wpt>）。", "the file has no waypoints (<wpt>).")


def _waypoint(wpt: ET.Element) -> dict[str, str]:
    fields = {"lat": wpt.get("lat", ""), "lon": wpt.get("lon", "")}
    for child in wpt:
        tag = child.tag.rsplit("}", 1)[-1].lower()
        if tag in ("name", "desc", "type", "cmt") and child.text:
            fields[tag] = child.text.strip()
    if "desc" in fields:
        fields["description"] = fields.pop("desc")
    if fields.get("type", "").lower() in _GPX_KINDS:
        fields["kind"] = fields.pop("type").lower()
    return fields
