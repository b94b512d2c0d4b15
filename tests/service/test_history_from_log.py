"""A deal's public history rebuilt from the stored move log (``GameRecord.history``) is
the one recorded live while it was played through the real GameService on SQLite, for
random deals of every preset (Warsaw included) and house-rule mixes, the first deal of a
series and a later one; and its JSON form survives the trip.
"""

from __future__ import annotations

import asyncio
import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from playhelp import new_game, press_args
from test_replay_every_deal import FIRST_ATTACKER, mixed_rules, settings_of

from bot.ai.pool import _past
from bot.engine import PLAYABLE_PRESETS, Action, PublicHistory, Recorder, RuleSet
from bot.service.events import GameSnapshot, MoveApplied
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.replay import load_record
from bot.storage.scratch import scratch_database

CHAT, HOST = -1009999999997, 8_000_000_102


async def play_recording(games: GameService, snapshot: GameSnapshot, rng: random.Random,
                         steps: int) -> Recorder:
    """Random presses as in test_replay_every_deal; a Recorder follows every move the
    service reports applied (its own and the computers'), in order."""
    rec = Recorder(snapshot.state.clone())
    for _ in range(steps):
        if snapshot.status != "running":
            break
        seat = rng.choice(sorted(snapshot.state.actors()))
        action = rng.choice(list(snapshot.state.legal_actions(seat)))
        result = await games.act(snapshot.game_id, action.text(),
                                 expected_version=snapshot.version,
                                 **press_args(snapshot, seat))
        for moved in result.of(MoveApplied):
            events = rec.apply(Action.parse(moved.action, moved.seat))
            assert events == tuple(moved.engine_events)
        snapshot = result.snapshot
        assert rec.state.to_dict() == snapshot.state.to_dict()
    return rec


async def play_a_series(tmp_path, rules: RuleSet, service_seed: int, play_seed: int) -> None:
    async with scratch_database(None, tmp_path) as db:
        games = GameService(db, rng=random.Random(service_seed))
        first = await new_game(LobbyService(db), games, CHAT, HOST,
                               computers=("easy",) * (rules.players - 1),
                               settings=settings_of(rules))
        rng = random.Random(play_seed)
        live_first = await play_recording(games, first.snapshot, rng, 5000)
        later = await games.next_deal(first.game_id, HOST)
        live_later = await play_recording(games, later.snapshot, rng, 25)
        for game_id, live in ((first.game_id, live_first), (later.game_id, live_later)):
            stored = (await load_record(db, game_id)).history()
            assert stored == live.history
            assert len(stored.entries) > 1
            assert PublicHistory.from_dict(json.loads(json.dumps(stored.to_dict()))) == stored
            # What a hard computer is given: the log the worker replays (pool._past).
            version = (await games.snapshot(game_id)).version
            log = await games.deal_log(game_id, version)
            assert log is not None and len(log["moves"]) == version
            assert _past(json.loads(json.dumps(log))) == live.history
            assert await games.deal_log(game_id, version + 1) is None  # not there yet


@settings(max_examples=12, deadline=None, phases=[p for p in Phase if p is not Phase.explain],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(preset=st.sampled_from(PLAYABLE_PRESETS), players=st.integers(2, 6),
       mix_seed=st.integers(0, 2**32 - 1), first=st.sampled_from(FIRST_ATTACKER),
       service_seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**32 - 1))
def test_history_rebuilt_from_the_stored_log_is_the_live_one(
        tmp_path, preset, players, mix_seed, first, service_seed, play_seed):
    rules = mixed_rules(preset, players, mix_seed, first, "left_of_dealer", None)
    asyncio.run(play_a_series(tmp_path, rules, service_seed, play_seed))


def test_warsaw_history_rebuilt_from_the_stored_log(tmp_path):
    rules = mixed_rules("duren_piatkowy", 3, 0, "lowest_trump", "left_of_dealer", None)
    asyncio.run(play_a_series(tmp_path, rules, 5, 6))
