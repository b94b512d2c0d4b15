"""SQLAlchemy models: every table the bot stores.

Telegram user and chat ids exceed 32 bits, so they are BigInteger everywhere. Game rules,
lobby settings and the engine state are JSON (the engine's ``to_dict`` forms). A player in
statistics is identified by a *player key*: ``"u<telegram id>"`` for a person and
``"ai:<strength>"`` for a computer player, so computer players have tallies and ratings too.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Deterministic constraint names: alembic batch mode on SQLite needs names to alter tables.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


def _now_default():
    return text("CURRENT_TIMESTAMP")


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(128))
    language: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=_now_default())


class Chat(Base):
    __tablename__ = "chats"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    language: Mapped[str | None] = mapped_column(String(16))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=_now_default())


OPEN_CHAT_LOBBY = "status = 'open' AND (venue IS NULL OR venue <> 'inline')"


class Lobby(Base):
    __tablename__ = "lobbies"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("chats.id"))
    host_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open|started|closed
    version: Mapped[int] = mapped_column(Integer, default=0)
    # The unguessable part of the lobby's join link (t.me/<bot>?start=j<invite>): lobby ids
    # are small sequential numbers, so a link must not be built from them.
    invite: Mapped[str | None] = mapped_column(String(32), unique=True)
    # Where the lobby and its games live (service/venues.py: group, solo, inline, link,
    # quick); null on rows from before venues, read by the sign of chat_id as before.
    venue: Mapped[str | None] = mapped_column(String(16))
    # An inline-mode lobby's one message (the bot cannot send others in that chat).
    inline_message_id: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=_now_default())
    __table_args__ = (
        # At most one open lobby per chat, enforced by the database so racing creates fail.
        # (Not for inline messages: several may be posted in one chat, each its own lobby.)
        Index("uq_lobbies_open_per_chat", "chat_id", unique=True,
              sqlite_where=text(OPEN_CHAT_LOBBY), postgresql_where=text(OPEN_CHAT_LOBBY)),
    )


class LobbyMember(Base):
    """A seat in a lobby: a person (user_id) or a computer player (strength)."""

    __tablename__ = "lobby_members"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[int] = mapped_column(ForeignKey("lobbies.id", ondelete="CASCADE"),
                                          index=True)
    position: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"))
    computer_strength: Mapped[str | None] = mapped_column(String(32))
    __table_args__ = (UniqueConstraint("lobby_id", "user_id"),)


class Series(Base):
    """Consecutive deals in one chat with the same players, optionally to N matchsticks."""

    __tablename__ = "series"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("chats.id"), index=True)
    target: Mapped[int | None] = mapped_column(Integer)  # N matchsticks; None = open-ended
    matchsticks: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # seat -> count
    stakes: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # seat -> net stakes
    status: Mapped[str] = mapped_column(String(16), default="running")  # running|finished
    loser_seat: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=_now_default())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Game(Base):
    """One deal: rules, seed, the current engine state and its version."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("chats.id"), index=True)
    lobby_id: Mapped[int | None] = mapped_column(ForeignKey("lobbies.id"))
    series_id: Mapped[int | None] = mapped_column(ForeignKey("series.id"), index=True)
    deal_number: Mapped[int] = mapped_column(Integer, default=1)
    host_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    dealer: Mapped[int | None] = mapped_column(Integer)
    # What new_deal was given besides rules and seed (the dealer as passed: null when drawn
    # from the seed; later_deal; prev_fool), so a replay deals the same cards
    # (service/deal_inputs.py). Null on deals stored before migration 0006.
    deal_inputs: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="running")  # running|finished|cancelled
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    table_message_id: Mapped[int | None] = mapped_column(BigInteger)
    venue: Mapped[str | None] = mapped_column(String(16))  # as Lobby.venue
    inline_message_id: Mapped[str | None] = mapped_column(String(255))  # as Lobby's
    hand_message_ids: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # seat -> id
    turn_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=_now_default())
    updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # After a group deal: the seats whose people pressed "Play again" (the ready check;
    # in the database so that every instance counts the same presses).
    ready: Mapped[list[int] | None] = mapped_column(JSON)
    # Two racing "next deal" presses cannot both create deal n+1 of a series.
    __table_args__ = (UniqueConstraint("series_id", "deal_number"),)


class Seat(Base):
    __tablename__ = "seats"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"), index=True)
    computer_strength: Mapped[str | None] = mapped_column(String(32))
    team: Mapped[int | None] = mapped_column(Integer)
    consecutive_timeouts: Mapped[int] = mapped_column(Integer, default=0)
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False)
    # The person left the running deal (/leave): a computer plays on, the deal is their loss.
    left: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    __table_args__ = (UniqueConstraint("game_id", "seat"),)


