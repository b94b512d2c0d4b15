"""``durak play``'s screen laid out for a terminal: lines of at most ``WIDTH`` columns,
broken only between items (a card, ``[3] 9♥``, a move), never inside one, and the moves
of one kind grouped so that a big hand stays a few lines.

A hand of 19 cards has dozens of legal leads (every card, and every set of same-rank
cards: four 7s alone are eleven leads); listing each made a 570-column line that the
terminal broke in the middle of a card. Leads of several cards of one rank are shown once
per rank, the most that may be led (``[3 5 8] three 9s``), with a line saying that any
of them together is a lead too; the input takes every legal set (``play_input``).
"""

from __future__ import annotations

from bot.cli.play_input import ATTACK, Option
from bot.engine.core.cards import rank_of
from bot.render.card_letters import rank_text

WIDTH = 100  # columns: the screen fits a terminal this wide without its own wrapping
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
SEVERAL_HINT = "several cards of one rank: type their numbers together, e.g."


def wrap_items(head: str, items: list[str], width: int = WIDTH, sep: str = "  ",
               indent: int | None = None) -> list[str]:
    """``head`` then ``items`` separated by ``sep``, in lines of at most ``width``
    columns where the items allow (an item longer than a line gets a line of its own);
    continuation lines start under the first item (or at ``indent``)."""
    pad = " " * (len(head) if indent is None else indent)
    lines: list[str] = []
    line = head
    fresh = True  # nothing after the head (or the padding) yet
    for item in items:
        joined = item if fresh else sep + item
        if not fresh and len(line) + len(joined) > width:
            lines.append(line)
            line, joined = pad, item
        line += joined
        fresh = False
    lines.append(line)
    return lines


def grouped(options: list[Option], letters: str) -> tuple[list[Option], list[str]]:
    """``options`` with the leads of several same-rank cards cut to one per rank (the
    first of the most cards: the options come in hand order), and the words of the hint
    to print with them, an example kept in one piece (none: nothing was cut)."""
    best: dict[int, Option] = {}
    for option in options:
        action = option[2]
        if action.kind is ATTACK and len(action.cards) > 1 and _one_rank(action.cards):
            rank = rank_of(action.cards[0])
            if rank not in best or len(action.cards) > len(best[rank][2].cards):
                best[rank] = option
    cut = sum(1 for o in options if o[2].kind is ATTACK and len(o[2].cards) > 1
              and _one_rank(o[2].cards)) > len(best)
    out: list[Option] = []
    for option in options:
        action = option[2]
        if action.kind is ATTACK and len(action.cards) > 1 and _one_rank(action.cards):
            if best[rank_of(action.cards[0])] is not option:
                continue
            heading = option[1].partition("|")[0]
            option = (option[0], f"{heading}|{_several(action.cards, letters)}", action)
        out.append(option)
    if not cut:
        return out, []
    pair = min((o for o in best.values()), key=lambda o: len(o[2].cards))
    return out, [*SEVERAL_HINT.split(" "), f"`{' '.join(pair[0].split()[:2])}`"]


def _one_rank(cards: tuple[int, ...]) -> bool:
    return len({rank_of(c) for c in cards}) == 1


def _several(cards: tuple[int, ...], letters: str) -> str:
    """``three 9s``: how many cards of which rank, in the screen's letters."""
    count = len(cards)
    return f"{COUNT_WORDS.get(count, str(count))} {rank_text(rank_of(cards[0]), letters)}s"
