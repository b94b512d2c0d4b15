"""``durak rules``: the presets with the player counts each takes per deck, the house
rules, and every rule parameter with its default and allowed values; with ``--preset``,
``--players`` or ``--rule``, a check of that one mix that says what works."""

from __future__ import annotations

import argparse
from typing import Any

from bot.cli.args import UsageError, positive_int, rule_assignment
from bot.cli.rulesets import DECKS, build_rules, counts_text, deck_of, player_counts
from bot.cli.streams import Streams
from bot.engine import PARAMETERS, PRESETS
from bot.engine.core.rules import HOUSE_RULES

DESCRIPTION = """\
List what `durak simulate`, `durak play` and `durak arena` accept: every preset (--preset
NAME) with the numbers of players it takes with each deck (* marks the preset's own deck;
--rule deck=N picks another), the house rules, and every rule parameter (--rule
NAME=VALUE) with its default, allowed values and meaning. The player counts are asked of
the rules engine, so a count listed here always starts a game.

With --preset, --players or --rule it checks that one mix instead: the player counts it
takes and, with --players, whether that many can play. A mix that cannot be played exits
2 with the reason and what to try instead (the same words as `durak play`'s refusal).

example: durak rules --preset perevodnoy --players 7 --rule deck=52"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "rules", help="presets with their player counts, house rules and every rule "
                      "parameter; or check one mix",
        description=DESCRIPTION)
    parser.add_argument("--preset", default=None, metavar="NAME",
                        help="check this preset (default with --players or --rule: "
                             "podkidnoy)")
    parser.add_argument("--players", type=positive_int, default=None, metavar="N",
                        help="check whether N players can play the mix")
    parser.add_argument("--rule", action="append", default=[], type=rule_assignment,
                        metavar="NAME=VALUE",
                        help="a rule parameter of the mix to check; repeatable")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    if args.preset is None and args.players is None and not args.rule:
        streams.out.write(rules_text())
    else:
        streams.out.write(check_text(args.preset or "podkidnoy", args.players,
                                     dict(args.rule)))
    return 0


def check_text(preset: str, players: int | None, overrides: dict[str, str]) -> str:
    """What works for ``preset`` with ``overrides``: the player counts it takes, and with
    ``players`` that count's verdict; a UsageError (exit 2) when it cannot be played, with
    the reason and checked suggestions (``rulesets.build_rules``)."""
    given = ", ".join(f"{k}={v}" for k, v in overrides.items())
    what = f"{preset} with {given}" if given else preset
    counts = player_counts(preset, overrides) if preset in PRESETS else []
    if players is None:
        if not counts:  # no count works: the engine says why, for the preset's own count
            build_rules(preset, PRESETS[preset].players[0] if preset in PRESETS else 2,
                        overrides)
            raise UsageError(f"{what} cannot be played with any number of players")
        players = counts[0]
        rules = build_rules(preset, players, overrides)
        return f"{what} takes {counts_text(counts)} players.\n{_described(rules)}\n"
    rules = build_rules(preset, players, overrides)  # UsageError: why, and what to try
    return (f"{what} with {players} players can be played ({counts_text(counts)} players "
            f"can).\n{_described(rules)}\n")


def _described(rules: Any) -> str:
    """The mix as --rule settings (what differs from the defaults), without the count."""
    parts = [part for part in rules.describe().split(", ") if not part.startswith("players=")]
    return f"Rule settings: {', '.join(parts) or 'defaults'}."


def preset_rows() -> list[tuple[str, list[str], str]]:
    """(preset, player counts per deck in DECKS order with * at its own deck, description;
    "[not playable yet]" after it when no count works with any deck)."""
    rows = []
    for name, preset in PRESETS.items():
        own = deck_of(name)
        counts = [player_counts(name, {"deck": str(deck)}) for deck in DECKS]
        cells = [counts_text(c) + ("*" if deck == own else "")
                 for deck, c in zip(DECKS, counts, strict=True)]
        note = "" if any(counts) else "  [not playable yet]"
        rows.append((name, cells, preset.description + note))
    return rows


def rules_text() -> str:
    """Presets, house rules and parameters, as `durak rules` prints them."""
    rows = preset_rows()
    name_w = max(len(name) for name in PRESETS)
    cell_w = max(len(f"deck {d}") for d in DECKS)
    cell_w = max([cell_w] + [len(cell) for _, cells, _ in rows for cell in cells])
    lines = ["Presets (--preset NAME) and the players each takes with each deck "
             "(* its own deck; --rule deck=N for another):", ""]
    head = "  ".join(f"{'deck ' + str(d):<{cell_w}}" for d in DECKS)
    lines.append(f"  {'preset':<{name_w}}  {head}  description")
    for name, cells, description in rows:
        counts = "  ".join(f"{cell:<{cell_w}}" for cell in cells)
        lines.append(f"  {name:<{name_w}}  {counts}  {description}")
    lines += ["", "House rules (--rule NAME=VALUE on any preset where they make sense; "
              "`durak simulate --random-house-rules` plays a random valid mix per game):",
              "  " + ", ".join(f"{name}={'/'.join(_show(v) for v in values)}"
                              for name, values in HOUSE_RULES)]
    lines += ["", "Parameters (--rule NAME=VALUE; defaults are the podkidnoy preset):", ""]
    params = [(p.name, _show(p.default), _allowed(p.allowed), p.help) for p in PARAMETERS]
    pname_w = max(len(r[0]) for r in params)
    default_w = max(len(r[1]) for r in params)
    lines.append(f"  {'name':<{pname_w}}  {'default':<{default_w}}  allowed values")
    for name, default, allowed, help_text in params:
        lines.append(f"  {name:<{pname_w}}  {default:<{default_w}}  {allowed}")
        lines.append(f"  {'':<{pname_w}}  {'':<{default_w}}  - {help_text}")
    return "\n".join(lines) + "\n"


def _show(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _allowed(values: tuple[Any, ...]) -> str:
    """`2..10` for a long run of numbers, else the values as typed on the command line."""
    if len(values) > 4 and all(type(v) is int for v in values):
        return f"{values[0]}..{values[-1]}"
    return ", ".join(_show(v) for v in values)
