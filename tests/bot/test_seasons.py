"""Seasons through the real Application and the fake Bot API: /top shows this season's
board (named, even before anyone finished a game in it) with the all-time board a button
away; a season rolled over by the test's clock sends each group that played its podium
and fool once (not to a group that turned it off, that removed the bot, or that did not
play), and the new season's board starts empty."""

from __future__ import annotations

from datetime import UTC, datetime

from playing import play_to_the_end, start_group_game

MID_NOVEMBER = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)
DECEMBER_FIRST = datetime(2026, 12, 1, 0, 0, 5, tzinfo=UTC)


def set_clock(world, moment: datetime) -> None:
    """The bot's clock (real time plus an offset) at ``moment`` now."""
    world.clock.offset = moment - datetime.now(UTC)


def now_shown(fake, message):
    """The message as it is now (after edits)."""
    return next(m for m in fake.messages(message.chat_id) if m.message_id == message.message_id)


async def command_reply(fake, user, chat, text: str):
    """The bot's next message in ``chat`` after ``user`` sends ``text`` (what the bot was
    still sending there before, such as the welcome after /start, is let through first)."""
    await fake.settle(0.1)
    newest = fake.last_bot_message(chat)
    after = newest.message_id if newest is not None else 0
    await fake.user_sends(user, chat, text)
    return await fake.wait_for_message(chat, lambda m: m.message_id > after)


async def finished_game(fake, world, names, title):
    """A group whose first deal was played to a fool (a drawn deal, rare, is played again
    in a new group): (group, users, the fool's first name in a set)."""
    for _attempt in range(5):
        group, users, _table, game_id = await start_group_game(fake, world, names=names,
                                                               title=title)
        assert await play_to_the_end(fake, world, game_id, users) == "finished"
        outcome = (await world.services.games.snapshot(game_id)).state.outcome
        if not outcome.draw:
            snap = await world.services.games.snapshot(game_id)
            return group, users, {u.first_name for u in users
                                  if snap.seat_of(u.id) in outcome.fools}
    raise AssertionError("five drawn deals in a row")


async def test_top_names_the_season_before_any_game_and_switches_to_all_time(
        fakebot, bot_world):
    await bot_world.start(notice_check=0.05)
    set_clock(bot_world, MID_NOVEMBER)
    ann = fakebot.add_user("Ann")
    group = fakebot.add_group("Quiet table", [ann])
    top = await command_reply(fakebot, ann, group, "/top")
    assert top.text == ("Best players\n🏆 November 2026 season\n"
                        "Nobody has finished a game here this season yet.")
    assert top.button_texts() == ["All time"]

    answer = await fakebot.wait_for_answer(await fakebot.user_presses(ann, top, "All time"))
    assert not answer.get("text")
    await fakebot.wait_for(lambda: "season" not in now_shown(fakebot, top).text, 5, "edit")
    shown = now_shown(fakebot, top)
    assert shown.text == "Best players\nNobody has finished a game here yet."
    assert shown.button_texts() == ["This season"]
    await fakebot.wait_for_answer(await fakebot.user_presses(ann, shown, "This season"))
    await fakebot.wait_for(lambda: now_shown(fakebot, top).text == top.text, 5, "back")


async def test_a_forged_top_button_from_another_place_changes_nothing(fakebot, bot_world):
    """The chat's board only in that group: the same data pressed in a private chat (on a
    message of the private ladder) is refused, and the message stays."""
    await bot_world.start()
    ann = fakebot.add_user("Ann")
    await fakebot.user_starts_bot(ann)
    # the welcome first (on a busy machine it can come after a quiet spell of 0.1 s)
    await fakebot.wait_for_message(fakebot.private_chat(ann),
                                   lambda m: m.text.startswith("Hello!"))
    top = await command_reply(fakebot, ann, fakebot.private_chat(ann), "/top")
    assert top.text.startswith("Quick games: the ladder\n🏆 ")
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        ann, top, data="ptop=ca"))
    assert "out of date" in answer["text"], answer
    assert now_shown(fakebot, top).text == top.text


