"""Compact callback data: what a button means, in at most 64 bytes, read back with distrust.

Layout (ASCII only): ``<tag><game>.<version>.<payload>``, game id and state version in
base 36. ``version`` is the game's state version when the button was drawn, so a press on
an older message is recognised as stale. Tags:

    m  move, compact:   m2s.1f.aKL      engine action "a 10h 10d" (kind + 1 char per card)
    M  move, as text:   M2s.1f.a 10h    any action text the compact form cannot express
    u  game UI button:  u2s.1f.hint     hint, next deal, pick a card before its target
    l  lobby button:    l2s.3.join      join, leave, add_ai, settings, start, cancel
    s  settings button: s2s.3.transfer=play   or a menu name: s2s.3.house
    p  chat preference: plang=ru        no game (language and similar chat settings)

Compact cards: a card id (``pack*64 + suit*16 + rank``, bot/engine/README.md) is one
base64url character for its low six bits, prefixed by ``!`` for the second pack and ``~``
for the third. A move is compacted only when the round trip reproduces the engine's text
exactly (``Action.text()``: kind letter, then ASCII cards); otherwise it travels as text.
So ``decode(encode_move(g, v, text)).payload == text`` always.

Anyone can send any callback data (a modified client, an old message): ``decode`` never
raises anything but ``CallbackDataError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from .cards import card_ascii

MAX_BYTES = 64
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
PACK_PREFIX = {0: "", 1: "!", 2: "~"}
PREFIX_PACK = {"!": 1, "~": 2}
ACTION_KINDS = frozenset("actprsek")  # the engine's ActionKind letters
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
# Ids and versions are INTEGER columns (32-bit signed on PostgreSQL): a forged press with a
# larger number is refused here, before it can reach a query and fail there.
MAX_GAME_ID = 2**31 - 1
MAX_VERSION = 2**31 - 1
TOKEN = re.compile(r"[A-Za-z0-9_:=+\-]{1,48}")
MOVE_TEXT = re.compile(r"[a-z](?: [0-9A-Za-z*.>]{2,6}){0,40}")  # ">": the weli 6d>s
LOBBY_ACTIONS = frozenset({"join", "leave", "add_ai", "kick", "settings", "start", "cancel",
                           "back"})


class CallbackKind(StrEnum):
    MOVE = "m"
    MOVE_TEXT = "M"
    GAME_UI = "u"
    LOBBY = "l"
    SETTINGS = "s"
    PREFERENCE = "p"


class CallbackDataError(ValueError):
    """Callback data that is not ours, malformed, or out of range (never trust a press)."""


class CallbackTooLong(ValueError):
    """A button whose data would exceed Telegram's 64 bytes: draw it differently."""


@dataclass(frozen=True)
class CallbackData:
    kind: CallbackKind
    game_id: int | None
    version: int | None
    payload: str  # the engine action text for moves; the token otherwise

    @property
    def is_move(self) -> bool:
        return self.kind in (CallbackKind.MOVE, CallbackKind.MOVE_TEXT)


def _base36(n: int, limit: int, what: str) -> str:
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= limit:
        raise ValueError(f"{what} must be an int in 0..{limit}, got {n!r}")
    digits = ""
    while True:
        n, digit = divmod(n, 36)
        digits = BASE36[digit] + digits
        if n == 0:
            return digits


def _from_base36(text: str, limit: int, what: str) -> int:
    if not text or len(text) > 7 or any(c not in BASE36 for c in text) or (
        len(text) > 1 and text[0] == "0"
    ):
        raise CallbackDataError(f"bad {what}")
    value = int(text, 36)
    if value > limit:
        raise CallbackDataError(f"{what} out of range")
    return value


def _checked(data: str) -> str:
    if len(data.encode("utf-8")) > MAX_BYTES:
        raise CallbackTooLong(f"{len(data.encode('utf-8'))} bytes: {data!r}")
    return data


def _header(tag: CallbackKind, game_id: int, version: int) -> str:
    return (tag.value + _base36(game_id, MAX_GAME_ID, "game id") + "."
            + _base36(version, MAX_VERSION, "version") + ".")


def _card_from_ascii(token: str) -> int | None:
    """The card id whose engine ASCII text is exactly ``token``, else None."""
    core, _, pack_text = token.partition(".")
    pack = 0
    if pack_text:
        if pack_text not in ("1", "2"):
            return None
        pack = int(pack_text)
    if core in ("*b", "*r"):
        card = pack * 64 + (0 if core == "*b" else 16) + 15
    else:
        rank_text, suit_letter = core[:-1], core[-1:]
        ranks = {"J": 11, "Q": 12, "K": 13, "A": 14}
        rank = ranks.get(rank_text) or (int(rank_text) if rank_text.isdigit() else 0)
        if not 2 <= rank <= 14 or suit_letter not in "shdc":
            return None
        card = pack * 64 + "shdc".index(suit_letter) * 16 + rank
    return card if card_ascii(card) == token else None


def _compact_move(text: str) -> str | None:
    kind, *tokens = text.split(" ")
    if kind not in ACTION_KINDS or " ".join([kind, *tokens]) != text:
        return None
    out = kind
    for token in tokens:
        card = _card_from_ascii(token)
        if card is None:
            return None
        out += PACK_PREFIX[card >> 6] + B64[card & 63]
    return out


