"""How hard's search plays each other seat: the textbook until that seat shows it is not one.

Hard's playouts need a model of the other seats. Two were measured (bot/ai/README.md):
the textbook (``rollout.textbook_action``: greedy's rules, blind to the hands) and the
playout policy (it reads their hands in the sampled world, so it plays like a strong
player who guesses well). Neither serves every opponent: against greedy, who is the
textbook, the textbook model is worth 10 points; against plain Monte Carlo search, the
playout policy is worth 15. So the model is chosen per seat from what the table saw:
a seat is played as the textbook while every one of its public moves could have been
the textbook's, whatever it held, and as the playout policy from its first move that
could not.

Only facts count, never a guess about the hidden hand, so a seat that plays the textbook
is never switched (``tests/ai/test_ai_models.py`` plays greedy's deals to the end and
checks it), and hard's games against greedy are the same games as before. The moves the
textbook never makes, whatever the hand:
- an attack of several cards at once (it leads and throws in one card at a time), except
  under pattern leads, where greedy leads several when it must;
- a trump thrown in while the stock lasts (it throws in plain cards until then);
- a trump played to transfer (it transfers with a plain card, or shows the trump);
- a pass once the stock is gone, with room left: a pass is legal only to a seat holding a
  card of the table's ranks, and once the stock is gone the textbook throws in any such
  card, trumps too.
"""

from __future__ import annotations

from bot.engine import HistoryKind, PlayerView, PublicHistory
from bot.engine.core.cards import suit_of

MODELS = ("fitted", "textbook", "policy")


def textbook_seats(view: PlayerView, history: PublicHistory | None, model: str) -> int:
    """A bitmask of the other seats the playouts play by the textbook: every other seat
    (``"textbook"``), none (``"policy"``), or those whose public moves all fit it
    (``"fitted"``; all of them when there is no history to read)."""
    if model not in MODELS:
        raise ValueError(f"unknown hard.OTHERS {model!r}; known: {', '.join(MODELS)}")
    if model == "policy":
        return 0
    seats = 0
    for other in range(len(view.hand_counts)):
        if other != view.player:
            seats |= 1 << other
    if model == "fitted" and history is not None:
        seats &= ~off_the_textbook(view, history)
    return seats


def off_the_textbook(view: PlayerView, history: PublicHistory) -> int:
    """A bitmask of the seats that made a public move the textbook never makes."""
    trump = view.trump_suit
    several_allowed = view.rules.lead == "pagat_pattern"
    # After a change of trump, a card's suit at the time is not the suit now: judge the
    # trump facts only while the trump is the one it was.
    trump_known = not history.of_kind(HistoryKind.TRUMP_CHANGED)
    off = 0
    for e in history.entries:
        if e.seat < 0 or (off >> e.seat) & 1:
            continue
        is_trump = trump_known and trump is not None and bool(e.cards) and (
            suit_of(e.cards[0]) == trump)
        if e.kind is HistoryKind.ATTACK:
            if (len(e.cards) > 1 and not several_allowed) or (
                    e.count > 0 and e.stock > 0 and is_trump):
                off |= 1 << e.seat
        elif e.kind is HistoryKind.TRANSFER:
            if is_trump:
                off |= 1 << e.seat
        elif e.kind is HistoryKind.PASS:
            if e.stock == 0 and e.room > 0:
                off |= 1 << e.seat
    return off
