"""A chat's rules in words (``/rules``) and the labels of every rule value (settings).

Nothing here shows an internal value ("same_rank", "deck=52"): every parameter has a
label (``param.*``), every value a short label for buttons (``value.*``) and a sentence
for the rules text (``rule.*``, ``house.*``); the catalogue tests check that each value
``PARAMETERS`` allows has both in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import RuleSet
from bot.engine.core.rules import HAND_SIZE, PRESETS
from bot.i18n import t, tn

# Parameters whose values are numbers of cards, packs or jokers (labelled with a count).
COUNTED = {"deck": "value.cards", "hand_size": "value.cards", "bout_limit": "value.cards",
           "first_bout_limit": "value.cards", "packs": "value.packs", "jokers": "value.jokers",
           "series_to": "count.matchsticks"}
# next_deal_first_attacker's values are first_attacker's plus one: one set of labels.
VALUE_FAMILY = {"next_deal_first_attacker": "first_attacker"}
TIMER_OFF = 24 * 3600  # the longest timer the service allows, shown as "off"
MAX_PLAYERS = 10  # the Warsaw game's most; every other preset stops earlier


def rule_label(locale: str, name: str) -> str:
    """A parameter's short label ("Throw-in")."""
    return t(locale, f"param.{name}")


def value_key(name: str, value: Any) -> str | None:
    """The catalogue id of a value's short label, or None when it is a count or on/off."""
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return None
    if name == "bout_limit" and value == HAND_SIZE:
        return "value.bout_limit.hand_size"
    return f"value.{VALUE_FAMILY.get(name, name)}.{value}"


def value_label(locale: str, name: str, value: Any) -> str:
    """A value's short label for a settings button ("same rank", "36 cards", "on")."""
    if isinstance(value, bool):
        return t(locale, "common.on" if value else "common.off")
    if value is None:
        return t(locale, "value.first_bout_limit.none" if name == "first_bout_limit"
                 else "common.none")
    if isinstance(value, int):
        if name == "series_to" and value == 0:
            return t(locale, "series.none")
        if name == "jokers" and value == 0:
            return t(locale, "common.none")
        if name in COUNTED:
            return tn(locale, COUNTED[name], value)
        return str(value)
    key = value_key(name, value)
    return t(locale, key) if key else str(value)


def preset_label(locale: str, preset: str) -> str:
    try:
        return t(locale, f"preset.{preset}")
    except KeyError:  # a preset newer than the catalogues: its name beats nothing
        return preset


def timer_text(locale: str, seconds: int) -> str:
    if not seconds or seconds >= TIMER_OFF:
        return t(locale, "timer.off")
    return tn(locale, "timer.seconds", seconds)


def player_counts(settings: Mapping[str, Any]) -> list[int]:
    """The player counts a game with these settings starts with, found as the lobby starts
    one (the preset with ``players=n`` and the chat's overrides; RuleSet.problems decides)."""
    preset, overrides = settings.get("preset", "podkidnoy"), dict(settings.get("rules", {}))
    overrides.pop("players", None)
    return [n for n in range(2, MAX_PLAYERS + 1)
            if not RuleSet.preset(preset, players=n, **overrides).problems()]


def counts_text(counts: list[int]) -> str:
    """"2–6" for a run, "4, 6" otherwise (numbers and punctuation read alike everywhere)."""
    if not counts:
        return "–"
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


def rules_of(settings: Mapping[str, Any]) -> RuleSet:
    """The rules a lobby's settings describe (before the seats decide the player count)."""
    return RuleSet.preset(settings.get("preset", "podkidnoy"), **settings.get("rules", {}))


def _deck_text(locale: str, rules: RuleSet) -> str:
    parts = [t(locale, f"rules.deck.{rules.deck}")]
    if rules.packs > 1:
        parts.append(tn(locale, "rules.packs", rules.packs))
    if rules.jokers:
        parts.append(tn(locale, "rules.with_jokers", rules.jokers))
    return t(locale, "rules.deck", deck=", ".join(parts))


