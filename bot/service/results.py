"""What a finished deal writes, inside the same transaction as its last move.

Decisions (RULES.md settles the scoring; these settle the bookkeeping):
- matchsticks scoring: every fool takes one matchstick; a draw gives none (RULES.md);
- stakes scoring (Dureń Piątkowy): no matchsticks; each seat's net stakes are stored and
  summed in the tallies; the engine's ``outcome.fools`` (those left holding cards) still
  count as fools in the statistics;
- necktie / epaulettes are counted per fool from ``outcome.titles``;
- a series to N (``rules.series_to`` > 0) ends when a seat reaches N matchsticks: that seat
  is the series loser (``series_lost`` in the tallies); with stakes scoring a series has no
  matchsticks and only ends when the players stop;
- every deal is tallied twice: in its venue's chat (quick games: on the quick ladder,
  ``venues.QUICK_LADDER``) and globally (chat_id 0); both again in the season the deal
  finished in, with the season's ratings (service/seasons.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import bindparam, select, update

from bot.engine import Action, RuleSet
from bot.service import achievements, seasons
from bot.service.deal_inputs import DealInputs
from bot.service.events import DealEnded
from bot.service.ratings import DEFAULT_MU, DEFAULT_SIGMA, Skill, rate_deal
from bot.service.tournaments.service import record_deal_end as tournament_deal_end
from bot.service.venues import Venue
from bot.storage import achievements as achievement_store
from bot.storage import games as game_repo
from bot.storage import seasons as season_store
from bot.storage import stats
from bot.storage.models import GLOBAL_CHAT, Series, computer_key, user_key

if TYPE_CHECKING:
    from sqlalchemy import Table
    from sqlalchemy.ext.asyncio import AsyncSession

    from bot.service.positions import SeatRow

_series = cast("Table", Series.__table__)  # declarative models type it as a FromClause
_LOCK_SERIES = (select(_series.c.matchsticks, _series.c.stakes, _series.c.status,
                       _series.c.target, _series.c.loser_seat, _series.c.finished_at)
                .where(_series.c.id == bindparam("b_id")).with_for_update())
_UPDATE_SERIES = (update(_series).where(_series.c.id == bindparam("b_id"))
                  .values(matchsticks=bindparam("b_sticks"), stakes=bindparam("b_stakes"),
                          status=bindparam("b_status"), loser_seat=bindparam("b_loser"),
                          finished_at=bindparam("b_finished")))


def seat_player_key(seat_row: SeatRow) -> str:
    if seat_row.user_id is not None:
        return user_key(seat_row.user_id)
    return computer_key(seat_row.computer_strength or "normal")


def outcome_parts(outcome: object) -> tuple[bool, set[int], dict[int, str], dict[int, int]]:
    """(draw, fools, titles, stakes) from the engine's Outcome, in plain types."""
    draw = bool(getattr(outcome, "draw", False))
    fools = {int(s) for s in (getattr(outcome, "fools", ()) or ())}
    titles_raw = getattr(outcome, "titles", None) or {}
    titles = {int(k): str(v) for k, v in dict(titles_raw).items() if v}
    stakes_raw = getattr(outcome, "stakes", None) or {}
    stakes = {int(k): int(v) for k, v in dict(stakes_raw).items()}
    return draw, fools, titles, stakes


async def record_deal_end(s: AsyncSession, game: Any, seats: Sequence[SeatRow],
                          names: dict[int, str], outcome: object, rules: RuleSet,
                          now: datetime) -> DealEnded:
    draw, fools, titles, stakes = outcome_parts(outcome)
    forfeits = {seat.seat for seat in seats if seat.left}
    if forfeits:  # who left lost the deal, whatever the computer made of their seat
        draw, fools, titles = False, forfeits, {}
    matchsticks_scoring = getattr(rules, "scoring", "matchsticks") != "stakes"
    sticks = {seat.seat: (1 if matchsticks_scoring and seat.seat in fools and not draw else 0)
              for seat in seats}
    keys = {seat.seat: seat_player_key(seat) for seat in seats}
    user_of = {seat.seat: seat.user_id for seat in seats}

    # Ratings first: their before/after go into the result rows.
    current = await stats.load_ratings_for_update(
        s, {keys[n]: user_of[n] for n in keys}, DEFAULT_MU, DEFAULT_SIGMA)
    before = {k: Skill(*v) for k, v in current.items()}
    # A computer's play never earns a person rating (the seat it played at the end).
    computer_played = frozenset(seat.seat for seat in seats
                                if seat.user_id is not None and (seat.taken_over or seat.left))
    after = rate_deal(keys, before, fools, draw, computer_played)
    await stats.store_ratings(s, {k: (v.mu, v.sigma) for k, v in after.items()}, now)

    rows: list[dict[str, Any]] = []
    for seat in seats:
        n = seat.seat
        rows.append({
            "game_id": game.id, "series_id": game.series_id, "chat_id": game.chat_id,
            "seat": n, "player": keys[n], "user_id": user_of[n], "fool": n in fools,
            "draw": draw, "matchsticks": sticks[n], "title": titles.get(n),
            "stakes": stakes.get(n, 0), "rating_before": before[keys[n]].ordinal,
            "rating_after": after[keys[n]].ordinal, "created_at": now})
    await stats.add_results(s, rows)

    series_over, loser, totals = await _advance_series(s, game, sticks, stakes, now)
    if await tournament_deal_end(s, game, fools, draw, now):
        series_over = True  # a tournament's match is one deal: no Play again under it
    venue = getattr(game, "venue", None) or Venue.of(None, game.chat_id)
    tallies = []
    for seat in seats:
        n = seat.seat
        bumps = {"games": 1, "fools": int(n in fools), "draws": int(draw),
                 "matchsticks": sticks[n], "neckties": int(titles.get(n) == "necktie"),
                 "epaulettes": int(titles.get(n) == "epaulettes"),
                 "stakes": stakes.get(n, 0), "series_lost": int(series_over and loser == n)}
        for chat in (*venue.tally_chats, GLOBAL_CHAT):
            tallies.append({"chat_id": chat, "player": keys[n], "user_id": user_of[n],
                            "name": names.get(n, keys[n]), **bumps})
    await stats.bump_tallies(s, tallies)
    await _record_season(s, seasons.season_of(now), keys, user_of, before, fools, draw,
                         computer_played, tallies)
    earned: dict[int, tuple[str, ...]] = {}
    if outcome is not None and not forfeits:  # a deal played to its end (achievements.py)
        people = [seat for seat in seats if seat.user_id is not None
                  and seat.seat not in computer_played]
        earned = await _award(s, game, seats, people, keys, fools, draw, titles, now)

    return DealEnded(
        game_id=game.id, series_id=game.series_id, draw=draw, fools=tuple(sorted(fools)),
        titles=titles, stakes=stakes, matchsticks=totals,
        ratings={n: (before[keys[n]].ordinal, after[keys[n]].ordinal) for n in keys},
        series_over=series_over, series_loser=loser, achievements=earned)


