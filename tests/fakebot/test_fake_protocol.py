"""The fake's Bot API plumbing: update offsets, long polling, request bodies, chats, members."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from telegram import Bot, ChatMemberAdministrator, ChatMemberLeft, ChatMemberOwner
from telegram.error import BadRequest, Conflict


async def test_get_updates_offsets_confirm_and_limit(fakebot, fake_api_bot):
    alice = fakebot.add_user("Alice")
    for text in ("one", "two", "three"):
        await fakebot.user_sends(alice, fakebot.private_chat(alice), text)
    first = await fake_api_bot.get_updates(timeout=0, limit=2)
    assert [u.message.text for u in first] == ["one", "two"]
    again = await fake_api_bot.get_updates(timeout=0)  # nothing confirmed yet
    assert [u.message.text for u in again] == ["one", "two", "three"]
    rest = await fake_api_bot.get_updates(offset=first[-1].update_id + 1, timeout=0)
    assert [u.message.text for u in rest] == ["three"]
    assert fakebot.pending_updates == 1  # "one" and "two" confirmed and forgotten
    last = await fake_api_bot.get_updates(offset=-1, timeout=0)
    assert [u.message.text for u in last] == ["three"]


async def test_long_poll_returns_when_an_update_arrives(fakebot, fake_api_bot):
    alice = fakebot.add_user("Alice")
    loop = asyncio.get_running_loop()
    started = loop.time()
    poll = asyncio.create_task(fake_api_bot.get_updates(timeout=5))
    await asyncio.sleep(0.1)
    assert not poll.done()
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "/start")
    updates = await asyncio.wait_for(poll, 2)
    assert [u.message.text for u in updates] == ["/start"]
    assert loop.time() - started < 2
    empty = await fake_api_bot.get_updates(offset=updates[0].update_id + 1, timeout=0.2)
    assert empty == ()


async def test_second_poller_terminates_the_first_with_conflict(fakebot, fake_api_bot):
    """Two bot processes on one token, as after a sloppy restart."""
    first = asyncio.create_task(fake_api_bot.get_updates(timeout=5))
    await fakebot.wait_for(lambda: fakebot.poll_count == 1)
    async with Bot(fakebot.token, base_url=fakebot.base_url) as other_process:
        second = asyncio.create_task(other_process.get_updates(timeout=0.2))
        with pytest.raises(Conflict, match="terminated by other getUpdates request"):
            await asyncio.wait_for(first, 2)
        assert await second == ()


async def test_commands_carry_entities_in_utf16_units(fakebot, fake_api_bot):
    bob = fakebot.add_user("Bob")
    group = fakebot.add_group("g", [bob])
    await fakebot.user_sends(bob, group, "♠🂡 /join now /go@durak_test_bot")
    (update,) = await fake_api_bot.get_updates(timeout=0)
    entities = update.message.entities
    assert [(e.type, e.offset, e.length) for e in entities] == [
        ("bot_command", 4, 5), ("bot_command", 14, 18)
    ]
    assert update.message.parse_entity(entities[1]) == "/go@durak_test_bot"


async def test_json_and_multipart_bodies_are_accepted(fakebot):
    alice = fakebot.add_user("Alice")
    await fakebot.user_starts_bot(alice)
    url = f"{fakebot.base_url}{fakebot.token}/sendMessage"
    markup = {"inline_keyboard": [[{"text": "Join", "callback_data": "j"}]]}
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"chat_id": alice.id, "text": "json",
                                           "reply_markup": markup}) as response:
            assert (await response.json())["result"]["text"] == "json"
        form = aiohttp.FormData()
        form.add_field("chat_id", str(alice.id))
        form.add_field("text", "12")  # text that looks like JSON stays text
        form.add_field("reply_markup", json.dumps(markup))
        form.add_field("document", b"bytes", filename="f.txt")  # forces multipart
        async with session.post(url, data=form) as response:
            body = await response.json()
            assert body["ok"] and body["result"]["text"] == "12"
        async with session.get(f"{fakebot.base_url}{fakebot.token}/noSuchMethod") as response:
            assert response.status == 404
    texts = [(m.text, m.button_texts()) for m in fakebot.bot_messages(alice.id)]
    assert texts == [("json", ["Join"]), ("12", ["Join"])]


async def test_members_admins_and_chat_info(fakebot, fake_api_bot):
    owner, admin, member = (fakebot.add_user(n) for n in ("Owner", "Admin", "Member"))
    outsider = fakebot.add_user("Outsider")
    group = fakebot.add_group("Table", [member], creator=owner, admins=[admin])
    assert isinstance(await fake_api_bot.get_chat_member(group.id, owner.id), ChatMemberOwner)
    got = await fake_api_bot.get_chat_member(group.id, admin.id)
    assert isinstance(got, ChatMemberAdministrator) and got.user.first_name == "Admin"
    assert (await fake_api_bot.get_chat_member(group.id, member.id)).status == "member"
    assert isinstance(await fake_api_bot.get_chat_member(group.id, outsider.id), ChatMemberLeft)
    with pytest.raises(BadRequest, match="User not found"):
        await fake_api_bot.get_chat_member(group.id, 999)
    admins = await fake_api_bot.get_chat_administrators(group.id)
    assert {a.user.id for a in admins} == {owner.id, admin.id}
    info = await fake_api_bot.get_chat(group.id)
    assert (info.id, info.type, info.title) == (group.id, "supergroup", "Table")
    assert await fake_api_bot.send_chat_action(group.id, "typing")
    with pytest.raises(BadRequest):
        await fake_api_bot.send_chat_action(group.id, "dancing")


async def test_settle_waits_for_the_bot_to_go_quiet(fakebot, fake_api_bot):
    alice = fakebot.add_user("Alice")
    await fakebot.user_starts_bot(alice)

    async def slow_bot() -> None:
        (update,) = await fake_api_bot.get_updates(timeout=1)
        await fake_api_bot.get_updates(offset=update.update_id + 1, timeout=0)
        for i in range(3):
            await asyncio.sleep(0.02)
            await fake_api_bot.send_message(alice.id, f"reply {i}")

    task = asyncio.create_task(slow_bot())
    await fakebot.settle(quiet=0.1)
    assert fakebot.send_count(alice.id) == 3
    await task
