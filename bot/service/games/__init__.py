"""Game intents: start, act, time out, cancel, next deal; one ``GameService`` made of them.

    core.py     the transaction and version rules, stated once (load, plan, commit behind
                the version, settle), the position cache, the stored game as a snapshot
    clocks.py   whether a step gives a seat waited on a new task (the deadline restarts)
    dealing.py  the first deal, the next deal of a series, the ready check between them
    acting.py   a press, a computer's move, the turn timer's default moves
    seats.py    seat changes that keep the version (leave, hand over, hand back, a later
                deadline) and the host's cancel
    reads.py    the ids of a deal's messages and the buttons its hands showed

Decisions (not in RULES.md):
- the turn deadline restarts only when a seat waited on gets a new task (``clocks.py``:
  a new card to beat, their lead, a throw-in window); a step that leaves every task as it
  was (a pass, a throw-in to a taker) keeps it, so each person's clock is theirs;
- a timeout plays the engine's default action for every seat waited on at the deadline
  (skipping a seat that stops being waited on as the others move); a person who times out
  ``TAKEOVER_AFTER`` times in a row is taken over by a computer player (``taken_over``),
  which the AI layer then plays through ``act(..., seat=N, cause="computer")``; acting
  themselves resets the count and hands the seat back;
- only the host (the lobby's host) cancels a running deal; a cancelled deal writes no
  results for those still at the table and ends its series; whoever left it (/leave)
  still loses it by forfeit (their matchstick, tally and rating stand, against the
  others);
- the next deal of a series may be started by any person seated in it.
"""

from __future__ import annotations

from .acting import TAKEOVER_AFTER, Acting
from .core import utcnow
from .dealing import Dealing
from .reads import Reads
from .seats import SeatChanges

__all__ = ["TAKEOVER_AFTER", "GameService", "utcnow"]


class GameService(Dealing, Acting, SeatChanges, Reads):
    """Every game intent of one process, over one database and one position cache."""
