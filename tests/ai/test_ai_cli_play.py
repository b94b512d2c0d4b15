"""`durak play --strength`: the terminal game uses bot.ai's computer players."""

from __future__ import annotations

import io

import pytest

import bot.cli.play as cli_play
from bot.cli import main


class _Quitter:
    """stdin that answers every prompt with the first offered move, then declines."""

    def __init__(self, screen: io.StringIO):
        self.screen = screen

    def readline(self) -> str:
        text = self.screen.getvalue()
        if text.endswith(cli_play.AGAIN_PROMPT):
            return "n\n"
        offers = text[text.rindex("You may:"):]
        return offers.split("[", 1)[1].split("]", 1)[0] + "\n"


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
def test_play_asks_bot_ai_for_the_chosen_strength(strength, monkeypatch):
    asked: list[tuple[str, float]] = []
    real = cli_play.choose_action

    def spy(state, seat, strength_, *, seed, budget_s, history):
        asked.append((strength_, budget_s))
        # The deal's history so far comes along (hard reads it): its last bout is the
        # state's, and it grows with the deal.
        assert history.entries and history.bout == state.bout_no
        budget = min(budget_s, 0.02)  # keep the hard test fast
        return real(state, seat, strength_, seed=seed, budget_s=budget, history=history)

    monkeypatch.setattr(cli_play, "choose_action", spy)
    screen = io.StringIO()
    code = main(["play", "--seed", "3", "--strength", strength], stdin=_Quitter(screen),
                stdout=screen, stderr=io.StringIO())  # type: ignore[arg-type]
    assert code == 0
    assert f"the others are {strength} computer players" in screen.getvalue()
    assert asked and {s for s, _ in asked} == {strength}
    assert {b for _, b in asked} == {cli_play.DEFAULT_BUDGET_S[strength]}


def test_play_refuses_an_unknown_strength():
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", "--strength", "genius"], stdin=io.StringIO(), stdout=out,
                stderr=err)  # type: ignore[arg-type]
    assert code != 0 and "genius" in err.getvalue() and "Deal" not in out.getvalue()
