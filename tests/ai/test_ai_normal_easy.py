"""normal reads a known ending exactly; easy is careless about cards, never about trumps."""

from __future__ import annotations

from bot.ai import easy, normal
from bot.engine import ActionKind, RuleSet, deal_from_position


def test_normal_reads_a_two_player_ending_with_the_stock_gone():
    # Leading the trump ace first makes the defender take it and leaves them the fool;
    # normal's rule of thumb (a cheap plain lead) would only draw.
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6h As", "7h 8c"],
                           trump="s", attacker=0, defender=1)
    assert normal.choose(s.view(0)).text() == "a As"


def test_easy_never_throws_in_a_trump_while_the_stock_lasts():
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["9h Jh 6c 9d", "7d 8d 10d"],
                           trump="h", attacker=0, defender=1, stock="10c Qd Kc",
                           table=[("9s", "Js")])
    view = s.view(0)
    moves = {easy.choose(view, seed).text() for seed in range(200)}
    assert moves <= {"a 9d", "p"} and "a 9d" in moves


def test_easy_careless_cover_stays_plain_when_a_plain_card_covers():
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["8d 9d Jc", "7s 9s Qs 6h Ah"],
                           trump="h", attacker=0, defender=1, stock="10c Jd Kc",
                           table=[("6s", None)])
    view = s.view(1)
    covers = [easy.choose(view, seed) for seed in range(200)]
    assert all(a.kind is ActionKind.COVER for a in covers)
    assert {a.text() for a in covers} == {"c 6s 7s", "c 6s 9s", "c 6s Qs"}
