"""A group's tournament in words (bot/service/tournaments/): its standings message and
buttons (``standings``), the private messages of a called game and of a medal, the medal
line of /stats."""

from .standings import (
    DATA,
    match_called_text,
    medal_text,
    medals_line,
    names,
    tournament_screen,
)

__all__ = ["DATA", "match_called_text", "medal_text", "medals_line", "names",
           "tournament_screen"]
