"""The ``lvtu jobs`` table: columns line up in zh and en, whatever the state names' widths."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.cli.jobs_cmd import _table, _width
from engine.jobs import JobInfo, JobState

AT = dt.datetime(2026, 11, 30, 9, 5, tzinfo=dt.UTC)


def jobs() -> list[JobInfo]:
    return [
        JobInfo(id="9ef04adcd1aa", kind="plan", state=JobState.INTERRUPTED,
                request={"text": "2020年1月1日上海出发去黄山玩两天"}, itinerary_id=4, created_at=AT),
        JobInfo(id="043cd9e4ebd8", kind="plan", state=JobState.SUCCEEDED,
                request={"text": "3 days in Hangzhou " * 5}, itinerary_id=13, created_at=AT),
        JobInfo(id="168514cccf8d", kind="plan", state=JobState.QUEUED, request={"text": "x"}),
    ]  # fmt: skip


def starts(line: str, cell: str) -> int:
    """The display column where `cell` starts in `line`."""
    return _width(line[: line.index(cell)])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_columns_line_up_and_never_run_together(lang: str) -> None:
    header, *rows = _table(jobs(), lang)
    states = (
        ["已中断", "已完成", "排队中"] if lang == "zh" else ["interrupted", "succeeded", "queued"]
    )
    created = starts(header, "创建于" if lang == "zh" else "created")
    for row, state in zip(rows, states, strict=True):
        assert starts(row, state) == starts(header, "状态" if lang == "zh" else "state") == 14
        assert f"{state}  " in row  # at least two spaces after the longest state too
    assert starts(rows[0], "11-30") == starts(rows[1], "11-30") == created
    trip = starts(header, "行程" if lang == "zh" else "trip")
    assert starts(rows[0], "#4 ") == starts(rows[1], "#13") == starts(rows[2], "- ") == trip
    assert rows[1].endswith("…") and _width(rows[1]) - starts(rows[1], "3 days") == 40
