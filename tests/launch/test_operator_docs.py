"""The operator guide stays true to the code: every setting `durak-bot` reads is in the
guide's table with its default. (That the docs name and link only files the repository
has: tests/test_docs_references.py.)"""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import ENVIRONMENT

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_is_in_the_operator_guide_with_its_default():
    guide = (ROOT / "docs" / "operators.md").read_text()
    rows = {m.group(1): m.group(2) for m in
            re.finditer(r"^\| `([A-Z_]+)` \| ([^|]+) \|", guide, re.M)}
    assert set(rows) == {s.name for s in ENVIRONMENT}
    for setting in ENVIRONMENT:
        shown = rows[setting.name].strip().replace("`", "")
        assert shown == (setting.default or "required"), setting.name

