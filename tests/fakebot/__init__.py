"""A fake Telegram Bot API server for end-to-end tests (see server.py for the tour)."""

from .errors import ApiError
from .inline import InlineAnswer, InlineQueryRecord, PreparedMessage
from .model import CallbackQueryRecord, FakeChat, FakeUser, StoredMessage
from .ratelimit import RateRule
from .server import FakeBotServer

__all__ = [
    "ApiError", "CallbackQueryRecord", "FakeBotServer", "FakeChat", "FakeUser",
    "InlineAnswer", "InlineQueryRecord", "PreparedMessage", "RateRule", "StoredMessage",
]
