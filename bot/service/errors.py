"""Refusals the service gives. Every one carries a human reason the bot can show as is."""

from __future__ import annotations


class ServiceError(Exception):
    """Base: the request was refused and nothing changed."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotFound(ServiceError):
    pass


class NotAllowed(ServiceError):
    """The user may not do this (not the host, not seated, not their seat...)."""


class LobbyError(ServiceError):
    """The lobby cannot do that now (full, closed, too few players, bad settings)."""


class StaleVersion(ServiceError):
    """The request was made against an older position: the game has moved on."""


class AlreadyPlayed(StaleVersion):
    """This exact action was already applied (a double press, or two racing presses)."""


class IllegalMove(ServiceError):
    """The rules engine refused the action; the reason names the rule."""


class NotYet(ServiceError):
    """A timeout fired before the deadline (or after the turn was already played)."""


class GameOver(ServiceError):
    """The deal is finished or cancelled."""
