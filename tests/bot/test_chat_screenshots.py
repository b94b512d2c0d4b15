"""scripts/chat_screenshots.py's transcription, without a browser: the pages it draws of an
inline game hold what the bot really sent (the games offered, the lobby's buttons, the
table's lines, the hand's cards), each as the person looking sees it."""

from __future__ import annotations

import html
import sys
from pathlib import Path

from playing import hand_message, move_buttons

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from chat_screenshots import (  # noqa: E402
    chat_page,
    inline_game,
    render,
    text_html,
)


def buttons_of(page_html: str) -> list[str]:
    """The labels of the page's inline buttons, in order."""
    found = []
    for part in page_html.split('<div class="button ')[1:]:
        found.append(html.unescape(part.split(">", 1)[1].split("</div>", 1)[0]))
    return found


def test_entities_count_utf16_and_text_is_escaped():
    # ♥️ is two UTF-16 units and the space one: "Bold" starts at unit 3.
    text = "♥️ Bold <x> /quick"
    out = text_html(text, [{"type": "bold", "offset": 3, "length": 4}])
    assert "♥️ <b>Bold</b> &lt;x&gt; " in out
    assert '<span class="link">/quick</span>' in out  # a command is drawn as a client does


async def test_the_inline_game_pages_hold_what_the_bot_sent(fakebot, bot_world):
    await bot_world.start()
    pages = await inline_game(fakebot)
    assert set(pages) == {"inline-results", "inline-lobby", "inline-table", "inline-hand"}
    drawn = {name: render(page) for name, page in pages.items()}

    results = pages["inline-results"]
    assert results.typed == f"@{fakebot.bot.username} "
    assert [r.title for r in results.results[:2]] == ["Podkidnoy (throw-in)",
                                                     "Perevodnoy (transfer)"]
    assert "players: 2–6" in results.results[0].description
    assert 'class="results"' in drawn["inline-results"]

    # Bob's screen: his own line on the right, Alice's game from the left "via" the bot.
    lobby = pages["inline-lobby"]
    mine, posted = lobby.bubbles
    assert mine.outgoing and not posted.outgoing
    assert (posted.header, posted.via) == ("Alice", f"@{fakebot.bot.username}")
    assert "Host: Alice\nPlayers (2 of 6):\n1. Alice\n2. Bob" in posted.html
    assert {"Join", "Leave", "Start", "Cancel"} <= set(buttons_of(drawn["inline-lobby"]))

    # The same message later: the table, no lobby buttons left.
    (_mine, table) = pages["inline-table"].bubbles
    assert "deal 1" in table.html and "On the table: " in table.html
    assert "Start" not in buttons_of(drawn["inline-table"])

    # The hand is whoever must choose: its card buttons are the ones the bot sent them.
    people = {u.first_name: u for u in fakebot.users.values()}
    hand = pages["inline-hand"].bubbles[-1]
    labels = [label for row in hand.keyboard for label, _kind in row]
    assert hand.html.startswith("Your cards in Chat game\n")
    (sent,) = [m for m in (hand_message(fakebot, people[n]) for n in ("Alice", "Bob"))
               if m.button_texts() == labels]
    assert len(move_buttons(sent)) >= 3  # a moment with a choice, as the script looks for
    assert any(suit in label for label in labels for suit in "♠♥♦♣")
    assert buttons_of(drawn["inline-hand"])[-len(labels):] == labels

    # Drawn from the fake now, the friends' chat shows the table: a page is a moment.
    chat = next(c for c in fakebot.chats.values() if c.peer_ids)
    assert "deal 1" in chat_page(fakebot, chat, people["Bob"]).bubbles[-1].html
