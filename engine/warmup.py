"""`warm_up`: load what the first plan would otherwise load — the knowledge base, the gazetteer,
the parser, the planner, the guide writer and the Agent runtime — so a host can do it early,
off its GUI thread (loading holds the GIL for a few hundred ms)."""

from __future__ import annotations


def warm_up() -> None:
    """Import and load the planning pipeline and build the gazetteer (blocking)."""
    from engine.agent.environment import build_from_environment  # noqa: F401  (the runtime)
    from engine.agent.tools import default_pipeline
    from engine.knowledge.base import default_knowledge
    from engine.understanding import read_request

    default_pipeline()  # imports the parser, the planner and the guide writer
    read_request("上海出发去黄山玩两天", default_knowledge())  # builds the gazetteer too
