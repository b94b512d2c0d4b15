"""The shared card and rule core every game stands on: cards and card sets, actions and
events, the rule set and its presets, refusal codes and errors, the outcome of a deal, the
deal's fields (``DealBase``) and its Protocol (``GameState``), the seeded shuffle and the
first attacker, the beats tables and lead rules with their house-rule modifiers, seats and
the prebuilt tables of the hot path.

Nothing here knows one game's flow; ``throwin``, ``house`` and ``warsaw`` build on it.
``deal_base``, ``deal`` and ``leads`` are compiled in the compiled build (``.pxd`` beside
them).
"""
