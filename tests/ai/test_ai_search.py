"""The hard player's search: exact endgames, pruning, hints."""

from __future__ import annotations

import time

from bot.ai import hint
from bot.ai.endgame import solve
from bot.ai.hard import candidates, search
from bot.ai.hints import HINT_KEYS
from bot.engine import Action, ActionKind, GameState, RuleSet, deal_from_position, new_deal
from bot.i18n import LOCALES, has_message, t


def _endgame() -> GameState:
    # Stock empty, two players. Leading the trump ace first makes the defender take it and
    # leaves them the fool; leading 6h first only draws (both go out in the last bout).
    return deal_from_position(RuleSet.preset("podkidnoy"), hands=["6h As", "7h 8c"],
                                   trump="s", attacker=0, defender=1)


def test_exact_endgame_search_finds_the_win():
    s = _endgame()
    legal = list(s.legal_actions(0))
    best = solve(s, 0, legal, deadline=time.perf_counter() + 5)
    assert best == Action.parse("a As", player=0)


def test_hard_plays_the_exact_endgame_move_and_explains_it():
    s = _endgame()
    action, (key, params) = hint(s, 0, seed=1, budget_s=2.0)
    assert action == Action.parse("a As", player=0)
    assert key == "hint.lead_unbeatable" and params == {"cards": "A♠"}


def test_search_prunes_split_groups_but_keeps_singles():
    s = deal_from_position(RuleSet.preset("podkidnoy"),
                                hands=["6h 6d 6c 9s", "7h 8c 9c 10c"], trump="s", attacker=0,
                                stock="Jh Qh Ks", defender=1)
    view = s.view(0)
    cands = candidates(list(view.legal), view)
    texts = {a.text() for a in cands}
    assert {"a 6h", "a 6d", "a 6c", "a 9s", "a 6h 6d 6c"} <= texts
    assert "a 6h 6d" not in texts and len(cands) < len(view.legal)


def test_search_reports_statistics_for_every_candidate():
    s = new_deal(RuleSet.preset("perevodnoy", players=3), seed=9)
    view = s.view(s.waiting_on()[0])
    best, stats = search(view, seed=3, budget_s=5.0, max_rollouts=60)
    assert best in view.legal and best in stats
    assert all(0.0 <= mean <= 1.0 and n >= 1 for mean, n in stats.values())


def test_every_hint_key_is_in_every_catalogue():
    for key in HINT_KEYS:
        for locale in LOCALES:
            assert has_message(locale, key), (locale, key)


def test_hint_renders_in_every_language():
    s = new_deal(RuleSet.preset("podkidnoy"), seed=5)
    seat = s.waiting_on()[0]
    action, (key, params) = hint(s, seat, seed=2, budget_s=5.0, max_rollouts=30)
    assert action in set(s.legal_actions(seat))
    assert action.kind is ActionKind.ATTACK and key.startswith("hint.lead")
    for locale in LOCALES:
        text = t(locale, key, **params)
        assert params["cards"] in text
