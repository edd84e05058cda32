"""The guide (攻略): Markdown written from the plan and knowledge-base facts, plus questions."""

from engine.guide.writer import Guide, iter_guide, write_guide

__all__ = ["Guide", "iter_guide", "write_guide"]
