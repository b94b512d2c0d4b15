"""The bot's life between Telegram and the services: running deals on screen, computer
players, turn timers, what a button does, the lobby workflow.

    driver.py        GameRuntime: the hub; every service result lands in ``after``
    displays.py      which deals this process shows (loaded from a start or the service)
    display.py       one deal's messages and the snapshot it shows (memory only)
    presenter.py     every game message sent and edited; message bookkeeping
    pacing.py        when edits go out: the table's schedule, held quiet hand edits
    screens.py       a display's table / hand / solo screens (pure)
    computers.py     computer players (and taken-over seats) move after a pause
    timers.py        turn deadlines from the database
    presses.py       the press protocol: move buttons, card choices, hints, next deal
    lobby_desk.py    the lobby workflow (join, leave, menus, start, cancel) + its memory
    lobby_settings.py  what a lobby settings button changes
    bot_api.py       the one door for the runtime's Bot API requests
    messaging.py     send / edit with Telegram's failures handled alike
    tasks.py         background tasks, cancelled together at shutdown
    brains.py        the computer players as the runtime sees them
    telegram_http.py, webhook_server.py, webhook_replies.py: the transport (aiohttp)

The runtime keeps no game state of its own: the service owns the game and hands over a
``GameSnapshot`` with every result.
"""
