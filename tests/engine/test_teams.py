"""Team play (RULES.md 'Further decisions', Teams): seatings, no throwing in on a
teammate, the deal ends when one team remains, the losing team are the fools."""

import pytest

from bot.engine import RuleSet, new_deal, next_deal
from bot.engine.verify.random_play import play_random_game

from .helpers import act, pos, texts


@pytest.mark.parametrize("teams, players, seating", [
    ("2x2", 4, ((0, 2), (1, 3))),
    ("3x2", 6, ((0, 3), (1, 4), (2, 5))),
    ("2x3", 6, ((0, 2, 4), (1, 3, 5))),
])
def test_seatings(teams, players, seating):
    state = new_deal(RuleSet.preset("teams", players=players, teams=teams), 1)
    assert state.cfg.teams == seating
    assert state.view(0).teams == seating


def test_teams_preset_picks_the_seating_from_the_player_count():
    assert RuleSet.preset("teams", players=4).teams == "2x2"
    assert RuleSet.preset("teams", players=6).teams == "2x3"
    assert RuleSet.preset("teams", players=5).problems()


def test_no_throwing_in_on_a_teammate():
    hands = ["9s 9h", "10s Kc Qc", "9c 7d", "9d 8d"]
    s = pos("teams", hands=hands, trump="h", attacker=0, stock="Ac 6c 7c Ah")
    act(s, "0:a 9s")
    act(s, "1:c 9s 10s")
    assert "a 9c" in texts(s, 2)  # opponent of the defender: may add
    assert not texts(s, 3)  # the defender's partner never adds
    plain = pos("podkidnoy", hands=hands, trump="h", attacker=0, stock="Ac 6c 7c Ah")
    act(plain, "0:a 9s")
    act(plain, "1:c 9s 10s")
    assert "a 9d" in texts(plain, 3)


def test_deal_ends_when_one_team_remains_and_its_members_are_fools():
    # seat 2 is out; seat 0 plays its last card and is out: team (0, 2) has no cards
    s = pos("teams", hands=["9s", "10s Kc Qc", "", "9d 8d 7d"], trump="h", attacker=0,
            out=[2], dealer=0)
    act(s, "0:a 9s")
    act(s, "1:c 9s 10s")
    assert s.is_over and not s.outcome.draw
    assert s.outcome.teams == (1, 3)
    # both are fools; the one holding most cards (seat 3: three cards) deals next
    assert s.outcome.fools == (3, 1)
    nxt = next_deal(s.rules, s.outcome, 0, seed=5)
    assert nxt.dealer == 3


def test_draw_when_the_last_teams_go_out_in_the_same_bout():
    s = pos("teams", hands=["9s", "10s", "", ""], trump="h", attacker=0, out=[2, 3])
    act(s, "0:a 9s")
    act(s, "1:c 9s 10s")
    assert s.is_over and s.outcome.draw and not s.outcome.fools


@pytest.mark.parametrize("teams, players", [("2x2", 4), ("3x2", 6), ("2x3", 6)])
def test_random_team_games(teams, players):
    rules = RuleSet.preset("teams", players=players, teams=teams)
    for seed in range(25):
        state, _ = play_random_game(rules, seed, check=True, explore=seed % 2 == 0)
        out = state.outcome
        assert out.draw or (set(out.fools) == set(out.teams) and len(out.teams) == players //
                            len(state.cfg.teams))
