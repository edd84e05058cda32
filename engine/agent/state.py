"""A session's state: history, the current itinerary, preferences; and how it is stored.

Thread-safe. Turns commit here on their loop; checkpoints and saves (`persist`) run on the
database's writer thread; the host reads from any thread.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from engine.agent import texts
from engine.agent.memory import MemoryStore
from engine.agent.session import History
from engine.agent.turn import TurnContext
from engine.domain.itinerary import Itinerary
from engine.storage import itineraries
from engine.storage.tables import Conversation
from engine.understanding.habits import Preference, PreferenceLike, label

log = logging.getLogger(__name__)

ROLES = ("system", "user", "assistant", "tool")


class SessionState:
    """Messages (in memory and stored), the current itinerary and unsaved preferences.

    Args:
        engine: the database.
        memory: the long-term memory store.
        conversation_id: continue this stored conversation.

    Raises:
        ValueError: `conversation_id` does not exist.
    """

    def __init__(self, engine: Engine, memory: MemoryStore, conversation_id: int | None) -> None:
        if conversation_id is not None:
            with Session(engine) as session:
                if session.get(Conversation, conversation_id) is None:
                    raise ValueError(f"conversation {conversation_id} does not exist")
        self.engine = engine
        self.memory = memory
        self.history = History(engine, conversation_id)
        self._lock = threading.Lock()
        self._persist_lock = threading.Lock()
        self._current_id = _last_itinerary(self.history.messages)
        self._pending: list[Preference] = []
        self._lifted: set[tuple[str, str]] = set()  # taken back, to forget on the next save

    @property
    def current_id(self) -> int | None:
        with self._lock:
            return self._current_id

    def focus(self, itinerary_id: int) -> None:
        """Make `itinerary_id` (a saved itinerary of this conversation) the open one: the next
        follow-up is about it (``lvtu revise ID`` after a follow-up planned another trip)."""
        with self._lock:
            self._current_id = itinerary_id

    def add(self, role: str, content: str | None, extra: dict[str, Any]) -> None:
        """Append one message; an ``itinerary_id`` in `extra` becomes the current itinerary.

        Raises:
            ValueError: unknown role.
        """
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}")
        with self._lock:
            self.history.extend("", [{"role": role, "content": content, **extra}])
            if extra.get("itinerary_id") is not None:
                self._current_id = int(extra["itinerary_id"])

    def clear(self) -> None:
        """A new conversation with no current itinerary (long-term memory kept)."""
        with self._lock:
            self.history.clear()
            self._current_id = None

    def commit(self, turn_id: str, ctx: TurnContext) -> None:
        """Take in what a turn produced: its messages, itinerary and stated preferences."""
        with self._lock:
            # Only what earlier checkpoints of this turn did not hand over yet.
            self.history.extend(turn_id, ctx.messages[ctx.committed :])
            ctx.committed = len(ctx.messages)
            if ctx.itinerary is not None:
                self._current_id = ctx.itinerary.id
            known = {(p.kind, p.key) for p in self._pending}
            self._pending.extend(p for p in ctx.preferences if (p.kind, p.key) not in known)
            self._pending = [p for p in self._pending if (p.kind, p.key) not in ctx.lifted]
            self._lifted |= ctx.lifted

    def load_current(self) -> Itinerary | None:
        """The current version of the current itinerary, from the database."""
        current_id = self.current_id
        if current_id is None:
            return None
        try:
            return itineraries.load(self.engine, current_id)
        except itineraries.NotFoundError:
            return None

    def remembered(self) -> list[PreferenceLike]:
        """Long-term preferences: stored ones, then ones said but not stored yet."""
        found: list[PreferenceLike] = []
        try:
            found.extend(self.memory.all())
        except Exception:
            log.exception("reading long-term memory failed")
        with self._lock:
            known = {(p.kind, p.key) for p in found}
            found.extend(p for p in self._pending if (p.kind, p.key) not in known)
            return [p for p in found if (p.kind, p.key) not in self._lifted]

    def checkpoint(self, turn_id: str, ctx: TurnContext) -> None:
        """Commit and store the turn's messages so far, now (on the database's writer).

        Called once the turn has saved an itinerary (before its ``itinerary`` event), so that a
        crash afterwards loses no message: a resumed job then only writes the guide.
        """
        self.commit(turn_id, ctx)
        self.history.flush()

    def persist(self) -> None:
        """Store unsaved messages and preferences (idempotent: each is stored once)."""
        with self._persist_lock:
            self.history.flush()
            with self._lock:
                pending, lifted = list(self._pending), set(self._lifted)
            for pref in pending:
                self.memory.remember(pref.kind, pref.key, pref.content)
                with self._lock:
                    self._pending.remove(pref)
            if lifted:
                for memory in self.memory.all():
                    if (memory.kind, memory.key) in lifted:
                        self.memory.forget(memory.id)
                with self._lock:
                    self._lifted -= lifted

    def summary(self) -> str:
        """Turns so far, the current itinerary, remembered preferences — in the person's language."""
        users = [m for m in self.history.messages if m.get("role") == "user"]
        lang = texts.detect_lang(str(users[-1].get("content") or "")) if users else "zh"
        parts = [texts.pick(lang, f"{len(users)}轮对话", f"{len(users)} turn(s)")]
        it = self.load_current()
        if it is not None:
            cost, days = f"¥{it.total_cost_cny:,.0f}", len(it.days)
            parts.append(
                texts.pick(
                    lang,
                    f"当前行程「{it.title}」第{it.version}版，{days}天，{cost}",
                    f'current plan "{it.title}" v{it.version}, {days} day(s), {cost}',
                )
            )
        preferences = self.remembered()
        if preferences:
            names = texts.join([label(p, lang) for p in preferences], lang)
            parts.append(texts.pick(lang, f"记住的偏好：{names}", f"remembered: {names}"))
        return texts.pick(lang, "；", "; ").join(parts)


def _last_itinerary(messages: list[dict[str, Any]]) -> int | None:
    for message in reversed(messages):
        if message.get("itinerary_id") is not None:
            return int(message["itinerary_id"])
    return None