class ShownHand(Base):
    """What a person's hand message shows, for every instance of the bot to see: the
    version its buttons were drawn at and those buttons (label, callback data at version
    0). Written only when several instances run (``DURAK_INSTANCES``): a press that
    reaches another instance than the one that drew the hand is judged by what was shown
    (runtime/presses.py), not refused because that instance did not draw it."""

    __tablename__ = "shown_hands"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    version: Mapped[int] = mapped_column(Integer)
    buttons: Mapped[list[Any]] = mapped_column(JSON)


class GameRenderer(Base):
    """Which instance draws a running game's messages (several instances: one draws each
    game, so its edits never race another's), and until when its lease holds: the
    instance renews it while it runs; a game whose lease ran out is taken over."""

    __tablename__ = "game_renderers"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    instance: Mapped[str] = mapped_column(String(64))
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class Move(Base):
    """The move log: every accepted action in order. (game_id, idx) is unique, so two
    writers can never both record move number idx."""

    __tablename__ = "moves"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    action: Mapped[str] = mapped_column(String(64))
    cause: Mapped[str] = mapped_column(String(16), default="player")  # player|timeout|computer
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DealResult(Base):
    """One row per seat per finished deal."""

    __tablename__ = "deal_results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    series_id: Mapped[int | None] = mapped_column(ForeignKey("series.id"))
    chat_id: Mapped[int] = mapped_column(BigInteger, index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(64), index=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    fool: Mapped[bool] = mapped_column(Boolean, default=False)
    draw: Mapped[bool] = mapped_column(Boolean, default=False)
    matchsticks: Mapped[int] = mapped_column(Integer, default=0)
    title: Mapped[str | None] = mapped_column(String(16))  # necktie|epaulettes
    stakes: Mapped[int] = mapped_column(Integer, default=0)  # net, negative = paid
    rating_before: Mapped[float | None] = mapped_column(Float)
    rating_after: Mapped[float | None] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The weekly digest reads one chat's results of one week.
    __table_args__ = (UniqueConstraint("game_id", "seat"),
                      Index("ix_deal_results_chat_id_created_at", "chat_id", "created_at"))


class Tally(Base):
    """Running totals per player, per chat (chat_id) and global (chat_id = 0)."""

    __tablename__ = "tallies"
    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(128), default="")
    games: Mapped[int] = mapped_column(Integer, default=0)
    fools: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    matchsticks: Mapped[int] = mapped_column(Integer, default=0)
    neckties: Mapped[int] = mapped_column(Integer, default=0)
    epaulettes: Mapped[int] = mapped_column(Integer, default=0)
    stakes: Mapped[int] = mapped_column(Integer, default=0)
    series_lost: Mapped[int] = mapped_column(Integer, default=0)


class Rating(Base):
    """One rating per player (global; chat leaderboards rank their players by it):
    bot/service/ratings.py."""

    __tablename__ = "ratings"
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SeasonTally(Base):
    """A season's running totals per player, per chat and global (chat_id 0): the all-time
    tallies' counters for one calendar month (bot/service/seasons.py). The primary key's
    prefix (season, chat_id) is /top's one indexed read."""

    __tablename__ = "season_tallies"
    season: Mapped[str] = mapped_column(String(7), primary_key=True)  # "2026-11"
    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(128), default="")
    games: Mapped[int] = mapped_column(Integer, default=0)
    fools: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    matchsticks: Mapped[int] = mapped_column(Integer, default=0)
    neckties: Mapped[int] = mapped_column(Integer, default=0)
    epaulettes: Mapped[int] = mapped_column(Integer, default=0)


