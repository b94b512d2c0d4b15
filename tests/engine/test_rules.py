import json

import pytest

from bot.engine import PARAMETERS, PLAYABLE_PRESETS, PRESETS, RulesError, RuleSet


def test_defaults_are_podkidnoy():
    r = RuleSet()
    assert (r.deck, r.hand_size, r.lead, r.throw_in, r.transfer) == (
        36, 6, "same_rank", "all", "none")
    assert r.first_bout_limit == 5 and r.bout_limit == 6
    assert RuleSet.preset("podkidnoy") == RuleSet()


def test_every_rules_md_parameter_is_in_the_table_with_its_default():
    names = {p.name for p in PARAMETERS}
    for name in ("players", "deck", "packs", "jokers", "hand_size", "lead", "throw_in",
                 "others_join_after_first_beat", "bout_limit", "first_bout_limit", "transfer",
                 "on_fail", "first_attacker", "next_deal_first_attacker", "after_defender_out",
                 "trump_exchange", "teams", "scoring", "spades_by_spades", "crazy", "no_trump",
                 "fallen_ace", "albanian", "changeable_trump", "railway", "poker", "weli",
                 "jacks_high", "cut"):
        assert name in names
    r = RuleSet()
    for p in PARAMETERS:
        assert getattr(r, p.name) == p.default
        assert p.default in p.allowed and p.help


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_playable_presets_validate(name, players):
    lo, hi = PRESETS[name].players
    if lo <= players <= hi:
        RuleSet.preset(name, players=players).validate()


def test_presets_set_what_rules_md_says():
    assert RuleSet.preset("perevodnoy").transfer == "play"
    assert RuleSet.preset("perevodnoy_showing").transfer == "play_or_show"
    pc = RuleSet.preset("prostoy_classic")
    assert (pc.throw_in, pc.lead, pc.transfer) == ("principal", "single", "none")
    assert RuleSet.preset("prostoy_transfer").transfer == "play"
    sc = RuleSet.preset("single_card")
    assert (sc.throw_in, sc.lead) == ("none", "single")
    ld = RuleSet.preset("large_deck")
    assert (ld.deck, ld.hand_size, ld.bout_limit) == (52, 7, "hand_size")
    assert ld.base_limit(False) == 7
    assert RuleSet.preset("two_player_24").deck == 24
    vn = RuleSet.preset("vietnamese")
    assert (vn.deck, vn.hand_size) == (52, 8)
    assert all(p.description for p in PRESETS.values())


def test_too_many_players_for_the_deck_is_refused_with_a_suggested_deck():
    with pytest.raises(RulesError, match="use deck=36"):
        RuleSet.preset("two_player_24", players=5).validate()
    with pytest.raises(RulesError, match="2-4 players"):
        RuleSet.preset("vietnamese", players=5).validate()
    with pytest.raises(RulesError, match="use deck=52"):
        RuleSet(players=6, hand_size=7).validate()
    RuleSet(players=6).validate()  # 36 = 6 x 6: the short-deck deal, allowed


@pytest.mark.parametrize("override, word", [
    ({"scoring": "stakes"}, "not implemented yet"),
])
def test_values_not_implemented_yet_are_refused_not_faked(override, word):
    with pytest.raises(RulesError, match=word):
        RuleSet().with_overrides(override).validate()


def test_overrides_from_strings_are_typed():
    r = RuleSet.preset("podkidnoy", players="4", first_bout_limit="none")
    assert r.players == 4 and r.first_bout_limit is None
    r = r.with_overrides({"bout_limit": "hand_size", "others_join_after_first_beat": "false",
                          "transfer": "PLAY"})
    assert r.bout_limit == "hand_size" and r.others_join_after_first_beat is False
    assert r.transfer == "play"
    assert RuleSet.parse_assignment("deck=24") == ("deck", 24)
    assert RuleSet.parse_assignment("first-bout-limit=5") == ("first_bout_limit", 5)


@pytest.mark.parametrize("bad", [{"deck": "40"}, {"nonsense": "1"}, {"transfer": "maybe"},
                                 {"players": "eleven"}])
def test_bad_overrides_are_refused(bad):
    with pytest.raises(RulesError):
        RuleSet().with_overrides(bad)


def test_wrongly_typed_values_are_refused_by_validate():
    with pytest.raises(RulesError):
        RuleSet(deck=40).validate()
    with pytest.raises(RulesError):
        RuleSet(others_join_after_first_beat=1).validate()


def test_rules_json_round_trip_for_every_preset():
    for name in PRESETS:
        r = RuleSet.preset(name, **({"players": 3} if name != "teams" else {}))
        assert RuleSet.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    with pytest.raises(RulesError):
        RuleSet.from_dict({"deck": 36, "colour": "red"})
