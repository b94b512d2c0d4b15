"""The compiled engine build (Cython, from the same .py sources) and the pure-Python one must
play identically; the build choice (bot/engine/_build.py) must never run stale code.

The rest of the suite runs whichever build is installed (compiled after a normal
``pip install -e '.[dev]'`` with a C compiler). Here the key engine tests run once more in a
subprocess forced to pure Python, and a fingerprint of many seeded games (every legal list
of every seat, every event, refusals, clones, JSON) is compared between the two builds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine import ENGINE_BUILD, _build

ROOT = Path(__file__).resolve().parents[2]

# Seeded random games (explore mode: any seat with a legal action may act) over the presets
# and the house rules that GameState/HouseState play, hashed step by step.
FINGERPRINT = r"""
import hashlib, json, random
from bot.engine import ENGINE_BUILD, Action, ActionKind, IllegalAction, RuleSet, new_deal
from bot.engine.core.cards import bits
from bot.engine.core.leads import LEADS
from bot.engine.core.tables import SINGLE_ATTACK

h = hashlib.sha256()
put = lambda obj: h.update(repr(obj).encode())
cases = [("podkidnoy", 2, {}), ("podkidnoy", 4, {}), ("perevodnoy", 6, {}),
         ("perevodnoy_showing", 3, {}), ("prostoy_classic", 3, {}),
         ("prostoy_transfer", 5, {}), ("single_card", 3, {}), ("large_deck", 3, {}),
         ("two_player_24", 2, {}), ("vietnamese", 4, {}),
         ("podkidnoy", 4, {"teams": "2x2"}), ("podkidnoy", 3, {"weli": True}),
         ("podkidnoy", 3, {"jokers": 2}), ("podkidnoy", 2, {"poker": True}),
         ("podkidnoy", 3, {"trump_exchange": "lowest_before_play"}),
         ("podkidnoy", 3, {"trump_exchange": "six_any_time"}),
         ("duren_piatkowy", 3, {})]  # WarsawState: a Python subclass of the compiled DealBase
for preset, players, extra in cases:
    rules = RuleSet.preset(preset, players=players, **extra)
    for seed in range(12):
        s = new_deal(rules, seed)
        rng = random.Random(seed)
        deck = bits(s.deck_mask)
        step = 0
        while s.outcome is None and step < 3000:
            legal = [list(s.legal_actions(p)) for p in range(players)]
            put([[a.log_text() for a in acts] for acts in legal])
            put((s.waiting_on(), s.actors(), [s.default_action(p) for p in range(players)]))
            if step % 5 == 0:  # a refusal names its rule
                bad = Action(rng.randrange(players), ActionKind.ATTACK, (rng.choice(deck),))
                try:
                    s.clone().apply(bad)
                    put("accepted")
                except IllegalAction as exc:
                    put(str(exc))
            if step % 17 == 0:
                put(json.dumps(s.clone().to_dict(), sort_keys=True))
            options = [acts for acts in legal if acts]
            acts = options[rng.randrange(len(options))]
            action = acts[rng.randrange(len(acts))]
            # every other step an equal action built anew (not the cached object)
            if step % 2:
                action = Action(action.player, ActionKind(action.kind.value), tuple(action.cards))
            put(s.apply(action))
            step += 1
        put(json.dumps(s.to_dict(), sort_keys=True))
        put(s.outcome)
# leads of hands with cards of several packs (ids up to 191: masks beyond 64 bits)
rng = random.Random(1)
for _ in range(300):
    hand = 0
    for _ in range(rng.randrange(1, 14)):
        hand |= 1 << (rng.randrange(3) * 64 + rng.randrange(4) * 16 + rng.randrange(6, 15))
    for limit in (0, 1, 2, 3, 6, 20):
        put([a.log_text() for a in LEADS["same_rank"].enumerate(hand, limit, SINGLE_ATTACK[1])])
