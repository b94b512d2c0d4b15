"""Every request the bot makes to Telegram: the one door (``bot_api``), sending and
editing with Telegram's failures handled alike (``messaging``), the queue that holds the
flood limits (``outbox``), and the transport on aiohttp: the client (``telegram_http``), the
webhook server (``webhook_server``) and press answers riding on its responses
(``webhook_replies``).
"""
