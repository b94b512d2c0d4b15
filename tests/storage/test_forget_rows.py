"""bot.storage.forget on both backends: every row that named the person names the
anonymous id instead, their own rows are gone, and nobody else's row changes."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select

from bot.storage.forget import anonymise, is_anonymous, new_anonymous_id, running_games_of
from bot.storage.models import (
    Chat,
    DealResult,
    Game,
    Lobby,
    LobbyMember,
    Move,
    Rating,
    Seat,
    Series,
    Tally,
    Tournament,
    TournamentEntry,
    User,
)

ALICE, BOB, GROUP = 111, 222, -1001234567890
NOW = datetime(2026, 11, 26, tzinfo=UTC)


async def seed(db) -> None:
    async with db.transaction() as s:
        s.add_all([User(id=ALICE, name="Alice", language="ru"),
                   User(id=BOB, name="Bob", language="en"),
                   Chat(id=GROUP, settings={}), Chat(id=ALICE, language="ru",
                                                     settings={"nudges": False})])
        await s.flush()
        s.add_all([Series(id=1, chat_id=GROUP), Series(id=2, chat_id=ALICE),
                   Lobby(id=1, chat_id=GROUP, host_id=ALICE, status="started"),
                   Lobby(id=2, chat_id=ALICE, host_id=ALICE, status="open")])
        await s.flush()
        s.add_all([LobbyMember(lobby_id=1, position=0, user_id=ALICE),
                   LobbyMember(lobby_id=1, position=1, user_id=BOB),
                   LobbyMember(lobby_id=2, position=0, user_id=ALICE),
                   Game(id=1, chat_id=GROUP, series_id=1, host_id=ALICE, rules={}, seed=1,
                        state={}, status="finished"),
                   Game(id=2, chat_id=ALICE, series_id=2, host_id=ALICE, rules={}, seed=2,
                        state={}, status="running")])
        await s.flush()
        s.add_all([Seat(game_id=1, seat=0, user_id=ALICE), Seat(game_id=1, seat=1, user_id=BOB),
                   Seat(game_id=2, seat=0, user_id=ALICE),
                   Seat(game_id=2, seat=1, computer_strength="easy"),
                   Move(game_id=1, idx=0, seat=0, user_id=ALICE, action="a 6s", created_at=NOW),
                   Move(game_id=1, idx=1, seat=1, user_id=BOB, action="t", created_at=NOW)])
        for user, fool in ((ALICE, False), (BOB, True)):
            s.add(DealResult(game_id=1, series_id=1, chat_id=GROUP, seat=user == BOB,
                             player=f"u{user}", user_id=user, fool=fool, created_at=NOW))
            for chat in (0, GROUP):
                s.add(Tally(chat_id=chat, player=f"u{user}", user_id=user,
                            name="Alice" if user == ALICE else "Bob", games=1,
                            fools=int(fool)))
            s.add(Rating(player=f"u{user}", user_id=user, mu=1500 + user, sigma=0, games=1))
        s.add(Tally(chat_id=ALICE, player="ai:easy", user_id=None, name="", games=3))


async def snapshot_of_bob(db):
    async with db.read() as s:
        return (
            (await s.execute(select(Tally.chat_id, Tally.games, Tally.fools, Tally.name)
                             .where(Tally.player == f"u{BOB}"))).all(),
            (await s.execute(select(Rating.mu, Rating.games)
                             .where(Rating.player == f"u{BOB}"))).all(),
            (await s.execute(select(User.name, User.language).where(User.id == BOB))).all())


async def test_the_person_is_replaced_everywhere_and_nobody_else_changes(db):
    await seed(db)
    bob_before = await snapshot_of_bob(db)
    async with db.read() as s:
        assert await running_games_of(s, ALICE) == [(2, ALICE)]
    anon = new_anonymous_id()
    assert is_anonymous(anon) and not is_anonymous(GROUP) and not is_anonymous(ALICE)
    async with db.transaction() as s:
        assert await anonymise(s, ALICE, anon)
    async with db.read() as s:
        assert await s.get(User, ALICE) is None and await s.get(Chat, ALICE) is None
        assert (await s.get(User, anon)).name == "" and (await s.get(User, anon)).language is None
        assert (await s.get(Chat, anon)).settings == {}
        assert {x.user_id for x in (await s.execute(select(Seat))).scalars()} == \
            {anon, BOB, None}
        assert {x.user_id for x in (await s.execute(select(Move))).scalars()} == {anon, BOB}
        assert {(g.id, g.chat_id, g.host_id) for g in (await s.execute(select(Game))).scalars()} \
            == {(1, GROUP, anon), (2, anon, anon)}
        assert {(x.id, x.chat_id, x.host_id) for x in
                (await s.execute(select(Lobby))).scalars()} == {(1, GROUP, anon), (2, anon, anon)}
        assert {x.chat_id for x in (await s.execute(select(Series))).scalars()} == {GROUP, anon}
        results = {(x.player, x.user_id, x.fool) for x in
                   (await s.execute(select(DealResult))).scalars()}
        assert results == {(f"u{anon}", anon, False), (f"u{BOB}", BOB, True)}
        tallies = {(x.chat_id, x.player, x.name, x.games) for x in
                   (await s.execute(select(Tally))).scalars()}
        assert tallies == {(0, f"u{anon}", "", 1), (GROUP, f"u{anon}", "", 1),
                           (0, f"u{BOB}", "Bob", 1), (GROUP, f"u{BOB}", "Bob", 1),
                           (anon, "ai:easy", "", 3)}
        assert (await s.get(Rating, f"u{anon}")).mu == 1500 + ALICE
    assert await snapshot_of_bob(db) == bob_before


async def test_nothing_stored_is_nothing_to_forget(db):
    async with db.transaction() as s:
        assert not await anonymise(s, 999, new_anonymous_id())


async def test_a_tournament_keeps_its_places_and_loses_the_persons_name(db):
    await seed(db)
    async with db.transaction() as s:
        s.add(Tournament(id=1, chat_id=GROUP, host_id=ALICE, title="Fridays", format="knockout",
                         settings={}, status="finished", join_until=NOW, seed=1,
                         winner_slot=0, created_at=NOW))
        await s.flush()
        s.add_all([TournamentEntry(tournament_id=1, slot=0, user_id=ALICE, name="Alice"),
                   TournamentEntry(tournament_id=1, slot=1, user_id=BOB, name="Bob"),
                   TournamentEntry(tournament_id=1, slot=2, computer_strength="normal",
                                   name=""),
                   Tournament(id=2, chat_id=GROUP, host_id=BOB, title="Next", format="knockout",
                              settings={}, status="open", join_until=NOW, seed=2,
                              created_at=NOW)])
        await s.flush()
        s.add_all([TournamentEntry(tournament_id=2, slot=0, user_id=BOB, name="Bob"),
                   TournamentEntry(tournament_id=2, slot=1, user_id=ALICE, name="Alice")])
    anon = new_anonymous_id()
    async with db.transaction() as s:
        assert await anonymise(s, ALICE, anon)
    async with db.read() as s:
        entries = {(e.tournament_id, e.slot, e.user_id, e.name) for e in
                   (await s.execute(select(TournamentEntry))).scalars()}
        # the finished one keeps her place, nameless; the open one lost her, as Leave would
        assert entries == {(1, 0, anon, ""), (1, 1, BOB, "Bob"), (1, 2, None, ""),
                           (2, 0, BOB, "Bob")}
        kept = await s.get(Tournament, 1)
        assert (kept.host_id, kept.winner_slot) == (anon, 0)  # the result stands
