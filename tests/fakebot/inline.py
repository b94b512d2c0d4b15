"""Inline mode's state in the fake Telegram: queries, the bot's answers, the messages users
send from them, prepared messages, and the opaque identifiers Telegram hands out.

The identifiers have Telegram's shapes, so a bot that stores or parses them meets what it
will meet in production:

- ``inline_message_id``: the Bot API's is the unpadded base64url of an MTProto
  ``inputBotInlineMessageID64`` (dc_id:int owner_id:long id:int access_hash:long, 24
  bytes; the Bot API server, telegram-bot-api's Client.cpp and TDLib's
  InlineMessageManager.cpp, decodes it before asking Telegram). A string that does not
  decode is refused there with "invalid inline message identifier specified"; one that
  decodes but names no message is refused by Telegram with MESSAGE_ID_INVALID.
- ``chat_instance``: a signed 64-bit number as a string, the same for every message of one
  chat seen by one bot, different per bot; here a hash of (bot id, chat id).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import itertools
import struct
from dataclasses import dataclass, field

from .errors import bad_request
from .model import JSON

INLINE_ID = struct.Struct("<iqiq")  # inputBotInlineMessageID64, bare
LEGACY_INLINE_ID_SIZE = 20  # inputBotInlineMessageID (dc_id:int id:long access_hash:long)
FAKE_DC = 2
MAX_QUERY = 256  # characters a client lets a person type after the bot's @username


def chat_instance(bot_id: int, chat_id: int) -> str:
    """Stable and opaque per (bot, chat), as Telegram's signed 64-bit number."""
    digest = hashlib.sha256(f"{bot_id}:{chat_id}".encode()).digest()
    return str(int.from_bytes(digest[:8], "little", signed=True))


def decode_inline_message_id(text: str) -> bytes:
    """The 20 or 24 bytes behind an inline_message_id; a 400 like the Bot API server's
    for anything that is not one."""
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:
        raise bad_request("invalid inline message identifier specified") from exc
    if len(raw) not in (LEGACY_INLINE_ID_SIZE, INLINE_ID.size):
        raise bad_request("invalid inline message identifier specified")
    dc_id = struct.unpack_from("<i", raw)[0]
    if not 1 <= dc_id <= 1000:  # TDLib's DcId::is_valid
        raise bad_request("invalid inline message identifier specified")
    return raw


@dataclass
class InlineAnswer:
    """What the bot answered to one inline query (answerInlineQuery's parameters)."""

    results: list[JSON]  # as the bot sent them
    cache_time: int = 300
    is_personal: bool = False
    next_offset: str = ""
    button: JSON | None = None
    # The same results checked, with the text and keyboard a chosen one posts.
    checked: list[JSON] = field(default_factory=list, repr=False)

    @property
    def result_ids(self) -> list[str]:
        return [str(result["id"]) for result in self.results]

    def result(self, result_id: str) -> JSON:
        return self.results[self._index(result_id)]

    def checked_result(self, result_id: str) -> JSON:
        return self.checked[self._index(result_id)]

    def _index(self, result_id: str) -> int:
        try:
            return self.result_ids.index(result_id)
        except ValueError:
            raise LookupError(f"no result {result_id!r}; the bot answered "
                              f"{self.result_ids}") from None


@dataclass
class InlineQueryRecord:
    """A person typing "@bot query" in a chat: the handle a test holds."""

    id: str
    user_id: int
    chat_id: int  # the chat the query was typed in (where a chosen result is posted)
    chat_type: str  # "sender" | "private" | "group" | "supergroup"
    query: str
    offset: str
    created_at: float
    update_id: int | None = None  # None: never delivered (inline mode off)
    answered: bool = False
    answer: InlineAnswer | None = None
    chosen: list[str] = field(default_factory=list)  # result ids sent from it, in order

    @property
    def delivered(self) -> bool:
        return self.update_id is not None


@dataclass
class PreparedMessage:
    """savePreparedInlineMessage's record: one result a Mini App user may send."""

    id: str
    user_id: int
    result: JSON
    allow_user_chats: bool
    allow_bot_chats: bool
    allow_group_chats: bool
    allow_channel_chats: bool
    expiration_date: int

    def to_api(self) -> JSON:
        return {"id": self.id, "expiration_date": self.expiration_date}


class InlineRegistry:
    """Every inline query, inline message and prepared message of one fake Telegram."""

    def __init__(self, bot_id: int) -> None:
        self.bot_id = bot_id
        self.queries: dict[str, InlineQueryRecord] = {}
        self.prepared: dict[str, PreparedMessage] = {}
        # decoded inline_message_id -> (chat id, message id) of the message it names
        self._messages: dict[bytes, tuple[int, int]] = {}
        self._query_ids = itertools.count(8_114_000_000_000_001)
        self._message_numbers = itertools.count(1)
        self._prepared_ids = itertools.count(1)

    def new_query_id(self) -> str:
        return str(next(self._query_ids))

    def new_message_id(self, owner_id: int, chat_id: int, message_id: int) -> str:
        """Mint an inline_message_id for a message and remember what it names."""
        number = next(self._message_numbers)
        access_hash = int.from_bytes(
            hashlib.sha256(f"{self.bot_id}:{chat_id}:{message_id}".encode()).digest()[:8],
            "little", signed=True)
        raw = INLINE_ID.pack(FAKE_DC, owner_id, number, access_hash)
        self._messages[raw] = (chat_id, message_id)
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def message_key(self, inline_message_id: str) -> tuple[int, int]:
        """(chat id, message id) of an inline message, or Telegram's 400."""
        found = self._messages.get(decode_inline_message_id(inline_message_id))
        if found is None:
            raise bad_request("MESSAGE_ID_INVALID")
        return found

    def new_prepared_id(self) -> str:
        return f"prep{next(self._prepared_ids):06d}"
