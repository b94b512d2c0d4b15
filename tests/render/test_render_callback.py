"""The callback-data codec: round trips, the 64-byte bound in worst cases, distrust."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.callback import (
    MAX_GAME_ID,
    MAX_VERSION,
    CallbackDataError,
    CallbackKind,
    CallbackTooLong,
    decode,
    encode_game_ui,
    encode_lobby,
    encode_move,
    encode_preference,
    encode_setting,
)
from bot.render.cards import card_ascii

BIG_GAME = MAX_GAME_ID  # ids are INTEGER columns: the largest one storage can hold
BIG_VERSION = 10**6

ALL_CARDS = [p * 64 + s * 16 + r for p in range(3) for s in range(4) for r in range(2, 15)] + [
    p * 64 + s * 16 + 15 for p in range(3) for s in (0, 1)]


def size(data: str) -> int:
    return len(data.encode("utf-8"))


def test_move_round_trip_and_compact_form():
    data = encode_move(73, 41, "a 10h 10d")
    assert data == "m21.15.aaq" and size(data) == 10  # 10h = id 26, 10d = id 42
    decoded = decode(data)
    assert decoded.kind is CallbackKind.MOVE and decoded.is_move
    assert (decoded.game_id, decoded.version, decoded.payload) == (73, 41, "a 10h 10d")
    for text in ("t", "p", "e", "k", "c 10h 9s", "r 7s", "s 7d", "a *b", "c Qd.1 *r.2"):
        assert decode(encode_move(1, 2, text)).payload == text


def test_move_text_the_compact_form_cannot_express_travels_as_text():
    data = encode_move(5, 6, "x 10h")  # an action kind this codec does not know
    assert data.startswith("M")
    assert decode(data).payload == "x 10h"
    assert decode(data).kind is CallbackKind.MOVE_TEXT


@pytest.mark.parametrize("text", ["", "a  10h", "a 10h ", "A 10h", "a 10h\n", "a <b>"])
def test_move_text_must_look_like_an_action(text):
    with pytest.raises(ValueError):
        encode_move(1, 1, text)


def test_worst_cases_fit_in_64_bytes():
    # Biggest ids, a 10-player Warsaw deal with three packs: a 19-card lead of third-pack
    # cards is far beyond any legal lead and still fits.
    third_pack = [c for c in ALL_CARDS if c >= 128]
    lead = "a " + " ".join(card_ascii(c) for c in third_pack[:19])
    data = encode_move(MAX_GAME_ID, MAX_VERSION, lead)
    assert size(data) <= 64 and decode(data).payload == lead
    cover = "c " + card_ascii(third_pack[-1]) + " " + card_ascii(third_pack[-2])
    assert size(encode_move(BIG_GAME, BIG_VERSION, cover)) <= 64
    for token in ("others_join_after_first_beat=false", "next_deal_first_attacker=fools_right",
                  "preset=perevodnoy_showing", "after_defender_out=attack_again"):
        assert size(encode_setting(BIG_GAME, BIG_VERSION, token)) <= 64
    for action in ("join", "leave", "add_ai", "settings", "start", "cancel"):
        assert decode(encode_lobby(BIG_GAME, BIG_VERSION, action)).payload == action


def test_every_rule_parameter_fits_as_a_setting_button():
    engine = pytest.importorskip("bot.engine")
    pairs = set()
    for preset in engine.PRESETS:
        for name, value in engine.RuleSet.preset(preset).to_dict().items():
            pairs.add((name, str(value).lower()))
            pairs.add((name, "false"))
    assert len(pairs) > 40
    for name, value in pairs:
        data = encode_setting(BIG_GAME, BIG_VERSION, f"{name}={value}")
        assert size(data) <= 64, data


def test_too_long_is_refused_at_encoding():
    with pytest.raises(CallbackTooLong):
        encode_move(MAX_GAME_ID, MAX_VERSION, "a " + " ".join(["10h.2"] * 30))


def test_ids_out_of_range_are_refused_at_encoding():
    for game, version in ((-1, 0), (MAX_GAME_ID + 1, 0), (0, MAX_VERSION + 1), (True, 0)):
        with pytest.raises(ValueError):
            encode_move(game, version, "t")


def test_other_kinds_round_trip():
    assert decode(encode_game_ui(9, 8, "hint")) == decode("u9.8.hint")
    assert decode(encode_lobby(0, 0, "join")).kind is CallbackKind.LOBBY
    setting = decode(encode_setting(35, 36, "transfer=play"))
    assert (setting.kind, setting.game_id, setting.version, setting.payload) == (
        CallbackKind.SETTINGS, 35, 36, "transfer=play")
    pref = decode(encode_preference("lang=ru"))
    assert (pref.kind, pref.game_id, pref.payload) == (CallbackKind.PREFERENCE, None, "lang=ru")


@pytest.mark.parametrize("garbage", [
    None, 42, b"m1.1.t", "", "z1.1.t", "m1.1", "m.1.t", "m1..t", "m01.1.t", "mA.1.t",
    "m1.1.", "m1.1.x", "m1.1.a!", "m1.1.a!!A", "m1.1.a$", "m1.1.aA", "mzzzzzzzzzzzzzz.1.t",
    "M1.1.a 10h",  # compactable, so not made by us
    "l1.1.dance", "s1.1.", "s1.1.a b", "p", "plang=ру", "m1.1.tééé", "u1.1." + "x" * 60,
    "m1.1.t\x00", "m1.1.a" + "A" * 70,
])
def test_garbage_is_a_callback_data_error(garbage):
    with pytest.raises(CallbackDataError):
        decode(garbage)


@settings(max_examples=400)
@given(st.one_of(
    st.text(max_size=80),
    st.binary(max_size=80).map(lambda b: b.decode("latin-1")),
    st.from_regex(r"[mMulsp][0-9a-z]{0,14}\.[0-9a-z]{0,7}\..{0,50}"),
))
def test_fuzzed_input_decodes_or_raises_only_callback_data_error(data):
    try:
        decoded = decode(data)
    except CallbackDataError:
        return
    # Whatever is accepted is canonical enough to be re-encoded to an equivalent button.
    if decoded.is_move:
        again = decode(encode_move(decoded.game_id, decoded.version, decoded.payload))
        assert again.payload == decoded.payload


@given(st.integers(0, MAX_GAME_ID), st.integers(0, MAX_VERSION),
       st.sampled_from("actprsek"), st.lists(st.sampled_from(ALL_CARDS), max_size=8))
def test_fuzzed_moves_round_trip(game, version, kind, cards):
    text = " ".join([kind, *(card_ascii(c) for c in cards)])
    data = encode_move(game, version, text)
    assert size(data) <= 64 and data.isascii()
    decoded = decode(data)
    assert (decoded.game_id, decoded.version, decoded.payload) == (game, version, text)
