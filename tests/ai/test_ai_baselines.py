"""The arena's yardsticks: greedy plays the textbook moves, mcts plays legal ones."""

from __future__ import annotations

import pytest

from bot.ai import BASELINES, STRENGTHS, choose_action, hard, oracle
from bot.ai.arena import run_arena
from bot.ai.baselines import greedy_choose, mcts_search
from bot.engine import Action, RuleSet, deal_from_position, new_deal

from .positions import positions


def _greedy(state, seat: int) -> str:
    return greedy_choose(state.view(seat)).text()


def test_greedy_covers_with_the_cheapest_plain_beater():
    # Trumps are hearts. 6s can be beaten by 7s, 9s, Qs or any heart: 7s is the cheapest.
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["8d 9d Jc", "Qs 9s 7s 6h Ah"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("6s", None)])
    assert _greedy(s, 1) == "c 6s 7s"


def test_greedy_covers_plain_before_trump_even_with_a_high_card():
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["8d 9d Jc", "As 6h 7c"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("10s", None)])
    assert _greedy(s, 1) == "c 10s As"


def test_greedy_covers_with_a_trump_when_no_plain_card_beats():
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["8d 9d Jc", "9s Ah 7h 6c"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("10s", None)])
    assert _greedy(s, 1) == "c 10s 7h"


def test_greedy_takes_when_some_card_cannot_be_covered():
    # 6s can be covered, 6d cannot (no diamond above it, no trump): take.
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["8d 9d Jc", "7s 8c 9c"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("6s", None), ("6d", None)])
    assert _greedy(s, 1) == "t"


def test_greedy_never_throws_in_a_trump_while_the_stock_remains():
    # The table shows 9s covered by Js; seat 0 holds the trumps 9h and Jh (they match)
    # and a plain 6c (it does not). With stock left it passes.
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["9h Jh 6c", "7d 8d 10d"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("9s", "Js")])
    view = s.view(0)
    assert any(a.text() == "a 9h" for a in view.legal)
    assert greedy_choose(view).text() == "p"


def test_greedy_throws_in_the_lowest_plain_match_and_trumps_once_the_stock_is_gone():
    table = [("9s", "Js")]
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["9h Jd 9c 6c", "7d 8d 10d"],
                           trump="h", attacker=0, defender=1, stock="10c Qd Kc",
                           table=table)
    assert _greedy(s, 0) == "a 9c"
    gone = deal_from_position(RuleSet.preset("podkidnoy"), hands=["9h 6c", "7d 8d 10d"],
                              trump="h", attacker=0, defender=1, table=table)
    assert _greedy(gone, 0) == "a 9h"


def test_greedy_leads_its_lowest_plain_card_alone():
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6h 8c 9d Ks", "7d 8s 10d"],
                           trump="h", attacker=0, defender=1, stock="10c Qd Kc")
    assert _greedy(s, 0) == "a 8c"
    only_trumps = deal_from_position(RuleSet.preset("podkidnoy"),
                                     hands=["Ah 7h", "7d 8s 10d"], trump="h", attacker=0,
                                     defender=1, stock="10c Qd Kc")
    assert _greedy(only_trumps, 0) == "a 7h"


def test_greedy_transfers_with_a_plain_card_rather_than_cover_with_a_trump():
    # Only trumps (6h, 7h) beat 7d: it transfers with the plain 7c, not the trump 7h.
    s = deal_from_position(RuleSet.preset("perevodnoy"), hands=["8d 9d Jc", "7h 7c 6h",
                                                                 "Qd Kd Ad"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("7d", None)])
    assert _greedy(s, 1) == "r 7c"
    cheap = deal_from_position(RuleSet.preset("perevodnoy"), hands=["8c 9d Jc",
                                                                     "7s 8d 6h", "Qd Kd Ad"],
                               trump="h", attacker=0, defender=1, stock="10c Js Kc",
                               table=[("7d", None)])
    assert _greedy(cheap, 1) == "c 7d 8d"  # covering costs no trump: it covers


@pytest.mark.parametrize("preset,players", [("podkidnoy", 2), ("perevodnoy", 3),
                                            ("podkidnoy", 4)])
