"""The arena harnesses' ``--set NAME=VALUE`` (scripts/bench_ai_pairs.py, bench_ai_regret.py):
which module's constant a name sets, so that an arm measures what its command says."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bot.ai import hard, normal, rollout

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from bench_ai_pairs import main as pairs_main  # noqa: E402
from bench_ai_regret import constant  # noqa: E402


def test_a_bare_name_is_looked_up_in_beliefs_hard_oracle_then_normal():
    assert constant("OTHERS=policy") == (hard, "OTHERS", "policy")
    assert constant("ENDGAME_NODES=0") == (normal, "ENDGAME_NODES", 0)
    # TAKE_SCALE is normal's and the playout policy's: the bare name is normal's.
    assert constant("TAKE_SCALE=1.0")[0] is normal


def test_a_module_prefix_names_any_bot_ai_module():
    assert constant("rollout.TAKE_SCALE=1.0") == (rollout, "TAKE_SCALE", 1.0)
    with pytest.raises(SystemExit, match="no constant"):
        constant("rollout.NOTHING=1")
    with pytest.raises(SystemExit, match="no module"):
        constant("nowhere.TAKE_SCALE=1")
    with pytest.raises(SystemExit, match="no constant"):
        constant("NOTHING_AT_ALL=1")


def test_each_line_says_who_won_the_deal_just_played(capsys, monkeypatch):
    monkeypatch.setattr(normal, "ENDGAME_NODES", normal.ENDGAME_NODES)  # restored after
    pairs_main(["--a", "greedy", "--b", "normal", "--pairs", "3", "--seed", "1",
                "--set", "ENDGAME_NODES=0"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["set"] for x in lines] == [["ENDGAME_NODES=0"]] * 3
    wins = {"a": 0, "b": 0, "-": 0}
    for line in lines:
        assert len(line["pair"]) == 2 and set(line["pair"]) <= set(wins)
        for w in line["pair"]:
            wins[w] += 1
        assert (line["a_wins"], line["b_wins"], line["draws"]) == (wins["a"], wins["b"],
                                                                   wins["-"])
