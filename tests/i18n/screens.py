"""Screens a reviewer reads: the end of a deal, the lobby and its settings menus, the
rules in words and a player's hand mid-deal, in every language, for 2 to 6 players. Each
language's screens are plain text files under ``tests/i18n/snapshots/<lang>/``;
``test_snapshots.py`` fails on any difference.

After an intended change of words or layout, regenerate them and read the diff (it is what
players will see):

    python -m tests.i18n.screens

The deals are real engine games, played by a fixed policy (the first legal move in text
order) from the first seed that gives the wanted ending, so the screens do not depend on
the order the engine lists moves in. Ratings, matchsticks and the series come from fixed
numbers run through the real rating model.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.engine import ActionKind, GameState, RuleSet, new_deal
from bot.i18n import LOCALES
from bot.render.hand import group_hand_screen
from bot.render.lobby import lobby_screen
from bot.render.names import seat_names
from bot.render.rules import rules_text
from bot.render.screen import Screen
from bot.render.solo import solo_screen
from bot.render.table import LastMove, TableNotes, table_screen
from bot.service.events import DealEnded, GameSnapshot, LobbyUpdated, MemberInfo, SeatInfo
from bot.service.ratings import Skill, rate_deal

SNAPSHOTS = Path(__file__).with_name("snapshots")
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dana", "Emil")
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
# Ratings before the deal (mu, sigma): a mix of newcomers and regulars.
SKILLS = (Skill(27.0, 4.0), Skill(24.5, 5.5), Skill(25.0, 25 / 3), Skill(29.0, 3.2),
          Skill(22.0, 6.0), Skill(26.0, 4.5))


# ------------------------------------------------------------------ deals played out


def play_out(rules: RuleSet, want: Callable[[GameState], bool]) -> tuple[GameState, LastMove]:
    """The first seed's deal, played by the fixed policy, whose end ``want`` accepts."""
    for seed in range(1, 2000):
        state = new_deal(rules, seed=seed)
        last = None
        while not state.is_over:
            seat = state.waiting_on()[0]
            action = min(state.legal_actions(seat), key=lambda a: a.text())
            state.apply(action)
            last = LastMove(seat, action.text(), "player", state.version)
        if want(state):
            assert last is not None
            return state, last
    raise AssertionError(f"no seed below 2000 ends {rules.preset_name} as wanted")


@dataclass(frozen=True)
class Ending:
    title: str
    rules: RuleSet
    want: Callable[[GameState], bool]
    you: int | None = None  # the solo view's seat
    sticks_before: tuple[int, ...] = ()  # the series' matchsticks before this deal
    computers: tuple[int, ...] = ()


def ended(state: GameState, ending: Ending) -> DealEnded:
    """What the service would report: series totals, ratings through service/ratings.py (Elo)."""
    outcome = state.outcome
    n = state.rules.players
    fools = set(outcome.fools) if not outcome.draw else set()
    scoring = state.rules.scoring
    before = list(ending.sticks_before) or [0] * n
    sticks = {s: before[s] + (1 if s in fools and scoring == "matchsticks" else 0)
              for s in range(n)}
    keys = {s: f"p{s}" for s in range(n)}
    skills = {f"p{s}": SKILLS[s] for s in range(n)}
    after = rate_deal(keys, skills, fools, outcome.draw)
    target = state.rules.series_to
    loser = next((s for s in sorted(fools) if target and sticks[s] >= target), None)
    stakes = {int(k): int(v) for k, v in (outcome.stakes or {}).items()}
    return DealEnded(game_id=1, series_id=1, draw=outcome.draw, fools=tuple(sorted(fools)),
                     titles=dict(outcome.titles), stakes=stakes, matchsticks=sticks,
                     ratings={s: (skills[keys[s]].ordinal, after[keys[s]].ordinal)
                              for s in range(n)},
                     series_over=loser is not None, series_loser=loser)


