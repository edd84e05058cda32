"""Imported by the fork server of `tests.jobs.test_crash_points`: the engine's code and the
knowledge base, loaded once for every worker forked from it."""

from tests.jobs.crash_points import warm

warm()
