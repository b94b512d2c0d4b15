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
is never switched (``tests/ai/test_ai_models.py`` plays greedy's deals in every
throw-in game to the end and checks it), and hard's games against greedy are the same
games as before. The moves the textbook never makes, whatever else the seat holds:
- an attack of several cards at once (it leads and throws in one card at a time), except
  under pattern leads, where greedy leads several when it must;
- a trump thrown in while the stock lasts (it throws in plain cards until then);
- a trump played to transfer (it transfers with a plain card, or shows the trump);
- a pass once the stock is gone, with room left: a pass is legal only to a seat holding a
  card of the table's ranks, and once the stock is gone the textbook throws in any such
  card, trumps too.
And, given the cards everyone saw a seat take and that it has not played since (where
ranks order the cards: not with jacks high, spades by spades, jokers or welis):
- a lead of a card dearer than one of those (it leads its cheapest card: plain before
  trump, then low before high);
- a throw-in dearer than one of those that fits the table (plain while the stock lasts),
  or a pass while holding a plain one that fits;
- with one card left to cover, a cover dearer than one of those that beats it, or taking
  it while holding one that beats it.
"""

from __future__ import annotations

from bot.engine import Entry, HistoryKind, PlayerView, PublicHistory
from bot.engine.core.cards import bits

from .beliefs import cheaper_beaters
from .knowledge import JOKER_RANK, beaters_of, rank, suit

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
    rules = view.rules
    several_allowed = rules.lead == "pagat_pattern"
    # Cheaper and higher as ranks say: not where jacks rank high, spades beat only
    # spades, or jokers and welis play (the textbook's order there is not the ranks').
    by_rank = not (rules.jacks_high or rules.spades_by_spades or rules.crazy
                   or rules.albanian or rules.weli or rules.jokers)
    # After a change of trump, a card's suit at the time is not the suit now: judge the
    # trump facts only while the trump is the one it was.
    if history.of_kind(HistoryKind.TRUMP_CHANGED):
        trump = None
    known = [0] * len(view.hand_counts)  # cards each seat was seen to take and still holds
    table: list[list[int]] = []  # [attack, cover or -1] of the bout in progress
    bout = -1
    off = 0
    for e in history.entries:
        if e.bout != bout:
            bout, table = e.bout, []
        if e.seat < 0:
            continue
        if not (off >> e.seat) & 1 and _breaks_the_textbook(
                e, trump, several_allowed, known[e.seat] if by_rank else 0, table):
            off |= 1 << e.seat
        _follow(e, known, table)
    return off


def _breaks_the_textbook(e: Entry, trump: int | None, several_allowed: bool, held: int,
                         table: list[list[int]]) -> bool:
    """Could the textbook not have made the move ``e``, holding at least ``held``?"""
    kind, cards = e.kind, e.cards
    if any(rank(c) == JOKER_RANK for c in cards):
        return False  # jokers and welis: the textbook's order of cards does not say
    if kind is HistoryKind.ATTACK:
        if len(cards) > 1:
            return not several_allowed
        card = cards[0]
        if e.count == 0:  # a lead: the cheapest card held
            return any(_cheaper(k, card, trump) for k in bits(held))
        if e.stock > 0 and _is_trump(card, trump):
            return True  # no trump thrown in while the stock lasts
        ranks = {rank(c) for pair in table for c in pair if c >= 0}
        return any(rank(k) in ranks and _cheaper(k, card, trump)
                   and (e.stock == 0 or not _is_trump(k, trump)) for k in bits(held))
    if kind is HistoryKind.PASS:
        if e.room <= 0:
            return False
        if e.stock == 0:
            return True  # once the stock is gone, any card of the ranks is thrown in
        return any((e.ranks >> rank(k)) & 1 and not _is_trump(k, trump) for k in bits(held))
    if kind is HistoryKind.TRANSFER:
        return _is_trump(cards[0], trump)  # a plain card, or the trump shown
    uncovered = [a for a, c in table if c < 0]
    if len(uncovered) != 1:
        return False  # several to cover: the textbook's assignment is not one rule
    if kind is HistoryKind.COVER:  # the cheapest beater
        return bool(held & cheaper_beaters(cards[0], cards[1], trump))
    if kind is HistoryKind.TAKE:  # the textbook takes only what it cannot cover
        return bool(held & beaters_of(uncovered[0], trump))
    return False


def _follow(e: Entry, known: list[int], table: list[list[int]]) -> None:
    """Keep each seat's known cards and the bout's table up to date after ``e``."""
    kind, seat = e.kind, e.seat
    if kind in (HistoryKind.ATTACK, HistoryKind.TRANSFER):
        for c in e.cards:
            known[seat] &= ~(1 << c)
            table.append([c, -1])
    elif kind is HistoryKind.COVER:
        known[seat] &= ~(1 << e.cards[1])
        for pair in table:
            if pair[0] == e.cards[0] and pair[1] < 0:
                pair[1] = e.cards[1]
                break
    elif kind in (HistoryKind.TAKEN, HistoryKind.SHOW) or (
            kind is HistoryKind.DREW and e.cards):
        for c in e.cards:
            known[seat] |= 1 << c
    elif kind is HistoryKind.EXCHANGED:
        known[seat] = 0  # what left the hand is not always said: forget, never guess


def _is_trump(card: int, trump: int | None) -> bool:
    return trump is not None and suit(card) == trump


def _cheaper(a: int, b: int, trump: int | None) -> bool:
    """Does the textbook rank ``a`` below ``b`` (plain before trump, then the rank)?"""
    return (_is_trump(a, trump), rank(a)) < (_is_trump(b, trump), rank(b))