ENDINGS = (
    Ending("2 players, solo game against the computer: you are the fool",
           RuleSet.preset("podkidnoy", players=2),
           lambda s: s.outcome.fools == (0,), you=0, computers=(1,)),
    Ending("2 players in a group, 24 cards: the fool gets a title",
           RuleSet.preset("two_player_24", players=2),
           lambda s: bool(s.outcome.titles)),
    Ending("3 players, series to 3: the fool reaches 3 matchsticks and the series ends",
           RuleSet.preset("perevodnoy", players=3, series_to=3),
           lambda s: s.outcome.fools == (2,), sticks_before=(1, 2, 2)),
    Ending("4 players in teams of two: a team loses together",
           RuleSet.preset("teams", players=4),
           lambda s: len(s.outcome.fools) == 2 and not s.outcome.draw),
    Ending("5 players: a draw",
           RuleSet.preset("podkidnoy", players=5),
           lambda s: s.outcome.draw),
    Ending("6 players, one computer: the fool after a long deal, series without a limit",
           RuleSet.preset("podkidnoy", players=6),
           lambda s: len(s.outcome.fools) == 1, sticks_before=(0, 1, 0, 2, 1, 0),
           computers=(5,)),
    Ending("3 players, the Warsaw game: stakes instead of matchsticks",
           RuleSet.preset("duren_piatkowy", players=3),
           lambda s: bool(s.outcome.fools) and not s.outcome.draw),
)


def seats_of(ending: Ending) -> tuple[SeatInfo, ...]:
    n = ending.rules.players
    return tuple(SeatInfo(seat=s, user_id=None if s in ending.computers else 100 + s,
                          name=NAMES[s], computer_strength="hard" if s in ending.computers
                          else None, team=None) for s in range(n))


def end_of_game(locale: str, ending: Ending) -> Screen:
    state, last = play_out(ending.rules, ending.want)
    seats = seats_of(ending)
    # A solo game is played in the person's private chat (positive id), a group's in the
    # group (negative): the buttons under the result differ.
    snap = GameSnapshot(game_id=1, chat_id=100 if ending.you is not None else -100,
                        series_id=1, deal_number=4,
                        version=state.version, status="finished", state=state, seats=seats,
                        turn_deadline=None)
    names = seat_names(locale, seats)
    deal = ended(state, ending)
    if ending.you is not None:
        return solo_screen(locale, snap, ending.you, state.version, names, TableNotes(),
                           last, deal, NOW, True)
    return table_screen(locale, snap, names, TableNotes(), last, deal, NOW, True)


# ------------------------------------------------------------------ lobbies and rules


@dataclass(frozen=True)
class Table:
    title: str
    settings: dict
    players: int
    computers: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    hints: bool = False


TABLES = (
    Table("2 players, 24 cards for two, hints on",
          {"preset": "two_player_24", "rules": {}, "turn_seconds": 30}, 2, hints=True),
    Table("3 players (one still has to open the private chat), perevodnoy, series to 5",
          {"preset": "perevodnoy", "rules": {"series_to": 5}, "turn_seconds": 60}, 3,
          pending=(2,)),
    Table("4 players in teams, with a hard computer",
          {"preset": "teams", "rules": {}, "turn_seconds": 120}, 4, computers=(3,)),
    Table("5 players, prostoy with house rules (fallen ace, poker, jokers)",
          {"preset": "prostoy_classic",
           "rules": {"fallen_ace": "every_suit", "poker": True, "jokers": 2},
           "turn_seconds": 24 * 3600}, 5),
    Table("6 players, podkidnoy with neighbours throwing in, no first-bout limit, transfer",
          {"preset": "podkidnoy",
           "rules": {"throw_in": "neighbours", "first_bout_limit": None, "transfer": "play",
                     "trump_exchange": "lowest_before_play", "series_to": 10},
           "turn_seconds": 60}, 6),
)


def lobby_of(table: Table) -> LobbyUpdated:
    members = tuple(MemberInfo(position=i, user_id=None if i in table.computers else 100 + i,
                               name=NAMES[i],
                               computer_strength="hard" if i in table.computers else None)
                    for i in range(table.players))
    return LobbyUpdated(lobby_id=7, chat_id=-100, version=3, status="open", host_id=100,
                        members=members, settings=table.settings, message_id=10)


def lobby_screens(locale: str, table: Table) -> list[tuple[str, Screen]]:
    lobby = lobby_of(table)
    pending = {100 + i for i in table.pending}
    return [(mode, lobby_screen(locale, lobby, pending, 6, mode=mode, hints=table.hints,
                                seats=6))
            for mode in ("main", "settings", "house")]


# ------------------------------------------------------------------ hands mid-deal


