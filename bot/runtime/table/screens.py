"""The screens of one deal, drawn for its ``Display`` from a snapshot (no I/O): the group
table, a person's hand, the solo message that holds both. The renderers in ``bot.render``
do the drawing; this module picks their arguments from what the display remembers."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import t
from bot.render.hand import group_hand_screen
from bot.render.phrases import said_line
from bot.render.quick import safety_rows
from bot.render.screen import Screen
from bot.render.solo import solo_screen
from bot.render.table import table_screen
from bot.service.events import GameSnapshot

from .display import Display


def table(display: Display, snap: GameSnapshot, now: datetime) -> Screen:
    """The group's table message (drawn from the deal's public view), with the link that
    opens the Mini App while the deal runs (a ``web_app`` button works in private chats
    only; a group gets the t.me link of the app)."""
    screen = table_screen(display.locale, snap, display.names, display.notes, display.last,
                          display.ended, now, display.timer_on)
    if display.group_link and snap.status == "running" and not snap.state.is_over:
        link = ((t(display.locale, "btn.open_table"), "url:" + display.group_link),)
        screen = Screen(screen.text, screen.rows + (link,))
    return screen


def solo(display: Display, snap: GameSnapshot, now: datetime,
         version: int | None = None) -> Screen:
    """The solo message: table and hand, and "Open table" while the deal runs; buttons
    stamped ``version`` (default: the snapshot's)."""
    seat = display.solo_seat
    assert seat is not None
    screen = solo_screen(display.locale, snap, seat,
                         snap.version if version is None else version, display.names,
                         display.notes, display.last, display.ended, now, display.timer_on,
                         picking=card_choice(display.picking.get(seat)))
    if display.page_url and snap.status == "running" and not snap.state.is_over:
        # The same "Open table" as a group player's hand (a private chat: a web_app button).
        page = ((t(display.locale, "btn.open_table"), "app:" + display.page_url),)
        screen = Screen(screen.text, screen.rows + (page,))
    return screen


def card_choice(picking: int | tuple | str | None) -> int | tuple | None:
    """The card choice a ``Display.picking`` entry holds (the phrase menu is none)."""
    return None if isinstance(picking, str) else picking


def hand(display: Display, snap: GameSnapshot, seat: int) -> tuple[Screen, Screen]:
    """(a group player's hand at the current version, the same drawn at version 0: what
    tells whether it changed). Drawn once, stamped twice. Where there is no table message
    (a table by link, a quick game) the hand carries the deal's end too: the results, who
    is ready, and "Play again"."""
    locale = display.seat_locale.get(seat, display.locale)
    if display.venue.table_in_hands and (snap.status != "running" or snap.state.is_over):
        ended = table_screen(locale, snap, display.names, display.notes, display.last,
                             display.ended, datetime.now(UTC), display.timer_on)
        title = t(locale, "hand.title", group=display.group_title)
        rows = ended.rows
        if display.venue.strangers and snap.status == "finished":
            rows = (*rows, *safety_rows(locale, snap, seat))
        signature = Screen(title + "\n" + ended.text, rows)
        return signature.at_version(snap.version), signature
    signature = group_hand_screen(locale, snap, seat, 0, display.group_title,
                                  picking=display.picking.get(seat), hint=display.hints,
                                  turn_seconds=display.turn_seconds if display.timer_on
                                  else None, running_out=display.notes.running_out,
                                  ended=display.ended, said=said_lines(display, seat, locale),
                                  chat=display.chat_on())
    if display.page_url and snap.status == "running" and not snap.state.is_over:
        page = ((t(locale, "btn.open_table"), "app:" + display.page_url),)
        signature = Screen(signature.text, signature.rows + (page,))
    return signature.at_version(snap.version), signature


SAID_SHOWN = 2  # the newest phrases a hand shows (one line each)


def said_lines(display: Display, seat: int, locale: str) -> tuple[str, ...]:
    """What the others said lately, in the reader's language (none for one who muted
    phrases); names as the table shows them (first names with strangers)."""
    if seat in display.muted:
        return ()
    said = [(s, key) for s, key in display.said.items() if s != seat]
    return tuple(said_line(locale, display.names.get(s, "?"), key)
                 for s, key in said[-SAID_SHOWN:])


def solo_signature(display: Display, snap: GameSnapshot, now: datetime) -> Screen:
    """What a press on the solo message relies on: its buttons, at version 0."""
    return Screen("", solo(display, snap, now, version=0).rows)


def hand_signature(display: Display, snap: GameSnapshot, seat: int, now: datetime) -> Screen:
    """The buttons ``seat`` would be shown now, at version 0 (see ``presses``)."""
    if display.solo_seat is not None:
        return solo_signature(display, snap, now)
    return hand(display, snap, seat)[1]
