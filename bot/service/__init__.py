"""The services: load, check, apply through the engine, persist (one transaction), and tell
what changed. They own the live game; the runtime draws what they hand over.

    games/         GameService: dealing, acting and timeouts, seat changes, reads (one file
                   each; core.py states the transaction and version rules once)
    positions.py   the position cache and the one GameSnapshot builder
    lobby.py       LobbyService: create, join, leave, settings, computer players
    chats.py       ChatService: chat preferences, languages (``locale``), chat queries
    languages.py   THE rule for which language to speak
    errors.py      typed refusals: a Code, parameters, the engine's details
    events.py      what a call changed (ActResult, GameStarted, ...) and GameSnapshot
    settings.py    stored lobby settings -> engine rules
    hands.py, results.py, ratings.py, stats.py, replay.py: derived facts, results, stats

docs/architecture.md says what belongs in this layer.
"""