def _limit_text(locale: str, rules: RuleSet) -> str:
    limit = rules.hand_size if rules.bout_limit == HAND_SIZE else int(rules.bout_limit)
    if rules.first_bout_limit is None or rules.first_bout_limit >= limit:
        return tn(locale, "rule.limit_no_first", limit)
    return tn(locale, "rule.limit", limit, first=rules.first_bout_limit)


def play_sentences(locale: str, rules: RuleSet) -> list[str]:
    """How a bout and a deal go under ``rules``, one sentence per rule."""
    warsaw = rules.lead == "warsaw_pairs"
    lines = [t(locale, f"rule.lead.{rules.lead}")]
    if not warsaw:
        lines.append(t(locale, f"rule.throw_in.{rules.throw_in}"))
        if rules.others_join_after_first_beat and rules.throw_in in ("neighbours", "all"):
            lines.append(t(locale, "rule.others_join_after_first_beat"))
        lines.append(_limit_text(locale, rules))
        lines.append(t(locale, f"rule.transfer.{rules.transfer}"))
    lines.append(t(locale, f"rule.on_fail.{rules.on_fail}"))
    # Without trumps the player left of the dealer opens (the house rule's sentence says
    # so): a sentence about the lowest trump would be wrong.
    if not (rules.no_trump and rules.first_attacker == "lowest_trump"):
        lines.append(t(locale, f"rule.first_attacker.{rules.first_attacker}"))
    if not (rules.no_trump and rules.next_deal_first_attacker == "lowest_trump"):
        lines.append(t(locale,
                       f"rule.next_deal_first_attacker.{rules.next_deal_first_attacker}"))
    if not warsaw:
        lines.append(t(locale, f"rule.after_defender_out.{rules.after_defender_out}"))
    lines.append(t(locale, f"rule.trump_exchange.{rules.trump_exchange}"))
    if rules.teams != "none":
        lines.append(t(locale, f"rule.teams.{rules.teams}"))
    lines.append(t(locale, f"rule.scoring.{rules.scoring}"))
    if rules.scoring == "matchsticks":
        lines.append(tn(locale, "rule.series", rules.series_to) if rules.series_to
                     else t(locale, "rule.series_open"))
    return lines


def house_sentences(locale: str, rules: RuleSet) -> list[str]:
    """One sentence per house rule switched on, in RULES.md's order."""
    out = []
    for name in rules.house_rules_on():
        value = getattr(rules, name)
        if name == "fallen_ace":
            out.append(t(locale, f"house.fallen_ace.{value}"))
        else:
            out.append(t(locale, f"house.{name}"))
    return out


def rules_lines(locale: str, settings: Mapping[str, Any]) -> list[str]:
    """The whole rules text: the game, who may play, the deck, how play goes, the house
    rules and the turn timer. ``settings`` as a lobby stores them (bot/service/settings.py)."""
    rules = rules_of(settings)
    lines = [t(locale, "rules.title", game=preset_label(locale, rules.preset_name))]
    if rules.preset_name in PRESETS:
        lines.append(t(locale, f"about.{rules.preset_name}"))
    lines += ["",
             t(locale, "rules.players", players=counts_text(player_counts(settings))),
             _deck_text(locale, rules)]
    if not rules.railway:  # railway deals every card (its sentence says so)
        lines.append(tn(locale, "rules.hand", rules.hand_size))
    lines.append("")
    lines += ["• " + line for line in play_sentences(locale, rules)]
    house = house_sentences(locale, rules)
    lines.append("")
    if house:
        lines.append(t(locale, "rules.house"))
        lines += ["• " + line for line in house]
    else:
        lines.append(t(locale, "rules.house_none"))
    lines.append(t(locale, "rules.timer",
                   timer=timer_text(locale, int(settings.get("turn_seconds", 60)))))
    return lines


def rules_text(locale: str, settings: Mapping[str, Any]) -> str:
    """``/rules``: a chat's settings (a lobby's, or its defaults) in words."""
    return "\n".join(rules_lines(locale, settings))