async def _record_season(s: AsyncSession, season: str, keys: dict[int, str],
                         user_of: dict[int, int | None], all_time: dict[str, Skill],
                         fools: set[int], draw: bool, computer_played: frozenset[int],
                         tallies: list[dict[str, Any]]) -> None:
    """The deal in its season: the season's ratings (rated as the all-time ones, from
    where each player stands this season) and tallies (the same rows)."""
    start = {keys[n]: (user_of[n], seasons.starting_mu(all_time[keys[n]].mu)) for n in keys}
    current = await season_store.ratings_for_update(s, season, start)
    before = {key: Skill(mu) for key, mu in current.items()}
    after = rate_deal(keys, before, fools, draw, computer_played)
    await season_store.store_ratings(s, season, {k: v.mu for k, v in after.items()})
    await season_store.bump(s, season, tallies)


async def _award(s: AsyncSession, game: Any, seats: Sequence[SeatRow],
                 people: list[SeatRow], keys: dict[int, str], fools: set[int], draw: bool,
                 titles: dict[int, str], now: datetime) -> dict[int, tuple[str, ...]]:
    """The achievements this deal earns its people (after its results and tallies are
    written: the streak and the deals played count it), stored; per seat, the new ones."""
    if not people:
        return {}
    hard = {x.seat for x in seats if x.user_id is None and x.computer_strength == "hard"}
    facts = achievements.deal_facts(len(seats), await _steps(s, game.id), fools, draw,
                                    titles, hard)
    played = await achievement_store.games_played(s, [keys[x.seat] for x in people])
    rows = []
    for seat in people:
        key = keys[seat.seat]
        streak = await achievement_store.streak(s, key, max(achievements.STREAKS))
        rows += [{"player": key, "key": earned, "user_id": seat.user_id,
                  "chat_id": game.chat_id, "game_id": game.id, "earned_at": now}
                 for earned in achievements.earned(facts[seat.seat], streak,
                                                   played.get(key, 0))]
    new = await achievement_store.award(s, rows)
    found = {seat.seat: tuple(k for k in achievements.DEAL_ACHIEVEMENTS
                              if (keys[seat.seat], k) in new) for seat in people}
    return {seat: earned for seat, earned in found.items() if earned}


async def _steps(s: AsyncSession, game_id: int) -> list[achievements.Step]:
    """The deal's moves with the engine's events of each, replayed from its row and move
    log (this transaction's: the last move is in it). A plain replay, ~1 ms a deal of 150
    moves: the public history's recorder took 2.5 ms, inside the write lock."""
    row = await game_repo.load_game(s, game_id, lock=False)
    assert row is not None  # this transaction just wrote it
    state = DealInputs.stored(row).deal(RuleSet.from_dict(row.rules), row.seed)
    steps: list[achievements.Step] = []
    for move in await game_repo.move_log(s, game_id):
        action = Action.parse(move.action, move.seat)
        steps.append((action, tuple(state.apply(action))))
    return steps


async def _advance_series(s: AsyncSession, game: Any, sticks: dict[int, int],
                          stakes: dict[int, int],
                          now: datetime) -> tuple[bool, int | None, dict[int, int]]:
    if game.series_id is None:
        return False, None, dict(sticks)
    series = (await s.execute(_LOCK_SERIES, {"b_id": game.series_id})).one()
    totals = {int(k): int(v) for k, v in (series.matchsticks or {}).items()}
    for n, add in sticks.items():
        totals[n] = totals.get(n, 0) + add
    net = {int(k): int(v) for k, v in (series.stakes or {}).items()}
    for n, add in stakes.items():
        net[n] = net.get(n, 0) + add
    changes: dict[str, Any] = {
        "b_id": game.series_id, "b_status": series.status, "b_loser": series.loser_seat,
        "b_finished": series.finished_at,
        "b_sticks": {str(k): v for k, v in sorted(totals.items())},
        "b_stakes": {str(k): v for k, v in sorted(net.items())}}
    loser = None
    if series.target:
        reached = [n for n, v in sorted(totals.items()) if v >= series.target and sticks.get(n)]
        if reached:
            loser = reached[0]
            changes.update(b_status="finished", b_loser=loser, b_finished=now)
    await s.execute(_UPDATE_SERIES, changes)
    return changes["b_status"] == "finished", loser, totals
