"""Whose turn clock a move restarts: each person's clock is theirs.

A person's time runs from the moment what they must answer last changed (a new card to
beat, their turn to lead, a throw-in window opening for them), not from anybody's last
move. A deal stores one deadline (``games.turn_deadline``), which is right because the
seats waited on at one moment got their task at the same moment (the defender alone, or
the attackers whose throw-in window opened together); this module says, for one accepted
step, whether some seat waited on now got a new task (the clock restarts) or whether every
one of them still has the task they had (the deadline stays where it was).

The test is on the engine's legal actions and the table, so it holds for every variant
without knowing its rules: a seat's task is new when it was not waited on before the
step, when it may now do something it could not before (a rank newly open to throw in),
or, for the defender, when a card to beat is on the table that was not (even one they
cannot beat: taking is their answer then). A step that only takes options away (another
attacker's pass or throw-in while the defender takes, the defender's own cover of one
card of several) leaves the task as it was.
"""

from __future__ import annotations

from bot.engine import GameState


def task_changed(before: GameState, after: GameState) -> bool:
    """Whether some seat ``after`` waits on has a task it did not have in ``before``."""
    waited_before = set(before.waiting_on())
    for seat in after.waiting_on():
        if seat not in waited_before:
            return True
        if seat == after.defender and not _to_beat(after) <= _to_beat(before):
            return True
        could = set(before.legal_actions(seat))
        if any(action not in could for action in after.legal_actions(seat)):
            return True
    return False


def _to_beat(state: GameState) -> set[object]:
    """The cards on the table that nobody has covered yet."""
    return {attack for attack, cover in state.table_pairs() if cover is None}