def _covers(state: GameState) -> dict[int, int]:
    """Seat 0's cards -> how many table cards each can beat."""
    counts: dict[int, int] = {}
    for action in state.legal_actions(0):
        if action.kind is ActionKind.COVER:
            counts[action.cards[1]] = counts.get(action.cards[1], 0) + 1
    return counts


@dataclass(frozen=True)
class Position:
    title: str
    rules: RuleSet
    want: Callable[[GameState], bool]
    picking: bool = False  # show the "which card do you beat?" step for a card with two


POSITIONS = (
    Position("2 players, podkidnoy: you defend", RuleSet.preset("podkidnoy", players=2),
             lambda s: s.waiting_on() == (0,) and bool(s.table_pairs())
             and s.view(0).defender == 0),
    Position("3 players, perevodnoy: you may transfer", RuleSet.preset("perevodnoy", players=3),
             lambda s: 0 in s.waiting_on() and any(a.kind is ActionKind.TRANSFER
                                                   for a in s.legal_actions(0))),
    Position("4 players in teams: you lead", RuleSet.preset("teams", players=4),
             lambda s: s.waiting_on() == (0,) and not s.table_pairs()
             and s.view(0).attacker == 0 and s.view(0).stock_count < 20),
    Position("5 players, podkidnoy: a card that beats two, which one?",
             RuleSet.preset("podkidnoy", players=5),
             lambda s: 0 in s.waiting_on() and any(n > 1 for n in _covers(s).values()),
             picking=True),
    Position("6 players, podkidnoy: you may throw in", RuleSet.preset("podkidnoy", players=6),
             lambda s: 0 in s.waiting_on() and s.view(0).defender != 0
             and bool(s.table_pairs())),
)


def position_of(rules: RuleSet, want: Callable[[GameState], bool]) -> GameState:
    """The first position that ``want`` accepts, over seeds, each deal played by a seeded
    random choice among the moves in text order (the fixed first-move policy never leads
    two cards, so no card would ever have two cards to beat)."""
    for seed in range(1, 500):
        state, rng = new_deal(rules, seed=seed), random.Random(seed)
        while not state.is_over:
            if want(state):
                return state
            seat = state.waiting_on()[0]
            state.apply(rng.choice(sorted(state.legal_actions(seat), key=lambda a: a.text())))
    raise AssertionError(f"no seed below 500 reaches the position in {rules.preset_name}")


def hand_screen(locale: str, position: Position) -> Screen:
    state = position_of(position.rules, position.want)
    seats = tuple(SeatInfo(seat=s, user_id=100 + s, name=NAMES[s], computer_strength=None,
                           team=None) for s in range(position.rules.players))
    snap = GameSnapshot(game_id=1, chat_id=-100, series_id=1, deal_number=2,
                        version=state.version, status="running", state=state, seats=seats,
                        turn_deadline=None)
    picking = None
    if position.picking:
        picking = min(card for card, n in _covers(state).items() if n > 1)
    return group_hand_screen(locale, snap, 0, state.version, "Friday cards", picking=picking,
                             hint=True, turn_seconds=60)


# ------------------------------------------------------------------ the files


def show(screen: Screen) -> str:
    """The text, then each row of buttons as [label] [label]."""
    rows = ["  ".join(f"[{label}]" for label, _ in row) for row in screen.rows]
    return screen.text + ("\n" + "\n".join(rows) if rows else "")


def files(locale: str) -> dict[str, str]:
    """File name -> contents for one language."""
    ends = [f"=== {e.title} ===\n{show(end_of_game(locale, e))}" for e in ENDINGS]
    lobbies = []
    for table in TABLES:
        for mode, screen in lobby_screens(locale, table):
            lobbies.append(f"=== {table.title}: {mode} ===\n{show(screen)}")
    rules = [f"=== {table.title} ===\n{rules_text(locale, table.settings)}"
             for table in TABLES]
    hands = [f"=== {p.title} ===\n{show(hand_screen(locale, p))}" for p in POSITIONS]
    return {"end_of_game.txt": "\n\n".join(ends) + "\n",
            "settings.txt": "\n\n".join(lobbies) + "\n",
            "rules.txt": "\n\n".join(rules) + "\n",
            "hand.txt": "\n\n".join(hands) + "\n"}


def rendered() -> dict[Path, str]:
    return {SNAPSHOTS / locale / name: text
            for locale in LOCALES for name, text in files(locale).items()}


def main() -> int:
    for path, text in rendered().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
