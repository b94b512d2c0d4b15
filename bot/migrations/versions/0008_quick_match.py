"""Quick match with strangers (service/quick/): the queue every instance shares, blocks,
reports, and each person's record of quick games left or timed out (cooldowns)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28 06:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'quick_queue',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=False),
        sa.Column('game_key', sa.String(length=512), nullable=False),
        sa.Column('preset', sa.String(length=32), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('rating', sa.Float(), nullable=False),
        sa.Column('first_name', sa.String(length=128), nullable=False),
        sa.Column('language', sa.String(length=16), nullable=True),
        sa.Column('queued_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('message_id', sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_quick_queue')),
        sa.UniqueConstraint('user_id', name=op.f('uq_quick_queue_user_id')),
    )
    op.create_index(op.f('ix_quick_queue_game_key'), 'quick_queue', ['game_key'])
    op.create_table(
        'quick_blocks',
        sa.Column('blocker', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('blocked', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('blocker', 'blocked', name=op.f('pk_quick_blocks')),
    )
    op.create_index(op.f('ix_quick_blocks_blocked'), 'quick_blocks', ['blocked'])
    op.create_table(
        'quick_reports',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('reporter', sa.BigInteger(), nullable=False),
        sa.Column('reported', sa.BigInteger(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('reason', sa.String(length=32), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_quick_reports')),
    )
    op.create_index(op.f('ix_quick_reports_reporter'), 'quick_reports', ['reporter'])
    op.create_index(op.f('ix_quick_reports_reported'), 'quick_reports', ['reported'])
    op.create_index(op.f('ix_quick_reports_created_at'), 'quick_reports', ['created_at'])
    op.create_table(
        'quick_records',
        sa.Column('user_id', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('abandoned', sa.Integer(), nullable=False),
        sa.Column('finished', sa.Integer(), nullable=False),
        sa.Column('level', sa.Integer(), nullable=False),
        sa.Column('cooldown_until', sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_quick_records')),
    )


def downgrade() -> None:
    op.drop_table('quick_records')
    op.drop_index(op.f('ix_quick_reports_created_at'), table_name='quick_reports')
    op.drop_index(op.f('ix_quick_reports_reported'), table_name='quick_reports')
    op.drop_index(op.f('ix_quick_reports_reporter'), table_name='quick_reports')
    op.drop_table('quick_reports')
    op.drop_index(op.f('ix_quick_blocks_blocked'), table_name='quick_blocks')
    op.drop_table('quick_blocks')
    op.drop_index(op.f('ix_quick_queue_game_key'), table_name='quick_queue')
    op.drop_table('quick_queue')
