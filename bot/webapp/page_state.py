"""What one seat's page shows, as JSON: drawn from the deal's snapshot with the same
renderers as the chat (``render.table.public_lines`` for the table's words,
``render.hand.hand_parts`` for the moves), so the page offers exactly the buttons the hand
message would, with the same callback data: a tap is a button press.

Only this seat's hand is in it (the engine's ``view(seat)``); the others are card counts.
Cards go out as their parts (rank, suit) so the page draws them as cards; after the deal
the result comes as its own block (the chat's result lines, the ready check and the "Play
again"/"Start now" buttons of the table) for the page's result dialog.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.engine import Action, ActionKind, public_view
from bot.engine.core.cards import JOKER_RANK, RANK_TEXT, RED_SUITS, SUITS, rank_of, suit_of
from bot.i18n import t, tn
from bot.render.callback import CallbackDataError, decode, encode_game_ui
from bot.render.card_letters import letters_for, rank_text
from bot.render.cards import card_label, is_red, sort_hand
from bot.render.hand import hand_parts, may_throw_in
from bot.render.phrases import MENU_TOKEN, PHRASES, phrase_text
from bot.render.results import result_lines
from bot.render.rules import preset_label
from bot.render.table import (
    expectation,
    last_move_text,
    next_deal_rows,
    ready_line,
    role_key,
    turn_line,
)
from bot.runtime.table.display import Display
from bot.runtime.table.screens import card_choice
from bot.service.events import GameSnapshot


def card(card_id: int, letters: str | None = None) -> dict[str, Any]:
    """A card as the page draws it: its id (what a tap sends back), its corner index (rank
    in the reader's court letters, ``letters``: see ``render.card_letters``; suit symbol),
    the suit's number (the four-colour deck colours by it) and whether it is red."""
    rank, suit = rank_of(card_id), suit_of(card_id)
    return {"id": int(card_id), "label": card_label(card_id, "plain", letters=letters),
            "rank": "★" if rank == JOKER_RANK else rank_text(rank, letters),
            "suit": SUITS[suit], "s": suit, "red": is_red(card_id)}


def _role(public, seat: int) -> str:
    """The seat's role for the page's styling: attacking, defending, throw_in (may throw
    in now), waiting, out or fool."""
    role = role_key(public, seat).rsplit(".", 1)[1]
    if role == "waiting" and public.table and seat in public.attackers \
            and seat in public.waiting_on:
        return "throw_in"
    return role


def _result(locale: str, display: Display, snap: GameSnapshot, seat: int) -> dict | None:
    """The end of the deal for the result dialog: the chat's result lines (the fool, who
    went out in which order, matchsticks, rating changes), who is ready for the next deal
    and the table's own "Play again"/"Start now" buttons (a press the chat also takes)."""
    if snap.status == "cancelled":
        return {"title": t(locale, "game.cancelled"), "lines": [], "ready": None,
                "buttons": [], "fool": False}
    if not snap.state.is_over:
        return None
    lines = result_lines(locale, snap, display.names, display.ended, you=seat)
    outcome = snap.state.outcome
    rows = next_deal_rows(locale, snap, display.ended, display.notes)
    return {"title": lines[0], "lines": lines[1:],
            "ready": ready_line(locale, snap, display.names, display.notes),
            "buttons": [{"label": label, "press": data} for row in rows
                        for label, data in row],
            "fool": bool(outcome and not outcome.draw and seat in outcome.fools)}


def _cover_target(data: str) -> int | None:
    """The attack card a cover button beats (tapping that card on the table plays it)."""
    try:
        decoded = decode(data)
        if decoded.is_move:
            action = Action.parse(decoded.payload, 0)
            if action.kind is ActionKind.COVER:
                return action.cards[0]
    except (CallbackDataError, ValueError):
        pass
    return None


def _card_of(data: str) -> int | None:
    """The hand card a button plays (or opens the choice of): None for other buttons."""
    try:
        decoded = decode(data)
    except CallbackDataError:
        return None
    if decoded.is_move:
        action = Action.parse(decoded.payload, 0)
        if action.kind is ActionKind.ATTACK and len(action.cards) == 1:
            return action.cards[0]
        if action.kind in (ActionKind.TRANSFER, ActionKind.SHOW):
            return action.cards[0]
        if action.kind is ActionKind.COVER:
            return action.cards[1]
        return None
    if decoded.payload.startswith("pick"):
        return int(decoded.payload[4:])
    return None


def _phrases(locale: str, display: Display, snap: GameSnapshot, seat: int) -> dict:
    """The 💬 menu (the hand's phrase buttons: the same callback data, so a tap is that
    press) and what each seat said last, in the reader's language, with the seat's count
    of phrases said (a page bubbles a count it has not shown yet); nothing said reaches a
    reader who turned phrases off (/phrases off)."""
    menu = [{"label": phrase_text(locale, key),
             "press": encode_game_ui(snap.game_id, snap.version, f"{MENU_TOKEN}{index}"),
             "emoji": not key.isascii()}
            for index, key in enumerate(PHRASES)] if display.chat_on() else []
    said = [] if seat in display.muted else [
        {"seat": s, "n": display.said_count.get(s, 0), "text": phrase_text(locale, key)}
        for s, key in display.said.items()]
    return {"menu": menu, "said": said, "label": t(locale, "btn.phrases")}


def page_state(display: Display, snap: GameSnapshot, seat: int, now: datetime) -> dict:
    locale = display.seat_locale.get(seat, display.locale)
    view = snap.state.view(seat)
    public = public_view(snap.state)
    title = t(locale, "table.title", game=preset_label(locale, public.rules.preset_name),
              n=snap.deal_number)
    shown = {**display.names, seat: t(locale, "table.you")}
    turn_text = turn_line(locale, public, shown, seat) if not public.is_over else ""
    last_text = last_move_text(locale, public, shown, display.last, seat)
    news = [turn_text, last_text]
    news += [t(locale, key, name=display.names.get(s, "?"))
             for key, seats in (("table.takeover_timed_out",
                                 display.notes.taken_over & display.notes.timed_out),
                                ("table.takeover_not_ready",
                                 display.notes.taken_over - display.notes.timed_out),
                                ("table.left", display.notes.left),
                                ("table.blocked", display.notes.blocked)) for s in sorted(seats)]
    if snap.status == "cancelled":
        news.append(t(locale, "game.cancelled"))
    picking = card_choice(display.picking.get(seat))
    prompt, rows = hand_parts(locale, snap, seat, snap.version, picking=picking,
                              hint=display.hints, view=view)
    if picking is None:  # the cards are drawn as cards: keep "Your move: ..." only
        asked = {may_throw_in(locale, view), t(
            locale, "hand.you_expected",
            expected=t(locale, "hand.expect." + expectation(view, seat)))}
        prompt = [line for line in prompt if line in asked]
    by_card: dict[int, str] = {}
    targets: dict[int, str] = {}  # choosing what a card does: attack card -> its cover
    buttons = []
    for row in rows:
        for label, data in row:
            target = _cover_target(data) if isinstance(picking, int) else None
            if target is not None:
                targets.setdefault(target, data)
            played = None if picking is not None else _card_of(data)
            if played is not None and played not in by_card:
                by_card[played] = data
            else:
                buttons.append({"label": label, "press": data})
    letters = letters_for(locale)
    hand = [dict(card(c, letters), press=by_card.get(c))
            for c in sort_hand(view.hand, view.trump_suit)]
    waiting = set(public.waiting_on) if not public.is_over else set()
    roles = [_role(public, s) for s in range(public.rules.players)]
    players = [{"seat": s, "name": shown[s],
                "cards": public.hand_counts[s], "you": s == seat, "turn": s in waiting,
                "cards_text": tn(locale, "cards", public.hand_counts[s]),
                "role": t(locale, "webapp.throw_in") if roles[s] == "throw_in"
                else t(locale, role_key(public, s, you=s == seat)), "role_key": roles[s]}
               for s in range(public.rules.players)]
    deadline = snap.turn_deadline if display.timer_on and not public.is_over else None
    # What may still be thrown in this bout: how many cards, of which ranks.
    bout = bool(public.table) and not public.is_over
    room = max(0, getattr(view, "limit", 0) - len(public.table)) if bout else None
    ranks = sorted({rank_of(c) for pair in public.table for c in pair if c is not None})
    # The turn-up lies under the stock only while it is in it (then it is in a hand).
    turnup = public.turnup if public.turnup_in_stock and public.stock_count else None
    return {
        "type": "state", "game": snap.game_id, "version": snap.version,
        "status": snap.status if not public.is_over or snap.status != "running" else "over",
        "you": seat, "locale": locale, "title": title,
        "news": [line for line in news if line], "prompt": prompt,
        "turn_text": turn_text, "last_text": last_text,
        "series": snap.series_id, "your_turn": seat in waiting,
        "trump": card(turnup, letters) if turnup is not None else None,
        "trump_suit": SUITS[public.trump_suit] if public.trump_suit is not None else None,
        "trump_red": public.trump_suit in RED_SUITS,
        "trump_text": t(locale, "table.trump", card=card_label(public.turnup, letters=letters))
        if public.turnup is not None else t(locale, "table.no_trump"),
        "stock": public.stock_count, "discard": len(public.discard),
        "stock_text": tn(locale, "table.stock", public.stock_count),
        "discard_text": tn(locale, "table.discard", len(public.discard)),
        "players": players,
        "table": [[dict(card(a, letters), press=targets.get(a)),
                   card(c, letters) if c is not None else None]
                  for a, c in public.table],
        "picking": picking if isinstance(picking, int) else None,
        "hand": hand, "buttons": buttons,
        "deadline": deadline.timestamp() if deadline is not None else None,
        "turn_seconds": display.turn_seconds if display.timer_on else None,
        "room": room, "ranks": [rank_text(r, letters) if r in RANK_TEXT else "★"
                                   for r in ranks],
        "room_text": tn(locale, "webapp.room", room) if room else "",
        "last_seat": display.last.seat if display.last is not None else None,
        "result": _result(locale, display, snap, seat),
        "phrases": _phrases(locale, display, snap, seat),
    }