def test_mcts_returns_legal_moves(preset, players):
    rules = RuleSet.preset(preset, players=players)
    checked = 0
    for state, seat in positions(rules, seed=11, every=7):
        view = state.view(seat)
        if len(view.legal) < 2:
            continue
        best, stats = mcts_search(view, seed=checked, max_rollouts=30)
        assert best in view.legal
        assert all(a in view.legal and 0.0 <= m <= 1.0 and n >= 1
                   for a, (m, n) in stats.items())
        state.apply(best)  # the checked path: raises on an illegal move
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def test_mcts_with_a_time_budget_through_choose_action():
    s = new_deal(RuleSet.preset("podkidnoy"), seed=3)
    seat = s.waiting_on()[0]
    action = choose_action(s, seat, "mcts", seed=1, budget_s=0.05)
    assert isinstance(action, Action) and action in list(s.legal_actions(seat))


def test_yardsticks_are_not_strengths_people_pick():
    assert set(BASELINES) == {"greedy", "mcts", "oracle"}
    assert not set(BASELINES) & set(STRENGTHS)


def test_the_oracle_needs_the_whole_state_and_is_refused_a_view():
    s = new_deal(RuleSet.preset("podkidnoy"), seed=3)
    with pytest.raises(ValueError, match="only the arena"):
        choose_action(s, s.waiting_on()[0], "oracle", seed=1, budget_s=0.05)


def test_the_oracle_searches_the_true_state_and_never_samples(monkeypatch):
    def no_sampling(*args, **kwargs):
        raise AssertionError("the oracle sampled a world instead of using the true state")

    monkeypatch.setattr(hard, "sample_world", no_sampling)
    seen: list[list[int]] = []
    real_search = hard.search

    def spy(view, *args, worlds, **kwargs):
        def watched(rng):
            world = worlds(rng)
            seen.append(list(world.hands))
            return world
        return real_search(view, *args, worlds=watched, **kwargs)

    monkeypatch.setattr(oracle, "search", spy)
    tried = 0
    for state, seat in positions(RuleSet.preset("podkidnoy"), 4, every=5):
        if state.view(seat).stock_count == 0 or len(list(state.legal_actions(seat))) < 2:
            continue
        true_hands = list(state.clone().hands)
        seen.clear()
        action = oracle.choose(state, seat, seed=1, budget_s=0.02, clock="cpu")
        assert action in list(state.legal_actions(seat))
        assert seen and all(h == true_hands for h in seen)
        tried += 1
    assert tried >= 3


def test_the_oracle_that_sees_the_hands_keeps_them_and_shuffles_the_stock(monkeypatch):
    """``oracle.SEES = "hands"``: every world holds the true hands, and the stock's cards
    but not their order (the turn-up still last); an unknown setting is refused."""
    seen: list = []
    real_search = hard.search

    def spy(view, *args, worlds, **kwargs):
        def watched(rng):
            world = worlds(rng)
            seen.append((list(world.hands), list(world.stock)))
            return world
        return real_search(view, *args, worlds=watched, **kwargs)

    monkeypatch.setattr(oracle, "search", spy)
    monkeypatch.setattr(oracle, "SEES", "hands")
    tried = 0
    for state, seat in positions(RuleSet.preset("podkidnoy"), 4, every=5):
        if state.view(seat).stock_count < 3 or len(list(state.legal_actions(seat))) < 2:
            continue
        true_hands, true_stock = list(state.clone().hands), list(state.stock)
        seen.clear()
        action = oracle.choose(state, seat, seed=1, budget_s=0.02, clock="cpu")
        assert action in list(state.legal_actions(seat))
        assert len(seen) > 1 and all(hands == true_hands for hands, _ in seen)
        assert all(sorted(stock) == sorted(true_stock) for _, stock in seen)
        assert all(stock[0] == true_stock[0] for _, stock in seen)  # the turn-up, drawn last
        assert len({tuple(stock) for _, stock in seen}) > 1  # the order is not seen
        tried += 1
    assert tried >= 3
    monkeypatch.setattr(oracle, "SEES", "stock")
    state, seat = next(positions(RuleSet.preset("podkidnoy"), 1, every=5))
    with pytest.raises(ValueError, match="unknown oracle.SEES"):
        oracle.choose(state, seat, seed=1, budget_s=0.02, clock="cpu")


def test_arena_plays_the_oracle_with_the_state():
    result = run_arena(RuleSet.preset("podkidnoy"), "oracle", "greedy", games=2, seed=5,
                       budget_a=0.01, clock="cpu")
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 2
    assert result["a_moves"] > 0


def test_solo_arena_counts_how_often_the_single_seat_is_the_fool():
    result = run_arena(RuleSet.preset("podkidnoy", players=3), "normal", "greedy", games=6,
                       seed=2, solo=True)
    assert result["solo"] is True
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 6
    assert result["a_fool_rate"] == pytest.approx(round(result["b_wins"] / 6, 4))
