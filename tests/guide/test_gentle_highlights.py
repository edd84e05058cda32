"""A mountain climbed by cable car for limited mobility: the guide lists what is up there
without the long stairways (`Highlight.steps`) and names those as skipped."""

from __future__ import annotations

from engine.domain.request import Party, TripRequest
from engine.guide.writer import write_guide
from engine.planning import plan_trip
from tests.helpers.plans import KB, SATURDAY


def _visit_lines(access: tuple[str, ...]) -> list[str]:
    request = TripRequest(destinations=("taishan",), days=1, start_date=SATURDAY, access=access,
                          party=Party(adults=1, seniors=2), must_see=("taishan-mount-tai",))  # fmt: skip
    guide = write_guide(plan_trip(request, KB), KB).markdown.splitlines()
    start = next(k for k, line in enumerate(guide) if "📍 泰山风景区" in line)
    end = next(k for k in range(start + 1, len(guide)) if not guide[k].startswith("  - "))
    return guide[start + 1 : end]


def test_bad_knees_skip_the_eighteen_bends_and_are_told_so() -> None:
    usual = _visit_lines(())
    assert any(line.startswith("  - 十八盘") for line in usual)  # listed for one who climbs
    gentle = _visit_lines(("limited-mobility",))
    assert not any(line.startswith("  - 十八盘") for line in gentle)
    assert any("不去十八盘" in line and "台阶" in line for line in gentle)
    assert any(line.startswith("  - 玉皇顶") for line in gentle)  # the summit stays
