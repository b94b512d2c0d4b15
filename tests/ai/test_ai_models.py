"""How hard models the other seats (``bot/ai/models.py``): the textbook until a seat makes a
public move the textbook never makes."""

from __future__ import annotations

import pytest

from bot.ai import choose_action, hard
from bot.ai.models import off_the_textbook, textbook_seats
from bot.engine import (
    PLAYABLE_PRESETS,
    Entry,
    HistoryKind,
    PublicHistory,
    Recorder,
    RuleSet,
    ThrowInState,
    new_deal,
)
from bot.engine.core.cards import card_id


def _play(preset: str, players: int, seed: int, strengths: list[str]):
    """Play a deal to the end; yield (state, seat to move, history) before each move."""
    state = new_deal(RuleSet.preset(preset, players=players), seed)
    recorder = Recorder(state)
    while not state.is_over and state.version < 3000:
        seat = min(state.waiting_on(), key=lambda x: (x - state.attacker) % players)
        yield state, seat, recorder.history
        action = choose_action(state, seat, strengths[seat % len(strengths)],
                               seed=seed * 31 + state.version, budget_s=0, max_rollouts=150)
        recorder.apply(action)


THROW_IN_ROWS = [(p, n) for p in PLAYABLE_PRESETS for n in (2, 3, 4)
                 if (p != "teams" or n == 4)  # teams: two pairs only
                 and isinstance(new_deal(RuleSet.preset(p, players=n), 0), ThrowInState)]


@pytest.mark.parametrize("preset,players", THROW_IN_ROWS)
def test_greedy_never_leaves_the_textbook(preset, players):
    # Greedy is the textbook: were it ever switched, hard's games against greedy would
    # no longer be the games its figures were measured on.
    for seed in range(6):
        for state, seat, history in _play(preset, players, seed, ["greedy"]):
            assert off_the_textbook(state.view(seat), history) == 0, (preset, seed,
                                                                     state.version)


def test_plain_monte_carlo_is_read_off_the_textbook_and_greedy_never():
    flagged = 0
    for seed in range(8):
        off = 0
        for state, seat, history in _play("podkidnoy", 2, seed, ["mcts", "greedy"]):
            off = off_the_textbook(state.view(seat), history)
            assert not off & 0b10  # seat 1 is greedy
        flagged += off & 1
    assert flagged >= 6  # mcts's random playouts lead pairs and throw in trumps early


def _view():
    state = new_deal(RuleSet.preset("podkidnoy", players=2), 3)
    return state.view(0)


def _history(*entries: Entry) -> PublicHistory:
    return PublicHistory(2, tuple(entries))


def _nines(view) -> tuple[int, int, int]:
    """Two plain nines and the trump nine."""
    plain = [card_id(9, suit) for suit in range(4) if suit != view.trump_suit]
    return plain[0], plain[1], card_id(9, view.trump_suit)


def test_each_move_the_textbook_never_makes_switches_that_seat_and_no_other():
    view = _view()
    plain, other, trump = _nines(view)
    A, P, T = HistoryKind.ATTACK, HistoryKind.PASS, HistoryKind.TRANSFER
    off = {  # a move the textbook never makes, by seat 1
        "a lead of two cards": Entry(0, A, 1, (plain, other), count=0, stock=20),
        "a trump thrown in while the stock lasts": Entry(0, A, 1, (trump,), count=2, stock=5),
        "a trump played to transfer": Entry(0, T, 1, (trump,), target=0, stock=5),
        "a pass with the stock gone and room left": Entry(0, P, 1, ranks=1 << 9, room=3,
                                                          stock=0),
    }
    fits = {  # the same kinds of move the textbook does make
        "a lead of one card": Entry(0, A, 1, (plain,), count=0, stock=20),
        "a trump thrown in once the stock is gone": Entry(0, A, 1, (trump,), count=2, stock=0),
        "a plain card thrown in": Entry(0, A, 1, (plain,), count=2, stock=5),
        "a plain card to transfer": Entry(0, T, 1, (plain,), target=0, stock=5),
        "a pass while the stock lasts": Entry(0, P, 1, ranks=1 << 9, room=3, stock=4),
        "a pass with no room left": Entry(0, P, 1, ranks=1 << 9, room=0, stock=0),
    }
    for name, entry in off.items():
        assert off_the_textbook(view, _history(entry)) == 0b10, name
        assert textbook_seats(view, _history(entry), "fitted") == 0, name
    for name, entry in fits.items():
        assert off_the_textbook(view, _history(entry)) == 0, name
        assert textbook_seats(view, _history(entry), "fitted") == 0b10, name


