"""The weekly digest through the real Application and the fake Bot API, on a test clock:
a group whose admin turned it on gets its week once, on Sunday at 18:00 UTC (not again
after a restart, not the next week when nobody played); a group that played without
asking for it, and a group that asked but did not play, get nothing."""

from __future__ import annotations

from datetime import UTC, datetime

from test_seasons import command_reply, finished_game, set_clock

SATURDAY = datetime(2026, 11, 21, 15, 0, tzinfo=UTC)
SUNDAY_EVENING = datetime(2026, 11, 22, 18, 0, 5, tzinfo=UTC)
NEXT_SUNDAY_EVENING = datetime(2026, 11, 29, 18, 0, 5, tzinfo=UTC)


async def test_a_group_that_asked_gets_its_week_once_and_a_quiet_one_nothing(
        fakebot, bot_world):
    await bot_world.start(notice_check=0.05)
    set_clock(bot_world, SATURDAY)
    asked, users, fools = await finished_game(fakebot, bot_world, ("Alice", "Bob"), "Asked")
    unasked, _, _ = await finished_game(fakebot, bot_world, ("Cleo", "Dan"), "Unasked")
    quiet = fakebot.add_group("Quiet", [users[0]])

    refused = await command_reply(fakebot, users[1], asked, "/digest on")
    assert "admin" in refused.text.lower(), refused.text
    for group in (asked, quiet):
        group.members[users[0].id] = "administrator"
        said = await command_reply(fakebot, users[0], group, "/digest on")
        assert said.text.startswith("Every Sunday at 18:00 UTC this chat gets its week"), \
            said.text
    assert (await command_reply(fakebot, users[0], unasked, "/digest")).text.startswith(
        "No weekly digest in this chat.")

    before = {g.id: len(fakebot.bot_messages(g.id)) for g in (asked, unasked, quiet)}
    set_clock(bot_world, SUNDAY_EVENING)
    digest = await fakebot.wait_for_message(
        asked, lambda m: m.text.startswith("📰 This chat's week: 1 game"))
    (fool,) = fools
    assert f"🃏 Fool of the week: {fool} (1 time the fool)" in digest.text
    winner = ({"Alice", "Bob"} - fools).pop()
    assert f"📈 Biggest rating jump: {winner}, +8" in digest.text
    assert "streak" not in digest.text  # one deal is no streak
    assert digest.text.endswith("Admins: /digest off stops this weekly message.")

    await fakebot.settle(0.5)
    await bot_world.stop(bot_world.app)
    await bot_world.start(notice_check=0.05)
    await fakebot.settle(0.5)
    set_clock(bot_world, NEXT_SUNDAY_EVENING)  # nobody played that week
    await fakebot.settle(0.5)
    assert {g.id: len(fakebot.bot_messages(g.id)) for g in (asked, unasked, quiet)} == {
        asked.id: before[asked.id] + 1, unasked.id: before[unasked.id],
        quiet.id: before[quiet.id]}
