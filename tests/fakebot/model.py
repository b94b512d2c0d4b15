"""What the fake Telegram remembers: users, chats, messages, calls, callback queries.

Everything serialises to the JSON shapes of the Bot API (``to_api``), because the bot under
test parses these with python-telegram-bot's ``de_json``: a missing required field there is a
crash in the bot, so the shapes follow the API docs, not what is convenient here.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]


@dataclass
class FakeUser:
    """A Telegram account the tests act as (or the bot itself)."""

    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = None
    is_bot: bool = False
    # Telegram refuses private messages until the user has written to the bot.
    started_bot: bool = False
    blocked_bot: bool = False

    def to_api(self) -> JSON:
        data: JSON = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code and not self.is_bot:
            data["language_code"] = self.language_code
        return data


@dataclass
class FakeChat:
    """A private chat with the bot (id == user id), a group/supergroup (negative id), or a
    private chat between two users (``peer_ids``), which the bot never sees: only inline
    messages reach it, and the fake gives it an id of its own that Telegram never shows."""

    id: int
    type: str  # "private" | "group" | "supergroup"
    title: str | None = None
    # user id -> "creator" | "administrator" | "member" | "left" | "kicked"
    members: dict[int, str] = field(default_factory=dict)
    # "member" | "administrator" | "left" | "kicked" | "none" (a chat the bot never saw)
    bot_status: str = "member"
    next_message_id: int = 1
    peer_ids: tuple[int, int] | None = None  # the two users of a chat between users

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    @property
    def is_group(self) -> bool:
        return self.type in ("group", "supergroup")

    @property
    def between_users(self) -> bool:
        return self.peer_ids is not None

    def to_api(self, users: dict[int, FakeUser]) -> JSON:
        data: JSON = {"id": self.id, "type": self.type}
        if self.is_private:
            user = users[self.peer_ids[1] if self.peer_ids else self.id]
            data["first_name"] = user.first_name
            if user.username:
                data["username"] = user.username
        else:
            data["title"] = self.title or ""
        return data


@dataclass
class StoredMessage:
    """One message in a chat, as it is now, with every earlier version in ``history``."""

    chat_id: int
    message_id: int
    from_id: int
    date: int
    text: str
    entities: list[JSON] = field(default_factory=list)
    reply_markup: JSON | None = None
    parse_mode_source: str | None = None  # the raw text as the bot sent it (HTML etc.)
    from_bot: bool = False
    edit_date: int | None = None
    deleted: bool = False
    reply_to: int | None = None  # the message id it replies to (reply_parameters)
    via_bot_id: int | None = None  # an inline-mode message: sent by a user "via" the bot
    # Set when an inline-mode message has an inline keyboard (Telegram gives no id
    # otherwise): the only handle the bot has on it.
    inline_message_id: str | None = None
    # (text, reply_markup) of each earlier version, oldest first.
    history: list[tuple[str, JSON | None]] = field(default_factory=list)

    @property
    def edit_count(self) -> int:
        return len(self.history)

    @property
    def keyboard(self) -> list[list[JSON]]:
        """Rows of inline buttons (empty when the message has no inline keyboard)."""
        if not self.reply_markup:
            return []
        return self.reply_markup.get("inline_keyboard", [])

    @property
    def buttons(self) -> list[JSON]:
        return [button for row in self.keyboard for button in row]

    def button_texts(self) -> list[str]:
        return [button["text"] for button in self.buttons]

    def find_button(self, text_or_data: str) -> JSON | None:
        """The button whose text or callback_data equals the argument (text wins)."""
        for button in self.buttons:
            if button.get("text") == text_or_data:
                return button
        for button in self.buttons:
            if button.get("callback_data") == text_or_data:
                return button
        return None

    def to_api(self, chats: dict[int, FakeChat], users: dict[int, FakeUser]) -> JSON:
        data: JSON = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": chats[self.chat_id].to_api(users),
            "from": users[self.from_id].to_api(),
            "text": self.text,
        }
        if self.entities:
            data["entities"] = copy.deepcopy(self.entities)
        if self.reply_markup is not None:
            data["reply_markup"] = copy.deepcopy(self.reply_markup)
        if self.via_bot_id is not None:
            data["via_bot"] = users[self.via_bot_id].to_api()
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        return data


@dataclass
class ApiCall:
    """One request the bot made, with the fake's verdict."""

    method: str
    params: JSON
    chat_id: int | None
    ok: bool
    error_code: int | None = None
    description: str | None = None
    at: float = 0.0


@dataclass
class CallbackQueryRecord:
    """A button press sent to the bot and how (whether) the bot answered it."""

    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    created_at: float
    answered: bool = False
    answer: JSON | None = None
    update_id: int | None = None  # the update that carried the press to the bot
    inline_message_id: str | None = None  # a press on an inline-mode message
