"""A deal's public history, beside the state (never in it): every card everyone saw, who
took, covered, passed and on which ranks, bout by bout (``entries``); built one action at a
time from public views and events (``record``), by following a deal or replaying its move
log (``follow``).
"""

from .entries import Entry, HistoryKind, PublicHistory
from .follow import Recorder, history_of

__all__ = ["Entry", "HistoryKind", "PublicHistory", "Recorder", "history_of"]
