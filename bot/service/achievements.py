"""Achievements: moments of the game worth a line, each earned once per person (pure: what
a finished deal earns; ``results.py`` stores them with the deal, ``runtime`` announces).

Decisions:
- only a deal played to its end earns anything (a deal someone left is a forfeit: it
  counts as their loss, but nobody earns a moment from it), and only people do;
- "won" is "not the fool, and not a draw"; the deal's facts come from its moves and the
  engine's public events (a replay of the move log), so they are what everyone at the
  table saw;
- the necktie and the epaulettes (RULES.md: the fool beaten by a last attack of sixes) go
  to whoever made that last attack; a transfer chain is a bout whose attack was passed on
  three times or more, earned by each seat that passed it on;
- streaks count the person's deals in a row won, across every chat, this deal included;
- the season's podium is earned when a season ends (``runtime/seasons.py``), in a group;
- a tournament medal is earned by winning a tournament (``service/tournaments``), the
  first time; the medals themselves are counted on /stats.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.engine import Action, ActionKind, Event, EventKind

# In the order /stats lists them.
DEAL_ACHIEVEMENTS = ("first_win", "first_fool", "clean_win", "comeback", "necktie",
                     "epaulettes", "transfer_chain", "beat_hard", "streak_3", "streak_5",
                     "streak_10", "games_100")
SEASON_ACHIEVEMENTS = ("season_podium", "season_first")
ACHIEVEMENTS = DEAL_ACHIEVEMENTS + SEASON_ACHIEVEMENTS + ("tournament_medal",)
COMEBACK_CARDS = 6  # cards picked up at once that make a win a comeback
CHAIN_TRANSFERS = 3  # transfers in one bout that make a chain
STREAKS = {3: "streak_3", 5: "streak_5", 10: "streak_10"}
VETERAN_GAMES = 100


@dataclass
class SeatFacts:
    """What one seat did in a finished deal."""

    won: bool = False
    fool: bool = False
    takes: list[int] = field(default_factory=list)  # cards picked up, each time
    chains: int = 0  # bouts of CHAIN_TRANSFERS transfers or more it passed the attack in
    title_given: str | None = None  # "necktie" / "epaulettes": it made that last attack
    against_hard: bool = False  # a hard computer player sat at the table


Step = tuple[Action, Sequence[Event]]  # a move of the deal and the engine's events of it


def deal_facts(players: int, steps: Iterable[Step], fools: set[int], draw: bool,
               titles: dict[int, str], hard_seats: set[int]) -> dict[int, SeatFacts]:
    """Each seat's facts from the deal's moves and their engine events (a replay of the
    move log: ``results._steps``) and its outcome."""
    facts = {seat: SeatFacts(won=not draw and seat not in fools, fool=seat in fools,
                             against_hard=bool(hard_seats - {seat}))
             for seat in range(players)}
    bout = 0
    transfers: dict[int, list[int]] = {}
    last_attacker: int | None = None
    for action, events in steps:
        if action.kind in (ActionKind.TRANSFER, ActionKind.SHOW):
            transfers.setdefault(bout, []).append(action.player)
        elif action.kind is ActionKind.ATTACK:
            last_attacker = action.player
        for event in events:
            if event.kind is EventKind.TAKEN:
                facts[event.seat].takes.append(len(event.cards) or event.count)
            elif event.kind is EventKind.NEW_BOUT:
                bout += 1
    for seats in transfers.values():
        if len(seats) >= CHAIN_TRANSFERS:
            for seat in set(seats):
                facts[seat].chains += 1
    if titles and last_attacker is not None:
        facts[last_attacker].title_given = next(iter(titles.values()))
    return facts


def earned(facts: SeatFacts, streak: int, games: int) -> set[str]:
    """What a person earns with this deal: ``streak`` their deals won in a row with this
    one, ``games`` every deal they played, this one included. (Already earned ones are
    weeded out where they are stored.)"""
    found: set[str] = set()
    if facts.won:
        found.add("first_win")
        if not facts.takes:
            found.add("clean_win")
        if any(n >= COMEBACK_CARDS for n in facts.takes):
            found.add("comeback")
        if facts.against_hard:
            found.add("beat_hard")
    if facts.fool:
        found.add("first_fool")
    if facts.title_given is not None:
        found.add(facts.title_given)
    if facts.chains:
        found.add("transfer_chain")
    found.update(key for length, key in STREAKS.items() if streak >= length)
    if games >= VETERAN_GAMES:
        found.add("games_100")
    return found
