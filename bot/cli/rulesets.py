"""Rule sets for the command line: build one from a preset plus ``--rule`` overrides, find
the player counts a preset really takes, and refuse a rule set with a suggestion that works.

Player counts are asked of the engine (``RuleSet.problems()``) rather than read from the
preset table, whose ranges are wider than some decks allow (``two_player_24`` has 24
cards: four hands of six); a refusal's suggestions are rule sets this module has built
and checked, so following one always gives a game that starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.cli.args import UsageError
from bot.engine import PARAMETERS, PRESETS, RulesError, RuleSet

DECKS: tuple[int, ...] = next(p.allowed for p in PARAMETERS if p.name == "deck")
PLAYER_COUNTS: tuple[int, ...] = next(p.allowed for p in PARAMETERS if p.name == "players")
# A refusal lists at most this many other presets (5 players is fine for ten of them).
MAX_PRESET_SUGGESTIONS = 3


def _make(preset: str, players: int, overrides: Mapping[str, Any]) -> RuleSet:
    rules = RuleSet.preset(preset, players=players)
    return rules.with_overrides(dict(overrides)) if overrides else rules


def _playable(preset: str, players: int, overrides: Mapping[str, Any]) -> bool:
    try:
        return not _make(preset, players, overrides).problems()
    except (RulesError, ValueError, TypeError, KeyError):
        return False


def player_counts(preset: str, overrides: Mapping[str, Any] | None = None) -> list[int]:
    """Every number of players ``preset`` takes with ``overrides`` (none: empty list)."""
    return [n for n in PLAYER_COUNTS if _playable(preset, n, overrides or {})]


def counts_text(counts: Sequence[int]) -> str:
    """``2-4``, ``2-7 or 9-10``, ``4 or 6``; ``-`` for none."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    if not parts:
        return "-"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def deck_of(preset: str) -> int:
    return int(PRESETS[preset].overrides.get("deck", RuleSet.deck))


def build_rules(preset: str, players: int, overrides: Mapping[str, str]) -> RuleSet:
    """The playable RuleSet for ``preset`` with ``players`` seats and ``--rule`` overrides.

    Every problem (unknown preset, unknown parameter, bad value, a player count the preset
    does not take with this deck, an impossible mix) is a UsageError: the engine's reason,
    or for a player count the counts that work, and then suggestions that were checked.
    """
    if preset not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        raise UsageError(f"unknown preset {preset!r}; known presets: {known}")
    try:
        rules = _make(preset, players, overrides)
    except (RulesError, ValueError, TypeError, KeyError) as exc:
        raise UsageError(_reason(exc)) from None
    problems = rules.problems()
    if not problems:
        return rules
    raise UsageError(_refusal(preset, players, overrides, problems))


def suggestions(preset: str, players: int, overrides: Mapping[str, str]) -> list[list[str]]:
    """Command-line fragments that make ``players`` seats playable: another deck of the
    same preset first, else other presets with the same overrides (each one checked)."""
    deck = str(overrides.get("deck", deck_of(preset)))
    decks = [["--rule", f"deck={d}"] for d in DECKS
             if str(d) != deck and _playable(preset, players, {**overrides, "deck": str(d)})]
    if decks:
        return decks
    others = [["--preset", name] for name in PRESETS
              if name != preset and _playable(name, players, overrides)]
    return others[:MAX_PRESET_SUGGESTIONS]


def _refusal(preset: str, players: int, overrides: Mapping[str, str],
             problems: Sequence[str]) -> str:
    counts = player_counts(preset, overrides)
    if counts and players not in counts:
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        what = f"{preset} with {given}" if given else preset
        text = f"{what} takes {counts_text(counts)} players, not {players}"
    else:  # the mix itself cannot be played: the engine says why
        text = "; ".join(problems)
    tries = suggestions(preset, players, overrides)
    if tries:
        text += "; try " + " or ".join(f"`{' '.join(t)}`" for t in tries)
    return text


def _reason(exc: Exception) -> str:
    text = str(exc.args[0]) if exc.args else str(exc)
    return text or type(exc).__name__
