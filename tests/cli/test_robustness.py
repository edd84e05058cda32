"""What a person meets off the happy path: an unusable data folder, a bad option, a date in the
past, a missing version, an unwritable export path — a clear message and exit 2, no traceback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = [sys.executable, "-m", "desktop.launcher"]


def lvtu(
    home: Path, *args: str, prefix: list[str] | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "LVTU_HOME": str(home), "LVTU_PROVIDER": "offline", **env}
    result = subprocess.run(
        [*(prefix or []), *LAUNCH, *args],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert "Traceback" not in result.stderr + result.stdout
    return result


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with one saved plan, #1 (Chinese, one version)."""
    home = tmp_path_factory.mktemp("home")
    result = lvtu(home, "plan", "上海出发去黄山玩两天")
    assert result.returncode == 0, result.stderr
    return home


# -- the data folder ---------------------------------------------------------------------------


def test_a_data_folder_that_is_a_file_is_named_and_exits_2(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    result = lvtu(afile, "list", LVTU_LANG="en")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"The data folder {afile} is not a folder (it, or a folder above it, is a file). "
        "Set LVTU_HOME to a folder you can write to."
    )
    result = lvtu(afile / "sub", "plan", "去黄山", "--json")  # the request's language
    assert result.returncode == 2 and f"数据文件夹 {afile / 'sub'} 不是文件夹" in result.stderr
    assert json.loads(result.stdout)["error"]["code"] == "data_home"


def _read_only_prefix(folder: Path) -> list[str]:
    """A command prefix under which `folder` cannot be written: chmod for a normal user;
    for root (which chmod does not stop) a read-only bind mount in a private mount namespace."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("running as root without unshare: cannot make a folder read-only")
    prefix = [unshare, "-m", "sh", "-c", 'mount --bind -o ro "$0" "$0" && exec "$@"', str(folder)]
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"cannot bind-mount read-only here: {probe.stderr.decode().strip()}")
    return prefix


def test_a_read_only_data_folder_is_named_and_exits_2(tmp_path: Path) -> None:
    home = tmp_path / "ro"
    home.mkdir()
    prefix = _read_only_prefix(home)
    try:
        for command in (["list"], ["jobs"], ["plan", "上海出发去黄山玩两天"]):
            result = lvtu(home, *command, prefix=prefix, LVTU_LANG="zh")
            assert result.returncode == 2, result.stderr
            assert result.stderr.startswith(f"数据文件夹 {home} 无法写入"), result.stderr
    finally:
        home.chmod(0o755)
    assert list(home.iterdir()) == []


def test_a_log_file_that_cannot_be_opened_falls_back_to_stderr(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "lvtu.log").mkdir(parents=True)  # a folder where the log file should be
    result = lvtu(home, "list", "--json")
    assert result.returncode == 0 and json.loads(result.stdout) == []
    assert result.stderr.startswith("lvtu: WARNING: cannot open the log file")


# -- options and requests ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--days", "-3"], "天数需要在 1 到 30 天之间（您写的是 -3 天）。"),
        (["--people", "0"], "出行人数需要在 1 到 20 人之间（您写的是 0）。"),
        (["--date", "2026-13-45"], "没看懂选项 --date 的值“2026-13-45”：请写成 YYYY-MM-DD"),
        (
            ["--date", "1900-01-01"],
            "出发日期需要在 ",
        ),  # a real date, out of range: not "YYYY-MM-DD"
        (["--budget", "1"], "预算需要在 50 到 10000000 元之间（您写的是 1 元）。"),
        (["--days", "lots"], "没看懂选项 --days 的值“lots”：请写 1 到 30 之间的天数"),
    ],
)
def test_bad_options_exit_2_with_the_valid_range_or_format(
    tmp_path: Path, options: list[str], message: str
) -> None:
    result = lvtu(tmp_path, "plan", "上海出发去黄山玩两天", *options, "--json")
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    error = json.loads(result.stdout)["error"]
    assert error["message"].startswith(message) and error["code"] in {
        "bad_days",
        "bad_people",
        "bad_option",
        "bad_budget",
        "bad_start_date",
    }


def test_english_with_chinese_names_is_planned_in_english_and_a_past_date_is_flagged(
    tmp_path: Path,
) -> None:
    text = "I want to go to 黄山 for two days from 上海"
    result = lvtu(tmp_path, "plan", text, "--date", "2020-01-01", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)["itinerary"]
    assert out["lang"] == "en" and out["request"]["departure"] == "shanghai"
    assert out["days"][0]["date"] == "2020-01-01"
    assert "⚠ The start date 2020-01-01 has passed; planning for that date anyway" in result.stderr


def test_a_past_date_in_chinese_text_is_flagged_in_chinese(tmp_path: Path) -> None:
    result = lvtu(tmp_path, "plan", "2020年1月1日上海出发去黄山玩两天", "--detach")
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("⚠ 出发日期 2020-01-01 已经过去了")
    assert result.stdout.startswith("已在后台开始任务 ")
    job_id = result.stdout.split()[-1]  # "… 查看进度：lvtu jobs watch ID"
    watched = lvtu(tmp_path, "jobs", "watch", job_id, "--lang", "zh")  # until the worker ends
    assert watched.returncode == 0 and "完成：行程 #1" in watched.stdout.splitlines()[-1]


# -- saved plans -------------------------------------------------------------------------------


def test_show_names_the_version_and_a_missing_version_lists_the_versions(saved: Path) -> None:
    shown = lvtu(saved, "show", "1")
    assert shown.returncode == 0 and shown.stdout.rstrip().endswith("行程 #1 · 第1版")
    assert "已保存" not in shown.stdout
    missing = lvtu(saved, "show", "1", "--version", "9")
    assert missing.returncode == 2
    assert missing.stderr.strip() == "行程 #1 没有第 9 版；现有版本：1。"
    gone = lvtu(saved, "show", "7", "--json", "--lang", "en")
    assert gone.returncode == 2 and json.loads(gone.stdout)["error"]["code"] == "not_found"


def test_export_to_a_missing_folder_exits_2_and_to_a_folder_writes_inside(
    saved: Path, tmp_path: Path
) -> None:
    target = tmp_path / "nonexistent" / "dir" / "x.md"
    result = lvtu(saved, "export", "1", "-f", "md", "-o", str(target))
    assert result.returncode == 2 and not target.parent.exists()
    assert result.stderr.strip() == (
        f"无法写入 {target}：文件夹 {target.parent} 不存在。请先创建它，或换一个路径（-o）。"
    )
    result = lvtu(saved, "export", "1", "-f", "gpx", "-o", str(tmp_path), "--lang", "en")
    assert (
        result.returncode == 0 and result.stdout.strip() == f"Exported: {tmp_path / 'lvtu-1.gpx'}"
    )
    assert (tmp_path / "lvtu-1.gpx").read_text(encoding="utf-8").startswith("<?xml")