class SeasonRating(Base):
    """A player's rating within one season (Elo like ``Rating``; it starts from the
    all-time rating pulled toward the middle: bot/service/seasons.py)."""

    __tablename__ = "season_ratings"
    season: Mapped[str] = mapped_column(String(7), primary_key=True)
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    mu: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class Achievement(Base):
    """A moment of the game a person earned, once (bot/service/achievements.py): where and
    when, and the deal that earned it (None: a season's end)."""

    __tablename__ = "achievements"
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    game_id: Mapped[int | None] = mapped_column(Integer)
    earned_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatNotice(Base):
    """A message a group gets once per period (a season's end: ``kind`` "season_end",
    ``period`` "2026-11"; the weekly digest: "digest", "2026-W48"): written before the
    message goes, so one instance sends it, once, whatever restarts."""

    __tablename__ = "chat_notices"
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    period: Mapped[str] = mapped_column(String(16), primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    told_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


OPEN_TOURNAMENT = "status IN ('open', 'running')"


class Tournament(Base):
    """A group's tournament (bot/service/tournaments/): its entrants press Join, then
    its matches are played one after another at the group's table. ``version`` grows with
    every change; ``drawn_version`` is what its standings message shows, drawn by whichever
    instance holds ``draw_until`` (so one instance sends it, and a crash mid-draw is
    redrawn once the lease lapses)."""

    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("chats.id"))
    host_id: Mapped[int | None] = mapped_column(BigInteger)
    title: Mapped[str] = mapped_column(String(256), default="")  # the group's, for tables
    format: Mapped[str] = mapped_column(String(16))  # knockout|roundrobin
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(16))  # open|running|finished|cancelled
    join_until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seed: Mapped[int] = mapped_column(BigInteger)
    winner_slot: Mapped[int | None] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    drawn_version: Mapped[int] = mapped_column(Integer, default=-1)
    repost: Mapped[bool] = mapped_column(Boolean, default=True)  # the next draw is a new message
    draw_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    told_match: Mapped[int | None] = mapped_column(Integer)  # whose players were told last
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    __table_args__ = (
        # One tournament at a time in a group (racing /tournament commands cannot both win).
        Index("uq_tournaments_open_per_chat", "chat_id", unique=True,
              sqlite_where=text(OPEN_TOURNAMENT), postgresql_where=text(OPEN_TOURNAMENT)),
    )


class TournamentEntry(Base):
    """An entrant: a person, or a computer player that fills an empty place."""

    __tablename__ = "tournament_entries"
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    user_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    computer_strength: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(128), default="")


class TournamentMatch(Base):
    """One match (one deal of two). ``a``/``b``: entrants' slots; null while an earlier
    match decides it (knockout), -1 for nobody (both sides of that match stayed away)."""

    __tablename__ = "tournament_matches"
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    round: Mapped[int] = mapped_column(Integer)
    a: Mapped[int | None] = mapped_column(Integer)
    b: Mapped[int | None] = mapped_column(Integer)
    # pending, called (waiting for Ready), playing, done
    status: Mapped[str] = mapped_column(String(16), default="pending")
    ready: Mapped[list[Any]] = mapped_column(JSON, default=list)  # slots that pressed Ready
    ready_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    game_id: Mapped[int | None] = mapped_column(Integer, index=True)
    winner: Mapped[int | None] = mapped_column(Integer)  # a slot, -1 nobody; null: a draw
    how: Mapped[str | None] = mapped_column(String(16))  # played|no_show|walkover|lot|draw


GLOBAL_CHAT = 0


def user_key(user_id: int) -> str:
    return f"u{user_id}"


def computer_key(strength: str) -> str:
    return f"ai:{strength}"


# -- quick match with strangers (service/quick/) -------------------------------------------


class QuickWaiter(Base):
    """One person waiting for a quick game: the queue every instance shares (claimed with
    ``FOR UPDATE SKIP LOCKED`` on PostgreSQL). ``game_key`` is the request in one canonical
    string (preset, players, overrides), so people wanting the same game are one indexed
    equality; ``preset``, ``players`` and ``rules`` are the request as it was asked."""

    __tablename__ = "quick_queue"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # No foreign key to users: the queue is written before or without a users row, and
    # /forget deletes the row by this id anyway.
    user_id: Mapped[int] = mapped_column(BigInteger, unique=True)
    game_key: Mapped[str] = mapped_column(String(512), index=True)
    preset: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    rating: Mapped[float] = mapped_column(Float)  # the rating ordinal when queueing
    first_name: Mapped[str] = mapped_column(String(128))
    language: Mapped[str | None] = mapped_column(String(16))
    queued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The person's "waiting..." message in their private chat, to edit or delete later.
    message_id: Mapped[int | None] = mapped_column(BigInteger)


class QuickBlock(Base):
    """"Don't match me with X again": kept, and honoured both ways by the matcher."""

    __tablename__ = "quick_blocks"
    blocker: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    blocked: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False,
                                         index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class QuickReport(Base):
    """A report of a stranger after a quick game, for the operator (``durak reports``)."""

    __tablename__ = "quick_reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reporter: Mapped[int] = mapped_column(BigInteger, index=True)
    reported: Mapped[int] = mapped_column(BigInteger, index=True)
    game_id: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class QuickRecord(Base):
    """How a person ended their recent quick games: quick games left or timed out in a row
    (``abandoned``), finished in a row (``finished``), how many cooldowns they earned
    (``level``, which sets the next one's length) and until when the current one lasts."""

    __tablename__ = "quick_records"
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    abandoned: Mapped[int] = mapped_column(Integer, default=0)
    finished: Mapped[int] = mapped_column(Integer, default=0)
    level: Mapped[int] = mapped_column(Integer, default=0)
    cooldown_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
