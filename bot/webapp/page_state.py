"""What one seat's page shows, as JSON: drawn from the deal's snapshot with the same
renderers as the chat (``render.table.public_lines`` for the table's words,
``render.hand.hand_parts`` for the moves), so the page offers exactly the buttons the hand
message would, with the same callback data: a tap is a button press.

Only this seat's hand is in it (the engine's ``view(seat)``); the others are card counts.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.engine import Action, ActionKind, public_view
from bot.i18n import t, tn
from bot.render.callback import CallbackDataError, decode
from bot.render.cards import card_label, is_red, sort_hand
from bot.render.hand import hand_parts, may_throw_in
from bot.render.results import result_lines
from bot.render.rules import preset_label
from bot.render.table import expectation, last_move_text, role_key, turn_line
from bot.runtime.display import Display
from bot.service.events import GameSnapshot


def card(card_id: int) -> dict[str, Any]:
    return {"id": int(card_id), "label": card_label(card_id), "red": is_red(card_id)}


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


def page_state(display: Display, snap: GameSnapshot, seat: int, now: datetime) -> dict:
    locale = display.seat_locale.get(seat, display.locale)
    view = snap.state.view(seat)
    public = public_view(snap.state)
    title = t(locale, "table.title", game=preset_label(locale, public.rules.preset_name),
              n=snap.deal_number)
    shown = {**display.names, seat: t(locale, "table.you")}
    news = [turn_line(locale, public, shown, seat) if not public.is_over else "",
            last_move_text(locale, public, shown, display.last, seat)]
    news += [t(locale, key, name=display.names.get(s, "?"))
             for key, seats in (("table.takeover_timed_out",
                                 display.notes.taken_over & display.notes.timed_out),
                                ("table.takeover_not_ready",
                                 display.notes.taken_over - display.notes.timed_out),
                                ("table.left", display.notes.left),
                                ("table.blocked", display.notes.blocked)) for s in sorted(seats)]
    if snap.status == "cancelled":
        news.append(t(locale, "game.cancelled"))
    elif public.is_over:
        news.extend(result_lines(locale, snap, display.names, display.ended, you=seat))
    picking = display.picking.get(seat)
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
    hand = [dict(card(c), press=by_card.get(c)) for c in sort_hand(view.hand, view.trump_suit)]
    waiting = set(public.waiting_on) if not public.is_over else set()
    players = [{"seat": s, "name": shown[s],
                "cards": public.hand_counts[s], "you": s == seat, "turn": s in waiting,
                "cards_text": tn(locale, "cards", public.hand_counts[s]),
                "role": t(locale, role_key(public, s, you=s == seat))}
               for s in range(public.rules.players)]
    deadline = snap.turn_deadline if display.timer_on and not public.is_over else None
    return {
        "type": "state", "game": snap.game_id, "version": snap.version,
        "status": snap.status if not public.is_over or snap.status != "running" else "over",
        "you": seat, "locale": locale, "title": title,
        "news": [line for line in news if line], "prompt": prompt,
        "trump": card(public.turnup) if public.turnup is not None else None,
        "trump_text": t(locale, "table.trump", card=card_label(public.turnup))
        if public.turnup is not None else t(locale, "table.no_trump"),
        "stock": public.stock_count, "discard": len(public.discard),
        "stock_text": tn(locale, "table.stock", public.stock_count),
        "discard_text": tn(locale, "table.discard", len(public.discard)),
        "players": players,
        "table": [[dict(card(a), press=targets.get(a)), card(c) if c is not None else None]
                  for a, c in public.table],
        "picking": picking if isinstance(picking, int) else None,
        "hand": hand, "buttons": buttons,
        "deadline": deadline.timestamp() if deadline is not None else None,
    }
