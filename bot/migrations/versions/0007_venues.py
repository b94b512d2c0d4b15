"""lobbies.venue, games.venue and their inline_message_id: where a lobby or game lives
(service/venues.py): a group, a solo game, an inline message in a chat the bot is not in,
or a table by link or quick match that lives in private chats. Older rows keep null and
are read as before (a negative chat id a group, a positive one a solo game)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 05:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ('lobbies', 'games'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('venue', sa.String(length=16), nullable=True))
            batch_op.add_column(sa.Column('inline_message_id', sa.String(length=255),
                                          nullable=True))


def downgrade() -> None:
    for table in ('lobbies', 'games'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('inline_message_id')
            batch_op.drop_column('venue')
