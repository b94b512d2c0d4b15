"""The press protocol: what a game button does. Each call either does it or raises the
refusal (a ``ServiceError`` with its code; the handler shows ``refusal_text``).

A hand's buttons carry the version it was drawn at. When the game moved on since, a press
is still played if the game is in the same bout as when that hand was drawn and the rules
still allow the move (a throw-in pressed while the defender covered, a second "Beaten"
right after another's): the press means what the player saw, and the service judges it
against the game as it is when the move is written (``GameService.act``'s ``drawn_in``).
Where this process does not know the bout of that version (another instance drew the
hand), the older, stricter rule applies: the hand would show now no button it did not
show then, and still shows the one pressed (``_meant_version``). That rule reads the
game, so it is asked only of a press the service refused as out of date: a press on the
current version, the common one, costs no read of its own. (Others' moves
change the hand's text every time, its buttons much less often; and the hand of a person
who just pressed is redrawn late when it only loses buttons, ``pacing``.) Choices that
only change a screen (which card's meaning to pick, the poker swap's cards) live in the
display and redraw it; nothing is stored.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime

from bot.engine import Action, ActionKind
from bot.i18n import t
from bot.render.actions import describe
from bot.render.callback import encode_move
from bot.render.card_letters import letters_for, relabel
from bot.render.phrases import MENU_TOKEN, PHRASES, phrase_text
from bot.service.errors import Code, IllegalMove, NotAllowed, ServiceError, StaleVersion
from bot.service.events import ActResult
from bot.service.games import GameService
from bot.service.hands import BoutKey

from . import log_context
from .delivery.bot_api import BotApi
from .table import screens
from .table.display import Display
from .table.displays import Displays
from .table.pacing import buttons_of
from .table.presenter import Presenter
from .turns.brains import ComputerBrain

HINT_INTERVAL = 5.0  # seconds between two hints of one person
PHRASE_INTERVAL = 5.0  # seconds between two phrases of one person

def _done_text(display: Display, seat: int | None, action: str, result: ActResult) -> str:
    """"✓ you led A♥️" in the player's language ("" for a move that is not theirs)."""
    if seat is None:
        return ""
    state = result.snapshot.state
    lead = False
    try:
        parsed = Action.parse(action, seat)
        lead = parsed.kind is ActionKind.ATTACK and len(state.table_pairs()) == len(
            parsed.cards)
    except (ValueError, AttributeError):  # a deal kind without these: no lead wording
        pass
    locale = display.seat_locale.get(seat, display.locale)
    words = describe(locale, action, lead=lead, rules=state.rules, you=True)
    return "✓ " + words[:1].upper() + words[1:]


def _move_data(game_id: int, action: str) -> str | None:
    """The button data of ``action`` drawn at version 0 (None: no such move text)."""
    try:
        return encode_move(game_id, 0, action)
    except ValueError:
        return None


