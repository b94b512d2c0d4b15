"""Dureń Piątkowy (the Warsaw game, ``on_fail=warsaw``): its fields and queries
(``moves``), dealing and playing (``state``), its refusals (``checks``), pair leads
(``leads``), the rule values it plays (``rules``), its JSON form (``codec``), a seat's view
(``view``), hand-built positions (``position``) and its invariants (``invariants``).
"""
