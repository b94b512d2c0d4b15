"""``durak-bot``: settings, logging, start-up checks with retries, and running the bot.

``main`` (the console script and ``python -m bot``) reads the settings, sets up logging
and runs ``serve``: check the database (reachable, schema current), connect to Telegram
(the token accepted), start the Application, then poll or serve the webhook until SIGINT
or SIGTERM. A known failure ends the process with one line naming the setting to check
(``failures``); a transient one is retried with backoff first, one log line per attempt
(``retry``). docs/operators.md explains every setting and failure.
"""
