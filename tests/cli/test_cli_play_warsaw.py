"""`durak play --preset duren_piatkowy` driven by the scripted player of test_cli_play:
every command the screen offers is accepted (building the lead card by card, `done`,
ordered covers, giving up, later phases), the cards in front are shown, and each deal
ends with the stakes (or a draw)."""

from __future__ import annotations

import re

import pytest
from test_cli_play import _play


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (10, 3)])
def test_scripted_player_plays_warsaw_deals_to_the_stakes(players, seed):
    code, out, player = _play("duren_piatkowy", players, seed)
    assert code == 0
    results = re.findall(r"\*\*\* (.*?) \*\*\*", out, re.S)  # a long one is wrapped
    assert len(results) == 2
    assert all(r.startswith("Stakes (one per card held") or r.startswith("Draw") for r in results)
    assert player.moves > 5 and player.refusals_seen == player.refusals_expected
    assert re.search(r"Phase 1: (You build|\w+ builds) the lead card by card", out)


def test_over_several_deals_done_give_up_and_cards_in_front_appear():
    seen: set[str] = set()
    outs = []
    for seed in range(4):
        code, out, player = _play("duren_piatkowy", 3, seed, deals=1)
        assert code == 0
        seen |= player.commands_seen
        outs.append(out)
    text = "\n".join(outs)
    assert {"card", "done", "take"} <= seen
    assert "In front of" in text and "now lie face up in front of" in text
    # cards added to a lead being built are led, as the Telegram table says
    assert re.search(r"^(Anna|Boris) leads .*\n(Anna|Boris) leads ", text, re.M)
