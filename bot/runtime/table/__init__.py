"""A deal on screen: which deals this process shows and what each remembers
(``displays``, ``display``), every game message sent and edited (``presenter``), when the
edits go out (``pacing``), the screens drawn from a snapshot (``screens``, pure), which
instance draws a game when there are several (``renderers``), and what comes after a deal
("Play again" / "Next deal": ``play_again``).
"""
