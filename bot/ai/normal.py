"""``normal``: a solid rule-based player with card counting (no search).

It counts cards from the view (``knowledge``): what is discarded, what each opponent was
seen to pick up, what is still unseen. From that it estimates whether a defender can
beat a card and plays the usual good habits:

- lead cheap plain cards, a whole plain pair/triple together; once the stock is empty,
  lead what the defender cannot beat (exactly known with two players left);
- defend with the cheapest complete covering (an exact minimum-cost assignment), but
  take instead of paying with strong trumps for a small table while the stock is thick;
  never take when the stock is gone if covering is possible;
- transfer when it costs a plain card (or a low trump while covering would cost more),
  show a trump for free;
- throw in low plain cards while the stock lasts, anything plain (and trumps the
  defender cannot beat) once it is gone, and junk onto a taking defender;
- accept the lowest-trump exchange (the turn-up is always higher);
- once the stock is empty and two players are left, every card is known (the unseen
  cards are the other hand): it reads that ending exactly (``endgame.solve``) when it is
  small enough to read within ``ENDGAME_NODES`` positions (a few ms, a pure function of
  the view), as a player who counts cards does; otherwise the rules above.
Action kinds it does not model get ``safe_fallback``.

Against the textbook ``greedy`` (arena, paired deals; bot/ai/README.md): the reading of
the ending is worth ~12 points; covering rather than taking unless the covering is very
dear (``TAKE_SCALE``) another ~6 in podkidnoy (in perevodnoy taking sooner measured
better: ``TAKE_SCALE_TRANSFER``).
"""

from __future__ import annotations

from bot.engine import Action, PlayerView
from bot.engine.core.cards import bits

from .common import (
    ATTACK,
    COVER,
    EXCHANGE,
    KEEP,
    PASS,
    SHOW,
    TAKE,
    TRANSFER,
    by_kind,
    legal_and_forced,
    safe_fallback,
)
from .endgame import solve as solve_endgame
from .knowledge import Knowledge, beaters_of, none_among, rank, read_view, suit
from .sampling import known_world

# Value of a card in hand, 0 for the lowest plain card up to ~26 for the trump ace.
TRUMP_BONUS = 20
LEAD_BEAT_WEIGHT = 4
THROW_IN_RISK = 4.0  # per card of a new rank the attackers may hold
# Taking instead of covering: the table's cost to take, scaled (``cover_is_worth``).
# Against greedy, 2 players (2000-4000 games): podkidnoy 1.0 57%, 1.5 61%, 2 64%, 3 64%, 5 65%,
# always cover 64%; perevodnoy 1.5 65%, 3.0 61-63%.
TAKE_SCALE = 5.0
TAKE_SCALE_TRANSFER = 1.5
# The exact reading of a two-player ending with the stock gone: at most this many
# positions (compiled engine: ~55 ms at the 95th percentile of the moves that read an
# ending, 4.4 ms over all of normal's moves), else the rules.
ENDGAME_NODES = 8000


def value(card: int, trump: int | None, lowest: int) -> int:
    v = (card & 15) - lowest
    if trump is not None and (card >> 4) & 3 == trump:
        v += TRUMP_BONUS
    return v


def choose(view: PlayerView, seed: int = 0) -> Action:
    legal, forced = legal_and_forced(view)
    if forced is not None:
        return forced
    turn = NormalTurn(view)
    if turn.endgame and len(view.in_play) == 2:
        world = known_world(view, turn.know)
        if world is not None:
            best = solve_endgame(world, view.player, legal, max_nodes=ENDGAME_NODES)
            if best is not None:
                return best
    return turn.choose(legal)


