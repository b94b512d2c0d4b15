"""Tournaments through the real Application and the fake Bot API: a knockout of three
people and a computer (the empty place) played to a winner with a no-show; one that
survives a restart mid-stage; and what a group must not be able to do to one (presses
from elsewhere or by others, /newgame over it, a cancel by someone who may not)."""

from __future__ import annotations

import asyncio

from conftest import second_instance, stop_app
from playing import play_to_the_end, running_game_in
from test_forget import answer_forget

from bot.service.tournaments import TournamentView

TITLE = "🏆 Tournament"


def standings_messages(fake, group):
    return [m for m in fake.bot_messages(group) if m.text.startswith(TITLE)]


def standings_message(fake, group):
    """The tournament's newest message as the group sees it now (an old one is deleted
    once the new one is there)."""
    found = standings_messages(fake, group)
    return found[-1] if found else None


async def shown(fake, group, predicate, what: str, timeout: float = 10.0):
    return await fake.wait_for(
        lambda: (m := standings_message(fake, group)) is not None and predicate(m) and m,
        timeout, what)


async def press(fake, user, message, button: str) -> str | None:
    """The answer's text (None: the press counted, silently)."""
    answer = await fake.wait_for_answer(await fake.user_presses(user, message, button))
    return answer.get("text")


async def tournament(world, group) -> TournamentView:
    """The group's open or running tournament."""
    view = await world.services.tournaments.service.in_chat(group.id)
    assert view is not None, "no tournament open or running"
    return view


async def open_tournament(fake, world, names=("Ann", "Bob", "Cid"), extra=()):
    """People who opened the bot, a group (and ``extra`` members who did not), the first
    opens a knockout and the others join: (group, users, the message)."""
    users = [fake.add_user(name) for name in names]
    for user in users:
        await fake.user_starts_bot(user)
    group = fake.add_group("Friday cards", [*users, *extra])
    await fake.user_sends(users[0], group, "/tournament")
    message = await shown(fake, group, lambda m: "✋ Join" in m.button_texts(), "the entries")
    assert "Knockout" in message.text and names[0] in message.text
    for user in users[1:]:
        assert await press(fake, user, message, "✋ Join") is None
    await shown(fake, group, lambda m: all(n in m.text for n in names), "everyone entered")
    return group, users, standings_message(fake, group)


async def play_through(fake, world, group, users, view: TournamentView) -> TournamentView:
    """Ready for every person of each called game, each deal played to its end, until
    the tournament is over; the tournament as it ended."""
    by_id = {u.id: u for u in users}
    service = world.services.tournaments.service
    for _step in range(40):
        view = await service.get(view.id)
        if view.status != "running":
            return view
        match = view.current
        if match is None:
            await fake.settle(0.05)
            continue
        if match.status == "called":
            message = await shown(fake, group, lambda m: "✅ Ready" in m.button_texts(),
                                  "a game called")
            for slot in match.sides:
                entry = view.entry(slot)
                if entry is not None and entry.user_id is not None and slot not in match.ready:
                    assert await press(fake, by_id[entry.user_id], message, "✅ Ready") in (
                        None, "You are ready; waiting for your opponent.")
            await fake.settle(0.05)
            continue
        assert match.game_id is not None
        players = [by_id[e.user_id] for e in (view.entry(s) for s in match.sides)
                   if e is not None and e.user_id is not None]
        await play_to_the_end(fake, world, match.game_id, players)
        await fake.settle(0.05)
    raise AssertionError("the tournament did not end")


