"""Screenshots of playing with anyone for the README, drawn from what the bot really sends:
the real Application runs in-process against the fake Bot API (tests/fakebot), scripted
people play through it, and each moment worth showing is transcribed from the fake's
stored messages into a page that looks like a Telegram chat (light theme), which Debian's
chromium photographs at a phone's width (390 px) through Playwright.

- An inline game between two friends in their own chat (the bot a member of nothing):
  ``inline-results.png`` (Alice types @bot: the games offered), ``inline-lobby.png`` (the
  posted message as the lobby once Bob joined), ``inline-table.png`` (the same message as
  the table mid-deal), ``inline-hand.png`` (a hand in the private chat with the bot).
- A quick match between strangers: ``quick-waiting.png`` (Boris waits, with his buttons),
  ``quick-match.png`` (table found, his hand with Anna's "Good game!"), ``quick-end.png``
  (the deal over: "Not with Anna again", "Report Anna").

The page is plain HTML and CSS written here (no asset, no font from the network); each
``.html`` is kept beside its ``.png`` only with ``--keep-html``. Emoji and card suits need
a colour emoji font, else chromium draws them as boxes: ``apt-get install -y
fonts-noto-color-emoji chromium`` (Debian; Playwright's own browser download is never
used, as in tests/bot/browser.py). ``--html-only`` writes the pages without a browser.

    python scripts/chat_screenshots.py [--out docs/anyone] [--html-only] [--keep-html]

The helpers that start the bot are tests/bot/conftest.py's (``fast_settings``,
``start_app``, ``stop_app``), loaded from that file: the same fast pauses as the
end-to-end tests, so the scripted game is the one the tests play.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import importlib.util
import random
import re
import sys
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bot")]

from fakebot import FakeBotServer  # noqa: E402
from playing import hand_message, move_buttons, press_once  # noqa: E402

from bot.app import build_application  # noqa: E402


def _bot_world_helpers():
    """tests/bot/conftest.py as a module of its own name: ``import conftest`` would find
    tests/conftest.py first (both folders are on the path), and pytest registers its own."""
    spec = importlib.util.spec_from_file_location("bot_world_helpers",
                                                  ROOT / "tests" / "bot" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- transcription: the fake's stored messages -> what one person's screen shows ----------

@dataclass(frozen=True)
class Bubble:
    """One message as the viewer sees it: ``header`` is the sender's name (other people's
    messages, and every message sent via a bot), ``via`` the bot's @name."""

    html: str
    outgoing: bool
    time: str
    header: str = ""
    via: str = ""
    edited: bool = False
    keyboard: tuple[tuple[tuple[str, str], ...], ...] = ()  # rows of (label, kind)


@dataclass(frozen=True)
class Result:
    """One line of the inline results list: what the typing person picks from."""

    title: str
    description: str


@dataclass(frozen=True)
class ChatPage:
    title: str
    subtitle: str
    bubbles: tuple[Bubble, ...]
    typed: str = ""  # the message field's text
    results: tuple[Result, ...] = field(default=())  # the inline popup above the field


ENTITY_TAGS = {"bold": "b", "italic": "i", "underline": "u", "strikethrough": "s",
               "code": "code", "pre": "code", "spoiler": "mark"}
# What a Telegram client turns blue in a plain text: links, /commands, @names.
LINKISH = re.compile(r"(https?://\S+|t\.me/\S+|(?<![\w/])/[a-z_]+\b|(?<!\w)@\w{3,})")


def _linkified(text: str) -> str:
    parts = LINKISH.split(text)
    return "".join(f'<span class="link">{html.escape(p)}</span>' if i % 2
                   else html.escape(p) for i, p in enumerate(parts))


