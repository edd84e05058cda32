"""Alembic environment: runs migrations on the connection handed in by `engine.storage.db`."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import engine.storage.tables  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # `alembic` command line: use sqlalchemy.url from the ini
    from pathlib import Path

    from engine.storage.db import create_db_engine

    url = config.get_main_option("sqlalchemy.url") or "sqlite:///lvtu.db"
    connection = create_db_engine(Path(url.removeprefix("sqlite:///"))).connect()

context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=True,
)
with context.begin_transaction():
    context.run_migrations()