async def test_a_knockout_is_played_to_its_winner_with_a_computer_in_the_empty_place_and_a_no_show(
        fakebot, bot_world):
    await bot_world.start(tournament_check=0.05)
    dan = fakebot.add_user("Dan")  # in the group, never opened a chat with the bot
    group, users, message = await open_tournament(fakebot, bot_world, extra=[dan])
    ann, bob, cid = users
    assert "private chat" in (await press(fakebot, dan, message, "✋ Join") or "")
    assert "host" in (await press(fakebot, bob, message, "▶️ Start") or "")
    assert await press(fakebot, ann, message, "▶️ Start") is None

    service = bot_world.services.tournaments.service
    view = await tournament(bot_world, group)
    assert view.status == "running" and len(view.entries) == 4
    computer = next(e for e in view.entries if e.user_id is None)  # the fourth place
    first = view.current
    assert first is not None and first.idx == 0 and first.status == "called"
    assert computer.slot not in first.sides  # the people meet each other first
    called = await shown(fakebot, group, lambda m: "Now:" in m.text, "the first game called")
    await fakebot.wait_for(lambda: len(standings_messages(fakebot, group)) == 1, 5,
                           "the entries message deleted")
    present, absent = (view.entry(s) for s in first.sides)
    assert present is not None and absent is not None
    user_of = {u.id: u for u in users}
    for entry, other in ((present, absent), (absent, present)):
        await fakebot.wait_for_message(fakebot.private_chat(user_of[entry.user_id]),
                                       lambda m, o=other: "Your tournament game against "
                                       f"{o.name}" in m.text)
    assert await press(fakebot, user_of[present.user_id], called, "✅ Ready") is None
    await shown(fakebot, group, lambda m: f"Ready: {present.name}" in m.text, "who is ready")
    assert "not your game" in (await press(fakebot, dan, called, "✅ Ready") or "")

    # Nobody else pressed: when the time is up, the one who came wins
    bot_world.clock.advance(181)
    await fakebot.wait_for(lambda: standings_message(fakebot, group) is not None and
                           f"{present.name} ({absent.name} did not come)"
                           in standings_message(fakebot, group).text, 10, "the no-show")
    view = await service.get(view.id)
    assert (view.matches[0].winner, view.matches[0].how) == (present.slot, "no_show")
    assert view.current is not None and view.current.idx == 1  # against the computer

    ended = await play_through(fakebot, bot_world, group, users, view)
    assert ended.status == "finished"
    final = ended.matches[-1]
    assert final.how == "played" and final.winner == ended.winner_slot
    assert present.slot in final.sides  # the one who came went on
    last = await shown(fakebot, group, lambda m: "wins the tournament" in m.text,
                       "the winner announced")
    assert last.button_texts() == []
    winner = ended.entry(ended.winner_slot)
    assert winner is not None
    assert f"🥇 {winner.name if winner.user_id else 'Computer 1'} wins the tournament!" \
        in last.text
    # every deal of it counted like any game, and none offered Play again
    for match in ended.matches:
        if match.game_id is not None:
            snap = await bot_world.services.games.snapshot(match.game_id)
            assert snap.status == "finished"
    assert not any("Play again" in m.button_texts() for m in fakebot.bot_messages(group))
    if winner.user_id is not None:
        champion = user_of[winner.user_id]
        await fakebot.wait_for_message(fakebot.private_chat(champion),
                                       lambda m: "You won the tournament in Friday cards! "
                                       "You hold 1 medal now." in m.text)
        await fakebot.user_sends(champion, group, "/stats")
        stats = await fakebot.wait_for_message(group, lambda m: m.text.startswith("📊") or
                                               "tournament medal" in m.text)
        assert "🥇 1 tournament medal" in stats.text and "Tournament medal" in stats.text


async def test_a_tournament_survives_a_restart_in_the_middle_of_a_game(fakebot, bot_world):
    app = await bot_world.start(tournament_check=0.05)
    group, users, message = await open_tournament(fakebot, bot_world)
    ann = users[0]
    assert await press(fakebot, ann, message, "▶️ Start") is None
    view = await tournament(bot_world, group)
    first = view.current
    assert first is not None
    by_id = {u.id: u for u in users}
    called = await shown(fakebot, group, lambda m: "✅ Ready" in m.button_texts(), "called")
    players = [by_id[view.entry(s).user_id] for s in first.sides]
    for user in players:
        assert await press(fakebot, user, called, "✅ Ready") is None
    game_id = await running_game_in(fakebot, bot_world, group)
    await shown(fakebot, group, lambda m: "Playing now:" in m.text, "the game is on")

    await bot_world.stop(app)  # the bot stops mid-game and comes back
    await bot_world.start(tournament_check=0.05)
    assert await play_to_the_end(fakebot, bot_world, game_id, players) == "finished"
    # the result counted, and the restarted bot went on: the next game called, or (a
    # drawn deal of a knockout) the same game dealt again
    service = bot_world.services.tournaments.service
    snap = await bot_world.services.games.snapshot(game_id)
    for _ in range(500):
        view = await service.get(view.id)
        done = view.matches[0]
        if done.status == "done" or (done.game_id not in (None, game_id)):
            break
        await fakebot.settle(0.02)
    if snap.state.outcome.draw:
        assert done.status == "playing" and done.game_id != game_id
    else:
        assert (done.status, done.how) == ("done", "played")
        assert done.winner == done.sides[1 - next(iter(snap.state.outcome.fools))]
        await fakebot.wait_for(lambda: (m := standings_message(fakebot, group)) is not None
                               and "Now:" in m.text, 10, "the next game called")
    ended = await play_through(fakebot, bot_world, group, users, view)
    assert ended.status == "finished"


