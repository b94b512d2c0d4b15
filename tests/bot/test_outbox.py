"""The outbox (bot.runtime.delivery.outbox) on its own: which request goes when, against a callback
that records when it was called (the end-to-end tests under Telegram's limits are in
test_group_play_under_limits.py)."""

from __future__ import annotations

import asyncio

import pytest
from telegram.error import RetryAfter

from bot.runtime.delivery.outbox import Budgets, Outbox, Priority, Superseded, Withdrawn

GROUP, OTHER_GROUP, ALICE, BOB = -100, -200, 11, 22


class Telegram:
    """The callback PTB would pass: records (endpoint, chat, text) in call order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object, object]] = []
        self.refuse: dict[object, int] = {}  # chat -> seconds of one 429

    async def post(self, endpoint: str, data: dict) -> bool:
        chat = data.get("chat_id")
        seconds = self.refuse.pop(chat, None)
        if seconds is not None:
            raise RetryAfter(seconds)
        self.calls.append((endpoint, chat, data.get("text")))
        return True


def request(outbox: Outbox, telegram: Telegram, endpoint: str, chat: int | None, *,
            text: str = "", priority: Priority | None = None, message_id: int | None = None,
            refresh=None, still_true=None):
    data: dict = {"text": text}
    if chat is not None:
        data["chat_id"] = chat
    if message_id is not None:
        data["message_id"] = message_id
    args: dict = {}
    if priority is not None:
        args["priority"] = priority
    if refresh is not None:
        args["refresh"] = refresh
    if still_true is not None:
        args["still_true"] = still_true
    return asyncio.ensure_future(outbox.process_request(
        callback=telegram.post, args=(endpoint, data), kwargs={}, endpoint=endpoint,
        data=data, rate_limit_args=args or None))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_an_answer_never_waits_behind_a_spent_token_budget():
    outbox, telegram = Outbox(Budgets(per_second=2, token_window_s=0.3)), Telegram()
    edits = [request(outbox, telegram, "editMessageText", ALICE + i, message_id=1)
             for i in range(4)]
    answer = request(outbox, telegram, "answerCallbackQuery", None)
    await settle()
    assert answer.done() and sum(e.done() for e in edits) == 2
    await asyncio.gather(*edits)
    assert [call[0] for call in telegram.calls[:3]] == [
        "editMessageText", "editMessageText", "answerCallbackQuery"]


async def test_an_inline_querys_answer_takes_the_tokens_budget_first_in_line():
    """Telegram counts it against the token (a press's answer it does not): forty people
    typing @bot at once must not earn 429s, and nothing waiting goes before it."""
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()
    first = request(outbox, telegram, "sendMessage", GROUP, text="first")
    await settle()
    edit = request(outbox, telegram, "editMessageText", ALICE, text="acting hand",
                   message_id=7, priority=Priority.ACTING_HAND)
    inline = request(outbox, telegram, "answerInlineQuery", None, text="games")
    await settle()
    assert not inline.done()  # the token's budget is spent for now
    await asyncio.gather(first, edit, inline)
    assert [call[2] for call in telegram.calls] == ["first", "games", "acting hand"]


async def test_when_the_token_budget_frees_the_best_waiting_request_goes_first():
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()
    first = request(outbox, telegram, "sendMessage", GROUP, text="first")
    await settle()
    waiting = [
        request(outbox, telegram, "sendMessage", GROUP, text="reply"),
        request(outbox, telegram, "editMessageText", GROUP, text="table", message_id=5,
                priority=Priority.TABLE),
        request(outbox, telegram, "editMessageText", BOB, text="other hand", message_id=6,
                priority=Priority.HAND),
        request(outbox, telegram, "editMessageText", ALICE, text="acting hand",
                message_id=7, priority=Priority.ACTING_HAND),
    ]
    await asyncio.gather(first, *waiting)
    assert [call[2] for call in telegram.calls] == [
        "first", "acting hand", "other hand", "table", "reply"]


async def test_the_tokens_second_goes_out_spread_not_at_once():
    outbox, telegram = Outbox(Budgets(per_second=20, token_window_s=1.0, token_burst=3)), \
        Telegram()
    sends = [request(outbox, telegram, "sendMessage", ALICE + i, text=str(i))
             for i in range(8)]
    await settle()
    assert len(telegram.calls) == 3  # the burst; the token's window alone would let 8 go
    await asyncio.gather(*sends)
    assert [call[2] for call in telegram.calls] == [str(i) for i in range(8)]


async def test_a_waiting_edit_is_replaced_by_a_newer_edit_of_the_same_message():
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()
    blocker = request(outbox, telegram, "sendMessage", BOB, text="blocker")
    await settle()
    older = request(outbox, telegram, "editMessageText", GROUP, text="old", message_id=3)
    other = request(outbox, telegram, "sendMessage", ALICE, text="queued after")
    await settle()
    newer = request(outbox, telegram, "editMessageText", GROUP, text="new", message_id=3)
    with pytest.raises(Superseded):
        await older
    await asyncio.gather(blocker, other, newer)
    # "new" took "old"'s place in the queue, ahead of what came between them.
    assert [call[2] for call in telegram.calls] == ["blocker", "new", "queued after"]
    assert outbox.stats.superseded == 1


async def test_an_edit_that_waited_is_sent_with_the_newest_content():
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()
    state = {"text": "move 1"}
    blocker = request(outbox, telegram, "sendMessage", BOB, text="blocker")
    await settle()
    edit = request(outbox, telegram, "editMessageText", GROUP, text="move 1", message_id=9,
                   refresh=lambda: (state["text"], None))
    await settle()
    state["text"] = "move 4"  # the game went on while the edit waited
    await asyncio.gather(blocker, edit)
    assert telegram.calls[-1][2] == "move 4"


async def test_a_message_no_longer_true_at_its_turn_is_withdrawn_unsent():
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()
    seated = {ALICE: False, BOB: False}
    blocker = request(outbox, telegram, "sendMessage", GROUP, text="blocker")
    await settle()
    waiting = {who: request(outbox, telegram, "sendMessage", who, text=f"waiting {who}",
                            still_true=lambda who=who: not seated[who])
               for who in (ALICE, BOB)}
    await settle()
    seated[ALICE] = True  # her table formed while her message waited for the budget
    with pytest.raises(Withdrawn):
        await waiting[ALICE]
    await asyncio.gather(blocker, waiting[BOB])
    assert [call[2] for call in telegram.calls] == ["blocker", f"waiting {BOB}"]
    assert outbox.stats.withdrawn == 1


async def test_a_withdrawn_message_gives_its_place_in_the_budget_back():
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()

    async def seated_meanwhile() -> bool:  # several instances: the database says
        return False

    blocker = request(outbox, telegram, "sendMessage", GROUP, text="blocker")
    await settle()
    gone = request(outbox, telegram, "sendMessage", ALICE, text="waiting",
                   still_true=seated_meanwhile)
    after = request(outbox, telegram, "sendMessage", BOB, text="after")
    await asyncio.gather(blocker)
    with pytest.raises(Withdrawn):
        await gone
    await settle()
    assert after.done()  # in the place "waiting" left, not a window later
    assert [call[2] for call in telegram.calls] == ["blocker", "after"]


async def test_the_last_messages_of_a_groups_minute_are_kept_for_tables():
    budgets = Budgets(per_second=0, group_per_minute=5, group_window_s=0.5,
                      private_per_second=0)
    outbox, telegram = Outbox(budgets), Telegram()
    lobby_edits = [request(outbox, telegram, "editMessageText", GROUP, text=f"lobby {i}",
                           message_id=100 + i) for i in range(4)]
    await settle()
    assert sum(e.done() for e in lobby_edits) == 2  # 5 - GROUP_RESERVE (3)
    table = request(outbox, telegram, "sendMessage", GROUP, text="table",
                    priority=Priority.TABLE)
    elsewhere = request(outbox, telegram, "sendMessage", OTHER_GROUP, text="elsewhere")
    await settle()
    assert table.done() and elsewhere.done()
    await asyncio.gather(*lobby_edits)
    assert len(telegram.calls) == 6


async def test_a_private_chat_gets_a_burst_then_about_one_a_second():
    budgets = Budgets(per_second=0, group_per_minute=0, private_burst=3,
                      private_per_second=20.0, private_slack=1.0)
    outbox, telegram = Outbox(budgets), Telegram()
    loop = asyncio.get_running_loop()
    start = loop.time()
    sent_at = []
    for i in range(5):
        await request(outbox, telegram, "sendMessage", ALICE, text=str(i))
        sent_at.append(loop.time() - start)
    assert sent_at[2] < 0.02  # the burst
    assert sent_at[4] - sent_at[2] >= 2 / 20 - 0.01  # then one per 1/20 s


async def test_a_429_pauses_only_its_own_chat():
    outbox, telegram = Outbox(Budgets(per_second=30)), Telegram()
    telegram.refuse[GROUP] = 1
    loop = asyncio.get_running_loop()
    start = loop.time()
    refused = request(outbox, telegram, "editMessageText", GROUP, text="table",
                      message_id=1, priority=Priority.TABLE)
    await settle()
    later_same_chat = request(outbox, telegram, "sendMessage", GROUP, text="same chat")
    other_chat = request(outbox, telegram, "sendMessage", ALICE, text="hand")
    answer = request(outbox, telegram, "answerCallbackQuery", GROUP)
    await asyncio.gather(other_chat, answer)
    assert loop.time() - start < 0.5
    await asyncio.gather(refused, later_same_chat)
    assert loop.time() - start >= 0.95
    assert [call[2] for call in telegram.calls][-2:] == ["table", "same chat"]
    assert outbox.stats.throttled == {"chat": 1, "token": 0}


async def test_a_request_refused_more_often_than_the_retries_reaches_its_caller():
    outbox = Outbox(Budgets(per_second=30), retries=0)
    telegram = Telegram()
    telegram.refuse[GROUP] = 1
    with pytest.raises(RetryAfter):
        await request(outbox, telegram, "sendMessage", GROUP, text="x")


async def test_a_request_that_waited_long_moves_up_a_class(monkeypatch):
    monkeypatch.setattr("bot.runtime.delivery.outbox.AGING_S", 0.1)
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.25)), Telegram()
    blocker = request(outbox, telegram, "sendMessage", BOB, text="blocker")
    await settle()
    reply = request(outbox, telegram, "sendMessage", GROUP, text="old reply")
    await asyncio.sleep(0.22)  # two classes up would pass a hand: it stops at the table's
    table = request(outbox, telegram, "editMessageText", GROUP, text="table", message_id=3,
                    priority=Priority.TABLE)
    hand = request(outbox, telegram, "editMessageText", ALICE, text="hand", message_id=2,
                   priority=Priority.HAND)
    await asyncio.gather(blocker, reply, table, hand)
    assert [call[2] for call in telegram.calls] == ["blocker", "hand", "old reply", "table"]


async def test_without_budgets_every_request_goes_at_once():
    outbox, telegram = Outbox(Budgets(per_second=0, group_per_minute=0,
                                      private_per_second=0)), Telegram()
    sends = [request(outbox, telegram, "sendMessage", GROUP, text=str(i)) for i in range(50)]
    await settle()
    assert all(s.done() for s in sends)


async def test_at_a_stop_what_waits_gets_a_moment_then_is_not_sent(monkeypatch):
    from bot.runtime.delivery.outbox import NotSent

    monkeypatch.setattr("bot.runtime.delivery.outbox.DRAIN_S", 0.3)
    outbox, telegram = Outbox(Budgets(per_second=1, token_window_s=0.2)), Telegram()
    sends = [request(outbox, telegram, "sendMessage", GROUP, text=str(i)) for i in range(3)]
    await settle()
    await outbox.shutdown()
    results = await asyncio.gather(*sends, return_exceptions=True)
    assert results[:2] == [True, True]  # the first at once, the second in the drain
    assert isinstance(results[2], NotSent)
