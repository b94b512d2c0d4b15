"""A rendered message as plain data: text plus rows of (label, callback data or URL).

Renderers return a ``Screen``; comparing two screens tells whether an edit is needed, so
the driver never sends an edit Telegram would refuse as "not modified".
"""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

# (label, callback data); data starting with "url:" is a link, with "app:" a Mini App
# (a ``web_app`` button: private chats only), with "share:" a ``switch_inline_query``
# (Telegram lets the person pick a chat and types "@<bot> <the rest>" there)
LINK_PREFIXES = ("url:", "app:", "share:")
Button = tuple[str, str]
Rows = tuple[tuple[Button, ...], ...]


@dataclass(frozen=True)
class Screen:
    text: str
    rows: Rows = ()

    def markup(self) -> InlineKeyboardMarkup | None:
        if not self.rows:
            return None
        return InlineKeyboardMarkup([[_button(label, data) for label, data in row]
                                     for row in self.rows if row])

    def at_version(self, version: int) -> Screen:
        """The same screen with its buttons stamped ``version`` (the text is untouched):
        what drawing it at ``version`` gives, without drawing it again."""
        from .callback import restamp

        if not self.rows:
            return self
        return Screen(self.text, tuple(tuple((label, data if data.startswith(LINK_PREFIXES)
                                              else restamp(data, version))
                                             for label, data in row) for row in self.rows))

    def markup_json(self) -> dict | None:
        """The same keyboard as the Bot API's JSON (what ``markup()`` serialises to)."""
        if not self.rows:
            return None
        return {"inline_keyboard": [[_button_json(label, data) for label, data in row]
                                    for row in self.rows if row]}


def _button(label: str, data: str) -> InlineKeyboardButton:
    if data.startswith("url:"):
        return InlineKeyboardButton(label, url=data[4:])
    if data.startswith("app:"):
        return InlineKeyboardButton(label, web_app=WebAppInfo(data[4:]))
    if data.startswith("share:"):
        return InlineKeyboardButton(label, switch_inline_query=data[6:])
    return InlineKeyboardButton(label, callback_data=data)


def _button_json(label: str, data: str) -> dict:
    if data.startswith("url:"):
        return {"text": label, "url": data[4:]}
    if data.startswith("app:"):
        return {"text": label, "web_app": {"url": data[4:]}}
    if data.startswith("share:"):
        return {"text": label, "switch_inline_query": data[6:]}
    return {"text": label, "callback_data": data}


def rows_of(buttons: list[Button], width: int) -> list[tuple[Button, ...]]:
    """Buttons in rows of at most ``width``."""
    return [tuple(buttons[i:i + width]) for i in range(0, len(buttons), width)]
