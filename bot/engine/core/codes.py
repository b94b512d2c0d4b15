"""Every refusal the engine gives, in one table: a stable snake_case code and the English
sentence a player reads (a ``str.format`` template over the error's ``params``).

``IllegalAction``, ``RulesError``, ``InvalidAction``, ``InvalidCard``, ``InvalidAssignment``
and ``InvalidState`` (errors.py) carry one of these codes and the parameters of its template;
their ``str()`` is the template filled in. A screen in another language maps the code to its
own sentence with the same parameters (cards arrive as their text, e.g. ``10♥``), so nothing
ever parses the English back. Codes are stable: rename one only together with every screen
that maps it.

Parameters are ``str`` or ``int``; a ``!r`` in a template quotes the value as Python does
(``'zz'``), which keeps the sentences exactly as they were before codes existed.
"""

from __future__ import annotations

from enum import StrEnum
from string import Formatter


class CodeEnum(StrEnum):
    """A StrEnum whose members are ``NAME = "code", "English template"``. Other layers (the
    service) can define their own codes the same way and raise the engine's errors with them."""

    template: str
    fields: frozenset[str]

    def __new__(cls, value: str, template: str) -> CodeEnum:
        member = str.__new__(cls, value)
        member._value_ = value
        member.template = template
        member.fields = frozenset(name for _, name, _, _ in Formatter().parse(template)
                                  if name)
        return member

    def text(self, **params: str | int) -> str:
        """The English sentence for these parameters (exactly the template's fields)."""
        if params.keys() != self.fields:
            raise TypeError(f"{self.value} takes {sorted(self.fields)}, got {sorted(params)}")
        return self.template.format(**params)