async def test_what_may_not_be_done_to_a_tournament_changes_nothing(fakebot, bot_world):
    await bot_world.start(tournament_check=0.05)
    group, users, message = await open_tournament(fakebot, bot_world)
    ann, bob, cid = users
    service = bot_world.services.tournaments.service
    before = await tournament(bot_world, group)
    # a second /tournament shows the same one again, lower in the chat
    await fakebot.user_sends(bob, group, "/tournament")
    again = await fakebot.wait_for(
        lambda: (m := standings_message(fakebot, group)) is not None
        and m.message_id > message.message_id and m, 5, "the message sent again")
    assert again.text == message.text or "Entrants (3 of 16)" in again.text
    assert (await tournament(bot_world, group)).id == before.id
    # /newgame would take the table from it
    await fakebot.user_sends(cid, group, "/newgame")
    refusal = await fakebot.wait_for_message(group, lambda m: "A tournament is on here" in m.text)
    assert refusal.button_texts() == []
    # a press on its buttons from another group, with its very data, is refused
    other = fakebot.add_group("Other chat", [bob])
    elsewhere = await fakebot.user_sends(bob, other, "hello")
    query = await fakebot.user_presses(bob, elsewhere, data=f"tr{before.id}:s")
    assert "another chat" in ((await fakebot.wait_for_answer(query)).get("text") or "")
    # nonsense and stale data: refused, nothing changes
    for data in (f"tr{before.id}:r0", "tr999999:j", f"tr{before.id}:r999"):
        query = await fakebot.user_presses(cid, again, data=data)
        assert (await fakebot.wait_for_answer(query)).get("text")
    # a join twice, a leave by someone not in it
    assert "already" in (await press(fakebot, bob, again, "✋ Join") or "")
    stranger = fakebot.add_user("Eve")
    await fakebot.user_starts_bot(stranger)
    group.members[stranger.id] = "member"
    assert "not in this tournament" in (await press(fakebot, stranger, again, "Leave") or "")
    # only its host or an admin cancels it
    await fakebot.user_sends(bob, group, "/tournament cancel")
    await fakebot.wait_for_message(group, lambda m: "host" in m.text and "admin" in m.text)
    after = await tournament(bot_world, group)
    assert (after.status, [e.user_id for e in after.entries]) == \
        ("open", [e.user_id for e in before.entries])
    await fakebot.user_sends(ann, group, "/tournament cancel")
    await fakebot.wait_for(lambda: (m := standings_message(fakebot, group)) is not None
                           and "The tournament was cancelled." in m.text, 5, "cancelled")
    assert await service.in_chat(group.id) is None
    assert standings_message(fakebot, group).button_texts() == []
    # and the table is the group's again
    await fakebot.user_sends(cid, group, "/newgame")
    await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())


async def test_too_few_entrants_by_the_deadline_cancel_it_and_a_league_plays_everyone(
        fakebot, bot_world):
    await bot_world.start(tournament_check=0.05)
    users = [fakebot.add_user(name) for name in ("Ann", "Bob", "Cid")]
    for user in users:
        await fakebot.user_starts_bot(user)
    quiet = fakebot.add_group("Quiet group", users)
    await fakebot.user_sends(users[0], quiet, "/tournament league 5")
    message = await shown(fakebot, quiet, lambda m: "League" in m.text, "a league opened")
    assert "✓ League" in message.button_texts()
    await press(fakebot, users[1], message, "✋ Join")
    bot_world.clock.advance(5 * 60 + 1)  # two entered: not enough when entries close
    await fakebot.wait_for(lambda: "cancelled" in standings_message(fakebot, quiet).text, 10,
                           "cancelled for too few")

    group, users, message = await open_tournament(fakebot, bot_world, names=("Dee", "Eli",
                                                                             "Fay"))
    assert await press(fakebot, users[0], message, "League") is None
    await shown(fakebot, group, lambda m: "✓ League" in m.button_texts(), "league chosen")
    bot_world.clock.advance(10 * 60 + 1)  # entries close with three: it starts by itself
    view = None
    for _ in range(200):
        view = await bot_world.services.tournaments.service.in_chat(group.id)
        if view is not None and view.status == "running":
            break
        await fakebot.settle(0.02)
    assert view is not None and view.status == "running" and not view.knockout
    assert len(view.matches) == 6  # four places (a computer), each meets each once
    ended = await play_through(fakebot, bot_world, group, users, view)
    assert ended.status == "finished"
    assert all(m.status == "done" for m in ended.matches)
    last = await shown(fakebot, group, lambda m: "wins the tournament" in m.text
                       or "no winner" in m.text, "the end announced")
    assert "Standings" in last.text
    assert ("wins the tournament" in last.text) == (ended.winner is not None)


