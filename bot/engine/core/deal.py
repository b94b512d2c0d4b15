"""The deal: shuffle from a seed, hands, turn-up, stock, first attacker (RULES.md 'The deal').

``deal(rules, seed, dealer)`` is pure: the same arguments give the same cards. The stock is
a list with the next card to draw at the END (``pop()``) and the turn-up at index 0, so the
turn-up is drawn last. Deal variants of the house rules (albanian, railway,
changeable_trump, spades_by_spades turn-ups) plug in as ``DEAL_VARIANTS[name]`` (issue 3).

A known card order instead of the seeded shuffle: ``deal(..., deck_order=cards)`` takes the
deck exactly as ``shuffled_deck`` would return it (so ``shuffled_deck(rules, seed)[0]`` deals
the seed's cards again). In the standard deal ``deck_order[0]`` goes to the seat left of the
dealer, the next card to the seat after, one card at a time round the table until every hand
is full; the next card is turned up (and lies under the stock); the cards after it are the
stock in drawing order (the card after the turn-up is drawn first). The seed still drives
what needs chance after the shuffle (the dealer when not given, re-inserting a rejected
turn-up, poker's swaps).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

from .cards import (
    DIAMONDS,
    JOKER_RANK,
    RANK_MASKS,
    SPADES,
    SUIT_MASKS,
    cards_text,
    deck_cards,
    parse_cards,
)
from .codes import Code
from .errors import InvalidState
from .rules import RuleSet

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    import bot.engine._cython_shim as cython


class Dealt(NamedTuple):
    dealer: int
    hands: list[int]         # bitmasks
    stock: list[int]         # draw from the end; stock[0] is the turn-up (if any left)
    turnup: int              # the card that shows trump
    trump: int               # suit 0..3, or -1 for no trump
    known: list[int]         # cards everyone saw in a hand (the turn-up given to the dealer)
    hidden: int = -1         # changeable_trump: the face-down card under the turn-up
    out_of_play: int = 0     # railway: the trump card, face up out of play (mask)


_BLOCK = 1 << 62  # _shuffle_by: a block's radix product stays below this (fits C long long)

DealVariant = Callable[[RuleSet, list[int], int], Dealt]
DEAL_VARIANTS: dict[str, DealVariant] = {}


class SeedStream:
    """Deterministic random numbers from a recorded seed: BLAKE2b in counter mode.

    Decision: the deal does not use ``random.Random`` (seeding one costs ~10 us, a third
    of a whole random game in the benchmark); this stream is just as reproducible, is
    independent of Python's ``random`` implementation, and never touches global state.
    """

    __slots__ = ("_key", "_counter", "_pool", "_bits")

    def __init__(self, seed: int):
        self._key = str(seed).encode()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def _refill(self) -> None:
        block = hashlib.blake2b(self._key + b"/" + str(self._counter).encode()).digest()
        self._counter += 1
        self._pool |= int.from_bytes(block, "little") << self._bits
        self._bits += 512

    def below(self, n: int) -> int:
        """Uniform-enough int in [0, n): 64 spare bits make the modulo bias < 2**-57."""
        need = n.bit_length() + 64
        while self._bits < need:
            self._refill()
        x = self._pool & ((1 << need) - 1)
        self._pool >>= need
        self._bits -= need
        return x % n

    def shuffle(self, cards: list[int]) -> None:
        """Fisher-Yates with one big random number split by repeated divmod."""
        n = len(cards)
        total_bits = sum(i.bit_length() for i in range(2, n + 1)) + 64
        while self._bits < total_bits:
            self._refill()
        x = self._pool & ((1 << total_bits) - 1)
        self._pool >>= total_bits
        self._bits -= total_bits
        if cython.compiled:  # blocks of C-integer divmods (see _shuffle_by)
            _shuffle_by(cards, x)
            return
        # plain Python: one divmod per card is faster than _shuffle_by's inner loop
        for i in range(n - 1, 0, -1):
            x, j = divmod(x, i + 1)
            cards[i], cards[j] = cards[j], cards[i]


def _shuffle_by(cards: list[int], x: int) -> None:
    """Fisher-Yates for positions n-1 .. 1 with ``j = x mod (i + 1)``, ``x //= i + 1``.

    The same swaps as a divmod of the big ``x`` per card, with one big divmod per block of
    positions whose radices multiply to under 2**62 (the remainder's mixed-radix digits are
    the block's ``j``; the rest is small-integer arithmetic, C integers when compiled)."""
    i = len(cards) - 1
    block = _BLOCK
    while i > 0:
        p = 1
        k = i
        while k > 0 and p <= block // (k + 1):
            p *= k + 1
            k -= 1
        x, r = divmod(x, p)
        while i > k:
            j = r % (i + 1)
            r //= i + 1
            cards[i], cards[j] = cards[j], cards[i]
            i -= 1


@lru_cache(maxsize=64)
def _sorted_deck(deck: int, packs: int, jokers: int) -> tuple[int, ...]:
    return tuple(deck_cards(deck, packs, jokers))


def shuffled_deck(rules: RuleSet, seed: int) -> tuple[list[int], SeedStream]:
    stream = SeedStream(seed)
    cards = list(_sorted_deck(rules.deck, rules.packs, rules.jokers))
    stream.shuffle(cards)
    return cards, stream


def ordered_deck(rules: RuleSet, deck_order: Iterable[int] | str) -> list[int]:
    """``deck_order`` (card ids or text, "6h 7h ...") checked to be this rule set's deck,
    each card once; InvalidState otherwise."""
    cards = parse_cards(deck_order)
    deck = _sorted_deck(rules.deck, rules.packs, rules.jokers)
    if len(cards) != len(deck) or sorted(cards) != list(deck):
        have, want = set(cards), set(deck)
        twice = sorted({c for c in cards if cards.count(c) > 1})
        problem = "; ".join(f"{what} {cards_text(found)}" for what, found in (
            ("missing", sorted(want - have)), ("named twice", twice),
            ("not in the deck", sorted(have - want))) if found)
        raise InvalidState(Code.DECK_ORDER_NOT_DECK, deck_size=len(deck), problem=problem)
    return cards


def deal(rules: RuleSet, seed: int, dealer: int | None = None,
         deck_order: Iterable[int] | str | None = None) -> Dealt:
    """Deal from ``seed``, or the cards of ``deck_order`` in that order (module docstring).
    The dealer, when not given, is drawn from the seed's stream after the shuffle. Passing
    the drawn dealer back reproduces the same cards unless the house deal draws from the
    stream too (a rejected turn-up re-inserted: jokers, spades_by_spades), which then
    continues from another place (README, "Known issues")."""
    if deck_order is None:
        cards, stream = shuffled_deck(rules, seed)
    else:
        cards, stream = ordered_deck(rules, deck_order), SeedStream(seed)
    if dealer is None:
        dealer = stream.below(rules.players)
    # house deal variants, resolved once per RuleSet (no per-deal rule lookups)
    house = rules.__dict__.get("_house_deal")
    if house is None:
        house = _needs_house_deal(rules)
        object.__setattr__(rules, "_house_deal", house)
    if house:
        return house_deal(rules, cards, dealer, stream)
    if DEAL_VARIANTS:
        for name, variant in DEAL_VARIANTS.items():
            if getattr(rules, name, False):
                return variant(rules, cards, dealer)
    return standard_deal(rules, cards, dealer)


def standard_deal(rules: RuleSet, cards: list[int], dealer: int) -> Dealt:
    """One card at a time clockwise from the dealer's left; the next card turned up.

    When players x hand_size equals the deck (e.g. 6 x 6 = 36), RULES.md's Decision: deal
    hand_size - 1 each, turn the next card, give it to the dealer, deal the rest from the
    dealer's left; the stock is then empty and everyone knows the dealer holds the turn-up.
    """
    n, hs = rules.players, rules.hand_size
    hands = [0] * n
    known = [0] * n
    pos = 0
    short = n * hs == len(cards)
    for _ in range(hs - 1 if short else hs):
        for k in range(1, n + 1):
            hands[(dealer + k) % n] |= 1 << cards[pos]
            pos += 1
    turnup = cards[pos]
    pos += 1
    if short:
        hands[dealer] |= 1 << turnup
        known[dealer] |= 1 << turnup
        k = 1
        while pos < len(cards):
            hands[(dealer + k) % n] |= 1 << cards[pos]
            pos += 1
            k += 1
        stock: list[int] = []
    else:
        stock = [turnup] + cards[pos:][::-1]
    trump = -1 if rules.no_trump else (turnup >> 4) & 3
    return Dealt(dealer, hands, stock, turnup, trump, known)


def _needs_house_deal(rules: RuleSet) -> bool:
    return bool(rules.albanian or rules.railway or rules.changeable_trump or rules.jokers
                or rules.crazy or (rules.spades_by_spades and not rules.no_trump))


def _rejected_turnup(rules: RuleSet, card: int) -> bool:
    """RULES.md 'Deal details': a joker, or a spade under spades_by_spades, is not turned
    up. Decision: crazy keeps a spade turn-up (diamonds are trumps anyway, the card only
    marks the stock's bottom)."""
    if card & 15 == JOKER_RANK:
        return True
    return bool(rules.spades_by_spades and not rules.crazy and (card >> 4) & 3 == SPADES)


def _settle_turnup(rules: RuleSet, cards: list[int], pos: int, stream: SeedStream) -> bool:
    """Make ``cards[pos]`` an acceptable turn-up: a rejected card goes back among the cards
    after it at a random (seeded) position and the next one is turned. False when every
    card from ``pos`` on is rejected (the caller reshuffles)."""
    if not any(not _rejected_turnup(rules, c) for c in cards[pos:]):
        return False
    while _rejected_turnup(rules, cards[pos]):
        card = cards.pop(pos)
        cards.insert(pos + 1 + stream.below(len(cards) - pos), card)
    return True


def house_deal(rules: RuleSet, cards: list[int], dealer: int, stream: SeedStream) -> Dealt:
    """The deal with the house rules' deal details (RULES.md 'Deal details'):

    - albanian: the turn-up goes on top of the stock and is drawn first.
    - changeable_trump: the card dealt right after the turn-up lies face down under it and
      is drawn last (``hidden``); none when no card is left for it (Decision).
    - railway: every card but the last is dealt one at a time from the dealer's left; the
      last is turned up and stays out of play (``out_of_play``).
    - spades_by_spades / jokers: such a turn-up goes back into the stock (see above).
    - crazy: diamonds are trumps whatever is turned; no_trump: no trump suit.
    """
    n, hs = rules.players, rules.hand_size
    while True:
        if rules.railway:
            pos = len(cards) - 1
            # the trump card is the last: a rejected one is swapped with a random earlier card
            ok = [i for i, c in enumerate(cards) if not _rejected_turnup(rules, c)]
            if ok and _rejected_turnup(rules, cards[pos]):
                j = ok[stream.below(len(ok))]
                cards[pos], cards[j] = cards[j], cards[pos]
            if ok:
                break
        else:
            short = n * hs == len(cards)
            pos = n * (hs - 1 if short else hs)
            if _settle_turnup(rules, cards, pos, stream):
                break
        stream.shuffle(cards)  # nothing acceptable to turn up: shuffle again (seeded)
    trump = -1 if rules.no_trump else DIAMONDS if rules.crazy else (cards[pos] >> 4) & 3
    turnup = cards[pos]
    hands, known = [0] * n, [0] * n
    if rules.railway:
        for i, c in enumerate(cards[:pos]):
            hands[(dealer + 1 + i) % n] |= 1 << c
        return Dealt(dealer, hands, [], turnup, trump, known, -1, 1 << turnup)
    if n * hs == len(cards):
        d = standard_deal(rules, cards, dealer)
        return d._replace(trump=trump)
    i = 0
    for _ in range(hs):
        for k in range(1, n + 1):
            hands[(dealer + k) % n] |= 1 << cards[i]
            i += 1
    rest = cards[pos + 1:]
    hidden = -1
    if rules.changeable_trump and rest:
        hidden, rest = rest[0], rest[1:]
    if rules.albanian:
        stock = rest[::-1] + [turnup]
    elif hidden >= 0:
        stock = [hidden, turnup] + rest[::-1]
    else:
        stock = [turnup] + rest[::-1]
    return Dealt(dealer, hands, stock, turnup, trump, known, hidden, 0)


_JOKERS = RANK_MASKS[JOKER_RANK]


def first_attacker(rules: RuleSet, hands: list[int], trump: int, dealer: int,
                   later_deal: bool, prev_fool: int | None) -> int:
    """RULES.md deal step 5 (+ next_deal_first_attacker for later deals of a series).

    Decisions: after a draw there is no fool for ``fools_right`` (``first_attacker`` decides);
    ``no_trump`` leaves nothing to hold low, so the player left of the dealer leads; jokers
    are no trumps for this; with several packs a tie on the lowest trump goes to the lower
    card id (the first pack's copy)."""
    n = rules.players
    how = rules.next_deal_first_attacker if later_deal else rules.first_attacker
    if how == "fools_right" and prev_fool is None:
        how = rules.first_attacker
    if rules.no_trump:
        how = "left_of_dealer"
    att = (dealer + 1) % n
    if how == "lowest_trump" and trump >= 0:
        trumps = SUIT_MASKS[trump] & ~_JOKERS
        best = None
        for seat in range(n):
            m = hands[seat] & trumps
            while m:  # lowest id per pack = lowest rank of that pack
                low = (m & -m).bit_length() - 1
                key = (low & 15, low)
                if best is None or key < best[0]:
                    best = (key, seat)
                m &= ~(((1 << 64) - 1) << (low & ~63))  # skip the rest of that pack
        if best is not None:
            att = best[1]
    elif how == "fools_right" and prev_fool is not None:
        att = (prev_fool - 1) % n
    return att
