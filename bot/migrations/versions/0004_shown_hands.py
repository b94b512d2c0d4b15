"""shown_hands: the version and buttons of each person's hand message, shared by every
instance of the bot (DURAK_INSTANCES > 1)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 23:40:00
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
    op.create_table(
        'shown_hands',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('buttons', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'seat'),
    )


def downgrade() -> None:
    op.drop_table('shown_hands')
