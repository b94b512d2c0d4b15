"""game_renderers: which instance draws each running game, with a lease (DURAK_INSTANCES
> 1); games.ready: who pressed "Play again" after a group deal

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 23:50:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'game_renderers',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('instance', sa.String(length=64), nullable=False),
        sa.Column('until', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id'),
    )
    op.create_index(op.f('ix_game_renderers_until'), 'game_renderers', ['until'],
                    unique=False)
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ready', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('ready')
    op.drop_index(op.f('ix_game_renderers_until'), table_name='game_renderers')
    op.drop_table('game_renderers')
