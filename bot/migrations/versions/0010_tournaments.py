"""Tournaments in a group (service/tournaments/): the tournament, its entrants, its matches

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 16:30:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN_TOURNAMENT = "status IN ('open', 'running')"


def upgrade() -> None:
    op.create_table(
        'tournaments',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('chat_id', sa.BigInteger(), nullable=False),
        sa.Column('host_id', sa.BigInteger(), nullable=True),
        sa.Column('title', sa.String(length=256), nullable=False),
        sa.Column('format', sa.String(length=16), nullable=False),
        sa.Column('settings', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('join_until', sa.DateTime(timezone=True), nullable=False),
        sa.Column('seed', sa.BigInteger(), nullable=False),
        sa.Column('winner_slot', sa.Integer(), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('drawn_version', sa.Integer(), nullable=False),
        sa.Column('repost', sa.Boolean(), nullable=False),
        sa.Column('draw_until', sa.DateTime(timezone=True), nullable=True),
        sa.Column('message_id', sa.BigInteger(), nullable=True),
        sa.Column('told_match', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['chat_id'], ['chats.id'],
                                name=op.f('fk_tournaments_chat_id_chats')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments')),
    )
    op.create_index('uq_tournaments_open_per_chat', 'tournaments', ['chat_id'], unique=True,
                    sqlite_where=sa.text(OPEN_TOURNAMENT),
                    postgresql_where=sa.text(OPEN_TOURNAMENT))
    op.create_table(
        'tournament_entries',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('slot', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('user_id', sa.BigInteger(), nullable=True),
        sa.Column('computer_strength', sa.String(length=32), nullable=True),
        sa.Column('name', sa.String(length=128), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], ondelete='CASCADE',
                                name=op.f('fk_tournament_entries_tournament_id_tournaments')),
        sa.PrimaryKeyConstraint('tournament_id', 'slot', name=op.f('pk_tournament_entries')),
    )
    op.create_index(op.f('ix_tournament_entries_user_id'), 'tournament_entries', ['user_id'])
    op.create_table(
        'tournament_matches',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('idx', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('a', sa.Integer(), nullable=True),
        sa.Column('b', sa.Integer(), nullable=True),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('ready', sa.JSON(), nullable=False),
        sa.Column('ready_until', sa.DateTime(timezone=True), nullable=True),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.Column('winner', sa.Integer(), nullable=True),
        sa.Column('how', sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], ondelete='CASCADE',
                                name=op.f('fk_tournament_matches_tournament_id_tournaments')),
        sa.PrimaryKeyConstraint('tournament_id', 'idx', name=op.f('pk_tournament_matches')),
    )
    op.create_index(op.f('ix_tournament_matches_game_id'), 'tournament_matches', ['game_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_tournament_matches_game_id'), table_name='tournament_matches')
    op.drop_table('tournament_matches')
    op.drop_index(op.f('ix_tournament_entries_user_id'), table_name='tournament_entries')
    op.drop_table('tournament_entries')
    op.drop_index('uq_tournaments_open_per_chat', table_name='tournaments')
    op.drop_table('tournaments')
