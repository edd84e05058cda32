"""The plan-quality bench end to end: a request through the user's path, a skip, the report."""

from __future__ import annotations

import pytest

from bench.plan_quality import CHECKS, evaluate, report
from bench.plan_quality_expect import load_requests
from engine.knowledge.base import default_knowledge


def test_requests_run_through_the_users_path_and_the_report_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_requests()
    requests = {r.id: r for r in bench.requests}
    kb = default_knowledge()
    done = evaluate(requests["sz-02"], kb, bench.today)
    assert done["status"] == "delivered", done.get("reason")
    assert set(done["checks"]) == {key for key, _label, _target in CHECKS}
    assert all(c["ok"] in (True, False, None) for c in done["checks"].values())
    assert {w["kind"] for w in done["wishes"]} >= {"days", "transport", "must_see"}
    skipped = evaluate(requests["yushu-01"], kb, bench.today)
    assert skipped["status"] == "skipped" and "yushu" in skipped["reason"]
    report([done, skipped], show=5)
    out = capsys.readouterr().out
    assert "headline sights present" in out and "1 skipped" in out and "skipped yushu-01" in out
