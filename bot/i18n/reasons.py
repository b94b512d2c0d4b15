"""Refusal reasons from the engine and the service (English sentences such as RulesError
problems joined by "; ") in the user's language.

The engine and service speak English and their texts are their contract; rather than
give every raise a code, this table recognises the known sentences (regular expressions
with named groups that become catalogue parameters) and translates them one part at a
time. A part nobody recognises stays in English: a reason shown untranslated beats a
reason hidden. English goes through unchanged.
"""

from __future__ import annotations

import re

from . import t

_W = r"[\w.,\- ]+?"  # a rule name, value or list as the engine prints it
PATTERNS: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(p), key) for p, key in (
    (rf"(?P<rule>{_W})=(?P<value>{_W}) is not implemented yet", "reason.not_implemented"),
    (r"(?P<n>\d+) players need the Warsaw game; others take 2-6", "reason.warsaw_players"),
    (r"lead=warsaw_pairs and on_fail=warsaw go together \(Warsaw\)", "reason.warsaw_pair"),
    (r"on_fail=take_unbeaten \(pagat\) has no throw-ins: set throw_in=none",
     "reason.pagat_throw_in"),
    (r"trump_exchange=six_any_time needs a deck with sixes \(36 or 52\)", "reason.six_deck"),
    (r"trump_exchange=warsaw_two belongs to the Warsaw game", "reason.warsaw_two"),
    (r"teams=(?P<teams>\w+) needs exactly (?P<n>\d+) players", "reason.teams_players"),
    (rf"(?P<preset>{_W}) is for (?P<lo>\d+)-(?P<hi>\d+) players, not (?P<n>\d+)",
     "reason.preset_players"),
    (r"(?P<n>\d+) players x (?P<hand>\d+) cards = (?P<need>\d+) cards, more than the "
     r"(?P<deck>\d+)-card deck", "reason.deck_too_small"),
    (r"use deck=(?P<deck>\d+)", "reason.use_deck"),
    (r"use a smaller hand_size \((?P<hand>\d+)\)", "reason.use_hand"),
    (rf"(?P<rules>{_W}) cannot be played in the Warsaw game \(its phases and replenishing "
     r"have no place for them\)", "reason.warsaw_house"),
    (r"crazy makes diamonds trumps but no_trump has no trumps: pick one",
     "reason.crazy_no_trump"),
    (r"(?P<rule>\w+) needs a trump suit, and no_trump has none", "reason.needs_trump"),
    (r"fallen_ace=trump needs a trump suit \(try fallen_ace=every_suit\)",
     "reason.fallen_ace"),
    (r"trump_exchange=(?P<value>\w+) swaps a trump, and no_trump has none",
     "reason.exchange_no_trump"),
    (r"crazy fixes diamonds as trumps, so changeable_trump cannot change them",
     "reason.crazy_changeable"),
    (r"railway deals every card, so there is no stock for (?P<rule>\w+)",
     "reason.railway_stock"),
    (r"railway puts the trump card out of play: there is nothing to exchange "
     r"\(trump_exchange=\w+\)", "reason.railway_exchange"),
    (r"albanian draws the turn-up first, changeable_trump hides a card under it: pick one",
     "reason.albanian_changeable"),
    (r"albanian draws the turn-up first: there is no turn-up to exchange "
     r"\(trump_exchange=\w+\)", "reason.albanian_exchange"),
    (r"weli is the 6 of diamonds, and the 24-card deck has no sixes: use deck=36 or 52",
     "reason.weli_deck"),
    (r"weli needs a single 6 of diamonds: use packs=1", "reason.weli_packs"),
    (r"jokers are played with one pack", "reason.jokers_packs"),
    (r"Warsaw \(duren_piatkowy\) has no transfers: set transfer=none",
     "reason.warsaw_transfer"),
    (r"Warsaw \(duren_piatkowy\) is played without teams", "reason.warsaw_teams"),
    (r"trump_exchange=(?P<value>\w+) is not a Warsaw exchange; use warsaw_two or none",
     "reason.warsaw_exchange"),
    (r"too many players in the lobby for these rules", "reason.too_many_players"),
    (r"the lobby is full", "reason.lobby_full"),
    (r"this lobby has already started or closed", "reason.lobby_closed"),
    (r"this lobby is no longer open", "reason.lobby_closed"),
    (r"at least 2 players are needed to start", "reason.need_two"),
    (r"only the host can (?:start the game|cancel the game|do that)", "reason.host_only"),
    (r"you are not playing in this game", "reason.not_playing"),
    (r"this deal is not finished yet", "reason.deal_running"),
    (r"this series is over; start a new lobby", "reason.series_over"),
))


def _part(locale: str, part: str) -> str:
    for pattern, key in PATTERNS:
        match = pattern.fullmatch(part)
        if match:
            return t(locale, key, **match.groupdict())
    return part


def translate_reason(locale: str, reason: str) -> str:
    """``reason`` (one sentence or several joined by "; ") in ``locale``."""
    if not reason or locale == "en":
        return reason
    return "; ".join(_part(locale, part.strip()) for part in reason.split(";"))