async def test_two_instances_run_one_tournament_once(fakebot, bot_world, shared_database):
    """Both instances look at the tournament every 50 ms; A takes the updates, B is handed
    presses (as a load balancer would). Each game is called in one message and told to
    each of its people once; two Ready presses racing on the two instances start one deal;
    the result recorded on one instance calls the next game once."""
    await bot_world.start(database_url=shared_database, instances=2, tournament_check=0.05)
    other = await second_instance(fakebot, bot_world, database_url=shared_database,
                                  tournament_check=0.05)
    try:
        group, users, message = await open_tournament(fakebot, bot_world)
        by_id = {u.id: u for u in users}
        on_b = other.bot_data["services"].tournaments
        view = await tournament(bot_world, group)
        await on_b.press(view.id, "s", users[0].id, "Ann", group.id)  # Start, on B
        view = await tournament(bot_world, group)
        first = view.current
        assert first is not None and first.status == "called"
        a, b = (by_id[view.entry(s).user_id] for s in first.sides)
        called = await shown(fakebot, group, lambda m: "Now:" in m.text, "the game called")
        await fakebot.settle(0.3)
        assert len(standings_messages(fakebot, group)) == 1
        for user in (a, b):
            told = [m for m in fakebot.bot_messages(fakebot.private_chat(user))
                    if "Your tournament game against" in m.text]
            assert len(told) == 1, [m.text for m in told]
        # the two Ready presses at once, one on each instance
        await asyncio.gather(
            fakebot.wait_for_answer(await fakebot.user_presses(a, called, "✅ Ready")),
            on_b.press(view.id, f"r{first.idx}", b.id, b.first_name, group.id))
        view = await bot_world.services.tournaments.service.get(view.id)
        game_id = view.matches[first.idx].game_id
        assert view.matches[first.idx].status == "playing" and game_id is not None
        await fakebot.settle(0.2)
        assert await bot_world.services.chats.running_game(group.id) == game_id
        assert await play_to_the_end(fakebot, bot_world, game_id, [a, b]) == "finished"
        for _ in range(300):
            view = await bot_world.services.tournaments.service.get(view.id)
            if view.matches[first.idx].status == "done" or (
                    view.matches[first.idx].game_id not in (None, game_id)):
                break
            await fakebot.settle(0.02)
        await fakebot.settle(0.3)
        games = [m for m in view.matches if m.game_id is not None]
        assert len({m.game_id for m in games}) == len(games)
        assert len(standings_messages(fakebot, group)) == 1
    finally:
        await stop_app(other)


async def test_forget_takes_a_person_out_of_a_tournament_still_taking_entrants(
        fakebot, bot_world):
    await bot_world.start(tournament_check=0.05)
    group, users, message = await open_tournament(fakebot, bot_world,
                                                  names=("Ann", "Bob", "Cid", "Dee"))
    dee = users[3]
    assert (await answer_forget(fakebot, dee, "yes")).startswith("Done")
    await shown(fakebot, group, lambda m: "Entrants (3 of 16): Ann, Bob, Cid" in m.text,
                "the message without her")
    view = await tournament(bot_world, group)
    assert [e.name for e in view.entries] == ["Ann", "Bob", "Cid"]


async def test_cancelling_a_tournament_cancels_the_deal_being_played(fakebot, bot_world):
    await bot_world.start(tournament_check=0.05)
    group, users, message = await open_tournament(fakebot, bot_world)
    assert await press(fakebot, users[0], message, "▶️ Start") is None
    view = await tournament(bot_world, group)
    by_id = {u.id: u for u in users}
    called = await shown(fakebot, group, lambda m: "✅ Ready" in m.button_texts(), "called")
    for slot in view.current.sides:
        assert await press(fakebot, by_id[view.entry(slot).user_id], called, "✅ Ready") is None
    game_id = await running_game_in(fakebot, bot_world, group)
    await fakebot.user_sends(users[0], group, "/tournament cancel")
    await fakebot.wait_for(lambda: "The tournament was cancelled." in
                           standings_message(fakebot, group).text, 5, "cancelled")
    assert (await bot_world.services.games.snapshot(game_id)).status == "cancelled"
    ended = await bot_world.services.tournaments.service.get(view.id)
    assert ended.status == "cancelled" and ended.winner is None
