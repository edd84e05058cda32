"""memories full-text search (FTS5, trigram: works for Chinese)

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30

An external-content FTS5 table over `memories` (content, key), kept in step by triggers.
The trigram tokenizer matches any substring of 3+ characters, in Chinese as in English;
shorter queries (e.g. 辣) fall back to LIKE on `memories` (engine.agent.memory).
Batch-altering `memories` later recreates the table and drops these triggers: recreate them.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "CREATE VIRTUAL TABLE memories_fts USING fts5("
        "content, key, content='memories', content_rowid='id', tokenize='trigram')"
    )
    op.execute(
        "CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN "
        "INSERT INTO memories_fts(rowid, content, key) VALUES (new.id, new.content, new.key); END"
    )
    op.execute(
        "CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN "
        "INSERT INTO memories_fts(memories_fts, rowid, content, key) "
        "VALUES ('delete', old.id, old.content, old.key); END"
    )
    op.execute(
        "CREATE TRIGGER memories_fts_update AFTER UPDATE ON memories BEGIN "
        "INSERT INTO memories_fts(memories_fts, rowid, content, key) "
        "VALUES ('delete', old.id, old.content, old.key); "
        "INSERT INTO memories_fts(rowid, content, key) VALUES (new.id, new.content, new.key); END"
    )
    op.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS memories_fts_update")
    op.execute("DROP TRIGGER IF EXISTS memories_fts_delete")
    op.execute("DROP TRIGGER IF EXISTS memories_fts_insert")
    op.execute("DROP TABLE IF EXISTS memories_fts")
