"""A hard computer seat reads the whole deal: each of its moves (and each hint, which is
hard's search) is asked with the deal's log at the very version of the state it is
shown, so the worker's replay of that log is the deal's public history at that moment.
Through the real Application against the fake Bot API, with a brain that records what
it is asked and answers with the rule-based player."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import fast_settings, start_app, stop_app
from playing import press_first_accepted

from bot.ai.pool import _past
from bot.app import build_application
from bot.engine import Action, GameState, RuleSet, new_deal
from bot.runtime.turns.brains import SimpleBrain


class RecordingBrain(SimpleBrain):
    def __init__(self) -> None:
        self.asked: list[tuple[str, dict[str, Any], dict[str, Any] | None]] = []

    async def choose(self, state: GameState, seat: int, strength: str, seed: int,
                     history: dict[str, Any] | None = None) -> str:
        self.asked.append((strength, state.to_dict(), history))
        return await super().choose(state, seat, strength, seed, history)

    async def hint(self, state: GameState, seat: int, seed: int,
                   history: dict[str, Any] | None = None):
        self.asked.append(("hint", state.to_dict(), history))
        return await super().hint(state, seat, seed, history)


@pytest.fixture
async def recording_app(fakebot, tmp_path):
    brain = RecordingBrain()
    app = build_application(fast_settings(fakebot, tmp_path / "bot.db"), brain=brain)
    await start_app(app)
    yield app, brain
    await stop_app(app)


async def test_hard_moves_and_hints_are_given_the_deal_so_far(fakebot, recording_app):
    app, brain = recording_app
    dana = fakebot.add_user("Dana")
    chat = fakebot.private_chat(dana)
    await fakebot.user_sends(dana, chat, "/play")
    setup = await fakebot.wait_for_message(chat, lambda m: "Start" in m.button_texts())
    for label in ("hard", "Start"):
        button = next(b for b in setup.buttons if b["text"].endswith(label))
        await fakebot.wait_for_answer(await fakebot.user_presses(dana, setup,
                                                                 button["callback_data"]))
        await fakebot.settle(0.02)
    await fakebot.wait_for(lambda: "Hint" in setup.button_texts(), 5, "the hint button")
    await fakebot.wait_for_answer(await fakebot.user_presses(dana, setup, "Hint"), 10)
    presses = 0
    while sum(1 for s, _, _ in brain.asked if s == "hard") < 4 and "Game over" not in setup.text:
        await fakebot.settle(0.03)
        if await press_first_accepted(fakebot, dana, setup):
            presses += 1
        assert presses < 200
    asked = [(s, state, log) for s, state, log in brain.asked if s in ("hard", "hint")]
    assert any(s == "hard" for s, _, _ in asked) and any(s == "hint" for s, _, _ in asked)
    for _, state, log in asked:
        assert log is not None
        assert len(log["moves"]) == state["version"]
        replayed = new_deal(RuleSet.from_dict(log["rules"]), log["seed"], **log["deal"])
        for move in log["moves"]:
            replayed.apply(Action.parse(move))
        assert replayed.to_dict() == state  # the log is the state the player is shown
        history = _past(log)
        assert history.entries and history.players == 2
