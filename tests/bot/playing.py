"""Scripted users who play by pressing only the buttons the bot sent them."""

from __future__ import annotations

from bot.render.card_letters import RANK_LETTERS
from bot.render.cards import card_label

# Every label a card button may carry, in every language's court letters (a Russian
# hand shows Д♠️ where an English one shows Q♠️).
ALL_CARDS = {card_label(suit * 16 + rank, letters=letters): suit * 16 + rank
             for letters in ("en", *RANK_LETTERS)
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


def refusal(answer: dict) -> str | None:
    """The refusal an answer to a press carries; None when the press counted (no text, or
    the "✓ you led A♥️" of an accepted move)."""
    text = answer.get("text")
    return text if text and not text.startswith("✓") else None


async def press_once(fake, users) -> bool:
    """The first of ``users`` whose hand has a move the bot accepts plays it; False when
    nobody could."""
    for user in users:
        message = hand_message(fake, user)
        if message is not None and await press_first_accepted(fake, user, message):
            return True
    return False


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
        if refusal(answer):
            continue
        if "pick" in button["callback_data"]:
            # The card's choice replaces the keyboard by an edit, which a loaded machine
            # may deliver a moment later; a hand redrawn meanwhile shows no choice: the
            # user looks again (``press_first_accepted`` returns False).
            key = (message.chat_id, message.message_id)

            def choice_shown(key=key):
                return next((b for b in fake.stored[key].buttons
                             if b["callback_data"][:1] in "mM"), None)

            try:
                choice = await fake.wait_for(choice_shown, 3.0, "the card's choice")
            except AssertionError:
                raise LookupError("the hand changed under the user's finger") from None
            query = await fake.user_presses(user, fake.stored[key], choice["callback_data"])
            answer = await fake.wait_for_answer(query)
            if refusal(answer):
                continue
        return True
    return False


async def play_to_the_end(fake, world, game_id, users, presses: int = 400):
    """Press accepted moves from the users' hands until the deal is over; its status."""
    for _ in range(presses):
        snap = await world.services.games.snapshot(game_id)
        if snap.status != "running":
            return snap.status
        await press_once(fake, users)
        await fake.settle(0.02)
    return (await world.services.games.snapshot(game_id)).status


async def assert_shows_own_hand(fake, world, game_id, user, message_of, timeout=10.0):
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


async def open_group_lobby(fake, users, title="Cards night"):
    """A group of ``users``, its lobby opened by the first, everyone else joined: (group,
    the lobby message)."""
    group = fake.add_group(title, users)
    await fake.user_sends(users[0], group, "/newgame")
    lobby = await fake.wait_for_message(group, lambda m: "Join" in m.button_texts())
    for user in users[1:]:
        await fake.wait_for_answer(await fake.user_presses(user, lobby, "Join"))
    return group, lobby


async def start_group_game(fake, world, names=("Alice", "Bob"), title="Cards night"):
    """Users who opened the bot, a lobby, everyone joined, started: (group, users, table,
    game id)."""
    users = [fake.add_user(name) for name in names]
    for user in users:
        await fake.user_starts_bot(user)
    group, lobby = await open_group_lobby(fake, users, title)
    await fake.wait_for_answer(await fake.user_presses(users[0], lobby, "Start"))
    table = await fake.wait_for_message(group, lambda m: "deal 1" in m.text)
    game_id = await world.services.chats.running_game(group.id)
    for user in users:
        await fake.wait_for(lambda u=user: hand_message(fake, u), 10, "hands")
    await fake.settle(0.03)
    return group, users, table, game_id


async def deal_a_leader_a_pair(fake, world):
    """Group games are started (and cancelled) until the one who leads holds two cards of
    one rank: (game id, snapshot, the leader's user, the two cards)."""
    for attempt in range(8):
        group, users, _table, game_id = await start_group_game(
            fake, world, names=(f"A{attempt}", f"B{attempt}"), title=f"Cards {attempt}")
        snap = await world.services.games.snapshot(game_id)
        leader = snap.state.waiting_on()[0]
        hand = snap.state.view(leader).hand
        ranks = [c & 15 for c in hand]
        pair = next((r for r in ranks if ranks.count(r) > 1), None)
        if pair is not None:
            user = next(u for u in users if snap.seat_of(u.id) == leader)
            first, second = [c for c in hand if c & 15 == pair][:2]
            return game_id, snap, user, (first, second)
        await fake.user_sends(users[0], group, "/cancel")
    raise AssertionError("no deal gave the leader a pair")


async def lead_one_of_a_pair(fake, world):
    """``deal_a_leader_a_pair``, then the leader leads the first card and their hand keeps
    the keyboard drawn before it (a held edit: the world runs with a long
    ``quiet_hand_delay``): (game id, the leader's user and seat, the two cards)."""
    game_id, snap, user, (first, second) = await deal_a_leader_a_pair(fake, world)
    hand = hand_message(fake, user)
    await fake.wait_for_answer(await fake.user_presses(user, hand, card_label(first)))
    await fake.settle(0.2)
    assert card_label(second) in hand.button_texts()  # the keyboard drawn at version 0
    return game_id, user, snap.seat_of(user.id), (first, second)


def throw_in_of(state, seat: int, card: int):
    """The legal action of ``seat`` that throws in ``card`` alone."""
    from bot.engine import ActionKind

    return next(a for a in state.legal_actions(seat)
                if a.kind is ActionKind.ATTACK and a.cards == (card,))


async def move_log(world, game_id):
    from bot.storage import games as game_repo

    async with world.services.db.read() as s:
        return await game_repo.move_log(s, game_id)


async def turn_delivered(fake, world, game_id, timeout: float = 20.0) -> None:
    """Until the hands with the current turn's buttons have reached the people it waits
    on (and a late one's time is given back): a test that moves the bot's clock before
    would make that first delivery late by the jump, and rightly given it back."""
    from bot.runtime.turns.timers import waiting_for_delivery

    version = (await world.services.games.snapshot(game_id)).version
    display = world.services.runtime.displays.get(game_id)
    if display is None:
        return
    await fake.wait_for(lambda: display.version >= version and not waiting_for_delivery(
        display) and not display.pushing_deadline, timeout, "the turn's hands delivered")


async def running_game_in(fake, world, chat, tries: int = 200) -> int:
    """The chat's running deal, once it has one (a start may land a moment later)."""
    for _ in range(tries):
        game_id = await world.services.chats.running_game(chat.id)
        if game_id is not None:
            return game_id
        await fake.settle(0.02)
    raise AssertionError(f"no deal started in chat {chat.id}")
