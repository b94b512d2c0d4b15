"""games.deal_inputs: what new_deal was given besides rules and seed (the dealer as passed,
null when drawn from the seed; later_deal; prev_fool), so that every stored deal replays to
its stored state. Older deals keep null and are replayed as they were dealt
(service/deal_inputs.py)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 10:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deal_inputs', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('deal_inputs')
