"""Message text as Telegram sees it: parse modes, entities, lengths, command entities.

Telegram measures entity offsets and lengths in UTF-16 code units, so card glyphs and emoji
count as Telegram counts them. The 4096 limit is checked on the text after entity parsing,
also in UTF-16 units: where Telegram's exact counting differs, the fake is the stricter one,
so a bot that passes here also passes there.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from .errors import bad_request

MAX_TEXT = 4096

# HTML tags Telegram's parse_mode=HTML accepts -> entity type.
HTML_TAGS = {
    "b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline",
    "ins": "underline", "s": "strikethrough", "strike": "strikethrough", "del": "strikethrough",
    "code": "code", "pre": "pre", "a": "text_link", "tg-spoiler": "spoiler",
    "span": "spoiler", "blockquote": "blockquote", "tg-emoji": "custom_emoji",
}

COMMAND = re.compile(r"(?<!\S)/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?")


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class _TelegramHtml(HTMLParser):
    """Strict subset parser: unknown tags or bad nesting fail like Telegram's parser."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.length = 0  # UTF-16 units so far
        self.open: list[tuple[str, int, dict[str, Any]]] = []
        self.entities: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in HTML_TAGS:
            raise bad_request(f'can\'t parse entities: Unsupported start tag "{tag}"')
        extra: dict[str, Any] = {}
        attributes = dict(attrs)
        if tag == "a":
            if not attributes.get("href"):
                raise bad_request("can't parse entities: href attribute is missing")
            extra["url"] = attributes["href"]
        if tag == "span" and attributes.get("class") != "tg-spoiler":
            raise bad_request('can\'t parse entities: Unsupported start tag "span"')
        self.open.append((tag, self.length, extra))

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1][0] != tag:
            raise bad_request(
                f"can't parse entities: Can't find end tag corresponding to start tag {tag}"
            )
        _, start, extra = self.open.pop()
        if self.length > start:
            self.entities.append(
                {"type": HTML_TAGS[tag], "offset": start, "length": self.length - start, **extra}
            )

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        self.length += utf16_len(data)


def parse_text(text: str, parse_mode: str | None, entities: Any) -> tuple[str, list[dict]]:
    """(plain text, entities) of a message as the recipient would receive it."""
    if not isinstance(text, str) or not text.strip():
        raise bad_request("message text is empty")
    mode = (parse_mode or "").lower()
    if mode == "html":
        if re.search(r"<(?![A-Za-z/])", text):
            raise bad_request("can't parse entities: Unexpected '<' in HTML; escape it as &lt;")
        parser = _TelegramHtml()
        parser.feed(text)
        parser.close()
        if parser.open:
            raise bad_request(
                "can't parse entities: Can't find end tag corresponding to start tag "
                f"{parser.open[-1][0]}"
            )
        plain, found = "".join(parser.parts), sorted(parser.entities, key=lambda e: e["offset"])
    elif mode in ("markdown", "markdownv2"):
        # Not parsed: the bot uses HTML. Stored as sent so a test can still read it.
        plain, found = text, []
    elif mode:
        raise bad_request(f"unsupported parse_mode {parse_mode}")
    else:
        plain, found = text, list(entities) if isinstance(entities, list) else []
    if not plain.strip():
        raise bad_request("message text is empty")
    if utf16_len(plain) > MAX_TEXT:
        raise bad_request("message is too long")
    return plain, found


def command_entities(text: str) -> list[dict[str, Any]]:
    """bot_command entities the Telegram client attaches to a user's message."""
    found = []
    for match in COMMAND.finditer(text):
        found.append(
            {
                "type": "bot_command",
                "offset": utf16_len(text[: match.start()]),
                "length": utf16_len(match.group()),
            }
        )
    return found
