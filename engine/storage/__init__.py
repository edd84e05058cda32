"""Storage: SQLModel on SQLite (WAL), Alembic migrations, repositories."""
