"""Own-place imports read as they parse: progress while reading, a size limit, numbers checked.

Time and memory at scale are measured by ``bench/import_scale.py`` (tests assert no timings).
"""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest

from engine.cli.data_cmd import ImportMeter
from engine.knowledge import userplaces
from engine.knowledge.userplaces import import_places
from engine.knowledge.userplaces_read import ImportFailed, ImportProgress, iter_rows
from tests.knowledge.test_packs import curated

ROWS = 5000


def big_csv(tmp_path: Path, rows: int = ROWS) -> Path:
    path = tmp_path / "many.csv"
    lines = ["name,lat,lon,kind,tags"]
    lines += [f"地点{i},{30.0 + i * 1e-6:.6f},120.0,attraction,culture" for i in range(rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_rows_are_yielded_while_the_file_is_still_being_read(tmp_path: Path) -> None:
    path = big_csv(tmp_path)
    steps: list[ImportProgress] = []
    rows = iter_rows(path, "csv", progress=steps.append, every=1000)
    first = next(rows)
    assert first == (2, {"name": "地点0", "lat": "30.000000", "lon": "120.0", "kind": "attraction",
                         "tags": "culture"})  # fmt: skip
    assert steps == []  # nothing read to the end yet
    rest = list(rows)
    assert len(rest) == ROWS - 1
    counts = [s.rows for s in steps]
    assert counts == [1000, 2000, 3000, 4000, 5000, 5000]
    assert steps[0].bytes_read < steps[0].bytes_total  # reported mid-file, not after it
    assert [s.fraction for s in steps][-1] == 1.0
    assert all(a.bytes_read <= b.bytes_read for a, b in itertools.pairwise(steps))


def test_an_import_reports_progress_and_keeps_every_place(tmp_path: Path) -> None:
    steps: list[ImportProgress] = []
    pack = import_places(big_csv(tmp_path), "csv", name="many", kb=curated(), progress=steps.append)
    assert sum(len(d.attractions) for d in pack.destinations) == ROWS
    assert steps[-1].rows == ROWS and len(steps) >= 2


def test_duplicate_ids_are_found_across_destinations(tmp_path: Path) -> None:
    path = tmp_path / "dup.csv"
    path.write_text("id,name,lat,lon\nx,甲,30.0,120.0\nx,乙,31.0,121.0\n", encoding="utf-8")
    with pytest.raises(ImportFailed) as caught:
        import_places(path, "csv", name="dup", kb=curated())
    assert caught.value.message("en").endswith("line 3: duplicate id 'dup-x'.")


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = big_csv(tmp_path, 100)
    with pytest.raises(ImportFailed) as caught:
        list(iter_rows(path, "csv", max_bytes=1000))
    en, zh = caught.value.message("en"), caught.value.message("zh")
    assert "over the import limit of 0 MB" in en and "split it into several files" in en
    assert "超过导入上限" in zh and "拆成几个文件" in zh


def test_too_many_places_are_refused_with_the_limit_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(userplaces, "MAX_PLACES", 10)
    with pytest.raises(ImportFailed) as caught:
        import_places(big_csv(tmp_path, 50), "csv", name="many", kb=curated())
    assert "More than 10 places" in caught.value.message("en")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999"])
def test_numbers_that_are_not_finite_are_row_errors_not_crashes(tmp_path: Path, value: str) -> None:
    path = tmp_path / "n.csv"
    path.write_text(f"name,lat,lon,visit_minutes\n甲,30.0,120.0,{value}\n", encoding="utf-8")
    with pytest.raises(ImportFailed) as caught:
        import_places(path, "csv", name="n", kb=curated())
    assert f"line 2: visit_minutes must be a number (got '{value}')" in caught.value.message("en")


def test_invalid_utf8_is_named_in_each_format(tmp_path: Path) -> None:
    bad = "甲".encode("gbk")
    csv_path = tmp_path / "gbk.csv"
    csv_path.write_bytes(b"name,lat,lon\n" + bad + b",30.0,120.0\n")
    geo_path = tmp_path / "gbk.geojson"
    feature = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [120.0, 30.0]}}
    geo_path.write_bytes(
        json.dumps({"type": "FeatureCollection", "features": [{**feature, "properties": {}}]})
        .replace('"properties": {}', '"properties": {"name": "@@"}')
        .encode()
        .replace(b"@@", bad)
    )
    for path, fmt in ((csv_path, "csv"), (geo_path, "geojson")):
        with pytest.raises(ImportFailed) as caught:
            list(iter_rows(path, fmt))  # type: ignore[arg-type]
        assert "is not UTF-8 text" in caught.value.message("en"), fmt


def test_geojson_streams_features_and_accepts_a_byte_order_mark(tmp_path: Path) -> None:
    features = [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [120.0 + i / 1e4, 30.0]},
         "properties": {"name": f"点{i}"}} for i in range(3)
    ]  # fmt: skip
    path = tmp_path / "p.geojson"
    text = json.dumps({"type": "FeatureCollection", "features": features}, ensure_ascii=False)
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    rows = list(iter_rows(path, "geojson"))
    assert [(n, f["name"], f["lon"]) for n, f in rows] == [
        (1, "点0", "120.0"), (2, "点1", "120.0001"), (3, "点2", "120.0002")
    ]  # fmt: skip
    path.write_text('{"type": "FeatureCollection"}', encoding="utf-8")
    with pytest.raises(ImportFailed, match="FeatureCollection"):
        list(iter_rows(path, "geojson"))


def test_gpx_waypoints_stream_with_tracks_between_them(tmp_path: Path) -> None:
    points = "".join(f'<trkpt lat="30" lon="120.{i}"/>' for i in range(50))
    path = tmp_path / "w.gpx"
    path.write_text(
        '<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="30.0" lon="120.0"><name>甲</name>'
        f"</wpt><trk><trkseg>{points}</trkseg></trk>"
        '<wpt lat="30.1" lon="120.1"><name>乙</name><type>restaurant</type></wpt></gpx>',
        encoding="utf-8",
    )
    rows = list(iter_rows(path, "gpx"))
    assert rows == [
        (1, {"lat": "30.0", "lon": "120.0", "name": "甲"}),
        (2, {"lat": "30.1", "lon": "120.1", "name": "乙", "kind": "restaurant"}),
    ]


def test_the_cli_meter_rewrites_one_line_on_a_terminal_and_prints_tenths_elsewhere() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, log = Tty(), io.StringIO()
    for stream in (tty, log):
        meter = ImportMeter("en", stream)
        for rows in range(0, 10001, 500):
            meter(ImportProgress(rows, rows * 10, 100000))
        meter.close()
    assert tty.getvalue().count("\r") == 21 and tty.getvalue().endswith("(10000 places)\n")
    lines = log.getvalue().splitlines()
    assert lines[0] == "reading: 0% (0 places)" and lines[-1] == "reading: 100% (10000 places)"
    assert len(lines) == 11
