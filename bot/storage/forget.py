"""A person's data taken out of the database on their request (/forget).

The person's Telegram id is replaced everywhere by an *anonymous id*, a number no Telegram
user or chat can have, and their ``users`` row (name, language) and private chat's row
(language, preferences) are deleted. Everything that made the games what they were stays:
their seats, moves, results, tallies (all-time and each season's) and ratings move to
the anonymous id, so every game replays, every other player's tallies and ratings stay as
they are, and a leaderboard still adds up; their achievements, theirs alone, are deleted.
Solo games lived in the person's private chat, whose id is their Telegram id: they move
to an anonymous chat as well. Of quick matches, what the person made goes (their place in
the queue, the blocks and reports they made, their record of games left); others' blocks
and reports about them stay, on the anonymous id (``safety.forget``).

Telegram's ids have at most 52 significant bits (its Bot API documentation), so an
anonymous id is taken below -2**53: it can never be a person, a private chat or a group.
"""

from __future__ import annotations

import secrets

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage import safety
from bot.storage.models import (
    Achievement,
    Chat,
    DealResult,
    Game,
    Lobby,
    LobbyMember,
    Move,
    Rating,
    SeasonRating,
    SeasonTally,
    Seat,
    Series,
    Tally,
    Tournament,
    TournamentEntry,
    User,
    user_key,
)

ANONYMOUS_BELOW = -(2**53)


def new_anonymous_id() -> int:
    return ANONYMOUS_BELOW - 1 - secrets.randbelow(2**61)


def is_anonymous(user_id: int | None) -> bool:
    return user_id is not None and user_id <= ANONYMOUS_BELOW


async def running_games_of(session: AsyncSession, user_id: int) -> list[tuple[int, int]]:
    """(game id, chat id) of the running deals the person still plays in."""
    rows = await session.execute(
        select(Game.id, Game.chat_id).join(Seat, Seat.game_id == Game.id)
        .where(Game.status == "running", Seat.user_id == user_id, Seat.left.is_(False))
        .order_by(Game.id))
    return [(int(game), int(chat)) for game, chat in rows.all()]


async def open_lobbies_of(session: AsyncSession, user_id: int) -> list[int]:
    rows = await session.execute(
        select(Lobby.id).join(LobbyMember, LobbyMember.lobby_id == Lobby.id)
        .where(Lobby.status == "open", LobbyMember.user_id == user_id).order_by(Lobby.id))
    return [int(lobby) for lobby in rows.scalars()]


async def anonymise(session: AsyncSession, user_id: int, anonymous_id: int) -> bool:
    """Move everything of ``user_id`` to ``anonymous_id`` and delete the person's own rows;
    False when the database holds nothing of them."""
    user = await session.get(User, user_id)
    chat = await session.get(Chat, user_id)
    quick = await safety.forget(session, user_id, anonymous_id)
    if user is None and chat is None:
        return quick
    old, new = user_key(user_id), user_key(anonymous_id)
    # The anonymous rows first: the foreign keys must point somewhere at every step.
    session.add(User(id=anonymous_id, name="", language=None))
    if chat is not None:
        session.add(Chat(id=anonymous_id, language=None, settings={}))
    await session.flush()
    moves: list = [
        update(Seat).where(Seat.user_id == user_id).values(user_id=anonymous_id),
        update(LobbyMember).where(LobbyMember.user_id == user_id).values(user_id=anonymous_id),
        update(Lobby).where(Lobby.host_id == user_id).values(host_id=anonymous_id),
        update(Game).where(Game.host_id == user_id).values(host_id=anonymous_id),
        update(Move).where(Move.user_id == user_id).values(user_id=anonymous_id),
        update(DealResult).where(DealResult.player == old)
        .values(player=new, user_id=anonymous_id),
        update(Tally).where(Tally.player == old).values(player=new, user_id=anonymous_id,
                                                        name=""),
        update(Rating).where(Rating.player == old).values(player=new, user_id=anonymous_id),
        update(SeasonTally).where(SeasonTally.player == old)
        .values(player=new, user_id=anonymous_id, name=""),
        update(SeasonRating).where(SeasonRating.player == old)
        .values(player=new, user_id=anonymous_id),
        # A tournament still taking entrants loses them (as Leave would); one under way or
        # over keeps its places, theirs anonymous, so the others' results stand.
        delete(TournamentEntry).where(
            TournamentEntry.user_id == user_id,
            TournamentEntry.tournament_id.in_(
                select(Tournament.id).where(Tournament.status == "open"))),
        update(TournamentEntry).where(TournamentEntry.user_id == user_id)
        .values(user_id=anonymous_id, name=""),
        update(Tournament).where(Tournament.host_id == user_id).values(host_id=anonymous_id),
    ]
    if chat is not None:  # the private chat: its solo games and their results
        moves += [
            update(Lobby).where(Lobby.chat_id == user_id).values(chat_id=anonymous_id),
            update(Series).where(Series.chat_id == user_id).values(chat_id=anonymous_id),
            update(Game).where(Game.chat_id == user_id).values(chat_id=anonymous_id),
            update(DealResult).where(DealResult.chat_id == user_id)
            .values(chat_id=anonymous_id),
            update(Tally).where(Tally.chat_id == user_id).values(chat_id=anonymous_id),
            update(SeasonTally).where(SeasonTally.chat_id == user_id)
            .values(chat_id=anonymous_id),
        ]
    for statement in moves:
        await session.execute(statement.execution_options(synchronize_session=False))
    # Achievements are the person's alone (nobody else's record rests on them): deleted.
    await session.execute(delete(Achievement).where(Achievement.player == old))
    if chat is not None:
        await session.execute(delete(Chat).where(Chat.id == user_id))
    await session.execute(delete(User).where(User.id == user_id))
    return True




