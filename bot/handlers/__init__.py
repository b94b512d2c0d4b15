"""python-telegram-bot handlers: parse the update, call one service function, reply.

``routes.register(app)`` adds them all; ``context.BotContext`` is what each receives.
"""
