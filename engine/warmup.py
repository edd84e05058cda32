"""`warm_up`: load what the first plan would otherwise load — the knowledge base, the gazetteer,
the parser, the planner, the guide writer, the Markdown checker of model-written guides and
the Agent runtime — so a host can do it early, off its GUI thread (loading holds the GIL for
a few hundred ms)."""

from __future__ import annotations

TURN_READY_S = 30.0  # how long `warm_up` waits for the turn worker to load


def warm_up(*, turn_process: bool = False) -> None:
    """Import and load the planning pipeline and build the gazetteer (blocking).

    With `turn_process`, plan jobs' whole turns (understanding, solver, validation, guide) run
    in a worker process from now on (one starts now, `engine.jobs.turn_process`): a host with a
    GUI thread wants this, since a turn holds the GIL for most of its length. Returns once
    the worker has loaded too (at most `TURN_READY_S` later)."""
    from engine.agent.environment import build_from_environment  # noqa: F401  (the runtime)
    from engine.agent.tools import default_pipeline
    from engine.knowledge.base import default_knowledge
    from engine.understanding import read_request
    from engine.untrusted import safe_markdown

    if turn_process:
        from engine.jobs import turn_process as turns

        default_knowledge()  # the generation the worker's own knowledge base matches
        turns.start()
    default_pipeline()  # imports the parser, the planner and the guide writer
    read_request("上海出发去黄山玩两天", default_knowledge())  # builds the gazetteer too
    safe_markdown("[a](https://example.org)")  # imports markdown-it (~100 ms, on first use)
    if turn_process:
        turns.wait_ready(TURN_READY_S)  # (a first plan asked for before then waits for it too)
