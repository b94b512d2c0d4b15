"""Every playable preset (and a few house-rule mixes) is playable to the result in Telegram.

One real Application against the fake Bot API for the whole list (start-up is the slow
part); for each variant a solo game against easy computers: the scripted human presses
only buttons the bot sent, chosen at random (seeded) among those offered, following
choice screens (pick a target, swap cards) until the result is shown. Refused presses
are allowed (another button is tried) but logged errors are not.
"""

from __future__ import annotations

import logging
import random
from types import SimpleNamespace

from playing import ALL_CARDS

from bot.engine.rules import PLAYABLE_PRESETS
from bot.handlers import lobby_actions

# (preset, rule overrides, computer opponents)
VARIANTS = [(preset, {}, 3 if preset == "teams" else 1) for preset in PLAYABLE_PRESETS] + [
    ("podkidnoy", {"poker": "true"}, 2),
    ("podkidnoy", {"weli": "true", "deck": "36"}, 1),
    ("podkidnoy", {"jokers": "2"}, 2),
    ("podkidnoy", {"changeable_trump": "true"}, 1),
    ("podkidnoy", {"teams": "2x2"}, 3),
]
NOT_A_MOVE = ("Hint", "Next deal")
MAX_PRESSES = 600


def _context(app):
    return SimpleNamespace(bot=app.bot, bot_data=app.bot_data)


def _offered(message) -> list[dict]:
    return [b for b in message.buttons if "callback_data" in b and b["text"] not in NOT_A_MOVE]


async def _set_up(fake, world, human, preset, rules, opponents):
    chat = fake.private_chat(human)
    await fake.user_sends(human, chat, "/play")
    setup = await fake.wait_for_message(chat, lambda m: "Start" in m.button_texts())
    svc = world.services
    lobby_id = await svc.chats.open_lobby(chat.id)
    lobby = await svc.lobbies.get(lobby_id)
    context = _context(world.app)
    await lobby_actions._set_computers(svc, lobby, opponents, "easy")
    await svc.lobbies.change_settings(lobby_id, human.id, {"preset": preset, "rules": rules})
    await lobby_actions.redraw(context, lobby_id)
    await fake.wait_for(lambda: "Start" in setup.button_texts(), 5, "the set-up")
    start = next(b for b in setup.buttons if b["text"] == "Start")
    assert (await fake.wait_for_answer(await fake.user_presses(
        human, setup, start["callback_data"]))).get("text") is None
    game_id = await svc.chats.running_game(chat.id)
    assert game_id is not None
    return chat, setup, game_id


async def _play_to_result(fake, world, human, setup, game_id, rng) -> int:
    presses = 0
    while "Game over" not in setup.text:
        await fake.settle(0.02)
        snap = await world.services.games.snapshot(game_id)
        if snap.status != "running":
            await fake.wait_for(lambda: "Game over" in setup.text, 10, "the result")
            break
        # Only ever the human's own cards on their screen (the opponents are computers).
        hand = set(snap.state.view(snap.seat_of(human.id)).hand)
        shown = {ALL_CARDS[b["text"]] for b in setup.buttons if b["text"] in ALL_CARDS}
        foreign = shown - hand
        if foreign:  # the message may be one move behind: look again before failing
            await fake.settle(0.2)
            snap = await world.services.games.snapshot(game_id)
            hand = set(snap.state.view(snap.seat_of(human.id)).hand)
            shown = {ALL_CARDS[b["text"]] for b in setup.buttons if b["text"] in ALL_CARDS}
            assert snap.status != "running" or shown <= hand, (setup.text, shown - hand)
        offered = _offered(setup)
        if not offered:
            continue
        button = rng.choice(offered)
        try:
            query = await fake.user_presses(human, setup, button["callback_data"])
        except LookupError:
            continue
        await fake.wait_for_answer(query, 10)
        presses += 1
        assert presses < MAX_PRESSES, setup.text
    return presses


async def test_every_playable_preset_is_played_to_the_result(fakebot, bot_world, caplog):
    caplog.set_level(logging.ERROR)
    await bot_world.start()
    rng = random.Random(2026)
    played = []
    for index, (preset, rules, opponents) in enumerate(VARIANTS):
        human = fakebot.add_user(f"Player{index}")
        chat, setup, game_id = await _set_up(fakebot, bot_world, human, preset, rules,
                                             opponents)
        presses = await _play_to_result(fakebot, bot_world, human, setup, game_id, rng)
        snap = await bot_world.services.games.snapshot(game_id)
        assert snap.state.is_over, (preset, rules, snap.status)
        assert "Game over" in setup.text and "Next deal" in setup.button_texts()
        assert fakebot.send_count(chat) == 1
        played.append((preset, presses))
    print(played)
    assert len(played) == len(VARIANTS)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors][:5]
