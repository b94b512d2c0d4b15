"""Reading the bout: sampled worlds lean towards what the other seats' moves say."""

from __future__ import annotations

import random

from bot.ai import easy
from bot.ai.inference import unlikely
from bot.ai.knowledge import read_view
from bot.ai.sampling import sample_world
from bot.engine import ActionKind, Card, GameState, RuleSet, deal_from_position, new_deal

HEARTS_ABOVE_7 = [int(Card.parse(t)) for t in ("8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah")]


def _taking_defender() -> GameState:
    # Seat 0 led 7h; seat 1 (the defender) declared it takes. Trumps are spades.
    return deal_from_position(
        RuleSet.preset("podkidnoy"), hands=["6c 7c Kd", "6d 8d 9d 10d Jd Qd"], trump="s",
        attacker=0, defender=1, stock="8h 9h 10h Jh Qh Kh Ah 6s 7s 8s 9s 10s",
        table=[(int(Card.parse("7h")), None)], taking=True)


def _hearts_share(state: GameState, beliefs: dict[int, int] | None) -> float:
    view = state.view(0)
    know = read_view(view)
    held = 0
    for k in range(300):
        world = sample_world(view, random.Random(k), know, beliefs)
        held += sum(1 for c in HEARTS_ABOVE_7 if (world.hands[1] >> c) & 1)
    return held / 300


def test_a_taking_defender_probably_had_no_plain_beater():
    state = _taking_defender()
    view = state.view(0)
    beliefs = unlikely(view, read_view(view))
    assert set(beliefs) == {1}
    assert {c for c in HEARTS_ABOVE_7 if (beliefs[1] >> c) & 1} == set(HEARTS_ABOVE_7)
    assert not any((beliefs[1] >> int(Card.parse(t))) & 1 for t in ("6s", "10s"))  # trumps
    uniform = _hearts_share(state, {})
    biased = _hearts_share(state, None)
    assert uniform > 1.0 and biased < uniform / 3


def test_nothing_is_inferred_before_anyone_has_acted_on_the_table():
    state = new_deal(RuleSet.preset("podkidnoy", players=3), seed=5)
    view = state.view(state.attacker)
    assert unlikely(view, read_view(view)) == {}


def test_a_seat_that_passed_probably_lacks_plain_cards_of_the_table_ranks():
    # Three players: 0 led 9c, 1 defends (covered with 10c), 2 passed while there was room.
    state = deal_from_position(
        RuleSet.preset("podkidnoy", players=3),
        hands=["6c 7c Kd", "6d 8d", "7h 8h Jd"], trump="s", attacker=0, defender=1,
        stock="9h 9d 9s 10h 10d 10s Ah As", table=[(int(Card.parse("9c")),
                                                    int(Card.parse("10c")))], passed=[2])
    view = state.view(0)
    beliefs = unlikely(view, read_view(view))
    assert 2 in beliefs and 1 not in beliefs
    likely_lacks = {str(Card(c)) for c in range(256) if (beliefs[2] >> c) & 1}
    assert {str(Card.parse(t)) for t in ("9h", "9d", "10h", "10d")} <= likely_lacks
    assert str(Card.parse("9s")) not in likely_lacks  # a trump may be kept on purpose


def test_easy_co_attacker_often_forgets_to_throw_in_with_three_players(monkeypatch):
    state = deal_from_position(
        RuleSet.preset("podkidnoy", players=3),
        hands=["6c 7c Kd", "6d 8d 9d", "9h 8h Jd"], trump="s", attacker=0, defender=1,
        stock="Ah As Ad", table=[(int(Card.parse("9c")), int(Card.parse("10c")))],
        first_bout=False)
    view = state.view(2)
    assert any(a.kind is ActionKind.ATTACK for a in view.legal)

    def pass_rate() -> float:
        moves = [easy.choose(view, seed) for seed in range(200)]
        return sum(a.kind is ActionKind.PASS for a in moves) / len(moves)

    forgetful = pass_rate()
    monkeypatch.setattr(easy, "FORGETS_THROW_IN", 0.0)
    attentive = pass_rate()
    assert forgetful > attentive + 0.25
