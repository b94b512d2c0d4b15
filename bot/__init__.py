"""Durak for Telegram: the rules engine, game service, storage and bot."""
