"""What ``durak play`` shows when it is the player's move: the table, the hands' sizes and
roles, the player's own hand (numbered) and the moves they may make.

Cards and hand order are the Telegram bot's (``bot.render.cards``, plain card style); the
lines printed as the game goes on are ``bot.cli.narration``'s. Long lines (a big hand, its
moves) are wrapped between cards and grouped by ``bot.cli.play_layout``.
"""

from __future__ import annotations

from typing import Any

from bot.cli.narration import LOCALE, label, labels
from bot.cli.play_input import HUMAN, HandNumbers, Option
from bot.cli.play_layout import WIDTH, grouped, wrap_items
from bot.engine import GameState
from bot.engine.core.cards import rank_of
from bot.render.card_letters import rank_text
from bot.render.cards import sort_hand, suit_symbol

COMPUTER_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ilya", "Kira")


def name_of(seat: int) -> str:
    return "You" if seat == HUMAN else COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


def verb(seat: int, plain: str, third: str) -> str:
    """``You take`` / ``Anna takes``."""
    return f"{name_of(seat)} {plain if seat == HUMAN else third}"


def _role(view: Any, seat: int) -> str:
    if view.is_over or seat not in view.in_play:
        return "out" if seat not in view.in_play else "-"
    if seat == view.defender:
        return "defending, taking" if view.taking else "defending"
    if getattr(view, "front", None) is not None and seat != view.attacker:  # Warsaw
        return "leading now" if seat == view.leader else "waiting"
    if seat == view.attacker:
        role = "attacking"
    elif seat in view.attackers:
        role = "may throw in"
    else:
        return "waiting"
    if seat in view.passed:
        role += ", passed"
    return role


def render_screen(state: GameState, options: list[Option],
                  numbers: HandNumbers | None = None, letters: str = LOCALE,
                  width: int = WIDTH) -> str:
    """What the player sees when it is their move; built from their view only. The hand's
    cards carry their ``numbers`` (none given: 1, 2, ... in hand order); no line is wider
    than ``width`` unless one card or move is."""
    view = state.view(HUMAN)
    lines = []
    trump = view.trump_suit
    if view.turnup is not None:
        where = "under the stock" if view.turnup_in_stock else "drawn"
        assert trump is not None  # a turned-up card names the trump suit
        turnup = label(view.turnup, letters)
        trump_text = f"trump {suit_symbol(trump, 'plain')} (turn-up {turnup}, {where})"
    else:
        trump_text = "no trump"
    limit = f", limit {view.limit}" if view.table or view.limit < 6 else ""
    lines.append(f"--- {trump_text} · stock {view.stock_count} · discard "
                 f"{len(view.discard)}{limit}")
    for seat in range(len(view.hand_counts)):
        if seat == HUMAN:
            continue
        count = view.hand_counts[seat]
        known = view.known[seat]
        head = (f"  {name_of(seat):<6} {count:>2} card{'s' if count != 1 else ' '}  "
                f"{_role(view, seat)}")
        if not known:
            lines.append(head)
            continue
        seen = [label(c, letters) for c in sort_hand(known, trump)]
        seen[-1] += ")"
        lines += wrap_items(head + "  (known: ", seen, width, sep=" ", indent=12)
    lines.append(f"  You: {_role(view, HUMAN)}")
    if view.table:
        pairs = [f"{label(a, letters)}/{label(c, letters) if c is not None else '?'}"
                 for a, c in view.table]
        pairs[-1] += "   (attack/cover, ? = not covered)"
        lines += wrap_items("Table: ", pairs, width)
    else:
        lines.append("Table: empty")
    lines += _warsaw_lines(view, letters)
    hand = sort_hand(view.hand, trump)
    numbers = numbers if numbers is not None else HandNumbers(hand)
    numbers.update(hand)
    lines += wrap_items("Your hand: ", [f"{numbers.number(c)}:{label(c, letters)}"
                                        for c in hand], width)
    lines.append("You may:")
    shown, hint = grouped(options, letters)
    groups: dict[str, list[str]] = {}
    for command, option_label, _ in shown:
        heading, _, text = option_label.partition("|")
        groups.setdefault(heading, []).append(f"[{command}] {text}".rstrip())
    column = max(len(h) + 1 for h in groups) if any(groups) else 0
    for heading, items in groups.items():
        head = f"{heading + ':' if heading else '':<{column}}  " if column else ""
        lines += wrap_items("  " + head, items, width)
    if hint:
        lines += wrap_items("  (", [*hint[:-1], hint[-1] + ")"], width, sep=" ")
    return "\n".join(lines)


def _warsaw_lines(view: Any, letters: str = LOCALE) -> list[str]:
    """Warsaw (duren_piatkowy) extras: the cards lying face up in front of players and
    what may be led now. Empty for other games (their views have no ``front``)."""
    front = getattr(view, "front", None)
    if front is None:
        return []
    lines = [f"  In front of {name_of(seat)}: {labels(sort_hand(cards, view.trump_suit), letters)}"
             for seat, cards in enumerate(front) if cards]
    if view.is_over:
        return lines
    if view.lead_open:
        if not view.table:
            state = "pairs; an odd count is pairs plus one card"
        elif view.lead_complete:
            state = "a legal lead: add more or close it"
        else:
            state = "not a legal lead yet"
        lines.append(f"  Phase 1: {verb(view.attacker, 'build', 'builds')} the lead card by "
                     f"card, at most {view.limit} ({state})")
    elif view.stage == "add" and view.leader is not None:
        ranks = " ".join(rank_text(rank_of(r), letters) for r in view.lead_ranks)
        lines.append(f"  Phase {view.warsaw_phase}: {name_of(view.leader)} may lead ranks "
                     f"{ranks}, at most {view.limit} cards in this phase")
    elif view.stage == "defend":
        lines.append(f"  Phase {view.warsaw_phase}: {verb(view.defender, 'cover', 'covers')} "
                     "every card or gives up (take)")
    return lines
