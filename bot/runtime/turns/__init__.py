"""Who moves when nobody presses, and when: computer players and seats taken over after
timeouts (``computers``; the players themselves as the runtime sees them: ``brains``),
turn deadlines kept in the database (``timers``), and the short "your turn" message to a
person who has not acted (``nudges``).
"""
