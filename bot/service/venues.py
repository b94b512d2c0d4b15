"""Where a game lives: its *venue*, and what the bot can do there.

A game used to have one place, a group chat with a table message and a hand in each
player's private chat, and code asked ``chat_id < 0`` to tell a group from a solo game.
Games now live in several kinds of place, so that question is asked here, once, the way
python-telegram-bot tells a ``Message`` edit from an ``inline_message_id`` edit:

- ``GROUP``: a group chat the bot is in. The table is a message there; the bot may send new
  messages (results, notices), 20 a minute.
- ``SOLO``: one person's private chat with the bot (``/play``): the set-up message becomes
  the game; the hand shows the table.
- ``INLINE``: an inline message the bot posted through inline mode in a chat it is *not* a
  member of. The bot can only edit that one message (by ``inline_message_id``); it can
  never send a new message there, so results and notices live in the message itself or
  in each player's private chat.
- ``LINK``: a table made with ``/newgame`` in a private chat and shared by link: no group
  message at all; each player's hand message shows the table.
- ``QUICK``: strangers seated by ``/quick``: like ``LINK``, and strangers see first names
  only.

Records key on the venue: ``chat_id`` is the chat a venue's tallies and /top belong to.
Groups and private chats use Telegram's own ids. An inline message's chat is known to the
bot only as Telegram's ``chat_instance`` string, so it gets a synthetic id derived from it
(``inline_chat_id``), and a table without a chat (link, quick) gets a synthetic id of its
own. Telegram's user and chat ids have at most 52 significant bits, so synthetic ids sit
below -2**53 where no Telegram id can be. Quick games are also tallied on one global ladder,
``QUICK_LADDER``.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from enum import StrEnum

# Telegram: "at most 52 significant bits" for user and chat ids. Below -2**53, then, only
# ids this module makes.
_SYNTHETIC = 1 << 53
_INLINE_BASE = -_SYNTHETIC  # inline chats: -2**53 - [1, 2**60]
_TABLE_BASE = -(1 << 61)  # link and quick tables: -2**61 - [1, 2**60]
QUICK_LADDER = -_SYNTHETIC  # the quick games' global ladder (tallies' chat_id)
# The records' chat ids that are Telegram groups (both bounds excluded): negative, above
# every synthetic id. A group is the one place a season's end can be told.
GROUP_CHAT_IDS = (-_SYNTHETIC, 0)


class VenueKind(StrEnum):
    GROUP = "group"
    SOLO = "solo"
    INLINE = "inline"
    LINK = "link"
    QUICK = "quick"


@dataclass(frozen=True)
class Venue:
    kind: VenueKind
    chat_id: int  # the key of the venue's records (tallies, /top, one open lobby)
    inline_message_id: str | None = None  # INLINE: the one message the bot may edit

    @classmethod
    def of(cls, kind: str | None, chat_id: int, inline_message_id: str | None = None) -> Venue:
        """The venue a stored row names; rows from before venues existed (``kind`` null)
        were groups or solo games, told apart as they used to be."""
        if kind is None:
            kind = VenueKind.GROUP if chat_id < 0 else VenueKind.SOLO
        return cls(VenueKind(kind), chat_id, inline_message_id)

    @property
    def can_post(self) -> bool:
        """May the bot send new messages to the venue's chat (results, notices, a new
        lobby message)? Only where it is a member: a group, or the person's own chat."""
        return self.kind in (VenueKind.GROUP, VenueKind.SOLO)

    @property
    def has_table_message(self) -> bool:
        """Is there one shared table message (a group's, or the inline message)?"""
        return self.kind in (VenueKind.GROUP, VenueKind.INLINE)

    @property
    def table_in_hands(self) -> bool:
        """Does each hand message carry the table, there being nothing else to read?"""
        return not self.has_table_message

    @property
    def is_solo(self) -> bool:
        return self.kind is VenueKind.SOLO

    @property
    def is_shared(self) -> bool:
        """Several people may join it (not a solo game)."""
        return self.kind is not VenueKind.SOLO

    @property
    def strangers(self) -> bool:
        """Are the players possibly strangers to each other (first names only, no links
        to profiles, nothing typed passed on)?"""
        return self.kind is VenueKind.QUICK

    @property
    def checks_membership(self) -> bool:
        """Must a person joining be a member of the venue's chat (asked of Telegram)? Only
        a group can be asked; an inline message's chat is unknown to the bot, and anyone
        who can press its button is in it."""
        return self.kind is VenueKind.GROUP

    @property
    def top_on_table(self) -> bool:
        """Does the finished table offer its chat's leaderboard? Where nobody can send
        the bot /top: an inline message's chat, which the bot is not in."""
        return self.kind is VenueKind.INLINE

    @property
    def tally_chats(self) -> tuple[int, ...]:
        """The tallies a deal here adds to besides the global one."""
        if self.kind is VenueKind.QUICK:
            return (QUICK_LADDER,)
        return (self.chat_id,)


def inline_chat_id(chat_instance: str) -> int:
    """The synthetic chat id of the chat an inline message lives in: stable for one
    ``chat_instance`` (Telegram gives the same string for every message of that chat),
    never a Telegram id."""
    digest = hashlib.blake2b(chat_instance.encode(), digest_size=8).digest()
    return _INLINE_BASE - 1 - (int.from_bytes(digest, "big") >> 4)


def provisional_chat_id(inline_message_id: str) -> int:
    """The chat an inline message's lobby keeps until a press tells Telegram's
    ``chat_instance`` of it (runtime/lobby/desk.py): its own, made from the message id."""
    return inline_chat_id("message:" + inline_message_id)


def new_table_chat_id() -> int:
    """A fresh synthetic chat id for a table that lives in private chats (link, quick)."""
    return _TABLE_BASE - 1 - secrets.randbits(60)


def is_synthetic(chat_id: int) -> bool:
    return chat_id <= -_SYNTHETIC
