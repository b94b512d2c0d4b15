"""Tables every deal class shares, built once at import: prebuilt actions and events (a list
or dict lookup instead of a new tuple on the hot path) and the throw-in rank masks.

Actions and events are NamedTuples: ``tuple.__new__`` fills one without the NamedTuple's
argument handling. Memos (``COVER_ACTIONS``, ``DREW_EVENTS``, ``BEATEN_EVENTS``) fill up as
games are played and never change an entry once made: they are caches, not state.
"""

from __future__ import annotations

from .actions import Action, ActionKind, Event, EventKind
from .cards import JOKER_RANK, rank_mask
from .cards import RANK_MASKS as _CARD_RANK_MASKS

_mk = tuple.__new__
MAX_SEATS = 16  # seats fit four bits in the memo keys below (Warsaw seats up to 10)

# Throw-in ranks: every card of the rank of ``c`` is ``THROW_IN_RANKS[c & 15]``; a joker has
# no rank for throw-ins (RULES.md house rules, Decision), so its entry is empty.
THROW_IN_RANKS = [0 if r == JOKER_RANK else m for r, m in enumerate(_CARD_RANK_MASKS)]
JOKERS = rank_mask(JOKER_RANK)

# SINGLE_ATTACK[seat][card]: one-card attacks (leads and throw-ins), the most frequent kind
# of action; TAKE/PASS/DONE_ACTION[seat] likewise.
SINGLE_ATTACK = [[_mk(Action, (p, ActionKind.ATTACK, (c,))) for c in range(192)]
                 for p in range(MAX_SEATS)]
TAKE_ACTION = [_mk(Action, (p, ActionKind.TAKE, ())) for p in range(MAX_SEATS)]
PASS_ACTION = [_mk(Action, (p, ActionKind.PASS, ())) for p in range(MAX_SEATS)]
DONE_ACTION = [_mk(Action, (p, ActionKind.DONE, ())) for p in range(MAX_SEATS)]
# COVER_ACTIONS[seat << 16 | attack << 8 | cover], made on first use (a tuple per legal
# cover would be built and freed again on every defender turn).
COVER_ACTIONS: dict[int, Action] = {}

# Card-less events: NEW_BOUT_EVENTS[seat]; DREW_EVENTS / BEATEN_EVENTS[seat << 8 | count].
NEW_BOUT_EVENTS = [_mk(Event, (EventKind.NEW_BOUT, p, 0, ())) for p in range(MAX_SEATS)]
DREW_EVENTS: dict[int, Event] = {}
BEATEN_EVENTS: dict[int, Event] = {}
