"""The demo's log line after a follow-up (`--demo --follow-up`): the version it made, or that
the plan stayed where it was (issue 14: a refused follow-up printed "made version 1")."""

from __future__ import annotations

from types import SimpleNamespace

from desktop.demo import follow_up_outcome


def test_a_new_version_is_said() -> None:
    assert follow_up_outcome(1, SimpleNamespace(version=2), 7) == (
        "follow-up made version 2 of itinerary #7"
    )


def test_a_refused_follow_up_makes_no_version() -> None:
    line = follow_up_outcome(1, SimpleNamespace(version=1), 7)
    assert "made version" not in line and "stays at version 1" in line
    assert "stays at version 0" in follow_up_outcome(0, None, None)
