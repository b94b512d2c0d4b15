"""Rule sets for the command line: build one from a preset plus overrides, describe them all.

Kept apart from `bot.cli` so that the argument parsing stays free of engine details.
"""

from __future__ import annotations


class UsageError(Exception):
    """A mistake on the command line the user can fix; printed without a traceback."""


def build_rules(preset: str, players: int, overrides: dict[str, str]):
    """The validated RuleSet for `preset` with `players` seats and `--rule` overrides.

    Every problem (unknown preset, unknown parameter, bad value, impossible combination
    such as too many players for the deck) becomes a UsageError carrying the engine's
    human-readable reason.
    """
    from bot.engine import PRESETS, RulesError, RuleSet

    if preset not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        raise UsageError(f"unknown preset {preset!r}; known presets: {known}")
    try:
        rules = RuleSet.preset(preset, players=players)
        if overrides:
            rules = rules.with_overrides(overrides)
        rules.validate()
    except (RulesError, ValueError, TypeError, KeyError) as exc:
        raise UsageError(_reason(exc)) from None
    return rules


def _reason(exc: Exception) -> str:
    text = str(exc.args[0]) if exc.args else str(exc)
    return text or type(exc).__name__


def rules_text() -> str:
    """Presets with their one-line descriptions, then every parameter, readable."""
    from bot.engine import PARAMETERS, PRESETS, RuleSet

    lines = ["Presets (durak simulate/play --preset NAME):", ""]
    width = max(len(name) for name in PRESETS)
    for name, preset in PRESETS.items():
        lo, hi = preset.players
        # Asking the engine (not a fixed list) keeps this honest as more games land.
        note = "  [not playable yet]" if RuleSet.preset(name).problems() else ""
        lines.append(f"  {name:<{width}}  {lo}-{hi} players. {preset.description}{note}")
    from bot.engine.rules import HOUSE_RULES

    lines += ["", "House rules (--rule NAME=VALUE on any preset where they make sense; "
              "`durak simulate --random-house-rules` plays a random valid mix per game):",
              "  " + ", ".join(f"{name}={'/'.join(_show(v) for v in values)}"
                              for name, values in HOUSE_RULES)]
    lines += ["", "Parameters (--rule NAME=VALUE; defaults are the podkidnoy preset):", ""]
    rows = [(p.name, _show(p.default), _allowed(p.allowed), p.help) for p in PARAMETERS]
    name_w = max(len(r[0]) for r in rows)
    default_w = max(len(r[1]) for r in rows)
    lines.append(f"  {'name':<{name_w}}  {'default':<{default_w}}  allowed values")
    for name, default, allowed, help_text in rows:
        lines.append(f"  {name:<{name_w}}  {default:<{default_w}}  {allowed}")
        lines.append(f"  {'':<{name_w}}  {'':<{default_w}}  - {help_text}")
    return "\n".join(lines) + "\n"


def _show(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _allowed(values: tuple) -> str:
    """`2..10` for a long run of numbers, else the values as typed on the command line."""
    if len(values) > 4 and all(type(v) is int for v in values):
        return f"{values[0]}..{values[-1]}"
    return ", ".join(_show(v) for v in values)
