"""Seasons (service/seasons.py): each calendar month's tallies and ratings, kept as deals
finish; the messages a group gets once per period (a season's end, the weekly digest);
deal results by chat and time (the digest reads one chat's week); achievements

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 13:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'season_tallies',
        sa.Column('season', sa.String(length=7), nullable=False),
        sa.Column('chat_id', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('player', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=True),
        sa.Column('name', sa.String(length=128), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('fools', sa.Integer(), nullable=False),
        sa.Column('draws', sa.Integer(), nullable=False),
        sa.Column('matchsticks', sa.Integer(), nullable=False),
        sa.Column('neckties', sa.Integer(), nullable=False),
        sa.Column('epaulettes', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('season', 'chat_id', 'player',
                                name=op.f('pk_season_tallies')),
    )
    op.create_table(
        'season_ratings',
        sa.Column('season', sa.String(length=7), nullable=False),
        sa.Column('player', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=True),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('season', 'player', name=op.f('pk_season_ratings')),
    )
    op.create_table(
        'chat_notices',
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('period', sa.String(length=16), nullable=False),
        sa.Column('chat_id', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('told_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('kind', 'period', 'chat_id', name=op.f('pk_chat_notices')),
    )
    op.create_index('ix_deal_results_chat_id_created_at', 'deal_results',
                    ['chat_id', 'created_at'])
    op.create_table(
        'achievements',
        sa.Column('player', sa.String(length=64), nullable=False),
        sa.Column('key', sa.String(length=32), nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=True),
        sa.Column('chat_id', sa.BigInteger(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.Column('earned_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('player', 'key', name=op.f('pk_achievements')),
    )


def downgrade() -> None:
    op.drop_table('achievements')
    op.drop_index('ix_deal_results_chat_id_created_at', table_name='deal_results')
    op.drop_table('chat_notices')
    op.drop_table('season_ratings')
    op.drop_table('season_tallies')