def text_html(text: str, entities: list[dict]) -> str:
    """The text with its entities (offsets in UTF-16 units, as Telegram counts) as HTML:
    each run of characters under the same entities is wrapped in their tags."""
    starts = list(accumulate((len(ch.encode("utf-16-le")) // 2 for ch in text), initial=0))
    index = {unit: i for i, unit in enumerate(starts)}
    marks: list[set[str]] = [set() for _ in text]
    for entity in entities:
        tag = ENTITY_TAGS.get(entity.get("type", ""))
        first = index.get(entity["offset"])
        last = index.get(entity["offset"] + entity["length"])
        if tag and first is not None and last is not None:
            for i in range(first, last):
                marks[i].add(tag)
    out, run_start = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or marks[i] != marks[run_start]:
            tags = sorted(marks[run_start])
            run = _linkified(text[run_start:i])
            out.append("".join(f"<{t}>" for t in tags) + run
                       + "".join(f"</{t}>" for t in reversed(tags)))
            run_start = i
    return "".join(out)


def _button_kind(button: dict) -> str:
    for kind in ("url", "switch_inline_query", "web_app", "login_url"):
        if kind in button:
            return kind
    return "callback"


def bubble(fake, message, viewer) -> Bubble:
    """A stored message as ``viewer`` sees it now."""
    chat = fake.chats[message.chat_id]
    outgoing = message.from_id == viewer.id
    sender = fake.users[message.from_id]
    via = f"@{fake.users[message.via_bot_id].username}" if message.via_bot_id else ""
    # Telegram names the sender above others' messages in groups; in a one-to-one chat
    # only a message sent via a bot carries a header (who sent it, via which bot).
    named = (not outgoing and chat.is_group) or bool(via)
    return Bubble(
        html=text_html(message.text, message.entities), outgoing=outgoing,
        time=datetime.fromtimestamp(message.date, UTC).strftime("%H:%M"),
        header=sender.first_name if named and not outgoing else "", via=via,
        edited=message.edit_date is not None,
        keyboard=tuple(tuple((b["text"], _button_kind(b)) for b in row)
                       for row in message.keyboard))


def chat_page(fake, chat, viewer, *, since: int = 0, typed: str = "",
              answer=None) -> ChatPage:
    """``viewer``'s screen of ``chat`` (a chat id or FakeChat) from message ``since`` on,
    with ``typed`` in the message field and, for an inline query's ``answer``, its
    results listed above it."""
    chat = fake.chats[chat if isinstance(chat, int) else chat.id]
    if chat.peer_ids:  # a chat between two people is titled with the other one
        other = fake.users[next(i for i in chat.peer_ids if i != viewer.id)]
        title, subtitle = other.first_name, "last seen recently"
    elif chat.is_private:
        title, subtitle = fake.bot.first_name, "bot"
    else:
        title, subtitle = chat.title or "", f"{len(chat.members)} members"
    bubbles = tuple(bubble(fake, m, viewer) for m in fake.messages(chat)
                    if m.message_id >= since)
    results = tuple(Result(r.get("title", ""), r.get("description", ""))
                    for r in (answer.results if answer else ()))
    return ChatPage(title, subtitle, bubbles, typed, results)


# -- the page --------------------------------------------------------------------------------

CSS = """
/* Emoji and suits from the colour font only (a text font first would draw 🃏 or ⚡ in
   black, as DejaVu Sans has them); letters and digits never from it. */
@font-face { font-family: "Chat Emoji"; src: local("Noto Color Emoji");
  unicode-range: U+1F000-1FAFF, U+2600-27BF, U+2B00-2BFF, U+231A-23FF, U+FE0F, U+200D; }
* { box-sizing: border-box; margin: 0; padding: 0; }
body { width: 390px; min-height: 844px; display: flex; flex-direction: column;
  font: 15px/1.35 "Chat Emoji", Roboto, "DejaVu Sans", "Liberation Sans", sans-serif;
  color: #000; background: #c6dbb2; }  /* flat: a gradient made the PNGs 2.5 times larger */
header { position: sticky; top: 0; z-index: 2; display: flex; align-items: center; gap: 12px;
  padding: 8px 12px; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.15); }
.back, footer > span { font-family: "DejaVu Sans", sans-serif; }
.back { font-size: 24px; color: #8a8a8a; width: 16px; }
.avatar { width: 40px; height: 40px; border-radius: 50%; color: #fff; font-weight: 600;
  display: flex; align-items: center; justify-content: center; font-size: 17px; }
.title { font-weight: 600; font-size: 16px; }
.subtitle { color: #8a8a8a; font-size: 13px; }
main { flex: 1; display: flex; flex-direction: column; justify-content: flex-end;
  gap: 6px; padding: 10px 8px 12px; }
.msg { max-width: 90%; align-self: flex-start; display: flex; flex-direction: column;
  gap: 3px; }
.msg.out { align-self: flex-end; }
.bubble { background: #fff; border-radius: 14px 14px 14px 4px; padding: 6px 10px 5px;
  box-shadow: 0 1px 1px rgba(0,0,0,.12); white-space: pre-wrap; overflow-wrap: anywhere; }
.out .bubble { background: #effdde; border-radius: 14px 14px 4px 14px; }
.name { font-weight: 600; color: #3a8ad6; font-size: 14px; white-space: normal; }
.via { color: #3a8ad6; font-weight: 400; }
.meta { float: right; margin: 6px 0 -3px 10px; font-size: 11.5px; color: #8a9a86; }
.link { color: #2f7ac4; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 13.5px; }
.row { display: flex; gap: 3px; }
.button { flex: 1 1 0; min-width: 0; min-height: 36px; position: relative;
  display: flex; align-items: center; justify-content: center; text-align: center;
  padding: 6px 8px; border-radius: 8px; background: rgba(73, 105, 64, .42);
  color: #fff; font-weight: 500; font-size: 13.5px; line-height: 1.2; }
.button.url::after, .button.switch_inline_query::after, .button.web_app::after {
  position: absolute; top: 2px; right: 5px; font-size: 11px; }
.button.url::after { content: "↗"; }
.button.switch_inline_query::after { content: "↪"; }
.button.web_app::after { content: "▣"; }
.popup { position: sticky; bottom: 52px; }  /* on the message field, as a client's */
.results { margin: 0 6px; background: #fff; border-radius: 12px 12px 0 0;
  box-shadow: 0 -1px 4px rgba(0,0,0,.15); overflow: hidden; }
.result { display: flex; gap: 10px; padding: 7px 12px; border-bottom: 1px solid #eee; }
.result .thumb { flex: none; width: 40px; height: 40px; border-radius: 6px; color: #fff;
  display: flex; align-items: center; justify-content: center; font-weight: 600; }
.result .text { min-width: 0; }
.result .t { font-weight: 600; font-size: 14.5px; }
.result .d { color: #707579; font-size: 13px; display: -webkit-box;
  -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
footer { position: sticky; bottom: 0; display: flex; align-items: center; gap: 10px;
  padding: 9px 12px; background: #fff; color: #9a9a9a; }
footer .field { flex: 1; font-size: 16px; }
footer .field.typed { color: #000; }
footer .send { color: #3a8ad6; font-size: 20px; }
"""
COLOURS = ("#e17076", "#7bc862", "#65aadd", "#a695e7", "#ee7aae", "#6ec9cb", "#faa774")
MAX_RESULTS_SHOWN = 5  # the popup's height on a phone; the rest scroll


def _avatar(name: str) -> str:
    colour = COLOURS[sum(map(ord, name)) % len(COLOURS)]
    return (f'<div class="avatar" style="background:{colour}">'
            f"{html.escape(name[:1])}</div>")


def _bubble_html(b: Bubble) -> str:
    head = ""
    if b.header or b.via:
        via = f'<span class="via">{" via " if b.header else "via "}{html.escape(b.via)}' \
              "</span>" if b.via else ""
        head = f'<div class="name">{html.escape(b.header)}{via}</div>'
    meta = f'<span class="meta">{"edited " if b.edited else ""}{b.time}</span>'
    rows = "".join('<div class="row">' + "".join(
        f'<div class="button {kind}">{html.escape(label)}</div>' for label, kind in row)
        + "</div>" for row in b.keyboard)
    return (f'<div class="msg{" out" if b.outgoing else ""}"><div class="bubble">'
            f"{head}{b.html}{meta}</div>{rows}</div>")


def render(page: ChatPage) -> str:
    """The chat as one self-contained HTML page (light theme)."""
    results = ""
    if page.results:
        results = '<div class="results">' + "".join(
            f'<div class="result">{_avatar(r.title).replace("avatar", "thumb")}'
            f'<div class="text"><div class="t">{html.escape(r.title)}</div>'
            f'<div class="d">{html.escape(r.description)}</div></div></div>'
            for r in page.results[:MAX_RESULTS_SHOWN]) + "</div>"
    field_class = "field typed" if page.typed else "field"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(page.title)}</title><style>{CSS}</style></head><body>"
        f'<header><span class="back">←</span>{_avatar(page.title)}<div>'
        f'<div class="title">{html.escape(page.title)}</div>'
        f'<div class="subtitle">{html.escape(page.subtitle)}</div></div></header>'
        f'<main>{"".join(_bubble_html(b) for b in page.bubbles)}</main>'
        f'<div class="popup">{results}</div>'
        f'<footer><span>☺</span><span class="{field_class}">'
        f'{html.escape(page.typed or "Message")}</span><span class="send">➤</span>'
        "</footer></body></html>")


# -- the scripted people ------------------------------------------------------------------

WAIT = 20.0  # seconds a step may take on a busy machine


def _cards_on_table(message) -> int:
    line = next((x for x in message.text.splitlines() if x.startswith("On the table")), "")
    return sum(line.count(suit) for suit in "♠♥♦♣")


async def inline_game(fake) -> dict[str, ChatPage]:
    """Alice and Bob's own chat: she types @bot and sends Podkidnoy, Bob joins, she
    starts; they play until two cards lie on the table and one of them has a choice."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    for user in (alice, bob):
        await fake.user_starts_bot(user)
    chat = fake.user_chat(alice, bob)
    await fake.user_sends(bob, chat, "Durak tonight? 🃏")
    typed = await fake.user_types_inline(alice, chat, "")
    answer = await fake.wait_for_inline_answer(typed, WAIT)
    pages = {"inline-results": chat_page(fake, chat, alice, typed=f"@{fake.bot.username} ",
                                         answer=answer)}
    message = await fake.user_chooses_inline(alice, typed, "preset:podkidnoy")
    await fake.wait_for(lambda: "Host: Alice" in message.text, WAIT, "the lobby drawn")
    await fake.wait_for_answer(await fake.user_presses(bob, message, "Join"), WAIT)
    await fake.wait_for(lambda: "2. Bob" in message.text, WAIT, "Bob in the lobby")
    await fake.settle(0.1)
    pages["inline-lobby"] = chat_page(fake, chat, bob)
    await fake.wait_for_answer(await fake.user_presses(alice, message, "Start"), WAIT)
    for user in (alice, bob):
        await fake.wait_for(lambda u=user: hand_message(fake, u), WAIT, "hands")
    acting = await play_until_choice(fake, [alice, bob], lambda: _cards_on_table(message) >= 2)
    pages["inline-table"] = chat_page(fake, chat, bob)
    pages["inline-hand"] = chat_page(fake, acting.id, acting)
    return pages


async def play_until_choice(fake, users, also=lambda: True, presses: int = 80):
    """Play (the first accepted move of whoever may move) until someone must choose
    among several cards and ``also()`` holds: a hand worth showing. Returns that person
    (the last to act when no such moment came)."""
    acting = users[0]
    for _ in range(presses):
        await fake.settle(0.3)  # past quiet_hand_delay: no hand still shows a past turn
        for user in users:
            hand = hand_message(fake, user)
            if hand is not None and len(move_buttons(hand)) >= 3:
                acting = user
                if also():
                    return user
        if not await press_once(fake, users):
            break
    return acting


async def quick_match(fake) -> dict[str, ChatPage]:
    """Boris asks for a quick game and waits; Anna asks too and they are seated; she
    leads and says "Good game!"; then the deal is played to its end."""
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    for user in (anna, boris):
        await fake.user_starts_bot(user)
    asked = await fake.user_sends(boris, boris.id, "/quick")
    await fake.wait_for(lambda: any("Stop waiting" in m.button_texts()
                                    for m in fake.bot_messages(boris.id)), WAIT, "waiting")
    pages = {"quick-waiting": chat_page(fake, boris.id, boris, since=asked.message_id)}
    await fake.user_sends(anna, anna.id, "/quick")
    await fake.wait_for(lambda: hand_message(fake, anna) and hand_message(fake, boris), WAIT,
                        "both have cards")
    # Until Boris has cards to choose from (and the others' phrase to read).
    await play_until_choice(fake, [anna, boris],
                            lambda: len(move_buttons(hand_message(fake, boris))) >= 3)
    await fake.wait_for_answer(await fake.user_presses(anna, hand_message(fake, anna),
                                                       "💬 Say…"), WAIT)
    await fake.wait_for(lambda: "Good game!" in hand_message(fake, anna).button_texts(), WAIT,
                        "the phrase menu")
    await fake.wait_for_answer(await fake.user_presses(anna, hand_message(fake, anna),
                                                       "Good game!"), WAIT)
    await fake.wait_for(lambda: "💬 Anna: Good game!" in hand_message(fake, boris).text, WAIT,
                        "Boris reads it")
    await fake.settle(0.1)
    pages["quick-match"] = chat_page(fake, boris.id, boris, since=asked.message_id)
    block = "🚫 Not with Anna again"
    for _ in range(600):
        if block in hand_message(fake, boris).button_texts():
            break
        await press_once(fake, [anna, boris])
        await fake.settle(0.02)
    await fake.wait_for(lambda: block in hand_message(fake, boris).button_texts(), WAIT,
                        "the safety buttons")
    pages["quick-end"] = chat_page(fake, boris.id, boris,
                                   since=hand_message(fake, boris).message_id)
    return pages


async def scripted_pages() -> dict[str, ChatPage]:
    """Both stories, played by the real bot against a fresh fake and database."""
    helpers = _bot_world_helpers()
    fake = FakeBotServer()
    await fake.start()
    tmp = Path(tempfile.mkdtemp(prefix="chat-shots-"))
    app = build_application(helpers.fast_settings(fake, tmp / "bot.db"),
                            clock=helpers.FakeClock(), rng=random.Random(7))
    await helpers.start_app(app)
    try:
        return {**await inline_game(fake), **await quick_match(fake)}
    finally:
        await helpers.stop_app(app)
        await fake.stop()


# -- the photographs ------------------------------------------------------------------------

async def photograph(pages: dict[str, Path], out: Path) -> None:
    """Each page at 390 px wide (2x), the whole chat; the phone's 844 px at least."""
    from browser import PHONE, chromium, open_page

    async with chromium() as browser:
        for name, path in pages.items():
            page = await open_page(browser, path.as_uri(), viewport=PHONE)
            await page.evaluate("document.fonts.ready")
            await page.screenshot(path=str(out / f"{name}.png"), full_page=True)
            print(out / f"{name}.png")
            await page.context.close()


async def main(out: Path, html_only: bool, keep_html: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pages = await scripted_pages()
    with tempfile.TemporaryDirectory(prefix="chat-html-") as scratch:
        where = out if html_only or keep_html else Path(scratch)
        files = {}
        for name, page in pages.items():
            files[name] = where / f"{name}.html"
            files[name].write_text(render(page), encoding="utf-8")
        if html_only:
            print("\n".join(str(p) for p in files.values()))
            return
        await photograph(files, out)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "anyone")
    parser.add_argument("--html-only", action="store_true",
                        help="write the pages, no browser")
    parser.add_argument("--keep-html", action="store_true",
                        help="keep each page's .html beside its .png")
    args = parser.parse_args()
    asyncio.run(main(args.out, args.html_only, args.keep_html))