print(json.dumps({"build": ENGINE_BUILD, "digest": h.hexdigest()}))
"""


def _run(code: list[str], pure: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("DURAK_PURE_ENGINE", None)
    if pure:
        env["DURAK_PURE_ENGINE"] = "1"
    return subprocess.run([sys.executable, *code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)


def _fingerprint(pure: bool) -> dict:
    proc = _run(["-c", FINGERPRINT], pure)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


needs_compiled = pytest.mark.skipif(
    ENGINE_BUILD != "compiled",
    reason=f"compiled engine not in use ({_build.REASON}); the suite already runs pure Python")


@needs_compiled
def test_compiled_and_pure_builds_play_identically():
    compiled, pure = _fingerprint(pure=False), _fingerprint(pure=True)
    assert compiled["build"] == "compiled"
    assert pure["build"] == "pure"
    assert compiled["digest"] == pure["digest"]


@needs_compiled
def test_key_engine_tests_pass_on_the_pure_build():
    files = ["test_bout_rules.py", "test_regression_counts.py", "test_replay_and_json.py",
             "test_house_rules.py", "test_deal_and_series.py", "test_teams.py"]
    proc = _run(["-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                 *[str(ROOT / "tests" / "engine" / f) for f in files]], pure=True)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]  # 5: none ran


def test_forcing_pure_python_loads_the_sources():
    code = ("import bot.engine, bot.engine.throwin.state as s; from bot.engine._build import "
            "engine_build; print(bot.engine.ENGINE_BUILD, s.__file__, engine_build()['engine'])")
    proc = _run(["-c", code], pure=True)
    assert proc.returncode == 0, proc.stderr
    build, path, loaded = proc.stdout.split()
    assert (build, loaded) == ("pure", "pure")
    assert path.endswith("state.py")


def _fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A package dir with sources, extension files and the build's hash record."""
    monkeypatch.setattr(_build, "_HERE", str(tmp_path))
    monkeypatch.delenv("DURAK_PURE_ENGINE", raising=False)
    suffix = _build.importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in _build.COMPILED:
        path = Path(_build.source_path(str(tmp_path), name))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_name(path.name + ".py").write_text(f"# {name}\n")
        path.with_name(path.name + ".pxd").write_text(f"# types of {name}\n")
        path.with_name(path.name + suffix).write_bytes(b"")
    record = {name: _build.source_hashes(str(tmp_path), name) for name in _build.COMPILED}
    (tmp_path / _build.RECORD).write_text(json.dumps(record))
    return record


def test_build_is_used_only_while_every_source_matches(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    assert _build.decide()[0] == "compiled"
    (tmp_path / "core" / "leads.pxd").write_text("# edited\n")
    build, reason = _build.decide()
    assert build == "pure" and "leads" in reason


def test_a_wheel_install_without_pxd_files_checks_the_py_files(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    for name in _build.COMPILED:
        Path(_build.source_path(str(tmp_path), name) + ".pxd").unlink()
    assert _build.decide()[0] == "compiled"
    (tmp_path / "core" / "deal_base.py").write_text("# edited\n")
    assert _build.decide()[0] == "pure"


def test_an_edited_source_falls_back_to_pure(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    (tmp_path / "throwin" / "state.py").write_text("# state, edited after the build\n")
    build, reason = _build.decide()
    assert build == "pure" and "state" in reason


def test_missing_extension_or_record_means_pure(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    (tmp_path / _build.RECORD).unlink()
    assert _build.decide()[0] == "pure"
    _fake_build(tmp_path, monkeypatch)
    suffix = _build.importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / "core" / f"deal{suffix}").unlink()
    build, reason = _build.decide()
    assert build == "pure" and "deal" in reason


def test_env_var_forces_pure(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    monkeypatch.setenv("DURAK_PURE_ENGINE", "1")
    assert _build.decide() == ("pure", "DURAK_PURE_ENGINE is set")
    monkeypatch.setenv("DURAK_PURE_ENGINE", "0")
    assert _build.decide()[0] == "compiled"


def test_bench_reports_the_build_that_ran():
    from bot.cli.bench import bench
    result = bench(0.05)
    assert result["engine"] == ENGINE_BUILD
    assert result["engine_reason"] == _build.REASON
