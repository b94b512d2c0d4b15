"""What the Mini App's pictures show (bot/webapp/boards.py draws them): a person's own
page (their rating after each deal, their deals by game and by tablemate, their
achievements) and a chat's season standings with each player's trend. Read-only, from the
stored results; numbers and keys here, words in the page's language where it is drawn.

Decisions:
- a person's page reads their newest 1,000 deals (``stats.PAGE_DEALS``): a chart of years
  would be unreadable on a phone anyway, and the read stays one index range;
- tablemates are shown by first name (the page may list strangers of quick games), the
  ten met most often; computers by strength;
- a player's trend on the standings page is their rating after each of their deals in
  that chat this season, the last 20: the direction they are going, not a history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.service.achievements import ACHIEVEMENTS
from bot.service.ratings import Skill
from bot.service.seasons import next_season, season_start
from bot.storage import achievements as achievement_store
from bot.storage import people, stats
from bot.storage import seasons as season_store
from bot.storage.database import Database
from bot.storage.models import GLOBAL_CHAT, user_key

TABLEMATES = 10
TREND = 20


@dataclass(frozen=True)
class Tally:
    games: int = 0
    fools: int = 0


@dataclass(frozen=True)
class Tablemate:
    name: str  # a first name; "" for a person whose data was deleted
    computer: str | None  # a computer's strength (then no name)
    games: int  # deals at the same table
    fools: int  # of those, deals the page's person lost


@dataclass(frozen=True)
class PersonPage:
    rating: float | None
    games: int
    fools: int
    history: list[tuple[datetime, float]]  # rating after each deal, oldest first
    by_game: dict[str, Tally]  # preset -> the person's deals of it
    tablemates: list[Tablemate]
    achievements: tuple[tuple[str, datetime], ...]  # (key, when earned), in /stats' order


@dataclass(frozen=True)
class StandingRow:
    name: str
    games: int
    fools: int
    matchsticks: int
    rating: float | None  # the season rating (ordinal)
    trend: list[float] = field(default_factory=list)


class PagesService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def person(self, user_id: int) -> PersonPage:
        key = user_key(user_id)
        async with self.db.read() as s:
            rating = await stats.rating_of(s, key)
            tallies = await stats.player_tallies(s, key)
            history = await stats.rating_history(s, key)
            deals = await stats.deals_with_tablemates(s, key)
            earned = await achievement_store.earned_by(s, key)
            met = {who for deal in deals for who in deal["others"]}
            names = await people.user_names(s, [user_id for _who, user_id in met])
        by_game: dict[str, list[int]] = {}
        mate_ids: dict[str, int | None] = {}
        mates: dict[str, list[int]] = {}  # player -> [deals together, deals the person lost]
        for deal in deals:
            counts = by_game.setdefault(deal["preset"], [0, 0])
            counts[0] += 1
            counts[1] += int(deal["fool"])
            # One count per tablemate and deal: a computer strength filling two seats
            # (two "normal" computers) is one tablemate, met once in that deal.
            for who, other_id in dict(deal["others"]).items():
                mate_ids[who] = other_id
                mate = mates.setdefault(who, [0, 0])
                mate[0] += 1
                mate[1] += int(deal["fool"])
        tablemates = [
            Tablemate(name=(names.get(mate_ids[who] or 0) or "").split(" ")[0],
                      computer=who.split(":", 1)[1] if who.startswith("ai:") else None,
                      games=games, fools=fools)
            for who, (games, fools) in sorted(
                mates.items(), key=lambda item: (-item[1][0], item[0]))[:TABLEMATES]]
        overall = tallies.get(GLOBAL_CHAT, {})
        return PersonPage(
            rating=Skill(rating.mu, rating.sigma).ordinal if rating else None,
            games=int(overall.get("games", 0)), fools=int(overall.get("fools", 0)),
            history=history, by_game={k: Tally(*v) for k, v in sorted(by_game.items())},
            tablemates=tablemates,
            achievements=tuple((k, earned[k]) for k in ACHIEVEMENTS if k in earned))

    async def standings(self, season: str, chat_id: int, limit: int = 10) -> list[StandingRow]:
        """The chat's board this season (as /top ranks it), each row with its trend."""
        async with self.db.read() as s:
            rows = await season_store.leaderboard(s, season, chat_id, limit=limit)
            # the season's deals only: its board's rows are that season's tallies
            trends = await stats.ratings_in_chat_between(
                s, chat_id, [r["player"] for r in rows], season_start(season),
                season_start(next_season(season)))
        return [StandingRow(name=row["name"], games=int(row["games"]), fools=int(row["fools"]),
                            matchsticks=int(row["matchsticks"]),
                            rating=None if row["rating"] is None else Skill(row["rating"]).ordinal,
                            trend=trends.get(row["player"], [])[-TREND:])
                for row in rows]
