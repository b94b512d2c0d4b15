"""Helpers shared by the players: the opening of every ``choose`` (``legal_and_forced``),
grouping legal actions, the safe fallback move."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, ActionKind, PlayerView

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW = ActionKind.TRANSFER, ActionKind.SHOW
EXCHANGE, KEEP = ActionKind.EXCHANGE, ActionKind.KEEP
KNOWN_KINDS = frozenset(ActionKind)


class NoLegalAction(ValueError):
    """A player was asked for the move of a seat that has none: the caller's mistake
    (only a seat the game waits on is asked)."""


def legal_and_forced(view: PlayerView, legal: Sequence[Action] | None = None,
                     ) -> tuple[list[Action], Action | None]:
    """How every player opens ``choose``: the seat's legal actions (``legal``, by default
    the view's) and, when there is only one, that move (nothing to think about; None: a
    choice to make). Raises ``NoLegalAction`` when there is none."""
    actions = list(view.legal if legal is None else legal)
    if not actions:
        raise NoLegalAction(f"seat {view.player} has no legal action")
    return actions, actions[0] if len(actions) == 1 else None


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