def test_a_card_seen_taken_and_still_held_is_read_as_the_textbook_would_play_it():
    # Seat 1 took a plain seven (everyone saw it) and still holds it: the textbook leads
    # it before a nine, throws it in before a nine, covers a six with it rather than with
    # an ace, never takes a six it beats, and throws it in rather than pass.
    view = _view()
    p1, p2 = [s for s in range(4) if s != view.trump_suit][:2]
    six, seven, nine, ace = (card_id(r, p1) for r in (6, 7, 9, 14))
    A, C, K, B = HistoryKind.ATTACK, HistoryKind.COVER, HistoryKind.TAKE, HistoryKind.BOUT
    took = (Entry(0, B, 0, target=1), Entry(0, A, 0, (seven,), count=0, stock=20),
            Entry(0, K, 1), Entry(0, HistoryKind.TAKEN, 1, (seven,)))
    played = (Entry(1, B, 1, target=0), Entry(1, A, 1, (seven,), count=0, stock=20),
              Entry(1, K, 0), Entry(1, HistoryKind.TAKEN, 0, (seven,)))
    off = {
        "a nine led": (Entry(2, B, 1, target=0), Entry(2, A, 1, (nine,), count=0, stock=18)),
        "a nine thrown in onto a seven": (
            Entry(2, B, 1, target=0), Entry(2, A, 1, (card_id(7, p2),), count=0, stock=18),
            Entry(2, C, 0, (card_id(7, p2), card_id(9, p2))),
            Entry(2, A, 1, (nine,), count=2, stock=18)),
        "a six covered with an ace": (
            Entry(2, B, 0, target=1), Entry(2, A, 0, (six,), count=0, stock=18),
            Entry(2, C, 1, (six, ace))),
        "a six taken": (
            Entry(2, B, 0, target=1), Entry(2, A, 0, (six,), count=0, stock=18),
            Entry(2, K, 1)),
        "a pass while sevens lie there": (
            Entry(2, HistoryKind.PASS, 1, ranks=1 << 7, room=2, stock=18),),
    }
    for name, entries in off.items():
        assert off_the_textbook(view, _history(*took, *entries)) == 0b10, name
        assert off_the_textbook(view, _history(*took, *played, *entries)) == 0, name


def test_the_trump_facts_are_not_judged_after_a_change_of_trump():
    view = _view()
    trump = _nines(view)[2]
    changed = Entry(0, HistoryKind.TRUMP_CHANGED, 0, (trump,))
    thrown = Entry(1, HistoryKind.ATTACK, 1, (trump,), count=2, stock=5)
    assert off_the_textbook(view, _history(thrown)) == 0b10
    assert off_the_textbook(view, _history(changed, thrown)) == 0


def test_the_models_and_their_names():
    view = _view()
    lead = Entry(0, HistoryKind.ATTACK, 1, _nines(view)[:2], count=0, stock=20)
    assert textbook_seats(view, None, "fitted") == 0b10  # nothing to read: the textbook
    assert textbook_seats(view, _history(lead), "textbook") == 0b10
    assert textbook_seats(view, _history(), "policy") == 0
    with pytest.raises(ValueError, match="unknown hard.OTHERS"):
        textbook_seats(view, None, "clairvoyant")


def _moves_against_greedy(monkeypatch, constant: str, value) -> list:
    """Hard's moves (seat 0, 60 rollouts each) through a seeded deal against greedy, with
    ``hard.<constant>`` set to ``value``."""
    monkeypatch.setattr(hard, constant, value)
    return [hard.search(state.view(0), state.version, 0.0, max_rollouts=60,
                        history=history)[0]
            for state, seat, history in _play("podkidnoy", 2, 11, ["greedy"]) if seat == 0]


def test_against_greedy_the_fitted_model_plays_the_same_game_as_the_textbook(monkeypatch):
    fitted, textbook, policy = (_moves_against_greedy(monkeypatch, "OTHERS", model)
                                for model in ("fitted", "textbook", "policy"))
    assert fitted == textbook
    assert fitted != policy  # the check can tell the models apart


def test_the_deal_is_read_only_while_the_other_seats_fit_the_textbook(monkeypatch):
    # READ_THE_DEAL = "fitted": the particles weigh hands by the textbook's reading of
    # each move, so they read a seat only while its moves fit the textbook.
    view = _view()  # seat 0's
    plain, other, _ = _nines(view)
    lead_by = {s: Entry(0, HistoryKind.ATTACK, s, (plain, other), count=0, stock=20)
               for s in (0, 1)}
    monkeypatch.setattr(hard, "READ_THE_DEAL", "fitted")
    assert hard._reads_the_deal(view, _history())
    assert hard._reads_the_deal(view, _history(lead_by[0]))  # its own moves do not count
    assert not hard._reads_the_deal(view, _history(lead_by[1]))
    assert not hard._reads_the_deal(view, None)  # no history: nothing to read
    monkeypatch.setattr(hard, "READ_THE_DEAL", True)
    assert hard._reads_the_deal(view, _history(lead_by[1]))


def test_against_greedy_the_fitted_reading_plays_the_same_game_as_the_whole_deal(
        monkeypatch):
    fitted, whole, bout = (_moves_against_greedy(monkeypatch, "READ_THE_DEAL", reading)
                           for reading in ("fitted", True, False))
    assert fitted == whole
    assert fitted != bout  # the check can tell the readings apart
