"""The cross-instance "something changed" message (runtime/table/renderers.py ``Told``): what one
instance writes, the instance that draws the game reads back the same, the card-choice
screen (``Picking``) as typed JSON fields; messages of an older instance or of someone
else are read as far as they are understood, never raised on."""

from __future__ import annotations

import json

import pytest

from bot.runtime.table.renderers import Picking, Told


@pytest.mark.parametrize("told", [
    Told(7),
    Told(7, seat=1),
    Told(7, seat=1, picking=Picking(card=38)),
    Told(7, seat=0, picking=Picking()),  # the choice screen closed
    Told(7, seat=2, picking=Picking(swap=(3, 52))),
    Told(7, seat=2, picking=Picking(swap=())),  # the swap screen opened, nothing chosen
    Told(7, moves=((0, "a 9h", "player", 4), (1, "c 9h 10h", "computer", 5))),
    Told(7, page={"v": 5, "s": 2, "last": None}),
], ids=repr)
def test_a_told_round_trips_through_its_json(told):
    assert Told.parse(told.to_json()) == told


def test_the_choice_screen_is_typed_json_fields():
    data = json.loads(Told(7, seat=1, picking=Picking(card=38)).to_json())
    assert data == {"g": 7, "seat": 1, "picking": {"card": 38}}
    data = json.loads(Told(7, seat=1, picking=Picking(swap=(3, 52))).to_json())
    assert data["picking"] == {"swap": [3, 52]}
    assert json.loads(Told(7, seat=1, picking=Picking()).to_json())["picking"] == {}


@pytest.mark.parametrize("shown", [None, 38, (), (3, 52)])
def test_a_picking_carries_what_the_display_holds(shown):
    assert Picking.of(shown).shown() == shown
    assert Picking.from_json(Picking.of(shown).to_json()).shown() == shown


def test_an_older_instances_string_code_is_not_read_but_its_seat_is():
    """Before the typed fields an instance wrote "choice": "p38": the seat is still
    redrawn (as it is), nothing is made of the code."""
    told = Told.parse(json.dumps({"g": 7, "seat": 1, "choice": "p38", "moves": []}))
    assert told == Told(7, seat=1)


@pytest.mark.parametrize("picking", [
    "p38", 38, [38], {"card": "38"}, {"card": True}, {"swap": "3.52"}, {"swap": [3, "x"]},
])
def test_a_malformed_picking_is_dropped_not_raised(picking):
    told = Told.parse(json.dumps({"g": 7, "seat": 1, "picking": picking}))
    assert told == Told(7, seat=1)
