"""The forms a throw-in deal takes outside play: its JSON (``codec``), what one seat may
know (``view``), what everyone at the table sees (``public``, every game), and hand-built
positions (``position``). Warsaw's own forms are in ``warsaw``.
"""
