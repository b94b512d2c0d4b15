"""Reading the bout on the table: which unseen cards a seat probably does *not* hold.

The view has no history, but the bout in progress says a lot, and people read it:

- A defender who is *taking* while attack cards lie uncovered probably had no cheap way
  to cover them: no higher card of the same (non-trump) suit. Taking to keep trumps is
  common, so trumps are not inferred away.
- A seat that *passed* (attacker or co-attacker) while the table shows some ranks and
  the bout still had room probably holds no plain card of those ranks: throwing in a
  small plain card is almost always right, so passing says it had none. Trumps of those
  ranks are often kept on purpose, so they are not inferred away.

These are beliefs, not facts: ``sampling`` honours them with probability ``BELIEF`` per
card, so a world where the seat did hold such a card (a bluff, a mistake, a plan) is
still sampled now and then and the search never relies on a certainty it does not have.

The deal's public history (``bot.engine.PublicHistory``) adds facts (``ruled_out``): the
engine passes for a throw-in seat only when it has no card of the table's ranks, so a
bout that ended with the stock empty, room left and that seat silent says it held none
of them; with the stock empty a hand gains only cards picked up in plain sight (known),
so it still holds none. Those cards are never dealt to it.
"""

from __future__ import annotations

from bot.engine import HistoryKind, PlayerView, PublicHistory
from bot.engine.core.cards import RANK_MASKS, bits

from .knowledge import JOKER_RANK, Knowledge

BELIEF = 0.85  # chance a sampled world respects one inferred "probably not held" card


def _same_suit_above(card: int, trump: int | None) -> int:
    r, s = card & 15, (card >> 4) & 3
    if r == JOKER_RANK or s == trump:
        return 0
    m = 0
    for p in range(3):
        for rr in range(r + 1, 15):
            m |= 1 << (p * 64 + s * 16 + rr)
    return m


def _plain_of_ranks(ranks: set[int], trump: int | None) -> int:
    m = 0
    for p in range(3):
        for s in range(4):
            if s == trump:
                continue
            for r in ranks:
                m |= 1 << (p * 64 + s * 16 + r)
    return m


def unlikely(view: PlayerView, know: Knowledge) -> dict[int, int]:
    """{seat: mask of unknown cards that seat probably does not hold} (other seats only)."""
    out: dict[int, int] = {}
    if not view.table:
        return out
    trump = view.trump_suit
    me = view.player
    d = view.defender
    if view.taking and d != me and know.slots[d]:
        m = 0
        for a, c in view.table:
            if c is None:
                m |= _same_suit_above(int(a), trump)
        if m & know.unknown:
            out[d] = m & know.unknown
    uncovered = sum(1 for _, c in view.table if c is None)
    room = len(view.table) < view.limit and view.hand_counts[d] > uncovered
    if room and view.passed:
        ranks = {int(a) & 15 for a, _ in view.table} | {
            int(c) & 15 for _, c in view.table if c is not None}
        ranks.discard(JOKER_RANK)
        m = _plain_of_ranks(ranks, trump) & know.unknown
        if m:
            for s in view.passed:
                if s != me and s != d and know.slots[s]:
                    out[s] = out.get(s, 0) | m
    return out


def of_ranks(ranks: int) -> int:
    """Every card id (three packs, every suit) of the ranks in the bitmask ``ranks``
    (jokers have no rank to throw in: never theirs)."""
    m = 0
    for r in bits(ranks):
        if r < JOKER_RANK:
            m |= RANK_MASKS[r]
    return m


def ruled_out(view: PlayerView, know: Knowledge, history: PublicHistory | None
              ) -> dict[int, int]:
    """{seat: unknown cards that seat certainly does not hold} from the deal's history
    (module doc): bouts that ended, stock empty, with room for a seat the engine passed
    for. Other seats only; {} without a history."""
    out: dict[int, int] = {}
    if history is None:
        return out
    me = view.player
    for e in history.of_kind(HistoryKind.DECLINED):
        if e.count or e.room <= 0 or e.stock or e.seat == me or not know.slots[e.seat]:
            continue
        m = of_ranks(e.ranks) & know.unknown
        if m:
            out[e.seat] = out.get(e.seat, 0) | m
    return out
