"""Issue 3 moves read as words in both languages, on the table line and in the hints."""

from __future__ import annotations

from bot.engine import RuleSet
from bot.render.actions import WELI_AS, describe, weli_label

WARSAW = RuleSet.preset("duren_piatkowy")
PAGAT = RuleSet.preset("prostoy_pagat")
PODKIDNOY = RuleSet.preset("podkidnoy")


def test_done_and_take_follow_the_game():
    assert describe("en", "d", lead=False, rules=WARSAW) == "closes the lead"
    assert describe("ru", "t", lead=False, rules=WARSAW) == "сдаётся"
    assert describe("ru", "d", lead=False, rules=PAGAT) == "берёт непобитые карты"
    assert describe("en", "t", lead=False, rules=PODKIDNOY) == "takes"


def test_swaps_are_described_without_revealing_poker_cards():
    assert describe("ru", "p 7h 9c", lead=False) == "меняет 2 карты с колодой"
    assert describe("en", "p 7h", lead=False) == "swaps 1 card with the stock"
    assert "7" not in describe("en", "p 7h 9c", lead=False)
    assert describe("en", "x 6h", lead=False).startswith("swaps 6")


def test_weli_names_its_suit_in_words_on_buttons():
    spades = WELI_AS + 0
    assert " как " in weli_label(spades, "ru") and " as " in weli_label(spades, "en")
    assert "→" in weli_label(spades)  # the compact table form