async def test_a_season_ends_with_one_podium_message_per_group_that_played(
        fakebot, bot_world):
    await bot_world.start(notice_check=0.05)
    set_clock(bot_world, MID_NOVEMBER)
    played, users, fools = await finished_game(fakebot, bot_world, ("Alice", "Bob"),
                                               "Played")
    muted, muted_users, _ = await finished_game(fakebot, bot_world, ("Cleo", "Dan"), "Muted")
    gone, _gone_users, _ = await finished_game(fakebot, bot_world, ("Eve", "Fay"), "Gone")
    quiet = fakebot.add_group("Quiet", [users[0]])
    # The first deal earned each person an achievement: a line on the result, and a
    # quiet message in their private chat.
    (fool,) = fools
    winner = ({"Alice", "Bob"} - fools).pop()
    table = next(m for m in reversed(fakebot.bot_messages(played)) if "deal 1" in m.text)
    assert f"🏅 {winner}: First win" in table.text and f"🏅 {fool}: Welcome to the club" \
        in table.text
    for user in users:
        said = ("🏅 New achievement: First win\nYou won a deal for the first time."
                if user.first_name == winner else "🏅 New achievement: Welcome to the club\n"
                "You were the fool for the first time. It happens to everyone.")
        await fakebot.wait_for_message(user.id, lambda m, said=said: m.text.startswith(said))

    # This season's board has the game; a non-admin may not turn the podium off.
    top = await command_reply(fakebot, users[1], played, "/top")
    assert "🏆 November 2026 season\n1. " in top.text and "Alice" in top.text
    # /stats has the season beside all time: both start everyone at 1000 (the season
    # halfway from the all-time rating, which was 1000), a deal between equals moves 8.
    if "Alice" in fools:
        deal, points = "1 time the fool, 0 draws, 1 matchstick", 992
    else:
        deal, points = "0 times the fool, 0 draws, 0 matchsticks", 1008
    stats = await command_reply(fakebot, users[0], played, "/stats")
    first = "Welcome to the club" if "Alice" in fools else "First win"
    assert stats.text.splitlines()[:2] == [
        f"Alice: 1 game, {deal}; rating {points}",
        f"November 2026 season: 1 game, {deal.replace(', 0 draws', '')}; "
        f"season rating {points}"]
    assert stats.text.splitlines()[2].startswith(f"🏅 Achievements: {first}")
    refused = await command_reply(fakebot, muted_users[1], muted, "/season off")
    assert "admin" in refused.text.lower(), refused.text
    muted.members[muted_users[0].id] = "administrator"
    said = await command_reply(fakebot, muted_users[0], muted, "/season off")
    assert said.text.startswith("This is the November 2026 season. The group gets no "
                                "message"), said.text
    gone.bot_status = "kicked"

    before = {chat.id: len(fakebot.bot_messages(chat.id)) for chat in (played, muted, quiet)}
    set_clock(bot_world, DECEMBER_FIRST)
    podium = await fakebot.wait_for_message(
        played, lambda m: m.text.startswith("🏁 The November 2026 season is over."))
    assert podium.text.splitlines()[1:3] == [
        f"🥇 {winner}: 1 game, 0 matchsticks", f"🥈 {fool}: 1 game, 1 matchstick"]
    assert f"🃏 Fool of the season: {fool} (1 time the fool)" in podium.text
    assert podium.text.endswith("The December 2026 season has begun: /top shows it. "
                                "Admins: /season off stops these messages.")

    # Once: later looks (and a restart) send nothing more, nowhere else.
    await fakebot.settle(0.5)
    await bot_world.stop(bot_world.app)
    await bot_world.start(notice_check=0.05)
    await fakebot.settle(0.5)
    assert len(fakebot.bot_messages(played.id)) == before[played.id] + 1
    assert len(fakebot.bot_messages(muted.id)) == before[muted.id]
    assert len(fakebot.bot_messages(quiet.id)) == before[quiet.id]

    # The podium earned its people an achievement, told privately (the winner two), in
    # the muted group too (only the group's message is off there).
    for user in [*users, *muted_users]:
        told = await fakebot.wait_for_message(
            user.id, lambda m: m.text.startswith("🏅 New achievement: On the podium"))
        if user in users:
            assert ("Season champion" in told.text) == (user.first_name == winner), told.text

    # The new season starts empty; all time still has the game; /stats says no season.
    stats = await command_reply(fakebot, users[0], played, "/stats")
    lines = stats.text.splitlines()
    assert len(lines) == 2 and "season:" not in stats.text and "On the podium" in lines[1]
    top = await command_reply(fakebot, users[0], played, "/top")
    assert top.text == ("Best players\n🏆 December 2026 season\n"
                        "Nobody has finished a game here this season yet.")
    await fakebot.wait_for_answer(await fakebot.user_presses(users[0], top, "All time"))
    await fakebot.wait_for(lambda: f"1. {winner}: 1 game" in now_shown(fakebot, top).text,
                           5, "the all-time board")
