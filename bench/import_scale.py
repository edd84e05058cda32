"""Bench of `lvtu data import csv|geojson|gpx` at scale: time and peak memory of the real command.

Generates N places (names of random common characters, points scattered around a few curated
destinations, a mix of kinds) in the chosen format, runs ``lvtu data import FORMAT FILE --name
bench`` in a child process with a fresh data folder, and prints the wall time, the child's peak
resident memory (``wait4`` rusage) and the file size. Target (issue #17): 100 000 rows in
<= 20 s on the development machine, memory bounded (not growing with the file's text).

Run: ``python bench/import_scale.py [--rows 100000] [--format csv|geojson|gpx] [--repeat 1]``;
``--rows 8000,16000,32000`` runs several sizes (to see whether time grows linearly).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: (destination id, centre lat, centre lon) of curated destinations; points within ~10 km.
CENTRES = (
    ("hangzhou", 30.259, 120.155),
    ("beijing", 39.9042, 116.4074),
    ("xian", 34.2655, 108.944),
)
CHARS = "山水湖园寺塔楼阁桥街巷村镇古新东西南北中天龙凤云月星花石林泉溪岭峰洞宫殿馆院坊市场"
KINDS = ("attraction", "attraction", "attraction", "restaurant", "lodging")


def rows(n: int, seed: int = 0) -> list[dict[str, str]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        dest, lat, lon = CENTRES[i % len(CENTRES)]
        name = "".join(rng.choice(CHARS) for _ in range(rng.randint(2, 6))) + str(i)
        out.append(
            {
                "id": f"p{i}",
                "name": name,
                "lat": f"{lat + rng.uniform(-0.09, 0.09):.6f}",
                "lon": f"{lon + rng.uniform(-0.09, 0.09):.6f}",
                "kind": rng.choice(KINDS),
                "destination": dest,
                "description": f"{name}，测试用的地点第{i}号",
            }
        )
    return out


def write(path: Path, fmt: str, data: list[dict[str, str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        if fmt == "csv":
            import csv

            writer = csv.DictWriter(f, fieldnames=list(data[0]))
            writer.writeheader()
            writer.writerows(data)
        elif fmt == "geojson":
            f.write('{"type": "FeatureCollection", "features": [\n')
            for n, row in enumerate(data):
                props = {k: v for k, v in row.items() if k not in ("lat", "lon")}
                point = [float(row["lon"]), float(row["lat"])]
                feature = {"type": "Feature", "geometry": {"type": "Point", "coordinates": point}}
                f.write(("," if n else "") + json.dumps({**feature, "properties": props}) + "\n")
            f.write("]}\n")
        else:
            from xml.sax.saxutils import escape

            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" ')
            f.write('xmlns="http://www.topografix.com/GPX/1/1">\n')
            for row in data:
                f.write(
                    f'<wpt lat="{row["lat"]}" lon="{row["lon"]}"><name>{escape(row["name"])}'
                    f"</name><desc>{escape(row['description'])}</desc><type>{row['kind']}</type>"
                    "</wpt>\n"
                )
            f.write("</gpx>\n")


def run_import(path: Path, fmt: str) -> tuple[float, float, float, int, str]:
    """(wall seconds, CPU seconds, peak RSS MiB, exit status, last line of output) of one
    import in a child (CPU time, as the machine is shared and wall time varies with load)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LVTU_HOME": tempfile.mkdtemp(prefix="lvtu-")}
    args = [sys.executable, "-m", "engine.cli.main", "data", "import", fmt, str(path)]
    args += ["--name", "bench", "--lang", "en"]
    if fmt == "gpx":
        args += ["--destination", "hangzhou"]  # GPX has no destination column
    start = time.perf_counter()
    child = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert child.stdout is not None
    output = child.stdout.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    lines = [line for line in output.replace("\r", "\n").splitlines() if line.strip()]
    cpu = usage.ru_utime + usage.ru_stime
    return seconds, cpu, usage.ru_maxrss / 1024, child.returncode, lines[-1] if lines else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="100000", help="N, or several: 8000,16000,32000")
    parser.add_argument("--format", choices=["csv", "geojson", "gpx"], default="csv")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for n in (int(x) for x in args.rows.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            data = rows(n)
            if args.format == "gpx":  # one destination (the command's --destination)
                for row in data:
                    row["lat"] = f"{30.259 + (float(row['lat']) - round(float(row['lat']))) / 10}"
                    row["lon"] = f"{120.155 + (float(row['lon']) - round(float(row['lon']))) / 10}"
            path = Path(tmp) / f"places.{args.format}"
            write(path, args.format, data)
            del data
            size = path.stat().st_size / 2**20
            for _ in range(args.repeat):
                seconds, cpu, peak, status, last = run_import(path, args.format)
                print(
                    f"{args.format} rows={n:>7} file={size:7.1f} MiB  time={seconds:6.1f} s  "
                    f"cpu={cpu:6.1f} s  "
                    f"peak={peak:7.0f} MiB  exit={status}  {last[:90]}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
