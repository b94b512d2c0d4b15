"""What a person asks ``/quick`` for: a preset, a player count and rule overrides, checked
by the engine before anyone waits for it, and written as one canonical key so that people
asking for the same game (in any order of overrides) wait in the same line."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.engine import RulesError, RuleSet
from bot.service.errors import Code, QueueRefused, engine_details

DEFAULT_PRESET = "podkidnoy"
DEFAULT_PLAYERS = 2


@dataclass(frozen=True)
class QuickRequest:
    preset: str = DEFAULT_PRESET
    players: int = DEFAULT_PLAYERS
    rules: dict[str, Any] = field(default_factory=dict)  # overrides, engine-typed values

    @property
    def key(self) -> str:
        """The game in one string: equal for equal requests."""
        return json.dumps([self.preset, self.players, self.rules], sort_keys=True,
                          separators=(",", ":"))

    @classmethod
    def from_key(cls, key: str) -> QuickRequest:
        preset, players, rules = json.loads(key)
        return cls(str(preset), int(players), dict(rules))

    def rule_set(self) -> RuleSet:
        return RuleSet.preset(self.preset, players=self.players, **self.rules)


def checked(request: QuickRequest) -> QuickRequest:
    """The request with its overrides as the engine typed them, or ``QUICK_UNPLAYABLE``
    carrying the engine's reasons (``details``), the refusal the lobby gives for rules
    that cannot be played, and the same reasons `durak rules` prints for that mix:
    render/refusals.py words them."""
    overrides = {str(k): v for k, v in dict(request.rules).items()
                 if k not in ("players", "preset_name")}
    # The refusal carries the request as asked (the overrides as JSON text: parameters are
    # text or numbers), so its words can say which player counts this mix takes.
    preset, players = str(request.preset), int(request.players)
    asked = json.dumps(overrides, sort_keys=True, default=str)
    try:
        rules = RuleSet.preset(preset, players=players, **overrides)
        rules.validate()
    except RulesError as exc:
        raise QueueRefused(Code.QUICK_UNPLAYABLE, details=engine_details(exc),
                           preset=preset, players=players, rules=asked) from exc
    except (TypeError, ValueError) as exc:  # odd input: no engine reason to pass on
        raise QueueRefused(Code.QUICK_UNPLAYABLE, preset=preset, players=players,
                           rules=asked) from exc
    typed = rules.to_dict()
    return QuickRequest(rules.preset_name, rules.players, {k: typed[k] for k in overrides})
