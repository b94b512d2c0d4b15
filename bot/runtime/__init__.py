"""The per-game driver: table and hand messages, turn timers, computer moves."""
