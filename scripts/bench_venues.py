"""Where a bench's table lives (bot/service/venues.py), as scripted people set it up: a group
the bot is in (``bench_harness.open_group_games``), an inline message in a chat without the
bot, or a table by link that lives in the players' private chats. ``bench_bot.py --mode``
plays them all alike, from the hands; what differs is told by the ``Place`` each opener
returns: when its game is over and which of the bot's requests draw its table.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass

from bench_harness import game_over, hand_message, open_group_games

INVITE = re.compile(r"\?start=(j[A-Za-z0-9_-]+)")
WAIT = 60.0  # seconds a set-up step may take on a busy machine
# A person whose "@bot" shows no results types it again. Results may never come: the
# outbox sends answerInlineQuery at once, uncounted, and does not retry it, while the fake
# (as Telegram is measured) counts it against the token's 30 a second and answers 429
# when that is spent; ``inline_answers_429`` in bench_bot.py's figures counts those.
INLINE_WAIT, RETYPES = 5.0, 3


@dataclass(frozen=True)
class Place:
    """A table's place: ``id`` names it in the figures (the group's id, the chat of the
    inline message, the host's private chat for a link table); ``over()`` says the game
    ended; ``draws(call)`` whether a request of the bot went to the table itself."""

    id: int
    over: Callable[[], bool]
    draws: Callable[[object], bool]
    inline_message_id: str | None = None  # an inline table's message


def inline_id(call) -> str | None:
    """The inline_message_id a request edits (None: it names a chat)."""
    value = call.params.get("inline_message_id")
    return str(value) if value else None


async def open_tables(fake, mode: str, games: int, players: int) -> list[tuple[list, Place]]:
    """``games`` tables of ``players`` people who started the bot, dealt, in ``mode``'s
    venue: (people, place) of each once every hand has come."""
    if mode == "group":
        tables = await open_group_games(fake, games, players, name="P", title="Bench")
        return [(users, Place(group.id, lambda g=group: game_over(fake, g),
                              lambda c, g=group.id: c.chat_id == g))
                for users, group in tables]
    opener = {"inline": _open_inline, "link": _open_link}[mode]
    people = []
    for n in range(games):
        users = [fake.add_user(f"{mode[0].upper()}{n}{'abcdef'[k]}") for k in range(players)]
        for user in users:
            await fake.user_starts_bot(user)
        people.append(users)
    await fake.settle(0.5, timeout=WAIT)  # they started the bot earlier, not all at once
    opened = [await opener(fake, users, n) for n, users in enumerate(people)]
    for users, _place in opened:
        for user in users:
            await fake.wait_for(lambda u=user: hand_message(fake, u), WAIT, "hands")
    return opened


async def _open_inline(fake, users, n: int) -> tuple[list, Place]:
    """The host types @bot in a chat the bot is not in (the two people's own chat, or a
    group without the bot for more) and sends Podkidnoy; the others press Join on that
    message, the host Start."""
    host = users[0]
    chat = fake.user_chat(*users) if len(users) == 2 else fake.add_group(
        f"Inline {n}", users, bot_member=False)
    for _attempt in range(RETYPES):
        typed = await fake.user_types_inline(host, chat, "")
        try:
            await fake.wait_for_inline_answer(typed, INLINE_WAIT)
            break
        except AssertionError:  # no results came (see INLINE_WAIT): type again
            continue
    else:
        raise RuntimeError(f"no answer to {RETYPES} inline queries of {host.first_name}")
    message = await fake.user_chooses_inline(host, typed, "preset:podkidnoy")
    # (the message shows a placeholder Join until the bot has drawn the lobby in it)
    await fake.wait_for(lambda: f"Host: {host.first_name}" in message.text, WAIT,
                        "the inline lobby")
    for joiner in users[1:]:
        await fake.wait_for_answer(await fake.user_presses(joiner, message, "Join"), WAIT)
    await fake.wait_for(lambda: all(u.first_name in message.text for u in users), WAIT,
                        "everyone in the inline lobby")
    await fake.wait_for_answer(await fake.user_presses(host, message, "Start"), WAIT)
    mid = message.inline_message_id
    return users, Place(chat.id, lambda: "Game over" in message.text,
                        lambda c: inline_id(c) == mid, mid)


async def _open_link(fake, users, n: int) -> tuple[list, Place]:
    """The host sends /newgame in their private chat; the others open its link
    (``/start j<invite>``); the host presses Start. No table message: each hand carries
    the table, and the result at the end."""
    host = users[0]
    await fake.user_sends(host, fake.private_chat(host), "/newgame")
    lobby = await fake.wait_for_message(
        host.id, lambda m: any("Share the link" in b for b in m.button_texts()), WAIT)
    found = INVITE.search(lobby.text)
    if found is None:
        raise RuntimeError(f"no invite link in the lobby message: {lobby.text!r}")
    for joiner in users[1:]:
        await fake.user_starts_bot(joiner, found.group(1))
    await fake.wait_for(lambda: all(u.first_name in lobby.text for u in users), WAIT,
                        "everyone in the table by link")
    await fake.wait_for_answer(await fake.user_presses(host, lobby, "Start"), WAIT)

    def over() -> bool:
        hands = [hand_message(fake, u) for u in users]
        return any(h is not None and ("Game over" in h.text or any(
            b.startswith("Play again") for b in h.button_texts())) for h in hands)

    return users, Place(host.id, over, lambda c: False)


def table_of(tables) -> dict[str, int]:
    """inline_message_id -> the id of the place whose table it is (inline mode)."""
    out: dict[str, int] = {}
    for _users, place in tables:
        mid = place.inline_message_id if isinstance(place, Place) else None
        if mid:
            out[mid] = place.id
    return out


VENUES = ("group", "solo", "inline", "link")


def modes(text: str) -> list[str]:
    """``--mode``: one venue or several, comma separated."""
    chosen = [m.strip() for m in text.split(",") if m.strip()]
    wrong = [m for m in chosen if m not in VENUES]
    if not chosen or wrong:
        raise argparse.ArgumentTypeError(f"choose from {', '.join(VENUES)}; got {text!r}")
    return chosen


def compared(results: dict[str, dict]) -> dict:
    """Each venue's requests per action as a ratio of the group's (issue 37's target: no
    more than the group's), with its 429s and press answers beside it."""
    group = results.get("group", {}).get("requests_per_action")
    return {"vs_group": {
        mode: {"requests_per_action": r["requests_per_action"],
               "ratio": round(r["requests_per_action"] / group, 2) if group else None,
               "too_many_requests": r["too_many_requests"],
               "press_answer_ms_p99": r["press_answer_ms_p99"]}
        for mode, r in results.items()}, "delivery": next(iter(results.values()))["delivery"]}