def progress_move(view: PlayerView) -> Action:
    """The move of a very long deal (``rollout.LONG_DEAL``): one-card leads, no adding,
    cover whenever possible, so that bouts get beaten off and the deal ends."""
    legal, forced = legal_and_forced(view)
    if forced is not None:
        return forced
    turn = NormalTurn(view)
    kinds = by_kind(legal)
    singles = [a for a in kinds.get(ATTACK, []) if len(a.cards) == 1]
    if not view.table and singles:
        return min(singles, key=lambda a: turn.v(a.cards[0]))
    if PASS in kinds:
        return kinds[PASS][0]
    if view.player == view.defender and COVER in kinds:
        plan = turn.cover_plan(kinds[COVER])
        if plan is not None:
            return plan[1][0]
        return min(kinds[COVER], key=lambda a: turn.v(a.cards[1]))
    return turn.choose(legal)


class NormalTurn:
    def __init__(self, view: PlayerView):
        self.view = view
        self.know: Knowledge = read_view(view)
        self.trump = view.trump_suit
        self.lowest = view.rules.lowest_rank
        self.endgame = view.stock_count == 0
        self._table_ranks: set[int] | None = None

    # -------------------------------------------------------------- estimates
    def defender_may_hold(self, defender: int) -> int:
        """Cards the defender could hold: known ones, plus unseen cards if they have
        unseen slots."""
        k = self.know
        m = k.known[defender]
        if k.slots[defender]:
            m |= k.unknown
        return m

    def beat_chance(self, card: int, defender: int) -> float:
        """Rough chance the defender holds a card beating ``card``."""
        k = self.know
        beaters = beaters_of(card, self.trump)
        if beaters & k.known[defender]:
            return 1.0
        slots = k.slots[defender]
        unseen = k.unknown.bit_count()
        if not slots or not unseen:
            return 0.0
        good = (beaters & k.unknown).bit_count()
        if not good:
            return 0.0
        return 1.0 - none_among(unseen, good, slots)

    def v(self, card: int) -> int:
        return value(card, self.trump, self.lowest)

    def is_trump(self, card: int) -> bool:
        return self.trump is not None and suit(card) == self.trump

    # -------------------------------------------------------------- choice
    def choose(self, legal: list[Action]) -> Action:
        kinds = by_kind(legal)
        view = self.view
        if EXCHANGE in kinds:
            return kinds[EXCHANGE][0]
        if KEEP in kinds:
            return kinds[KEEP][0]
        if view.player == view.defender and (COVER in kinds or TAKE in kinds
                                             or TRANSFER in kinds or SHOW in kinds):
            return self.defend(kinds)
        if ATTACK in kinds and not view.table:
            return self.lead(kinds[ATTACK])
        if ATTACK in kinds or PASS in kinds:
            return self.throw_in(kinds)
        return safe_fallback(legal)

    def lead(self, leads: list[Action]) -> Action:
        d = self.view.defender
        my_cards = self.know.hand.bit_count()
        best, best_score = leads[0], None
        for a in leads:
            cards = a.cards
            score = sum(self.v(c) for c in cards) / len(cards)
            trumps = sum(1 for c in cards if self.is_trump(c))
            if trumps and len(cards) > 1:
                score += 6 * trumps  # do not spend trumps in a group lead
            # Count the whole rank: splitting a plain group wastes a lead.
            same = sum(1 for c in self.view.hand if rank(c) == rank(cards[0])
                       and not self.is_trump(c))
            if not trumps:
                score -= 2.0 * (len(cards) - 1)
                if len(cards) < same:
                    score += 1.5
            if self.endgame:
                beat = max(self.beat_chance(c, d) for c in cards)
                score += 12 * beat - (3 if len(cards) == my_cards else 0)
            else:
                score += LEAD_BEAT_WEIGHT * max(self.beat_chance(c, d) for c in cards)
                if trumps and self.view.stock_count > 4:
                    score += 4
            if best_score is None or score < best_score:
                best, best_score = a, score
        return best

    def throw_in(self, kinds) -> Action:
        view = self.view
        d = view.defender
        options = kinds.get(ATTACK, [])
        stock = view.stock_count
        best, best_score = None, None
        for a in options:
            c = a.cards[0]
            val = self.v(c)
            trump = self.is_trump(c)
            if view.taking:
                # Junk onto a taker: plain cards; keep trumps and high cards while the
                # stock lasts (they would strengthen the taker).
                if trump and not self.endgame:
                    continue
                if not self.endgame and rank(c) > 10 - (stock > 6):
                    continue
                score = float(val)
            else:
                chance = self.beat_chance(c, d)
                if self.endgame:
                    if trump and chance > 0.3:
                        continue
                    score = val + 10 * chance
                else:
                    if trump:
                        continue
                    score = val + 4 * chance
            if best_score is None or score < best_score:
                best, best_score = a, score
        if best is not None:
            return best
        if PASS in kinds:
            return kinds[PASS][0]
        return min(options, key=lambda a: self.v(a.cards[0]))

    # -------------------------------------------------------------- defence
    def cover_cost(self, card: int) -> float:
        """What covering with ``card`` costs: its value, plus the risk of opening a new
        rank for throw-ins (cards of that rank the attackers may still hold)."""
        r = rank(card)
        if self._table_ranks is None:
            self._table_ranks = {rank(a) for a, c in self.view.table} | {
                rank(c) for _, c in self.view.table if c is not None}
        if r in self._table_ranks or self.view.taking:
            return self.v(card)
        outside = self.know.outside() & ~self.know.known[self.view.defender]
        same = sum(1 for c in bits(outside) if rank(c) == r)
        return self.v(card) + THROW_IN_RISK * same

    def cover_plan(self, covers: list[Action]) -> tuple[float, list[Action]] | None:
        """Minimum-value complete covering of the uncovered cards, or None."""
        uncovered = [a for a, c in self.view.table if c is None]
        options: dict[int, list[Action]] = {a: [] for a in uncovered}
        for act in covers:
            options.setdefault(act.cards[0], []).append(act)
        for opts in options.values():
            opts.sort(key=lambda x: self.cover_cost(x.cards[1]))
        order = sorted(uncovered, key=lambda a: len(options[a]))
        best: list = [None, None]

        def dfs(i: int, used: int, total: float, plan: list[Action]) -> None:
            if best[0] is not None and total >= best[0]:
                return
            if i == len(order):
                best[0], best[1] = total, plan[:]
                return
            for act in options[order[i]]:
                c = act.cards[1]
                if (used >> c) & 1:
                    continue
                plan.append(act)
                dfs(i + 1, used | (1 << c), total + self.cover_cost(c), plan)
                plan.pop()

        dfs(0, 0, 0.0, [])
        if best[0] is None:
            return None
        return best[0], best[1]

    def defend(self, kinds) -> Action:
        if SHOW in kinds:
            return min(kinds[SHOW], key=lambda a: self.v(a.cards[0]))
        plan = self.cover_plan(kinds.get(COVER, [])) if COVER in kinds else None
        transfer = min(kinds.get(TRANSFER, []), key=lambda a: self.v(a.cards[0]), default=None)
        if transfer is not None:
            tcost = self.v(transfer.cards[0])
            plain = not self.is_trump(transfer.cards[0])
            if plain or plan is None or tcost + 2 < plan[0]:
                return transfer
        if plan is not None:
            cost_cover, acts = plan
            if TAKE not in kinds or self.endgame or self.cover_is_worth(cost_cover, acts):
                # Cover the strongest attack card first: its answer is the one most
                # likely to be needed and the others stay flexible.
                return max(acts, key=lambda a: self.v(a.cards[0]))
        if TAKE in kinds:
            return kinds[TAKE][0]
        if transfer is not None:
            return transfer
        return safe_fallback([a for acts in kinds.values() for a in acts])

    def cover_is_worth(self, cover_value: float, acts: list[Action]) -> bool:
        """Covering spends ``cover_value``; taking adds the table to the hand. While the
        stock is thick, a small table is cheaper to take than a strong trump to pay."""
        view = self.view
        table_cards = sum(2 if c is not None else 1 for _, c in view.table)
        stock_share = min(1.0, view.stock_count / max(1, view.rules.deck))
        scale = TAKE_SCALE if view.rules.transfer == "none" else TAKE_SCALE_TRANSFER
        take_penalty = scale * (5.0 * table_cards + 4.0)
        return cover_value * (0.3 + 0.7 * stock_share) <= take_penalty
