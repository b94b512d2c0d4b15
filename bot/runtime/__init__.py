"""The bot's life between Telegram and the services: running deals on screen, computer
players, turn timers, what a button does, the lobby workflow.

    driver.py       GameRuntime: the hub; every service result lands in ``after``
    presses.py      the press protocol: move buttons, card choices, hints, next deal
    tasks.py        background tasks, cancelled together at shutdown
    faults.py       the failures it knows (database, Telegram): one log line, a backoff
    log_context.py  what a log line is about (update, chat, game)
    forgetting.py   /forget's workflow
    table/          a deal on screen: which deals this process shows (displays, display),
                    every game message sent and edited (presenter), when edits go out
                    (pacing), the screens drawn (screens), which instance draws a game
                    (renderers), "Play again" and "Next deal" (play_again)
    lobby/          the lobby workflow: join, leave, menus, start, cancel (desk), the
                    settings buttons (settings), people who have not opened the private
                    chat yet (pending), when the lobby message is edited (redraws)
    turns/          who moves when nobody presses: computer players and taken-over seats
                    (computers, brains), turn deadlines (timers), "your turn" (nudges)
    delivery/       every request to Telegram: the one door (bot_api), send / edit with
                    Telegram's failures handled alike (messaging), the flood-limit queue
                    (outbox), the transport on aiohttp (telegram_http, webhook_server,
                    webhook_replies)

The runtime keeps no game state of its own: the service owns the game and hands over a
``GameSnapshot`` with every result.
"""
