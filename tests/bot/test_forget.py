"""/forget through the real Application against the fake Bot API: asked first, and only a
"Yes" deletes; the person leaves their running deal (as with /leave) and their open lobby
first; afterwards no row holds their Telegram id, their name or language, their seats,
moves and results belong to an anonymous player, and everyone else's tallies and ratings
are exactly what they were; stored games still replay."""

from __future__ import annotations

from playing import hand_message, press_once, start_group_game
from sqlalchemy import select, text

from bot.handlers.menus import PRIVATE_MENU
from bot.service.replay import load_record
from bot.storage.forget import is_anonymous
from bot.storage.models import Rating, Seat, Tally, User, user_key

# Every column that holds a Telegram user or chat id.
ID_COLUMNS = [("users", "id"), ("chats", "id"), ("lobbies", "chat_id"), ("lobbies", "host_id"),
              ("lobby_members", "user_id"), ("series", "chat_id"), ("games", "chat_id"),
              ("games", "host_id"), ("seats", "user_id"), ("moves", "user_id"),
              ("deal_results", "chat_id"), ("deal_results", "user_id"),
              ("tallies", "chat_id"), ("tallies", "user_id"), ("ratings", "user_id"),
              ("season_tallies", "chat_id"), ("season_tallies", "user_id"),
              ("season_ratings", "user_id"), ("achievements", "user_id")]


async def play_to_the_end(fake, world, users, game_id) -> None:
    for _ in range(600):
        if (await world.services.games.snapshot(game_id)).status != "running":
            return
        if not await press_once(fake, users):
            await fake.settle(0.05)
    raise AssertionError("the deal did not end")


async def stored(world, key: str):
    async with world.services.db.read() as s:
        tallies = {(r.chat_id, r.games, r.fools, r.draws, r.matchsticks, r.stakes)
                   for r in (await s.execute(select(Tally).where(Tally.player == key))).scalars()}
        rating = (await s.execute(select(Rating.mu, Rating.sigma, Rating.games)
                                  .where(Rating.player == key))).one_or_none()
    return tallies, tuple(rating) if rating else None


async def rows_naming(world, user_id: int) -> list[str]:
    found = []
    async with world.services.db.read() as s:
        for table, column in ID_COLUMNS:
            count = await s.scalar(text(f"SELECT count(*) FROM {table} WHERE {column} = :id"),
                                   {"id": user_id})
            if count:
                found.append(f"{table}.{column}: {count}")
        for table in ("deal_results", "tallies", "ratings", "season_tallies",
                      "season_ratings", "achievements"):
            count = await s.scalar(text(f"SELECT count(*) FROM {table} WHERE player = :p"),
                                   {"p": user_key(user_id)})
            if count:
                found.append(f"{table}.player: {count}")
    return found


async def answer_forget(fake, user, choice: str) -> str:
    chat = fake.private_chat(user)
    await fake.user_sends(user, chat, "/forget")
    question = await fake.wait_for_message(chat, lambda m: "forget=yes" in str(m.buttons))
    assert "cannot be undone" in question.text
    label = {"yes": "Yes, delete my data", "no": "No, keep them"}[choice]
    asked = question.text
    await fake.wait_for_answer(await fake.user_presses(user, question, label))
    # The question is edited into the outcome (the private chat's budget may hold the edit
    # a second on a busy machine).
    key = (question.chat_id, question.message_id)
    await fake.wait_for(lambda: fake.stored[key].text != asked, 10, "the outcome")
    return fake.stored[key].text


async def test_forget_deletes_the_person_and_keeps_everyone_elses_record(fakebot, bot_world):
    await bot_world.start()
    svc = bot_world.services
    group, (alice, bob), _table, first = await start_group_game(fakebot, bot_world)
    await play_to_the_end(fakebot, bot_world, [alice, bob], first)
    bob_before = await stored(bot_world, user_key(bob.id))
    alice_before = await stored(bot_world, user_key(alice.id))
    assert bob_before[1] is not None and alice_before[1] is not None

    # Alice plays on elsewhere: a running deal in a second group, a solo set-up open.
    other, (carol, dave), _t, running = await start_group_game(
        fakebot, bot_world, names=("Carol", "Dave"), title="Other")
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "/play")
    await fakebot.settle(0.1)
    solo_lobby = await svc.chats.open_lobby(fakebot.private_chat(alice).id)
    assert solo_lobby is not None
    # (Alice joins the running deal's seats by the database: a third game would take
    # minutes; the seat is what /forget must leave.)
    async with svc.db.transaction() as s:
        seat = (await s.execute(select(Seat).where(Seat.game_id == running,
                                                   Seat.user_id == carol.id))).scalar_one()
        seat.user_id = alice.id
    svc.games.seats_changed(running)

    # In a group: refused, nothing asked. "No": nothing deleted.
    await fakebot.user_sends(alice, group, "/forget")
    refusal = await fakebot.wait_for_message(group, lambda m: "private chat" in m.text)
    assert not refusal.buttons
    assert await answer_forget(fakebot, alice, "no") == "Nothing was deleted."
    assert any(row.startswith("season_tallies.") for row in
               await rows_naming(bot_world, alice.id))  # her season, and the rest

    assert (await answer_forget(fakebot, alice, "yes")).startswith("Done: the bot no longer")

    assert await rows_naming(bot_world, alice.id) == []
    async with svc.db.read() as s:
        anonymous = (await s.execute(select(User).where(User.id < 0))).scalars().all()
        seats = (await s.execute(select(Seat).where(Seat.game_id.in_([first, running]))
                                 .order_by(Seat.game_id, Seat.seat))).scalars().all()
    (anon,) = anonymous
    assert is_anonymous(anon.id) and anon.name == "" and anon.language is None
    assert {x.user_id for x in seats if x.game_id == first} == {anon.id, bob.id}
    left = next(x for x in seats if x.game_id == running and x.user_id == anon.id)
    assert left.left  # she left the running deal first, as /leave does
    assert (await svc.games.snapshot(running)).status == "running"
    assert (await svc.lobbies.get(solo_lobby)).status == "closed"

    # Everyone else's record is what it was; hers is the anonymous player's.
    assert await stored(bot_world, user_key(bob.id)) == bob_before
    assert await stored(bot_world, user_key(anon.id)) == alice_before
    record = await load_record(svc.db, first)
    assert record.replay_matches()

    # The group's leaderboard names her "Anonymous", Bob by his name.
    newest = fakebot.last_bot_message(group).message_id
    await fakebot.user_sends(bob, group, "/top")
    top = await fakebot.wait_for_message(group, lambda m: m.message_id > newest)
    assert "Anonymous" in top.text and "Alice" not in top.text
    assert hand_message(fakebot, dave) is not None


async def test_forget_is_in_the_private_menu_and_help_in_every_language(fakebot, bot_world):
    await bot_world.start()
    assert "forget" in PRIVATE_MENU
    menus = [call.params for call in fakebot.requests("setMyCommands", ok=True)
             if "private" in str(call.params.get("scope"))]
    assert len(menus) == 6  # the default and each of the five languages
    for params in menus:
        assert any(c["command"] == "forget" for c in params["commands"]), params
    dana = fakebot.add_user("Dana", language_code="de")
    await fakebot.user_sends(dana, fakebot.private_chat(dana), "/help")
    shown = await fakebot.wait_for_message(fakebot.private_chat(dana))
    assert "/forget — Meine Daten aus dem Bot löschen" in shown.text
