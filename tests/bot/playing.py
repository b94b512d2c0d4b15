"""Scripted users who play by pressing only the buttons the bot sent them."""

from __future__ import annotations

from bot.render.cards import card_label

ALL_CARDS = {card_label(suit * 16 + rank): suit * 16 + rank
             for suit in range(4) for rank in range(2, 15)}


def hand_message(fake, user):
    """The user's newest bot message in the private chat that shows a hand."""
    for message in reversed(fake.bot_messages(user.id)):
        if message.text.startswith(("Your cards", "Ваши карты")):
            return message
    return None


def shown_cards(message) -> set[int]:
    """Cards the hand message shows: card buttons plus the listed other cards."""
    cards = {ALL_CARDS[b["text"]] for b in message.buttons if b["text"] in ALL_CARDS}
    for line in message.text.splitlines():
        if line.startswith(("Other cards:", "Your cards:")):
            cards |= {ALL_CARDS[w] for w in line.split(":", 1)[1].split() if w in ALL_CARDS}
    return cards


def move_buttons(message) -> list[dict]:
    """Buttons that make (or lead to) a move, in the order shown; never the hint."""
    return [b for b in message.buttons
            if b.get("callback_data", "")[:1] in ("m", "M")
            or (b.get("callback_data", "").startswith("u") and "pick" in b["callback_data"])]


async def press_first_accepted(fake, user, message) -> bool:
    """Press the user's move buttons in order until one is accepted (no refusal text).
    False when none was, or the message changed under the user's finger (look again)."""
    try:
        return await _press_first_accepted(fake, user, message)
    except LookupError:
        return False


async def _press_first_accepted(fake, user, message) -> bool:
    for button in move_buttons(message):
        query = await fake.user_presses(user, message, button["callback_data"])
        answer = await fake.wait_for_answer(query)
        if answer.get("text"):
            continue
        if "pick" in button["callback_data"]:
            await fake.settle(0.02)
            current = fake.stored[(message.chat_id, message.message_id)]
            choice = next(b for b in current.buttons if b["callback_data"][:1] in "mM")
            query = await fake.user_presses(user, current, choice["callback_data"])
            answer = await fake.wait_for_answer(query)
            if answer.get("text"):
                continue
        return True
    return False


async def assert_shows_own_hand(fake, world, game_id, user, message_of, timeout=3.0):
    """The user's message (once the driver caught up) shows exactly their hand in the DB."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        snap = await world.services.games.snapshot(game_id)
        message = message_of()
        hand = set(snap.state.view(snap.seat_of(user.id)).hand)
        if snap.status != "running" or (message is not None and shown_cards(message) == hand):
            return snap
        if loop.time() > deadline:
            raise AssertionError(f"{user.first_name} sees {message and message.text!r}, "
                                 f"holds {sorted(hand)}")
        await fake.settle(0.02)
