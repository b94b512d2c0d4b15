"""lobbies.invite: an unguessable token for the join link instead of the lobby id

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 09:30:00
"""
from __future__ import annotations

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('lobbies', schema=None) as batch_op:
        batch_op.add_column(sa.Column('invite', sa.String(length=32), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_lobbies_invite'), ['invite'])
    # Lobbies still open get a token now, so their members' links keep working.
    lobbies = sa.table('lobbies', sa.column('id', sa.Integer), sa.column('status', sa.String),
                       sa.column('invite', sa.String))
    connection = op.get_bind()
    open_ids = connection.execute(
        sa.select(lobbies.c.id).where(lobbies.c.status == 'open')).scalars().all()
    for lobby_id in open_ids:
        connection.execute(lobbies.update().where(lobbies.c.id == lobby_id)
                           .values(invite=secrets.token_urlsafe(12)))


def downgrade() -> None:
    with op.batch_alter_table('lobbies', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_lobbies_invite'), type_='unique')
        batch_op.drop_column('invite')
