"""Where a deal stands: ``Phase`` for every game, and the stages of a Warsaw attack."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    EXCHANGE = "exchange"  # a trump exchange is asked (lowest_before_play, warsaw_two)
    PLAY = "play"
    OVER = "over"


# Warsaw (warsaw.py): who is asked within an attack while the phase is ``play``
LEAD = "lead"      # phase 1: the principal attacker builds the lead card by card
ADD = "add"        # a later phase: the seats lead covered ranks in turn
DEFEND = "defend"  # the defender covers the cards of the phase (or gives up)