def _expand_move(compact: str) -> str:
    if not compact or compact[0] not in ACTION_KINDS:
        raise CallbackDataError("bad move kind")
    words = [compact[0]]
    pack, i = 0, 1
    while i < len(compact):
        char = compact[i]
        if char in PREFIX_PACK and pack == 0:
            pack = PREFIX_PACK[char]
        elif char in B64:
            card = pack * 64 + B64.index(char)
            try:
                words.append(card_ascii(card))
            except ValueError:
                raise CallbackDataError("bad card in move") from None
            pack = 0
        else:
            raise CallbackDataError("bad character in move")
        i += 1
    if pack:
        raise CallbackDataError("dangling pack prefix")
    return " ".join(words)


def encode_move(game_id: int, version: int, action_text: str) -> str:
    """A game move button; ``action_text`` is the engine's ``Action.text()``."""
    if not isinstance(action_text, str) or not MOVE_TEXT.fullmatch(action_text):
        raise ValueError(f"not an action text: {action_text!r}")
    compact = _compact_move(action_text)
    if compact is not None:
        return _checked(_header(CallbackKind.MOVE, game_id, version) + compact)
    return _checked(_header(CallbackKind.MOVE_TEXT, game_id, version) + action_text)


def _encode_token(kind: CallbackKind, game_id: int, version: int, token: str) -> str:
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise ValueError(f"bad button token: {token!r}")
    return _checked(_header(kind, game_id, version) + token)


VERSIONED = frozenset(k.value for k in (CallbackKind.MOVE, CallbackKind.MOVE_TEXT,
                                        CallbackKind.GAME_UI, CallbackKind.LOBBY,
                                        CallbackKind.SETTINGS))


def restamp(data: str, version: int) -> str:
    """Versioned button data (drawn at any version) as drawn at ``version``; other data
    (URLs, preferences) as it is."""
    if data[:1] not in VERSIONED:
        return data
    head, _drawn_at, rest = data.split(".", 2)
    return _checked(f"{head}.{_base36(version, MAX_VERSION, 'version')}.{rest}")


def encode_game_ui(game_id: int, version: int, token: str) -> str:
    return _encode_token(CallbackKind.GAME_UI, game_id, version, token)


def encode_lobby(game_id: int, version: int, action: str) -> str:
    if action not in LOBBY_ACTIONS:
        raise ValueError(f"unknown lobby action {action!r}")
    return _encode_token(CallbackKind.LOBBY, game_id, version, action)


def encode_setting(game_id: int, version: int, token: str) -> str:
    """``name=value`` to set a parameter, or a bare menu name to open that menu."""
    return _encode_token(CallbackKind.SETTINGS, game_id, version, token)


def encode_preference(token: str) -> str:
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise ValueError(f"bad preference token: {token!r}")
    return _checked(CallbackKind.PREFERENCE.value + token)


def pattern(*kinds: CallbackKind) -> re.Pattern[str]:
    """Callback data of these kinds, by their tag: what a handler registers with
    ``CallbackQueryHandler(..., pattern=...)`` (it still decodes the data with distrust)."""
    return re.compile("^[" + re.escape("".join(kinds)) + "]")


def ui_pattern(tokens: str) -> re.Pattern[str]:
    """Game UI buttons whose token matches the regular expression ``tokens``."""
    return re.compile(rf"^{CallbackKind.GAME_UI.value}[0-9a-z]+\.[0-9a-z]+\.(?:{tokens})\Z")


def decode(data: object) -> CallbackData:
    """Read callback data from Telegram; anything malformed is a ``CallbackDataError``."""
    try:
        return _decode(data)
    except CallbackDataError:
        raise
    except Exception as exc:  # a bug here must not let a forged press crash a handler
        raise CallbackDataError(f"unreadable callback data: {type(exc).__name__}") from exc


def _decode(data: object) -> CallbackData:
    if not isinstance(data, str) or not data or len(data.encode("utf-8")) > MAX_BYTES:
        raise CallbackDataError("not callback data of this bot")
    if not data.isascii():
        raise CallbackDataError("non-ASCII callback data")
    tag, rest = data[0], data[1:]
    try:
        kind = CallbackKind(tag)
    except ValueError:
        raise CallbackDataError(f"unknown tag {tag!r}") from None
    if kind is CallbackKind.PREFERENCE:
        if not TOKEN.fullmatch(rest):
            raise CallbackDataError("bad preference")
        return CallbackData(kind, None, None, rest)
    parts = rest.split(".", 2)
    if len(parts) != 3:
        raise CallbackDataError("missing fields")
    game_id = _from_base36(parts[0], MAX_GAME_ID, "game id")
    version = _from_base36(parts[1], MAX_VERSION, "version")
    payload = parts[2]
    if kind is CallbackKind.MOVE:
        payload = _expand_move(payload)
    elif kind is CallbackKind.MOVE_TEXT:
        if not MOVE_TEXT.fullmatch(payload) or _compact_move(payload) is not None:
            # A compactable move sent as text was not made by encode_move: forged.
            raise CallbackDataError("bad move text")
    elif not TOKEN.fullmatch(payload):
        raise CallbackDataError("bad token")
    elif kind is CallbackKind.LOBBY and payload not in LOBBY_ACTIONS:
        raise CallbackDataError("unknown lobby action")
    return CallbackData(kind, game_id, version, payload)
