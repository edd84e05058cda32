"""model token usage per itinerary version

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

The tokens the turns that produced or changed a version spent (summed; 0 when no model ran):
`lvtu show` adds them up per itinerary.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('itinerary_versions', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('input_tokens', sa.Integer(), nullable=False, server_default='0')
        )
        batch_op.add_column(
            sa.Column('output_tokens', sa.Integer(), nullable=False, server_default='0')
        )


def downgrade() -> None:
    with op.batch_alter_table('itinerary_versions', schema=None) as batch_op:
        batch_op.drop_column('output_tokens')
        batch_op.drop_column('input_tokens')
