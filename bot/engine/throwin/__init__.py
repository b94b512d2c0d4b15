"""The throw-in family (podkidnoy, perevodnoy, pagat and every preset that plays like
them): ``ThrowInMoves`` says what may be played now, ``ThrowInState`` deals and plays,
``checks`` says why an action is refused (the slow path of ``apply``) and ``StateConfig``
is what a deal derives from its RuleSet, once per RuleSet.

The plain game's hot path: ``state_config``, ``moves`` and ``state`` are compiled in the
compiled build (``.pxd`` beside them).
"""
