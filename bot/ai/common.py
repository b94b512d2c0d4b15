"""Helpers shared by the players: grouping legal actions, the safe fallback move."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, ActionKind

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW = ActionKind.TRANSFER, ActionKind.SHOW
EXCHANGE, KEEP = ActionKind.EXCHANGE, ActionKind.KEEP
KNOWN_KINDS = frozenset(ActionKind)


def by_kind(legal: Sequence[Action]) -> dict[ActionKind, list[Action]]:
    out: dict[ActionKind, list[Action]] = {}
    for a in legal:
        out.setdefault(a.kind, []).append(a)
    return out


def safe_fallback(legal: Sequence[Action]) -> Action:
    """A legal move that never throws good cards away, for situations a player does not
    model (new action kinds from later games): keep/pass/take when offered, otherwise the
    action naming the fewest and lowest cards (a deterministic choice)."""
    for kind in (KEEP, PASS, TAKE):
        for a in legal:
            if a.kind is kind:
                return a
    return min(legal, key=lambda a: (len(a.cards), [c & 15 for c in a.cards], a.cards,
                                     str(a.kind.value)))
