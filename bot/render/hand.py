"""A player's private hand message: their cards, and only the moves they may make now.

Layout decisions (RULES.md is silent on presentation):
- cards in hand order (suit by suit, trumps last); every card that is part of a legal move
  is a button, the rest are listed as text;
- a card with exactly one meaning (lead it, throw it in, cover the only card it fits,
  transfer with it) plays at once; a card with several meanings (it covers two different
  attack cards, or covers or transfers) first opens a choice: "9♥ on 7♥", "Transfer 9♥";
- leading several cards of one rank: one extra button with all of them (the largest legal
  group per rank); a single card is led with its own button;
- Pass is labelled "Beaten" when every card on the table is covered and "Done" when the
  defender is taking (the move is the same: nothing more from me);
- the group hand carries no table (the group shows it) so it is edited only when the
  player's cards or choices change, except what the player acts on: the defender sees the
  cards to beat, an attacker being waited on (to add or pass) the pairs on the table; the
  solo message carries both;
- poker (house rule): "Swap cards" opens a choice screen: the hand's cards toggle (at most
  two, marked ✓), a confirm button appears when the chosen cards are a legal swap, Back
  closes it; the choice lives in the driver (``picking`` holds a tuple of cards then);
- words follow the game: Warsaw's ``d`` is "Lead these" and ``t`` "Give up", pagat's ``d``
  "Take the rest", the six swap "Swap 6♥ for the turn-up";
- buttons appear for the seats the game is waiting on, and, while the defender is still
  beating, for every attacker the rules let throw in (RULES.md "A bout" 2: "in any
  order"): only their throw-in cards, no Pass/Done (those wait until they are asked).
  It costs an edit of a co-attacker's hand when the table gains a rank they hold, which
  is what lets them join in without waiting for the defender.
"""

from __future__ import annotations

from bot.engine import Action, ActionKind, public_view
from bot.i18n import t, tn

from .actions import WELI, WELI_AS, flavour, weli_label
from .callback import encode_game_ui, encode_move
from .card_letters import letters_for
from .cards import card_label, cards_text, sort_hand
from .phrases import MENU_TOKEN, chat_row, menu_rows
from .screen import Screen, rows_of
from .table import clock_text, expectation, pairs_text, turn_line

CARD_ROW = 6


def _label(locale: str, card: int) -> str:
    """A card as ``locale``'s reader sees it (their court letters, ``card_letters``)."""
    return card_label(card, letters=letters_for(locale))


def _played_card(action) -> int | None:
    kind, cards = action.kind, action.cards
    if kind is ActionKind.ATTACK and len(cards) == 1:
        card = cards[0]
    elif kind is ActionKind.COVER:
        card = cards[1]
    elif kind in (ActionKind.TRANSFER, ActionKind.SHOW):
        card = cards[0]
    else:
        return None
    return WELI if card >= WELI_AS else card  # the weli's named-suit plays: one card button


def _choice_label(locale: str, action) -> str:
    kind, cards = action.kind, action.cards
    if kind is ActionKind.COVER:
        return t(locale, "btn.cover_on", card=weli_label(cards[1], locale),
                 target=_label(locale, cards[0]))
    if kind is ActionKind.TRANSFER:
        return t(locale, "btn.transfer_with", card=weli_label(cards[0], locale))
    if kind is ActionKind.SHOW:
        return t(locale, "btn.show_with", card=_label(locale, cards[0]))
    return t(locale, "btn.attack_with", card=weli_label(cards[0], locale))


def _pass_label(locale: str, view) -> str:
    if view.taking:
        return t(locale, "btn.done")
    if view.table and all(c is not None for _, c in view.table):
        return t(locale, "btn.beaten")
    return t(locale, "btn.pass")


def _swap_parts(locale: str, game: int, version: int, hand: list[int], chosen: tuple,
                swaps: list) -> tuple[list[str], list[tuple]]:
    """The poker swap screen: toggle up to two cards, confirm a legal choice, or go back."""
    lines = [t(locale, "hand.poker_choose")]
    buttons = [(("✓ " if card in chosen else "") + _label(locale, card),
                encode_game_ui(game, version, f"sw{int(card)}")) for card in hand]
    rows = list(rows_of(buttons, CARD_ROW))
    legal = {frozenset(a.cards): a for a in swaps}
    bottom = []
    action = legal.get(frozenset(chosen))
    if action is not None:
        bottom.append((tn(locale, "btn.poker_confirm", len(chosen)),
                       encode_move(game, version, action.text())))
    bottom.append((t(locale, "btn.back"), encode_game_ui(game, version, "back")))
    rows.append(tuple(bottom))
    return lines, rows


