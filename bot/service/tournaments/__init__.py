"""Tournaments in a group (issue 39): a host opens one with /tournament, people press
Join, then the bot pairs them and plays the matches one after another at the group's
table, each started when both sides press Ready. ``bracket`` plans and scores (pure),
``store`` reads and writes the rows, ``service`` makes every change in one transaction."""

from .bracket import FORMATS, KNOCKOUT, MAX_ENTRANTS, MIN_ENTRANTS, NOBODY, ROUND_ROBIN
from .service import TournamentService
from .views import EntryView, MatchView, TournamentView

__all__ = ["FORMATS", "KNOCKOUT", "MAX_ENTRANTS", "MIN_ENTRANTS", "NOBODY", "ROUND_ROBIN",
           "EntryView", "MatchView", "TournamentService", "TournamentView"]
