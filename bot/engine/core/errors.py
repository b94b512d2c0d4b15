"""The engine's errors: each carries a code (codes.py) and the parameters of its sentence.

    IllegalAction      a well-formed action the rules forbid now (state.apply)
    RulesError         a rule set that cannot be played (RuleSet.validate, parsing values)
    InvalidAction      text that is not an action (Action.parse): syntax, no rule asked
    InvalidCard        text that is not a card (Card.parse)
    InvalidAssignment  text that is not NAME=VALUE (RuleSet.parse_assignment)
    InvalidState       a saved state, position or deck order that describes no deal

As python-chess separates an invalid move text from an illegal move, ``InvalidAction`` and
``InvalidCard`` are not ``IllegalAction``s; every one is a ``ValueError`` (``EngineError``).
``str(error)`` is the English sentence; ``error.code`` and ``error.params`` let a screen say
it in another language without reading the English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .codes import CodeEnum

Params = Mapping[str, str | int]


class Reason(str):
    """One coded sentence: the English text (it *is* the str) with its code and parameters.

    ``RuleSet.problems()`` returns these, so a list of problems still reads, joins and
    compares as the English sentences it always was."""

    code: CodeEnum
    params: dict[str, str | int]

    def __new__(cls, code: CodeEnum, /, **params: str | int) -> Reason:
        reason = super().__new__(cls, code.text(**params))
        reason.code, reason.params = code, params
        return reason

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (process pools) as code + parameters
        return _reason, (self.code, self.params)


def _reason(code: CodeEnum, params: dict[str, str | int]) -> Reason:
    return Reason(code, **params)


class EngineError(ValueError):
    """Base of the engine's errors: ``code``, ``params``, and the sentence as ``str()``."""

    reason: Reason

    def __init__(self, code: CodeEnum | Reason, /, **params: str | int) -> None:
        """``Error(Code.X, card="10♥")``, or ``Error(reason)`` with a ready Reason."""
        reason = code if isinstance(code, Reason) else Reason(code, **params)
        super().__init__(str(reason))
        self.reason = reason

    @property
    def code(self) -> CodeEnum:
        return self.reason.code

    @property
    def params(self) -> dict[str, str | int]:
        return self.reason.params

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.reason,)


class IllegalAction(EngineError):
    """An action the rules forbid; the code names the rule broken."""


class InvalidAction(EngineError):
    """Text that is not an action (unknown kind, wrong number of cards, a bad card...)."""


class InvalidCard(EngineError):
    """Text that is not a card."""


class InvalidAssignment(EngineError):
    """Text that is not of the form NAME=VALUE."""


class InvalidState(EngineError):
    """A saved state, hand-built position or deck order that describes no deal."""


class RulesError(EngineError):
    """A rule set that cannot be played. ``problems`` holds every reason (``code`` and
    ``params`` are the first one's); ``str()`` joins them with "; " as it always did."""

    problems: tuple[Reason, ...]

    def __init__(self, code: CodeEnum | Reason, /, *more: Reason, **params: str | int) -> None:
        super().__init__(code, **params)
        self.problems = (self.reason, *more)
        if more:
            self.args = ("; ".join(self.problems),)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), self.problems


__all__ = ["EngineError", "IllegalAction", "InvalidAction", "InvalidAssignment", "InvalidCard",
           "InvalidState", "Reason", "RulesError"]