class Code(CodeEnum):
    # -- text that is not a card, an action or a rule assignment (InvalidCard, InvalidAction,
    #    InvalidAssignment): syntax, before any rule is asked
    NOT_A_CARD = "not_a_card", "not a card: {text!r}"
    NOT_A_JOKER = "not_a_joker", "not a card: {text!r} (jokers are *b and *r)"
    CARD_BAD_PACK = "card_bad_pack", "bad pack in card {text!r}"
    WELI_SUIT_TEXT = ("weli_suit_text",
                      "only the weli 6d names a suit (6d>s, 6d>h, 6d>d, 6d>c): {text!r}")
    ACTION_OTHER_SEAT = "action_other_seat", "action {text!r} is for seat {seat}, not {player}"
    ACTION_NO_SEAT = "action_no_seat", "action {text!r} names no seat"
    UNKNOWN_ACTION_TEXT = "unknown_action_text", "unknown action {text!r}; kinds: {kinds}"
    ACTION_CARD_COUNT = ("action_card_count",
                         "action {kind!r} takes {low}-{high} cards, got {count}")
    ACTION_CARD_TWICE = "action_card_twice", "action {text!r} names a card twice"
    SWAP_NEEDS_SIX = "swap_needs_six", "action {text!r}: 'x' swaps the trump six (x 6h)"
    ASSIGNMENT_SYNTAX = "assignment_syntax", "expected NAME=VALUE, got {text!r}"

    # -- an action object that is no action at all (IllegalAction, every game)
    NOT_AN_ACTION = "not_an_action", "not an action: {action}"
    NO_SUCH_SEAT = "no_such_seat", "no seat {seat} at this table"
    UNKNOWN_ACTION_KIND = "unknown_action_kind", "unknown action kind {kind}"
    CARDS_NOT_IDS = "cards_not_ids", "cards must be a tuple of card ids"
    CARD_NAMED_TWICE = "card_named_twice", "a card is named twice"

    # -- rule refusals shared by the throw-in games and Warsaw (IllegalAction)
    DEAL_OVER = "deal_over", "the deal is over"
    NOT_IN_HAND = "not_in_hand", "{card} is not in your hand"
    ALREADY_COVERED = "already_covered", "{card} is already covered"
    DOES_NOT_BEAT = ("does_not_beat", "{cover} does not beat {attack}: same suit and higher "
                     "rank, or a trump on a non-trump")
    MUST_LEAD_NOT_PASS = "must_lead_not_pass", "the principal attacker must lead, not pass"

    # -- the throw-in games: the lowest-trump exchange before the first lead
    EXCHANGE_PENDING = ("exchange_pending", "trump_exchange=lowest_before_play: the holder of "
                        "the lowest trump decides (exchange or keep) before the first lead")
    NOT_EXCHANGE_HOLDER = ("not_exchange_holder",
                           "only the holder of the lowest trump may exchange it")
    EXCHANGE_NOT_NOW = "exchange_not_now", "the trump exchange is only before the first lead"

    # -- the throw-in games: take, pass, who may add
    TAKE_NOT_DEFENDER = "take_not_defender", "only the defender may take"
    ALREADY_TAKING = "already_taking", "you have already declared take"
    TAKE_NOTHING_UNCOVERED = ("take_nothing_uncovered",
                              "take: every attack card is covered, nothing to take")
    DEFENDER_PASSES = "defender_passes", "the defender does not pass: cover or take"
    PASS_STANDS = "pass_stands", "your pass already stands"
    NOTHING_TO_ADD = "nothing_to_add", "you have nothing to add, so you have passed already"
    THROW_IN_NONE = "throw_in_none", "throw_in=none: nobody adds cards after the lead"
    THROW_IN_PRINCIPAL = ("throw_in_principal",
                          "throw_in=principal: only the principal attacker adds cards")
    THROW_IN_NEIGHBOURS = ("throw_in_neighbours",
                           "throw_in=neighbours: only the defender's neighbours add cards")
    NOT_AN_ATTACKER = "not_an_attacker", "you are not an attacker in this bout"

    # -- the throw-in games: covering
    COVER_NEEDS_TWO_CARDS = ("cover_needs_two_cards",
                             "cover names the attack card and the covering card")
    COVER_NOT_DEFENDER = "cover_not_defender", "only the defender covers"
    COVER_AFTER_TAKE = "cover_after_take", "take is final: no more covers after it"
    NOT_ON_TABLE = "not_on_table", "{card} is not an attack card on the table"

    # -- the throw-in games: leading and throwing in
    ATTACK_NO_CARD = "attack_no_card", "attack with at least one card"
    DEFENDER_ATTACKS = "defender_attacks", "the defender does not attack"
    NOT_THE_LEADER = "not_the_leader", "the principal attacker leads the bout"
    LEAD_OVER_LIMIT = ("lead_over_limit", "bout limit: at most {limit} attack cards in this "
                       "bout (limit, first-bout limit, defender's hand)")
    THROW_IN_ONE_CARD = "throw_in_one_card", "throw in one card at a time"
    BOUT_LIMIT_REACHED = ("bout_limit_reached", "bout limit: {limit} attack cards is the most "
                          "in this bout (limit, first-bout limit, defender's hand)")
    OTHERS_JOIN_AFTER_FIRST_BEAT = (
        "others_join_after_first_beat", "others_join_after_first_beat: others add only after "
        "the first attack card is covered")
    RANK_NOT_ON_TABLE = ("rank_not_on_table",
                         "throw-in: no {rank} on the table; add only ranks already on the table")

    # -- lead rules (core/leads.py, warsaw/leads.py): what a lead may hold
    LEAD_EMPTY = "lead_empty", "a lead needs at least one card"
    LEAD_SINGLE = "lead_single", "lead=single: open with exactly one card"
    LEAD_SAME_RANK = ("lead_same_rank",
                      "lead=same_rank: every card of a lead must have the same rank")
    LEAD_PAGAT_PATTERN = ("lead_pagat_pattern", "lead=pagat_pattern: lead 1 card, 3 (a pair + "
                          "any card) or 5 (two pairs + any card; four of a kind counts as two "
                          "pairs)")
    JOKER_LED_ALONE = "joker_led_alone", "a joker is led alone, never with other cards"
    LEAD_OVER_DEFENDER_HAND = ("lead_over_defender_hand", "lead=warsaw_pairs: at most {limit} "
                               "cards, the number the defender holds")
    LEAD_PAIRS_EVEN = ("lead_pairs_even",
                       "lead=warsaw_pairs: an even lead must be pairs only (like 4 4 7 7)")
    LEAD_PAIRS_ODD = ("lead_pairs_odd", "lead=warsaw_pairs: an odd lead is pairs plus one extra "
                      "card (like 4 4 7 7 6)")
    LEAD_CANNOT_PAIR = ("lead_cannot_pair", "lead=warsaw_pairs: {lead} cannot end as pairs "
                        "(plus one extra card): you hold no more cards of {ranks} to pair them")
    LEAD_WOULD_EXCEED = ("lead_would_exceed", "lead=warsaw_pairs: {lead} would need {need} "
                         "cards to end as pairs (plus one extra card), more than the {limit} "
                         "the defender holds")

    # -- the throw-in games: transfers (perevodnoy)
    TRANSFER_NOT_ALLOWED = ("transfer_not_allowed",
                            "transfer={transfer}: this transfer is not allowed")
    TRANSFER_ONE_CARD = "transfer_one_card", "a transfer names one card"
    TRANSFER_NOT_DEFENDER = "transfer_not_defender", "only the defender transfers"
    TRANSFER_AFTER_TAKE = "transfer_after_take", "take is final: no transfer after it"
    JOKER_TRANSFER = "joker_transfer", "a joker has no rank: it cannot transfer"
    TRANSFER_AFTER_COVER = ("transfer_after_cover",
                            "transfer: only while no attack card is covered")
    TRANSFER_MIXED_RANKS = ("transfer_mixed_ranks",
                            "transfer: only while every attack card has one rank")
    TRANSFER_WRONG_RANK = ("transfer_wrong_rank",
                           "transfer: the card must have the rank of the attack")
    TRANSFER_NEXT_DEFENDER_SHORT = ("transfer_next_defender_short",
                                    "transfer: the next defender must hold at least {need} cards")
    TRANSFER_OVER_LIMIT = ("transfer_over_limit",
                           "bout limit: a transfer may not exceed {limit} attack cards")
    SHOW_NEEDS_TRUMP = "show_needs_trump", "transfer by showing: show the trump of that rank"
    SHOW_ONCE = "show_once", "transfer by showing: each trump may be shown once per bout"

    # -- house rules with actions of their own (house/state.py)
    WELI_NOT_IN_PLAY = ("weli_not_in_play",
                        "only the weli (house rule weli: the 6♦) names a suit")
    WELI_NAMED_TWICE = "weli_named_twice", "there is one weli: name its suit once"
    WELI_NAMED_NOT_PLAYED = ("weli_named_not_played",
                             "the weli's suit is named only when it is played")
    WELI_DOES_NOT_BEAT = ("weli_does_not_beat",
                          "the weli as the 6 of {suit} does not beat {card}")
    WELI_NAME_SUIT = ("weli_name_suit", "the weli (6♦) is wild: name its suit when you play "
                      "it, e.g. 'a 6d>s'")
    DONE_NOT_PAGAT = ("done_not_pagat",
                      "'done' belongs to on_fail=take_unbeaten (pagat); take instead")
    DONE_NOT_DEFENDER = "done_not_defender", "only the defender says done"
    DONE_NOTHING_UNCOVERED = ("done_nothing_uncovered",
                              "done: every attack card is covered, the bout is over")
    PAGAT_TAKE = ("pagat_take", "on_fail=take_unbeaten (pagat): cover what you can, then say "
                  "done ('d'): the unbeaten cards are yours")
    SIX_SWAP_NOT_IN_PLAY = ("six_swap_not_in_play",
                            "the trump-six exchange needs trump_exchange=six_any_time")
    SIX_SWAP_NOT_NOW = ("six_swap_not_now", "six_any_time: swap the trump six from your hand "
                        "for the turn-up while the turn-up is still in the stock")
    POKER_NOT_IN_PLAY = "poker_not_in_play", "the poker swap needs the house rule poker"
    POKER_NOT_NOW = ("poker_not_now",
                     "poker: only the principal attacker swaps, before leading")
    POKER_USED_UP = "poker_used_up", "poker: three swaps per deal have been made"
    POKER_ONCE_PER_LEAD = "poker_once_per_lead", "poker: one swap per lead"
    POKER_CARD_COUNT = "poker_card_count", "poker: swap one or two different cards"
    POKER_STOCK_SHORT = ("poker_stock_short",
                         "poker: the stock must hold more than {count} card(s) above the turn-up")

    # -- Warsaw (warsaw/checks.py)
    WARSAW_EXCHANGE_PENDING = (
        "warsaw_exchange_pending", "trump_exchange=warsaw_two: the holder of the trump two "
        "decides (exchange or keep) before drawing")
    WARSAW_NOT_EXCHANGE_HOLDER = ("warsaw_not_exchange_holder",
                                  "only the player asked may exchange the trump two")
    EXCHANGE_NAMES_NO_CARD = "exchange_names_no_card", "exchange and keep name no card"
    WARSAW_EXCHANGE_NOT_NOW = (
        "warsaw_exchange_not_now", "the trump two is exchanged only at your turn to replenish, "
        "holding it, with another card in the stock, after you beat off an attack this deal")
    WARSAW_NO_SUCH_ACTION = ("warsaw_no_such_action",
                             "Warsaw (duren_piatkowy) has no {kind} action")
    CARD_IN_FRONT = ("card_in_front", "{card} lies in front of you: cards in front are led "
                     "only after you pick them up (after your lead)")
    WARSAW_COVER_LEAD_OPEN = ("warsaw_cover_lead_open", "the lead is still being built: cover "
                              "once the principal attacker closes it (d)")
    WARSAW_COVER_NOT_NOW = ("warsaw_cover_not_now",
                            "only the defender covers, once the phase is led")
    WARSAW_COVER_TWO_CARDS = ("warsaw_cover_two_cards",
                              "cover names the led card and the covering card")
    NOT_LED_THIS_PHASE = "not_led_this_phase", "{card} is not led in this phase"
    COVER_IN_ORDER = ("cover_in_order",
                      "cover the led cards in the order they lie: {card} first")
    DONE_NOT_LEAD = ("done_not_lead", "d closes the first-phase lead: only the principal "
                     "attacker, while building it")
    DONE_NAMES_NO_CARD = "done_names_no_card", "d names no card"
    GIVE_UP_NOT_DEFENDER = "give_up_not_defender", "only the defender gives up"
    GIVE_UP_LEAD_OPEN = ("give_up_lead_open", "the lead is still being built: cover or give up "
                         "once the principal attacker closes it")
    GIVE_UP_NOT_NOW = "give_up_not_now", "give up when it is your turn to cover"
    NOT_YOUR_TURN_TO_LEAD = "not_your_turn_to_lead", "it is not your turn to lead in this phase"
    WARSAW_NOT_THE_LEADER = ("warsaw_not_the_leader",
                             "the principal attacker leads the first phase")
    LEAD_ONE_CARD_AT_A_TIME = ("lead_one_card_at_a_time", "build the lead one card at a time "
                               "(a 7h), then close it with d")
    DEFENDER_LEADS = "defender_leads", "the defender does not lead"
    LATER_LEAD_ONE_CARD = ("later_lead_one_card",
                           "in later phases lead one card at a time, then pass")
    LATER_LEAD_RANK = ("later_lead_rank", "in a later phase lead only ranks the defender "
                       "covered with in the previous phase: {ranks}")
    PHASE_FULL = ("phase_full",
                  "this phase already holds {count} cards, as many as the defender holds")

    # -- rule sets that cannot be played (RulesError; rules.py, warsaw/rules.py)
    UNKNOWN_RULE = "unknown_rule", "unknown rule {name!r}; known: {known}"
    UNKNOWN_RULES = "unknown_rules", "unknown rule(s): {names}"
    UNKNOWN_PRESET = "unknown_preset", "unknown preset {name!r}; known: {known}"
    VALUE_NOT_ALLOWED = ("value_not_allowed",
                         "{name}={value} is not allowed; allowed: {allowed}")
    NOT_IMPLEMENTED = "not_implemented", "{rule}={value} is not implemented yet"
    WARSAW_PLAYERS = ("warsaw_players",
                      "{players} players need the Warsaw game; others take 2-6")
    WARSAW_LEAD_AND_ON_FAIL = ("warsaw_lead_and_on_fail",
                               "lead=warsaw_pairs and on_fail=warsaw go together (Warsaw)")
    PAGAT_THROW_IN = ("pagat_throw_in",
                      "on_fail=take_unbeaten (pagat) has no throw-ins: set throw_in=none")
    SIX_ANY_TIME_DECK = ("six_any_time_deck",
                         "trump_exchange=six_any_time needs a deck with sixes (36 or 52)")
    WARSAW_TWO_NOT_WARSAW = ("warsaw_two_not_warsaw",
                             "trump_exchange=warsaw_two belongs to the Warsaw game")
    TEAMS_PLAYERS = "teams_players", "teams={teams} needs exactly {players} players"
    PRESET_PLAYERS = ("preset_players",
                      "{preset} is for {min_players}-{max_players} players, not {players}")
    DECK_TOO_SMALL = ("deck_too_small", "{players} players x {hand_size} cards = "
                      "{cards_needed} cards, more than the {deck_size}-card deck")
    DECK_TOO_SMALL_USE_DECK = (
        "deck_too_small_use_deck", "{players} players x {hand_size} cards = {cards_needed} "
        "cards, more than the {deck_size}-card deck; use deck={suggested_deck}")
    DECK_TOO_SMALL_USE_HAND = (
        "deck_too_small_use_hand", "{players} players x {hand_size} cards = {cards_needed} "
        "cards, more than the {deck_size}-card deck; use a smaller hand_size "
        "({suggested_hand_size})")
    WARSAW_HOUSE_RULES = ("warsaw_house_rules", "{rules} cannot be played in the Warsaw game "
                          "(its phases and replenishing have no place for them)")
    CRAZY_NO_TRUMP = ("crazy_no_trump",
                      "crazy makes diamonds trumps but no_trump has no trumps: pick one")
    NEEDS_TRUMP = "needs_trump", "{rule} needs a trump suit, and no_trump has none"
    FALLEN_ACE_NO_TRUMP = ("fallen_ace_no_trump",
                           "fallen_ace=trump needs a trump suit (try fallen_ace=every_suit)")
    EXCHANGE_NO_TRUMP = ("exchange_no_trump",
                         "trump_exchange={value} swaps a trump, and no_trump has none")
    CRAZY_CHANGEABLE = ("crazy_changeable",
                        "crazy fixes diamonds as trumps, so changeable_trump cannot change them")
    RAILWAY_NO_STOCK = ("railway_no_stock",
                        "railway deals every card, so there is no stock for {rule}")
    RAILWAY_EXCHANGE = ("railway_exchange", "railway puts the trump card out of play: there is "
                        "nothing to exchange (trump_exchange={value})")
    ALBANIAN_CHANGEABLE = ("albanian_changeable", "albanian draws the turn-up first, "
                           "changeable_trump hides a card under it: pick one")
    ALBANIAN_EXCHANGE = ("albanian_exchange", "albanian draws the turn-up first: there is no "
                         "turn-up to exchange (trump_exchange={value})")
    WELI_DECK = ("weli_deck", "weli is the 6 of diamonds, and the 24-card deck has no sixes: "
                 "use deck=36 or 52")
    WELI_PACKS = "weli_packs", "weli needs a single 6 of diamonds: use packs=1"
    JOKERS_PACKS = "jokers_packs", "jokers are played with one pack"
    WARSAW_TRANSFER = ("warsaw_transfer",
                       "Warsaw (duren_piatkowy) has no transfers: set transfer=none")
    WARSAW_TEAMS = "warsaw_teams", "Warsaw (duren_piatkowy) is played without teams"
    WARSAW_EXCHANGE = ("warsaw_exchange",
                       "trump_exchange={value} is not a Warsaw exchange; use warsaw_two or none")

    # -- saved states, positions and card orders that do not describe a deal (InvalidState)
    STATE_FORMAT = "state_format", "unknown state format {format}"
    WARSAW_STATE_FORMAT = "warsaw_state_format", "not a Warsaw state of format {format}"
    HISTORY_FORMAT = "history_format", "not a deal's public history: {detail}"
    STATE_TABLE_LENGTHS = ("state_table_lengths",
                           "attacks, covers and attack_by differ in length")
    STATE_SEAT_LISTS = ("state_seat_lists",
                        "hands, front and known must have one entry per seat")
    CARD_PLACED_TWICE = "card_placed_twice", "a card is placed twice in this position"
    CARD_NOT_IN_DECK = "card_not_in_deck", "a card of this position is not in the deck"
    DECK_ORDER_NOT_DECK = ("deck_order_not_deck", "a deck order must name every card of the "
                           "{deck_size}-card deck once: {problem}")
