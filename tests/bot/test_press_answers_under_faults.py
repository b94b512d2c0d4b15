"""A press is answered with what happened to it, whatever Telegram does to the answers:
three people play while ``answerCallbackQuery`` meets 429s, 500s, dropped connections
and requests that hang. Every answer that arrives is checked against the move log: a
move that was applied is answered as applied (or not at all: the hand's next edit shows
it), a press that was not applied is told why, and nobody is told that the game's
storage is not answering (it always answered)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from playing import hand_message, move_log, start_group_game

from bot.engine import ActionKind
from bot.i18n import t
from bot.render.callback import encode_move

PRESSES = 24


@dataclass
class Press:
    query: object
    seat: int
    version: int
    action: str
    fault: str


def _inject(fake, step: int) -> str:
    """The fault the next answer (or answers) meets, in turn."""
    kind = ("429", "500", "drop", "429 twice", "hang", "none")[step % 6]
    if kind == "429":
        fake.inject_error("answerCallbackQuery", 429, "Too Many Requests: retry after 1",
                          retry_after=1)
    elif kind == "429 twice":  # the retry fails too: the press stays unanswered
        fake.inject_error("answerCallbackQuery", 429, "Too Many Requests: retry after 1",
                          retry_after=1, times=2)
    elif kind == "500":
        fake.inject_error("answerCallbackQuery", 500, "Internal Server Error")
    elif kind in ("drop", "hang"):
        fake.inject_fault("answerCallbackQuery", kind, seconds=1.0)
    return kind


async def _settled(fake, press: Press, moved) -> None:
    """Until the press is answered (or its answer given up on) and the game moved on when
    it was a move that counts."""
    loop = asyncio.get_running_loop()
    until = loop.time() + 4.0
    while loop.time() < until:
        if press.query.answered and await moved():
            return
        await asyncio.sleep(0.05)


async def test_every_press_is_answered_with_what_happened_to_it(fakebot, bot_world):
    await bot_world.start(telegram_timeout=0.3)
    _group, users, _table, game_id = await start_group_game(
        fakebot, bot_world, names=("Alice", "Bob", "Carol"))
    games = bot_world.services.games
    presses: list[Press] = []
    for step in range(PRESSES):
        snap = await games.snapshot(game_id)
        if snap.status != "running":
            break
        seat = min(snap.state.waiting_on())
        # A card before a take or a pass: a game with every kind of move.
        action = min((a for a in snap.state.legal_actions(seat)
                      if not (a.kind is ActionKind.ATTACK and len(a.cards) > 1)),
                     key=lambda a: not a.cards)
        if step % 4 == 3 and snap.version > 0:
            # Someone presses a button a move old: not applied, and told why.
            seat = next(s.seat for s in snap.seats if s.seat != min(snap.state.waiting_on()))
            version = snap.version - 1
        else:
            version = snap.version
        user = next(u for u in users if snap.seat_of(u.id) == seat)
        fault = _inject(fakebot, step)
        query = await fakebot.user_presses(user, hand_message(fakebot, user),
                                           data=encode_move(game_id, version, action.text()))
        press = Press(query, seat, version, action.text(), fault)
        presses.append(press)

        async def moved(version=snap.version, mine=version == snap.version) -> bool:
            return not mine or (await games.snapshot(game_id)).version > version

        await _settled(fakebot, press, moved)
        fakebot.injected.clear()  # an injection no answer met does not carry over
        fakebot.faults.clear()

    log = {m.idx: m for m in await move_log(bot_world, game_id)}
    storage, internal = t("en", "err.unavailable"), t("en", "err.internal")
    applied_answers = refused_answers = unanswered = 0
    for press in presses:
        move = log.get(press.version)
        applied = (move is not None and move.seat == press.seat
                   and move.action == press.action and move.cause == "player")
        text = press.query.answer.get("text") if press.query.answered else None
        assert text not in (storage, internal), (press, text)
        if not press.query.answered:
            unanswered += 1
        elif applied:
            applied_answers += 1
            assert text is None or text.startswith("✓"), (press, text)
        else:
            refused_answers += 1
            assert text and not text.startswith("✓"), (press, text)
    # The faults were met: 429s among them, and some answers were given up on.
    refused_calls = {c.error_code for c in fakebot.calls
                     if c.method.lower() == "answercallbackquery" and not c.ok}
    assert {429, 500} <= refused_calls
    assert {kind for kind, method, _ in fakebot.faults_met
            if method == "answercallbackquery"} == {"drop", "hang"}
    assert applied_answers >= PRESSES // 2 and refused_answers >= 2 and unanswered >= 2, \
        (applied_answers, refused_answers, unanswered)


def test_the_error_handler_names_what_failed():
    """Telegram refusing is not the storage failing; only a database failure says so."""
    import asyncpg.exceptions as pg
    from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut

    from bot.handlers.errors import message_key

    assert message_key(RetryAfter(3)) == "err.telegram"
    assert message_key(NetworkError("Bad Gateway")) == "err.telegram"
    assert message_key(TimedOut()) == "err.telegram"
    assert message_key(pg.CannotConnectNowError("starting up")) == "err.unavailable"
    assert message_key(BadRequest("Message is not modified")) == "err.internal"
    assert message_key(ValueError("a bug")) == "err.internal"