def ending_text(locale: str, snap, seat: int, ended) -> str:
    """How the deal ended for the reader, in their private chat (the group's table has
    everyone's): cancelled, a draw, the fool (with their matchsticks in the series), or
    the place they finished in. ``ended``: the deal's ``DealEnded`` (None: not known
    here, e.g. drawn by another instance: the outcome alone)."""
    if snap.status == "cancelled":
        if any(x.left for x in snap.seats):  # leaving is a loss that a cancel keeps
            return t(locale, "hand.ended_cancelled_forfeit")
        return t(locale, "hand.ended_cancelled")
    outcome = snap.state.outcome
    if ended is not None and ended.draw or ended is None and outcome is not None \
            and outcome.draw:
        return t(locale, "hand.ended_draw")
    fools = set(ended.fools) if ended is not None else \
        set(outcome.fools if outcome is not None else ())
    if seat in fools:
        sticks = ended.matchsticks.get(seat) if ended is not None else None
        if sticks:
            return tn(locale, "hand.ended_fool_sticks", sticks)
        return t(locale, "hand.ended_fool")
    order = list(outcome.out_order) if outcome is not None else []
    if seat in order:
        return t(locale, "hand.ended_place", place=order.index(seat) + 1,
                 players=len(snap.seats))
    return t(locale, "hand.ended_out")


def may_throw_in(locale: str, view) -> str:
    """What a throw-in does now, for an attacker the game is not asking yet: while cards
    are being beaten, more for the defender to beat; with every card covered, more still;
    while the defender takes, more for them to take."""
    if view.taking:
        return t(locale, "hand.may_add_to_take")
    if view.table and all(cover is not None for _attack, cover in view.table):
        return t(locale, "hand.may_throw_in_more")
    return t(locale, "hand.may_throw_in")


def hand_parts(locale: str, snap, seat: int, version: int, *,
               picking: int | tuple | None = None, hint: bool = False,
               view=None) -> tuple[list[str], list[tuple]]:
    """(text lines about the hand, keyboard rows) for ``seat`` at ``version``; ``view``:
    the seat's view of ``snap.state`` when the caller has it (computing one lists the
    seat's legal moves: the render's main cost)."""
    state = snap.state
    view = view if view is not None else state.view(seat)
    game = snap.game_id
    legal = [] if state.is_over or snap.status != "running" else list(view.legal)
    waiting = view.waiting_on
    if waiting and seat not in waiting:  # not asked: only a throw-in, if the rules allow
        legal = [a for a in legal if a.kind is ActionKind.ATTACK] if view.table else []
    by_card: dict[int, list[Action]] = {}
    multi: dict[int, Action] = {}
    others = []
    for action in legal:
        card = _played_card(action)
        if card is not None:
            by_card.setdefault(card, []).append(action)
        elif action.kind is ActionKind.ATTACK:
            rank = action.cards[0] & 15
            if rank not in multi or len(action.cards) > len(multi[rank].cards):
                multi[rank] = action
        else:
            others.append(action)
    hand = sort_hand(view.hand, view.trump_suit)
    swaps = [a for a in others if a.kind is ActionKind.POKER]
    if isinstance(picking, tuple) and swaps:
        return _swap_parts(locale, game, version, hand, picking, swaps)
    lines: list[str] = []
    rows: list[tuple] = []
    if isinstance(picking, int) and picking in by_card:
        lines.append(t(locale, "hand.choose_target", card=_label(locale, picking)))
        choices = [(_choice_label(locale, a), encode_move(game, version, a.text()))
                   for a in by_card[picking]]
        rows.extend(rows_of(choices, 2))
        rows.append(((t(locale, "btn.back"), encode_game_ui(game, version, "back")),))
        return lines, rows
    playable = [c for c in hand if c in by_card]
    rest = [c for c in hand if c not in by_card]
    if not hand:
        lines.append(t(locale, "hand.no_cards"))
    elif not playable:
        lines.append(t(locale, "hand.your_cards",
                       cards=cards_text(hand, view.trump_suit, letters=letters_for(locale))))
    elif rest:
        lines.append(t(locale, "hand.not_playable",
                       cards=cards_text(rest, sort=False, letters=letters_for(locale))))
    if legal and waiting and seat not in waiting:
        lines.append(may_throw_in(locale, view))
    elif legal:
        expected = "hand.expect." + expectation(view, seat)
        lines.append(t(locale, "hand.you_expected", expected=t(locale, expected)))
    buttons = []
    for card in playable:
        actions = by_card[card]
        data = (encode_move(game, version, actions[0].text()) if len(actions) == 1
                else encode_game_ui(game, version, f"pick{int(card)}"))
        buttons.append((_label(locale, card), data))
    rows.extend(rows_of(buttons, CARD_ROW))
    if multi:
        rows.extend(rows_of([(" ".join(weli_label(c, locale) for c in a.cards),
                              encode_move(game, version, a.text()))
                             for _, a in sorted(multi.items())], 3))
    game_words = flavour(state.rules)
    labels = {ActionKind.TAKE: t(locale, "btn.give_up" if game_words == "warsaw"
                                 else "btn.take"),
              ActionKind.PASS: _pass_label(locale, view),
              ActionKind.EXCHANGE: t(locale, "btn.exchange"),
              ActionKind.KEEP: t(locale, "btn.keep"),
              ActionKind.DONE: t(locale, {"warsaw": "btn.lead_done",
                                          "pagat": "btn.take_rest"}.get(game_words, "btn.done"))}
    extra = [(labels[a.kind], encode_move(game, version, a.text())) for a in others
             if a.kind in labels]
    extra += [(t(locale, "btn.swap_six", card=_label(locale, a.cards[0])),
               encode_move(game, version, a.text()))
              for a in others if a.kind is ActionKind.SWAP_SIX]
    if swaps:
        extra.append((t(locale, "btn.poker"), encode_game_ui(game, version, "swap")))
    if hint and legal:
        extra.append((t(locale, "btn.hint"), encode_game_ui(game, version, "hint")))
    if extra:
        rows.append(tuple(extra))
    return lines, rows