class Presses:
    def __init__(self, *, games: GameService, displays: Displays, presenter: Presenter,
                 api: BotApi, brain: ComputerBrain, rng: random.Random,
                 clock: Callable[[], datetime],
                 after: Callable[[Display, ActResult], None], shared: bool = False) -> None:
        self.games = games
        # Several instances serve the bot (DURAK_INSTANCES > 1): what a hand showed may
        # have been drawn by another one (recorded in the database by the presenter).
        self.shared = shared
        # Redraw a hand whose press was refused (the runtime: here, or by the instance
        # that draws the game).
        self.redraw_hand: Callable[[Display, int], None] = presenter.redraw_hand
        # Show a hand whose choice screen opened, closed or changed (the runtime: here, or
        # by the instance that draws the game, told the choice).
        # ``said``: the phrase the person just said, if that is the change.
        self.show_choice: Callable[[Display, int, str | None], None] = \
            lambda display, _seat, _said: presenter.show(display)
        self.displays = displays
        self.presenter = presenter
        self.api = api
        self.brain = brain
        self.rng = rng
        self.clock = clock
        self.after = after  # where an accepted move's result goes (the runtime)
        self._hinted_at: dict[int, float] = {}  # user id -> their last hint (monotonic)
        self._said_at: dict[int, float] = {}  # user id -> their last phrase (epoch s)

    async def press(self, game_id: int, version: int, action: str, user_id: int) -> str:
        """Play a move button pressed on a message drawn at ``version``; what the press's
        answer says ("✓ you led A♥️": the hand that loses the card may be redrawn a little
        later, ``pacing``, and the answer shows at once that the press counted)."""
        log_context.about_game(game_id)
        display = self.displays.get(game_id)
        if display is None and self.shared:  # another instance drew it: judge it here too
            display = await self.displays.of(game_id)
        seat = display.seat_of(user_id) if display else None
        drawn_in = display.drawn_in(seat, version, _move_data(game_id, action) or "") \
            if display is not None and seat is not None else None
        # While the press is judged, an edit of this hand waits for it (``Presenter``): one
        # drawn a moment before would show the card being played, and be pressed again.
        in_flight = display.pressing(seat) if display is not None and seat is not None \
            else None
        try:
            try:
                result = await self._act(display, seat, game_id, version, action, user_id,
                                         drawn_in)
            except ServiceError:
                if display is not None and seat is not None:
                    # The person pressed on a hand that is not current (a held edit, another
                    # instance's redraw, a slow network): show them the current one now.
                    self.redraw_hand(display, seat)
                raise
            display = display or await self.displays.of(game_id)
            if seat is not None:
                display.notes.blocked.discard(seat)
            self.after(display, result)
        finally:
            if in_flight is not None:
                in_flight.set()
        return _done_text(display, seat, action, result)

    async def _act(self, display: Display | None, seat: int | None, game_id: int,
                   version: int, action: str, user_id: int,
                   drawn_in: BoutKey | None) -> ActResult:
        """The service plays the press as drawn at ``version``; refused as out of date (or
        as already done) where this process does not know the bout it was drawn in, it is
        played at the version ``_meant_version`` finds, if another: the same presses are
        played as if that were asked first, and only a refused one pays for its read."""
        try:
            return await self.games.act(game_id, action, expected_version=version,
                                        user_id=user_id, drawn_in=drawn_in)
        except StaleVersion:
            if display is None or seat is None or drawn_in is not None:
                raise
            meant = await self._meant_version(display, seat, version, action)
            if meant == version:
                raise
        return await self.games.act(game_id, action, expected_version=meant,
                                    user_id=user_id)

    async def _meant_version(self, display: Display, seat: int, version: int,
                             action: str) -> int:
        """The version a press on a hand drawn at ``version`` is played at: the current
        one when the game moved on since, but the hand would now offer the pressed button
        and nothing the player did not see (the press means what they saw; see the top);
        else ``version`` (its refusal as out of date stands). What was shown is
        this process's memory, or, with several instances, what any of them recorded."""
        drew_it = display.rendered_version.get(seat) == version and seat in display.signature
        if not self.shared and (version == display.version or not drew_it):
            return version
        snap = await self.games.snapshot(display.game_id)
        if snap.status != "running" or snap.version == version:
            return version
        if drew_it:
            shown: set[tuple[str, str]] | frozenset[tuple[str, str]] | None = \
                buttons_of(display.signature[seat])
        else:
            shown = await self.games.shown_buttons(display.game_id, seat, version)
        if shown is None:
            return version
        now = buttons_of(screens.hand_signature(display, snap, seat, self.clock()))
        pressed = {data for _label, data in now} & {_move_data(display.game_id, action)}
        return snap.version if pressed and now <= shown else version

    async def _seat(self, game_id: int, user_id: int) -> tuple[Display, int]:
        display = await self.displays.of(game_id)
        seat = display.seat_of(user_id)
        if seat is None:
            raise NotAllowed(Code.NOT_PLAYING)
        return display, seat

    async def _own_card(self, game_id: int, seat: int, card: int) -> None:
        """The card comes from callback data anyone can forge: only a card of this hand
        may open a choice (a made-up number would break every redraw of the hand)."""
        snap = await self.games.snapshot(game_id)
        if snap.status != "running" or card not in snap.state.view(seat).hand:
            raise StaleVersion(Code.STALE_BUTTON)

    async def pick(self, game_id: int, user_id: int, card: int | None) -> None:
        """Open (or with None close) the choice of what a card does."""
        display, seat = await self._seat(game_id, user_id)
        if card is None:
            display.picking.pop(seat, None)
        else:
            await self._own_card(game_id, seat, card)
            display.picking[seat] = card
        self.show_choice(display, seat, None)

    async def swap_choice(self, game_id: int, user_id: int, card: int | None) -> None:
        """The poker swap screen: None opens it with nothing chosen; a card toggles it (at
        most two chosen: a third replaces the oldest). Only the hand's cards count."""
        display, seat = await self._seat(game_id, user_id)
        chosen = display.picking.get(seat)
        chosen = chosen if isinstance(chosen, tuple) else ()
        if card is not None:
            await self._own_card(game_id, seat, card)
            chosen = tuple(c for c in chosen if c != card) if card in chosen \
                else (chosen + (card,))[-2:]
        display.picking[seat] = chosen
        self.show_choice(display, seat, None)

    async def say(self, game_id: int, user_id: int, index: int | None) -> str | None:
        """The 💬 button (``index`` None: open or close the phrase menu) or a phrase of the
        menu: shown in the others' hands at the next redraw; the answer for the sayer."""
        display, seat = await self._seat(game_id, user_id)
        if not display.chat_on():
            raise NotAllowed(Code.NO_PHRASES_HERE)
        if index is None:
            opened = display.picking.get(seat) == MENU_TOKEN
            if opened:
                display.picking.pop(seat, None)
            else:
                display.picking[seat] = MENU_TOKEN
            self.show_choice(display, seat, None)
            return None
        if not 0 <= index < len(PHRASES):
            raise NotAllowed(Code.STALE_BUTTON)
        now = self.clock().timestamp()  # the runtime's clock: tests move it
        if now - self._said_at.get(user_id, float("-inf")) < PHRASE_INTERVAL:
            raise NotAllowed(Code.PHRASE_TOO_SOON, seconds=int(PHRASE_INTERVAL))
        self._said_at[user_id] = now
        display.said.pop(seat, None)  # newest last
        display.said[seat] = PHRASES[index]
        display.said_count[seat] = display.said_count.get(seat, 0) + 1
        if display.picking.get(seat) == MENU_TOKEN:
            display.picking.pop(seat, None)
        # (several instances: told to the one drawing, with the phrase: once per phrase)
        self.show_choice(display, seat, PHRASES[index])
        locale = display.seat_locale.get(seat, display.locale)
        return t(locale, "phrase.sent", phrase=phrase_text(locale, PHRASES[index]))

    async def hint(self, game_id: int, user_id: int) -> str:
        """The computer's advice for the person's move now, in their language; one per
        ``HINT_INTERVAL`` seconds a person (a hint is a search: one person pressing it
        over and over must not slow everyone's computer players)."""
        display, seat = await self._seat(game_id, user_id)
        if not display.hints:
            raise NotAllowed(Code.HINTS_OFF)
        now = time.monotonic()
        if now - self._hinted_at.get(user_id, float("-inf")) < HINT_INTERVAL:
            raise NotAllowed(Code.HINT_TOO_SOON, seconds=int(HINT_INTERVAL))
        self._hinted_at[user_id] = now
        snap = await self.games.snapshot(game_id)
        if snap.status != "running" or not list(snap.state.legal_actions(seat)):
            raise IllegalMove(Code.NOT_YOUR_TURN)
        locale = display.seat_locale.get(seat, display.locale)
        history = await self.games.deal_log(game_id, snap.version)  # hard reads the deal
        action, key, params = await self.brain.hint(snap.state, seat, self.rng.getrandbits(32),
                                                    history)
        lead = not snap.state.table_pairs()
        letters = letters_for(locale)  # the hint's cards come in the engine's text ("Q♥")
        shown = {k: relabel(v, letters) if isinstance(v, str) else v for k, v in params.items()}
        return t(locale, "hint.text",
                 action=describe(locale, action, lead=lead, rules=snap.state.rules),
                 reason=t(locale, key, **shown))
