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


OLD_WHERE = "status = 'open'"
# Several inline messages may be posted in one chat, each its own open lobby.
NEW_WHERE = "status = 'open' AND (venue IS NULL OR venue <> 'inline')"


def _open_lobby_index(where: str) -> None:
    op.drop_index('uq_lobbies_open_per_chat', table_name='lobbies')
    op.create_index('uq_lobbies_open_per_chat', 'lobbies', ['chat_id'], unique=True,
                    sqlite_where=sa.text(where), postgresql_where=sa.text(where))


def upgrade() -> None:
    for table in ('lobbies', 'games'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('venue', sa.String(length=16), nullable=True))
            batch_op.add_column(sa.Column('inline_message_id', sa.String(length=255),
                                          nullable=True))
    _open_lobby_index(NEW_WHERE)


def downgrade() -> None:
    _open_lobby_index(OLD_WHERE)
    for table in ('lobbies', 'games'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('inline_message_id')
            batch_op.drop_column('venue')