def group_hand_screen(locale: str, snap, seat: int, version: int, group_title: str, *,
                      picking: int | tuple | str | None = None, hint: bool = False,
                      turn_seconds: int | None = None, running_out: bool = False,
                      ended=None, said: tuple[str, ...] = (), chat: bool = False) -> Screen:
    """The private hand of a group deal, complete on its own (nobody has to look at the
    group to play): trump and stock, each opponent's card count, the table, whose turn,
    the time per move (``turn_seconds``; None: no timer; ``running_out``: the turn is in
    its last seconds, said to whoever it waits on), then the cards and moves. ``said``: the
    phrases the others said, as lines; ``chat``: the 💬 button (``picking`` "say": its
    menu instead of the moves)."""
    state = snap.state
    view = state.view(seat)
    lines = [t(locale, "hand.title", group=group_title)]
    if state.is_over or snap.status != "running":
        if view.turnup is not None:
            lines.append(t(locale, "table.trump", card=_label(locale, view.turnup)))
        lines.append(ending_text(locale, snap, seat, ended))
        return Screen("\n".join(lines))
    trump = (t(locale, "table.trump", card=_label(locale, view.turnup))
             if view.turnup is not None else t(locale, "table.no_trump"))
    lines.append(" · ".join([trump, tn(locale, "table.stock", view.stock_count)]))
    names = {s.seat: s.name for s in snap.seats}
    if any(s.seat == seat and s.taken_over and not s.left for s in snap.seats):
        lines.append(t(locale, "hand.computer_plays"))
    others = [f"{names.get(p, '?')} {view.hand_counts[p]}" for p in view.in_play if p != seat]
    if others:
        lines.append(t(locale, "hand.opponents", counts=" · ".join(others)))
    if view.table:
        lines.append(t(locale, "table.pairs", pairs=pairs_text(view.table, letters_for(locale))))
    turn = turn_line(locale, public_view(state), names, seat)
    if turn:
        lines.append(turn)
    if turn_seconds:
        asked = seat in state.waiting_on()
        lines.append(clock_text(locale, turn_seconds, running_out and asked, you=True))
    lines.extend(said)
    if chat and picking == MENU_TOKEN:
        lines.append(t(locale, "phrase.choose"))
        return Screen("\n".join(lines), tuple(menu_rows(locale, snap.game_id, version)))
    more, rows = hand_parts(locale, snap, seat, version,
                            picking=None if isinstance(picking, str) else picking,
                            hint=hint, view=view)
    lines.extend(more)
    if chat:
        rows = [*rows, chat_row(locale, snap.game_id, version)]
    return Screen("\n".join(lines), tuple(rows))
